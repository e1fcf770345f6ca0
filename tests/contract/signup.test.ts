import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { ADMIN_ID, GOOD_PASSWORD, loginAdmin, openApi, signupBody, uniqueId, type Api } from "./client";

let api: Api;
beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => {
  await api?.close();
});

const signUp = (body: Record<string, unknown>) => api.call("/api/loginpass/insertUserInfo.do", body);

describe("loginpass/insertUserInfo.do (sign-up)", () => {
  it("creates an unapproved user", async () => {
    const body = signupBody({ authTy: "2,1" });
    const r = await signUp(body);
    expect(r.http).toBe(200);
    expect(r.body.status).toBe(200);
    expect(r.body.result).toBeNull();

    const login = await api.call("/api/login.do", { userId: body.userId, userPass: body.userPass, autoLogin: "N" });
    expect(login.body).toEqual({ status: 400, message: OWN_MSG.notApproved });

    const admin = await loginAdmin(api);
    const idCheck = await api.call("/api/idCheck.do", { userId: body.userId }, { token: admin.accessToken });
    expect(idCheck.body.result.duplicatedId).toBe(true);
  });

  it("refuses a taken id, whatever its letter case", async () => {
    const body = signupBody();
    expect((await signUp(body)).body.status).toBe(200);
    const again = await signUp({ ...signupBody(), userId: body.userId.toUpperCase() });
    expect(again.body.status).not.toBe(200);
    expect(again.body.message).toBe(MSG.idDuplicated);
    const admin = await signUp({ ...signupBody(), userId: ADMIN_ID });
    expect(admin.body.message).toBe(MSG.idDuplicated);
  });

  it.each([
    ["missing id", { userId: undefined }, MSG.requiredFields],
    ["blank id", { userId: "  " }, MSG.requiredFields],
    ["id with a space", { userId: "ab cd" }, MSG.idFormat],
    ["id with Korean", { userId: "아이디" }, MSG.idFormat],
    ["missing name", { userNm: "" }, MSG.requiredFields],
    ["name with a digit", { userNm: "홍길동1" }, MSG.nameFormat],
    ["name with a space", { userNm: "홍 길동" }, MSG.nameFormat],
    ["missing department", { dptCd: "" }, MSG.requiredFields],
    ["unknown department", { dptCd: "0000399999" }, MSG.deptRequired],
    ["missing phone", { telNo: "" }, MSG.requiredFields],
    ["phone without the last part", { telNo: "010-1234-" }, MSG.requiredFields],
    ["phone with letters", { telNo: "010-12a4-5678" }, OWN_MSG.phoneFormat],
    ["phone part too long", { telNo: "010-12345-5678" }, OWN_MSG.phoneFormat],
    ["phone with a bad prefix", { telNo: "012-1234-5678" }, MSG.requiredFields],
    ["missing e-mail", { email: "" }, MSG.requiredFields],
    ["e-mail with a space", { email: "gil dong" }, MSG.emailNoSpace],
    ["e-mail with @", { email: "a@b" }, OWN_MSG.emailFormat],
    ["missing e-mail domain", { emailCd: "" }, MSG.requiredFields],
    ["unknown e-mail domain", { emailCd: "0000499999" }, MSG.emailRequired],
    ["no authority", { authTy: "" }, MSG.authRequired],
    ["unknown authority", { authTy: "3" }, MSG.authRequired],
    ["missing password", { userPass: "" }, MSG.requiredFields],
    ["short password", { userPass: "Ab1!" }, MSG.passwordFormat],
    ["password without a digit", { userPass: "Abcdefgh!" }, MSG.passwordFormat],
    ["password with a space", { userPass: "Abcd 1234!" }, MSG.passwordFormat],
    ["password lowercase only", { userPass: "abcdefg1" }, MSG.passwordFormat],
  ])("refuses %s with the exact message", async (_name, override, message) => {
    const r = await signUp(signupBody(override));
    expect(r.http).toBe(200);
    expect(r.body).toEqual({ status: 400, message });
  });

  it("answers the first failing rule in field order", async () => {
    const r = await signUp({ userId: "ok_id", userNm: "홍길동1", dptCd: "", telNo: "", email: "", emailCd: "", authTy: "", userPass: "" });
    expect(r.body).toEqual({ status: 400, message: MSG.nameFormat });
    const empty = await signUp({});
    expect(empty.body).toEqual({ status: 400, message: MSG.requiredFields });
  });

  it("accepts the password variants the rule allows", async () => {
    // (not the commonest ones: 'Abcdefg1' is refused since issue 17, tests/contract/account-security.test.ts)
    for (const userPass of ["Abcdefh1", "abcdef1!", GOOD_PASSWORD]) {
      const r = await signUp(signupBody({ userPass }));
      expect(r.body.status, userPass).toBe(200);
    }
  });
});

describe("idCheck.do", () => {
  it("loginpass/idCheck answers whether an id is taken", async () => {
    const taken = await api.call("/api/loginpass/idCheck.do", { userId: ADMIN_ID });
    expect(taken.body).toEqual({ status: 200, result: { duplicatedId: true } });
    const free = await api.call("/api/loginpass/idCheck.do", { userId: uniqueId("free") });
    expect(free.body).toEqual({ status: 200, result: { duplicatedId: false } });
  });

  it("validates the id", async () => {
    expect((await api.call("/api/loginpass/idCheck.do", { userId: "" })).body).toEqual({ status: 400, message: MSG.requiredFields });
    expect((await api.call("/api/loginpass/idCheck.do", { userId: "a b" })).body).toEqual({ status: 400, message: MSG.idFormat });
  });

  it("/api/idCheck.do answers the same with a token", async () => {
    const admin = await loginAdmin(api);
    const r = await api.call("/api/idCheck.do", { userId: ADMIN_ID.toUpperCase() }, { token: admin.accessToken });
    expect(r.body).toEqual({ status: 200, result: { duplicatedId: true } });
  });
});

describe("getCommCodeList.do", () => {
  it("loginpass answers departments and e-mail domains without sign-in", async () => {
    for (const code of ["0000300000", "0000400000"]) {
      const r = await api.call("/api/loginpass/getCommCodeList.do", { code, year: "2025" });
      expect(r.body.status).toBe(200);
      const list: { id: string; text: string }[] = r.body.result.list;
      expect(list.length).toBeGreaterThan(2);
      for (const item of list) {
        expect(Object.keys(item).sort()).toEqual(["id", "text"]);
        expect(item.id.slice(0, 5)).toBe(code.slice(0, 5));
      }
    }
  });

  it("comm answers every seeded group for 2024-2026 with a token", async () => {
    const admin = await loginAdmin(api);
    for (const year of [2024, 2025, 2026]) {
      for (const code of ["0000300000", "0000400000", "0000600000", "0000800000", "0000900000", "0001100000", "0001300000", "0001500000", "0001800000"]) {
        const r = await api.call("/api/comm/getCommCodeList.do", { code, year }, { token: admin.accessToken });
        expect(r.body.status).toBe(200);
        expect(r.body.result.list.length, `${code} ${year}`).toBeGreaterThan(0);
      }
    }
  });

  it("knows the codes the specifications name", async () => {
    const admin = await loginAdmin(api);
    const ids = async (code: string) =>
      (await api.call("/api/comm/getCommCodeList.do", { code, year: 2025 }, { token: admin.accessToken })).body.result.list.map((c: { id: string }) => c.id);
    expect(await ids("0000600000")).toEqual(["0000600001", "0000600002", "0000600003", "0000600004", "0000600005", "0000600006"]);
    expect(await ids("0001100000")).toContain("0001100003");
    expect(await ids("0001300000")).toEqual(["0001300001", "0001300002"]);
    expect(await ids("0000900000")).toContain("0000900002");
  });

  it("answers an empty list for a year or group without codes", async () => {
    expect((await api.call("/api/loginpass/getCommCodeList.do", { code: "0000300000", year: 1999 })).body).toEqual({ status: 200, result: { list: [] } });
    expect((await api.call("/api/loginpass/getCommCodeList.do", { code: "0099900000", year: 2025 })).body).toEqual({ status: 200, result: { list: [] } });
  });

  it("refuses a malformed group code", async () => {
    const r = await api.call("/api/loginpass/getCommCodeList.do", { code: "abc", year: 2025 });
    expect(r.body).toEqual({ status: 400, message: OWN_MSG.badRequest });
  });
});
