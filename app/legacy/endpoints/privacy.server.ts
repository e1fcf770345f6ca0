/**
 * Privacy-consent calls (spec 001 §7 "Consent forms"; docs/contract.md "Consent forms") and the
 * editor's image upload. Route modules call these, never the gateway directly.
 */
import { z } from "zod";
import { AGREE } from "~/calls/agree";
import { EDITOR_MEDIA } from "~/calls/editor-media";
import { callLegacy, downloadLegacy, type TokenHolder } from "../gateway.server";
import type { SendReply } from "./job.server";
import { obj, type ListQuery } from "../wire";

export type { WireAgreeForm, WireSendingUser } from "~/calls/agree";

// ---- forms ----

/** A year's forms (paging and sorting asked for; a backend that does not page answers all of them). */
export function listForms(session: TokenHolder, filter: { year: number | ""; value: string } & ListQuery) {
  const { year, ...rest } = filter;
  return callLegacy(AGREE.list, { year: year === "" ? "" : String(year), ...rest }, { session });
}

export async function formDetail(session: TokenHolder, uiaSeq: number) {
  return (await callLegacy(AGREE.detail, { uiaSeq }, { session })).info;
}

export async function saveForm(session: TokenHolder, form: { uiaSeq?: number; uiaNm: string; uiaContent: string; usyn: string }) {
  const r = await callLegacy(AGREE.save, { uiaSeq: form.uiaSeq ?? "", uiaNm: form.uiaNm, uiaContent: form.uiaContent, usyn: form.usyn }, { session });
  return { uiaSeq: r?.uiaSeq ?? form.uiaSeq ?? null };
}

export function deleteForm(session: TokenHolder, uiaSeq: number) {
  return callLegacy(AGREE.remove, { uiaSeq }, { session });
}

export async function copyForm(session: TokenHolder, uiaSeq: number) {
  const r = await callLegacy(AGREE.copy, { uiaSeq }, { session });
  return r?.uiaSeq ?? null;
}

// ---- sending ----

export async function statusCodes(session: TokenHolder, year: number) {
  const r = await callLegacy(AGREE.codes, { year: String(year) }, { session });
  return { attnList: r.attnList ?? [], emplyList: r.emplyList ?? [] };
}

export async function sendingUsers(session: TokenHolder, q: { uiaSeq: number; year: number; value: string; agreeYn: string[] | null; attn: string[] | null }) {
  return callLegacy(AGREE.recipients, { uiaSeq: q.uiaSeq, year: String(q.year), value: q.value, agreeYn: q.agreeYn ?? [], attn: q.attn ?? [] }, { session });
}

export async function peopleOfYear(session: TokenHolder, q: { year: number; value: string; usTy: string; uiaSeq: number }) {
  return (await callLegacy(AGREE.people, { year: String(q.year), value: q.value, id: "", usTy: q.usTy, uiaSeq: q.uiaSeq }, { session })).list;
}

export function addUsers(session: TokenHolder, uiaSeq: number, year: number, users: number[]) {
  return callLegacy(AGREE.addUsers, { uiaSeq, year: String(year), users: users.map((usSeq) => ({ usSeq })) }, { session });
}

/**
 * Sends the personal links; `baseUrl` (this site's origin) makes the links in e-mails absolute.
 * `sendKey` (ADR 0030) makes a double post find the first send; the embedded backend answers
 * `jobSeq` (the mails go out after the reply), a legacy server not.
 */
export async function sendUsers(session: TokenHolder, uiaSeq: number, users: number[], baseUrl: string, sendKey?: string): Promise<SendReply> {
  return callLegacy(AGREE.send, { uiaSeq, users: users.map((usSeq) => ({ usSeq })), baseUrl, ...(sendKey ? { sendKey } : {}) }, { session });
}

export async function outbox(session: TokenHolder, uiaSeq: number) {
  const r = await callLegacy(AGREE.outbox, { uiaSeq }, { session });
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
  return callLegacy(AGREE.consent, link);
}

export async function submitConsent(link: ConsentLink, agreeYn: "Y" | "N", ver?: number) {
  return callLegacy(AGREE.submit, { ...link, agreeYn, ver: ver ?? "" });
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
  const r = await callLegacy(EDITOR_MEDIA.upload, form, { session });
  return webImageLink(r.link);
}

/** An editor image for the /editor-media resource route (public: the consent page shows them). */
export function imageDownload(flnm: string) {
  return downloadLegacy(EDITOR_MEDIA.view, { flnm });
}
