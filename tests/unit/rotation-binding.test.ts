/**
 * Issue 37 item 9 (ADR 0064): a rotation of the legacy tokens is adopted only by the session that
 * made it, and only by a request opened before it or within the grace after it. A copied cookie
 * replayed later keeps its old pair (which the legacy server refuses as a reused refresh token).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ADOPT_GRACE_MS, latestTokens, recordRotation } from "~/legacy/token-rotation.server";
import { Session } from "~/utils/session.server";

const user = { userSeq: 1, userId: "admin", userNm: "김관리", authTy: "1,2", adminYn: "Y" };
const cookieOf = (set: string[]) => set.map((c) => c.split(";")[0]).join("; ");
const req = (cookie?: string) => new Request("http://localhost/dashboard", { headers: cookie ? { Cookie: cookie } : {} });

beforeEach(() => {
  process.env.SESSION_SECRET = "rotation-binding-secret-0123456789abcdef";
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-28T09:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.SESSION_SECRET;
});

/** A signed-in browser's cookie holding the pair A1/R1 (keep-me-logged-in on), and its session key. */
function signedIn(tag: string) {
  const s = Session.fromRequest(req());
  s.signIn(user, { accessToken: `${tag}-A1`, refreshToken: `${tag}-R1`, uid: "1" }, true);
  return { cookie: cookieOf(s.commit()), by: s.rotationBinding.by };
}

describe("adopting a rotation", () => {
  it("a request of the same session opened within the grace takes the new pair", () => {
    const { cookie, by } = signedIn("g1");
    recordRotation("g1-R1", { accessToken: "g1-A2", refreshToken: "g1-R2" }, Date.now(), by);
    vi.advanceTimersByTime(ADOPT_GRACE_MS - 1_000);
    const s = Session.fromRequest(req(cookie));
    expect([s.accessToken, s.refreshToken]).toEqual(["g1-A2", "g1-R2"]);
  });

  it("a copy of the old cookie replayed after the grace keeps its old pair, at opening, before a write and for keep-me-logged-in", () => {
    const { cookie, by } = signedIn("g2");
    recordRotation("g2-R1", { accessToken: "g2-A2", refreshToken: "g2-R2" }, Date.now(), by);
    vi.advanceTimersByTime(ADOPT_GRACE_MS + 1_000);
    const stale = Session.fromRequest(req(cookie));
    expect([stale.accessToken, stale.refreshToken]).toEqual(["g2-A1", "g2-R1"]);
    expect(stale.autoLoginCredentials).toEqual({ reToken: "g2-R1", uid: "1" });
    // a write of that request does not take the new pair either
    stale.flash("저장 되었습니다.");
    const written = Session.fromRequest(req(cookieOf(stale.commit())));
    expect(written.refreshToken).toBe("g2-R1");
    // the gateway's look-up (before a call, and on a 401) refuses it too
    expect(latestTokens("g2-R1", Date.now(), stale.rotationBinding)).toBeUndefined();
  });

  it("a request already open when the rotation happened takes it, however long it ran", () => {
    const { cookie, by } = signedIn("g3");
    const slow = Session.fromRequest(req(cookie));
    vi.advanceTimersByTime(5 * 60_000);
    recordRotation("g3-R1", { accessToken: "g3-A2", refreshToken: "g3-R2" }, Date.now(), by);
    slow.flash("저장 되었습니다.");
    expect(Session.fromRequest(req(cookieOf(slow.commit()))).refreshToken).toBe("g3-R2");
  });

  it("another session holding the same refresh token does not take a rotation it did not make", () => {
    const { by } = signedIn("g4");
    recordRotation("g4-R1", { accessToken: "g4-A2", refreshToken: "g4-R2" }, Date.now(), by);
    expect(latestTokens("g4-R1", Date.now(), { by: "someone-else", openedAt: Date.now() })).toBeUndefined();
    expect(latestTokens("g4-R1", Date.now(), { by, openedAt: Date.now() })?.refreshToken).toBe("g4-R2");
  });

  it("a new sign-in is a new session key", () => {
    expect(signedIn("g5").by).not.toBe(signedIn("g5").by);
  });
});
