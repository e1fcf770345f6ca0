/**
 * The gateway against a misbehaving legacy server over real HTTP (issue 18, "A misbehaving legacy
 * server"; spec 000 §8): LEGACY_API_URL points at tests/fake-legacy-server.ts.
 * (a)-(d) a refused connection, HTML, a reply slower than the timeout, headers and then a stall, a
 *   body that trickles or never ends: '오류가 발생하였습니다.' within the timeout;
 * (e) 401 to ten concurrent requests of one session: one refresh, ten good replies;
 * (f) a refused refresh: '로그인 정보가 만료되었습니다. 다시 로그인 해주세요.', logout called;
 * (g) HTTP 419: '로그인 해주세요.'; (h) errorCode LOGIN_001: its message, signed out;
 * (i) HTTP 200 with body status 500: the server's message in the page's '알림';
 * and a slower request carrying the old tokens cannot write them over a refresh's new ones.
 * (f)-(i) and the token race go through a page's loader and action (route-harness.ts).
 * Nothing of it may leave an unhandled rejection behind.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { LegacyUnavailableError, SessionEndedError } from "~/legacy/errors";
import { DOWNLOAD_MAX_BYTES, JSON_MAX_BYTES, legacyDownload, legacyPost } from "~/legacy/gateway.server";
import { clearShortCaches } from "~/legacy/short-cache.server";
import { setTransportForTests } from "~/legacy/transport.server";
import { relearningAction, relearningLoader } from "~/routes/_app.insert.eval.relearning+/__loader.server";
import { MSG } from "~/schemas/messages.ko";
import { env } from "~/utils/env.server";
import { unseal } from "~/utils/seal.server";
import { cookieNames } from "~/utils/session.server";
import { endless, refusedUrl, reply, stall, startFakeLegacy, type FakeLegacyServer } from "../fake-legacy-server";
import { after, flashOf, get, post, run, signedIn } from "./route-harness";
import { FakeSession } from "./fake-token-holder";
import { auditStore } from "~/utils/audit.server";

const TIMEOUT_MS = 1_000;
/** what "within the timeout" allows on a machine shared with other work */
const SLACK_MS = 1_500;

const REFRESH = "/api/auth/refreshToken.do";
const LOGOUT = "/api/auth/logout.do";
const MENUS = "/api/comm/menu/getMenuList.do";
const LIST = "/api/relearning/list.do";
const DELETE = "/api/relearning/delete.do";
const PAGE = "/insert/eval/relearning";

const schema = z.object({ value: z.number() });
const ok = (result: unknown) => ({ status: 200, result });

let legacy: FakeLegacyServer;
const saved = { url: process.env.LEGACY_API_URL, timeout: process.env.LEGACY_TIMEOUT_MS };
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

beforeAll(async () => {
  // the web tier's own audit store (with a legacy server: a PGlite folder under DATA_DIR, ADR 0028)
  // is opened once here: its first open takes seconds on a busy machine, and inside a timed race
  // case below (a delete's audit row) it changed the case's timing, not what it tests
  process.env.LEGACY_API_URL = "http://legacy.invalid";
  await auditStore();
  legacy = await startFakeLegacy();
  process.on("unhandledRejection", onUnhandled);
  process.on("uncaughtException", onUnhandled);
});
afterAll(async () => {
  process.env.LEGACY_API_URL = saved.url;
  process.env.LEGACY_TIMEOUT_MS = saved.timeout;
  if (saved.url === undefined) delete process.env.LEGACY_API_URL;
  if (saved.timeout === undefined) delete process.env.LEGACY_TIMEOUT_MS;
  await legacy.close();
  process.off("unhandledRejection", onUnhandled);
  process.off("uncaughtException", onUnhandled);
});
beforeEach(() => {
  setTransportForTests(undefined);
  process.env.LEGACY_API_URL = legacy.url;
  process.env.LEGACY_TIMEOUT_MS = String(TIMEOUT_MS);
  legacy.reset();
  clearShortCaches();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** The error a call ends with, and how long it took. */
async function failure(call: () => Promise<unknown>) {
  const started = Date.now();
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - started };
}

/** What console.error was told (the gateway's log lines). */
const logged = () => vi.mocked(console.error).mock.calls.map((c) => String(c[0])).join("\n");

/** The legacy tokens a Set-Cookie header writes, read from the sealed cookie as the browser keeps it. */
function cookieTokens(res: Response): { at?: string; rt?: string; user?: unknown } | null {
  const name = cookieNames().session;
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!set) return null;
  return unseal<{ at?: string; rt?: string; user?: unknown }>(set.slice(name.length + 1).split(";")[0], env.sessionSecrets, "session");
}

describe("a legacy server that cannot be used: '오류가 발생하였습니다.' within the timeout", () => {
  it("(a) refuses the connection", async () => {
    process.env.LEGACY_API_URL = await refusedUrl();
    const { error, ms } = await failure(() => legacyPost("/api/x.do", {}, schema));
    expect(error).toBeInstanceOf(LegacyUnavailableError);
    expect((error as Error).message).toBe(MSG.genericError);
    expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(logged()).toContain("[legacy] /api/x.do:");
  });

  it("(b) answers an HTML page instead of JSON (200 and 502)", async () => {
    legacy.on("/api/x.do", (_c, res) => reply(res, 200, "<!doctype html><title>Login</title><p>Please sign in</p>", "text/html"));
    expect(((await failure(() => legacyPost("/api/x.do", {}, schema))).error as Error).message).toBe(MSG.genericError);
    legacy.on("/api/x.do", (_c, res) => reply(res, 502, "<html><body>502 Bad Gateway</body></html>", "text/html"));
    const { error } = await failure(() => legacyPost("/api/x.do", {}, schema));
    expect(error).toBeInstanceOf(LegacyUnavailableError);
    expect((error as Error).message).toBe(MSG.genericError);
  });

  it("(c) answers slower than the timeout", async () => {
    legacy.on("/api/x.do", () => new Promise((r) => setTimeout(() => r(ok({ value: 1 })), TIMEOUT_MS * 4)));
    const { error, ms } = await failure(() => legacyPost("/api/x.do", {}, schema));
    expect(error).toBeInstanceOf(LegacyUnavailableError);
    expect((error as Error).message).toBe(MSG.genericError);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  it("(d) sends the headers and then stalls: the timeout covers the body", async () => {
    legacy.on("/api/x.do", (_c, res) => stall(res));
    const { error, ms } = await failure(() => legacyPost("/api/x.do", {}, schema));
    expect(error).toBeInstanceOf(LegacyUnavailableError);
    expect((error as Error).message).toBe(MSG.genericError);
    expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(logged()).toContain(`timeout after ${TIMEOUT_MS} ms`);
  });

  it("(d) trickles a body for longer than the timeout, a few bytes at a time", async () => {
    legacy.on("/api/x.do", (_c, res) => endless(res, undefined, 50));
    const { error, ms } = await failure(() => legacyPost("/api/x.do", {}, schema));
    expect((error as Error).message).toBe(MSG.genericError);
    expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  it("(d) streams a body that never ends: refused at the size cap, long before a generous timeout", async () => {
    legacy.on("/api/x.do", (_c, res) => endless(res));
    const { error, ms } = await failure(() => legacyPost("/api/x.do", {}, schema, { timeoutMs: 60_000 }));
    expect(error).toBeInstanceOf(LegacyUnavailableError);
    expect((error as Error).message).toBe(MSG.genericError);
    expect(logged()).toContain(`reply over ${JSON_MAX_BYTES} bytes`);
    expect(ms).toBeLessThan(30_000);
  });

  it("(d) declares a body over the cap: refused before reading it", async () => {
    legacy.on("/api/x.do", (_c, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(JSON_MAX_BYTES + 1) });
      res.write("{");
    });
    const { error, ms } = await failure(() => legacyPost("/api/x.do", {}, schema));
    expect((error as Error).message).toBe(MSG.genericError);
    expect(logged()).toContain(`reply of ${JSON_MAX_BYTES + 1} bytes`);
    expect(ms).toBeLessThan(TIMEOUT_MS);
  });

  it("the server stays usable afterwards: a good reply is read as before", async () => {
    legacy.on("/api/x.do", () => ok({ value: 42 }));
    await expect(legacyPost("/api/x.do", {}, schema)).resolves.toEqual({ value: 42 });
  });
});

describe("downloads stream, each chunk within the timeout and the whole under a cap", () => {
  const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

  it("a file streams through whole", async () => {
    const file = Buffer.alloc(3 * 1024 * 1024, 7);
    legacy.on("/api/x/excelDown.do", (_c, res) => {
      res.writeHead(200, { "Content-Type": XLSX, "Content-Length": file.length });
      res.end(file);
    });
    const res = await legacyDownload("/api/x/excelDown.do", { year: "2026" });
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
    expect(legacy.calls[0].query.get("year")).toBe("2026");
  });

  it("a download whose server stalls after the first bytes fails within the timeout", async () => {
    legacy.on("/api/x/excelDown.do", (_c, res) => stall(res, XLSX, "PK\u0003\u0004"));
    const res = await legacyDownload("/api/x/excelDown.do", {});
    const { error, ms } = await failure(() => res.arrayBuffer());
    expect(error).toBeInstanceOf(LegacyUnavailableError);
    expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(logged()).toContain(`download stalled for ${TIMEOUT_MS} ms`);
  });

  it("a download that never ends is cut at its cap", async () => {
    legacy.on("/api/x/excelDown.do", (_c, res) => endless(res, XLSX));
    const res = await legacyDownload("/api/x/excelDown.do", {}, { maxBytes: 4 * 1024 * 1024 });
    const { error } = await failure(() => res.arrayBuffer());
    expect(error).toBeInstanceOf(LegacyUnavailableError);
    expect(logged()).toContain(`download over ${4 * 1024 * 1024} bytes`);
  });

  it("a download declaring more than the default cap is refused with the generic message", async () => {
    legacy.on("/api/x/excelDown.do", (_c, res) => {
      res.writeHead(200, { "Content-Type": XLSX, "Content-Length": String(DOWNLOAD_MAX_BYTES + 1) });
      res.write("PK");
    });
    const { error } = await failure(() => legacyDownload("/api/x/excelDown.do", {}));
    expect((error as Error).message).toBe(MSG.genericError);
  });
});

describe("token refresh against a real server", () => {
  it("(e) 401 to ten concurrent requests of one session: exactly one refresh and ten good replies", async () => {
    legacy.on(REFRESH, async (call) => {
      await new Promise((r) => setTimeout(r, 100));
      return call.auth === "Bearer e-R1" ? ok({ accessToken: "e-A2", reJwtToken: "e-R2" }) : { status: 401, message: "used" };
    });
    legacy.on("/api/x.do", (call, res) => (call.auth === "Bearer e-A2" ? ok({ value: Number((call.body as { n: number }).n) }) : reply(res, 401, { status: 401 })));
    // ten requests of one browser: ten Session objects opened from the same cookie
    const sessions = Array.from({ length: 10 }, () => new FakeSession("e-A1", "e-R1"));
    const values = await Promise.all(sessions.map((s, n) => legacyPost("/api/x.do", { n }, schema, { session: s })));
    expect(values).toEqual(Array.from({ length: 10 }, (_, n) => ({ value: n })));
    expect(legacy.count(REFRESH)).toBe(1);
    expect(sessions.every((s) => s.accessToken === "e-A2" && s.refreshToken === "e-R2")).toBe(true);
  });

  it("(f) a refused refresh: the session ends with the catalogue's message and logout is called, once for ten requests", async () => {
    legacy.on(REFRESH, (_c, res) => reply(res, 401, { status: 401, message: "token expired" }));
    legacy.on(LOGOUT, (_c, res) => reply(res, 401, { status: 401 }));
    legacy.on("/api/x.do", (_c, res) => reply(res, 401, { status: 401 }));
    const sessions = Array.from({ length: 10 }, () => new FakeSession("f-A1", "f-R1"));
    const errors = await Promise.all(sessions.map((s) => legacyPost("/api/x.do", {}, schema, { session: s }).catch((e: unknown) => e)));
    for (const e of errors) {
      expect(e).toBeInstanceOf(SessionEndedError);
      expect((e as Error).message).toBe("로그인 정보가 만료되었습니다. 다시 로그인 해주세요.");
    }
    expect(legacy.count(REFRESH)).toBe(1);
    expect(legacy.calls.filter((c) => c.path === LOGOUT).map((c) => c.auth)).toEqual(["Bearer f-A1"]);
  });

  it("a refresh the server cannot answer (a proxy's 502 page, a stall) keeps the session: the generic message, no logout", async () => {
    legacy.on("/api/x.do", (_c, res) => reply(res, 401, { status: 401 }));
    legacy.on(REFRESH, (_c, res) => reply(res, 502, "<html>Bad Gateway</html>", "text/html"));
    const s = new FakeSession("u-A1", "u-R1");
    const first = await failure(() => legacyPost("/api/x.do", {}, schema, { session: s }));
    expect(first.error).toBeInstanceOf(LegacyUnavailableError);
    expect((first.error as Error).message).toBe(MSG.genericError);
    legacy.on(REFRESH, (_c, res) => stall(res));
    const second = await failure(() => legacyPost("/api/x.do", {}, schema, { session: s }));
    expect(second.error).toBeInstanceOf(LegacyUnavailableError);
    expect(second.ms).toBeLessThan(2 * TIMEOUT_MS + SLACK_MS);
    expect(legacy.count(LOGOUT)).toBe(0);
    expect(s).toMatchObject({ accessToken: "u-A1", refreshToken: "u-R1" });
  });

  it("(g) HTTP 419 ends the session with '로그인 해주세요.'", async () => {
    legacy.on("/api/x.do", (_c, res) => reply(res, 419, { status: 419 }));
    const { error } = await failure(() => legacyPost("/api/x.do", {}, schema, { session: new FakeSession("g-A1", "g-R1") }));
    expect(error).toBeInstanceOf(SessionEndedError);
    expect((error as Error).message).toBe("로그인 해주세요.");
  });
});

/** A legacy server that knows the relearning page: its menu, and `list` for the list. */
function relearningServer(list: (call: Parameters<Parameters<FakeLegacyServer["on"]>[1]>[0], res: Parameters<Parameters<FakeLegacyServer["on"]>[1]>[1]) => unknown) {
  legacy.on(MENUS, () => ok({ list: [{ menuSeq: 31, menuLvl: 2, menuTy: "INSERT", menuNm: "재학습자 선정 자료", menuUrl: PAGE }] }));
  legacy.on(LIST, list);
}

const pageLoad = (auth: { cookie: string }) => run(() => relearningLoader(get(`${PAGE}?year=2026`, auth) as never));

describe("what the page shows (through the relearning list's loader)", () => {
  it("(a)-(d) at page level: the list's '알림' reads '오류가 발생하였습니다.', never a crash page", async () => {
    relearningServer((_c, res) => stall(res));
    const res = await pageLoad(signedIn());
    expect(res.status).toBe(200);
    expect(((await res.json()) as { error: string }).error).toBe("오류가 발생하였습니다.");
  });

  it("(i) HTTP 200 with body status 500 and a message: the server's message in the page's '알림'", async () => {
    relearningServer(() => ({ status: 500, message: "재학습자 자료를 불러올 수 없습니다. 관리자에게 문의하세요." }));
    const res = await pageLoad(signedIn());
    expect(res.status).toBe(200);
    expect(((await res.json()) as { error: string }).error).toBe("재학습자 자료를 불러올 수 없습니다. 관리자에게 문의하세요.");
  });

  it("(h) errorCode LOGIN_001 with a message: that message on the sign-in page, and signed out", async () => {
    relearningServer(() => ({ status: 403, errorCode: "LOGIN_001", errorMessage: "다른 곳에서 로그인하여 로그아웃 되었습니다." }));
    const res = await pageLoad(signedIn());
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(flashOf(res)).toEqual({ kind: "error", text: "다른 곳에서 로그인하여 로그아웃 되었습니다." });
    const kept = cookieTokens(res);
    expect(kept).not.toBeNull();
    expect([kept?.user, kept?.at, kept?.rt]).toEqual([undefined, undefined, undefined]);
  });

  it("(g) HTTP 419: '로그인 해주세요.' on the sign-in page, and signed out", async () => {
    relearningServer((_c, res) => reply(res, 419, { status: 419 }));
    const res = await pageLoad(signedIn());
    expect(res.headers.get("Location")).toBe("/");
    expect(flashOf(res)).toEqual({ kind: "error", text: "로그인 해주세요." });
    expect(cookieTokens(res)?.user).toBeUndefined();
  });

  it("(f) a refused refresh: '로그인 정보가 만료되었습니다. 다시 로그인 해주세요.', signed out, logout called on the legacy server", async () => {
    relearningServer((_c, res) => reply(res, 401, { status: 401 }));
    legacy.on(REFRESH, () => ({ status: 401, message: "refresh token expired" }));
    legacy.on(LOGOUT, () => ok(null));
    const res = await pageLoad(signedIn(undefined, { accessToken: "pf-A1", refreshToken: "pf-R1" }));
    expect(res.headers.get("Location")).toBe("/");
    expect(flashOf(res)).toEqual({ kind: "error", text: "로그인 정보가 만료되었습니다. 다시 로그인 해주세요." });
    expect(cookieTokens(res)?.user).toBeUndefined();
    expect(legacy.calls.filter((c) => c.path === LOGOUT).map((c) => c.auth)).toEqual(["Bearer pf-A1"]);
  });
});

describe("a refresh's new tokens are not overwritten by a slower request with the old ones", () => {
  it("two requests of one browser: one refreshes, the slower finishes last, the cookie keeps the new tokens and the next request works", async () => {
    // not a timeout case: the legacy calls get the default time (under a loaded CI one took over 1 s)
    delete process.env.LEGACY_TIMEOUT_MS;
    // a legacy server that rotates refresh tokens and refuses one used twice (as the embedded one does)
    const live = new Set(["r-A1"]);
    let current = "r-R1";
    legacy.on(MENUS, (call, res) =>
      live.has(call.auth?.slice(7) ?? "") ? ok({ list: [{ menuSeq: 31, menuLvl: 2, menuTy: "INSERT", menuNm: "재학습자 선정 자료", menuUrl: PAGE }] }) : reply(res, 401, { status: 401 }),
    );
    legacy.on(LIST, (call, res) => (live.has(call.auth?.slice(7) ?? "") ? ok({ list: [], subj: [] }) : reply(res, 401, { status: 401 })));
    legacy.on(REFRESH, (call) => {
      if (call.auth !== `Bearer ${current}`) {
        live.clear();
        return { status: 401, errorCode: "LOGIN_005", message: "reused refresh token" };
      }
      current = "r-R2";
      live.add("r-A2");
      return ok({ accessToken: "r-A2", reJwtToken: "r-R2" });
    });
    let releaseDelete!: () => void;
    const deleteHeld = new Promise<void>((r) => (releaseDelete = r));
    legacy.on(DELETE, async (call, res) => {
      if (!live.has(call.auth?.slice(7) ?? "")) return reply(res, 401, { status: 401 });
      await deleteHeld;
      return ok(null);
    });

    const browser = signedIn(undefined, { accessToken: "r-A1", refreshToken: "r-R1" });
    // B: a delete (its flash makes it write the cookie), slow at the legacy server
    const slow = run(() => relearningAction(post(`${PAGE}?year=2026`, browser, { intent: "delete", rlSeq: "5", confirm: "delete" }) as never));
    await legacy.waitFor(DELETE);
    // meanwhile the access token expires and A, the list, refreshes
    live.delete("r-A1");
    const fast = await pageLoad(browser);
    expect(fast.status).toBe(200);
    expect(legacy.count(REFRESH)).toBe(1);
    expect(cookieTokens(fast)).toMatchObject({ at: "r-A2", rt: "r-R2" });
    let jar = after(fast, browser);

    // B answers last: its cookie is the one the browser keeps
    releaseDelete();
    const late = await slow;
    expect(late.status).toBe(302);
    expect(flashOf(late)?.text).toBe(MSG.deletedScore);
    expect(cookieTokens(late)).toMatchObject({ at: "r-A2", rt: "r-R2" });
    jar = after(late, jar);

    // the next request with what the browser kept works, without another refresh
    const next = await pageLoad(jar);
    expect(next.status).toBe(200);
    expect(((await next.json()) as { error: string | null }).error).toBeNull();
    expect(legacy.count(REFRESH)).toBe(1);
    expect(legacy.calls.filter((c) => c.path === LIST).map((c) => c.auth)).toEqual(["Bearer r-A1", "Bearer r-A2", "Bearer r-A2"]);
  });
});

describe("the process", () => {
  it("survived all of it: no unhandled rejection, no uncaught exception", async () => {
    // let late timers and aborted sockets of the cases above settle first
    await new Promise((r) => setTimeout(r, 200));
    expect(unhandled).toEqual([]);
  });
});
