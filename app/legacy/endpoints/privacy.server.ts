/**
 * Privacy-consent calls (spec 001 §7 "Consent forms"; docs/contract.md "Consent forms") and the
 * editor's image upload. Route modules call these, never the gateway directly.
 */
import { z } from "zod";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { sendReply, type SendReply } from "./job.server";
import { listOf, nothing, wireCode, type ListQuery } from "../wire";

const str = z.string().nullish().transform((v) => v ?? "");
const yn = z.string().nullish().transform((v) => (v === "Y" || v === "N" ? v : null));

export const wireAgreeForm = z
  .object({
    uiaSeq: z.coerce.number(),
    uiaNm: z.string(),
    usyn: str,
    regDt: str,
    uptDt: str,
    year: z.coerce.number().nullish(),
    rcptCnt: z.coerce.number().nullish().transform((v) => v ?? 0),
    sendCnt: z.coerce.number().nullish().transform((v) => v ?? 0),
    agreeCnt: z.coerce.number().nullish().transform((v) => v ?? 0),
  })
  .passthrough();
export type WireAgreeForm = z.infer<typeof wireAgreeForm>;

export const wireAgreeDetail = z
  .object({
    uiaSeq: z.coerce.number(),
    uiaNm: z.string(),
    uiaContent: str,
    usyn: str,
    regDt: str,
    ver: z.coerce.number().nullish(),
  })
  .passthrough();

export const wireSendingUser = z
  .object({
    usSeq: z.coerce.number(),
    usTy: str,
    id: str,
    name: str,
    dpt: str,
    grde: str,
    status: str,
    statusCd: str,
    telNo: str,
    email: str,
    agreeYn: yn,
    agreeDt: str,
    sendFlag: str,
    sendDt: str,
    sendCnt: z.coerce.number().nullish().transform((v) => v ?? 0),
    agreeVer: z.coerce.number().nullish(),
  })
  .passthrough();
export type WireSendingUser = z.infer<typeof wireSendingUser>;

export const wirePerson = z
  .object({
    usSeq: z.coerce.number(),
    usTy: str,
    id: str,
    name: str,
    dpt: str,
    grde: str,
    status: str,
    statusCd: str,
    addedYn: str,
  })
  .passthrough();
export type WirePerson = z.infer<typeof wirePerson>;

export const wireOutbox = z
  .object({
    obSeq: z.coerce.number(),
    usSeq: z.coerce.number(),
    id: str,
    name: str,
    channel: str,
    toAddr: str,
    link: z.string(),
    status: str,
    expDt: str,
    regDt: str,
  })
  .passthrough();
export type WireOutbox = z.infer<typeof wireOutbox>;

const wireConsent = z.object({
  isSubmit: z.string().nullish().transform((v) => v === "Y"),
  agreeYn: yn,
  agreeDt: str,
  agree: z
    .object({ uiaSeq: z.coerce.number(), uiaNm: z.string(), uiaContent: str, ver: z.coerce.number().nullish() })
    .passthrough()
    .nullish(),
});
export type WireConsent = z.infer<typeof wireConsent>;

// ---- forms ----

/** A year's forms (paging and sorting asked for; a backend that does not page answers all of them). */
export function listForms(session: TokenHolder, filter: { year: number | ""; value: string } & ListQuery) {
  const { year, ...rest } = filter;
  return legacyPost("/api/agree/list.do", { year: year === "" ? "" : String(year), ...rest }, listOf(wireAgreeForm).extend({ total: z.coerce.number().optional() }), { session });
}

export async function formDetail(session: TokenHolder, uiaSeq: number) {
  return (await legacyPost("/api/agree/detail.do", { uiaSeq }, z.object({ info: wireAgreeDetail }).passthrough(), { session })).info;
}

export async function saveForm(session: TokenHolder, form: { uiaSeq?: number; uiaNm: string; uiaContent: string; usyn: string }) {
  const r = await legacyPost("/api/agree/edit.do", { uiaSeq: form.uiaSeq ?? "", uiaNm: form.uiaNm, uiaContent: form.uiaContent, usyn: form.usyn }, z.object({ uiaSeq: z.coerce.number().nullish() }).passthrough().nullish(), { session });
  return { uiaSeq: r?.uiaSeq ?? form.uiaSeq ?? null };
}

export function deleteForm(session: TokenHolder, uiaSeq: number) {
  return legacyPost("/api/agree/delete.do", { uiaSeq }, nothing, { session });
}

export async function copyForm(session: TokenHolder, uiaSeq: number) {
  const r = await legacyPost("/api/agree/copy.do", { uiaSeq }, z.object({ uiaSeq: z.coerce.number().nullish() }).passthrough().nullish(), { session });
  return r?.uiaSeq ?? null;
}

// ---- sending ----

export async function statusCodes(session: TokenHolder, year: number) {
  const r = await legacyPost(
    "/api/agree/getCodeList.do",
    { year: String(year) },
    z.object({ attnList: z.array(wireCode).nullish(), emplyList: z.array(wireCode).nullish() }).passthrough(),
    { session },
  );
  return { attnList: r.attnList ?? [], emplyList: r.emplyList ?? [] };
}

export async function sendingUsers(session: TokenHolder, q: { uiaSeq: number; year: number; value: string; agreeYn: string[] | null; attn: string[] | null }) {
  return legacyPost(
    "/api/agree/sendingUserList.do",
    { uiaSeq: q.uiaSeq, year: String(q.year), value: q.value, agreeYn: q.agreeYn ?? [], attn: q.attn ?? [] },
    z.object({ list: z.array(wireSendingUser), info: wireAgreeDetail.partial({ uiaContent: true, regDt: true }).nullish() }).passthrough(),
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
  const r = await legacyPost("/api/comm/froala/mediaUpload.do", form, z.object({ link: z.string().min(1) }).passthrough(), { session });
  return webImageLink(r.link);
}

/** An editor image for the /editor-media resource route (public: the consent page shows them). */
export function imageDownload(flnm: string) {
  return legacyDownload("/api/comm/froala/mediaView.do", { flnm });
}
