/**
 * The sign-in page's forms under the rate limits (app/routes/_index.tsx, ADR 0023), over a fake
 * legacy server: the id check, sign-up, find-password and change-password each answer 429 with
 * `Retry-After` and the wait in the form's '알림' region once their allowance is used, every typed
 * value kept (the password fields never); a sign-in the legacy server could not answer is not a
 * failure (an outage locks no one out), one it refused is. Each test posts from its own address
 * (the load context's `clientAddress`, as server.js passes it).
 */
import { afterEach, describe, expect, it } from "vitest";
import { OWN_MSG } from "~/schemas/messages.ko";
import { RULES } from "~/utils/rate-limit.server";
import { Session } from "~/utils/session.server";
import { fakeLegacy, ORIGIN, run } from "./route-harness";

const { action } = await import("~/routes/_index");

let legacy: ReturnType<typeof fakeLegacy> | null = null;
afterEach(() => {
  legacy?.done();
  legacy = null;
});

/** An anonymous session cookie (with a pending password change when `changeFor` is given) and its CSRF token. */
function visitor(changeFor?: number) {
  const s = Session.fromRequest(new Request(`${ORIGIN}/`));
  if (changeFor) s.setPasswordChange({ userSeq: changeFor });
  return { cookie: s.commit().map((c) => c.split(";")[0]).join("; "), csrf: s.csrfToken };
}

async function postFrom(address: string, who: { cookie: string; csrf: string }, path: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.set("_csrf", who.csrf);
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", body: form, headers: { Cookie: who.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" } });
  return run(() => action({ request, params: {}, context: { clientAddress: address } }));
}

const PERSON = { userId: "rluser01", userNm: "홍길동", dptCd: "0000300005", telNo1: "010", telNo2: "1234", telNo3: "5678", email: "hong", emailCd: "0000400001" };
const STRONG = "Medical2026!";

async function expectRefused(res: Response, formId?: string) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(0);
  const body = await res.json();
  expect(body.alert).toBe(OWN_MSG.tooManyRequests.replace("{wait}", retryAfter < 60 ? `${retryAfter}초` : `${Math.ceil(retryAfter / 60)}분`));
  if (formId) expect(body.formId).toBe(formId);
  return body as { alert: string; repopulateFields: Record<string, unknown>; formId?: string };
}

describe("the sign-in page's forms are rate limited", () => {
  it("the id check: 60 an address in 10 minutes, then the wait (under the id, with JavaScript)", async () => {
    legacy = fakeLegacy({ "/api/loginpass/idCheck.do": () => ({ status: 200, result: { duplicatedId: false } }) });
    const who = visitor();
    for (let i = 0; i < RULES.idCheckAddress.points; i++) expect((await postFrom("192.0.2.10", who, "/?index&dialog=signup", { intent: "idcheck", userId: `free${i}` })).status).toBe(200);
    const body = await expectRefused(await postFrom("192.0.2.10", who, "/?index&dialog=signup", { intent: "idcheck", userId: "free99", userNm: "홍길동" }), "signup");
    expect(body.repopulateFields).toMatchObject({ userId: "free99", userNm: "홍길동" });
    expect(legacy.calls.filter((c) => c.path === "/api/loginpass/idCheck.do")).toHaveLength(RULES.idCheckAddress.points);
    // another address checks on
    expect((await postFrom("192.0.2.11", who, "/?index&dialog=signup", { intent: "idcheck", userId: "free99" })).status).toBe(200);
  });

  it("sign-up: 10 applications an address an hour; the refused one keeps its values, never the passwords", async () => {
    legacy = fakeLegacy({ "/api/loginpass/insertUserInfo.do": () => ({ status: 200, result: null }) });
    const who = visitor();
    const apply = (n: number) =>
      postFrom("192.0.2.20", who, "/?index&dialog=signup", { intent: "signup", ...PERSON, userId: `rlapply${n}`, idCheckedFor: `rlapply${n}`, authTy: "1", userPass: STRONG, userPassChk: STRONG });
    for (let i = 0; i < RULES.signupAddress.points; i++) expect((await apply(i)).status).toBe(302);
    const body = await expectRefused(await apply(99));
    expect(body.repopulateFields).toMatchObject({ userId: "rlapply99", userNm: "홍길동", telNo2: "1234" });
    expect(body.repopulateFields).not.toHaveProperty("userPass");
    expect(body.repopulateFields).not.toHaveProperty("userPassChk");
    expect(legacy.calls.filter((c) => c.path === "/api/loginpass/insertUserInfo.do")).toHaveLength(RULES.signupAddress.points);
  });

  it("find-password: 5 tries at one id in 15 minutes, from any address", async () => {
    legacy = fakeLegacy({ "/api/loginpass/findUserInfo.do": () => ({ status: 200, result: { findInfo: null } }) });
    const who = visitor();
    for (let i = 0; i < RULES.findAccount.points; i++) expect((await postFrom(`192.0.2.${30 + i}`, who, "/?index&dialog=find", { intent: "find", ...PERSON, userNm: `김다름${"가".repeat(i)}` })).status).toBe(400);
    const body = await expectRefused(await postFrom("192.0.2.39", who, "/?index&dialog=find", { intent: "find", ...PERSON }));
    expect(body.alert).toContain("15분");
    expect(body.repopulateFields).toMatchObject(PERSON);
    // another id is asked for as before
    expect((await postFrom("192.0.2.39", who, "/?index&dialog=find", { intent: "find", ...PERSON, userId: "rluser02" })).status).toBe(400);
  });

  it("change-password: 5 tries for the found account in 15 minutes", async () => {
    legacy = fakeLegacy({ "/api/loginpass/changePwd.do": () => ({ status: 400, message: "변경할 수 없습니다." }) });
    const who = visitor(4242);
    for (let i = 0; i < RULES.changeAccount.points; i++) expect((await postFrom(`192.0.2.${40 + i}`, who, "/?index&dialog=change", { intent: "change", userPass: STRONG, userPassChk: STRONG })).status).toBe(400);
    await expectRefused(await postFrom("192.0.2.49", who, "/?index&dialog=change", { intent: "change", userPass: STRONG, userPassChk: STRONG }));
    expect(legacy.calls.filter((c) => c.path === "/api/loginpass/changePwd.do")).toHaveLength(RULES.changeAccount.points);
  });
});

describe("what counts as a failed sign-in", () => {
  const signInFrom = (address: string, userId: string) => postFrom(address, visitor(), "/?index", { intent: "login", userId, userPass: "Wrong-password1" });

  it("a legacy server that cannot be reached: no failure is counted, the account never waits", async () => {
    legacy = fakeLegacy({ "/api/login.do": () => new Response("<html>Bad Gateway</html>", { status: 502 }) });
    for (let i = 0; i < 8; i++) expect((await signInFrom("192.0.2.60", "outage01")).status).toBe(400);
  });

  it("credentials the legacy server refused: the sixth failure makes the account wait", async () => {
    legacy = fakeLegacy({ "/api/login.do": () => ({ status: 400, message: OWN_MSG.loginFailed }) });
    for (let i = 0; i < 6; i++) {
      const res = await signInFrom("192.0.2.70", "refused01");
      expect(res.status).toBe(400);
      expect((await res.json()).alert).toBe(OWN_MSG.loginFailed);
    }
    const body = await expectRefused(await signInFrom("192.0.2.71", "refused01"));
    expect(body.repopulateFields).toMatchObject({ userId: "refused01" });
    expect(body.repopulateFields).not.toHaveProperty("userPass");
    expect(legacy.calls.filter((c) => c.path === "/api/login.do")).toHaveLength(6);
  });
});
