/**
 * P16 user administration (spec 000 §7 "User administration", §5, §6; docs/contract.md "User
 * administration"; ADR 0040): every call refused without a session (HTTP 401) and for a signed-in
 * user who is not an administrator (status 403 '해당 메뉴는 접근할 수 없습니다.'); the list masked
 * and filtered by text and approval state; approval of one and of several with the chosen
 * permissions ('권한을 선택하세요.'; '승인 되었습니다.'); the reset to an initial password that must
 * be changed at the next sign-in ('초기화 되었습니다.'); an administrator's registration and the
 * field rules of spec 000 §5 on the save.
 */
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { isValidPassword } from "../../app/schemas/rules";
import { adminApi, createApprovedUser, GOOD_PASSWORD, login, signupBody, uniqueId } from "./client";

const server = adminApi();
const CALLS = ["/api/getUserList.do", "/api/approvJoin.do", "/api/changePwd.do", "/api/setting/getAccountMailList.do"];

/** A join request made through the public sign-up call. */
async function signUp(overrides: Record<string, unknown> = {}) {
  const body = signupBody({ userId: uniqueId("ua"), ...overrides });
  const r = await server.api.call("/api/loginpass/insertUserInfo.do", body);
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  const list = await server.call("/api/getUserList.do", { searchTxt: body.userId, aprYn: "N" });
  const row = list.body.result.list.find((u: { userId: string }) => u.userId === body.userId);
  expect(row, body.userId).toBeTruthy();
  return { ...body, userSeq: row.userSeq as number };
}

describe("user administration", () => {
  it("refuses every call without a session", async () => {
    for (const path of CALLS) expect((await server.api.call(path, {})).http, path).toBe(401);
  });

  it("refuses every call to a signed-in user who is not an administrator", async () => {
    const u = await createApprovedUser(server.api, server.admin, { authTy: "1,2" });
    const s = await login(server.api, u.userId, u.password);
    for (const path of CALLS) {
      const r = await server.api.call(path, { userSeq: u.userSeq, authTy: "1", searchTxt: "" }, { token: s.accessToken });
      expect(r.http, path).toBe(200);
      expect(r.body, path).toEqual({ status: 403, message: MSG.menuForbidden });
    }
    // nor may such a user save another user
    const other = await createApprovedUser(server.api, server.admin);
    const r = await server.api.call("/api/insertUserInfo.do", { ...other.body, userSeq: other.userSeq, userPass: "" }, { token: s.accessToken });
    expect(r.body).toEqual({ status: 403, message: MSG.menuForbidden });
  });

  it("lists users masked, filtered by text and approval state", async () => {
    const j = await signUp({ userNm: "홍길동", telNo: "010-1234-5678", email: "gildong.hong" });
    const pending = await server.call("/api/getUserList.do", { searchTxt: j.userId, aprYn: "N" });
    expect(pending.body.status).toBe(200);
    const [row] = pending.body.result.list;
    expect(row).toMatchObject({ userSeq: j.userSeq, userId: j.userId, userNm: "홍*동", telNo: "010-****-5678", email: "gildong.h***", aprYn: "N", authTy: "1" });
    expect(JSON.stringify(pending.body)).not.toContain("길동");
    expect(JSON.stringify(pending.body)).not.toContain("1234");
    expect(JSON.stringify(pending.body)).not.toContain("gildong.hong");
    expect(row.dptNm).not.toBe("");
    expect(pending.body.result.total).toBe(1);
    // approved users only: the join request is not among them
    const approved = await server.call("/api/getUserList.do", { searchTxt: j.userId, aprYn: "Y" });
    expect(approved.body.result.list).toEqual([]);
    // every user whose id or name holds the text, paged
    const all = await server.call("/api/getUserList.do", { searchTxt: "", page: 1, size: 5, sort: "userId:asc" });
    expect(all.body.result.list).toHaveLength(5);
    expect(all.body.result.total).toBeGreaterThan(5);
    const ids = all.body.result.list.map((u: { userId: string }) => u.userId);
    expect(ids).toEqual([...ids].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)));
  });

  it("approves one or several join requests with the chosen permissions", async () => {
    const a = await signUp({ authTy: "1" });
    const b = await signUp({ authTy: "1" });
    // a permission is needed
    const none = await server.call("/api/approvJoin.do", { userSeq: a.userSeq, authTy: "" });
    expect(none.body).toEqual({ status: 400, message: MSG.authRequired });
    const refused = await login(server.api, a.userId, GOOD_PASSWORD).catch((e: Error) => e.message);
    expect(String(refused)).toContain(OWN_MSG.notApproved);

    const one = await server.call("/api/approvJoin.do", { userSeq: a.userSeq, authTy: "2" });
    expect(one.body.status).toBe(200);
    expect(one.body.message).toBe(MSG.approved);
    const sa = await login(server.api, a.userId, GOOD_PASSWORD);
    expect(sa.userInfo.authTy).toBe("2");

    const c = await signUp();
    const several = await server.call("/api/approvJoin.do", { list: [{ userSeq: b.userSeq }, { userSeq: c.userSeq }], authTy: "1,2" });
    expect(several.body.message).toBe(MSG.approved);
    expect(several.body.result.approved).toHaveLength(2);
    for (const u of [b, c]) expect((await login(server.api, u.userId, GOOD_PASSWORD)).userInfo.authTy).toBe("1,2");
    // nothing left to approve
    const again = await server.call("/api/approvJoin.do", { userSeq: [b.userSeq, c.userSeq], authTy: "1" });
    expect(again.body).toEqual({ status: 404, message: MSG.noData });
  });

  it("resets a password to an initial one that must be changed at the next sign-in", async () => {
    const u = await createApprovedUser(server.api, server.admin);
    const s = await login(server.api, u.userId, u.password);
    // the spec's call {userSeq, userPass} (ADR 0063): a password against the rule is refused
    expect((await server.call("/api/changePwd.do", { userSeq: u.userSeq, userPass: "short" })).body).toEqual({ status: 400, message: MSG.passwordFormat });
    const initPass = "Init-pass7Qz";
    const r = await server.call("/api/changePwd.do", { userSeq: u.userSeq, userPass: initPass });
    expect(r.body.status).toBe(200);
    expect(r.body.message).toBe(MSG.reset);
    expect(r.body.result.initPass).toBeUndefined();
    // without one, the backend draws it and answers it once
    const u2 = await createApprovedUser(server.api, server.admin);
    const drawn = (await server.call("/api/changePwd.do", { userSeq: u2.userSeq })).body.result.initPass as string;
    expect(isValidPassword(drawn)).toBe(true);
    // the old password and the user's sessions are over
    await expect(login(server.api, u.userId, u.password)).rejects.toThrow();
    expect((await server.api.call("/api/auth/userInfo.do", {}, { token: s.accessToken })).http).toBe(419);
    // the initial password signs in, and only the forced change is open
    const next = await login(server.api, u.userId, initPass);
    expect(next.userInfo.pwChangeYn).toBe("Y");
    const blocked = await server.api.call("/api/comm/menu/getMenuList.do", {}, { token: next.accessToken });
    expect(blocked.body).toMatchObject({ status: 403, errorCode: "PW_CHANGE" });
    const changed = await server.api.call("/api/changeMyPwd.do", { currentPass: initPass, userPass: "Fresh-pass9" }, { token: next.accessToken });
    expect(changed.body.status).toBe(200);
    expect((await login(server.api, u.userId, "Fresh-pass9")).userInfo.pwChangeYn).toBe("N");
    // an unknown user
    expect((await server.call("/api/changePwd.do", { userSeq: 2_000_000_000 })).body).toEqual({ status: 404, message: MSG.noData });
  });

  it("registers a user with an initial password and re-checks the field rules", async () => {
    const body = { ...signupBody({ userId: uniqueId("ub") }), userPass: "", usyn: "Y", aprYn: "Y" };
    const r = await server.call("/api/insertUserInfo.do", body);
    expect(r.body.status).toBe(200);
    expect(r.body.message).toBe(MSG.registered);
    expect(isValidPassword(r.body.result.initPass)).toBe(true);
    expect((await login(server.api, body.userId, r.body.result.initPass)).userInfo.pwChangeYn).toBe("Y");
    // the same id again
    expect((await server.call("/api/insertUserInfo.do", body)).body).toEqual({ status: 409, message: MSG.idDuplicated });

    const bad = async (over: Record<string, unknown>, message: string) => {
      const res = await server.call("/api/insertUserInfo.do", { ...body, userId: uniqueId("uc"), ...over });
      expect(res.body, JSON.stringify(over)).toEqual({ status: 400, message });
    };
    await bad({ userId: "bad id!" }, MSG.idFormat);
    await bad({ userNm: "홍 길동" }, MSG.nameFormat);
    await bad({ userNm: "Hong1" }, MSG.nameFormat);
    await bad({ telNo: "012-1234-5678" }, MSG.phoneRequired);
    await bad({ telNo: "010-12345-5678" }, OWN_MSG.phoneFormat);
    await bad({ email: "a b" }, MSG.emailNoSpace);
    await bad({ authTy: "" }, MSG.authRequired);
    await bad({ dptCd: "" }, MSG.deptRequired);
  });

  it("keeps an administrator from switching their own account off", async () => {
    const me = server.admin.userInfo;
    const r = await server.call("/api/insertUserInfo.do", {
      userSeq: me.userSeq,
      userId: me.userId,
      userNm: me.userNm,
      dptCd: me.dptCd,
      telNo: me.telNo,
      email: me.email,
      emailCd: me.emailCd,
      authTy: me.authTy,
      usyn: "N",
    });
    expect(r.body).toEqual({ status: 400, message: OWN_MSG.memberSelfLock });
  });
});
