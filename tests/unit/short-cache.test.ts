/** The short caches of frame data: menus, the bell's messages, code lists (docs/decisions/0015-page-speed.md). */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as codeApi from "~/legacy/endpoints/code.server";
import * as messageApi from "~/legacy/endpoints/message.server";
import { clearShortCaches, scoped, shortCache } from "~/legacy/short-cache.server";
import { setTransportForTests } from "~/legacy/transport.server";
import { withSession } from "~/utils/context.server";
import { menusOf } from "~/utils/guard.server";
import { Session } from "~/utils/session.server";

const reply = (result: unknown) => new Response(JSON.stringify({ status: 200, result }), { headers: { "Content-Type": "application/json" } });

let calls: string[] = [];
beforeEach(() => {
  process.env.SESSION_SECRET = "short-cache-secret-0123456789abcdef";
  calls = [];
  clearShortCaches();
  setTransportForTests(async (req) => {
    const path = new URL(req.url).pathname;
    calls.push(path);
    if (path.endsWith("getMenuList.do")) return reply({ list: [{ menuSeq: 1, menuLvl: 1, menuTy: "P", menuNm: "대시보드", menuUrl: "/dashboard" }] });
    if (path.endsWith("myReceiveMsg.do")) return reply({ list: [], total: 0, unread: calls.length });
    if (path.endsWith("getCommCodeList.do")) return reply({ list: [{ id: "01", text: "해부학" }] });
    return new Response("not found", { status: 404 });
  });
});
afterEach(() => {
  setTransportForTests(undefined);
  vi.useRealTimers();
  delete process.env.SESSION_SECRET;
});

function signedIn(userSeq: number, authTy = "1"): Session {
  const s = Session.fromRequest(new Request("http://localhost/dashboard"));
  s.signIn({ userSeq, userId: `u${userSeq}`, userNm: "사용자", authTy }, { accessToken: `at-${userSeq}`, refreshToken: `rt-${userSeq}` }, false);
  return s;
}

describe("shortCache", () => {
  it("shares a load in flight and keeps its answer for the time to live, then loads again", async () => {
    vi.useFakeTimers();
    const cache = shortCache<number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(999);
    expect(await cache.get("k", load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get("k", load)).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const cache = shortCache<string>(60_000);
    await expect(cache.get("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });

  it("caches nothing for a holder without a scope; different scopes do not share", async () => {
    const cache = shortCache<string>(60_000);
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(await scoped(cache, {}, "k", load)).toBe("answer 1");
    expect(await scoped(cache, {}, "k", load)).toBe("answer 2");
    expect(await scoped(cache, { cacheScope: "1" }, "k", load)).toBe("answer 3");
    expect(await scoped(cache, { cacheScope: "2" }, "k", load)).toBe("answer 4");
    expect(await scoped(cache, { cacheScope: "1" }, "k", load)).toBe("answer 3");
  });
});

describe("frame data through the caches", () => {
  it("the frame's and the page's loaders ask for the menus and the bell once; another user asks for theirs", async () => {
    const one = signedIn(1);
    await Promise.all([menusOf(one), menusOf(one), messageApi.latestMessages(one, 1), messageApi.latestMessages(one, 1)]);
    expect(calls).toEqual(["/api/comm/menu/getMenuList.do", "/api/message/myReceiveMsg.do"]);
    await menusOf(signedIn(2));
    expect(calls).toHaveLength(3);
    // a new sign-in of the same user, or one with another authority, is a new scope
    vi.useFakeTimers();
    vi.advanceTimersByTime(5);
    await menusOf(signedIn(1));
    expect(calls).toHaveLength(4);
    await menusOf(signedIn(1, "1,2"));
    expect(calls).toHaveLength(5);
  });

  it("code lists are kept per year and group", async () => {
    const one = signedIn(1);
    await codeApi.commonCodes(one, "RELEARN", 2026);
    await codeApi.commonCodes(one, "RELEARN", 2026);
    await codeApi.commonCodes(one, "RELEARN", 2025);
    expect(calls).toEqual(["/api/comm/getCommCodeList.do", "/api/comm/getCommCodeList.do"]);
  });

  it("a form post clears them: the page it comes back to asks the backend again", async () => {
    const one = signedIn(1);
    const first = await messageApi.latestMessages(one, 1);
    expect((await messageApi.latestMessages(one, 1)).unread).toBe(first.unread);
    await withSession({ request: new Request("http://localhost/messenger", { method: "POST" }) }, async () => new Response(null, { status: 204 }));
    expect((await messageApi.latestMessages(one, 1)).unread).not.toBe(first.unread);
    await withSession({ request: new Request("http://localhost/messenger") }, async () => new Response(null, { status: 204 }));
    expect(calls.filter((c) => c.endsWith("myReceiveMsg.do"))).toHaveLength(2);
  });
});
