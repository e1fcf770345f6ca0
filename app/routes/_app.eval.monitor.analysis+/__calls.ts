/**
 * E18 exam question analysis (spec 002 §7 "Exam analysis"; docs/contract.md "Exam question
 * analysis"): the list, the detail, the save, the delete, the upload and the download (the
 * template is a resource file: /api/resourceFileDownload.do).
 *
 * Only this screen makes these calls, so they are defined in its folder (ADR 0081). The embedded
 * backend's handler (app/embedded/handlers/exam-analysis.server.ts) imports them from here too. Like
 * app/calls/*, this module imports zod, ~/calls/define, the wire primitives and the folder's __schema.ts only.
 */
import { z } from "zod";
import { analysisDisplay } from "./__schema";
import { evalOrPlainList, key, num, numOrNull, numberList, obj, optNum, text, textOrNull, uploadReply } from "~/legacy/wire";
import { defineCall, evalFields, pageFields } from "~/calls/define";

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
}).transform((a) => {
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

const numberOrNull = z.number().nullable();

/** The dialog's fields as the wire carries them: numbers or null. */
const analysisFields = z.object({
  year: z.number(),
  currNm: z.string(),
  eqaSe: z.string(),
  period: z.string(),
  qestCnt: numberOrNull,
  totalScore: numberOrNull,
  avgStdevSt: numberOrNull,
  avgStdevEn: numberOrNull,
  minScore: numberOrNull,
  maxScore: numberOrNull,
  grdSt: numberOrNull,
  grdEn: numberOrNull,
  grdSe: z.string().nullable(),
  dscpSt: numberOrNull,
  dscpEn: numberOrNull,
  dscpSe: z.string().nullable(),
  qestRate: numberOrNull,
});
export type AnalysisFields = z.input<typeof analysisFields>;

const filter = { year: z.number(), value: z.string(), ...evalFields };

export const ANALYSIS = {
  /** plain rows and the years, or in evaluation mode rows of the configured columns plus `columns` */
  list: defineCall("/api/analysis/list.do", { spec: "spec 002 §7", request: z.object({ ...filter, ...pageFields }), reply: evalOrPlainList(wireAnalysis, { yearList: numberList }) }),
  detail: defineCall("/api/analysis/detail.do", { spec: "spec 001 §7", request: z.object({ eqaSeq: z.number() }), reply: obj({ analysis: wireAnalysis }) }),
  /** registers (no eqaSeq) or updates; spec 002 §7 names no result: the embedded backend's eqaSeq is read when present */
  save: defineCall("/api/analysis/edit.do", {
    spec: "spec 001 §7",
    request: analysisFields.extend({ eqaSeq: z.number().optional() }),
    reply: obj({ message: text, result: obj({ eqaSeq: optNum }).nullish() }),
    whole: true,
  }),
  remove: defineCall("/api/analysis/delete.do", { spec: "spec 000 §7", request: z.object({ eqaSeq: z.number() }) }),
  upload: defineCall("/api/analysis/excelUpload.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ file: z.unknown() }), reply: uploadReply, whole: true }),
  /** the list's filter; in evaluation mode only the configured columns */
  download: defineCall("/api/analysis/excelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object(filter) }),
} as const;
