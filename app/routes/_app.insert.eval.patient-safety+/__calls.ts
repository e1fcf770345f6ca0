/**
 * E04 patient safety course scores (spec 002 §7 "Patient safety"; docs/contract.md "Patient safety
 * scores"): one definition per /api/eval/*PtntSfty* call and the wire schemas their replies are
 * read with. E04 is the only screen that makes these calls, so their definitions live in its folder
 * beside the gateway's functions (`__calls.server.ts`); the embedded backend's handler serves them
 * from here too (app/embedded/handlers/patient-safety.server.ts; ADR 0081). This module imports zod
 * and the wire primitives only, as app/calls/* do, so both tiers import it. Its upload template
 * comes by name through /api/resourceFileDownload.do.
 */
import { z } from "zod";
import { evalOrPlainList, flag, key, messageReply, num, numOrNull, obj, text, uploadReply } from "~/legacy/wire";
import { defineCall, evalFields, pageFields } from "~/calls/define";

const score = numOrNull.transform((v) => (v === undefined ? null : v));

export const wirePssRow = obj({
  pssSeq: num,
  year: num,
  id: key,
  name: text,
  usSeq: num,
  attn: score,
  quiz: score,
  rcgnSrvy: score,
  ptntSftyRprt: score,
  group1: score,
  group2: score,
  prtcDgr: score,
  total: num,
  grd: text,
  usyn: flag,
  regDt: text,
});
export type WirePssRow = z.infer<typeof wirePssRow>;

const filter = { year: z.number(), searchTxt: z.string(), ...evalFields };
const t = z.string();
/** a row of a save: the student (number, name, usSeq from the lookup), the scores as typed, the grade */
const saveRow = z.object({ id: t, name: t, usSeq: z.number().nullable(), attn: t, quiz: t, rcgnSrvy: t, ptntSftyRprt: t, group1: t, group2: t, prtcDgr: t, grd: t });

export const PATIENT_SAFETY = {
  /** the year's scores (in evaluation mode rows of the configured columns plus `columns`; `total` is ours) */
  list: defineCall("/api/eval/getPtntSftyScreList.do", { spec: "spec 002 §7", request: z.object({ ...filter, ...pageFields }), reply: evalOrPlainList(wirePssRow) }),
  /** registers several students (mode insert) or updates one record (mode update, with pssSeq) */
  save: defineCall("/api/eval/savePtntSftyScre.do", {
    spec: "spec 002 §7",
    request: z.object({ mode: z.enum(["insert", "update"]), year: z.number(), pssSeq: z.number().optional(), data: z.array(saveRow) }),
    reply: messageReply,
    whole: true,
  }),
  remove: defineCall("/api/eval/delPtntSftyScre.do", { spec: "spec 002 §7", request: z.object({ seq: z.number() }) }),
  /** the list's filter as a workbook (in evaluation mode only the configured columns) */
  download: defineCall("/api/eval/ptntSftyScreExcelDown.do", { spec: "spec 002 §7", kind: "download", request: z.object(filter) }),
  /** multipart {year, file}: one .xlsx of scores */
  upload: defineCall("/api/eval/ptntSftyScreExcelUpload.do", { spec: "spec 002 §7", kind: "upload", request: z.object({ year: z.string(), file: z.unknown() }), reply: uploadReply, whole: true }),
} as const;
