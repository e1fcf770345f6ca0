/**
 * R08 committees and R09 their terms and members (spec 001 §7 "Committees"; docs/contract.md
 * "Committees"): wire schemas in the spec's shape (cmtSeq, cmtNm, year, oprStt, oprSttNm, regDt;
 * ctSeq, ctNm, operStdt, operEndt; the member's usSeq, id, name, gndr, jobNm, dptNm). What the spec
 * does not name (the terms' count, total) is optional.
 */
import { z } from "zod";
import { evalOrPlainList, flag, list, maybeNum, messageReply, num, obj, optNum, text, uploadReply } from "~/legacy/wire";
import { defineCall, evalFields, noFields, pageFields } from "./define";

export const wireCommittee = obj({
  cmtSeq: num,
  cmtNm: text,
  year: num,
  oprStt: flag,
  oprSttNm: text.optional(),
  termCnt: maybeNum,
  regDt: text.optional(),
});
export type WireCommittee = z.infer<typeof wireCommittee>;

export const wireTerm = obj({ ctSeq: num, ctNm: text, operStdt: text, operEndt: text, userCnt: maybeNum });
export type WireTerm = z.infer<typeof wireTerm>;

/** A person of the member search (spec 001 §3 "Term member": usSeq, id, name, gndr, jobNm, dptNm). */
export const wirePerson = obj({ usSeq: num, id: text, name: text, gndr: text.optional(), jobNm: text.optional(), dptNm: text.optional() });
export type WirePerson = z.infer<typeof wirePerson>;
export const wireMember = wirePerson.extend({ ctSeq: optNum, actvt: text.optional(), actvtYn: flag.optional(), regDt: text.optional() });
export type WireMember = z.infer<typeof wireMember>;

/** The list's filter: the name's text, and in evaluation mode the evaluation's year. */
const filter = { cmtNm: z.string(), year: z.number().optional(), ...evalFields };
const term = { ctSeq: z.number(), cmtSeq: z.number() };

export const COMMITTEES = {
  /** the committees whose name contains the text (in evaluation mode rows of the configured columns plus `columns`) */
  list: defineCall("/api/commission/list.do", { spec: "spec 001 §7", request: z.object({ ...filter, ...pageFields }), reply: evalOrPlainList(wireCommittee) }),
  /** adds (no cmtSeq) or edits a committee */
  save: defineCall("/api/commission/insert.do", { spec: "spec 001 §7", request: z.object({ cmtSeq: z.number().optional(), cmtNm: z.string(), oprStt: z.string(), year: z.number() }), reply: messageReply, whole: true }),
  remove: defineCall("/api/commission/delete.do", { spec: "spec 000 §7", request: z.object({ cmtSeq: z.number() }) }),
  /** the list's filter; in evaluation mode only the configured columns */
  download: defineCall("/api/commission/listExcelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ ...filter, sort: z.string().optional() }) }),
  /** the committee and its terms whose name contains searchTxt; all N: the first few only (spec 001 §9) */
  termList: defineCall("/api/commission/term/list.do", {
    spec: "spec 001 §7",
    request: z.object({ cmtSeq: z.number(), searchTxt: z.string(), all: z.enum(["Y", "N"]) }),
    reply: obj({ commission: wireCommittee.nullish(), list: list(wireTerm), total: optNum }),
  }),
  /** adds (no ctSeq) or edits a term; dates as 'yyyy-MM-dd HH:mm:ss' */
  termSave: defineCall("/api/commission/term/insert.do", { spec: "spec 001 §7", request: z.object({ cmtSeq: z.number(), ctSeq: z.number().optional(), ctNm: z.string(), operStdt: z.string(), operEndt: z.string() }), reply: messageReply, whole: true }),
  /** copies a term with its members */
  termCopy: defineCall("/api/commission/term/copy.do", { spec: "spec 001 §7", request: z.object(term), reply: messageReply, whole: true }),
  termDelete: defineCall("/api/commission/term/delete.do", { spec: "spec 000 §7", request: z.object(term) }),
  /** the people whose name or number contains the text */
  userSearch: defineCall("/api/commission/term/user/search.do", { spec: "spec 001 §7", request: z.object({ searchText: z.string() }), reply: obj({ list: list(wirePerson), total: optNum }) }),
  /** adds the people to the term */
  userInsert: defineCall("/api/commission/term/user/insert.do", { spec: "spec 001 §7", request: z.object({ ...term, userList: z.array(z.object({ usSeq: z.number() })) }), reply: messageReply, whole: true }),
  userDelete: defineCall("/api/commission/term/user/delete.do", { spec: "spec 000 §7", request: z.object({ ...term, usSeq: z.number() }) }),
  /** a term's members (name or number containing searchText) */
  userList: defineCall("/api/commission/term/user/list.do", { spec: "spec 001 §7", request: z.object({ ctSeq: z.number(), searchText: z.string() }), reply: obj({ list: list(wireMember), total: optNum }) }),
  /** the term's members as a workbook */
  userDownload: defineCall("/api/commission/term/user/listExcelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object(term) }),
  /** the member upload's form with an example row */
  userSample: defineCall("/api/commission/term/user/excelSampleDown.do", { spec: "spec 001 §7", kind: "download", request: noFields }),
  /** multipart {cmtSeq, ctSeq, file} */
  userUpload: defineCall("/api/commission/term/user/excelUpload.do", { spec: "spec 001 §7", kind: "upload", request: z.object({ cmtSeq: z.string(), ctSeq: z.string(), file: z.unknown() }), reply: uploadReply, whole: true }),
  /** ours (docs/contract.md "Extensions"): a member's active flag, spec 001 §3 actvtYn, which no call of the spec sets */
  userActvt: defineCall("/api/commission/term/user/updateActvtYn.do", { spec: null, request: z.object({ ...term, usSeq: z.number(), actvtYn: z.enum(["Y", "N"]) }), reply: messageReply, whole: true }),
} as const;
