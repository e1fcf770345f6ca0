/**
 * Running a route's loader or action in a unit test: a signed-in sealed session cookie, a fake
 * legacy server (the gateway's transport) answering by path, and requests that pass the CSRF
 * check. What the route answers is what the page would get: a redirect with its flash message,
 * or a JSON reply with its '알림' text.
 */
import { setTransportForTests } from "~/legacy/transport.server";
import { Session, type SessionUser } from "~/utils/session.server";

process.env.SESSION_SECRET ||= "route-harness-secret-0123456789abcdef";

export const ORIGIN = "http://localhost:3000";

export interface Call {
  path: string;
  body: unknown;
  query: URLSearchParams;
}

type Answer = unknown | Response;

/** A fake legacy server: `routes[path](call)` answers a body (sent as JSON) or a Response. */
export function fakeLegacy(routes: Record<string, (call: Call) => Answer | Promise<Answer>>, menuUrls: string[] = []) {
  const calls: Call[] = [];
  const all: Record<string, (call: Call) => Answer | Promise<Answer>> = {
    "/api/comm/menu/getMenuList.do": () => ({
      status: 200,
      result: { list: menuUrls.map((menuUrl, i) => ({ menuSeq: 900 + i, menuLvl: 2, menuTy: "INSERT", menuNm: menuUrl, menuUrl })) },
    }),
    ...routes,
  };
  setTransportForTests(async (req) => {
    const url = new URL(req.url);
    const type = req.headers.get("content-type") ?? "";
    const body = req.method === "GET" ? null : type.includes("json") ? await req.json() : await req.formData();
    const call = { path: url.pathname, body, query: url.searchParams };
    calls.push(call);
    const route = all[url.pathname];
    if (!route) return new Response(JSON.stringify({ status: 404, message: "no such path" }), { status: 404, headers: { "content-type": "application/json" } });
    const answer = await route(call);
    return answer instanceof Response ? answer : new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
  });
  return { calls, done: () => setTransportForTests(undefined) };
}

export const USER: SessionUser = { userSeq: 7, userId: "entry09", userNm: "테스트", dptNm: null, authTy: "1,2", adminYn: "N" };

/** A signed-in session: the Cookie header and the session's CSRF token (`tokens`: its legacy tokens). */
export function signedIn(user: SessionUser = USER, tokens = { accessToken: "access-token", refreshToken: "refresh-token" }): { cookie: string; csrf: string } {
  const s = Session.fromRequest(new Request(`${ORIGIN}/`));
  s.signIn(user, tokens, false);
  const cookie = s
    .commit()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, csrf: s.csrfToken };
}

/** A GET of `path` with the session. */
export function get(path: string, auth: { cookie: string }) {
  return { request: new Request(`${ORIGIN}${path}`, { headers: { Cookie: auth.cookie } }), params: {}, context: {} };
}

/** A same-origin form post of `path` with the session and its CSRF token. */
export function post(path: string, auth: { cookie: string; csrf: string }, fields: Record<string, string | string[]> | FormData, params: Record<string, string> = {}) {
  const form = fields instanceof FormData ? fields : new FormData();
  if (!(fields instanceof FormData)) for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) form.append(k, x);
  form.set("_csrf", auth.csrf);
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", body: form, headers: { Cookie: auth.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" } });
  return { request, params, context: {} };
}

/** The session after a response: its Set-Cookie replaces the cookie of the same name. */
export function after(res: Response, auth: { cookie: string; csrf: string }): { cookie: string; csrf: string } {
  const jar = new Map(auth.cookie.split("; ").filter(Boolean).map((c) => [c.slice(0, c.indexOf("=")), c] as const));
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(";")[0];
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  const cookie = [...jar.values()].join("; ");
  const s = Session.fromRequest(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }));
  return { cookie, csrf: s.csrfToken };
}

/** The flash message a redirect carries to the next page (read from its sealed cookie). */
export function flashOf(res: Response): { kind: string; text: string } | undefined {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const s = Session.fromRequest(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }));
  return s.takeFlash();
}

/** Runs a loader or action; a thrown Response (a redirect) is answered like a returned one. */
export async function run(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}
