/**
 * The profile save (spec 000 §5 "Profile edit"): '저장 하시겠습니까?' is asked without JavaScript
 * too, a new password typed before the question is saved with its confirmation (it waits in the
 * sealed session, never in the page), and authorities are the administrators' to change.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { OWN_MSG } from "~/schemas/messages.ko";
import { action } from "~/routes/_app.myProfile+/_route";
import { FREE_FAILURES, failureWait } from "~/utils/rate-limit.server";
import { after, fakeLegacy, flashOf, post, run, signedIn, USER, type Call } from "./route-harness";

const STORED = { userSeq: USER.userSeq, userId: USER.userId, userNm: "최민서", dptCd: "0000300002", dptNm: "의학과", telNo: "010-4409-1275", email: "minseo.choi", emailCd: "0000400007", authTy: "1", usyn: "Y", aprYn: "Y", adminYn: "N", regDt: "", uptDt: "" };
const FORM = { userNm: "최민서", dptCd: "0000300002", telNo1: "010", telNo2: "4409", telNo3: "1275", email: "minseo.choi", emailCd: "0000400007", authTy: "1", intent: "save" };

let legacy: ReturnType<typeof fakeLegacy> | undefined;
// a save writes the audit log (issue 37 item 1): its store opens once, before the tests (it starts a database)
beforeAll(async () => {
  const { auditStore } = await import("~/utils/audit.server");
  await auditStore();
}, 300_000);
afterEach(() => legacy?.done());

/** The current password the fake server's sign-in accepts (spec 000 §7 login.do: the web tier's check, issue 37). */
const CURRENT = "Current2026!";
const signInCheck = (c: Call) => {
  const b = c.body as { userId: string; userPass: string };
  return b.userId === USER.userId && b.userPass === CURRENT
    ? { status: 200, result: { userInfo: { ...STORED, accessToken: "check-access" }, reJwtToken: "check-refresh" } }
    : { status: 400, message: "아이디 또는 비밀번호가 일치하지 않습니다." };
};

/** A fake server that records the saves and answers them with `saveReply`. */
function server(menuUrls: string[] = [], stored: typeof STORED = STORED, saveReply: Record<string, unknown> = { status: 200, result: null }) {
  const saves: Record<string, unknown>[] = [];
  legacy = fakeLegacy({
    "/api/login.do": signInCheck,
    "/api/getUserInfo.do": () => ({ status: 200, result: { info: stored } }),
    "/api/insertUserInfo.do": (c: Call) => {
      saves.push(c.body as Record<string, unknown>);
      return saveReply;
    },
    "/api/auth/logout.do": () => ({ status: 200, result: null }),
  }, menuUrls);
  return saves;
}

const send = (auth: { cookie: string; csrf: string }, fields: Record<string, string | string[]>, user = USER) =>
  run(() => action(post("/myProfile", auth, fields) as never)).then((res) => ({ res, auth: after(res, auth), user }));

describe("profile save", () => {
  it("asks first without JavaScript: nothing is saved until the post confirms", async () => {
    const saves = server();
    const first = await send(signedIn(), FORM);
    expect(first.res.status).toBe(200);
    expect(await first.res.json()).toMatchObject({ confirm: "save", repopulateFields: { userNm: "최민서", telNo2: "4409" } });
    expect(saves).toHaveLength(0);
    const confirmed = await send(first.auth, { ...FORM, confirm: "save" });
    expect(confirmed.res.status).toBe(302);
    expect(flashOf(confirmed.res)?.text).toBe("수정되었습니다.");
    expect(saves).toHaveLength(1);
    expect(saves[0]).not.toHaveProperty("userPass");
  });

  it("a new password typed before the question is saved with the confirmation, never sent back", async () => {
    const saves = server();
    const first = await send(signedIn(), { ...FORM, currentPass: CURRENT, userPass: "Medical2026!", userPassChk: "Medical2026!" });
    const reply = (await first.res.json()) as { confirm: string; pendingPass: string; repopulateFields: Record<string, unknown> };
    expect(reply.confirm).toBe("save");
    expect(reply.repopulateFields).not.toHaveProperty("userPass");
    expect(reply.repopulateFields).not.toHaveProperty("currentPass");
    expect(JSON.stringify(reply)).not.toContain("Medical2026!");
    expect(JSON.stringify(reply)).not.toContain("Current2026!");
    expect(first.res.headers.getSetCookie().join()).not.toContain("Medical2026");
    expect(first.res.headers.getSetCookie().join()).not.toContain("Current2026");
    // the confirmation posts the step's nonce and no password fields (they came back empty)
    const confirmed = await send(first.auth, { ...FORM, confirm: "save", pendingPass: reply.pendingPass });
    expect(saves).toHaveLength(1);
    expect(saves[0].userPass).toBe("Medical2026!");
    // issue 17: the current password goes along with the new one, for the server to check
    expect(saves[0].currentPass).toBe("Current2026!");
    expect(confirmed.res.headers.get("Location")).toBe("/");
    expect(flashOf(confirmed.res)?.text).toBe("비밀번호가 변경되었습니다. 새 비밀번호로 로그인하세요.");
  });

  it("a kept password is used by its own confirmation only: not after a cancel, not twice", async () => {
    const saves = server();
    const first = await send(signedIn(), { ...FORM, currentPass: CURRENT, userPass: "Medical2026!", userPassChk: "Medical2026!" });
    const { pendingPass } = (await first.res.json()) as { pendingPass: string };
    // cancelled; later a save confirmed in a modal (JavaScript: no nonce)
    const later = await send(first.auth, { ...FORM, userNm: "최민준", confirm: "save" });
    expect(saves).toHaveLength(1);
    expect(saves[0]).not.toHaveProperty("userPass");
    // the old step's nonce no longer finds it
    await send(later.auth, { ...FORM, confirm: "save", pendingPass });
    expect(saves).toHaveLength(2);
    expect(saves[1]).not.toHaveProperty("userPass");
  });

  it("a save confirmed in a modal (JavaScript) keeps nothing in the session", async () => {
    const saves = server([], STORED, { status: 500, message: "저장할 수 없습니다." });
    const failed = await send(signedIn(), { ...FORM, currentPass: CURRENT, userPass: "Medical2026!", userPassChk: "Medical2026!", confirm: "save" });
    expect(await failed.res.json()).toMatchObject({ alert: "저장할 수 없습니다." });
    expect(saves[0].userPass).toBe("Medical2026!");
    const { Session } = await import("~/utils/session.server");
    expect(Session.fromRequest(new Request("http://localhost:3000/", { headers: { Cookie: failed.auth.cookie } })).peek().pp).toBeUndefined();
  });

  it("a new password without the current one is refused before anything is sent (issue 17)", async () => {
    const saves = server();
    const r = await send(signedIn(), { ...FORM, userPass: "Medical2026!", userPassChk: "Medical2026!", confirm: "save" });
    expect(r.res.status).toBe(422);
    const reply = (await r.res.json()) as { alert: string; fieldErrors: Record<string, string>; repopulateFields: Record<string, unknown> };
    expect(reply.alert).toBe("현재 비밀번호를 입력하세요.");
    expect(reply.fieldErrors.currentPass).toBe("현재 비밀번호를 입력하세요.");
    expect(reply.repopulateFields.userNm).toBe(FORM.userNm);
    expect(saves).toHaveLength(0);
  });

  it("a wrong current password marks its field, the other values kept, and nothing is sent (the spec's sign-in checks it)", async () => {
    const saves = server();
    const r = await send(signedIn(), { ...FORM, currentPass: "Wrong2026!", userPass: "Medical2026!", userPassChk: "Medical2026!", confirm: "save" });
    const reply = (await r.res.json()) as { alert: string; fieldErrors: Record<string, string>; repopulateFields: Record<string, unknown> };
    expect(reply.alert).toBe("현재 비밀번호가 일치하지 않습니다.");
    expect(reply.fieldErrors.currentPass).toBe("현재 비밀번호가 일치하지 않습니다.");
    expect(reply.repopulateFields).toMatchObject({ userNm: FORM.userNm, telNo2: FORM.telNo2 });
    expect(reply.repopulateFields).not.toHaveProperty("currentPass");
    expect(saves).toHaveLength(0);
    expect(legacy!.calls.find((c) => c.path === "/api/login.do")?.body).toMatchObject({ userId: USER.userId, userPass: "Wrong2026!" });
  });

  it("a server that refuses the current password itself (ours checks it too) marks the field with its message", async () => {
    const saves = server([], STORED, { status: 400, message: "현재 비밀번호가 일치하지 않습니다." });
    const r = await send(signedIn(), { ...FORM, currentPass: CURRENT, userPass: "Medical2026!", userPassChk: "Medical2026!", confirm: "save" });
    expect(await r.res.json()).toMatchObject({ alert: "현재 비밀번호가 일치하지 않습니다.", fieldErrors: { currentPass: "현재 비밀번호가 일치하지 않습니다." } });
    expect(saves[0].currentPass).toBe(CURRENT);
  });

  it("a common password is refused by the server side of the form (issue 17)", async () => {
    const saves = server();
    const r = await send(signedIn(), { ...FORM, currentPass: CURRENT, userPass: "Password1!", userPassChk: "Password1!", confirm: "save" });
    const reply = (await r.res.json()) as { alert: string; fieldErrors: Record<string, string> };
    expect(reply.alert).toBe("너무 흔히 쓰이는 비밀번호입니다. 다른 비밀번호를 입력하세요.");
    expect(reply.fieldErrors.userPass).toBe(reply.alert);
    expect(saves).toHaveLength(0);
  });

  it("refuses a non-administrator's change of authority, before asking; an administrator may", async () => {
    const saves = server();
    const forged = await send(signedIn(), { ...FORM, authTy: ["1", "2"], confirm: "save" });
    expect(forged.res.status).toBe(403);
    expect(await forged.res.json()).toMatchObject({ alert: "해당 메뉴는 접근할 수 없습니다.", repopulateFields: { authTy: ["1", "2"] } });
    expect(saves).toHaveLength(0);
    const admin = await send(signedIn({ ...USER, adminYn: "Y" }), { ...FORM, authTy: ["1", "2"], confirm: "save" });
    expect(admin.res.status).toBe(302);
    expect(saves[0].authTy).toBe("1,2");
  });

  it("an administrator is known by the menu list too (spec 000 §6; a spec server's User has no adminYn)", async () => {
    const saves = server(["/myProfile", "/management/member"]);
    const { adminYn: _none, ...specUser } = USER;
    const r = await send(signedIn(specUser), { ...FORM, authTy: ["1", "2"], confirm: "save" });
    expect(r.res.status).toBe(302);
    expect(saves[0].authTy).toBe("1,2");
  });
});

/** Issue 37 items 1 and 5 (ADR 0064): the e-mail and phone need the current password, checked as a sign-in is and limited like one. */
describe("profile: contact changes and the current-password check", () => {
  const NEW_MAIL = { ...FORM, email: "taken.over", emailCd: "0000400001" };

  it("a new e-mail or phone without the current password is refused before anything is sent", async () => {
    for (const change of [{ email: "taken.over" }, { emailCd: "0000400001" }, { telNo2: "9999" }]) {
      const saves = server();
      const r = await send(signedIn(), { ...FORM, ...change, confirm: "save" });
      expect(r.res.status).toBe(400);
      const reply = (await r.res.json()) as { alert: string; fieldErrors: Record<string, string>; repopulateFields: Record<string, unknown> };
      expect(reply.alert).toBe("이메일이나 연락처를 바꾸려면 현재 비밀번호를 입력하세요.");
      expect(reply.fieldErrors.currentPass).toBe(reply.alert);
      expect(reply.repopulateFields).toMatchObject(change);
      expect(saves).toHaveLength(0);
      legacy!.done();
    }
  });

  it("with the right current password the e-mail is saved (the server is told it too); a wrong one saves nothing", async () => {
    const saves = server();
    const wrong = await send(signedIn(), { ...NEW_MAIL, currentPass: "Wrong2026!", confirm: "save" });
    expect(await wrong.res.json()).toMatchObject({ alert: "현재 비밀번호가 일치하지 않습니다.", repopulateFields: { email: "taken.over" } });
    expect(saves).toHaveLength(0);
    const right = await send(signedIn(), { ...NEW_MAIL, currentPass: CURRENT, confirm: "save" });
    expect(right.res.status).toBe(302);
    expect(flashOf(right.res)?.text).toBe("수정되었습니다.");
    expect(saves).toEqual([expect.objectContaining({ email: "taken.over", emailCd: "0000400001", currentPass: CURRENT })]);
    expect(saves[0]).not.toHaveProperty("userPass");
    // the check's own legacy session is signed out at once
    expect(legacy!.calls.filter((c) => c.path === "/api/auth/logout.do")).toHaveLength(1);
  });

  it("without JavaScript the password is checked before the question and waits in the session for the confirmation", async () => {
    const saves = server();
    const first = await send(signedIn(), { ...NEW_MAIL, currentPass: CURRENT });
    const reply = (await first.res.json()) as { confirm: string; pendingPass: string };
    expect(reply.confirm).toBe("save");
    expect(JSON.stringify(reply)).not.toContain(CURRENT);
    const confirmed = await send(first.auth, { ...NEW_MAIL, confirm: "save", pendingPass: reply.pendingPass });
    expect(confirmed.res.status).toBe(302);
    expect(saves).toEqual([expect.objectContaining({ email: "taken.over", currentPass: CURRENT })]);
    // one check, at the first post
    expect(legacy!.calls.filter((c) => c.path === "/api/login.do")).toHaveLength(1);
  });

  it("an unchanged e-mail and phone need no password (a name change is saved as before)", async () => {
    const saves = server();
    const r = await send(signedIn(), { ...FORM, userNm: "최민준", confirm: "save" });
    expect(r.res.status).toBe(302);
    expect(saves[0]).not.toHaveProperty("currentPass");
    expect(legacy!.calls.some((c) => c.path === "/api/login.do")).toBe(false);
  });

  it("the check is limited like a sign-in: after the free failures the account waits, with the sign-in's message", async () => {
    const user = { ...USER, userId: "rlprofile01" };
    const saves = server([], { ...STORED, userId: user.userId });
    const auth = signedIn(user);
    // the failures a sign-in has free, and one more that starts the wait
    for (let i = 0; i <= FREE_FAILURES; i++) {
      const r = await send(auth, { ...NEW_MAIL, currentPass: `Guess${i}2026!`, confirm: "save" }, user);
      expect(r.res.status).toBe(400);
    }
    const refused = await send(auth, { ...NEW_MAIL, currentPass: CURRENT, confirm: "save" }, user);
    expect(refused.res.status).toBe(429);
    const retryAfter = Number(refused.res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(failureWait(FREE_FAILURES + 1));
    const body = (await refused.res.json()) as { alert: string; repopulateFields: Record<string, unknown> };
    expect(body.alert).toBe(OWN_MSG.tooManyRequests.replace("{wait}", `${retryAfter}초`));
    expect(body.repopulateFields).toMatchObject({ email: "taken.over" });
    expect(legacy!.calls.filter((c) => c.path === "/api/login.do")).toHaveLength(FREE_FAILURES + 1);
    expect(saves).toHaveLength(0);
  });
});
