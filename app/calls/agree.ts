/**
 * R11–R13 privacy-consent forms (spec 001 §7 "Consent forms": list.do, detail.do, edit.do,
 * copy.do, getCodeList.do, sendingUserList.do, sendUser.do, agreeUser.do, submitAgree.do; spec 000
 * §7: delete.do, getUserList.do, addUsers.do; docs/contract.md "Consent forms"). outboxList.do is
 * ours. getUserList.do is also the survey send page's add-recipients list.
 */
import { z } from "zod";
import { listOf, obj, text, key, num, numOr, optNum, list, ynOrNull, bool, codeList, flag, maybeNum, personFields } from "~/legacy/wire";
import { defineCall, pageFields } from "./define";
import { sendKeyField, sendReply } from "./send";

export const wireAgreeForm = obj({
  uiaSeq: num,
  uiaNm: key,
  usyn: flag,
  regDt: text,
  uptDt: text,
  year: maybeNum,
  rcptCnt: numOr(0),
  sendCnt: numOr(0),
  agreeCnt: numOr(0),
});
export type WireAgreeForm = z.infer<typeof wireAgreeForm>;

export const wireAgreeDetail = obj({
  uiaSeq: num,
  uiaNm: key,
  uiaContent: text,
  usyn: flag,
  regDt: text,
  ver: maybeNum,
});

export const wireSendingUser = obj({
  ...personFields,
  statusCd: text,
  telNo: text,
  email: text,
  agreeYn: ynOrNull,
  agreeDt: text,
  sendFlag: flag,
  sendDt: text,
  sendCnt: numOr(0),
  agreeVer: maybeNum,
});
export type WireSendingUser = z.infer<typeof wireSendingUser>;

/** A person of the year (getUserList.do); `addedYn` says whether the form's list has them already. */
export const wirePerson = obj({
  ...personFields,
  statusCd: text,
  addedYn: flag,
});
export type WirePerson = z.infer<typeof wirePerson>;

export const wireOutbox = obj({
  obSeq: num,
  usSeq: num,
  id: text,
  name: text,
  channel: text,
  toAddr: text,
  link: key,
  status: text,
  expDt: text,
  regDt: text,
});
export type WireOutbox = z.infer<typeof wireOutbox>;

export const wireConsent = obj({
  isSubmit: bool(),
  agreeYn: ynOrNull,
  agreeDt: text,
  agree: obj({ uiaSeq: num, uiaNm: key, uiaContent: text, ver: maybeNum }).nullish(),
});
export type WireConsent = z.infer<typeof wireConsent>;

/** A consent link's fields: spec 001 §7 {uiaSeq, usSeq}; `sig` the embedded backend's signature of a link it made. */
const linkFields = { uiaSeq: z.number(), usSeq: z.number(), sig: z.string().optional() };
/** A selection of people (addUsers.do, sendUser.do). */
const users = z.array(z.object({ usSeq: z.number() }));

export const AGREE = {
  /** a year's forms ('' every year), paged and sorted */
  list: defineCall("/api/agree/list.do", { spec: "spec 001 §7", request: z.object({ year: z.string(), value: z.string(), ...pageFields }), reply: listOf(wireAgreeForm).extend({ total: optNum }) }),
  detail: defineCall("/api/agree/detail.do", { spec: "spec 001 §7", request: z.object({ uiaSeq: z.number() }), reply: obj({ info: wireAgreeDetail }) }),
  /** insert without uiaSeq (''), update with it */
  save: defineCall("/api/agree/edit.do", { spec: "spec 001 §7", request: z.object({ uiaSeq: z.union([z.number(), z.literal("")]), uiaNm: z.string(), uiaContent: z.string(), usyn: z.string() }), reply: obj({ uiaSeq: maybeNum }).nullish() }),
  remove: defineCall("/api/agree/delete.do", { spec: "spec 000 §7", request: z.object({ uiaSeq: z.number() }) }),
  copy: defineCall("/api/agree/copy.do", { spec: "spec 001 §7", request: z.object({ uiaSeq: z.number() }), reply: obj({ uiaSeq: maybeNum }).nullish() }),
  /** the send page's status filters */
  codes: defineCall("/api/agree/getCodeList.do", { spec: "spec 001 §7", request: z.object({ year: z.string() }), reply: obj({ attnList: codeList.nullish(), emplyList: codeList.nullish() }) }),
  /** the form's sending list (and the form) */
  recipients: defineCall("/api/agree/sendingUserList.do", {
    spec: "spec 001 §7",
    request: z.object({ uiaSeq: z.number(), year: z.string(), value: z.string(), agreeYn: z.array(z.string()), attn: z.array(z.string()) }),
    reply: obj({ list: list(wireSendingUser), info: wireAgreeDetail.partial({ uiaContent: true, regDt: true }).nullish() }),
  }),
  /** the people of a year to add (the consent form's page with uiaSeq, the survey's with attn) */
  people: defineCall("/api/agree/getUserList.do", {
    spec: "spec 000 §7",
    request: z.object({ year: z.union([z.string(), z.number()]), value: z.string(), id: z.string(), usTy: z.string(), uiaSeq: z.number().optional(), attn: z.array(z.string()).optional() }),
    reply: listOf(wirePerson),
  }),
  addUsers: defineCall("/api/agree/addUsers.do", { spec: "spec 000 §7", request: z.object({ uiaSeq: z.number(), year: z.string(), users }) }),
  /** the personal links; `baseUrl` makes the mails' links absolute */
  send: defineCall("/api/agree/sendUser.do", { spec: "spec 001 §7", request: z.object({ uiaSeq: z.number(), users, baseUrl: z.string(), ...sendKeyField }), reply: sendReply }),
  /** the personal links made (ours) */
  outbox: defineCall("/api/agree/outboxList.do", { spec: null, request: z.object({ uiaSeq: z.number() }), reply: z.object({ list: z.array(wireOutbox), smtp: z.boolean().nullish() }).passthrough() }),
  /** the public consent page's form and the person's answer (no session) */
  consent: defineCall("/api/agree/agreeUser.do", { spec: "spec 001 §7", request: z.object(linkFields), reply: wireConsent }),
  submit: defineCall("/api/agree/submitAgree.do", { spec: "spec 001 §7", request: z.object({ ...linkFields, agreeYn: z.string(), ver: z.union([z.number(), z.literal("")]) }), whole: true }),
} as const;
