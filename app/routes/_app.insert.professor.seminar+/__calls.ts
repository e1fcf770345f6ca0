/**
 * R07 seminars (spec 001 §7 "Seminars"; docs/contract.md "Seminars"): wire schemas in the spec's
 * shape (smSeq, smSe, smStde, smEnde, placeCd, place, file/flnm/orn/rovl, year, userCnt, regDt; the
 * detail's users as JSON text). What the spec does not name (the category's and place's names,
 * the participants' names on a list row, total) is optional.
 *
 * Only this screen makes these calls, so they are defined in its folder (ADR 0081). The embedded
 * backend's handler (app/embedded/handlers/seminars.server.ts) imports them from here too. Like
 * app/calls/*, this module imports zod, ~/calls/define and the wire primitives only.
 */
import { z } from "zod";
import { evalOrPlainList, flag, jsonTextList, key, maybeNum, messageReply, num, obj, text, uploadReply } from "~/legacy/wire";
import { defineCall, evalFields, pageFields } from "~/calls/define";

export const wireSeminarUser = obj({ usSeq: num, id: key, name: text, status: flag.optional() });

export const wireSeminar = obj({
  smSeq: num,
  year: num,
  smSe: text,
  smSeNm: text.optional(),
  smStde: text,
  smEnde: text,
  placeCd: key,
  placeNm: text.optional(),
  place: text,
  file: text.optional(),
  flnm: text.optional(),
  rovl: text.optional(),
  orn: text.optional(),
  userCnt: maybeNum,
  userNm: text.optional(),
  regDt: text.optional(),
});
export type WireSeminar = z.infer<typeof wireSeminar>;

const filter = { year: z.number(), value: z.string(), ...evalFields };

export const SEMINARS = {
  /** the year's seminars (in evaluation mode rows of the configured columns plus `columns`) */
  list: defineCall("/api/seminar/list.do", { spec: "spec 001 §7", request: z.object({ ...filter, ...pageFields }), reply: evalOrPlainList(wireSeminar) }),
  /** one seminar with its participants (users as JSON text) */
  detail: defineCall("/api/seminar/detail.do", { spec: "spec 001 §7", request: z.object({ smSeq: z.number() }), reply: obj({ seminar: wireSeminar.extend({ users: jsonTextList(wireSeminarUser) }).nullish() }) }),
  /** multipart: data (the seminar as JSON), file (its schedule) */
  edit: defineCall("/api/seminar/edit.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ data: z.string(), file: z.unknown() }), reply: messageReply, whole: true }),
  remove: defineCall("/api/seminar/delete.do", { spec: "spec 001 §7", request: z.object({ smSeq: z.number() }) }),
  /** the professor with the employee number in the year */
  lookup: defineCall("/api/seminar/getPfInfo.do", { spec: "spec 001 §7", request: z.object({ id: z.string(), year: z.number() }), reply: obj({ pf: obj({ name: key, usSeq: num }).nullish() }) }),
  upload: defineCall("/api/seminar/excelUpload.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ year: z.string(), file: z.unknown() }), reply: uploadReply, whole: true }),
  /** the list's filter; in evaluation mode only the configured columns */
  download: defineCall("/api/seminar/excelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ ...filter, sort: z.string().optional() }) }),
  /** the year's upload sample (its categories) */
  sample: defineCall("/api/seminar/excelSampleDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ year: z.number() }) }),
} as const;
