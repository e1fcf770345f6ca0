/**
 * A request's session, one way down (ADR 0054, docs/architecture.md "Session"): opened from the
 * sealed cookie → signed in again through keep-me-logged-in → the route guard → the loader or
 * action (a refreshed token stored) → the cookies written back on the response.
 */
import { json, redirect } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import * as authApi from "~/legacy/endpoints/auth.server";
import { clearShortCaches } from "~/legacy/short-cache.server";
import { MSG } from "~/schemas/messages.ko";
import { withSession, withUser } from "~/utils/context.server";
import { cookieNames, Session } from "~/utils/session.server";
import { fakeLegacy, flashOf, ORIGIN, run, signedIn, USER } from "./route-harness";

const wireUser = { userSeq: USER.userSeq, userId: USER.userId, userNm: USER.userNm, authTy: USER.authTy, adminYn: "N" };

/** A browser that has only its keep-me-logged-in cookie left (the session cookie expired or closed). */
function keepMeLoggedInOnly(refreshToken = "auto-rt-1"): string {
  const s = Session.fromRequest(new Request(`${ORIGIN}/`));
  s.signIn(USER, { accessToken: "old-at", refreshToken, uid: String(USER.userSeq) }, true);
  const auto = s.commit().find((c) => c.startsWith(`${cookieNames().auto}=`))!;
  return auto.split(";")[0];
}

/** The session a response's cookies leave (with the cookies sent, as the browser would keep them). */
function sessionAfter(res: Response, sent: string): Session {
  const jar = new Map(sent.split("; ").filter(Boolean).map((c) => [c.slice(0, c.indexOf("=")), c] as const));
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(";")[0];
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return Session.fromRequest(new Request(`${ORIGIN}/`, { headers: { Cookie: [...jar.values()].join("; ") } }));
}

const cookieOf = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

afterEach(() => clearShortCaches());

describe("the walk of a signed-in page", () => {
  it("the frame's and the page's loaders of one request share one session; nothing changed, no cookie", async () => {
    const legacy = fakeLegacy({}, ["/insert/student/document"]);
    try {
      const auth = signedIn();
      const context = {};
      const request = new Request(`${ORIGIN}/insert/student/document`, { headers: { Cookie: auth.cookie } });
      const seen: Session[] = [];
      const [frame, page] = await Promise.all(
        [0, 1].map(() =>
          withUser({ request, context }, async ({ session, user, menus }) => {
            seen.push(session);
            return json({ user: user.userId, menus: menus?.length });
          }),
        ),
      );
      expect(seen[0]).toBe(seen[1]);
      expect(await frame.json()).toEqual({ user: USER.userId, menus: 1 });
      expect(page.headers.getSetCookie()).toEqual([]);
    } finally {
      legacy.done();
    }
  });

  it("a path outside the menu list: the guard's flash is written back on its redirect", async () => {
    const legacy = fakeLegacy({}, ["/dashboard"]);
    try {
      const auth = signedIn();
      const request = new Request(`${ORIGIN}/insert/student/document`, { headers: { Cookie: auth.cookie } });
      const res = await run(() => withUser({ request, context: {} }, async () => json({})));
      expect(res.headers.get("Location")).toBe("/dashboard");
      expect(flashOf(res)).toEqual({ kind: "error", text: MSG.menuForbidden });
    } finally {
      legacy.done();
    }
  });

  it("a guard's redirect carries its flash, whichever of the document's loaders wrote the session first", async () => {
    const legacy = fakeLegacy({}, ["/dashboard"]);
    try {
      const auth = signedIn();
      const load = (path: string, context: object) => {
        const args = () => ({ request: new Request(`${ORIGIN}${path}`, { headers: { Cookie: auth.cookie } }), context });
        // the root loader (takes the flash), the frame's and the page's (the guard)
        return Promise.all([
          run(() => withSession(args(), async (session) => json({ flash: session.takeFlash() ?? null }))),
          run(() => withUser(args(), async () => json({}))),
          run(() => withUser(args(), async () => json({}))),
        ]);
      };
      // the menus are in the short cache after a first page: the guard answers at once, before
      // the root loader's response is written
      await load("/dashboard", {});
      const [, frame, page] = await load("/management/member", {});
      // Remix answers a document with the first redirect in route order: the frame's
      for (const res of [frame, page]) {
        expect(res.headers.get("Location")).toBe("/dashboard");
        expect(flashOf(res)).toEqual({ kind: "error", text: MSG.menuForbidden });
      }
    } finally {
      legacy.done();
    }
  });

  it("a redirect keeps a flash the root loader took for the page it replaces", async () => {
    const s = Session.fromRequest(new Request(`${ORIGIN}/`));
    s.signIn(USER, { accessToken: "at", refreshToken: "rt" }, false);
    s.flash("저장되었습니다.");
    const cookie = s
      .commit()
      .map((c) => c.split(";")[0])
      .join("; ");
    const opened = Session.fromRequest(new Request(`${ORIGIN}/insert/student/document`, { headers: { Cookie: cookie } }), {});
    expect(opened.takeFlash()?.text).toBe("저장되었습니다.");
    const rootReply = opened.applyTo(json({}));
    expect(rootReply.headers.getSetCookie()).toHaveLength(1);
    expect(flashOf(opened.applyTo(redirect("/change-password")))).toEqual({ kind: "info", text: "저장되었습니다." });
  });

  it("a token refreshed in the work (a 401) is written back, in the keep-me-logged-in cookie too", async () => {
    let userInfoCalls = 0;
    const legacy = fakeLegacy(
      {
        "/api/auth/userInfo.do": () => (++userInfoCalls === 1 ? new Response("{}", { status: 401 }) : { status: 200, result: wireUser }),
        "/api/auth/refreshToken.do": () => ({ status: 200, result: { reJwtToken: "flow-rt-2", accessToken: "flow-at-2" } }),
      },
      ["/dashboard"],
    );
    try {
      const s = Session.fromRequest(new Request(`${ORIGIN}/`));
      s.signIn(USER, { accessToken: "flow-at-1", refreshToken: "flow-rt-1", uid: "7" }, true);
      const cookie = s
        .commit()
        .map((c) => c.split(";")[0])
        .join("; ");
      const request = new Request(`${ORIGIN}/dashboard`, { headers: { Cookie: cookie } });
      const res = await withUser({ request, context: {} }, async ({ session }) => json(await authApi.userInfo(session)));
      expect(userInfoCalls).toBe(2);
      const after = sessionAfter(res, cookie);
      expect(after.accessToken).toBe("flow-at-2");
      expect(after.refreshToken).toBe("flow-rt-2");
      expect(cookieOf(res, cookieNames().auto)).toBeTruthy();
      expect(after.autoLoginCredentials).toEqual({ reToken: "flow-rt-2", uid: "7" });
    } finally {
      legacy.done();
    }
  });
});

describe("keep-me-logged-in", () => {
  it("signs in again once for all the loaders of a request, and writes both cookies back", async () => {
    let atLogins = 0;
    const legacy = fakeLegacy(
      {
        "/api/auth/atLogin.do": async (call) => {
          atLogins++;
          expect(call.body).toMatchObject({ reToken: "auto-rt-1", uid: String(USER.userSeq), autoLogin: "Y" });
          await new Promise((r) => setTimeout(r, 20));
          return { status: 200, result: { userInfo: { ...wireUser, accessToken: "auto-at-2" }, reJwtToken: "auto-rt-2", UID: String(USER.userSeq) } };
        },
      },
      ["/dashboard"],
    );
    try {
      const cookie = keepMeLoggedInOnly();
      const request = new Request(`${ORIGIN}/dashboard`, { headers: { Cookie: cookie } });
      const context = {};
      const [root, frame, page] = await Promise.all([
        withSession({ request, context }, async (session) => json({ user: session.user?.userId ?? null })),
        withUser({ request, context }, async ({ user }) => json({ user: user.userId })),
        withUser({ request, context }, async ({ user }) => json({ user: user.userId })),
      ]);
      expect(atLogins).toBe(1);
      for (const res of [root, frame, page]) expect(await res.json()).toEqual({ user: USER.userId });
      // the first to finish writes the cookies (the others find nothing changed since)
      const written = [root, frame, page].find((r) => r.headers.getSetCookie().length > 0)!;
      const after = sessionAfter(written, cookie);
      expect(after.user?.userId).toBe(USER.userId);
      expect(after.accessToken).toBe("auto-at-2");
      expect(after.autoLoginCredentials).toEqual({ reToken: "auto-rt-2", uid: String(USER.userSeq) });
    } finally {
      legacy.done();
    }
  });

  it("a refused auto-login signs out (the cookie cleared) and the page goes to sign-in with the message", async () => {
    const legacy = fakeLegacy({ "/api/auth/atLogin.do": () => ({ status: 400, message: MSG.autoLoginFailed }) }, ["/dashboard"]);
    try {
      const cookie = keepMeLoggedInOnly("auto-rt-refused");
      const request = new Request(`${ORIGIN}/dashboard`, { headers: { Cookie: cookie } });
      const res = await run(() => withUser({ request, context: {} }, async () => json({})));
      expect(res.headers.get("Location")).toBe("/?redirectTo=%2Fdashboard");
      expect(flashOf(res)).toEqual({ kind: "error", text: MSG.autoLoginFailed });
      expect(cookieOf(res, cookieNames().auto)).toContain("Max-Age=0");
    } finally {
      legacy.done();
    }
  });
});
