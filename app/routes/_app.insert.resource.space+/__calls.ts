/**
 * E17 space status (spec 002 §7 "Space status"; docs/contract.md "Space status"): getData.do, the
 * nine tab saves (keyed by the tab's id, ./__schema-fields.ts SPACE_TABS), the template and the
 * upload. The data's wire schema checks the parts the screen reads (each is an object or a list);
 * the values themselves are shown as the server gives them. A save's body is its tab's schema's
 * output (./__schema.ts SPACE_SCHEMAS): its parts are named here, their rows are the schema's.
 * Each tab's save answers the server's message.
 *
 * Only this screen makes these calls, so they are defined in its folder (ADR 0081). The embedded
 * backend's handler (app/embedded/handlers/space.server.ts) imports them from here too. Like
 * app/calls/*, this module imports zod, ~/calls/define and the wire primitives only.
 */
import { z } from "zod";
import { flag, list, messageReply, obj, uploadReply } from "~/legacy/wire";
import { defineCall } from "~/calls/define";

const part = z.record(z.unknown());
const rows = list(part);

const wireSpaceData = obj({
  fclInfo: part,
  fclEqpList: rows,
  stspList: rows,
  stfclList: rows,
  mdclLbrrInfo: part,
  lbrrList: rows,
  sGroupList: rows,
  dormInfo: part,
  ssYn: flag,
  selfsSpaceList: rows,
  wlcnvFcltyList: rows,
  eduInfo: part,
  mngrList: rows,
  evalList: rows,
  labInfo: part,
  labGrdList: rows,
  mngrInfoList: rows,
});

/** A part of a save's body: an object, its rows (null: the part is off, spec 002 §4). */
const info = z.record(z.unknown());
const sentRows = z.array(z.record(z.unknown()));
const year = z.number();

export const SPACE = {
  /** the year's data of every tab */
  data: defineCall("/api/resource/getData.do", { spec: "spec 002 §7", request: z.object({ year }), reply: wireSpaceData }),
  fcl: defineCall("/api/resource/saveFclInfo.do", { spec: "spec 002 §7", request: z.object({ year, fclInfo: info, fclEqpList: sentRows, stspList: sentRows.nullable(), stfclList: sentRows.nullable() }), reply: messageReply, whole: true }),
  lbrr: defineCall("/api/resource/saveMdclLbrrInfo.do", { spec: "spec 002 §7", request: z.object({ year, mdclLbrrInfo: info, lbrrList: sentRows.nullable() }), reply: messageReply, whole: true }),
  sgroup: defineCall("/api/resource/saveSGroupList.do", { spec: "spec 002 §7", request: z.object({ year, list: sentRows }), reply: messageReply, whole: true }),
  dorm: defineCall("/api/resource/saveDormInfo.do", { spec: "spec 002 §7", request: z.object({ year, dormInfo: info }), reply: messageReply, whole: true }),
  selfs: defineCall("/api/resource/saveSelfsSpaceList.do", { spec: "spec 002 §7", request: z.object({ year, ssYn: z.string(), list: sentRows.nullable() }), reply: messageReply, whole: true }),
  wlcnv: defineCall("/api/resource/saveWlcnvFcltyList.do", { spec: "spec 002 §7", request: z.object({ year, list: sentRows }), reply: messageReply, whole: true }),
  /** each part carries the year (spec 002 §7) */
  edu: defineCall("/api/resource/saveEdcInfSystem.do", { spec: "spec 002 §7", request: z.object({ eduInfo: info, mngrList: sentRows, evalList: sentRows }), reply: messageReply, whole: true }),
  lab: defineCall("/api/resource/saveStRsrchLab.do", { spec: "spec 002 §7", request: z.object({ year, labInfo: info, list: sentRows }), reply: messageReply, whole: true }),
  mngr: defineCall("/api/resource/saveMngrInfoList.do", { spec: "spec 002 §7", request: z.object({ year, list: sentRows }), reply: messageReply, whole: true }),
  /** the year's Excel template */
  template: defineCall("/api/resource/excelTmplDown.do", { spec: "spec 002 §7", kind: "download", request: z.object({ year }) }),
  upload: defineCall("/api/resource/spaceStatusExcelUpload.do", { spec: "spec 002 §7", kind: "upload", request: z.object({ year: z.string(), file: z.unknown() }), reply: uploadReply, whole: true }),
} as const;
