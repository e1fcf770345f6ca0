/** The legacy gateway rules of spec 000 §7-§8 (issue 2, section 2). */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { LegacyError, LegacyUnavailableError, SessionEndedError } from "~/legacy/errors";
import { legacyPost } from "~/legacy/gateway.server";
import { setTransportForTests, type Transport } from "~/legacy/transport.server";
import { MSG } from "~/schemas/messages.ko";
import { FakeSession } from "./fake-token-holder";

const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let calls: { path: string; auth: string | null; body: unknown }[] = [];
function use(handler: (path: string, auth: string | null, body: unknown) => Response | Promise<Response>) {
  const t: Transport = async (req) => {
    const path = new URL(req.url).pathname;
    const body = await req.json();
    calls.push({ path, auth: req.headers.get("Authorization"), body });
    return handler(path, req.headers.get("Authorization"), body);
  };
  setTransportForTests(t);
}

beforeEach(() => {
  calls = [];
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  setTransportForTests(undefined);
  vi.restoreAllMocks();
});

const schema = z.object({ value: z.number() });

describe("legacy gateway", () => {
  it("parses the result of a body status 200 with the wire schema", async () => {
    use(() => reply({ status: 200, result: { value: 7 } }));
    await expect(legacyPost("/api/x.do", { a: 1 }, schema)).resolves.toEqual({ value: 7 });
    expect(calls[0]).toMatchObject({ path: "/api/x.do", body: { a: 1 } });
  });

  it("turns another body status into a LegacyError with the server's message", async () => {
    use(() => reply({ status: 400, message: "이미 등록된 자료입니다." }));
    const e = await legacyPost("/api/x.do", {}, schema).catch((x) => x);
    expect(e).toBeInstanceOf(LegacyError);
    expect(e.message).toBe("이미 등록된 자료입니다.");
    expect(e.status).toBe(400);
  });

  it("uses '오류가 발생하였습니다.' when the error has no message, and says it had none", async () => {
    use(() => reply({ status: 500 }));
    const e = await legacyPost("/api/x.do", {}, schema).catch((x) => x);
    expect(e).toBeInstanceOf(LegacyError);
    expect(e.message).toBe(MSG.genericError);
    expect(e.serverMessage).toBe("");
  });

  it("keeps the server's own text and its errorMessage apart from the generic one", async () => {
    use(() => reply({ status: 400, errorMessage: "평가 자료가 없습니다." }));
    const e = await legacyPost("/api/x.do", {}, schema).catch((x) => x);
    expect(e).toMatchObject({ message: "평가 자료가 없습니다.", serverMessage: "평가 자료가 없습니다.", errorMessage: "평가 자료가 없습니다." });
    use(() => reply({ status: 400, message: "메시지" }));
    expect(await legacyPost("/api/x.do", {}, schema).catch((x) => x)).toMatchObject({ serverMessage: "메시지", errorMessage: undefined });
  });

  it("refuses a reply that does not match the wire schema with the generic message", async () => {
    use(() => reply({ status: 200, result: { value: "seven" } }));
    const e = await legacyPost("/api/x.do", {}, schema).catch((x) => x);
    expect(e).toBeInstanceOf(LegacyUnavailableError);
    expect(e.message).toBe(MSG.genericError);
  });

  it("sends the session's access token", async () => {
    use(() => reply({ status: 200, result: { value: 1 } }));
    await legacyPost("/api/x.do", {}, schema, { session: new FakeSession("A1", "R1") });
    expect(calls[0].auth).toBe("Bearer A1");
  });

  it("on HTTP 401 refreshes once, stores the new tokens and replays", async () => {
    use((path, auth) => {
      if (path === "/api/auth/refreshToken.do") {
        expect(auth).toBe("Bearer R1");
        return reply({ status: 200, result: { accessToken: "A2", reJwtToken: "R2" } });
      }
      return auth === "Bearer A2" ? reply({ status: 200, result: { value: 2 } }) : reply({ status: 401 }, 401);
    });
    const s = new FakeSession("A1", "R1");
    await expect(legacyPost("/api/x.do", {}, schema, { session: s })).resolves.toEqual({ value: 2 });
    expect(s.accessToken).toBe("A2");
    expect(s.refreshToken).toBe("R2");
    expect(calls.map((c) => c.path)).toEqual(["/api/x.do", "/api/auth/refreshToken.do", "/api/x.do"]);
  });

  // spec 000 §7 names only `-> result.reJwtToken`: every plausible place of the new access token (issue 33)
  it.each([
    ["only reJwtToken: one token for both uses", { reJwtToken: "ONE" }, undefined, "ONE", "ONE"],
    ["accessToken beside it (the embedded backend)", { accessToken: "A2", reJwtToken: "R2" }, undefined, "A2", "R2"],
    ["userInfo.accessToken, as login.do gives it", { userInfo: { userSeq: 1, accessToken: "U2" }, reJwtToken: "R3" }, undefined, "U2", "R3"],
    ["jwtToken", { jwtToken: "J2", reJwtToken: "R4" }, undefined, "J2", "R4"],
    ["a Bearer in the reply's Authorization header", { reJwtToken: "R5" }, "Bearer H2", "H2", "R5"],
    ["a null accessToken (a Java server's absent value)", { accessToken: null, reJwtToken: "R6" }, undefined, "R6", "R6"],
  ])("a refresh reply with %s", async (_name, result, header, access, refresh) => {
    use((path, auth) => {
      if (path === "/api/auth/refreshToken.do") {
        const r = reply({ status: 200, result });
        if (header) r.headers.set("Authorization", header);
        return r;
      }
      return auth === `Bearer ${access}` ? reply({ status: 200, result: { value: 5 } }) : reply({ status: 401 }, 401);
    });
    const s = new FakeSession(`old-${access}`, `oldR-${refresh}`);
    await expect(legacyPost("/api/x.do", {}, schema, { session: s })).resolves.toEqual({ value: 5 });
    expect([s.accessToken, s.refreshToken]).toEqual([access, refresh]);
  });

  it("N concurrent requests of one session that all get 401 cause exactly one refresh call", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    use(async (path, auth) => {
      if (path === "/api/auth/refreshToken.do") {
        await gate;
        return reply({ status: 200, result: { accessToken: "B2", reJwtToken: "S2" } });
      }
      return auth === "Bearer B2" ? reply({ status: 200, result: { value: 3 } }) : reply({ status: 401 }, 401);
    });
    // eight requests of one browser session: eight session objects holding the same cookie
    const sessions = Array.from({ length: 8 }, () => new FakeSession("B1", "S1"));
    const all = Promise.all(sessions.map((s) => legacyPost("/api/x.do", {}, schema, { session: s })));
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(all).resolves.toHaveLength(8);
    expect(calls.filter((c) => c.path === "/api/auth/refreshToken.do")).toHaveLength(1);
    expect(sessions.every((s) => s.accessToken === "B2" && s.refreshToken === "S2")).toBe(true);
  });

  it("a failed refresh ends the session with '로그인 정보가 만료되었습니다. 다시 로그인 해주세요.'", async () => {
    use((path) => (path === "/api/auth/refreshToken.do" ? reply({ status: 401, message: "expired" }) : reply({ status: 401 }, 401)));
    const e = await legacyPost("/api/x.do", {}, schema, { session: new FakeSession("C1", "T1") }).catch((x) => x);
    expect(e).toBeInstanceOf(SessionEndedError);
    expect(e.message).toBe(MSG.sessionExpired);
  });

  it("HTTP 419 ends the session with '로그인 해주세요.'", async () => {
    use(() => reply({ status: 419 }, 419));
    const e = await legacyPost("/api/x.do", {}, schema, { session: new FakeSession("D1", "U1") }).catch((x) => x);
    expect(e).toBeInstanceOf(SessionEndedError);
    expect(e.message).toBe(MSG.pleaseLogin);
  });

  it.each(["LOGIN_001", "LOGIN_005"])("errorCode %s ends the session showing the server's errorMessage", async (code) => {
    use(() => reply({ status: 403, errorCode: code, errorMessage: "다른 기기에서 로그인되었습니다." }));
    const e = await legacyPost("/api/x.do", {}, schema, { session: new FakeSession("E1", "V1") }).catch((x) => x);
    expect(e).toBeInstanceOf(SessionEndedError);
    expect(e.message).toBe("다른 기기에서 로그인되었습니다.");
  });

  it("a network failure is logged and becomes the generic message", async () => {
    setTransportForTests(async () => {
      throw new TypeError("fetch failed: ECONNREFUSED");
    });
    const e = await legacyPost("/api/x.do", {}, schema).catch((x) => x);
    expect(e).toBeInstanceOf(LegacyUnavailableError);
    expect(e.message).toBe(MSG.genericError);
    expect(console.error).toHaveBeenCalled();
  });

  it("a call that outlives the timeout is abandoned with the generic message", async () => {
    setTransportForTests(() => new Promise(() => {}));
    const started = Date.now();
    const e = await legacyPost("/api/x.do", {}, schema, { timeoutMs: 50 }).catch((x) => x);
    expect(e).toBeInstanceOf(LegacyUnavailableError);
    expect(e.message).toBe(MSG.genericError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a non-JSON reply (a proxy's HTML error page) becomes the generic message", async () => {
    setTransportForTests(async () => new Response("<html>Bad Gateway</html>", { status: 502 }));
    const e = await legacyPost("/api/x.do", {}, schema).catch((x) => x);
    expect(e).toBeInstanceOf(LegacyUnavailableError);
  });
});

describe("legacy gateway transports", () => {
  it("sends a FormData as multipart and a download as GET with the query", async () => {
    const seen: { method: string; type: string | null; url: string }[] = [];
    setTransportForTests(async (req) => {
      seen.push({ method: req.method, type: req.headers.get("Content-Type"), url: req.url });
      if (req.method === "GET") return new Response("PK\u0003\u0004", { headers: { "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" } });
      const form = await req.formData();
      return reply({ status: 200, result: { value: Number(form.get("n")) } });
    });
    const fd = new FormData();
    fd.set("n", "5");
    fd.set("file", new Blob(["x"]), "a.xlsx");
    await expect(legacyPost("/api/up.do", fd, schema)).resolves.toEqual({ value: 5 });
    expect(seen[0].method).toBe("POST");
    expect(seen[0].type).toMatch(/^multipart\/form-data; boundary=/);
    const { legacyDownload } = await import("~/legacy/gateway.server");
    const res = await legacyDownload("/api/x/excelDown.do", { year: "2026" });
    expect(seen[1]).toMatchObject({ method: "GET" });
    expect(seen[1].url).toContain("/api/x/excelDown.do?year=2026");
    expect(await res.text()).toBe("PK\u0003\u0004");
  });

  it("a download answered with an error envelope becomes a LegacyError", async () => {
    setTransportForTests(async () => reply({ status: 400, message: "년도를 선택해주세요." }));
    const { legacyDownload } = await import("~/legacy/gateway.server");
    const e = await legacyDownload("/api/x/excelDown.do", {}).catch((x) => x);
    expect(e).toBeInstanceOf(LegacyError);
    expect(e.message).toBe("년도를 선택해주세요.");
  });
});
