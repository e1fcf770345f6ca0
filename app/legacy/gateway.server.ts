/**
 * The legacy gateway: the only code that talks to `.do` endpoints (docs/architecture.md "Gateway").
 *
 * One function, `legacyPost`, posts a JSON body to a path and parses the reply with a zod wire
 * schema. It owns the legacy rules of spec 000 §7-§8:
 * - body `status` 200 is success; anything else is a LegacyError with the server's message;
 * - HTTP 401 refreshes the token once (/api/auth/refreshToken.do), concurrent requests of one
 *   session sharing that one refresh, then replays; a refused refresh calls logout and ends the
 *   session; the new pair is remembered (token-rotation.server.ts) so that a slower request with
 *   the old pair adopts it instead of writing the old one back;
 * - HTTP 419 and errorCode LOGIN_001 / LOGIN_005 end the session with the catalogue's message;
 * - network faults, timeouts (headers and body), replies over the size cap and replies outside
 *   the contract are logged and become '오류가 발생하였습니다.' (issue 18, ADR 0025).
 */
import { z, type ZodTypeAny } from "zod";
import { MSG } from "~/schemas/messages.ko";
import { env } from "~/utils/env.server";
import { LegacyError, LegacyMissingCallError, LegacyUnavailableError, SessionEndedError } from "./errors";
import { latestTokens, recordRefusal, recordRotation, wasRefused, type RotationBinding, type Tokens } from "./token-rotation.server";
import { CALLS } from "./inventory.generated";
import { legacyOrigin, transport } from "./transport.server";
import { auditCall, auditedCall } from "~/utils/audit-calls.server";
import { AUTH } from "~/calls/auth";
import { undeclaredFields, type CallDef, type CallKind, type DownloadDef } from "~/calls/define";
import { asQuery } from "./wire";

/** What the gateway needs of a session: its tokens, and a way to store refreshed ones. */
export interface TokenHolder {
  readonly accessToken?: string;
  readonly refreshToken?: string;
  readonly autoLogin: boolean;
  /** the signed-in session's scope for the short caches (short-cache.server.ts); none: not cached */
  readonly cacheScope?: string;
  /** who may adopt a rotation of these tokens (token-rotation.server.ts); none: anyone holding them */
  readonly rotationBinding?: RotationBinding;
  setTokens(accessToken: string, refreshToken: string): void;
}

export interface CallOptions {
  /** the signed-in session whose tokens authorise the call; omit for public calls */
  session?: TokenHolder;
  /** send this bearer token instead of the session's access token (refresh, auto-login) */
  bearer?: string;
  /** parse the whole body with the schema instead of its `result` */
  whole?: boolean;
  /** the call's time, headers and body (a download: the longest wait for each chunk) */
  timeoutMs?: number;
  /** the largest reply accepted (default JSON_MAX_BYTES; a download DOWNLOAD_MAX_BYTES) */
  maxBytes?: number;
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

/** HTTP statuses of a post to a call the server does not have (a Java server's 404 / 405, a gateway's 501). */
const MISSING_CALL_STATUS = new Set([404, 405, 501]);

const SESSION_ENDING_CODES = new Set(["LOGIN_001", "LOGIN_005"]);

/**
 * The largest reply read into memory (JSON envelopes): the biggest list the screens ask for is a
 * few megabytes; past this a reply is a fault of the server (docs/decisions/0025-legacy-replies-bounded-and-token-rotation.md).
 */
export const JSON_MAX_BYTES = 20 * 1024 * 1024;
/** The largest download streamed through (files are at most 10 MB, spec 000 §9; Excel lists more). */
export const DOWNLOAD_MAX_BYTES = 200 * 1024 * 1024;

function log(path: string, reason: string) {
  console.error(`[legacy] ${path}: ${reason}`);
}

const reasonOf = (e: unknown) => (e instanceof LegacyUnavailableError ? e.reason : e instanceof Error ? e.message : String(e));

/** How a reply's body is taken: read whole (within the call's time and the size cap) or streamed on. */
interface ReadMode {
  stream: boolean;
  maxBytes: number;
}

/**
 * The end-to-end server runs with INVENTORY_STRICT=1: a call missing from the inventory
 * (inventory.generated.ts) fails there at once instead of reaching a legacy server unlisted.
 */
const INVENTORY_STRICT = process.env.INVENTORY_STRICT === "1";

const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

/** Reads a body whole, refusing more than `maxBytes`; `deadline` rejects when the call's time is up. */
async function readCapped(res: Response, maxBytes: number, deadline: Promise<never>): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(res.headers.get("Content-Length"));
  if (declared > maxBytes) throw new LegacyUnavailableError(`reply of ${declared} bytes, over ${maxBytes}`);
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new LegacyUnavailableError(`reply over ${maxBytes} bytes`);
      chunks.push(value);
    }
  } catch (e) {
    reader.cancel().catch(() => {});
    throw e;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * A download's body passed on as it arrives: each chunk must come within `idleMs` (a server that
 * sends the headers and stalls ends the download instead of holding it open for ever) and the
 * whole within `maxBytes`. Either fault is logged, aborts the legacy request and errors the stream
 * (the browser sees a failed download; Remix closes the response).
 */
function guardedStream(path: string, body: ReadableStream<Uint8Array>, controller: AbortController, idleMs: number, maxBytes: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(out) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new LegacyUnavailableError(`download stalled for ${idleMs} ms`)), idleMs);
      });
      try {
        const { done, value } = await Promise.race([reader.read(), idle]);
        if (done) {
          out.close();
          return;
        }
        size += value.byteLength;
        if (size > maxBytes) throw new LegacyUnavailableError(`download over ${maxBytes} bytes`);
        out.enqueue(value);
      } catch (e) {
        log(path, reasonOf(e));
        controller.abort();
        reader.cancel().catch(() => {});
        out.error(e instanceof LegacyUnavailableError ? e : new LegacyUnavailableError(reasonOf(e)));
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      controller.abort();
      return reader.cancel(reason).catch(() => {});
    },
  });
}

/**
 * A POST with a JSON body; a multipart POST when `body` is a FormData (uploads); a GET when it is
 * a URLSearchParams (downloads).
 *
 * The call's time covers the body, not only the headers: a reply is read whole within `timeoutMs`
 * and `mode.maxBytes`, and answered as a Response over the bytes read. Only a download's file
 * (`mode.stream`, HTTP 200 and not JSON) is passed on unread, guarded by guardedStream. Whatever
 * goes wrong (refused connection, timeout, a stalled or oversized body) is logged and becomes a
 * LegacyUnavailableError: '오류가 발생하였습니다.'.
 */
async function send(path: string, body: unknown, bearer: string | undefined, timeoutMs: number, mode: ReadMode = { stream: false, maxBytes: JSON_MAX_BYTES }): Promise<Response> {
  if (INVENTORY_STRICT && !(path in CALLS)) throw new Error(`${path} is not in the call inventory: run npm run inventory (docs/contract.md "Inventory")`);
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
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // made when it fires: an error object records its stack, and almost every call ends in time
      const timedOut = new LegacyUnavailableError(`timeout after ${timeoutMs} ms`);
      reject(timedOut);
      controller.abort(timedOut);
    }, timeoutMs);
  });
  // the deadline may fire after the race it was in has settled: never an unhandled rejection
  deadline.catch(() => {});
  let res: Response | undefined;
  try {
    res = await Promise.race([transport(request), deadline]);
    const type = res.headers.get("Content-Type") ?? "";
    if (mode.stream && res.status === 200 && !type.includes("application/json") && res.body) {
      const declared = Number(res.headers.get("Content-Length"));
      if (declared > mode.maxBytes) throw new LegacyUnavailableError(`download of ${declared} bytes, over ${mode.maxBytes}`);
      clearTimeout(timer);
      return new Response(guardedStream(path, res.body, controller, timeoutMs, mode.maxBytes), { status: res.status, statusText: res.statusText, headers: res.headers });
    }
    // a download's error envelope is JSON like any other reply
    const bytes = await readCapped(res, mode.stream ? Math.min(mode.maxBytes, JSON_MAX_BYTES) : mode.maxBytes, deadline);
    return new Response(NULL_BODY_STATUS.has(res.status) ? null : bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
  } catch (e) {
    // the abort of a timeout may surface as the transport's AbortError: it is the timeout
    const reasonOfAbort: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
    const error = reasonOfAbort instanceof LegacyUnavailableError ? reasonOfAbort : e;
    controller.abort();
    res?.body?.cancel().catch(() => {});
    const reason = reasonOf(error);
    log(path, reason);
    throw error instanceof LegacyUnavailableError ? error : new LegacyUnavailableError(reason);
  } finally {
    clearTimeout(timer);
  }
}

// ---- token refresh, shared by concurrent requests of one session ----

type Refresh = { kind: "ok"; tokens: Tokens } | { kind: "refused" } | { kind: "unavailable"; error: LegacyUnavailableError };
const inflight = new Map<string, Promise<Refresh>>();

const token = z.string().min(1);
/**
 * Spec 000 §7 names only `refreshToken.do {autoLogin} -> result.reJwtToken`; where the new access
 * token arrives is left open. Every plausible reading is accepted (docs/contract.md "Tokens"):
 * `result.accessToken` (the embedded backend), `result.userInfo.accessToken` (as login.do gives it),
 * `result.jwtToken`, a `Bearer` in the reply's Authorization header, and, when none of them, the
 * `reJwtToken` itself as the one new token for both uses. The refresh token is `reJwtToken`.
 */
const refreshResult = z
  .object({
    reJwtToken: token,
    accessToken: token.nullish().catch(undefined),
    jwtToken: token.nullish().catch(undefined),
    userInfo: z.object({ accessToken: token.nullish().catch(undefined) }).passthrough().nullish().catch(undefined),
  })
  .passthrough();

/** The new pair of a refresh reply (see refreshResult); exported for its unit test. */
export function tokensOfRefresh(result: unknown, headers?: Headers): Tokens | null {
  const r = refreshResult.safeParse(result);
  if (!r.success) return null;
  const header = /^Bearer\s+(\S+)\s*$/i.exec(headers?.get("Authorization") ?? "")?.[1];
  const accessToken = r.data.accessToken || r.data.userInfo?.accessToken || r.data.jwtToken || header || r.data.reJwtToken;
  return { accessToken, refreshToken: r.data.reJwtToken };
}

/** Parses a read body as JSON; undefined when it is not JSON (a proxy's HTML page). */
async function jsonOf(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

/**
 * One refresh. Spec 000 §8: when the server refuses it, the product calls logout and the session
 * ends. When the server cannot be reached or answers outside the contract, nothing is known about
 * the tokens: the call fails with '오류가 발생하였습니다.' and the session is kept (a network blip
 * does not sign everybody out).
 */
async function doRefresh(refreshToken: string, accessToken: string | undefined, autoLogin: boolean, timeoutMs: number, by?: string): Promise<Refresh> {
  const path = AUTH.refresh.path;
  let res: Response;
  try {
    res = await send(path, { autoLogin: autoLogin ? "Y" : "N" }, refreshToken, timeoutMs);
  } catch (e) {
    return { kind: "unavailable", error: e instanceof LegacyUnavailableError ? e : new LegacyUnavailableError(reasonOf(e)) };
  }
  const body = envelope.safeParse(await jsonOf(res));
  if (!body.success && res.status < 400) {
    log(path, `HTTP ${res.status}: not an envelope`);
    return { kind: "unavailable", error: new LegacyUnavailableError("refresh: not an envelope") };
  }
  if (!body.success && res.status >= 500) {
    log(path, `HTTP ${res.status} without an envelope`);
    return { kind: "unavailable", error: new LegacyUnavailableError(`refresh: HTTP ${res.status}`) };
  }
  const tokens = res.status === 200 && body.success && body.data.status === 200 ? tokensOfRefresh(body.data.result, res.headers) : null;
  if (tokens) {
    recordRotation(refreshToken, tokens, Date.now(), by);
    return { kind: "ok", tokens };
  }
  recordRefusal(refreshToken);
  log(path, `refused (HTTP ${res.status}${body.success ? `, status ${body.data.status}${body.data.errorCode ? ` ${body.data.errorCode}` : ""}` : ""}): logging out`);
  // spec 000 §8 "if refresh fails, call logout": with the session's own access token, best effort
  try {
    await send(AUTH.logout.path, {}, accessToken, timeoutMs);
  } catch {
    // logged by send; the local sign-out goes ahead regardless
  }
  return { kind: "refused" };
}

/**
 * Exchanges a session's refresh token once, however many requests ask at the same time; a token
 * exchanged here lately answers the pair it was exchanged for, one refused lately null at once
 * (token-rotation.server.ts).
 * Answers the new pair, or null when the server refused (the session is over); throws a
 * LegacyUnavailableError when the server could not be asked.
 */
export async function refreshOnce(session: TokenHolder, timeoutMs = env.legacyTimeoutMs): Promise<Tokens | null> {
  const rt = session.refreshToken;
  if (!rt) return null;
  const done = latestTokens(rt, Date.now(), session.rotationBinding);
  if (done) return done;
  if (wasRefused(rt)) return null;
  let p = inflight.get(rt);
  if (!p) {
    p = doRefresh(rt, session.accessToken, session.autoLogin, timeoutMs, session.rotationBinding?.by).finally(() => inflight.delete(rt));
    inflight.set(rt, p);
  }
  const r = await p;
  if (r.kind === "unavailable") throw r.error;
  return r.kind === "ok" ? r.tokens : null;
}

// ---- the call ----

/**
 * Sends once, and once more after a shared token refresh when the server answers 401. A session
 * whose refresh token another request has exchanged meanwhile takes the new pair first.
 */
async function sendAuthorised(path: string, body: unknown, options: CallOptions, timeoutMs: number, mode: ReadMode): Promise<Response> {
  const session = options.session;
  if (session && !options.bearer) {
    const newer = latestTokens(session.refreshToken, Date.now(), session.rotationBinding);
    if (newer) session.setTokens(newer.accessToken, newer.refreshToken);
  }
  let res = await send(path, body, options.bearer ?? session?.accessToken, timeoutMs, mode);
  if (res.status === 401 && session && !options.bearer) {
    const tokens = await refreshOnce(session, timeoutMs);
    if (!tokens) throw new SessionEndedError(MSG.sessionExpired);
    session.setTokens(tokens.accessToken, tokens.refreshToken);
    res = await send(path, body, tokens.accessToken, timeoutMs, mode);
    if (res.status === 401) throw new SessionEndedError(MSG.sessionExpired);
  }
  if (res.status === 419) throw new SessionEndedError(MSG.pleaseLogin);
  return res;
}

/**
 * A GET download (files, Excel): the server's Response, its body streaming (each chunk within the
 * call's time, the whole within DOWNLOAD_MAX_BYTES), for a resource route to pass on. A JSON
 * reply is an error envelope and becomes the same errors as legacyPost's.
 */
export function legacyDownload(path: string, query: Record<string, string>, options: CallOptions = {}): Promise<Response> {
  return download(path, new URLSearchParams(query), options);
}

/** A POST download (spec 002 §7: e.g. BasicmdEvalListExcelDown.do {list, ceType} → blob): a JSON body, the file answered. */
export function legacyPostDownload(path: string, body: Record<string, unknown>, options: CallOptions = {}): Promise<Response> {
  return download(path, body, options);
}

async function download(path: string, sent: URLSearchParams | Record<string, unknown>, options: CallOptions): Promise<Response> {
  if (!auditedCall(path)) return downloadOnce(path, sent, options);
  // the audit log's calls (utils/audit-calls.server.ts, ADR 0067), succeeded or refused
  try {
    const res = await downloadOnce(path, sent, options);
    await auditCall(path, sent, null);
    return res;
  } catch (e) {
    await auditCall(path, sent, null, e);
    throw e;
  }
}

async function downloadOnce(path: string, sent: URLSearchParams | Record<string, unknown>, options: CallOptions): Promise<Response> {
  const timeoutMs = options.timeoutMs ?? env.legacyTimeoutMs;
  const res = await sendAuthorised(path, sent, options, timeoutMs, { stream: true, maxBytes: options.maxBytes ?? DOWNLOAD_MAX_BYTES });
  const type = res.headers.get("Content-Type") ?? "";
  if (res.status === 200 && !type.includes("application/json")) return res;
  const body = envelope.safeParse(await jsonOf(res));
  if (!body.success) {
    log(path, `download: HTTP ${res.status} without a file or an envelope`);
    throw new LegacyUnavailableError(`download HTTP ${res.status}`);
  }
  if (body.data.errorCode && SESSION_ENDING_CODES.has(body.data.errorCode)) {
    throw new SessionEndedError(body.data.errorMessage || body.data.message || MSG.genericError);
  }
  throw new LegacyError(body.data.message || body.data.errorMessage || "", body.data.status, body.data.errorCode ?? undefined, body.data.errorMessage || undefined);
}

/** What a call's definition is sent with: its request's fields, or for an upload a FormData of them and the files. */
export type CallBody<D extends CallDef> = D["kind"] extends "upload" ? FormData : z.input<D["request"]>;

/** A body's fields that its call does not declare fail the end-to-end server at once (ADR 0079: write exactly). */
function checkRequest(def: CallDef, body: unknown) {
  if (!INVENTORY_STRICT) return;
  const extra = undeclaredFields(def, body);
  if (extra.length) throw new Error(`${def.path} sent ${extra.join(", ")}, which its definition's request does not declare (app/calls)`);
}

/**
 * Makes a call by its definition (app/calls, ADR 0079): a JSON post or an upload, the reply read
 * with the definition's schema (its `result`, or the whole body).
 */
export function callLegacy<D extends CallDef<ZodTypeAny, ZodTypeAny, Exclude<CallKind, "download" | "postDownload">>>(def: D, body: CallBody<D>, options: Omit<CallOptions, "whole"> = {}): Promise<z.output<D["reply"]>> {
  checkRequest(def, body);
  return legacyPost(def.path, body, replyFor(def.reply, body), { ...options, whole: def.whole });
}

/**
 * The reply schema for this request: a list's evaluation-mode reading (`evalOrPlainList`'s
 * `evalMode`) when the body asks for evaluation mode (eiSeq and menuSeq), else the definition's.
 */
function replyFor(reply: ZodTypeAny, body: unknown): ZodTypeAny {
  const b = body as { eiSeq?: unknown; menuSeq?: unknown } | null;
  const evalMode = (reply as { evalMode?: unknown }).evalMode;
  return evalMode instanceof z.ZodType && b && typeof b === "object" && b.eiSeq && b.menuSeq ? evalMode : reply;
}

/** Downloads a file by its call's definition: a GET with the request's fields as the query, or a POST of them. */
export function downloadLegacy<D extends DownloadDef>(def: D, fields: z.input<D["request"]>, options: CallOptions = {}): Promise<Response> {
  checkRequest(def, fields);
  return def.kind === "download" ? legacyDownload(def.path, asQuery(fields as Record<string, string | number | string[] | undefined>), options) : legacyPostDownload(def.path, fields as Record<string, unknown>, options);
}

/**
 * Posts a JSON body (or a FormData, sent as multipart/form-data for uploads) and parses the reply
 * with the wire schema. The calls of app/calls go through callLegacy; this is its transport.
 */
export async function legacyPost<S extends ZodTypeAny>(path: string, body: unknown, schema: S, options: CallOptions = {}): Promise<z.output<S>> {
  if (!auditedCall(path)) return postOnce(path, body, schema, options);
  // the audit log's calls (utils/audit-calls.server.ts, ADR 0067): imports, personal-data reads,
  // account recovery, with how each ended
  try {
    const result = await postOnce(path, body, schema, options);
    await auditCall(path, body, result);
    return result;
  } catch (e) {
    await auditCall(path, body, null, e);
    throw e;
  }
}

async function postOnce<S extends ZodTypeAny>(path: string, body: unknown, schema: S, options: CallOptions): Promise<z.output<S>> {
  const timeoutMs = options.timeoutMs ?? env.legacyTimeoutMs;
  const res = await sendAuthorised(path, body, options, timeoutMs, { stream: false, maxBytes: options.maxBytes ?? JSON_MAX_BYTES });

  if (MISSING_CALL_STATUS.has(res.status)) {
    log(path, `HTTP ${res.status}: the server has no such call`);
    throw new LegacyMissingCallError(path, res.status);
  }
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
