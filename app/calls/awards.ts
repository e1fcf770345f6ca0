/**
 * R17 research participation and awards (spec 001 §7 "Student activity": getPrgmList.do,
 * getPrgmInfo.do, editAwards.do, deletePrgm.do, the Excel calls; spec 001 §3 "Award or
 * participation program"; docs/contract.md "Awards and participation"). prgmNm (the program's
 * name) is our extra, optional on the wire.
 */
import { z } from "zod";
import { evalOrPlainList, flag, key, list, maybeNum, messageReply, num, obj, text, uploadReply } from "~/legacy/wire";
import { defineCall, evalFields, pageFields } from "./define";

export const wireAwardUser = obj({ id: key, name: text, usSeq: maybeNum, paSeq: maybeNum, rsrchSbj: text, status: flag.optional() });

export const wireProgram = obj({
  paSeq: num,
  paSeCd: text,
  paSeType: text.optional(),
  year: num,
  prgmNm: text.optional(),
  awardDate: text.optional(),
  prgmStde: text.optional(),
  prgmEnde: text.optional(),
  prgmDate: text.optional(),
  placeCd: text,
  placeNm: text.optional(),
  place: text.optional(),
  fileName: text.optional(),
  orn: text.optional(),
  flnm: text.optional(),
  rovl: text.optional(),
  userCount: maybeNum,
  regDt: text.optional(),
  users: list(wireAwardUser),
});
export type WireProgram = z.infer<typeof wireProgram>;

const filter = { year: z.number(), searchTxt: z.string(), ...evalFields };

export const AWARDS = {
  /** the year's programs (in evaluation mode rows of the configured columns plus `columns`) */
  list: defineCall("/api/awards/getPrgmList.do", { spec: "spec 001 §7", request: z.object({ ...filter, ...pageFields, paSeq: z.number().optional() }), reply: evalOrPlainList(wireProgram) }),
  info: defineCall("/api/awards/getPrgmInfo.do", { spec: "spec 001 §7", request: z.object({ paSeq: z.number() }), reply: obj({ info: wireProgram.nullish() }) }),
  /** multipart: data (the program as JSON), file (its new attachment) */
  save: defineCall("/api/awards/editAwards.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ data: z.string(), file: z.unknown() }), reply: messageReply, whole: true }),
  remove: defineCall("/api/awards/deletePrgm.do", { spec: "spec 001 §7", request: z.object({ paSeq: z.number() }) }),
  upload: defineCall("/api/awards/excelUpload.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ year: z.string(), file: z.unknown() }), reply: uploadReply, whole: true }),
  /** the list's filter; in evaluation mode only the configured columns */
  download: defineCall("/api/awards/excelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ ...filter, sort: z.string().optional() }) }),
  /** the year's upload template (its categories name the example rows) */
  sample: defineCall("/api/awards/excelSampleDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ year: z.number() }) }),
} as const;
