/**
 * The `Session` of a request (ADR 0002, 0054, 0075): opened from the sealed cookies
 * (session-cookie.server.ts) with the idle and absolute timeouts and the tokens another request
 * rotated adopted; it holds the signed-in user and the legacy token pair (`signIn`, `setTokens`),
 * the CSRF token, the second factor's held sign-in, the flash message, the find-password and
 * profile password steps and the draft of a form posted after a timeout, and writes the changed
 * cookies back (`commit`, `applyTo`). One per request; routes reach it through `inSession`
 * (session.server.ts).
 */

import { createHash, randomBytes } from "node:crypto";
import { latestTokens, type RotationBinding } from "~/legacy/token-rotation.server";
import { OWN_MSG } from "~/schemas/messages.ko";
import { readRows } from "~/schemas/student-rows";
import { env } from "./env.server";
import { seal, unseal } from "./seal.server";
import { AUTO_PURPOSE, cookieNames, DRAFT_MAX_SEALED, DRAFT_MS, DRAFT_PURPOSE, DRAFT_SKIPPED, parseCookies, SECRET_LIKE, SEEN_WRITE_INTERVAL_MS, serialize, SESSION_PURPOSE, type AutoLoginData, type DraftData, type DraftReply, type Flash, type PasswordChange, type SecondFactorNeed, type SecondFactorPending, type SessionData, type SessionUser } from "./session-cookie.server";

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
