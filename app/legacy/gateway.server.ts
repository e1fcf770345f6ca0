/**
 * The legacy gateway: the only code that talks to `.do` endpoints (docs/architecture.md "Gateway").
 *
 * One function, `legacyPost`, posts a JSON body to a path and parses the reply with a zod wire
 * schema. It owns the legacy rules of spec 000 §7-§8:
 * - body `status` 200 is success; anything else is a LegacyError with the server's message;
 * - HTTP 401 refreshes the token once (/api/auth/refreshToken.do), concurrent requests of one
 *   session sharing that one refresh, then replays; a failed refresh ends the session;
 * - HTTP 419 and errorCode LOGIN_001 / LOGIN_005 end the session with the catalogue's message;
 * - network faults and timeouts are logged and become '오류가 발생하였습니다.'.
 */
import { z, type ZodTypeAny } from "zod";
import { MSG } from "~/schemas/messages.ko";
import { env } from "~/utils/env.server";
import { LegacyError, LegacyUnavailableError, SessionEndedError } from "./errors";
import { legacyOrigin, transport } from "./transport.server";

/** What the gateway needs of a session: its tokens, and a way to store refreshed ones. */
export interface TokenHolder {
  readonly accessToken?: string;
  readonly refreshToken?: string;
  readonly autoLogin: boolean;
  /** the signed-in session's scope for the short caches (short-cache.server.ts); none: not cached */
  readonly cacheScope?: string;
  setTokens(accessToken: string, refreshToken: string): void;
}

export interface CallOptions {
  /** the signed-in session whose tokens authorise the call; omit for public calls */
  session?: TokenHolder;
  /** send this bearer token instead of the session's access token (refresh, auto-login) */
  bearer?: string;
  /** parse the whole body with the schema instead of its `result` */
  whole?: boolean;
  timeoutMs?: number;
}

const envelope = z
  .object({
    status: z.coerce.number(),
    message: z.string().nullish(),
    errorCode: z.string().nullish(),
    errorMessage: z.string().nullish(),
    result: z.unknown().optional(),
  })
  .passthrough();

const SESSION_ENDING_CODES = new Set(["LOGIN_001", "LOGIN_005"]);

function log(path: string, reason: string) {
  console.error(`[legacy] ${path}: ${reason}`);
}

/**
 * A POST with a JSON body; a multipart POST when `body` is a FormData (uploads); a GET when it is
 * a URLSearchParams (downloads).
 */
async function send(path: string, body: unknown, bearer: string | undefined, timeoutMs: number): Promise<Response> {
  const get = body instanceof URLSearchParams;
  const multipart = body instanceof FormData;
  const headers = new Headers({ Accept: get ? "*/*" : "application/json" });
  if (!get && !multipart) headers.set("Content-Type", "application/json; charset=utf-8");
  if (bearer) headers.set("Authorization", `Bearer ${bearer}`);
  const controller = new AbortController();
  const query = get && body.size ? `?${body.toString()}` : "";
  const request = new Request(`${legacyOrigin()}${path}${query}`, {
    method: get ? "GET" : "POST",
    headers,
    body: get ? undefined : multipart ? body : JSON.stringify(body ?? {}),
    signal: controller.signal,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new LegacyUnavailableError(`timeout after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([transport(request), timeout]);
  } catch (e) {
    const reason = e instanceof LegacyUnavailableError ? e.reason : e instanceof Error ? e.message : String(e);
    log(path, reason);
    throw e instanceof LegacyUnavailableError ? e : new LegacyUnavailableError(reason);
  } finally {
    clearTimeout(timer);
  }
}

// ---- token refresh, shared by concurrent requests of one session ----

interface Tokens {
  accessToken: string;
  refreshToken: string;
}
const inflight = new Map<string, Promise<Tokens | null>>();
/** refresh token → the pair it was exchanged for, kept briefly so a racing request reuses it */
const recent = new Map<string, { tokens: Tokens; at: number }>();
const RECENT_MS = 30_000;

const refreshResult = z.object({ accessToken: z.string().min(1), reJwtToken: z.string().min(1) });

async function doRefresh(refreshToken: string, autoLogin: boolean, timeoutMs: number): Promise<Tokens | null> {
  try {
    const res = await send("/api/auth/refreshToken.do", { autoLogin: autoLogin ? "Y" : "N" }, refreshToken, timeoutMs);
    if (res.status !== 200) return null;
    const body = envelope.safeParse(await res.json());
    if (!body.success || body.data.status !== 200) return null;
    const r = refreshResult.safeParse(body.data.result);
    if (!r.success) return null;
    return { accessToken: r.data.accessToken, refreshToken: r.data.reJwtToken };
  } catch (e) {
    log("/api/auth/refreshToken.do", e instanceof Error ? e.message : String(e));
    return null;
  }
}

/** Exchanges a session's refresh token once, however many requests ask at the same time. */
export function refreshOnce(session: TokenHolder, timeoutMs = env.legacyTimeoutMs): Promise<Tokens | null> {
  const rt = session.refreshToken;
  if (!rt) return Promise.resolve(null);
  const now = Date.now();
  for (const [k, v] of recent) if (now - v.at > RECENT_MS) recent.delete(k);
  const done = recent.get(rt);
  if (done) return Promise.resolve(done.tokens);
  let p = inflight.get(rt);
  if (!p) {
    p = doRefresh(rt, session.autoLogin, timeoutMs).then((tokens) => {
      inflight.delete(rt);
      if (tokens) recent.set(rt, { tokens, at: Date.now() });
      return tokens;
    });
    inflight.set(rt, p);
  }
  return p;
}

// ---- the call ----

/** Sends once, and once more after a shared token refresh when the server answers 401. */
async function sendAuthorised(path: string, body: unknown, options: CallOptions, timeoutMs: number): Promise<Response> {
  const session = options.session;
  let res = await send(path, body, options.bearer ?? session?.accessToken, timeoutMs);
  if (res.status === 401 && session && !options.bearer) {
    const tokens = await refreshOnce(session, timeoutMs);
    if (!tokens) throw new SessionEndedError(MSG.sessionExpired);
    session.setTokens(tokens.accessToken, tokens.refreshToken);
    res = await send(path, body, tokens.accessToken, timeoutMs);
    if (res.status === 401) throw new SessionEndedError(MSG.sessionExpired);
  }
  if (res.status === 419) throw new SessionEndedError(MSG.pleaseLogin);
  return res;
}

/**
 * A GET download (files, Excel): the server's Response, body unread, for a resource route to
 * stream on. A JSON reply is an error envelope and becomes the same errors as legacyPost's.
 */
export function legacyDownload(path: string, query: Record<string, string>, options: CallOptions = {}): Promise<Response> {
  return download(path, new URLSearchParams(query), options);
}

/** A POST download (spec 002 §7: e.g. BasicmdEvalListExcelDown.do {list, ceType} → blob): a JSON body, the file answered. */
export function legacyPostDownload(path: string, body: Record<string, unknown>, options: CallOptions = {}): Promise<Response> {
  return download(path, body, options);
}

async function download(path: string, sent: URLSearchParams | Record<string, unknown>, options: CallOptions): Promise<Response> {
  const timeoutMs = options.timeoutMs ?? env.legacyTimeoutMs;
  const res = await sendAuthorised(path, sent, options, timeoutMs);
  const type = res.headers.get("Content-Type") ?? "";
  if (res.status === 200 && !type.includes("application/json")) return res;
  const body = envelope.safeParse(await res.json().catch(() => null));
  if (!body.success) {
    log(path, `download: HTTP ${res.status} without a file or an envelope`);
    throw new LegacyUnavailableError(`download HTTP ${res.status}`);
  }
  if (body.data.errorCode && SESSION_ENDING_CODES.has(body.data.errorCode)) {
    throw new SessionEndedError(body.data.errorMessage || body.data.message || MSG.genericError);
  }
  throw new LegacyError(body.data.message || body.data.errorMessage || "", body.data.status, body.data.errorCode ?? undefined, body.data.errorMessage || undefined);
}

/**
 * Posts a JSON body (or a FormData, sent as multipart/form-data for uploads) and parses the reply
 * with the wire schema.
 */
export async function legacyPost<S extends ZodTypeAny>(path: string, body: unknown, schema: S, options: CallOptions = {}): Promise<z.output<S>> {
  const timeoutMs = options.timeoutMs ?? env.legacyTimeoutMs;
  const res = await sendAuthorised(path, body, options, timeoutMs);

  let raw: unknown;
  try {
    raw = await res.json();
  } catch {
    log(path, `HTTP ${res.status} without a JSON body`);
    throw new LegacyUnavailableError(`HTTP ${res.status} without a JSON body`);
  }
  const parsed = envelope.safeParse(raw);
  if (!parsed.success) {
    log(path, `HTTP ${res.status}: not an envelope`);
    throw new LegacyUnavailableError("not an envelope");
  }
  const env_ = parsed.data;
  if (env_.errorCode && SESSION_ENDING_CODES.has(env_.errorCode)) {
    throw new SessionEndedError(env_.errorMessage || env_.message || MSG.genericError);
  }
  if (res.status === 401) throw new SessionEndedError(MSG.pleaseLogin);
  if (env_.status !== 200) {
    throw new LegacyError(env_.message || env_.errorMessage || "", env_.status, env_.errorCode ?? undefined, env_.errorMessage || undefined);
  }
  const data = schema.safeParse(options.whole ? raw : env_.result);
  if (!data.success) {
    log(path, `reply does not match the wire schema: ${data.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
    throw new LegacyUnavailableError("wire schema mismatch");
  }
  return data.data;
}
