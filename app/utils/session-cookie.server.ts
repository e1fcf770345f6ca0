/**
 * The session's cookies (ADR 0002, 0054, 0075): what each sealed cookie holds (the session's
 * SessionData, the draft's DraftData, the auto-login's AutoLoginData) and the public shapes read
 * from them (SessionUser, Flash, DraftReply, PasswordChange, the second factor's), the cookies'
 * names, lifetimes and purposes, reading a Cookie header and writing a Set-Cookie, and the
 * known-browser cookie of the sign-in limits (ADR 0023). The Session that reads and writes them is
 * session-store.server.ts; routes import all of it through session.server.ts.
 */

import { createHmac, timingSafeEqual } from "node:crypto";
import type { LookupRow } from "~/schemas/student-rows";
import { env } from "./env.server";

export interface SessionUser {
  userSeq: number;
  userId: string;
  userNm: string;
  dptNm?: string | null;
  authTy: string;
  adminYn?: string | null;
  /** the password must be changed before anything else (the first administrator's, ADR 0024) */
  pwChange?: boolean;
}

export interface Flash {
  kind: "info" | "error";
  text: string;
}

export interface SessionData {
  csrf: string;
  user?: SessionUser;
  at?: string;
  rt?: string;
  auto?: boolean;
  /** when the sign-in happened (ms) */
  iat?: number;
  /** last activity (ms) */
  seen?: number;
  flash?: Flash;
  /**
   * a password change allowed by find-password: the found user (spec 000 §7 findInfo.userSeq) and
   * the server's change token when it gives one. Kept here, sealed, between the find and the change
   * dialogs: never in a form field, so a tampered form cannot name another user.
   */
  pw?: { seq: number; tok?: string; code?: "smtp" | "outbox"; to?: string; exp: number };
  /**
   * A new password typed on the profile, waiting for the '저장 하시겠습니까?' step without
   * JavaScript (passwords are never sent back in the page): the value, the nonce the confirming
   * post must carry, and an expiry.
   */
  pp?: { v: string; c?: string; n: string; exp: number };
  /**
   * This browser's respondent id on the public survey link (issue 17): the answer form's submit
   * key is bound to it, so one browser answers a survey once. Kept across sign-in and sign-out.
   */
  rid?: string;
  /**
   * A sign-in whose password was right, waiting for the second factor (ADR 0068): the identity and
   * tokens it will have, keep-me-logged-in, whether the factor is checked or enrolled first, where
   * to go after, and an expiry. `user` stays unset meanwhile: no page of the app opens.
   */
  mf?: { u: SessionUser; at: string; rt: string; uid?: string; auto: boolean; need: SecondFactorNeed; to?: string; exp: number };
  /** A second-factor secret shown for enrolment, until the code that confirms it (10 minutes). */
  en?: { s: string; exp: number };
  /**
   * The user whose signed-in session timed out in this browser (idle or absolute timeout), until
   * the next sign-in or sign-out: a form they post meanwhile is kept as their draft (ADR 0066).
   */
  ended?: number;
}

/** What a sign-in waits for: the code of an enrolled factor, or the enrolment a required factor needs first. */
export type SecondFactorNeed = "verify" | "enrol";

export interface SecondFactorPending {
  user: SessionUser;
  need: SecondFactorNeed;
  redirectTo?: string;
}

/**
 * What a staff form posted after its session timed out keeps through the sign-in (ADR 0066), in a
 * sealed cookie of its own: the user it belongs to, the path it was posted to, the form's id and
 * subaction, and its text fields (never files, passwords or the CSRF token).
 */
export interface DraftData {
  u: number;
  p: string;
  f?: string;
  s?: string;
  v: Record<string, unknown>;
  exp: number;
}

/**
 * A kept draft as the form kit reads it: the shape of a refused post's reply (utils/form.server.ts
 * `formFailure`), so every form that keeps its input on a refusal shows it the same way, with its
 * message in the form's '알림' (components/form/field-state.tsx `useFormReply`).
 */
export interface DraftReply {
  /** the page it belongs to: the form kit shows it on that page only */
  path: string;
  fieldErrors: Record<string, string>;
  repopulateFields: Record<string, unknown>;
  alert: string;
  formId?: string;
  subaction?: string;
  /** the lookup rows the form posted (`rows[0].id`, …), as a refused save of such a dialog replies */
  rows?: LookupRow[];
}

export interface PasswordChange {
  userSeq: number;
  changeToken?: string;
  codeSent?: "smtp" | "outbox";
  codeTo?: string;
}

export interface AutoLoginData {
  rt: string;
  uid: string;
  exp: number;
}

export const SESSION_PURPOSE = "session";
export const AUTO_PURPOSE = "autologin";
export const DRAFT_PURPOSE = "draft";
export const SEEN_WRITE_INTERVAL_MS = 60_000;
/** how long a kept draft waits for its user to sign in again */
export const DRAFT_MS = 30 * 60_000;
/**
 * The longest sealed draft: one cookie (a browser keeps at most 4,096 bytes of name and value),
 * and with the session's cookies the whole Cookie header stays under the 8 KB a proxy's header
 * line commonly allows (nginx's default). About 2,700 ASCII characters or 900 Korean ones typed.
 */
export const DRAFT_MAX_SEALED = 3_800;
/** fields never kept in a draft: the form kit's and the confirm step's own, and anything like a password */
export const DRAFT_SKIPPED = new Set(["_csrf", "__rvfInternalFormId", "subaction", "confirm", "intent"]);
export const SECRET_LIKE = /pass|pwd|secret|otp/i;

export function cookieNames() {
  return env.cookieSecure
    ? { session: "__Host-medu_session", auto: "__Host-medu_auto", known: "__Host-medu_known", draft: "__Host-medu_draft" }
    : { session: "medu_session", auto: "medu_auto", known: "medu_known", draft: "medu_draft" };
}

export function parseCookies(header: string | null): Map<string, string> {
  const map = new Map<string, string>();
  if (!header) return map;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    if (!map.has(k)) map.set(k, part.slice(i + 1).trim());
  }
  return map;
}

export function serialize(name: string, value: string, maxAgeSeconds?: number): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (env.cookieSecure) parts.push("Secure");
  if (maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
    if (maxAgeSeconds <= 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  }
  return parts.join("; ");
}

// ---------------------------------------------------------------------------------------------
// The known-browser cookie (OWASP "Slow down online guessing attacks with device cookies"; ADR
// 0023): a browser in which an account signed in successfully keeps, for 180 days, a key of that
// account that only this server can make (an HMAC of the id with the session secret; the id itself
// is not in the cookie). An address that has failed too often (a campus behind one NAT address,
// where one guesser would otherwise lock every colleague out) still lets a known browser sign in
// to its own account; the account's own limits apply as ever. Signing out keeps it: it names the
// browser, not a session.
// ---------------------------------------------------------------------------------------------

const KNOWN_MAX_AGE = 180 * 24 * 60 * 60;
/** the accounts one browser is known for (a shared office PC), the newest kept */
const KNOWN_MAX_ACCOUNTS = 5;

const knownKey = (account: string) => createHmac("sha256", env.sessionSecrets[0]).update(`known-browser\0${account.trim().toLowerCase()}`).digest("base64url").slice(0, 22);

function knownKeys(request: Request): string[] {
  const raw = parseCookies(request.headers.get("Cookie")).get(cookieNames().known) ?? "";
  return raw.split(".").filter((k) => /^[A-Za-z0-9_-]{22}$/.test(k)).slice(0, KNOWN_MAX_ACCOUNTS);
}

/** Whether this browser signed in to `account` before. */
export function isKnownBrowser(request: Request, account: string): boolean {
  const key = Buffer.from(knownKey(account));
  return knownKeys(request).some((k) => timingSafeEqual(Buffer.from(k), key));
}

/** The Set-Cookie that remembers this browser for `account` (after a successful sign-in). */
export function rememberBrowser(request: Request, account: string): string {
  const key = knownKey(account);
  const keys = [key, ...knownKeys(request).filter((k) => k !== key)].slice(0, KNOWN_MAX_ACCOUNTS);
  return serialize(cookieNames().known, keys.join("."), KNOWN_MAX_AGE);
}
