/**
 * E06 health and medical law scores (spec 002 §7 "Health and medical law"; docs/contract.md
 * "Health and medical law scores"): typed calls (their definitions and wire schemas: app/calls/medical-law.ts). Downloads answer the
 * backend's Response for a resource route to stream on. Stays here, outside the screen's folder
 * (app/routes/_app.insert.eval.medical-law+, ADR 0073): P18 student analysis calls it too.
 */
import type { LawsInfo } from "~/routes/_app.insert.eval.medical-law+/__schema";
import { MEDICAL_LAW } from "~/calls/medical-law";
import { callLegacy, downloadLegacy, type TokenHolder } from "../gateway.server";
import { cachedCodes } from "./code.server";
import type { EvalParams, ListQuery } from "../wire";

export type { WireLawDetail, WireLawRow, WireLawUser, WirePreviewRow } from "~/calls/medical-law";

export interface LawFilter extends EvalParams, ListQuery {
  year: number;
  value: string;
  /** target grade codes; [] is every grade */
  tgetSt: string[];
}

/** The year's code lists; every list page asks: kept a minute (code.server.ts cachedCodes). */
export function lawCodeLists(session: TokenHolder, year: number) {
  return cachedCodes(session, `${MEDICAL_LAW.codeList.path}:${year}`, () => callLegacy(MEDICAL_LAW.codeList, { year }, { session }));
}

export function listLaws(session: TokenHolder, filter: LawFilter) {
  return callLegacy(MEDICAL_LAW.list, filter, { session });
}

export function lawDetail(session: TokenHolder, hlSeq: number) {
  return callLegacy(MEDICAL_LAW.detail, { hlSeq }, { session });
}

export async function previewLaw(session: TokenHolder, hlSeq: number) {
  return (await callLegacy(MEDICAL_LAW.preview, { hlSeq }, { session })).list;
}

/**
 * Registers (no hlSeq) or updates a set; answers the server's message ('등록되었습니다.' / '수정되었습니다.'),
 * and the hlSeq only when the server sends one.
 */
export async function saveLaw(session: TokenHolder, lawsInfo: LawsInfo) {
  const r = await callLegacy(MEDICAL_LAW.save, { lawsInfo }, { session });
  return { message: r.message, hlSeq: r.result?.hlSeq };
}

export function deleteLaw(session: TokenHolder, hlSeq: number) {
  return callLegacy(MEDICAL_LAW.remove, { hlSeq }, { session });
}

/** Uploads one .xlsx; answers the counts, the failing rows and the server's message. */
export function uploadLawExcel(session: TokenHolder, file: File, year: number, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return callLegacy(MEDICAL_LAW.upload, fd, { session, timeoutMs });
}

/** The download of the list's filter (in evaluation mode the configured columns of the sets). */
export function downloadLawExcel(session: TokenHolder, filter: LawFilter) {
  const ev = filter.eiSeq && filter.menuSeq ? { eiSeq: filter.eiSeq, menuSeq: filter.menuSeq } : {};
  return downloadLegacy(MEDICAL_LAW.download, { year: filter.year, value: filter.value || undefined, tgetSt: filter.tgetSt.length ? filter.tgetSt : undefined, ...ev }, { session });
}

export function downloadLawTemplate(session: TokenHolder, year: number) {
  return downloadLegacy(MEDICAL_LAW.sample, { year }, { session });
}
