/**
 * E18 exam question analysis (spec 002 §7 "Exam analysis"; docs/contract.md "Exam question
 * analysis"): typed calls (their definitions and wire schemas: this folder's __calls.ts). The
 * upload goes as multipart; downloads answer the backend's Response for a resource route to stream
 * on. E18 is the only screen that calls these, so they live in its folder (ADR 0073); the embedded
 * backend's side stays in the backend's tier: app/embedded/handlers/exam-analysis.server.ts.
 */
import { ANALYSIS, type AnalysisFields } from "./__calls";
import { callLegacy, downloadLegacy, type TokenHolder } from "~/legacy/gateway.server";
import type { YearListFilter } from "~/legacy/wire";
import { downloadResourceFile } from "~/legacy/endpoints/file.server";

export type { AnalysisFields, WireAnalysis } from "./__calls";

export type AnalysisFilter = YearListFilter<"value">;

export function listAnalyses(session: TokenHolder, filter: AnalysisFilter) {
  return callLegacy(ANALYSIS.list, filter, { session });
}

export async function getAnalysis(session: TokenHolder, eqaSeq: number) {
  return (await callLegacy(ANALYSIS.detail, { eqaSeq }, { session })).analysis;
}

/** Registers (no eqaSeq) or updates an analysis; answers the server's message, and the key only when the server sends one. */
export async function saveAnalysis(session: TokenHolder, fields: AnalysisFields, eqaSeq?: number) {
  const r = await callLegacy(ANALYSIS.save, { ...fields, ...(eqaSeq ? { eqaSeq } : {}) }, { session });
  return { message: r.message, eqaSeq: r.result?.eqaSeq };
}

export function deleteAnalysis(session: TokenHolder, eqaSeq: number) {
  return callLegacy(ANALYSIS.remove, { eqaSeq }, { session });
}

/** Uploads one .xlsx; answers the counts, the failing rows and the server's message. */
export function uploadAnalysisExcel(session: TokenHolder, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.append("file", file, file.name);
  return callLegacy(ANALYSIS.upload, fd, { session, timeoutMs });
}

/** The list's filter as a workbook (in evaluation mode the configured columns only). */
export function downloadAnalysisExcel(session: TokenHolder, filter: AnalysisFilter) {
  const evalMode = filter.eiSeq && filter.menuSeq ? { eiSeq: filter.eiSeq, menuSeq: filter.menuSeq } : {};
  return downloadLegacy(ANALYSIS.download, { year: filter.year, value: filter.value, ...evalMode }, { session });
}

/** The upload template (GET /api/resourceFileDownload.do). */
export const ANALYSIS_TEMPLATE = { folderName: "analysis", fileName: "시험문항분석_업로드_양식.xlsx" } as const;

export function downloadAnalysisTemplate(session: TokenHolder, year: number) {
  return downloadResourceFile(session, ANALYSIS_TEMPLATE.folderName, ANALYSIS_TEMPLATE.fileName, year);
}
