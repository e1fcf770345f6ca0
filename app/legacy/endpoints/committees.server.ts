/**
 * R08 committees (spec 001 §7 "Committees"; docs/contract.md "Committees"): typed calls with wire
 * schemas in the spec's shape (cmtSeq, cmtNm, year, oprStt, oprSttNm, regDt). What the spec does
 * not name (the terms' count, total) is optional.
 */
import { z } from "zod";
import { COMMITTEE_CALLS } from "~/schemas/committees";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { asQuery, type EvalParams, type ListQuery, nothing, uploadReply, obj, text, num, optNum, list, evalOrPlainList, flag, maybeNum, messageReply } from "../wire";

export const wireCommittee = obj({
  cmtSeq: num,
  cmtNm: text,
  year: num,
  oprStt: flag,
  oprSttNm: text.optional(),
  termCnt: maybeNum,
  regDt: text.optional(),
});
export type WireCommittee = z.infer<typeof wireCommittee>;

const listReply = evalOrPlainList(wireCommittee);

export interface CommitteeFilter extends EvalParams, ListQuery {
  cmtNm: string;
  /** the evaluation's year (route params) */
  year?: number;
}

/** The committees whose name contains the text (in evaluation mode rows of the configured columns plus `columns`). */
export function listCommittees(session: TokenHolder, filter: CommitteeFilter) {
  return legacyPost(COMMITTEE_CALLS.list, filter, listReply, { session });
}


/** Adds (no cmtSeq) or edits a committee; answers the server's message. */
export async function saveCommittee(session: TokenHolder, data: { cmtSeq?: number; cmtNm: string; oprStt: string; year: number }): Promise<string> {
  const r = await legacyPost(COMMITTEE_CALLS.save, data, messageReply, { session, whole: true });
  return r.message;
}

export function deleteCommittee(session: TokenHolder, cmtSeq: number) {
  return legacyPost(COMMITTEE_CALLS.remove, { cmtSeq }, nothing, { session });
}

/** The list's download (in evaluation mode only the configured columns). */
export function downloadCommitteeExcel(session: TokenHolder, filter: CommitteeFilter & { sort?: string }) {
  return legacyDownload(COMMITTEE_CALLS.download, asQuery({ cmtNm: filter.cmtNm, eiSeq: filter.eiSeq, menuSeq: filter.menuSeq, year: filter.year, sort: filter.sort }), { session });
}

// ---------------------------------------------------------------------------------------------
// R09 terms (spec 001 §7: term/list, term/insert, term/copy, term/delete)
// ---------------------------------------------------------------------------------------------

export const wireTerm = obj({ ctSeq: num, ctNm: text, operStdt: text, operEndt: text, userCnt: maybeNum });
export type WireTerm = z.infer<typeof wireTerm>;

const termListReply = obj({ commission: wireCommittee.nullish(), list: list(wireTerm), total: optNum });

/** The committee's terms whose name contains `searchTxt`; `all` N: the first few only (spec 001 §9). */
export function listTerms(session: TokenHolder, body: { cmtSeq: number; searchTxt: string; all: "Y" | "N" }) {
  return legacyPost(COMMITTEE_CALLS.termList, body, termListReply, { session });
}

/** Adds (no ctSeq) or edits a term; dates as 'yyyy-MM-dd HH:mm:ss'. Answers the server's message. */
export async function saveTerm(session: TokenHolder, data: { cmtSeq: number; ctSeq?: number; ctNm: string; operStdt: string; operEndt: string }): Promise<string> {
  const r = await legacyPost(COMMITTEE_CALLS.termSave, data, messageReply, { session, whole: true });
  return r.message;
}

/** Copies a term (its members too); answers the server's message. */
export async function copyTerm(session: TokenHolder, ctSeq: number, cmtSeq: number): Promise<string> {
  const r = await legacyPost(COMMITTEE_CALLS.termCopy, { ctSeq, cmtSeq }, messageReply, { session, whole: true });
  return r.message;
}

export function deleteTerm(session: TokenHolder, ctSeq: number, cmtSeq: number) {
  return legacyPost(COMMITTEE_CALLS.termDelete, { ctSeq, cmtSeq }, nothing, { session });
}

// ---------------------------------------------------------------------------------------------
// R09 term members (spec 001 §7: user/search, user/list, user/insert, user/delete)
// ---------------------------------------------------------------------------------------------

/** A person of the member search (spec 001 §3 "Term member": usSeq, id, name, gndr, jobNm, dptNm). */
export const wirePerson = obj({ usSeq: num, id: text, name: text, gndr: text.optional(), jobNm: text.optional(), dptNm: text.optional() });
export type WirePerson = z.infer<typeof wirePerson>;
export const wireMember = wirePerson.extend({ ctSeq: optNum, actvt: text.optional(), actvtYn: flag.optional(), regDt: text.optional() });
export type WireMember = z.infer<typeof wireMember>;

const personsReply = obj({ list: list(wirePerson), total: optNum });
const membersReply = obj({ list: list(wireMember), total: optNum });

/** The people whose name or number contains the text (spec 001 §7 user/search.do). */
export async function searchMembers(session: TokenHolder, searchText: string): Promise<WirePerson[]> {
  return (await legacyPost(COMMITTEE_CALLS.userSearch, { searchText }, personsReply, { session })).list;
}

/** A term's members (name or number containing `searchText`). */
export async function listMembers(session: TokenHolder, ctSeq: number, searchText = ""): Promise<WireMember[]> {
  return (await legacyPost(COMMITTEE_CALLS.userList, { ctSeq, searchText }, membersReply, { session })).list;
}

/**
 * A member's active flag (spec 001 §3 actvtYn; the call is ours, docs/contract.md "Extensions": a
 * server without it answers LegacyMissingCallError). Answers the server's message.
 */
export async function setMemberActivity(session: TokenHolder, data: { cmtSeq: number; ctSeq: number; usSeq: number; actvtYn: "Y" | "N" }): Promise<string> {
  const r = await legacyPost(COMMITTEE_CALLS.userActvt, data, messageReply, { session, whole: true });
  return r.message;
}

/** Adds the people to the term; answers the server's message. */
export async function insertMembers(session: TokenHolder, data: { cmtSeq: number; ctSeq: number; userList: { usSeq: number }[] }): Promise<string> {
  const r = await legacyPost(COMMITTEE_CALLS.userInsert, data, messageReply, { session, whole: true });
  return r.message;
}

export function deleteMember(session: TokenHolder, ctSeq: number, usSeq: number, cmtSeq: number) {
  return legacyPost(COMMITTEE_CALLS.userDelete, { ctSeq, usSeq, cmtSeq }, nothing, { session });
}

/** The term's members as a workbook (spec 001 §7 user/listExcelDown.do). */
export function downloadMemberExcel(session: TokenHolder, ctSeq: number, cmtSeq: number) {
  return legacyDownload(COMMITTEE_CALLS.userDownload, asQuery({ ctSeq, cmtSeq }), { session });
}

/** The member upload's form with an example row (spec 001 §7 user/excelSampleDown.do). */
export function downloadMemberSample(session: TokenHolder) {
  return legacyDownload(COMMITTEE_CALLS.userSample, asQuery({}), { session });
}

/** The member upload (multipart {cmtSeq, ctSeq, file}): the counts and the failing rows. */
export function uploadMemberExcel(session: TokenHolder, cmtSeq: number, ctSeq: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("cmtSeq", String(cmtSeq));
  fd.set("ctSeq", String(ctSeq));
  fd.append("file", file, file.name);
  return legacyPost(COMMITTEE_CALLS.userUpload, fd, uploadReply, { session, whole: true, timeoutMs });
}
