/**
 * The embedded backend's spec-only mode (issue 33; `SPEC_ONLY=1`, docs/contract.md "Spec-only
 * mode"): the backend as a legacy server written from the specifications alone would answer, for
 * the web tier to be tried against without one.
 *
 * In front of the embedded backend's fetch it
 * - answers HTTP 404 (a Java server's `{timestamp, status, error, path}`) to every call the
 *   specifications do not name (app/legacy/inventory.generated.ts: our extensions);
 * - strips every JSON reply of a named call down to the fields the spec states for it
 *   (app/legacy/spec-replies.ts; a call whose reply the spec does not state keeps its fields);
 * - answers the refresh as spec 000 §7 writes it, `result.reJwtToken` and nothing else: one token
 *   that serves as the access token and the next refresh token (the backend's pair travels inside
 *   it, split again on the way in);
 * - lets an access token expire after `SPEC_ONLY_TOKEN_SECONDS` (HTTP 401), so that the tests
 *   meet the refresh often;
 * - opens the spec's consent link `{uiaSeq, usSeq}` without the embedded backend's signature (a
 *   legacy server keeps its own judgement of a link it made; here the mode signs it on the way in);
 * - takes find-password's change as spec 000 §7 writes it, `changePwd.do {userSeq, userPass}`
 *   after `findUserInfo.do -> result.findInfo.userSeq`: a legacy server keeps what it needs of the
 *   find on its side, so the mode keeps the embedded backend's change token and one-time code
 *   (ADR 0024; both stripped from the reply) by userSeq and puts them back on the change;
 * - answers whole lists, as the spec's list calls have no paging: a list call's `page`, `size` and
 *   `sort` (ours, docs/contract.md "Paging and sorting") are taken off the request, so that the
 *   web tier pages and sorts the whole list itself.
 *
 * - with `SPEC_ONLY_FAIL_USER` (user ids, comma-separated), answers every call of those users a
 *   business error (body status 500, FAULT_MESSAGE) but signing in, the session and the menu
 *   list: the tests walk every screen of such a user, and post its forms, and find the message in
 *   its frame, never a server error.
 *
 * The value shapes a Java server might send instead of ours (numbers as strings, booleans for
 * flags, null for an empty list) are varied by `varyReply` (vary.server.ts).
 */
import { CALLS } from "~/legacy/inventory.generated";
import { SPEC_REPLIES, stripReply } from "~/legacy/spec-replies";
import { ACCOUNT } from "../../calls/account";
import { AUTH } from "../../calls/auth";
import type { Db } from "../db/client.server";
import { and, desc, eq, inArray } from "drizzle-orm";
import { accountMails, users } from "../db/schema";
import { signLink } from "../handlers/agree-common.server";
import { varyReply } from "./vary.server";
import { AGREE } from "../../calls/agree";

const JOIN = "~";
/** The business error SPEC_ONLY_FAIL_USER's calls get. */
export const FAULT_MESSAGE = "시험 서버가 일부러 낸 업무 오류입니다.";
/** What the faulty user can still do: sign in and out, and see the menus (the side menu, a menu page's list). */
const NEVER_FAULTY = /^\/api\/(login\.do|auth\/|comm\/menu\/getMenuList(ForLowLevel)?\.do)/;
const REFRESH_PATH = AUTH.refresh.path;
const CONSENT_PATHS = new Set([AGREE.consent.path, AGREE.submit.path]);
const FIND_PATH = ACCOUNT.find.path;
const CHANGE_PATH = ACCOUNT.changePwd.path;
/** how long a find's change is kept for the change that follows it (the backend's token lives 10 minutes) */
const CHANGE_KEPT_MS = 10 * 60_000;

export const specOnlyEnabled = () => process.env.SPEC_ONLY === "1";

export interface SpecOnlyOptions {
  /** an access token older than this answers 401 (default SPEC_ONLY_TOKEN_SECONDS, else never) */
  tokenSeconds?: number;
  now?: () => number;
}

const notFound = (path: string) =>
  new Response(JSON.stringify({ timestamp: new Date().toISOString(), status: 404, error: "Not Found", path }), { status: 404, headers: { "Content-Type": "application/json" } });

const unauthorised = () => new Response(JSON.stringify({ status: 401, message: "Unauthorized" }), { status: 401, headers: { "Content-Type": "application/json" } });

async function jsonBody(req: Request): Promise<Record<string, unknown> | null> {
  if (req.method !== "POST" || !(req.headers.get("content-type") ?? "").includes("application/json")) return null;
  try {
    const v: unknown = JSON.parse(await req.clone().text());
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The claims of a JWT, read without checking it (the backend checks it). */
function jwtClaims(token: string): Record<string, unknown> {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    return claims && typeof claims === "object" ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The `sub` claim of a JWT, read without checking it (the backend checks it). */
function jwtSubject(token: string): number | null {
  const n = Number(jwtClaims(token).sub);
  return Number.isSafeInteger(n) ? n : null;
}

/** A list call's paging (ours): a body with `size` is one page of a list; the spec's lists are whole. */
function withoutPaging(body: Record<string, unknown>): Record<string, unknown> | null {
  if (!("size" in body)) return null;
  const { page: _page, size: _size, sort: _sort, ...rest } = body;
  return rest;
}

const withBody = (req: Request, body: unknown, headers = req.headers) => new Request(req.url, { method: "POST", headers, body: JSON.stringify(body) });

export function specOnly(fetch: (req: Request) => Promise<Response>, db: Db, opts: SpecOnlyOptions = {}): (req: Request) => Promise<Response> {
  const tokenMs = (opts.tokenSeconds ?? (Number(process.env.SPEC_ONLY_TOKEN_SECONDS) || 0)) * 1000;
  const now = opts.now ?? Date.now;
  /** when each access token was first seen (bounded: the oldest are forgotten) */
  const seen = new Map<string, number>();
  const firstSeen = (token: string) => {
    let t = seen.get(token);
    if (t === undefined) {
      t = now();
      seen.set(token, t);
      if (seen.size > 10_000) seen.delete(seen.keys().next().value!);
    }
    return t;
  };

  const faultyIds = (process.env.SPEC_ONLY_FAIL_USER ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  let faultySeqs: Promise<Set<number>> | undefined;
  const isFaulty = async (access: string) => {
    if (!faultyIds.length) return false;
    faultySeqs ??= db
      .select({ userSeq: users.userSeq })
      .from(users)
      .where(inArray(users.userId, faultyIds))
      .then((r) => new Set(r.map((u) => u.userSeq)));
    const sub = jwtSubject(access);
    return sub !== null && (await faultySeqs).has(sub);
  };

  /** find-password's change token and one-time code by userSeq, for the change that follows (see the file's comment) */
  const changes = new Map<number, { changeToken: string; code: string; at: number }>();
  const keepChange = async (findInfo: unknown) => {
    const info = findInfo as { userSeq?: unknown; changeToken?: unknown } | null | undefined;
    const userSeq = Number(info?.userSeq);
    if (!Number.isSafeInteger(userSeq) || typeof info?.changeToken !== "string") return;
    const rid = jwtClaims(info.changeToken).rid;
    const [mail] = typeof rid === "string" ? await db.select({ body: accountMails.body }).from(accountMails).where(and(eq(accountMails.rid, rid), eq(accountMails.kind, "reset_code"))).orderBy(desc(accountMails.amSeq)).limit(1) : [];
    changes.set(userSeq, { changeToken: info.changeToken, code: /\d{6}/.exec(mail?.body ?? "")?.[0] ?? "", at: now() });
    if (changes.size > 1_000) changes.delete(changes.keys().next().value!);
  };

  return async (incoming) => {
    const url = new URL(incoming.url);
    const path = url.pathname;
    if (!(path in CALLS) || CALLS[path] === null) return notFound(path);

    // the one token: access part for calls, refresh part for the refresh
    let req = incoming;
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
    if (bearer) {
      if (tokenMs && path !== REFRESH_PATH && now() - firstSeen(bearer) > tokenMs) return unauthorised();
      const [access, refresh] = bearer.includes(JOIN) ? bearer.split(JOIN) : [bearer, bearer];
      if (!NEVER_FAULTY.test(path) && (await isFaulty(access)))
        return new Response(JSON.stringify({ status: 500, message: FAULT_MESSAGE }), { headers: { "Content-Type": "application/json" } });
      const headers = new Headers(req.headers);
      headers.set("authorization", `Bearer ${path === REFRESH_PATH ? refresh : access}`);
      req = new Request(req, { headers });
    }

    let body = await jsonBody(req);
    const whole = body && withoutPaging(body);
    if (whole) {
      body = whole;
      req = withBody(req, body);
    }
    if (body && path === CHANGE_PATH && !body.changeToken) {
      const kept = changes.get(Number(body.userSeq));
      if (kept && now() - kept.at < CHANGE_KEPT_MS) req = withBody(req, { ...body, changeToken: kept.changeToken, code: kept.code });
    }
    if (body && CONSENT_PATHS.has(path) && !body.sig) {
      const uiaSeq = Number(body.uiaSeq);
      const usSeq = Number(body.usSeq);
      if (Number.isSafeInteger(uiaSeq) && Number.isSafeInteger(usSeq) && uiaSeq > 0 && usSeq > 0)
        req = withBody(req, { ...body, sig: await signLink(db, uiaSeq, usSeq, new Date(now() + 60_000)) });
    }

    const res = await fetch(req);
    if (!(res.headers.get("content-type") ?? "").includes("application/json")) return res;
    const reply = (await res.json()) as Record<string, unknown>;
    let out: Record<string, unknown> = reply;
    if (path === REFRESH_PATH) {
      const r = reply.result as { accessToken?: string; reJwtToken?: string } | null | undefined;
      out = r?.accessToken && r.reJwtToken ? { ...reply, result: { reJwtToken: `${r.accessToken}${JOIN}${r.reJwtToken}` } } : reply;
    } else {
      if (path === FIND_PATH) await keepChange((reply.result as { findInfo?: unknown } | null | undefined)?.findInfo);
      if (path === CHANGE_PATH && reply.status === 200) changes.delete(Number(body?.userSeq));
      const spec = SPEC_REPLIES[path];
      const evalMode = Boolean(body?.eiSeq) && Boolean(body?.menuSeq);
      if (spec) out = stripReply(reply, spec, evalMode);
      if ("result" in out) out = { ...out, result: varyReply(out.result) };
    }
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    return new Response(JSON.stringify(out), { status: res.status, headers });
  };
}
