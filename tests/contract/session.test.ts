import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { ADMIN_ID, DEMO_PASSWORD, createApprovedUser, login, signupBody, type Api, type Session, openSignedIn } from "./client";

const WIRE_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const USER_KEYS = [
  "userSeq", "userId", "userNm", "dptCd", "dptNm", "telNo", "email", "emailCd",
  "authTy", "usyn", "aprYn", "adminYn", "regDt", "uptDt",
  // ours (ADR 0024): Y when the password must be changed first
  "pwChangeYn",
  // ours (ADR 0064): Y while find-password is locked for the account
  "lockYn",
].sort();

let api: Api;
let admin: Session;
beforeAll(async () => ({ api, admin } = await openSignedIn()));
afterAll(() => api?.close());

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString("utf8"));

describe("login.do", () => {
  it("signs in and answers userInfo with an access token, a refresh token and the UID", async () => {
    const r = await api.call("/api/login.do", { userId: ADMIN_ID, userPass: DEMO_PASSWORD, autoLogin: "N", state: "" });
    expect(r.body.status).toBe(200);
    const { userInfo, reJwtToken, UID } = r.body.result;
    expect(Object.keys(userInfo).sort()).toEqual([...USER_KEYS, "accessToken"].sort());
    expect(userInfo.userId).toBe(ADMIN_ID);
    expect(userInfo.adminYn).toBe("Y");
    expect(userInfo.aprYn).toBe("Y");
    expect(userInfo.regDt).toMatch(WIRE_DATE);
    expect(typeof userInfo.dptNm).toBe("string");
    expect(UID).toBe(String(userInfo.userSeq));

    const access = decode(userInfo.accessToken);
    expect(access).toMatchObject({ typ: "access", sub: UID });
    expect(typeof access.sid).toBe("string");
    expect(access.exp - access.iat).toBe(15 * 60);
    const refresh = decode(reJwtToken);
    expect(refresh).toMatchObject({ typ: "refresh", sub: UID, sid: access.sid });
    expect(typeof refresh.jti).toBe("string");
    expect(refresh.exp - refresh.iat).toBeGreaterThan(12 * 3600 - 60);
    expect(refresh.exp - refresh.iat).toBeLessThanOrEqual(12 * 3600);
  });

  it("with autoLogin Y the refresh token lives 30 days", async () => {
    const s = await login(api, ADMIN_ID, DEMO_PASSWORD, "Y");
    const refresh = decode(s.reJwtToken);
    expect(refresh.exp - refresh.iat).toBeGreaterThan(30 * 86400 - 60);
  });

  it("accepts the id in any letter case", async () => {
    const s = await login(api, ADMIN_ID.toUpperCase(), DEMO_PASSWORD);
    expect(s.userInfo.userId).toBe(ADMIN_ID);
  });

  it("refuses a wrong password or an unknown id with the same message", async () => {
    const a = await api.call("/api/login.do", { userId: ADMIN_ID, userPass: "Wrong1234!", autoLogin: "N" });
    const b = await api.call("/api/login.do", { userId: "nobody_here_x", userPass: "Wrong1234!", autoLogin: "N" });
    expect(a.body).toEqual({ status: 400, message: OWN_MSG.loginFailed });
    expect(b.body).toEqual({ status: 400, message: OWN_MSG.loginFailed });
  });

  it("requires the id, then the password", async () => {
    expect((await api.call("/api/login.do", { userPass: "x" })).body.message).toBe(MSG.idRequired);
    expect((await api.call("/api/login.do", { userId: "  " })).body.message).toBe(MSG.idRequired);
    expect((await api.call("/api/login.do", { userId: "admin", userPass: "" })).body.message).toBe(MSG.passwordRequired);
  });

  it("refuses an account awaiting approval", async () => {
    const body = signupBody();
    expect((await api.call("/api/loginpass/insertUserInfo.do", body)).body.status).toBe(200);
    const r = await api.call("/api/login.do", { userId: body.userId, userPass: body.userPass, autoLogin: "N" });
    expect(r.body).toEqual({ status: 400, message: OWN_MSG.notApproved });
  });

  it("refuses a disabled account, and ends its live sessions with LOGIN_001", async () => {
    const u = await createApprovedUser(api, admin);
    const s = await login(api, u.userId, u.password);
    const off = await api.call("/api/insertUserInfo.do", { ...u.body, userSeq: u.userSeq, userPass: "", usyn: "N" }, { token: admin.accessToken });
    expect(off.body.status).toBe(200);

    const again = await api.call("/api/login.do", { userId: u.userId, userPass: u.password, autoLogin: "N" });
    expect(again.body).toEqual({ status: 400, message: OWN_MSG.accountDisabled });

    const call = await api.call("/api/auth/userInfo.do", {}, { token: s.accessToken });
    expect(call.http).toBe(200);
    expect(call.body).toMatchObject({ errorCode: "LOGIN_001", errorMessage: OWN_MSG.accountDisabled });
    expect(call.body.status).not.toBe(200);

    const refresh = await api.call("/api/auth/refreshToken.do", { autoLogin: "N" }, { token: s.reJwtToken });
    expect(refresh.body.status).not.toBe(200);
  });
});

describe("userInfo.do and loginCheck.do", () => {
  it("userInfo answers the signed-in user", async () => {
    const r = await api.call("/api/auth/userInfo.do", {}, { token: admin.accessToken });
    expect(r.body.status).toBe(200);
    expect(Object.keys(r.body.result).sort()).toEqual(USER_KEYS);
    expect(r.body.result.userId).toBe(ADMIN_ID);
  });

  it("loginCheck answers the user with a token and null without one", async () => {
    const withToken = await api.call("/api/auth/loginCheck.do", {}, { token: admin.accessToken });
    expect(withToken.body.result.userInfo.userId).toBe(ADMIN_ID);
    const anonymous = await api.call("/api/auth/loginCheck.do", {});
    expect(anonymous.body).toEqual({ status: 200, result: { userInfo: null } });
  });

  it("loginCheck with an invalid token is HTTP 401 (refresh and replay)", async () => {
    const r = await api.call("/api/auth/loginCheck.do", {}, { token: "not-a-token" });
    expect(r.http).toBe(401);
  });
});

describe("refreshToken.do", () => {
  it("rotates the refresh token; the new pair works", async () => {
    const s = await login(api, ADMIN_ID, DEMO_PASSWORD);
    const r = await api.call("/api/auth/refreshToken.do", { autoLogin: "N" }, { token: s.reJwtToken });
    expect(r.body.status).toBe(200);
    const { accessToken, reJwtToken } = r.body.result;
    expect(decode(reJwtToken).jti).not.toBe(decode(s.reJwtToken).jti);
    expect(decode(reJwtToken).sid).toBe(decode(s.reJwtToken).sid);
    expect((await api.call("/api/auth/userInfo.do", {}, { token: accessToken })).body.status).toBe(200);
    const next = await api.call("/api/auth/refreshToken.do", { autoLogin: "N" }, { token: reJwtToken });
    expect(next.body.status).toBe(200);
  });

  it("the previous refresh token answers with the current pair within the grace period", async () => {
    const s = await login(api, ADMIN_ID, DEMO_PASSWORD);
    const first = await api.call("/api/auth/refreshToken.do", { autoLogin: "N" }, { token: s.reJwtToken });
    const racing = await api.call("/api/auth/refreshToken.do", { autoLogin: "N" }, { token: s.reJwtToken });
    expect(first.body.status).toBe(200);
    expect(racing.body.status).toBe(200);
    expect(decode(racing.body.result.reJwtToken).jti).toBe(decode(first.body.result.reJwtToken).jti);
    // Both tabs keep working.
    expect((await api.call("/api/auth/userInfo.do", {}, { token: racing.body.result.accessToken })).body.status).toBe(200);
    const after = await api.call("/api/auth/refreshToken.do", { autoLogin: "N" }, { token: first.body.result.reJwtToken });
    expect(after.body.status).toBe(200);
  });

  it("concurrent refreshes with one token all succeed", async () => {
    const s = await login(api, ADMIN_ID, DEMO_PASSWORD);
    const replies = await Promise.all(
      [1, 2, 3].map(() => api.call("/api/auth/refreshToken.do", { autoLogin: "N" }, { token: s.reJwtToken })),
    );
    for (const r of replies) expect(r.body.status).toBe(200);
  });

  it("reusing a refresh token older than the previous one is LOGIN_005 and ends the session", async () => {
    const s = await login(api, ADMIN_ID, DEMO_PASSWORD);
    const r1 = await api.call("/api/auth/refreshToken.do", {}, { token: s.reJwtToken });
    const r2 = await api.call("/api/auth/refreshToken.do", {}, { token: r1.body.result.reJwtToken });
    expect(r2.body.status).toBe(200);
    const stolen = await api.call("/api/auth/refreshToken.do", {}, { token: s.reJwtToken });
    expect(stolen.http).toBe(200);
    expect(stolen.body).toMatchObject({ status: 401, errorCode: "LOGIN_005", errorMessage: MSG.sessionExpired });
    const ended = await api.call("/api/auth/userInfo.do", {}, { token: r2.body.result.accessToken });
    expect(ended.http).toBe(419);
  });

  it("without a token, with an access token or garbage, it is HTTP 401", async () => {
    const s = await login(api, ADMIN_ID, DEMO_PASSWORD);
    for (const token of [undefined, s.accessToken, "garbage"]) {
      const r = await api.call("/api/auth/refreshToken.do", { autoLogin: "N" }, { token });
      expect(r.http).toBe(401);
      expect(r.body.status).toBe(401);
    }
  });
});

describe("logout.do", () => {
  it("ends the session: its tokens answer HTTP 419 afterwards", async () => {
    const s = await login(api, ADMIN_ID, DEMO_PASSWORD);
    const out = await api.call("/api/auth/logout.do", {}, { token: s.accessToken });
    expect(out.body.status).toBe(200);
    expect(out.body.result).toBeNull();

    const after = await api.call("/api/auth/userInfo.do", {}, { token: s.accessToken });
    expect(after.http).toBe(419);
    expect(after.body).toEqual({ status: 419, message: MSG.pleaseLogin });
    const menus = await api.call("/api/comm/menu/getMenuList.do", {}, { token: s.accessToken });
    expect(menus.http).toBe(419);
    const refresh = await api.call("/api/auth/refreshToken.do", { autoLogin: "N" }, { token: s.reJwtToken });
    expect(refresh.http).toBe(419);
    const at = await api.call("/api/auth/atLogin.do", { reToken: s.reJwtToken, uid: s.UID, autoLogin: "Y", state: "" });
    expect(at.body).toEqual({ status: 400, message: MSG.autoLoginFailed });
  });

  it("does not end the user's other sessions", async () => {
    const a = await login(api, ADMIN_ID, DEMO_PASSWORD);
    const b = await login(api, ADMIN_ID, DEMO_PASSWORD);
    await api.call("/api/auth/logout.do", {}, { token: a.accessToken });
    expect((await api.call("/api/auth/userInfo.do", {}, { token: b.accessToken })).body.status).toBe(200);
  });
});

describe("atLogin.do", () => {
  it("signs in again from the stored refresh token and UID", async () => {
    const s = await login(api, ADMIN_ID, DEMO_PASSWORD, "Y");
    const r = await api.call("/api/auth/atLogin.do", { reToken: s.reJwtToken, uid: s.UID, autoLogin: "Y", state: "" });
    expect(r.body.status).toBe(200);
    const { userInfo, reJwtToken, UID } = r.body.result;
    expect(userInfo.userId).toBe(ADMIN_ID);
    expect(UID).toBe(s.UID);
    expect(decode(reJwtToken).jti).not.toBe(decode(s.reJwtToken).jti);
    expect((await api.call("/api/auth/userInfo.do", {}, { token: userInfo.accessToken })).body.status).toBe(200);
  });

  it("fails with status 400 for a wrong UID, a bad token or no token", async () => {
    const s = await login(api, ADMIN_ID, DEMO_PASSWORD, "Y");
    const bodies = [
      { reToken: s.reJwtToken, uid: "999999", autoLogin: "Y", state: "" },
      { reToken: "garbage", uid: s.UID, autoLogin: "Y", state: "" },
      { reToken: s.accessToken, uid: s.UID, autoLogin: "Y", state: "" },
      { uid: s.UID, autoLogin: "Y" },
    ];
    for (const body of bodies) {
      const r = await api.call("/api/auth/atLogin.do", body);
      expect(r.http).toBe(200);
      expect(r.body).toEqual({ status: 400, message: MSG.autoLoginFailed });
    }
  });
});
