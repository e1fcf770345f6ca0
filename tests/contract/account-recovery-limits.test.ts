/**
 * Issue 37 items 1 and 6 over the `.do` contract (ADR 0064), the embedded backend's additions
 * (skipped against a real legacy server):
 * - one's own e-mail or phone changes only with the current password, and the address registered
 *   before the change is told (account mail 'contact_changed');
 * - find-password's codes have a daily limit per account (20 codes, 10 wrong codes): then
 *   find-password is locked for the account, its address told ('account_locked'), until an
 *   administrator's password reset lifts it.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { passwordResets } from "../../app/embedded/db/schema";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi, createApprovedUser, identityOf, login } from "./client";

const remote = Boolean(process.env.LEGACY_API_URL?.trim());
vi.setConfig({ testTimeout: 180_000 });

const server = adminApi({ skip: remote });
const { call } = server;

const mails = async (userId: string) =>
  ((await call("/api/setting/getAccountMailList.do")).body.result.list as { kind: string; userId: string; toAddr: string | null; body: string }[]).filter(
    (m) => m.userId === userId,
  );

describe.skipIf(remote)("one's own e-mail and phone", () => {
  it("change only with the current password, and the old address is told", async () => {
    const u = await createApprovedUser(server.api, server.admin);
    const me = await login(server.api, u.userId, u.password);
    // the profile's fields without a new password
    const { userPass: _none, ...fields } = u.body;
    const save = (over: Record<string, unknown>) => server.api.call("/api/insertUserInfo.do", { ...fields, userSeq: u.userSeq, ...over }, { token: me.accessToken });
    const oldAddress = (await mails(u.userId)).length;

    expect((await save({ email: "taken.over" })).body).toEqual({ status: 400, message: OWN_MSG.currentPassRequired });
    expect((await save({ telNo: "010-9999-0000" })).body).toEqual({ status: 400, message: OWN_MSG.currentPassRequired });
    expect((await save({ email: "taken.over", currentPass: "Wrong2026!x" })).body).toEqual({ status: 400, message: OWN_MSG.currentPassWrong });
    // the name alone needs none
    expect((await save({ userNm: "홍길순" })).body).toMatchObject({ status: 200, message: MSG.updated });

    expect((await save({ userNm: "홍길순", email: "new.home", currentPass: u.password })).body).toMatchObject({ status: 200, message: MSG.updated });
    const info = (await server.api.call("/api/getUserInfo.do", { seq: u.userSeq }, { token: me.accessToken })).body.result.info;
    expect(info).toMatchObject({ email: "new.home", lockYn: "N" });
    const told = (await mails(u.userId)).filter((m) => m.kind === "contact_changed");
    expect(told).toHaveLength(1);
    expect(told[0].toAddr).toMatch(new RegExp(`^${u.body.email}@`));
    expect(told[0].body).toContain("이메일이(가)");
    expect(told[0].body).toContain("변경 전 주소로");
    expect((await mails(u.userId)).length).toBe(oldAddress + 1);

    // an administrator changing someone else's phone needs no password of theirs; the owner is told
    expect((await call("/api/insertUserInfo.do", { ...fields, userNm: "홍길순", email: "new.home", userSeq: u.userSeq, telNo: "010-2222-3333", usyn: "Y", aprYn: "Y" })).body.status).toBe(200);
    const byAdmin = (await mails(u.userId)).filter((m) => m.kind === "contact_changed");
    expect(byAdmin).toHaveLength(2);
    expect(byAdmin[0].toAddr).toMatch(/^new\.home@/);
  });
});

describe.skipIf(remote)("find-password's daily limit per account", () => {
  const find = (body: Record<string, any>) => server.api.call("/api/loginpass/findUserInfo.do", identityOf(body));

  it("the 10th wrong code in a day locks find-password, the address is told, and the administrator's reset lifts it", async () => {
    const u = await createApprovedUser(server.api, server.admin);
    let wrong = 0;
    let last: Awaited<ReturnType<typeof find>> | undefined;
    for (let round = 0; round < 2; round++) {
      const f = (await find(u.body)).body.result.findInfo;
      for (let i = 0; i < 5; i++) {
        last = await server.api.call("/api/loginpass/changePwd.do", { userSeq: f.userSeq, changeToken: f.changeToken, code: "000000", userPass: "Another2026!x" });
        wrong++;
        if (wrong < 10) expect(last.body.status, `try ${wrong}`).not.toBe(200);
      }
    }
    expect(last!.body).toEqual({ status: 403, message: OWN_MSG.resetLocked });
    // locked: no further code, whatever the details
    expect((await find(u.body)).body).toEqual({ status: 403, message: OWN_MSG.resetLocked });
    const locked = (await mails(u.userId)).filter((m) => m.kind === "account_locked");
    expect(locked).toHaveLength(1);
    expect(locked[0].body).toContain("비밀번호 찾기가 잠겼습니다");
    // the owner still signs in with the password
    await login(server.api, u.userId, u.password);
    // P16 sees it; the administrator's reset lifts it
    expect((await call("/api/getUserInfo.do", { seq: u.userSeq })).body.result.info.lockYn).toBe("Y");
    const reset = await call("/api/changePwd.do", { userSeq: u.userSeq });
    expect(reset.body).toMatchObject({ status: 200, result: { unlocked: true } });
    expect((await call("/api/getUserInfo.do", { seq: u.userSeq })).body.result.info.lockYn).toBe("N");
    // 10 wrong codes of the day are still counted: the next wrong one locks again (a lift is not a new day)
    expect((await find(u.body)).body.status).toBe(200);
  });

  it("the 21st code in a day locks it too", async () => {
    const u = await createApprovedUser(server.api, server.admin);
    // 20 codes asked over the last day (more than an hour ago: the hourly limit of 5 is not what stops this)
    const first = (await find(u.body)).body.result.findInfo;
    expect(first.userSeq).toBe(u.userSeq);
    const earlier = new Date(Date.now() - 3 * 3_600_000);
    await server.api.db!.update(passwordResets).set({ regDt: earlier }).where(eq(passwordResets.userSeq, u.userSeq));
    for (let i = 1; i < 20; i++) await server.api.db!.insert(passwordResets).values({ rid: `limit-${u.userSeq}-${i}`, userSeq: u.userSeq, codeHash: "x", expiresAt: earlier, regDt: earlier });
    expect((await find(u.body)).body).toEqual({ status: 403, message: OWN_MSG.resetLocked });
    expect((await mails(u.userId)).filter((m) => m.kind === "account_locked")).toHaveLength(1);
  });
});
