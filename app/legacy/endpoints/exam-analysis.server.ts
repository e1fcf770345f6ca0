/**
 * E18 exam question analysis (spec 002 §7 "Exam analysis"; docs/contract.md "Exam question
 * analysis"): typed calls and their wire schemas. The upload goes as multipart; downloads answer
 * the backend's Response for a resource route to stream on.
 */
import { z } from "zod";
import { analysisDisplay, type AnalysisFacts } from "~/schemas/exam-analysis";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { nothing, uploadReply, obj, text, key, num, optNum, textOrNull, numOrNull, numberList, evalOrPlainList, type YearListFilter } from "../wire";
import { downloadResourceFile } from "./file.server";

/** Text the embedded backend derives (spec 002 §3 lists none of them): absent stays undefined, to be derived. */
const derived = text.transform((v) => v || undefined);

/**
 * An analysis: the fields of spec 002 §3, plus the display columns (eqaSeNm, avgStdev, grdSeNm,
 * grd, dscpSeNm, dscp) that the embedded backend adds and that are derived here when absent.
 */
export const wireAnalysis = obj({
  eqaSeq: num,
  year: num,
  currNm: key,
  eqaSe: key,
  eqaSeNm: derived,
  period: text,
  qestCnt: numOrNull,
  totalScore: numOrNull,
  avgStdevSt: numOrNull,
  avgStdevEn: numOrNull,
  avgStdev: derived,
  minScore: numOrNull,
  maxScore: numOrNull,
  grdSt: numOrNull,
  grdEn: numOrNull,
  grdSe: textOrNull,
  grdSeNm: derived,
  grd: derived,
  dscpSt: numOrNull,
  dscpEn: numOrNull,
  dscpSe: textOrNull,
  dscpSeNm: derived,
  dscp: derived,
  qestRate: numOrNull,
  regDt: text,
})
  .transform((a) => {
    const shown = analysisDisplay(a);
    return {
      ...a,
      eqaSeNm: a.eqaSeNm ?? shown.eqaSeNm,
      avgStdev: a.avgStdev ?? shown.avgStdev,
      grdSeNm: a.grdSeNm ?? shown.grdSeNm,
      grd: a.grd ?? shown.grd,
      dscpSeNm: a.dscpSeNm ?? shown.dscpSeNm,
      dscp: a.dscp ?? shown.dscp,
    };
  });
export type WireAnalysis = z.infer<typeof wireAnalysis>;

/** Plain rows, or in evaluation mode rows of the configured columns plus `columns`. */
const analysisList = evalOrPlainList(wireAnalysis, { yearList: numberList });

export type AnalysisFilter = YearListFilter<"value">;

export function listAnalyses(session: TokenHolder, filter: AnalysisFilter) {
  return legacyPost("/api/analysis/list.do", filter, analysisList, { session });
}

export async function getAnalysis(session: TokenHolder, eqaSeq: number) {
  return (await legacyPost("/api/analysis/detail.do", { eqaSeq }, obj({ analysis: wireAnalysis }), { session })).analysis;
}

/** The dialog's fields as the wire carries them: numbers or null (the display facts of schemas/exam-analysis, and the rest). */
export interface AnalysisFields extends AnalysisFacts {
  year: number;
  currNm: string;
  period: string;
  qestCnt: number | null;
  totalScore: number | null;
  minScore: number | null;
  maxScore: number | null;
  qestRate: number | null;
}

/** A save's whole reply: spec 002 §7 names no result for edit.do; the embedded backend's eqaSeq is read when present. */
const savedReply = obj({ message: text, result: obj({ eqaSeq: optNum }).nullish() });

/** Registers (no eqaSeq) or updates an analysis; answers the server's message, and the key only when the server sends one. */
export async function saveAnalysis(session: TokenHolder, fields: AnalysisFields, eqaSeq?: number) {
  const r = await legacyPost("/api/analysis/edit.do", { ...fields, ...(eqaSeq ? { eqaSeq } : {}) }, savedReply, { session, whole: true });
  return { message: r.message, eqaSeq: r.result?.eqaSeq };
}

export function deleteAnalysis(session: TokenHolder, eqaSeq: number) {
  return legacyPost("/api/analysis/delete.do", { eqaSeq }, nothing, { session });
}

/** Uploads one .xlsx; answers the counts, the failing rows and the server's message. */
export function uploadAnalysisExcel(session: TokenHolder, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.append("file", file, file.name);
  return legacyPost("/api/analysis/excelUpload.do", fd, uploadReply, { session, whole: true, timeoutMs });
}

/** The list's filter as a workbook (in evaluation mode the configured columns only). */
export function downloadAnalysisExcel(session: TokenHolder, filter: AnalysisFilter) {
  const q: Record<string, string> = { year: String(filter.year), value: filter.value };
  if (filter.eiSeq && filter.menuSeq) Object.assign(q, { eiSeq: String(filter.eiSeq), menuSeq: String(filter.menuSeq) });
  return legacyDownload("/api/analysis/excelDown.do", q, { session });
}

/** The upload template (GET /api/resourceFileDownload.do). */
export const ANALYSIS_TEMPLATE = { folderName: "analysis", fileName: "시험문항분석_업로드_양식.xlsx" } as const;

export function downloadAnalysisTemplate(session: TokenHolder, year: number) {
  return downloadResourceFile(session, ANALYSIS_TEMPLATE.folderName, ANALYSIS_TEMPLATE.fileName, year);
}
