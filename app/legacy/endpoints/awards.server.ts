/**
 * R17 research participation and awards (spec 001 §7 "Student activity": getPrgmList.do,
 * getPrgmInfo.do, editAwards.do, deletePrgm.do, the Excel calls; the common codes of group
 * 0001300000 by year; docs/contract.md "Awards and participation"): typed calls with wire
 * schemas in the spec's shape (spec 001 §3 "Award or participation program"). prgmNm (the
 * program's name) is our extra, optional on the wire.
 */
import { AWARDS, type WireProgram } from "~/calls/awards";
import { AWARD_CODE_GROUP } from "~/routes/_app.insert.student.awards+/__schema";
import { callLegacy, downloadLegacy, type TokenHolder } from "../gateway.server";
import type { YearListFilter } from "../wire";
import { commonCodes } from "./code.server";

export type { WireProgram } from "~/calls/awards";

export type AwardFilter = YearListFilter;

/** The year's programs (in evaluation mode rows of the configured columns plus `columns`). */
export function listPrograms(session: TokenHolder, filter: AwardFilter) {
  return callLegacy(AWARDS.list, filter, { session });
}

/** One program with its users (null when there is none). */
export async function programInfo(session: TokenHolder, paSeq: number): Promise<WireProgram | null> {
  const r = await callLegacy(AWARDS.info, { paSeq }, { session });
  return r.info ?? null;
}

/** The year's categories (code group 0001300000). */
export const awardCategories = (session: TokenHolder, year: number) => commonCodes(session, AWARD_CODE_GROUP, year);


/** Saves a program with its new attachment (multipart: data JSON, file); answers the server's message. */
export async function saveProgram(session: TokenHolder, data: Record<string, unknown>, file: File | null): Promise<string> {
  const fd = new FormData();
  fd.set("data", JSON.stringify(data));
  if (file) fd.append("file", file, file.name);
  const r = await callLegacy(AWARDS.save, fd, { session, timeoutMs: 60_000 });
  return r.message;
}

export function deleteProgram(session: TokenHolder, paSeq: number) {
  return callLegacy(AWARDS.remove, { paSeq }, { session });
}

/** Uploads one .xlsx of programs for the year. */
export function uploadAwardsExcel(session: TokenHolder, year: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return callLegacy(AWARDS.upload, fd, { session, timeoutMs });
}

/** The bulk download of the filter (in evaluation mode only the configured columns). */
export function downloadAwardsExcel(session: TokenHolder, filter: AwardFilter & { sort?: string }) {
  return downloadLegacy(AWARDS.download, { year: filter.year, searchTxt: filter.searchTxt, eiSeq: filter.eiSeq, menuSeq: filter.menuSeq, sort: filter.sort }, { session });
}

/** The upload template of a year (its categories name the example rows). */
export function downloadAwardsTemplate(session: TokenHolder, year: number) {
  return downloadLegacy(AWARDS.sample, { year }, { session });
}
