import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { openApi, loginAdmin, type Api } from "./client";

/** Every call that needs an access token. */
const PROTECTED = [
  "/api/auth/logout.do",
  "/api/auth/userInfo.do",
  "/api/comm/menu/getMenuList.do",
  "/api/comm/menu/getMenuListForLowLevel.do",
  "/api/comm/menu/getDeptCodes.do",
  "/api/comm/menu/getMenuByDept.do",
  "/api/comm/getCommCodeList.do",
  "/api/idCheck.do",
  "/api/getUserInfo.do",
  "/api/insertUserInfo.do",
];

let api: Api;
beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => {
  await api?.close();
});

describe("envelope", () => {
  it("answers success as HTTP 200 with body status 200 and a result", async () => {
    const r = await api.call("/api/loginpass/getCommCodeList.do", { code: "0000300000", year: 2025 });
    expect(r.http).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/application\/json/);
    expect(r.body.status).toBe(200);
    expect(Array.isArray(r.body.result.list)).toBe(true);
  });

  it("answers a business error as HTTP 200 with a status and a Korean message", async () => {
    const r = await api.call("/api/login.do", { userId: "", userPass: "x", autoLogin: "N" });
    expect(r.http).toBe(200);
    expect(r.body).toEqual({ status: 400, message: MSG.idRequired });
  });

  it("answers an unknown path with HTTP 404 JSON", async () => {
    const r = await api.call("/api/does/not/exist.do", {});
    expect(r.http).toBe(404);
    expect(r.body.status).toBe(404);
    expect(typeof r.body.message).toBe("string");
  });

  it("answers GET on a POST call with HTTP 404", async () => {
    const r = await api.call("/api/login.do", undefined, { method: "GET" });
    expect(r.http).toBe(404);
    expect(r.body.status).toBe(404);
  });

  it("refuses malformed JSON with status 400", async () => {
    const r = await api.call("/api/login.do", undefined, { rawBody: "{not json" });
    expect(r.body).toEqual({ status: 400, message: OWN_MSG.badRequest });
  });

  it("refuses a JSON body that is not an object", async () => {
    const r = await api.call("/api/loginpass/idCheck.do", undefined, { rawBody: "[1,2]" });
    expect(r.body).toEqual({ status: 400, message: OWN_MSG.badRequest });
  });

  it("refuses wrongly typed fields with status 400", async () => {
    const r = await api.call("/api/loginpass/getCommCodeList.do", { code: 300000, year: "abc" });
    expect(r.body.status).toBe(400);
    expect(r.body.message).toBe(OWN_MSG.badRequest);
  });

  it.each(PROTECTED)("%s without a token is HTTP 401", async (path) => {
    const r = await api.call(path, {});
    expect(r.http).toBe(401);
    expect(r.body.status).toBe(401);
    expect(r.body.message).toBe(MSG.sessionExpired);
  });

  it("a garbage or foreign-signed token is HTTP 401", async () => {
    const admin = await loginAdmin(api);
    const [h, p] = admin.accessToken.split(".");
    const forged = `${h}.${p}.${"A".repeat(43)}`;
    for (const token of ["garbage", forged, admin.reJwtToken]) {
      const r = await api.call("/api/auth/userInfo.do", {}, { token });
      expect(r.http, token.slice(0, 20)).toBe(401);
    }
  });

  it("never answers a password hash", async () => {
    const admin = await loginAdmin(api);
    const calls = await Promise.all([
      api.call("/api/auth/userInfo.do", {}, { token: admin.accessToken }),
      api.call("/api/auth/loginCheck.do", {}, { token: admin.accessToken }),
      api.call("/api/getUserInfo.do", { seq: admin.UID }, { token: admin.accessToken }),
    ]);
    for (const r of calls) {
      expect(r.body.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toMatch(/pass|scrypt/i);
    }
    expect(JSON.stringify(admin.userInfo)).not.toMatch(/passHash|scrypt/);
  });
});
