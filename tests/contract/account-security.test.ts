/**
 * Issue 17's account-takeover holes, attacked over the `.do` contract (docs/contract.md "Account
 * security", ADR 0024): find-password's one-time code, password rules, the current password on the
 * profile and a database started without demo data (the scrypt cost: password-cost.test.ts). The embedded backend's
 * additions: skipped against a real legacy server (LEGACY_API_URL), whose own flow stands.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { passwordResets, users } from "../../app/embedded/db/schema";
import { createEmbeddedBackend } from "../../app/embedded/index.server";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi, apiOver, createApprovedUser, identityOf, login, signupBody } from "./client";

const remote = Boolean(process.env.LEGACY_API_URL?.trim());
// several sign-ins and password changes a test
vi.setConfig({ testTimeout: 120_000 });

const server = adminApi({ skip: remote });
const { call } = server;

const wrongMsg = (n: number) => OWN_MSG.resetCodeWrong.replace("{n}", String(n));

interface Mail {
  kind: string;
  userId: string | null;
  subject: string;
  body: string;
  channel: string;
  status: string;
}

/** The administrators' outbox, newest first. */
async function outbox(): Promise<Mail[]> {
  const r = await call("/api/setting/getAccountMailList.do");
  expect(r.body.status).toBe(200);
  return r.body.result.list;
}

/** The code of the newest reset-code mail of `userId`, as an administrator reads it. */
async function codeFor(userId: string): Promise<string> {
  const mail = (await outbox()).find((m) => m.userId === userId && m.kind === "reset_code");
  const code = /\d{6}/.exec(mail?.body ?? "")?.[0];
  if (!code) throw new Error(`no code for ${userId}`);
  return code;
}

async function find(body: Record<string, any>) {
  const r = await server.api.call("/api/loginpass/findUserInfo.do", identityOf(body));
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.findInfo as { userSeq: number; changeToken: string; codeSent: string; codeTo: string | null };
}

const change = (f: { userSeq: number; changeToken: string }, code: string, userPass: string) =>
  server.api.call("/api/loginpass/changePwd.do", { userSeq: f.userSeq, changeToken: f.changeToken, code, userPass });

describe.skipIf(remote)("find-password needs a one-time code sent to the registered address", () => {
  it("personal details alone no longer change a password", async () => {
    const u = await createApprovedUser(server.api, server.admin);
    const f = await find(u.body);
    // without SMTP the code waits in the administrators' outbox
    expect(f).toMatchObject({ userSeq: u.userSeq, codeSent: "outbox", codeTo: null });
    const none = await server.api.call("/api/loginpass/changePwd.do", { userSeq: f.userSeq, changeToken: f.changeToken, userPass: "Takeover2026!" });
    expect(none.body).toEqual({ status: 400, message: OWN_MSG.resetCodeRequired });
    const bad = await change(f, "12345", "Takeover2026!");
    expect(bad.body).toEqual({ status: 400, message: OWN_MSG.resetCodeFormat });
    await login(server.api, u.userId, u.password);
  });

  it("the right code changes the password once; the owner is told; the code is masked afterwards", async () => {
    const u = await createApprovedUser(server.api, server.admin);
    const before = await login(server.api, u.userId, u.password);
    const f = await find(u.body);
    const code = await codeFor(u.userId);

    // a weak or common password does not cost a try
    expect((await change(f, code, "weakpass")).body).toEqual({ status: 400, message: MSG.passwordFormat });
    expect((await change(f, code, "Password1!")).body).toEqual({ status: 400, message: OWN_MSG.passwordCommon });

    const ok = await change(f, code, "Renewed2026!");
    expect(ok.body).toEqual({ status: 200, message: OWN_MSG.passwordChanged, result: null });
    await login(server.api, u.userId, "Renewed2026!");
    expect((await server.api.call("/api/auth/userInfo.do", {}, { token: before.accessToken })).http).toBe(419);

    // single use: the same token and code do nothing more
    expect((await change(f, code, "Another2026!")).body.status).toBe(403);

    const mails = (await outbox()).filter((m) => m.userId === u.userId);
    expect(mails[0]).toMatchObject({ kind: "password_changed", subject: OWN_MSG.passwordChangedMailSubject, channel: "outbox", status: "kept" });
    expect(mails[0].body).toContain(u.userId);
    const codeMail = mails.find((m) => m.kind === "reset_code")!;
    expect(codeMail.subject).toBe(OWN_MSG.resetCodeMailSubject);
    expect(codeMail.body).not.toContain(code);
  });

  it("a wrong code counts down five tries, then the reset is spent even for the right code", async () => {
    const u = await createApprovedUser(server.api, server.admin);
    const f = await find(u.body);
    const code = await codeFor(u.userId);
    const wrong = code === "000000" ? "111111" : "000000";
    for (const left of [4, 3, 2, 1]) expect((await change(f, wrong, "Renewed2026!")).body).toEqual({ status: 400, message: wrongMsg(left) });
    expect((await change(f, wrong, "Renewed2026!")).body).toEqual({ status: 403, message: OWN_MSG.resetCodeSpent });
    expect((await change(f, code, "Renewed2026!")).body).toEqual({ status: 403, message: OWN_MSG.resetCodeSpent });
    await login(server.api, u.userId, u.password);
  });

  it("a code is bound to its user and its reset: another user's token, or an older code, does not work", async () => {
    const a = await createApprovedUser(server.api, server.admin);
    const b = await createApprovedUser(server.api, server.admin);
    const fa = await find(a.body);
    const codeA = await codeFor(a.userId);
    const fb = await find(b.body);
    // b's token with a's code
    expect((await change(fb, codeA, "Renewed2026!")).body.status).toBe(400);
    // a's token naming b
    expect((await change({ userSeq: b.userSeq, changeToken: fa.changeToken }, codeA, "Renewed2026!")).body).toEqual({
      status: 403,
      message: OWN_MSG.changeExpired,
    });
    // a second find spends the first code
    const fa2 = await find(a.body);
    const codeA2 = await codeFor(a.userId);
    expect((await change(fa, codeA, "Renewed2026!")).body).toEqual({ status: 403, message: OWN_MSG.resetCodeSpent });
    expect((await change(fa2, codeA2, "Renewed2026!")).body.status).toBe(200);
  });

  it("is short-lived and hashed at rest", async () => {
    const u = await createApprovedUser(server.api, server.admin);
    const f = await find(u.body);
    const code = await codeFor(u.userId);
    const [row] = await server.api.db!.select().from(passwordResets).where(eq(passwordResets.userSeq, u.userSeq));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - row.regDt.getTime()).toBe(10 * 60_000);
    await server.api
      .db!.update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.rid, row.rid));
    expect((await change(f, code, "Renewed2026!")).body).toEqual({ status: 403, message: OWN_MSG.resetCodeSpent });
    // the outbox no longer shows an expired code
    expect((await outbox()).find((m) => m.userId === u.userId)!.body).not.toContain(code);
  });

  it("gives a user at most five codes an hour", async () => {
    const u = await createApprovedUser(server.api, server.admin);
    for (let i = 0; i < 5; i++) await find(u.body);
    const r = await server.api.call("/api/loginpass/findUserInfo.do", identityOf(u.body));
    expect(r.body).toEqual({ status: 429, message: OWN_MSG.resetCodeTooMany });
  });

  it("shows the outbox to administrators only", async () => {
    const u = await createApprovedUser(server.api, server.admin);
    const s = await login(server.api, u.userId, u.password);
    const r = await server.api.call("/api/setting/getAccountMailList.do", {}, { token: s.accessToken });
    expect(r.body).toEqual({ status: 403, message: MSG.menuForbidden });
  });
});

describe.skipIf(remote)("password rules: at most 64 characters, not a common one", () => {
  it("sign-up refuses a common password and one over 64 characters", async () => {
    for (const [userPass, message] of [
      ["Qwer1234!", OWN_MSG.passwordCommon],
      ["P@ssw0rd", OWN_MSG.passwordCommon],
      [`Aa1!${"x".repeat(61)}`, OWN_MSG.passwordTooLong],
    ] as const) {
      const r = await server.api.call("/api/loginpass/insertUserInfo.do", signupBody({ userPass }));
      expect(r.body, userPass).toEqual({ status: 400, message });
    }
    expect((await server.api.call("/api/loginpass/insertUserInfo.do", signupBody({ userPass: `Aa1!${"x".repeat(60)}` }))).body.status).toBe(200);
  });
});

describe.skipIf(remote)("the profile's password change needs the current password", () => {
  it("refuses a missing or wrong current password; the right one changes it and tells the owner", async () => {
    const u = await createApprovedUser(server.api, server.admin);
    const s = await login(server.api, u.userId, u.password);
    const edit = { ...u.body, userSeq: u.userSeq, userPass: "Renewed2026!" };
    expect((await server.api.call("/api/insertUserInfo.do", edit, { token: s.accessToken })).body).toEqual({ status: 400, message: OWN_MSG.currentPassRequired });
    expect((await server.api.call("/api/insertUserInfo.do", { ...edit, currentPass: "Wrong2026!x" }, { token: s.accessToken })).body).toEqual({
      status: 400,
      message: OWN_MSG.currentPassWrong,
    });
    await login(server.api, u.userId, u.password);
    expect((await server.api.call("/api/insertUserInfo.do", { ...edit, currentPass: u.password }, { token: s.accessToken })).body.status).toBe(200);
    await login(server.api, u.userId, "Renewed2026!");
    expect((await outbox()).find((m) => m.userId === u.userId)?.kind).toBe("password_changed");
  });

  it("an administrator setting another user's password needs none", async () => {
    const u = await createApprovedUser(server.api, server.admin);
    const r = await call("/api/insertUserInfo.do", { ...u.body, userSeq: u.userSeq, userPass: "ByAdmin2026!" });
    expect(r.body.status).toBe(200);
    await login(server.api, u.userId, "ByAdmin2026!");
  });
});

describe.skipIf(remote)("a database started without demo data", () => {
  it("has no demo accounts; the first administrator must change the given password before anything else", async () => {
    const own = apiOver(await createEmbeddedBackend({ memory: true, demo: false, initialAdminPassword: "First2026!adm" }));
    try {
      expect((await own.call("/api/login.do", { userId: "entry01", userPass: "Demo1234!", autoLogin: "N" })).body).toEqual({
        status: 400,
        message: OWN_MSG.loginFailed,
      });
      expect((await own.call("/api/login.do", { userId: "admin", userPass: "Demo1234!", autoLogin: "N" })).body).toEqual({
        status: 400,
        message: OWN_MSG.loginFailed,
      });
      const s = await login(own, "admin", "First2026!adm");
      expect(s.userInfo).toMatchObject({ userId: "admin", adminYn: "Y", pwChangeYn: "Y" });

      const menus = await own.call("/api/comm/menu/getMenuList.do", {}, { token: s.accessToken });
      expect(menus.body).toMatchObject({ status: 403, message: OWN_MSG.passwordChangeRequired, errorCode: "PW_CHANGE" });

      const wrong = await own.call("/api/changeMyPwd.do", { currentPass: "Nope2026!x", userPass: "Second2026!adm" }, { token: s.accessToken });
      expect(wrong.body).toEqual({ status: 400, message: OWN_MSG.currentPassWrong });
      const same = await own.call("/api/changeMyPwd.do", { currentPass: "First2026!adm", userPass: "First2026!adm" }, { token: s.accessToken });
      expect(same.body).toEqual({ status: 400, message: OWN_MSG.passwordSameAsCurrent });
      const done = await own.call("/api/changeMyPwd.do", { currentPass: "First2026!adm", userPass: "Second2026!adm" }, { token: s.accessToken });
      expect(done.body).toEqual({ status: 200, message: OWN_MSG.passwordChanged, result: null });
      expect((await own.call("/api/auth/userInfo.do", {}, { token: s.accessToken })).http).toBe(419);

      const again = await login(own, "admin", "Second2026!adm");
      expect(again.userInfo.pwChangeYn).toBe("N");
      expect((await own.call("/api/comm/menu/getMenuList.do", {}, { token: again.accessToken })).body.status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it("generates the first password when none is given, once", async () => {
    const backend = await createEmbeddedBackend({ memory: true, demo: false });
    try {
      const pw = backend.initialAdmin?.generatedPassword;
      expect(backend.initialAdmin?.userId).toBe("admin");
      expect(pw).toMatch(/^[A-Za-z0-9_-]{20}$/);
      const s = await login(apiOver(backend), "admin", pw!);
      expect(s.userInfo.pwChangeYn).toBe("Y");
    } finally {
      await backend.close();
    }
  });

  it("refuses to start with an INITIAL_ADMIN_PASSWORD that breaks the rule, without printing it", async () => {
    // one start (each migrates a new database first): its refusal, checked for both
    const refusal = await createEmbeddedBackend({ memory: true, demo: false, initialAdminPassword: "Password1!" }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toMatch(/^INITIAL_ADMIN_PASSWORD does not meet the password rule/);
    expect((refusal as Error).message).not.toContain("Password1!");
  });
});
