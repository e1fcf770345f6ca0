import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { DEMO_PASSWORD, createApprovedUser, login, type Api, type Session, openSignedIn } from "./client";

let api: Api;
let admin: Session;
beforeAll(async () => ({ api, admin } = await openSignedIn()));
afterAll(() => api?.close());

const identity = (b: Record<string, any>) => ({
  userId: b.userId,
  userNm: b.userNm,
  dptCd: b.dptCd,
  telNo: b.telNo,
  email: b.email,
  emailCd: b.emailCd,
});

/** The code find-password sent to the user, as an administrator reads it in the outbox (ADR 0024). */
async function codeFor(userId: string): Promise<string> {
  const r = await api.call("/api/setting/getAccountMailList.do", {}, { token: admin.accessToken });
  const mail = (r.body.result.list as { userId: string; kind: string; body: string }[]).find((m) => m.userId === userId && m.kind === "reset_code");
  return /\d{6}/.exec(mail?.body ?? "")?.[0] ?? "";
}

describe("find password and change it (changeToken and the one-time code)", () => {
  it("finds a matching user and answers a change token bound to it", async () => {
    const u = await createApprovedUser(api, admin);
    const r = await api.call("/api/loginpass/findUserInfo.do", identity(u.body));
    expect(r.body.status).toBe(200);
    expect(r.body.result.findInfo.userSeq).toBe(u.userSeq);
    expect(typeof r.body.result.findInfo.changeToken).toBe("string");
    expect(Object.keys(r.body.result.findInfo).sort()).toEqual(["changeToken", "codeSent", "codeTo", "userSeq"]);
  });

  it("answers findInfo null when nothing matches", async () => {
    const u = await createApprovedUser(api, admin);
    const r = await api.call("/api/loginpass/findUserInfo.do", { ...identity(u.body), telNo: "010-9999-0000" });
    expect(r.body).toEqual({ status: 200, result: { findInfo: null } });
  });

  it("requires every field", async () => {
    const u = await createApprovedUser(api, admin);
    for (const key of Object.keys(identity(u.body))) {
      const r = await api.call("/api/loginpass/findUserInfo.do", { ...identity(u.body), [key]: "" });
      expect(r.body.status, key).toBe(400);
      expect(r.body.message, key).toBe(MSG.requiredFields);
    }
  });

  it("changes the password with the token; the token is single-use; old sessions end", async () => {
    const u = await createApprovedUser(api, admin);
    const before = await login(api, u.userId, u.password);
    const found = await api.call("/api/loginpass/findUserInfo.do", identity(u.body));
    const { userSeq, changeToken } = found.body.result.findInfo;
    const code = await codeFor(u.userId);

    const weak = await api.call("/api/loginpass/changePwd.do", { userSeq, userPass: "short", changeToken, code });
    expect(weak.body).toEqual({ status: 400, message: MSG.passwordFormat });

    const newPass = "NewPassw0rd";
    const r = await api.call("/api/loginpass/changePwd.do", { userSeq, userPass: newPass, changeToken, code });
    expect(r.body.status).toBe(200);
    expect(r.body.result).toBeNull();

    await login(api, u.userId, newPass);
    const old = await api.call("/api/login.do", { userId: u.userId, userPass: u.password, autoLogin: "N" });
    expect(old.body).toEqual({ status: 400, message: OWN_MSG.loginFailed });
    expect((await api.call("/api/auth/userInfo.do", {}, { token: before.accessToken })).http).toBe(419);

    const replay = await api.call("/api/loginpass/changePwd.do", { userSeq, userPass: "Another1!", changeToken, code });
    expect(replay.body).toEqual({ status: 403, message: OWN_MSG.changeExpired });
  });

  it("refuses changePwd without a change token, with another user's token, or with a forged one", async () => {
    const a = await createApprovedUser(api, admin);
    const b = await createApprovedUser(api, admin);
    const tokenA = (await api.call("/api/loginpass/findUserInfo.do", identity(a.body))).body.result.findInfo.changeToken;

    const none = await api.call("/api/loginpass/changePwd.do", { userSeq: b.userSeq, userPass: "Hijack123!" });
    expect(none.body).toEqual({ status: 403, message: OWN_MSG.changeExpired });
    const other = await api.call("/api/loginpass/changePwd.do", { userSeq: b.userSeq, userPass: "Hijack123!", changeToken: tokenA });
    expect(other.body).toEqual({ status: 403, message: OWN_MSG.changeExpired });
    const access = await api.call("/api/loginpass/changePwd.do", { userSeq: admin.UID, userPass: "Hijack123!", changeToken: admin.accessToken });
    expect(access.body).toEqual({ status: 403, message: OWN_MSG.changeExpired });

    await login(api, b.userId, b.password);
  });
});

describe("getUserInfo.do", () => {
  it("answers the user to themselves and to an administrator", async () => {
    const u = await createApprovedUser(api, admin);
    const s = await login(api, u.userId, u.password);
    const self = await api.call("/api/getUserInfo.do", { seq: u.userSeq }, { token: s.accessToken });
    expect(self.body.status).toBe(200);
    expect(self.body.result.info).toMatchObject({ userSeq: u.userSeq, userId: u.userId, aprYn: "Y", adminYn: "N" });
    expect(self.body.result.info).not.toHaveProperty("passHash");
    const byAdmin = await api.call("/api/getUserInfo.do", { seq: String(u.userSeq) }, { token: admin.accessToken });
    expect(byAdmin.body.result.info.userId).toBe(u.userId);
  });

  it("refuses another user's record to a non-administrator", async () => {
    const u = await createApprovedUser(api, admin);
    const s = await login(api, u.userId, u.password);
    const r = await api.call("/api/getUserInfo.do", { seq: admin.UID }, { token: s.accessToken });
    expect(r.body).toEqual({ status: 403, message: MSG.menuForbidden });
  });

  it("answers 404 for an unknown user", async () => {
    const r = await api.call("/api/getUserInfo.do", { seq: 99999999 }, { token: admin.accessToken });
    expect(r.body).toEqual({ status: 404, message: MSG.noData });
  });
});

describe("insertUserInfo.do (profile and user administration)", () => {
  it("lets a user edit their own profile", async () => {
    const u = await createApprovedUser(api, admin, { authTy: "1" });
    const s = await login(api, u.userId, u.password);
    const edit = { ...u.body, userSeq: u.userSeq, userNm: "김철수", telNo: "011-222-3333", email: "cs.kim", emailCd: "0000400002", userPass: "", currentPass: u.password };
    const r = await api.call("/api/insertUserInfo.do", edit, { token: s.accessToken });
    expect(r.body.status).toBe(200);
    const info = (await api.call("/api/auth/userInfo.do", {}, { token: s.accessToken })).body.result;
    expect(info).toMatchObject({ userNm: "김철수", telNo: "011-222-3333", email: "cs.kim", emailCd: "0000400002", authTy: "1" });
  });

  it("re-validates the profile fields with the profile messages", async () => {
    const u = await createApprovedUser(api, admin);
    const s = await login(api, u.userId, u.password);
    const base = { ...u.body, userSeq: u.userSeq, userPass: "" };
    const cases: [Record<string, unknown>, string][] = [
      [{ userNm: "" }, MSG.requiredFields],
      [{ userNm: "kim 1" }, MSG.nameFormat],
      [{ dptCd: "" }, MSG.deptRequired],
      [{ telNo: "010--" }, MSG.phoneRequired],
      [{ email: "" }, MSG.emailRequired],
      [{ emailCd: "" }, MSG.emailRequired],
      [{ authTy: "" }, MSG.authRequired],
      [{ userPass: "weakpass" }, MSG.passwordFormat],
    ];
    for (const [override, message] of cases) {
      const r = await api.call("/api/insertUserInfo.do", { ...base, ...override }, { token: s.accessToken });
      expect(r.body, JSON.stringify(override)).toEqual({ status: 400, message });
    }
  });

  it("a new password works and ends the user's other sessions", async () => {
    const u = await createApprovedUser(api, admin);
    const current = await login(api, u.userId, u.password);
    const other = await login(api, u.userId, u.password);
    const r = await api.call("/api/insertUserInfo.do", { ...u.body, userSeq: u.userSeq, userPass: "Changed123!", currentPass: u.password }, { token: current.accessToken });
    expect(r.body.status).toBe(200);
    expect((await api.call("/api/auth/userInfo.do", {}, { token: other.accessToken })).http).toBe(419);
    expect((await api.call("/api/auth/userInfo.do", {}, { token: current.accessToken })).body.status).toBe(200);
    await login(api, u.userId, "Changed123!");
  });

  it("refuses editing another user, or one's own authorities, to a non-administrator", async () => {
    const u = await createApprovedUser(api, admin, { authTy: "1" });
    const v = await createApprovedUser(api, admin);
    const s = await login(api, u.userId, u.password);
    const other = await api.call("/api/insertUserInfo.do", { ...v.body, userSeq: v.userSeq, userNm: "탈취", userPass: "" }, { token: s.accessToken });
    expect(other.body).toEqual({ status: 403, message: MSG.menuForbidden });
    const grant = await api.call("/api/insertUserInfo.do", { ...u.body, userSeq: u.userSeq, authTy: "1,2", userPass: "" }, { token: s.accessToken });
    expect(grant.body).toEqual({ status: 403, message: MSG.menuForbidden });
    const create = await api.call("/api/insertUserInfo.do", { ...v.body, userId: `${v.userId}x` }, { token: s.accessToken });
    expect(create.body).toEqual({ status: 403, message: MSG.menuForbidden });
    expect((await api.call("/api/getUserInfo.do", { seq: v.userSeq }, { token: admin.accessToken })).body.result.info.userNm).toBe(v.body.userNm);
  });

  it("lets an administrator approve an applicant; a taken id cannot be registered again", async () => {
    const signup = { userId: `ap${Date.now().toString(36)}`, userNm: "이영희", dptCd: "0000300002", telNo: "010-1111-2222", email: "yh.lee", emailCd: "0000400003", authTy: "1", userPass: DEMO_PASSWORD };
    expect((await api.call("/api/loginpass/insertUserInfo.do", signup)).body.status).toBe(200);
    const refused = await api.call("/api/login.do", { userId: signup.userId, userPass: signup.userPass, autoLogin: "N" });
    expect(refused.body.message).toBe(OWN_MSG.notApproved);

    const again = await api.call("/api/insertUserInfo.do", signup, { token: admin.accessToken });
    expect(again.body).toEqual({ status: 409, message: MSG.idDuplicated });

    const { userId: _id, userPass: _pw, ...who } = signup;
    const found = await api.call("/api/loginpass/findUserInfo.do", { userId: signup.userId, ...who });
    const userSeq = found.body.result.findInfo.userSeq;
    const approve = await api.call("/api/insertUserInfo.do", { ...signup, userSeq, userPass: "", aprYn: "Y", usyn: "Y" }, { token: admin.accessToken });
    expect(approve.body.status).toBe(200);
    const s = await login(api, signup.userId, signup.userPass);
    expect(s.userInfo.aprYn).toBe("Y");
  });

  it("an administrator registers a user and edits it", async () => {
    const u = await createApprovedUser(api, admin, { authTy: "2" });
    const s = await login(api, u.userId, u.password);
    expect(s.userInfo.authTy).toBe("2");
    const r = await api.call("/api/insertUserInfo.do", { ...u.body, userSeq: u.userSeq, authTy: "1,2", userPass: "" }, { token: admin.accessToken });
    expect(r.body.status).toBe(200);
    const info = (await api.call("/api/auth/userInfo.do", {}, { token: s.accessToken })).body.result;
    expect(info.authTy).toBe("1,2");
  });

  it("refuses changing the id", async () => {
    const u = await createApprovedUser(api, admin);
    const r = await api.call("/api/insertUserInfo.do", { ...u.body, userSeq: u.userSeq, userId: `${u.userId}x`, userPass: "" }, { token: admin.accessToken });
    expect(r.body).toEqual({ status: 400, message: OWN_MSG.badRequest });
  });
});
