/**
 * Every loader and action runs through `withSession` (or `withUser`): it opens the sealed
 * session, signs in again through keep-me-logged-in when the session has expired, runs the
 * route's work, turns a legacy SessionEndedError into a sign-out with its message and a
 * LegacyError into the page's message (legacy-errors.server.ts: the form's '알림' reply for a
 * post, a Response for the ErrorBoundary for a page), and writes the session back with the
 * response.
 */
import { json, redirect } from "@remix-run/node";
import { isLegacyError, isSessionEnded, LegacyError } from "~/legacy/errors";
import * as authApi from "~/legacy/endpoints/auth.server";
import { clearShortCaches } from "~/legacy/short-cache.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import type { WireMenu } from "~/legacy/wire";
import { assertCsrf } from "./csrf.server";
import { legacyErrorResponse, rememberForm } from "./legacy-errors.server";
import { ALWAYS_OPEN, canOpen, menusOf } from "./guard.server";
import { evalAskOf, evalVerdict } from "./eval-access.server";
import { Session, type SessionUser } from "./session.server";

export type { SessionUser };

/** The page where a password someone else set is replaced (routes/change-password.tsx). */
export const FORCED_CHANGE_PATH = "/change-password";

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

/** Signs in again with the keep-me-logged-in cookie when there is no signed-in session. */
async function tryAutoLogin(session: Session) {
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

/** What loaders and actions receive: the request and the per-request load context of server.js. */
export interface RouteArgs {
  request: Request;
  context?: unknown;
}

export async function openSession({ request, context }: RouteArgs): Promise<Session> {
  const session = Session.fromRequest(request, context && typeof context === "object" ? context : null);
  await tryAutoLogin(session);
  return session;
}

/** A path to come back to after sign-in: the one normaliser of redirect targets (utils/safe-redirect.ts). */
export { safeRedirectTo } from "./safe-redirect";

function finish<R extends Response>(session: Session, res: R): R {
  session.applyTo(res);
  return res;
}

export async function withSession<R extends Response>(args: RouteArgs, work: (session: Session) => Promise<R>): Promise<R> {
  // a form post may change what the short caches of frame data hold (messages read, a year added,
  // an authority changed): they are cleared before and after its work (legacy/short-cache.server.ts)
  const posted = args.request.method !== "GET" && args.request.method !== "HEAD";
  if (posted) clearShortCaches();
  const session = await openSession(args);
  try {
    return finish(session, await work(session));
  } catch (e) {
    if (e instanceof Response) throw finish(session, e);
    if (isSessionEnded(e)) {
      session.signOut();
      session.flash(e.message, "error");
      throw finish(session, redirect("/"));
    }
    // a business error no route turned into something of its own: the server's message, the
    // form's reply for a post, the ErrorBoundary for a page (legacy-errors.server.ts)
    if (isLegacyError(e)) {
      const res = finish(session, legacyErrorResponse(e, args.request));
      if (posted) return res as R;
      throw res;
    }
    throw e;
  } finally {
    if (posted) clearShortCaches();
  }
}

export interface UserContext {
  session: Session;
  user: SessionUser;
  /** the user's menu list; null when it could not be loaded (pages every user has still open) */
  menus: WireMenu[] | null;
}

/**
 * The route guard for a signed-in request: the menu list decides whether the path may be opened;
 * a path outside it flashes '해당 메뉴는 접근할 수 없습니다.' and goes to /dashboard.
 */
async function guard(session: Session, request: Request): Promise<WireMenu[] | null> {
  const path = new URL(request.url).pathname;
  let menus: WireMenu[] | null = null;
  try {
    menus = await menusOf(session);
  } catch (e) {
    if (!(e instanceof LegacyError)) throw e;
    if (ALWAYS_OPEN.includes(path)) return null;
    throw json({ alert: MSG.menuLoadError }, { status: 503 });
  }
  // an evaluation-mode page or download opens by its indicator, not by the screen's menu (ADR 0058)
  const ask = evalAskOf(new URL(request.url));
  const verdict = ask ? await evalVerdict(session, ask, menus) : null;
  if (verdict === "open") return menus;
  if (verdict === "missing") throw new Response("Not Found", { status: 404 });
  if (verdict === "refused" || !canOpen(path, menus)) {
    session.flash(MSG.menuForbidden, "error");
    throw redirect("/dashboard");
  }
  return menus;
}

/**
 * Like withSession, for pages that need a signed-in user: others go to sign-in and come back;
 * signed-in users pass the route guard first.
 */
export function withUser<R extends Response>(args: RouteArgs, work: (ctx: UserContext) => Promise<R>): Promise<R> {
  return withSession(args, async (session) => {
    const user = session.user;
    if (!user) {
      const url = new URL(args.request.url);
      const back = url.pathname + url.search;
      if (session.expired && !session.hasFlash) session.flash(MSG.pleaseLogin, "error");
      throw redirect(back === "/" ? "/" : `/?redirectTo=${encodeURIComponent(back)}`);
    }
    // a password someone else set (the first administrator's) is changed before anything else (ADR 0024)
    if (user.pwChange) throw redirect(FORCED_CHANGE_PATH);
    const menus = await guard(session, args.request);
    return work({ session, user, menus });
  });
}

/**
 * The administration pages under 설정 (users, codes, consent forms, account mails, audit log):
 * spec 000 §6 "Which role may see which page is not shown. Menu access is by menu sequence from the
 * menu list." So they are decided as every page is, by the route guard of withUser: a user whose
 * menu list has the page may open it, anyone else gets '해당 메뉴는 접근할 수 없습니다.' and
 * /dashboard. The spec's User has no administrator flag (`adminYn` is the embedded backend's
 * extension); the embedded backend lists these menus to administrators only and refuses their
 * calls to anyone else (`auth: "admin"`), as a legacy server decides its own (ADR 0053).
 */
export const withAdmin = withUser;

/**
 * Whether the user administers accounts: the menu list has the user-management page (spec 000 §6),
 * or the backend marks the user an administrator (`adminYn`, our extension).
 */
export function administers(ctx: Pick<UserContext, "user" | "menus">): boolean {
  return ctx.user.adminYn === "Y" || (ctx.menus ?? []).some((m) => canOpen("/management/member", [m]));
}

/**
 * A body that does not parse as the form its Content-Type says (a multipart post without a
 * boundary, a body cut off by a closed connection or the 413 of server.js): '잘못된 요청입니다.'
 * (400), never an unexpected server error.
 */
export function unreadableForm(): never {
  throw json({ alert: OWN_MSG.badRequest }, { status: 400 });
}

/**
 * The form without NUL characters in its text: no field of the product means one, and PostgreSQL
 * text cannot hold it (the hostile-input sweep, issue 18, found the consent editor's save failing
 * in the database on 'a\u0000b'); the rest of what was typed is kept.
 */
export function withoutNul(form: FormData): FormData {
  let found = false;
  for (const [, v] of form) if (typeof v === "string" && v.includes("\u0000")) found = true;
  if (!found) return form;
  const clean = new FormData();
  for (const [k, v] of form) clean.append(k, typeof v === "string" ? v.replaceAll("\u0000", "") : v);
  return clean;
}

/** Reads a posted form after the CSRF check (throws a 403 response when refused). */
export async function readForm(request: Request, session: Session): Promise<FormData> {
  const form = withoutNul(await request.formData().catch(unreadableForm));
  assertCsrf(request, session, form);
  return rememberForm(request, form);
}
