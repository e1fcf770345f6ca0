/**
 * R07 seminars (spec 001 §7 "Seminars"; docs/contract.md "Seminars"): typed calls with wire
 * schemas in the spec's shape (smSeq, smSe, smStde, smEnde, placeCd, place, file/flnm/orn/rovl,
 * year, userCnt, regDt; the detail's users as JSON text). What the spec does not name (the
 * category's and place's names, the participants' names on a list row, total) is optional.
 */
import { SEMINARS, type WireSeminar } from "./__calls";
import { SEMINAR_CODE, type WireSeminarUser } from "./__schema";
import { callLegacy, downloadLegacy, type TokenHolder } from "~/legacy/gateway.server";
import type { YearListFilter } from "~/legacy/wire";
import { commonCodes } from "~/legacy/endpoints/code.server";

export type { WireSeminar } from "./__calls";

export type SeminarFilter = YearListFilter<"value">;

/** The year's seminars (in evaluation mode rows of the configured columns plus `columns`). */
export function listSeminars(session: TokenHolder, filter: SeminarFilter) {
  return callLegacy(SEMINARS.list, filter, { session });
}

export type SeminarDetail = WireSeminar & { users: WireSeminarUser[] };

/** One seminar with its participants (a missing one: the server's 404 '데이터가 없습니다.'). */
export async function seminarDetail(session: TokenHolder, smSeq: number): Promise<SeminarDetail | null> {
  const r = await callLegacy(SEMINARS.detail, { smSeq }, { session });
  return (r.seminar as SeminarDetail | null | undefined) ?? null;
}


/** Saves a seminar (multipart: the data JSON and the schedule file); answers the server's message. */
export async function saveSeminar(session: TokenHolder, data: Record<string, unknown>, file: File | null): Promise<string> {
  const fd = new FormData();
  fd.set("data", JSON.stringify(data));
  if (file) fd.append("file", file, file.name);
  const r = await callLegacy(SEMINARS.edit, fd, { session, timeoutMs: 60_000 });
  return r.message;
}

export function deleteSeminar(session: TokenHolder, smSeq: number) {
  return callLegacy(SEMINARS.remove, { smSeq }, { session });
}

/** The professor with employee number `id` in `year` (getPfInfo.do), or null when that year has none. */
export async function professorName(session: TokenHolder, id: string, year: number): Promise<{ name: string; usSeq: number } | null> {
  const r = await callLegacy(SEMINARS.lookup, { id, year }, { session });
  return r.pf ? { name: r.pf.name, usSeq: r.pf.usSeq } : null;
}

/** The year's seminar categories (spec 001 §7: code 0001800000 by year). */
export const seminarCategories = (session: TokenHolder, year: number) => commonCodes(session, SEMINAR_CODE, year);

/** Uploads one .xlsx of seminars for the year. */
export function uploadSeminarExcel(session: TokenHolder, year: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return callLegacy(SEMINARS.upload, fd, { session, timeoutMs });
}

/** The bulk download of the filter (in evaluation mode only the configured columns). */
export function downloadSeminarExcel(session: TokenHolder, filter: SeminarFilter & { sort?: string }) {
  return downloadLegacy(SEMINARS.download, { year: filter.year, value: filter.value, eiSeq: filter.eiSeq, menuSeq: filter.menuSeq, sort: filter.sort }, { session });
}

/** The upload's sample of the year (its categories). */
export function downloadSeminarSample(session: TokenHolder, year: number) {
  return downloadLegacy(SEMINARS.sample, { year }, { session });
}
