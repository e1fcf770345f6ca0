/**
 * Privacy-consent calls (spec 001 §7 "Consent forms"; docs/contract.md "Consent forms") and the
 * editor's image upload. Route modules call these, never the gateway directly.
 */
import { z } from "zod";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { sendReply, type SendReply } from "./job.server";
import { listOf, nothing, type ListQuery, obj, text, key, num, numOr, optNum, list, ynOrNull, bool, codeList, flag, maybeNum, personFields } from "../wire";

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

const wireConsent = obj({
  isSubmit: bool(),
  agreeYn: ynOrNull,
  agreeDt: text,
  agree: obj({ uiaSeq: num, uiaNm: key, uiaContent: text, ver: maybeNum })
    .nullish(),
});
export type WireConsent = z.infer<typeof wireConsent>;

// ---- forms ----

/** A year's forms (paging and sorting asked for; a backend that does not page answers all of them). */
export function listForms(session: TokenHolder, filter: { year: number | ""; value: string } & ListQuery) {
  const { year, ...rest } = filter;
  return legacyPost("/api/agree/list.do", { year: year === "" ? "" : String(year), ...rest }, listOf(wireAgreeForm).extend({ total: optNum }), { session });
}

export async function formDetail(session: TokenHolder, uiaSeq: number) {
  return (await legacyPost("/api/agree/detail.do", { uiaSeq }, obj({ info: wireAgreeDetail }), { session })).info;
}

export async function saveForm(session: TokenHolder, form: { uiaSeq?: number; uiaNm: string; uiaContent: string; usyn: string }) {
  const r = await legacyPost("/api/agree/edit.do", { uiaSeq: form.uiaSeq ?? "", uiaNm: form.uiaNm, uiaContent: form.uiaContent, usyn: form.usyn }, obj({ uiaSeq: maybeNum }).nullish(), { session });
  return { uiaSeq: r?.uiaSeq ?? form.uiaSeq ?? null };
}

export function deleteForm(session: TokenHolder, uiaSeq: number) {
  return legacyPost("/api/agree/delete.do", { uiaSeq }, nothing, { session });
}

export async function copyForm(session: TokenHolder, uiaSeq: number) {
  const r = await legacyPost("/api/agree/copy.do", { uiaSeq }, obj({ uiaSeq: maybeNum }).nullish(), { session });
  return r?.uiaSeq ?? null;
}

// ---- sending ----

export async function statusCodes(session: TokenHolder, year: number) {
  const r = await legacyPost(
    "/api/agree/getCodeList.do",
    { year: String(year) },
    obj({ attnList: codeList.nullish(), emplyList: codeList.nullish() }),
    { session },
  );
  return { attnList: r.attnList ?? [], emplyList: r.emplyList ?? [] };
}

export async function sendingUsers(session: TokenHolder, q: { uiaSeq: number; year: number; value: string; agreeYn: string[] | null; attn: string[] | null }) {
  return legacyPost(
    "/api/agree/sendingUserList.do",
    { uiaSeq: q.uiaSeq, year: String(q.year), value: q.value, agreeYn: q.agreeYn ?? [], attn: q.attn ?? [] },
    obj({ list: list(wireSendingUser), info: wireAgreeDetail.partial({ uiaContent: true, regDt: true }).nullish() }),
    { session },
  );
}

export async function peopleOfYear(session: TokenHolder, q: { year: number; value: string; usTy: string; uiaSeq: number }) {
  return (await legacyPost("/api/agree/getUserList.do", { year: String(q.year), value: q.value, id: "", usTy: q.usTy, uiaSeq: q.uiaSeq }, listOf(wirePerson), { session })).list;
}

export function addUsers(session: TokenHolder, uiaSeq: number, year: number, users: number[]) {
  return legacyPost("/api/agree/addUsers.do", { uiaSeq, year: String(year), users: users.map((usSeq) => ({ usSeq })) }, nothing, { session });
}

/**
 * Sends the personal links; `baseUrl` (this site's origin) makes the links in e-mails absolute.
 * `sendKey` (ADR 0030) makes a double post find the first send; the embedded backend answers
 * `jobSeq` (the mails go out after the reply), a legacy server not.
 */
export async function sendUsers(session: TokenHolder, uiaSeq: number, users: number[], baseUrl: string, sendKey?: string): Promise<SendReply> {
  const r = await legacyPost("/api/agree/sendUser.do", { uiaSeq, users: users.map((usSeq) => ({ usSeq })), baseUrl, ...(sendKey ? { sendKey } : {}) }, sendReply, { session });
  return r;
}

export async function outbox(session: TokenHolder, uiaSeq: number) {
  const r = await legacyPost("/api/agree/outboxList.do", { uiaSeq }, z.object({ list: z.array(wireOutbox), smtp: z.boolean().nullish() }).passthrough(), { session });
  return { list: r.list, smtp: r.smtp ?? false };
}

// ---- the public consent page (no session) ----

/**
 * A consent link: spec 001 §7 agreeUser.do {uiaSeq, usSeq}; `sig` is the embedded backend's
 * signature of a link it made (docs/contract.md), sent only when the link has one.
 */
export interface ConsentLink {
  uiaSeq: number;
  usSeq: number;
  sig?: string;
}

export function consentOf(link: ConsentLink) {
  return legacyPost("/api/agree/agreeUser.do", link, wireConsent);
}

export async function submitConsent(link: ConsentLink, agreeYn: "Y" | "N", ver?: number) {
  return legacyPost("/api/agree/submitAgree.do", { ...link, agreeYn, ver: ver ?? "" }, nothing, { whole: true });
}

// ---- editor images ----

const MEDIA_VIEW = /^\/api\/comm\/froala\/mediaView\.do\?flnm=([A-Za-z0-9-]{1,80}\.[a-z]{3,4})$/;

/** The link the page uses for an uploaded image: our resource route for the backend's own view path. */
export function webImageLink(link: string): string {
  const m = MEDIA_VIEW.exec(link);
  return m ? `/editor-media/${m[1]}` : link;
}

/** Uploads one image (multipart, field `file`); answers the link to put in the content. */
export async function uploadImage(session: TokenHolder, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  const r = await legacyPost("/api/comm/froala/mediaUpload.do", form, obj({ link: z.string().min(1) }), { session });
  return webImageLink(r.link);
}

/** An editor image for the /editor-media resource route (public: the consent page shows them). */
export function imageDownload(flnm: string) {
  return legacyDownload("/api/comm/froala/mediaView.do", { flnm });
}
