/**
 * CSRF refusal for every non-GET request (docs/decisions/0003-csrf.md):
 * 1. the request must come from this site: `Sec-Fetch-Site` cross-site, or an `Origin` whose
 *    host is not ours, is refused;
 * 2. the form must carry the session's CSRF token in the `_csrf` field (a synchroniser token kept
 *    inside the sealed session cookie, renewed at every sign-in and sign-out).
 */
import { timingSafeEqual } from "node:crypto";
import { json } from "@remix-run/node";
import { OWN_MSG } from "~/schemas/messages.ko";
import type { Session } from "./session.server";

export const CSRF_FIELD = "_csrf";

function ownHost(request: Request): string {
  return request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host") ?? new URL(request.url).host;
}

/** true when the browser says the request comes from another site */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "cross-site") return true;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    try {
      if (new URL(origin).host !== ownHost(request)) return true;
    } catch {
      return true;
    }
  } else if (origin === "null") {
    return true;
  }
  return false;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function csrfRefusal(): Response {
  return json({ alert: OWN_MSG.csrfRefused }, { status: 403 });
}

/** true when the request comes from this site and the form carries the session's token */
export function csrfAccepted(request: Request, session: Session, form: FormData): boolean {
  const token = form.get(CSRF_FIELD);
  return !isCrossSite(request) && typeof token === "string" && sameToken(token, session.csrfToken);
}

/** Throws a 403 response when the request is cross-site or the token is missing or wrong. */
export function assertCsrf(request: Request, session: Session, form: FormData): void {
  if (!csrfAccepted(request, session, form)) throw csrfRefusal();
}
