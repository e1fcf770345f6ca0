/**
 * The route guard (spec 000 §6, spec 001 §4): a signed-in user may open a path only when it is in
 * their menu list (a menu's url, or a page under it such as an evaluation-mode or registration
 * sub-path), or is one of the pages every user has. It runs on the server for every loader and
 * action that goes through `withUser` (context.server.ts), inside the request's session
 * (session.server.ts `inSession`): `admit`.
 *
 * The menu list comes from the backend; it is kept a minute per signed-in session in memory
 * (legacy/short-cache.server.ts: losing it loses nothing, it is fetched again), and the frame's and
 * the page's loaders of one request share one call.
 */
import { audit } from "./audit.server";
import { json, redirect } from "@remix-run/node";
import { FILES } from "~/calls/file";
import * as menuApi from "~/legacy/endpoints/menu.server";
import { LegacyError } from "~/legacy/errors";
import { scoped, shortCache } from "~/legacy/short-cache.server";
import type { WireMenu } from "~/legacy/wire";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { csrfAccepted } from "./csrf.server";
import { evalAskOf, evalVerdict } from "./eval-access.server";
import type { Session, SessionUser } from "./session.server";

/** The page where a password someone else set is replaced (routes/change-password.tsx). */
export const FORCED_CHANGE_PATH = "/change-password";

/** Pages every signed-in user may open, whatever their menus. */
export const ALWAYS_OPEN = ["/", "/dashboard", "/dashboard/manual", "/myProfile", "/myProfile/otp", "/messenger", "/logout", FILES.imgView.path, FILES.pdfView.path];

const menuCache = shortCache<WireMenu[]>(60_000);

/** The user's menu list, from the short cache or the backend. Throws LegacyError on failure. */
export function menusOf(session: Session): Promise<WireMenu[]> {
  return scoped(menuCache, session, "menus", () => menuApi.menuList(session));
}

/** Pages reached from a list that are not under its url: they open with the list's menu. */
const OPENS_WITH: Record<string, string> = {
  "/insert/student/add": "/insert/student/document",
  "/insert/professor/add": "/insert/professor/document",
};

/**
 * Pages under a path of their own that open with a list's menu: R09's committee detail
 * (`/insert/commission/CommissionDetail/{cmtSeq}`) is reached from R08's list (menu 25).
 */
const OPENS_UNDER: readonly (readonly [prefix: string, menu: string])[] = [["/insert/commission/CommissionDetail/", "/insert/commission/CommissionList"]];

function normalise(path: string): string {
  const p = path.replace(/\/+$/, "");
  return p === "" ? "/" : p;
}

/**
 * A post that meets a session that timed out (the user left the form open past the idle limit)
 * leaves its typed fields as that user's draft (session.server.ts `keepDraft`): only a post that
 * carries the session's CSRF token (it survives the timeout) from this site, so another site can
 * never plant a draft. The form is read here, before the route would have read it.
 */
async function keepDraft(session: Session, request: Request, back: string): Promise<"kept" | "too-long" | null> {
  if (request.method === "GET" || request.method === "HEAD" || session.endedUser === undefined) return null;
  const form = await request.formData().catch(() => null);
  if (!form || !csrfAccepted(request, session, form)) return null;
  return session.keepDraft(back, form) ? "kept" : "too-long";
}

/** true when the path is one of the menu urls or lies under one of them */
export function canOpen(pathname: string, menus: readonly Pick<WireMenu, "menuUrl">[]): boolean {
  const asked = normalise(decodeURIComponent(pathname));
  if (ALWAYS_OPEN.includes(asked)) return true;
  const path = OPENS_WITH[asked] ?? OPENS_UNDER.find(([prefix]) => asked.startsWith(prefix) && asked.length > prefix.length)?.[1] ?? asked;
  return menus.some((m) => {
    const url = m.menuUrl ? normalise(m.menuUrl.split("?")[0]) : "";
    if (!url || url === "/") return false;
    return path === url || path.startsWith(`${url}/`);
  });
}

/**
 * The guard of a page for signed-in users: a visitor without one goes to sign-in and comes back
 * (with '로그인 해주세요.' when the session timed out on this request); a password someone else set
 * (the first administrator's) is changed before anything else (ADR 0024); a path outside the menu
 * list flashes '해당 메뉴는 접근할 수 없습니다.' and goes to /dashboard; an evaluation-mode page or
 * download opens by its indicator instead (eval-access.server.ts, ADR 0058). Answers the user and
 * their menu list (null when it could not be loaded and the path is one every user has).
 */
export async function admit(session: Session, request: Request): Promise<{ user: SessionUser; menus: WireMenu[] | null }> {
  const user = session.user;
  const url = new URL(request.url);
  if (!user) {
    const back = url.pathname + url.search;
    // a form posted after the session timed out keeps what was typed through the sign-in (ADR 0066)
    const kept = await keepDraft(session, request, back);
    if (kept === "too-long") session.flash(OWN_MSG.draftTooLong, "error");
    else if ((session.expired || kept) && !session.hasFlash) session.flash(MSG.pleaseLogin, "error");
    throw redirect(back === "/" ? "/" : `/?redirectTo=${encodeURIComponent(back)}`);
  }
  if (user.pwChange) throw redirect(FORCED_CHANGE_PATH);
  let menus: WireMenu[];
  try {
    menus = await menusOf(session);
  } catch (e) {
    if (!(e instanceof LegacyError)) throw e;
    if (ALWAYS_OPEN.includes(url.pathname)) return { user, menus: null };
    throw json({ alert: MSG.menuLoadError }, { status: 503 });
  }
  // an evaluation-mode page or download opens by its indicator, not by the screen's menu (ADR 0058)
  const ask = evalAskOf(url);
  const verdict = ask ? await evalVerdict(session, ask, menus) : null;
  if (verdict === "open") return { user, menus };
  if (verdict === "missing") throw new Response("Not Found", { status: 404 });
  if (verdict === "refused" || !canOpen(url.pathname, menus)) {
    // the audit log (issue 37 item 3, ADR 0067): a refused menu, with the path (its query left out)
    await audit({ userId: user.userId }, { action: "accessDenied", target: url.pathname, outcome: "denied" });
    session.flash(MSG.menuForbidden, "error");
    throw redirect("/dashboard");
  }
  return { user, menus };
}
