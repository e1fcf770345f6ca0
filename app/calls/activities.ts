/**
 * R15 volunteer and R16 international health-care activity (spec 001 §7 "Student activity";
 * docs/contract.md "Student activities"): the same five calls for either kind, with wire schemas in
 * the spec's shape (vaSeq … / gaSeq …, dbFileList). The list rows are kept as the wire gives them
 * (prefixed fields); the screen reads them through the kind's prefix (app/schemas/activities.ts
 * ACTIVITY_KINDS names each kind's calls).
 */
import { z } from "zod";
import { evalOrPlainList, flag, key, list, maybeNum, messageReply, num, obj, text, uploadReply } from "~/legacy/wire";
import { defineCall, evalFields, pageFields } from "./define";

export const wireActivityFile = obj({ fileSeq: num, flnm: key, rovl: key, orn: text, usyn: flag.transform((v): "Y" | "N" => (v === "N" ? "N" : "Y")) });

/** A record of either kind: the common fields typed, the prefixed ones passed through. */
export const wireActivity = obj({
  year: num,
  id: key,
  name: text,
  usSeq: maybeNum,
  grdeNm: text.optional(),
  dbFileList: list(wireActivityFile),
});
export type WireActivity = z.infer<typeof wireActivity> & Record<string, unknown>;

const listReply = evalOrPlainList(wireActivity);
const filter = { year: z.number(), searchTxt: z.string(), ...evalFields };

export const VOLUNTEER = {
  /** the year's records (in evaluation mode rows of the configured columns plus `columns`); vaSeq: one record */
  list: defineCall("/api/student/getVolunteerList.do", { spec: "spec 001 §7", request: z.object({ ...filter, ...pageFields, vaSeq: z.number().optional() }), reply: listReply }),
  /** multipart: mode, year, volunteerInfo (the record as JSON), files (its new attachments) */
  save: defineCall("/api/student/saveVolunteerInfo.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ mode: z.string(), year: z.string(), volunteerInfo: z.string(), files: z.unknown() }), reply: messageReply, whole: true }),
  remove: defineCall("/api/student/delVolunteerData.do", { spec: "spec 001 §7", request: z.object({ seq: z.number() }) }),
  /** the list's filter; in evaluation mode only the configured columns */
  download: defineCall("/api/student/volunteerExcelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ ...filter, sort: z.string().optional() }) }),
  upload: defineCall("/api/student/volunteerExcelUpload.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ year: z.string(), file: z.unknown() }), reply: uploadReply, whole: true }),
} as const;

export const MEDICAL = {
  /** the year's records (in evaluation mode rows of the configured columns plus `columns`); gaSeq: one record */
  list: defineCall("/api/student/getMedicalList.do", { spec: "spec 001 §7", request: z.object({ ...filter, ...pageFields, gaSeq: z.number().optional() }), reply: listReply }),
  /** multipart: mode, year, medicalActvtInfo (the record as JSON), files (its new attachments) */
  save: defineCall("/api/student/saveMedicalActvtInfo.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ mode: z.string(), year: z.string(), medicalActvtInfo: z.string(), files: z.unknown() }), reply: messageReply, whole: true }),
  remove: defineCall("/api/student/delMedicalActvt.do", { spec: "spec 001 §7", request: z.object({ seq: z.number() }) }),
  /** the list's filter; in evaluation mode only the configured columns */
  download: defineCall("/api/student/medicalActvtExcelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ ...filter, sort: z.string().optional() }) }),
  upload: defineCall("/api/student/medicalActvtExcelUpload.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ year: z.string(), file: z.unknown() }), reply: uploadReply, whole: true }),
} as const;
