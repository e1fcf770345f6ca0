/**
 * The route guard (spec 000 §6, spec 001 §4): a signed-in user may open a path only when it is in
 * their menu list (a menu's url, or a page under it such as an evaluation-mode or registration
 * sub-path), or is one of the pages every user has. It runs on the server for every loader and
 * action that goes through `withUser`.
 *
 * The menu list comes from the backend; it is kept a minute per user in memory (losing it loses
 * nothing: it is fetched again).
 */
import * as menuApi from "~/legacy/endpoints/menu.server";
import type { WireMenu } from "~/legacy/wire";
import type { Session } from "./session.server";

/** Pages every signed-in user may open, whatever their menus. */
export const ALWAYS_OPEN = ["/", "/dashboard", "/dashboard/manual", "/myProfile", "/messenger", "/logout", "/view/imgView"];

const TTL_MS = 60_000;
const MAX_ENTRIES = 5_000;
const cache = new Map<string, { menus: WireMenu[]; at: number }>();

function cacheKey(session: Session): string | null {
  const u = session.user;
  return u ? `${u.userSeq}:${u.authTy}:${u.adminYn ?? ""}` : null;
}

/** The user's menu list, from the short cache or the backend. Throws LegacyError on failure. */
export async function menusOf(session: Session): Promise<WireMenu[]> {
  const key = cacheKey(session);
  const now = Date.now();
  const hit = key ? cache.get(key) : undefined;
  if (hit && now - hit.at < TTL_MS) return hit.menus;
  const menus = await menuApi.menuList(session);
  if (key) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { menus, at: now });
  }
  return menus;
}

/** Forget a user's cached menus (after a change of authority, in tests). */
export function forgetMenus(session?: Session) {
  const key = session && cacheKey(session);
  if (key) cache.delete(key);
  else cache.clear();
}

/** Pages reached from a list that are not under its url: they open with the list's menu. */
const OPENS_WITH: Record<string, string> = {
  "/insert/student/add": "/insert/student/document",
  "/insert/professor/add": "/insert/professor/document",
};

function normalise(path: string): string {
  const p = path.replace(/\/+$/, "");
  return p === "" ? "/" : p;
}

/** true when the path is one of the menu urls or lies under one of them */
export function canOpen(pathname: string, menus: readonly Pick<WireMenu, "menuUrl">[]): boolean {
  const asked = normalise(decodeURIComponent(pathname));
  if (ALWAYS_OPEN.includes(asked)) return true;
  const path = OPENS_WITH[asked] ?? asked;
  return menus.some((m) => {
    const url = m.menuUrl ? normalise(m.menuUrl.split("?")[0]) : "";
    if (!url || url === "/") return false;
    return path === url || path.startsWith(`${url}/`);
  });
}
