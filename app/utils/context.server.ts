/**
 * Every loader and action runs through `withSession` (or `withUser`, `withAdmin`): the request's
 * session is opened, signed in again, and written back with the response by `inSession`
 * (session.server.ts); `withSession` adds what a route's context needs around its work: the short
 * caches of frame data cleared around a post, and a LegacyError no route turned into something of
 * its own answered as the page's message (legacy-errors.server.ts: the form's '알림' reply for a
 * post, a Response for the ErrorBoundary for a page). `withUser` runs the route guard
 * (guard.server.ts `admit`) inside the session, before the route's work.
 */
import { json } from "@remix-run/node";
import { isLegacyError } from "~/legacy/errors";
import { clearShortCaches } from "~/legacy/short-cache.server";
import { OWN_MSG } from "~/schemas/messages.ko";
import type { WireMenu } from "~/legacy/wire";
import { auditScope } from "./audit.server";
import { assertCsrf } from "./csrf.server";
import { clientAddress } from "./rate-limit.server";
import { legacyErrorResponse, rememberForm } from "./legacy-errors.server";
import { admit, canOpen } from "./guard.server";
import { inSession, type RouteArgs, type Session, type SessionUser } from "./session.server";

export type { RouteArgs, SessionUser };
export { toSessionUser } from "./session.server";

/** A path to come back to after sign-in: the one normaliser of redirect targets (utils/safe-redirect.ts). */
export { safeRedirectTo } from "./safe-redirect";

export async function withSession<R extends Response>(args: RouteArgs, work: (session: Session) => Promise<R>): Promise<R> {
  // a form post may change what the short caches of frame data hold (messages read, a year added,
  // an authority changed): they are cleared before and after its work (legacy/short-cache.server.ts)
  const posted = args.request.method !== "GET" && args.request.method !== "HEAD";
  if (posted) clearShortCaches();
  // the audit log's scope (ADR 0067): who and from where, for every row this request writes
  // (a route's own, the gateway's calls, the guard's refusals)
  const scope = { address: clientAddress(args.context), path: new URL(args.request.url).pathname, seen: new Set<string>(), userId: undefined as string | undefined };
  try {
    return await auditScope.run(scope, () => inSession(args, async (session) => {
      scope.userId = session.user?.userId;
      try {
        return await work(session);
      } catch (e) {
        // a business error no route turned into something of its own: the server's message, the
        // form's reply for a post, the ErrorBoundary for a page (legacy-errors.server.ts)
        if (!isLegacyError(e)) throw e;
        const res = legacyErrorResponse(e, args.request);
        if (posted) return res as R;
        throw res;
      }
    }));
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
 * Like withSession, for pages that need a signed-in user: others go to sign-in and come back;
 * signed-in users pass the route guard first.
 */
export function withUser<R extends Response>(args: RouteArgs, work: (ctx: UserContext) => Promise<R>): Promise<R> {
  return withSession(args, async (session) => work({ session, ...(await admit(session, args.request)) }));
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
