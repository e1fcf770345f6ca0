/**
 * The contract tests' way to reach a backend:
 * - LEGACY_API_URL set: that server over HTTP;
 * - else DATABASE_URL set: the embedded backend in-process on that PostgreSQL;
 * - else the embedded backend in-process on an in-memory PGlite.
 * Tests create their own users with unique ids and may share one database, so they never depend
 * on the order of test files.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createEmbeddedBackend, type EmbeddedBackend } from "../../app/embedded/index.server";
import { memoryBackend } from "../memory-backend";

export interface Reply<R = any> {
  /** The HTTP status. */
  http: number;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: { status: number; message?: string; result?: R; errorCode?: string; errorMessage?: string } & Record<string, any>;
  headers: Headers;
}

export interface CallOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  method?: "POST" | "GET";
  /** A raw body string instead of JSON.stringify(body). */
  rawBody?: string;
  /** A multipart body (uploads) instead of JSON. */
  form?: FormData;
}

export interface Api {
  /** Where the calls go, for messages. */
  target: string;
  call<R = any>(path: string, body?: unknown, opts?: CallOptions): Promise<Reply<R>>;
  /** The raw Response (downloads): GET unless `opts.method` says otherwise. */
  raw(path: string, opts?: CallOptions): Promise<Response>;
  close(): Promise<void>;
  /** The embedded backend's database (absent against LEGACY_API_URL): for checks a wire call cannot make. */
  db?: EmbeddedBackend["db"];
}

/** An Api over a given embedded backend (a test that needs its own start options). */
export function apiOver(backend: EmbeddedBackend): Api {
  return {
    target: "embedded (own)",
    call: (path, body, opts) => send((req) => backend.fetch(req), "http://embedded.test", path, body, opts),
    raw: (path, opts) => backend.fetch(buildRequest("http://embedded.test", path, undefined, { method: "GET", ...opts })),
    close: () => backend.close(),
    db: backend.db,
  };
}

export async function openApi(): Promise<Api> {
  const url = process.env.LEGACY_API_URL?.trim();
  if (url) {
    const base = url.replace(/\/+$/, "");
    return {
      target: base,
      call: (path, body, opts) => send((req) => fetch(req), base, path, body, opts),
      raw: (path, opts) => fetch(buildRequest(base, path, undefined, { method: "GET", ...opts })),
      close: async () => {},
    };
  }
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const backend: EmbeddedBackend = databaseUrl ? await createEmbeddedBackend({ databaseUrl }) : await memoryBackend();
  return {
    target: databaseUrl ? "embedded (PostgreSQL)" : "embedded (memory)",
    call: (path, body, opts) => send((req) => backend.fetch(req), "http://embedded.test", path, body, opts),
    raw: (path, opts) => backend.fetch(buildRequest("http://embedded.test", path, undefined, { method: "GET", ...opts })),
    close: () => backend.close(),
    db: backend.db,
  };
}

function buildRequest(base: string, path: string, body: unknown, opts: CallOptions = {}): Request {
  const method = opts.method ?? "POST";
  const headers: Record<string, string> = { accept: "application/json" };
  if (method === "POST" && !opts.form) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Request(base + path, {
    method,
    headers,
    body: method === "POST" ? (opts.form ?? opts.rawBody ?? JSON.stringify(body ?? {})) : undefined,
  });
}

async function send(
  doFetch: (req: Request) => Promise<Response>,
  base: string,
  path: string,
  body: unknown,
  opts: CallOptions = {},
): Promise<Reply> {
  const res = await doFetch(buildRequest(base, path, body, opts));
  const text = await res.text();
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { http: res.status, body: parsed, headers: res.headers };
}

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || "Demo1234!";
export const ADMIN_ID = process.env.CONTRACT_ADMIN_ID || "admin";

/** A fresh id (letters and digits) unlikely to exist. */
export function uniqueId(prefix = "t"): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
}

export const YEAR = 2025;
export const DEPT_CODE = "0000300001";
export const EMAIL_CODE = "0000400001";
export const GOOD_PASSWORD = "Passw0rd!x";

/** A valid sign-up body for a new id. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    userId: uniqueId("su"),
    userNm: "홍길동",
    dptCd: DEPT_CODE,
    telNo: "010-1234-5678",
    email: "gildong.hong",
    emailCd: EMAIL_CODE,
    authTy: "1",
    userPass: GOOD_PASSWORD,
    ...overrides,
  };
}

export interface Session {
  accessToken: string;
  reJwtToken: string;
  UID: string;
  userInfo: Record<string, any>;
}

export async function login(api: Api, userId: string, userPass: string, autoLogin: "Y" | "N" = "N"): Promise<Session> {
  const r = await api.call("/api/login.do", { userId, userPass, autoLogin, state: "" });
  if (r.body?.status !== 200) throw new Error(`login ${userId} failed: ${JSON.stringify(r.body)}`);
  const { userInfo, reJwtToken, UID } = r.body.result;
  return { accessToken: userInfo.accessToken, reJwtToken, UID, userInfo };
}

export const loginAdmin = (api: Api) => login(api, ADMIN_ID, DEMO_PASSWORD);

/**
 * A test file's backend with the administrator and the demo accounts named (`"entry01"`, …) signed
 * in, for a file that keeps them in its own variables:
 * `beforeAll(async () => ({ api, admin, sessions: [entry] } = await openSignedIn("entry01")));`
 */
export async function openSignedIn(...userIds: string[]): Promise<{ api: Api; admin: Session; sessions: Session[] }> {
  const api = await openApi();
  const [admin, ...sessions] = await Promise.all([loginAdmin(api), ...userIds.map((id) => login(api, id, DEMO_PASSWORD))]);
  return { api, admin, sessions };
}

export interface AdminApi {
  /** the backend (set before the file's tests run) */
  readonly api: Api;
  /** the administrator's session */
  readonly admin: Session;
  /** a JSON call with the administrator's token */
  call<R = any>(path: string, body?: unknown): Promise<Reply<R>>;
  /** a JSON call with the token of a demo account the file signed in (`users`), or the administrator's (ADMIN_ID) */
  callAs<R = any>(userId: string, path: string, body?: unknown): Promise<Reply<R>>;
  /** a GET (downloads) with the administrator's token */
  get(pathAndQuery: string): Promise<Response>;
}

/**
 * A test file's backend signed in as administrator, and as the demo accounts `users` names: opened
 * before the file's tests (hooks the file registers after this run after it) and closed after them.
 * With `skip` nothing is opened (a file of the embedded backend's additions, against LEGACY_API_URL).
 */
export function adminApi(opts: { users?: string[]; skip?: boolean } = {}): AdminApi {
  let signedIn: { api: Api; admin: Session; sessions: Map<string, Session> } | undefined;
  beforeAll(async () => {
    if (opts.skip) return;
    const users = opts.users ?? [];
    const { api, admin, sessions } = await openSignedIn(...users);
    signedIn = { api, admin, sessions: new Map([[ADMIN_ID, admin], ...users.map((id, i) => [id, sessions[i]] as const)]) };
  });
  afterAll(async () => {
    await signedIn?.api.close();
  });
  const opened = () => {
    if (!signedIn) throw new Error("adminApi: used before the file's beforeAll");
    return signedIn;
  };
  const sessionOf = (userId: string) => {
    const s = opened().sessions.get(userId);
    if (!s) throw new Error(`adminApi: ${userId} was not signed in (users)`);
    return s;
  };
  return {
    get api() {
      return opened().api;
    },
    get admin() {
      return opened().admin;
    },
    call: (path, body = {}) => opened().api.call(path, body, { token: opened().admin.accessToken }),
    callAs: (userId, path, body = {}) => opened().api.call(path, body, { token: sessionOf(userId).accessToken }),
    get: (pathAndQuery) => opened().api.raw(pathAndQuery, { token: opened().admin.accessToken }),
  };
}

/** What find-password asks for (the id, name, department, phone and e-mail), from a sign-up body. */
export const identityOf = (b: Record<string, any>) => ({ userId: b.userId, userNm: b.userNm, dptCd: b.dptCd, telNo: b.telNo, email: b.email, emailCd: b.emailCd });

/**
 * Creates an approved user through the administrator's user registration and answers its id,
 * seq and password.
 */
export async function createApprovedUser(
  api: Api,
  admin: Session,
  overrides: Record<string, unknown> = {},
): Promise<{ userId: string; userSeq: number; password: string; body: Record<string, any> }> {
  const body = { ...signupBody(overrides), usyn: "Y", aprYn: "Y" } as Record<string, any>;
  const r = await api.call("/api/insertUserInfo.do", body, { token: admin.accessToken });
  if (r.body?.status !== 200) throw new Error(`create user failed: ${JSON.stringify(r.body)}`);
  return { userId: body.userId, userSeq: r.body.result.userSeq, password: body.userPass, body };
}
