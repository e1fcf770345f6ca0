/** The sealed cookie session (issue 2, section 3). */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordRotation } from "~/legacy/token-rotation.server";
import { seal, unseal } from "~/utils/seal.server";
import { cookieNames, isKnownBrowser, rememberBrowser, Session } from "~/utils/session.server";
import { formDataOf } from "./form-helpers";

const user = { userSeq: 1, userId: "admin", userNm: "김관리", authTy: "1,2", adminYn: "Y", dptNm: "의학교육학교실" };
const tokens = { accessToken: "eyJhbGciOiJIUzI1NiJ9.access.sig", refreshToken: "eyJhbGciOiJIUzI1NiJ9.refresh.sig", uid: "1" };

function cookieHeader(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}
const req = (cookie?: string) => new Request("http://localhost/dashboard", { headers: cookie ? { Cookie: cookie } : {} });

beforeEach(() => {
  process.env.SESSION_SECRET = "first-secret-for-tests-0123456789";
  delete process.env.COOKIE_SECURE;
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.SESSION_SECRET;
});

describe("seal", () => {
  it("round-trips a value and reveals nothing of it", () => {
    const sealed = seal({ token: "secret-jwt", userId: "admin" }, ["k1"], "p");
    expect(sealed).not.toContain("admin");
    const decoded = Buffer.from(sealed.slice(3), "base64url").toString("latin1");
    expect(decoded).not.toContain("admin");
    expect(decoded).not.toContain("secret-jwt");
    expect(unseal(sealed, ["k1"], "p")).toEqual({ token: "secret-jwt", userId: "admin" });
  });

  it("refuses a tampered value, another purpose and an unknown key", () => {
    const sealed = seal({ a: 1 }, ["k1"], "p");
    const raw = Buffer.from(sealed.slice(3), "base64url");
    raw[20] ^= 1;
    expect(unseal(`v1.${raw.toString("base64url")}`, ["k1"], "p")).toBeNull();
    expect(unseal(sealed, ["k1"], "other")).toBeNull();
    expect(unseal(sealed, ["k2"], "p")).toBeNull();
    expect(unseal("garbage", ["k1"], "p")).toBeNull();
  });

  it("rotates keys: the first seals, every key in the list opens", () => {
    const old = seal({ a: 1 }, ["old"], "p");
    expect(unseal(old, ["new", "old"], "p")).toEqual({ a: 1 });
    const fresh = seal({ a: 2 }, ["new", "old"], "p");
    expect(unseal(fresh, ["new"], "p")).toEqual({ a: 2 });
  });
});

describe("session cookie", () => {
  it("carries the signed-in user through the cookie, which reveals nothing when decoded", () => {
    const s = Session.fromRequest(req());
    s.signIn(user, tokens, false);
    const set = s.commit();
    expect(set).toHaveLength(1);
    expect(set[0]).toMatch(/HttpOnly/);
    expect(set[0]).toMatch(/SameSite=Lax/);
    expect(set[0]).toMatch(/Path=\//);
    const value = set[0].split(";")[0].split("=").slice(1).join("=");
    const decoded = Buffer.from(value.slice(3), "base64url").toString("latin1");
    for (const secret of ["admin", "김관리", "eyJ", "access", "refresh", '"userSeq"']) expect(decoded).not.toContain(secret);
    expect(value.length).toBeLessThan(2000);
    const again = Session.fromRequest(req(cookieHeader(set)));
    expect(again.user).toEqual(user);
    expect(again.accessToken).toBe(tokens.accessToken);
  });

  it("keeps the browser's respondent id (the public survey link's one answer per browser) across loads, sign-in and sign-out", () => {
    const s = Session.fromRequest(req());
    const rid = s.respondentId;
    expect(rid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(s.respondentId).toBe(rid);
    const next = Session.fromRequest(req(cookieHeader(s.commit())));
    expect(next.respondentId).toBe(rid);
    next.signIn(user, tokens, false);
    const signedIn = Session.fromRequest(req(cookieHeader(next.commit())));
    expect(signedIn.respondentId).toBe(rid);
    signedIn.signOut();
    expect(Session.fromRequest(req(cookieHeader(signedIn.commit()))).respondentId).toBe(rid);
    // another browser, another id
    expect(Session.fromRequest(req()).respondentId).not.toBe(rid);
  });

  it("treats a tampered cookie as an anonymous visitor", () => {
    const s = Session.fromRequest(req());
    s.signIn(user, tokens, false);
    const header = cookieHeader(s.commit());
    const tampered = header.slice(0, -3) + (header.endsWith("A") ? "BBB" : "AAA");
    const again = Session.fromRequest(req(tampered));
    expect(again.user).toBeUndefined();
    expect(again.csrfToken).toMatch(/^[\w-]{20,}$/);
  });

  it("opens a cookie sealed with a rotated-out key that is still in the list", () => {
    process.env.SESSION_SECRET = "old-secret-aaaaaaaaaaaaaaaaaaaaaaaa";
    const s = Session.fromRequest(req());
    s.signIn(user, tokens, false);
    const header = cookieHeader(s.commit());
    process.env.SESSION_SECRET = "new-secret-bbbbbbbbbbbbbbbbbbbbbbbb,old-secret-aaaaaaaaaaaaaaaaaaaaaaaa";
    expect(Session.fromRequest(req(header)).user).toEqual(user);
    process.env.SESSION_SECRET = "new-secret-bbbbbbbbbbbbbbbbbbbbbbbb";
    expect(Session.fromRequest(req(header)).user).toBeUndefined();
  });

  it("ends after 30 idle minutes", () => {
    vi.useFakeTimers({ now: new Date("2026-03-02T09:00:00+09:00") });
    const s = Session.fromRequest(req());
    s.signIn(user, tokens, false);
    const header = cookieHeader(s.commit());
    vi.setSystemTime(new Date("2026-03-02T09:29:00+09:00"));
    expect(Session.fromRequest(req(header)).user).toEqual(user);
    vi.setSystemTime(new Date("2026-03-02T09:31:00+09:00"));
    const late = Session.fromRequest(req(header));
    expect(late.user).toBeUndefined();
    expect(late.expired).toBe(true);
  });

  it("ends after 12 hours even when active", () => {
    vi.useFakeTimers({ now: new Date("2026-03-02T08:00:00+09:00") });
    const s = Session.fromRequest(req());
    s.signIn(user, tokens, false);
    let header = cookieHeader(s.commit());
    // active every 20 minutes for 12 hours
    for (let m = 20; m < 12 * 60; m += 20) {
      vi.setSystemTime(new Date(Date.parse("2026-03-02T08:00:00+09:00") + m * 60_000));
      const cur = Session.fromRequest(req(header));
      expect(cur.user).toEqual(user);
      const set = cur.commit();
      if (set.length) header = cookieHeader(set);
    }
    vi.setSystemTime(new Date("2026-03-02T20:01:00+09:00"));
    expect(Session.fromRequest(req(header)).user).toBeUndefined();
  });

  it("keep-me-logged-in stores the refresh token and UID in a second sealed cookie, cleared at sign-out", () => {
    const s = Session.fromRequest(req());
    s.signIn(user, tokens, true);
    const set = s.commit();
    expect(set).toHaveLength(2);
    expect(set[1]).toMatch(/Max-Age=2592000/);
    const header = cookieHeader(set);
    expect(header).not.toContain("refresh");
    const again = Session.fromRequest(req(header));
    expect(again.autoLoginCredentials).toEqual({ reToken: tokens.refreshToken, uid: "1" });
    again.signOut();
    const cleared = again.commit();
    expect(cleared.some((c) => c.startsWith(`${cookieNames().auto}=;`) && /Max-Age=0/.test(c))).toBe(true);
  });

  it("uses Secure cookies with the __Host- prefix in production", () => {
    process.env.COOKIE_SECURE = "true";
    const s = Session.fromRequest(req());
    const [c] = s.commit();
    expect(c.startsWith("__Host-medu_session=")).toBe(true);
    expect(c).toMatch(/; Secure/);
  });

  it("renews the CSRF token at sign-in and sign-out", () => {
    const s = Session.fromRequest(req());
    const before = s.csrfToken;
    s.signIn(user, tokens, false);
    const during = s.csrfToken;
    s.signOut();
    expect(new Set([before, during, s.csrfToken]).size).toBe(3);
  });

  it("a cookie whose refresh token another request exchanged takes the newest pair, at opening and before a stale write (issue 18)", () => {
    const s = Session.fromRequest(req());
    s.signIn(user, { accessToken: "rot-A1", refreshToken: "rot-R1", uid: "1" }, true);
    const old = cookieHeader(s.commit());
    // a slower request opened with the old pair; meanwhile two refreshes happened (R1 → R2 → R3)
    const slow = Session.fromRequest(req(old));
    expect(slow.refreshToken).toBe("rot-R1");
    recordRotation("rot-R1", { accessToken: "rot-A2", refreshToken: "rot-R2" });
    recordRotation("rot-R2", { accessToken: "rot-A3", refreshToken: "rot-R3" });
    slow.flash("저장 되었습니다.");
    const written = Session.fromRequest(req(cookieHeader(slow.commit())));
    expect([written.accessToken, written.refreshToken]).toEqual(["rot-A3", "rot-R3"]);
    expect(written.autoLoginCredentials).toEqual({ reToken: "rot-R3", uid: "1" });
    // a browser that kept the old cookie gets the newest pair back with its next response
    const reopened = Session.fromRequest(req(old));
    expect([reopened.accessToken, reopened.refreshToken, reopened.changed]).toEqual(["rot-A3", "rot-R3", true]);
  });
});

describe("the known-browser cookie", () => {
  const withCookie = (setCookie: string) => new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0] } });

  it("names the accounts that signed in here by a key only this server makes, never the id", () => {
    const set = rememberBrowser(new Request("http://localhost/"), "entry01");
    expect(set).toMatch(new RegExp(`^${cookieNames().known}=[A-Za-z0-9_-]{22}; Path=/; HttpOnly; SameSite=Lax`));
    expect(set).toContain(`Max-Age=${180 * 24 * 60 * 60}`);
    expect(set).not.toContain("entry01");
    const req = withCookie(set);
    expect(isKnownBrowser(req, "entry01")).toBe(true);
    expect(isKnownBrowser(req, " ENTRY01 ")).toBe(true);
    expect(isKnownBrowser(req, "admin")).toBe(false);
    // a made-up key is no key
    expect(isKnownBrowser(withCookie(`${cookieNames().known}=${"A".repeat(22)}`), "admin")).toBe(false);
    expect(isKnownBrowser(new Request("http://localhost/"), "entry01")).toBe(false);
  });

  it("keeps the five newest accounts of a shared browser", () => {
    let set = "";
    for (const id of ["u1", "u2", "u3", "u4", "u5", "u6"]) set = rememberBrowser(set ? withCookie(set) : new Request("http://localhost/"), id);
    const req = withCookie(set);
    expect(["u2", "u3", "u4", "u5", "u6"].every((id) => isKnownBrowser(req, id))).toBe(true);
    expect(isKnownBrowser(req, "u1")).toBe(false);
  });
});

describe("a sign-in held for the second factor (ADR 0068)", () => {
  it("opens no page until the factor passes, keeps the page's CSRF token, and sets keep-me-logged-in only after", () => {
    const s = Session.fromRequest(req());
    const csrf = s.csrfToken;
    s.signIn(user, tokens, true);
    s.holdForSecondFactor("verify", csrf, "/insert/student/document");
    expect(s.user).toBeUndefined();
    expect(s.csrfToken).toBe(csrf);
    expect(s.secondFactorPending).toEqual({ user, need: "verify", redirectTo: "/insert/student/document" });
    const set = s.commit();
    // the session cookie only: no keep-me-logged-in cookie yet
    expect(set.filter((c) => c.startsWith(`${cookieNames().auto}=`) && !c.includes("Max-Age=0"))).toEqual([]);

    // the next request reads the held sign-in from the cookie
    const next = Session.fromRequest(req(cookieHeader(set)));
    expect(next.user).toBeUndefined();
    expect(next.secondFactorPending?.user.userId).toBe("admin");
    expect(next.completeSecondFactor()?.userId).toBe("admin");
    expect(next.user?.userId).toBe("admin");
    expect(next.accessToken).toBe(tokens.accessToken);
    expect(next.csrfToken).not.toBe(csrf);
    expect(next.secondFactorPending).toBeNull();
    expect(next.commit().some((c) => c.startsWith(`${cookieNames().auto}=`) && !c.includes("Max-Age=0"))).toBe(true);
  });

  it("ends after 10 minutes", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2026, 10, 29, 3, 0, 0));
    const s = Session.fromRequest(req());
    s.signIn(user, tokens, false);
    s.holdForSecondFactor("enrol", s.csrfToken);
    const set = s.commit();
    vi.setSystemTime(Date.UTC(2026, 10, 29, 3, 10, 1));
    const later = Session.fromRequest(req(cookieHeader(set)));
    expect(later.secondFactorPending).toBeNull();
    expect(later.completeSecondFactor()).toBeNull();
    expect(later.user).toBeUndefined();
  });
});

describe("the draft of a form posted after the idle end (ADR 0066)", () => {
  /** a browser whose session of `who` timed out: its cookies after the timed-out request */
  function timedOut(who = user) {
    vi.useFakeTimers({ now: new Date("2026-03-02T09:00:00+09:00") });
    const s = Session.fromRequest(req());
    s.signIn(who, tokens, false);
    const cookie = cookieHeader(s.commit());
    vi.setSystemTime(new Date("2026-03-02T09:31:00+09:00"));
    return Session.fromRequest(req(cookie));
  }
  const posted = () =>
    formDataOf({
      _csrf: "t",
      __rvfInternalFormId: "student-form",
      usNm: "홍길동",
      userPass: "Secret1!",
      newPassword: "Secret2!",
      photo: new File(["x"], "a.png"),
      tags: ["a", "b"],
    });

  it("keeps the text fields for the user whose session ended, and gives them back once on their page", () => {
    const s = timedOut();
    expect(s.expired).toBe(true);
    expect(s.keepDraft("/insert/student/document?dialog=edit&usSeq=3", posted())).toBe(true);
    const after = Session.fromRequest(req(cookieHeader(s.commit())));
    after.signIn(user, tokens, false);
    expect(after.takeDraft("/dashboard")).toBeNull();
    const draft = after.takeDraft("/insert/student/document");
    expect(draft).toMatchObject({ path: "/insert/student/document", formId: "student-form", fieldErrors: {}, repopulateFields: { usNm: "홍길동", tags: ["a", "b"] } });
    expect(Object.keys(draft!.repopulateFields)).toEqual(["usNm", "tags"]);
    expect(after.takeDraft("/insert/student/document")).toBeNull();
    expect(after.commit().some((c) => c.startsWith(`${cookieNames().draft}=;`))).toBe(true);
  });

  it("is dropped when another user signs in, and is never kept without a timed-out session", () => {
    const s = timedOut();
    s.keepDraft("/insert/student/document", posted());
    const other = Session.fromRequest(req(cookieHeader(s.commit())));
    other.signIn({ ...user, userSeq: 2, userId: "entry01" }, tokens, false);
    expect(other.takeDraft("/insert/student/document")).toBeNull();
    expect(other.commit().some((c) => c.startsWith(`${cookieNames().draft}=;`))).toBe(true);
    expect(Session.fromRequest(req()).keepDraft("/x", posted())).toBe(false);
  });

  it("keeps nothing larger than one cookie holds", () => {
    const s = timedOut();
    const f = posted();
    f.set("usNm", "가".repeat(2_000));
    expect(s.keepDraft("/insert/student/document", f)).toBe(false);
    expect(s.commit().some((c) => c.startsWith(`${cookieNames().draft}=v1.`))).toBe(false);
  });
});
