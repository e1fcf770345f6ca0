/**
 * The encrypted cookie session (see docs/decisions/0002-encrypted-cookie-session.md), from opening
 * to the cookie written back, one way through (ADR 0054, 0075): `inSession` runs a loader's or
 * action's work in its session (context.server.ts `withSession`, and through it `withUser` and
 * the route guard, call it; docs/architecture.md "Session").
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
 *
 * This module is the session's one way in (ADR 0054, 0075): `inSession` and the names routes
 * import. The cookies' contents, names and the known-browser cookie are session-cookie.server.ts,
 * the `Session` itself session-store.server.ts; they import each other in this direction only.
 */

import { redirect } from "@remix-run/node";
import * as authApi from "~/legacy/endpoints/auth.server";
import { isSessionEnded, LegacyError } from "~/legacy/errors";
import { MSG } from "~/schemas/messages.ko";
import { Session } from "./session-store.server";
import type { SessionUser } from "./session-cookie.server";

export { Session } from "./session-store.server";
export { cookieNames, DRAFT_MAX_SEALED, isKnownBrowser, rememberBrowser, type DraftReply, type Flash, type PasswordChange, type SecondFactorNeed, type SecondFactorPending, type SessionUser } from "./session-cookie.server";

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
