/**
 * The route guard (spec 000 §6, spec 001 §4): a signed-in user may open a path only when it is in
 * their menu list (a menu's url, or a page under it such as an evaluation-mode or registration
 * sub-path), or is one of the pages every user has. It runs on the server for every loader and
 * action that goes through `withUser`.
 *
 * The menu list comes from the backend; it is kept a minute per signed-in session in memory
 * (legacy/short-cache.server.ts: losing it loses nothing, it is fetched again), and the frame's and
 * the page's loaders of one request share one call.
 */
import * as menuApi from "~/legacy/endpoints/menu.server";
import { scoped, shortCache } from "~/legacy/short-cache.server";
import type { WireMenu } from "~/legacy/wire";
import type { Session } from "./session.server";

/** Pages every signed-in user may open, whatever their menus. */
export const ALWAYS_OPEN = ["/", "/dashboard", "/dashboard/manual", "/myProfile", "/messenger", "/logout", "/view/imgView.do", "/view/pdfView.do"];

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
