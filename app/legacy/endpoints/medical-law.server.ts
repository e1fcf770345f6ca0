/**
 * E06 health and medical law scores (spec 002 §7 "Health and medical law"; docs/contract.md
 * "Health and medical law scores"): typed calls and their wire schemas. Downloads answer the
 * backend's Response for a resource route to stream on. Stays here, outside the screen's folder
 * (app/routes/_app.insert.eval.medical-law+, ADR 0073): P18 student analysis calls it too.
 */
import { z } from "zod";
import type { LawsInfo } from "~/routes/_app.insert.eval.medical-law+/__schema";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { cachedCodes } from "./code.server";
import { jsonTextList, type EvalParams, nothing, uploadReply, type ListQuery, obj, text, key, num, numOr, optNum, list, codeList, numberList, evalOrPlainList, flag } from "../wire";

/** Codes as a list, or comma-joined text. */
const codes = z
  .union([list(key), text])
  .nullish()
  .transform((v) => (Array.isArray(v) ? v : (v ?? "").split(",").map((c) => c.trim()).filter(Boolean)));

export const wireLawRow = obj({
  hlSeq: num,
  year: num,
  smst: text,
  tgetSt: codes,
  tgetNm: text,
  subj: text,
  subjNm: text,
  userCnt: numOr(0),
  avgScore: text.transform((v) => (v === "" ? "" : Number(v).toFixed(2))),
  totalScore: num,
});
export type WireLawRow = z.infer<typeof wireLawRow>;

/** The list: plain rows, or in evaluation mode rows of the configured columns plus `columns`. */
const lawList = evalOrPlainList(wireLawRow, { yearList: numberList });

const wireLawCodes = obj({ grdeList: codeList, subjList: codeList, yearList: numberList });
export type LawCodes = z.infer<typeof wireLawCodes>;

export const wireLawUser = obj({ usSeq: num, id: key, name: text, score: num, status: flag.optional() });
export type WireLawUser = z.infer<typeof wireLawUser>;

/** `users` arrives as JSON text (spec 002 §7); a list is taken as it is. */
const usersText = jsonTextList(wireLawUser);

const wireLawDetail = obj({ hlSeq: num, year: num, smst: text, tgetSt: codes, subj: text, totalScore: num, users: usersText });
export type WireLawDetail = z.infer<typeof wireLawDetail>;

export const wirePreviewRow = obj({ grdeNm: text, id: key, name: text, subjNm: text, smst: text, score: text });
export type WirePreviewRow = z.infer<typeof wirePreviewRow>;

/** A save's whole reply: spec 002 §7 names no result for edit.do; the embedded backend's hlSeq is read when present. */
const savedReply = obj({ message: text, result: obj({ hlSeq: optNum }).nullish() });

export interface LawFilter extends EvalParams, ListQuery {
  year: number;
  value: string;
  /** target grade codes; [] is every grade */
  tgetSt: string[];
}

/** The year's code lists; every list page asks: kept a minute (code.server.ts cachedCodes). */
export function lawCodeLists(session: TokenHolder, year: number) {
  const path = "/api/medical/getCodeList.do";
  return cachedCodes(session, `${path}:${year}`, () => legacyPost(path, { year }, wireLawCodes, { session }));
}

export function listLaws(session: TokenHolder, filter: LawFilter) {
  return legacyPost("/api/medical/list.do", filter, lawList, { session });
}

export function lawDetail(session: TokenHolder, hlSeq: number) {
  return legacyPost("/api/medical/detail.do", { hlSeq }, wireLawDetail, { session });
}

export async function previewLaw(session: TokenHolder, hlSeq: number) {
  return (await legacyPost("/api/medical/preview.do", { hlSeq }, obj({ list: list(wirePreviewRow) }), { session })).list;
}

/**
 * Registers (no hlSeq) or updates a set; answers the server's message ('등록되었습니다.' / '수정되었습니다.'),
 * and the hlSeq only when the server sends one.
 */
export async function saveLaw(session: TokenHolder, lawsInfo: LawsInfo) {
  const r = await legacyPost("/api/medical/edit.do", { lawsInfo }, savedReply, { session, whole: true });
  return { message: r.message, hlSeq: r.result?.hlSeq };
}

export function deleteLaw(session: TokenHolder, hlSeq: number) {
  return legacyPost("/api/medical/delete.do", { hlSeq }, nothing, { session });
}

/** Uploads one .xlsx; answers the counts, the failing rows and the server's message. */
export function uploadLawExcel(session: TokenHolder, file: File, year: number, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return legacyPost("/api/medical/excelUpload.do", fd, uploadReply, { session, whole: true, timeoutMs });
}

/** The download of the list's filter (in evaluation mode the configured columns of the sets). */
export function downloadLawExcel(session: TokenHolder, filter: LawFilter) {
  const query: Record<string, string> = { year: String(filter.year) };
  if (filter.value) query.value = filter.value;
  if (filter.tgetSt.length) query.tgetSt = filter.tgetSt.join(",");
  if (filter.eiSeq && filter.menuSeq) Object.assign(query, { eiSeq: String(filter.eiSeq), menuSeq: String(filter.menuSeq) });
  return legacyDownload("/api/medical/excelDown.do", query, { session });
}

export function downloadLawTemplate(session: TokenHolder, year: number) {
  return legacyDownload("/api/medical/excelSampleDown.do", { year: String(year) }, { session });
}
