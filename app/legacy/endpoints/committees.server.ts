/**
 * R08 committees (spec 001 §7 "Committees"; docs/contract.md "Committees"): typed calls with wire
 * schemas in the spec's shape (cmtSeq, cmtNm, year, oprStt, oprSttNm, regDt). What the spec does
 * not name (the terms' count, total) is optional.
 */
import { COMMITTEES, type WireMember, type WirePerson } from "~/calls/committees";
import { callLegacy, downloadLegacy, type TokenHolder } from "../gateway.server";
import type { EvalParams, ListQuery } from "../wire";

export type { WireCommittee, WireMember, WirePerson, WireTerm } from "~/calls/committees";

export interface CommitteeFilter extends EvalParams, ListQuery {
  cmtNm: string;
  /** the evaluation's year (route params) */
  year?: number;
}

/** The committees whose name contains the text (in evaluation mode rows of the configured columns plus `columns`). */
export function listCommittees(session: TokenHolder, filter: CommitteeFilter) {
  return callLegacy(COMMITTEES.list, filter, { session });
}


/** Adds (no cmtSeq) or edits a committee; answers the server's message. */
export async function saveCommittee(session: TokenHolder, data: { cmtSeq?: number; cmtNm: string; oprStt: string; year: number }): Promise<string> {
  const r = await callLegacy(COMMITTEES.save, data, { session });
  return r.message;
}

export function deleteCommittee(session: TokenHolder, cmtSeq: number) {
  return callLegacy(COMMITTEES.remove, { cmtSeq }, { session });
}

/** The list's download (in evaluation mode only the configured columns). */
export function downloadCommitteeExcel(session: TokenHolder, filter: CommitteeFilter & { sort?: string }) {
  return downloadLegacy(COMMITTEES.download, { cmtNm: filter.cmtNm, eiSeq: filter.eiSeq, menuSeq: filter.menuSeq, year: filter.year, sort: filter.sort }, { session });
}

// ---------------------------------------------------------------------------------------------
// R09 terms (spec 001 §7: term/list, term/insert, term/copy, term/delete)
// ---------------------------------------------------------------------------------------------

/** The committee's terms whose name contains `searchTxt`; `all` N: the first few only (spec 001 §9). */
export function listTerms(session: TokenHolder, body: { cmtSeq: number; searchTxt: string; all: "Y" | "N" }) {
  return callLegacy(COMMITTEES.termList, body, { session });
}

/** Adds (no ctSeq) or edits a term; dates as 'yyyy-MM-dd HH:mm:ss'. Answers the server's message. */
export async function saveTerm(session: TokenHolder, data: { cmtSeq: number; ctSeq?: number; ctNm: string; operStdt: string; operEndt: string }): Promise<string> {
  const r = await callLegacy(COMMITTEES.termSave, data, { session });
  return r.message;
}

/** Copies a term (its members too); answers the server's message. */
export async function copyTerm(session: TokenHolder, ctSeq: number, cmtSeq: number): Promise<string> {
  const r = await callLegacy(COMMITTEES.termCopy, { ctSeq, cmtSeq }, { session });
  return r.message;
}

export function deleteTerm(session: TokenHolder, ctSeq: number, cmtSeq: number) {
  return callLegacy(COMMITTEES.termDelete, { ctSeq, cmtSeq }, { session });
}

// ---------------------------------------------------------------------------------------------
// R09 term members (spec 001 §7: user/search, user/list, user/insert, user/delete)
// ---------------------------------------------------------------------------------------------

/** The people whose name or number contains the text (spec 001 §7 user/search.do). */
export async function searchMembers(session: TokenHolder, searchText: string): Promise<WirePerson[]> {
  return (await callLegacy(COMMITTEES.userSearch, { searchText }, { session })).list;
}

/** A term's members (name or number containing `searchText`). */
export async function listMembers(session: TokenHolder, ctSeq: number, searchText = ""): Promise<WireMember[]> {
  return (await callLegacy(COMMITTEES.userList, { ctSeq, searchText }, { session })).list;
}

/**
 * A member's active flag (spec 001 §3 actvtYn; the call is ours, docs/contract.md "Extensions": a
 * server without it answers LegacyMissingCallError). Answers the server's message.
 */
export async function setMemberActivity(session: TokenHolder, data: { cmtSeq: number; ctSeq: number; usSeq: number; actvtYn: "Y" | "N" }): Promise<string> {
  const r = await callLegacy(COMMITTEES.userActvt, data, { session });
  return r.message;
}

/** Adds the people to the term; answers the server's message. */
export async function insertMembers(session: TokenHolder, data: { cmtSeq: number; ctSeq: number; userList: { usSeq: number }[] }): Promise<string> {
  const r = await callLegacy(COMMITTEES.userInsert, data, { session });
  return r.message;
}

export function deleteMember(session: TokenHolder, ctSeq: number, usSeq: number, cmtSeq: number) {
  return callLegacy(COMMITTEES.userDelete, { ctSeq, usSeq, cmtSeq }, { session });
}

/** The term's members as a workbook (spec 001 §7 user/listExcelDown.do). */
export function downloadMemberExcel(session: TokenHolder, ctSeq: number, cmtSeq: number) {
  return downloadLegacy(COMMITTEES.userDownload, { ctSeq, cmtSeq }, { session });
}

/** The member upload's form with an example row (spec 001 §7 user/excelSampleDown.do). */
export function downloadMemberSample(session: TokenHolder) {
  return downloadLegacy(COMMITTEES.userSample, {}, { session });
}

/** The member upload (multipart {cmtSeq, ctSeq, file}): the counts and the failing rows. */
export function uploadMemberExcel(session: TokenHolder, cmtSeq: number, ctSeq: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("cmtSeq", String(cmtSeq));
  fd.set("ctSeq", String(ctSeq));
  fd.append("file", file, file.name);
  return callLegacy(COMMITTEES.userUpload, fd, { session, timeoutMs });
}
