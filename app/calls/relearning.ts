/**
 * E01 Re-learner selection (spec 002 §7 "Re-learner"; docs/contract.md "Re-learners"): the list,
 * the detail, the save, the delete and the Excel calls. The list and the detail carry each
 * learner's subjects as JSON text, read here as [{subjCd, reYn, subjNm}].
 */
import { z } from "zod";
import { evalOrPlainList, flag, jsonTextList, key, list, messageReply, num, obj, text, uploadReply } from "~/legacy/wire";
import { defineCall, evalFields, pageFields } from "./define";

const wireFlag = obj({ subjCd: key, reYn: flag.transform((v) => (v === "Y" ? ("Y" as const) : ("N" as const))), subjNm: text });

export const wireRelearner = obj({
  rlSeq: num,
  year: num,
  usSeq: num,
  usyn: flag,
  id: key,
  name: text,
  /** JSON text (or already a list) */
  subj: jsonTextList(wireFlag),
});
export type WireRelearner = z.infer<typeof wireRelearner>;

const wireSubject = obj({ subjCd: key, subjNm: key });

/** One learner, by {row: {rlSeq}} (spec 002 §7). */
const rowKey = z.object({ row: z.object({ rlSeq: z.number() }) });

/** A learner as the save sends it: the lookup's confirmed flag and the subjects' flags. */
const learnerInput = z.object({
  rlSeq: z.number().optional(),
  usSeq: z.string(),
  id: z.string(),
  name: z.string(),
  status: z.boolean(),
  subj: z.array(z.object({ subjCd: z.string(), reYn: z.enum(["Y", "N"]) })),
});
export type LearnerInput = z.input<typeof learnerInput>;

export const RELEARNING = {
  /** the year's re-learners (in evaluation mode rows of the configured columns plus `columns`) and its subjects */
  list: defineCall("/api/relearning/list.do", { spec: "spec 002 §7", request: z.object({ year: z.number(), value: z.string(), ...evalFields, ...pageFields }), reply: evalOrPlainList(wireRelearner, { subj: list(wireSubject) }) }),
  detail: defineCall("/api/relearning/detail.do", { spec: "spec 002 §7", request: rowKey, reply: wireRelearner }),
  /** the learners of one year */
  save: defineCall("/api/relearning/edit.do", { spec: "spec 002 §7", request: z.object({ year: z.number(), data: z.array(learnerInput) }), reply: messageReply, whole: true }),
  remove: defineCall("/api/relearning/delete.do", { spec: "spec 002 §7", request: rowKey }),
  upload: defineCall("/api/relearning/excelUpload.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ year: z.string(), file: z.unknown() }), reply: uploadReply, whole: true }),
  /** the list's filter; in evaluation mode only the configured columns */
  download: defineCall("/api/relearning/excelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ year: z.number(), value: z.string().optional(), ...evalFields }) }),
  /** the year's upload template (its subjects) */
  sample: defineCall("/api/relearning/excelSampleDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ year: z.number() }) }),
} as const;
