/**
 * Issue 17's password rules (ADR 0024): at most 64 characters (the message says so), the
 * commonest passwords refused even when they meet spec 000 §5's format, and scrypt at OWASP's cost.
 */
import { describe, expect, it } from "vitest";
import { HASHES_AT_ONCE, hashCostFromEnv, hashPassword, hashQueue, needsRehash, SCRYPT, verifyPassword } from "~/embedded/crypto.server";
import { changeWithCodeSchema, signupSchema } from "~/schemas/account";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { profileSchema } from "~/schemas/profile";
import { passwordField, PASSWORD_MAX_LENGTH } from "~/schemas/rules";
import { COMMON_PASSWORD_COUNT, isCommonPassword } from "~/utils/common-passwords.server";

const firstMessage = (r: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path[0] === field)?.message;

describe("password length", () => {
  it("takes 64 characters and refuses 65 with a message that names the limit", () => {
    expect(PASSWORD_MAX_LENGTH).toBe(64);
    expect(OWN_MSG.passwordTooLong).toContain("64자");
    const field = passwordField(MSG.requiredFields);
    expect(field.safeParse(`Aa1!${"x".repeat(60)}`).success).toBe(true);
    const long = field.safeParse(`Aa1!${"x".repeat(61)}`);
    expect(long.success).toBe(false);
    expect(long.error?.issues[0].message).toBe(OWN_MSG.passwordTooLong);
  });

  it("is checked on the profile form too", () => {
    const base = { userNm: "홍길동", dptCd: "1", telNo1: "010", telNo2: "1234", telNo3: "5678", email: "a.b", emailCd: "1", authTy: ["1"] };
    const long = `Aa1!${"x".repeat(61)}`;
    const r = profileSchema.safeParse({ ...base, currentPass: "Current2026!", userPass: long, userPassChk: long });
    expect(firstMessage(r, "userPass")).toBe(OWN_MSG.passwordTooLong);
  });
});

describe("common passwords", () => {
  it("ships the top 1,000 that the format rule alone lets through", () => {
    expect(COMMON_PASSWORD_COUNT).toBe(1000);
  });

  it("refuses them whatever the case and with special characters added at the end", () => {
    for (const pw of ["Password1", "Password1!", "P@ssw0rd", "Qwer1234!", "1Q2w3e4r!", "Abcd1234!!"]) expect(isCommonPassword(pw), pw).toBe(true);
    for (const pw of ["Medical2026", "Demo1234!", "Changed2026!", "Passw0rd!x"]) expect(isCommonPassword(pw), pw).toBe(false);
  });
});

describe("the profile's password change", () => {
  const base = { userNm: "홍길동", dptCd: "1", telNo1: "010", telNo2: "1234", telNo3: "5678", email: "a.b", emailCd: "1", authTy: ["1"] };

  it("needs the current password with a new one", () => {
    const r = profileSchema.safeParse({ ...base, userPass: "Renewed2026!", userPassChk: "Renewed2026!" });
    expect(firstMessage(r, "currentPass")).toBe(OWN_MSG.currentPassRequired);
    expect(profileSchema.safeParse({ ...base, currentPass: "Current2026!", userPass: "Renewed2026!", userPassChk: "Renewed2026!" }).success).toBe(true);
  });

  it("needs nothing when the password is left alone", () => {
    expect(profileSchema.safeParse({ ...base, currentPass: "", userPass: "", userPassChk: "" }).success).toBe(true);
  });
});

describe("the change dialog with a one-time code", () => {
  it("asks for six digits", () => {
    const pw = { userPass: "Renewed2026!", userPassChk: "Renewed2026!" };
    expect(firstMessage(changeWithCodeSchema.safeParse({ ...pw, code: "" }), "code")).toBe(OWN_MSG.resetCodeRequired);
    expect(firstMessage(changeWithCodeSchema.safeParse({ ...pw, code: "12a456" }), "code")).toBe(OWN_MSG.resetCodeFormat);
    expect(changeWithCodeSchema.safeParse({ ...pw, code: " 123456 " }).success).toBe(true);
  });

  it("sign-up keeps the spec's format message first", () => {
    const r = signupSchema.safeParse({ userPass: "short", userPassChk: "short" });
    expect(firstMessage(r, "userPass")).toBe(MSG.passwordFormat);
  });
});

describe("scrypt cost", () => {
  it("hashes at N=2^17, r=8, p=1 (OWASP) and verifies", async () => {
    expect(SCRYPT).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
    const h = await hashPassword("Medical2026");
    expect(h.split("$").slice(0, 4)).toEqual(["scrypt", "131072", "8", "1"]);
    expect(needsRehash(h)).toBe(false);
    expect(await verifyPassword("Medical2026", h)).toBe(true);
    expect(await verifyPassword("Medical2027", h)).toBe(false);
  }, 60_000);

  it("PASSWORD_HASH_COST lowers the cost for a test server, within 2^12 to 2^17; anything else stops the start", () => {
    expect(hashCostFromEnv(undefined)).toBe(2 ** 17);
    expect(hashCostFromEnv(" ")).toBe(2 ** 17);
    expect(hashCostFromEnv("14")).toBe(2 ** 14);
    for (const bad of ["11", "18", "14.5", "abc", "-1"]) expect(() => hashCostFromEnv(bad), bad).toThrow(/PASSWORD_HASH_COST must be an integer from 12 to 17/);
  });

  it("asks to re-hash a lower cost or a foreign format", () => {
    expect(needsRehash("scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$" + Buffer.alloc(64).toString("base64"))).toBe(true);
    expect(needsRehash("$2b$10$abcdefghijklmnopqrstuv")).toBe(true);
  });
});

describe("a burst of password checks", () => {
  it("runs one hash per core at a time (128 MiB each), the rest waiting their turn, and every one answers right", async () => {
    const stored = await hashPassword("Burst2026!");
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, hashQueue().running)), 1);
    const checks = Array.from({ length: HASHES_AT_ONCE + 3 }, (_, i) => verifyPassword(i % 2 ? "Burst2026!" : "wrong", stored));
    // all were asked for at once: the ones over the limit wait
    expect(hashQueue()).toEqual({ running: HASHES_AT_ONCE, waiting: 3 });
    const answers = await Promise.all(checks);
    clearInterval(watch);
    expect(answers).toEqual(Array.from({ length: HASHES_AT_ONCE + 3 }, (_, i) => i % 2 === 1));
    expect(most).toBeLessThanOrEqual(HASHES_AT_ONCE);
    expect(hashQueue()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);
});
