/**
 * The encrypted cookie session (see docs/decisions/0002-encrypted-cookie-session.md), from opening
 * to the cookie written back, in one module (ADR 0054): `inSession` runs a loader's or action's
 * work in its session (context.server.ts `withSession`, and through it `withUser` and the route
 * guard, call it; docs/architecture.md "Session").
 *
 * Two cookies, both sealed with AES-256-GCM (seal.server.ts), both HttpOnly and SameSite=Lax:
 * - the session: the signed-in user's minimal identity, the legacy access and refresh tokens, the
 *   CSRF token and a one-shot flash message. Idle timeout 30 min, absolute 12 h.
 * - the draft (a staff form posted after the idle timeout, ADR 0066): the typed text fields, bound
 *   to the user whose session ended, 30 minutes, given back to that user's form once after sign-in.
 * - the auto-login cookie (keep-me-logged-in only): refresh token and UID, 30 days, used to sign
 *   in again through /api/auth/atLogin.do when the session has expired.
 * A cookie that is missing, tampered, sealed with an unknown key or expired is an anonymous
 * visitor: never an error.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { redirect } from "@remix-run/node";
import * as authApi from "~/legacy/endpoints/auth.server";
import { isSessionEnded, LegacyError } from "~/legacy/errors";
import { latestTokens, type RotationBinding } from "~/legacy/token-rotation.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { readRows, type LookupRow } from "~/schemas/student-rows";
import { env } from "./env.server";
import { seal, unseal } from "./seal.server";

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

interface SessionData {
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
interface DraftData {
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

interface AutoLoginData {
  rt: string;
  uid: string;
  exp: number;
}

const SESSION_PURPOSE = "session";
const AUTO_PURPOSE = "autologin";
const DRAFT_PURPOSE = "draft";
const SEEN_WRITE_INTERVAL_MS = 60_000;
/** how long a kept draft waits for its user to sign in again */
const DRAFT_MS = 30 * 60_000;
/**
 * The longest sealed draft: one cookie (a browser keeps at most 4,096 bytes of name and value),
 * and with the session's cookies the whole Cookie header stays under the 8 KB a proxy's header
 * line commonly allows (nginx's default). About 2,700 ASCII characters or 900 Korean ones typed.
 */
export const DRAFT_MAX_SEALED = 3_800;
/** fields never kept in a draft: the form kit's and the confirm step's own, and anything like a password */
const DRAFT_SKIPPED = new Set(["_csrf", "__rvfInternalFormId", "subaction", "confirm", "intent"]);
const SECRET_LIKE = /pass|pwd|secret|otp/i;

export function cookieNames() {
  return env.cookieSecure
    ? { session: "__Host-medu_session", auto: "__Host-medu_auto", known: "__Host-medu_known", draft: "__Host-medu_draft" }
    : { session: "medu_session", auto: "medu_auto", known: "medu_known", draft: "medu_draft" };
}

function parseCookies(header: string | null): Map<string, string> {
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

function serialize(name: string, value: string, maxAgeSeconds?: number): string {
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

const newCsrf = () => randomBytes(24).toString("base64url");
const perRequest = new WeakMap<object, Session>();

export class Session {
  private dirty = false;
  private autoDirty: "keep" | "set" | "clear" = "keep";
  private autoValue?: AutoLoginData;
  /** what an earlier response of this request wrote (the loaders of a document share the session) */
  private wrote = false;
  private wroteAuto: "keep" | "set" | "clear" = "keep";
  /** the flash message taken on this request (the root loader's, for the page it renders) */
  private taken?: Flash;
  /** the kept draft (its own cookie) and what this request does to it */
  private draft: DraftData | null;
  private draftDirty: "keep" | "set" | "clear" = "keep";
  /** true when the visitor had a signed-in session that timed out on this request */
  readonly expired: boolean;

  private constructor(
    private data: SessionData,
    private readonly auto: AutoLoginData | null,
    expired: boolean,
    fresh: boolean,
    /** when this request opened the session (ms): a rotation older than that by more than the grace is not adopted */
    private readonly openedAt: number = Date.now(),
    draft: DraftData | null = null,
  ) {
    this.expired = expired;
    this.dirty = fresh;
    this.draft = draft;
  }

  /**
   * The session of a request. Remix hands each loader of a document request its own Request but
   * one load context (server.js makes a new one per request): keyed by it, the loaders share one
   * Session, so a first visit gets one CSRF token (not one per loader) and a refreshed token is
   * not overwritten by a stale copy.
   */
  static fromRequest(request: Request, loadContext?: object | null, now = Date.now()): Session {
    const cached = loadContext ? perRequest.get(loadContext) : undefined;
    if (cached) return cached;
    const session = Session.open(request, now);
    if (loadContext) perRequest.set(loadContext, session);
    return session;
  }

  private static open(request: Request, now: number): Session {
    const cookies = parseCookies(request.headers.get("Cookie"));
    const names = cookieNames();
    const secrets = env.sessionSecrets;
    const opened = unseal<SessionData>(cookies.get(names.session), secrets, SESSION_PURPOSE);
    const autoRaw = unseal<AutoLoginData>(cookies.get(names.auto), secrets, AUTO_PURPOSE);
    const auto = autoRaw && typeof autoRaw.rt === "string" && autoRaw.exp > now ? autoRaw : null;
    const draftRaw = unseal<DraftData>(cookies.get(names.draft), secrets, DRAFT_PURPOSE);
    const draft = draftRaw && Number.isInteger(draftRaw.u) && typeof draftRaw.p === "string" && draftRaw.exp > now ? draftRaw : null;

    let data: SessionData;
    let fresh = false;
    let expired = false;
    if (opened && typeof opened.csrf === "string") {
      data = opened;
      if (data.user) {
        const idleMs = env.sessionIdleMinutes * 60_000;
        const absMs = env.sessionAbsoluteHours * 3_600_000;
        if (now - (data.seen ?? 0) > idleMs || now - (data.iat ?? 0) > absMs) {
          data = { csrf: data.csrf, flash: data.flash, rid: data.rid, ended: data.user.userSeq };
          expired = true;
          fresh = true;
        } else if (now - (data.seen ?? 0) > SEEN_WRITE_INTERVAL_MS) {
          data.seen = now;
          fresh = true;
        }
      }
    } else {
      data = { csrf: newCsrf() };
      fresh = true;
    }
    const session = new Session(data, auto, expired, fresh, now, draft);
    if (draftRaw && !draft) session.draftDirty = "clear";
    session.adoptRotation();
    return session;
  }

  /**
   * Takes the newest tokens when this session's refresh token was exchanged by another request of
   * this process (legacy/token-rotation.server.ts): at opening, so a browser whose cookie was
   * written by a slower request with the old pair gets the new one back, and before every write,
   * so a slower request never puts the old pair over the new one (issue 18, ADR 0025).
   */
  private adoptRotation() {
    if (!this.data.user || !this.data.rt) return;
    const newer = latestTokens(this.data.rt, Date.now(), this.rotationBinding);
    if (newer && newer.refreshToken !== this.data.rt) this.setTokens(newer.accessToken, newer.refreshToken);
  }

  /**
   * Who may adopt a rotation of this session's tokens (issue 37 item 9, ADR 0064): this signed-in
   * session (a key of its CSRF token and sign-in time, both renewed at every sign-in), opened no
   * later than the grace after the rotation. A copy of an old cookie replayed later keeps its old
   * pair, which the legacy server refuses as a reused refresh token.
   */
  get rotationBinding(): RotationBinding {
    const by = this.data.user ? createHash("sha256").update(`session-key\0${this.data.csrf}\0${this.data.iat ?? 0}`).digest("base64url").slice(0, 22) : undefined;
    return { by, openedAt: this.openedAt };
  }

  get csrfToken() {
    return this.data.csrf;
  }
  /** This browser's respondent id (created on first use; see SessionData.rid). */
  get respondentId(): string {
    if (!this.data.rid) {
      this.data.rid = randomBytes(16).toString("base64url");
      this.dirty = true;
    }
    return this.data.rid;
  }
  get user(): SessionUser | undefined {
    return this.data.user;
  }
  get accessToken() {
    return this.data.at;
  }
  get refreshToken() {
    return this.data.rt;
  }
  get autoLogin() {
    return Boolean(this.data.auto);
  }
  /**
   * What the short caches of frame data (legacy/short-cache.server.ts) key this session's entries
   * by: the user, their authority and the sign-in time; none for an anonymous visitor.
   */
  get cacheScope(): string | undefined {
    const u = this.data.user;
    return u ? `${u.userSeq}:${u.authTy}:${u.adminYn ?? ""}:${this.data.iat ?? 0}` : undefined;
  }
  /** the stored keep-me-logged-in credentials, if any */
  get autoLoginCredentials(): { reToken: string; uid: string } | null {
    // a keep-me-logged-in cookie written with a token exchanged since signs in with the new one
    // (within the grace only: a copied keep-me-logged-in cookie replayed later keeps its old token)
    return this.auto ? { reToken: latestTokens(this.auto.rt, Date.now(), { openedAt: this.openedAt })?.refreshToken ?? this.auto.rt, uid: this.auto.uid } : null;
  }

  signIn(user: SessionUser, tokens: { accessToken: string; refreshToken: string; uid?: string }, autoLogin: boolean) {
    const now = Date.now();
    // a new CSRF token at every sign-in: a token learnt before sign-in is worth nothing after
    this.data = { csrf: newCsrf(), user, at: tokens.accessToken, rt: tokens.refreshToken, auto: autoLogin, iat: now, seen: now, flash: this.data.flash, rid: this.data.rid };
    this.dirty = true;
    // a draft is its own user's: anyone else signing in in this browser never sees it
    if (this.draft && this.draft.u !== user.userSeq) this.dropDraft();
    if (autoLogin) {
      this.autoValue = { rt: tokens.refreshToken, uid: tokens.uid ?? String(user.userSeq), exp: now + env.autoLoginDays * 86_400_000 };
      this.autoDirty = "set";
    } else {
      this.autoDirty = "clear";
    }
  }

  /**
   * After a right password (and `signIn`), holds the sign-in until the second factor (10 minutes,
   * ADR 0068): the user and tokens move aside, no page opens, keep-me-logged-in waits too. The
   * CSRF token of the sign-in page stays (`csrf`), so the code's form needs no new page; the
   * completion renews it as any sign-in does.
   */
  holdForSecondFactor(need: SecondFactorNeed, csrf: string, redirectTo?: string) {
    const d = this.data;
    if (!d.user || !d.at || !d.rt) return;
    const uid = this.autoValue?.uid;
    this.data = {
      csrf,
      flash: d.flash,
      rid: d.rid,
      mf: { u: d.user, at: d.at, rt: d.rt, ...(uid ? { uid } : {}), auto: Boolean(d.auto), need, ...(redirectTo ? { to: redirectTo } : {}), exp: Date.now() + 10 * 60_000 },
    };
    this.dirty = true;
    this.autoValue = undefined;
    this.autoDirty = "clear";
  }

  /** The sign-in waiting for its second factor, or null (none, or more than 10 minutes old). */
  get secondFactorPending(): SecondFactorPending | null {
    const mf = this.data.mf;
    if (!mf || !(mf.exp > Date.now()) || this.data.user) return null;
    return { user: mf.u, need: mf.need, ...(mf.to ? { redirectTo: mf.to } : {}) };
  }

  /** The second factor passed: the held sign-in happens (a new CSRF token, keep-me-logged-in if asked). */
  completeSecondFactor(): SessionUser | null {
    const mf = this.data.mf;
    if (!mf || !(mf.exp > Date.now())) return null;
    this.signIn(mf.u, { accessToken: mf.at, refreshToken: mf.rt, uid: mf.uid }, mf.auto);
    return mf.u;
  }

  /** The secret being enrolled (shown on the page until its code confirms it), or null. */
  get enrolmentSecret(): string | null {
    const en = this.data.en;
    return en && en.exp > Date.now() && typeof en.s === "string" ? en.s : null;
  }

  setEnrolmentSecret(secret: string | null) {
    if (secret) this.data.en = { s: secret, exp: Date.now() + 10 * 60_000 };
    else delete this.data.en;
    this.dirty = true;
  }

  setTokens(accessToken: string, refreshToken: string) {
    this.data.at = accessToken;
    this.data.rt = refreshToken;
    this.dirty = true;
    if (this.data.auto && this.data.user) {
      this.autoValue = {
        rt: refreshToken,
        uid: this.auto?.uid ?? String(this.data.user.userSeq),
        exp: Date.now() + env.autoLoginDays * 86_400_000,
      };
      this.autoDirty = "set";
    }
  }

  updateUser(patch: Partial<SessionUser>) {
    if (!this.data.user) return;
    this.data.user = { ...this.data.user, ...patch };
    this.dirty = true;
  }

  /** Ends the signed-in session and forgets keep-me-logged-in; the CSRF token is renewed. */
  signOut() {
    this.data = { csrf: newCsrf(), flash: this.data.flash, rid: this.data.rid };
    this.dirty = true;
    this.autoDirty = "clear";
    this.dropDraft();
  }

  /**
   * Marks the session active now (the session warning's '연장', routes/session.extend.tsx): the
   * idle timeout counts from this request.
   */
  touch() {
    if (!this.data.user) return;
    this.data.seen = Date.now();
    this.dirty = true;
  }

  /** The user whose signed-in session timed out in this browser since the last sign-in, if any. */
  get endedUser(): number | undefined {
    return this.data.user ? undefined : this.data.ended;
  }

  /**
   * Keeps what a form posted after the session timed out as the draft of the user whose session
   * it was (ADR 0066): its text fields (never files, passwords or the form kit's own fields), for
   * `path`. Answers false, keeping nothing, when no session timed out or the draft is larger than
   * one cookie holds (DRAFT_MAX_SEALED).
   */
  keepDraft(path: string, form: FormData): boolean {
    const u = this.endedUser;
    if (u === undefined) return false;
    const v: Record<string, unknown> = {};
    for (const [k, value] of form.entries()) {
      if (typeof value !== "string" || DRAFT_SKIPPED.has(k) || SECRET_LIKE.test(k)) continue;
      const prev = v[k];
      v[k] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
    const f = form.get("__rvfInternalFormId");
    const s = form.get("subaction");
    const draft: DraftData = { u, p: path, ...(typeof f === "string" && f ? { f } : {}), ...(typeof s === "string" && s ? { s } : {}), v, exp: Date.now() + DRAFT_MS };
    if (seal(draft, env.sessionSecrets, DRAFT_PURPOSE).length > DRAFT_MAX_SEALED) {
      this.dropDraft();
      return false;
    }
    this.draft = draft;
    this.draftDirty = "set";
    return true;
  }

  /**
   * Gives the signed-in user's kept draft for `pathname` once (then forgets it), as the reply its
   * form re-renders with, '세션이 만료되어 저장되지 않았습니다. …' in its '알림'; null when there
   * is none for this user and page.
   */
  takeDraft(pathname: string): DraftReply | null {
    const d = this.draft;
    const user = this.data.user;
    if (!d || !user || d.u !== user.userSeq || d.p.split("?")[0] !== pathname) return null;
    this.dropDraft();
    // a dialog of lookup rows (patient safety's students) re-renders them from the reply's `rows`
    const rows = readRows(Object.entries(d.v).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, String(x)])));
    return { path: pathname, fieldErrors: {}, repopulateFields: d.v, alert: OWN_MSG.draftKept, ...(rows.length ? { rows } : {}), ...(d.f ? { formId: d.f } : {}), ...(d.s ? { subaction: d.s } : {}) };
  }

  private dropDraft() {
    if (this.draft || this.draftDirty === "set") this.draftDirty = "clear";
    this.draft = null;
  }

  flash(text: string, kind: Flash["kind"] = "info") {
    this.data.flash = { kind, text };
    this.dirty = true;
  }

  /**
   * The pending password change of find-password (10 minutes), or null. `codeSent` says the change
   * needs the one-time code the server sent ('smtp' to `codeTo`, or 'outbox': the administrators).
   */
  get passwordChange(): PasswordChange | null {
    const pw = this.data.pw;
    if (!pw || !(pw.exp > Date.now()) || !Number.isInteger(pw.seq) || pw.seq <= 0) return null;
    return {
      userSeq: pw.seq,
      ...(pw.tok ? { changeToken: pw.tok } : {}),
      ...(pw.code ? { codeSent: pw.code } : {}),
      ...(pw.to ? { codeTo: pw.to } : {}),
    };
  }

  setPasswordChange(value: PasswordChange | null) {
    if (value) {
      this.data.pw = {
        seq: value.userSeq,
        ...(value.changeToken ? { tok: value.changeToken } : {}),
        ...(value.codeSent ? { code: value.codeSent } : {}),
        ...(value.codeTo ? { to: value.codeTo } : {}),
        exp: Date.now() + 10 * 60_000,
      };
    } else delete this.data.pw;
    this.dirty = true;
  }

  /**
   * Keeps a new password, and the current one it needs, for the confirmation step (10 minutes);
   * answers the nonce the step posts back.
   */
  setPendingPassword(value: string, current?: string): string {
    const nonce = randomBytes(12).toString("base64url");
    this.data.pp = { v: value, ...(current ? { c: current } : {}), n: nonce, exp: Date.now() + 10 * 60_000 };
    this.dirty = true;
    return nonce;
  }

  /** Reads and forgets the pending passwords; null unless `nonce` is the one they were kept with. */
  takePendingPassword(nonce: string | null | undefined): { userPass: string; currentPass?: string } | null {
    const pp = this.data.pp;
    if (!pp) return null;
    delete this.data.pp;
    this.dirty = true;
    return nonce && pp.n === nonce && pp.exp > Date.now() ? { userPass: pp.v, ...(pp.c ? { currentPass: pp.c } : {}) } : null;
  }

  get hasFlash() {
    return Boolean(this.data.flash);
  }

  /** Reads and clears the flash message. */
  takeFlash(): Flash | undefined {
    const f = this.data.flash;
    if (f) {
      delete this.data.flash;
      this.dirty = true;
      this.taken = f;
    }
    return f;
  }

  get changed() {
    return this.dirty || this.autoDirty !== "keep" || this.draftDirty !== "keep";
  }

  /**
   * The Set-Cookie header values that bring the browser up to date (none when unchanged).
   *
   * The loaders of one document share this session, and each response carries what changed since
   * the last one was written. A redirect replaces the whole document, whichever loader's it is:
   * it carries the session whenever this request changed it (`redirect`), even when a sibling
   * loader's response, which the browser will never get, wrote it first; and a flash message the
   * root loader took for the page that the redirect replaces stays for the next page.
   */
  commit(redirect = false): string[] {
    const out: string[] = [];
    const names = cookieNames();
    const secrets = env.sessionSecrets;
    const writeSession = this.dirty || (redirect && this.wrote);
    if (writeSession) {
      this.adoptRotation();
      const data = redirect && !this.data.flash && this.taken ? { ...this.data, flash: this.taken } : this.data;
      out.push(serialize(names.session, seal(data, secrets, SESSION_PURPOSE)));
    }
    const auto = this.autoDirty !== "keep" ? this.autoDirty : redirect ? this.wroteAuto : "keep";
    if (auto === "set" && this.autoValue) {
      out.push(serialize(names.auto, seal(this.autoValue, secrets, AUTO_PURPOSE), Math.round((this.autoValue.exp - Date.now()) / 1000)));
    } else if (auto === "clear" && this.auto) {
      out.push(serialize(names.auto, "", 0));
    }
    if (this.draftDirty === "set" && this.draft) {
      out.push(serialize(names.draft, seal(this.draft, secrets, DRAFT_PURPOSE), Math.round((this.draft.exp - Date.now()) / 1000)));
    } else if (this.draftDirty === "clear") {
      out.push(serialize(names.draft, "", 0));
    }
    this.wrote ||= writeSession;
    if (auto !== "keep") this.wroteAuto = auto;
    this.dirty = false;
    this.autoDirty = "keep";
    this.draftDirty = "keep";
    return out;
  }

  /** Adds this session's Set-Cookie headers to a response (mutating its headers); see `commit`. */
  applyTo<R extends Response>(response: R): R {
    const redirect = response.status >= 300 && response.status < 400;
    for (const c of this.commit(redirect)) response.headers.append("Set-Cookie", c);
    return response;
  }

  /** For tests: the raw data. */
  peek(): Readonly<SessionData> {
    return this.data;
  }
}

// ---------------------------------------------------------------------------------------------
// A request's session: open → auto-login → the work → the cookies written back
// ---------------------------------------------------------------------------------------------

/** What loaders and actions receive: the request and the per-request load context of server.js. */
export interface RouteArgs {
  request: Request;
  context?: unknown;
}

/** The session's identity of a signed-in user, from login.do's or atLogin.do's `userInfo`. */
export function toSessionUser(u: authApi.SignInResult["userInfo"]): SessionUser {
  return {
    userSeq: u.userSeq,
    userId: u.userId,
    userNm: u.userNm,
    dptNm: u.dptNm || null,
    authTy: u.authTy,
    adminYn: u.adminYn || null,
    ...(u.pwChangeYn === "Y" ? { pwChange: true } : {}),
  };
}

/** The auto-login of each opened session: the loaders of one request share one atLogin.do call. */
const autoLogins = new WeakMap<Session, Promise<void>>();

/**
 * Signs in again with the keep-me-logged-in cookie when there is no signed-in session; a refusal
 * signs out (the auto-login cookie is cleared) with MSG.autoLoginFailed as the flash.
 */
async function autoLogin(session: Session): Promise<void> {
  const creds = session.autoLoginCredentials;
  if (session.user || !creds) return;
  try {
    const r = await authApi.autoLogin(creds);
    session.signIn(toSessionUser(r.userInfo), { accessToken: r.userInfo.accessToken, refreshToken: r.reJwtToken, uid: r.UID ?? creds.uid }, true);
  } catch (e) {
    if (!(e instanceof LegacyError) && !isSessionEnded(e)) throw e;
    session.signOut();
    session.flash(MSG.autoLoginFailed, "error");
  }
}

/** The session of a request, opened (one per request: Session.fromRequest) and signed in again when it can be. */
async function openSession({ request, context }: RouteArgs): Promise<Session> {
  const session = Session.fromRequest(request, context && typeof context === "object" ? context : null);
  let signingIn = autoLogins.get(session);
  if (!signingIn) {
    signingIn = autoLogin(session);
    autoLogins.set(session, signingIn);
    // a failure (not a refusal) is the request's error, and the next request's to try again
    signingIn.catch(() => autoLogins.delete(session));
  }
  await signingIn;
  return session;
}

/**
 * Runs a loader's or action's work in the request's session, the one way a request's session goes:
 * 1. opened from the sealed cookie (idle and absolute timeouts; the tokens another request of
 *    this process rotated since are adopted);
 * 2. without a signed-in user, signed in again through keep-me-logged-in;
 * 3. the work: the route guard and the route (context.server.ts). A token the gateway refreshes
 *    on a 401 is stored here (`setTokens`, also in the auto-login cookie); flash messages are
 *    set and taken here;
 * 4. a legacy session that ended (SessionEndedError: HTTP 419, a refused refresh,
 *    LOGIN_001/LOGIN_005) signs out to the sign-in page with its message as the flash;
 * 5. the cookies written back on the response, returned or thrown (none when nothing changed).
 */
export async function inSession<R extends Response>(args: RouteArgs, work: (session: Session) => Promise<R>): Promise<R> {
  const session = await openSession(args);
  try {
    return session.applyTo(await work(session));
  } catch (e) {
    if (e instanceof Response) throw session.applyTo(e);
    if (isSessionEnded(e)) {
      session.signOut();
      session.flash(e.message, "error");
      throw session.applyTo(redirect("/"));
    }
    throw e;
  }
}
