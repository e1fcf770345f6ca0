/**
 * R07 seminars (spec 001 §7 "Seminars"; docs/contract.md "Seminars"): typed calls with wire
 * schemas in the spec's shape (smSeq, smSe, smStde, smEnde, placeCd, place, file/flnm/orn/rovl,
 * year, userCnt, regDt; the detail's users as JSON text). What the spec does not name (the
 * category's and place's names, the participants' names on a list row, total) is optional.
 */
import { z } from "zod";
import { SEMINAR_CALLS, SEMINAR_CODE, type WireSeminarUser } from "~/schemas/seminars";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { asQuery, jsonTextList, nothing, uploadReply, obj, text, key, num, evalOrPlainList, maybeNum, messageReply, flag, type YearListFilter } from "../wire";
import { commonCodes } from "./code.server";

export const wireSeminarUser = obj({ usSeq: num, id: key, name: text, status: flag.optional() });

export const wireSeminar = obj({
  smSeq: num,
  year: num,
  smSe: text,
  smSeNm: text.optional(),
  smStde: text,
  smEnde: text,
  placeCd: key,
  placeNm: text.optional(),
  place: text,
  file: text.optional(),
  flnm: text.optional(),
  rovl: text.optional(),
  orn: text.optional(),
  userCnt: maybeNum,
  userNm: text.optional(),
  regDt: text.optional(),
});
export type WireSeminar = z.infer<typeof wireSeminar>;

const listReply = evalOrPlainList(wireSeminar);

export type SeminarFilter = YearListFilter<"value">;

/** The year's seminars (in evaluation mode rows of the configured columns plus `columns`). */
export function listSeminars(session: TokenHolder, filter: SeminarFilter) {
  return legacyPost(SEMINAR_CALLS.list, filter, listReply, { session });
}

/** The users JSON text of a detail (spec 001 §7), read as its list. */
const usersText = jsonTextList(wireSeminarUser);

const detailReply = obj({ seminar: wireSeminar.extend({ users: usersText }).nullish() });

export type SeminarDetail = WireSeminar & { users: WireSeminarUser[] };

/** One seminar with its participants (a missing one: the server's 404 '데이터가 없습니다.'). */
export async function seminarDetail(session: TokenHolder, smSeq: number): Promise<SeminarDetail | null> {
  const r = await legacyPost(SEMINAR_CALLS.detail, { smSeq }, detailReply, { session });
  return (r.seminar as SeminarDetail | null | undefined) ?? null;
}


/** Saves a seminar (multipart: the data JSON and the schedule file); answers the server's message. */
export async function saveSeminar(session: TokenHolder, data: Record<string, unknown>, file: File | null): Promise<string> {
  const fd = new FormData();
  fd.set("data", JSON.stringify(data));
  if (file) fd.append("file", file, file.name);
  const r = await legacyPost(SEMINAR_CALLS.edit, fd, messageReply, { session, whole: true, timeoutMs: 60_000 });
  return r.message;
}

export function deleteSeminar(session: TokenHolder, smSeq: number) {
  return legacyPost(SEMINAR_CALLS.remove, { smSeq }, nothing, { session });
}

const pfReply = obj({ pf: obj({ name: key, usSeq: num }).nullish() });

/** The professor with employee number `id` in `year` (getPfInfo.do), or null when that year has none. */
export async function professorName(session: TokenHolder, id: string, year: number): Promise<{ name: string; usSeq: number } | null> {
  const r = await legacyPost(SEMINAR_CALLS.lookup, { id, year }, pfReply, { session });
  return r.pf ? { name: r.pf.name, usSeq: r.pf.usSeq } : null;
}

/** The year's seminar categories (spec 001 §7: code 0001800000 by year). */
export const seminarCategories = (session: TokenHolder, year: number) => commonCodes(session, SEMINAR_CODE, year);

/** Uploads one .xlsx of seminars for the year. */
export function uploadSeminarExcel(session: TokenHolder, year: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return legacyPost(SEMINAR_CALLS.upload, fd, uploadReply, { session, whole: true, timeoutMs });
}

/** The bulk download of the filter (in evaluation mode only the configured columns). */
export function downloadSeminarExcel(session: TokenHolder, filter: SeminarFilter & { sort?: string }) {
  return legacyDownload(SEMINAR_CALLS.download, asQuery({ year: filter.year, value: filter.value, eiSeq: filter.eiSeq, menuSeq: filter.menuSeq, sort: filter.sort }), { session });
}

/** The upload's sample of the year (its categories). */
export function downloadSeminarSample(session: TokenHolder, year: number) {
  return legacyDownload(SEMINAR_CALLS.sample, asQuery({ year }), { session });
}
