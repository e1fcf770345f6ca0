/**
 * E06 health and medical law scores (spec 002 §7 "Health and medical law"; docs/contract.md
 * "Health and medical law scores"): one definition per /api/medical/* call and the wire schemas
 * their replies are read with. The screen is app/routes/_app.insert.eval.medical-law+ (its
 * `lawsInfo` is __schema.ts's LawsInfo); P18 student analysis reads the list and the detail too.
 */
import { z } from "zod";
import { codeList, evalOrPlainList, flag, jsonTextList, key, list, num, numberList, numOr, obj, optNum, text, uploadReply } from "~/legacy/wire";
import { defineCall, evalFields, pageFields } from "./define";

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

const wireLawCodes = obj({ grdeList: codeList, subjList: codeList, yearList: numberList });
export type LawCodes = z.infer<typeof wireLawCodes>;

export const wireLawUser = obj({ usSeq: num, id: key, name: text, score: num, status: flag.optional() });
export type WireLawUser = z.infer<typeof wireLawUser>;

/** `users` arrives as JSON text (spec 002 §7); a list is taken as it is. */
const wireLawDetail = obj({ hlSeq: num, year: num, smst: text, tgetSt: codes, subj: text, totalScore: num, users: jsonTextList(wireLawUser) });
export type WireLawDetail = z.infer<typeof wireLawDetail>;

export const wirePreviewRow = obj({ grdeNm: text, id: key, name: text, subjNm: text, smst: text, score: text });
export type WirePreviewRow = z.infer<typeof wirePreviewRow>;

/** A set as edit.do takes it (spec 002 §7 `lawsInfo`; hlSeq for an update). */
const lawsInfo = z.object({
  hlSeq: z.number().optional(),
  year: z.number(),
  smst: z.string(),
  tgetSt: z.array(z.string()),
  subj: z.string(),
  totalScore: z.number(),
  users: z.array(z.object({ usSeq: z.number(), id: z.string(), name: z.string(), score: z.number(), status: z.string() })),
});

const filter = { year: z.number(), value: z.string(), ...evalFields };
const hlKey = z.object({ hlSeq: z.number() });

export const MEDICAL_LAW = {
  /** the year's grades, subjects and years */
  codeList: defineCall("/api/medical/getCodeList.do", { spec: "spec 002 §7", request: z.object({ year: z.number() }), reply: wireLawCodes }),
  /** the year's sets (target grades tgetSt; in evaluation mode rows of the configured columns plus `columns`) */
  list: defineCall("/api/medical/list.do", { spec: "spec 002 §7", request: z.object({ ...filter, tgetSt: z.array(z.string()), ...pageFields }), reply: evalOrPlainList(wireLawRow, { yearList: numberList }) }),
  detail: defineCall("/api/medical/detail.do", { spec: "spec 002 §7", request: hlKey, reply: wireLawDetail }),
  /** the preview dialog: the set's scores with grade and subject names */
  preview: defineCall("/api/medical/preview.do", { spec: "spec 002 §7", request: hlKey, reply: obj({ list: list(wirePreviewRow) }) }),
  /** registers (no hlSeq) or updates a set; spec 002 §7 names no result, the embedded backend's hlSeq is read when present */
  save: defineCall("/api/medical/edit.do", { spec: "spec 002 §7", request: z.object({ lawsInfo }), reply: obj({ message: text, result: obj({ hlSeq: optNum }).nullish() }), whole: true }),
  remove: defineCall("/api/medical/delete.do", { spec: "spec 002 §7", request: hlKey }),
  /** multipart {year, file}: one .xlsx of scores */
  upload: defineCall("/api/medical/excelUpload.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ year: z.string(), file: z.unknown() }), reply: uploadReply, whole: true }),
  /** the list's filter (tgetSt joined with ','; in evaluation mode the configured columns of the sets) */
  download: defineCall("/api/medical/excelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ ...filter, value: z.string().optional(), tgetSt: z.array(z.string()).optional() }) }),
  /** the year's upload template */
  sample: defineCall("/api/medical/excelSampleDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ year: z.number() }) }),
} as const;
