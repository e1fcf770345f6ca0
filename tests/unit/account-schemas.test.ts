/** The sign-in, sign-up, find and change-password rules and their exact messages (spec 000 §5). */
import { describe, expect, it } from "vitest";
import { fieldErrorsFor, goodAccountFields } from "./form-helpers";
import { changeSchema, findSchema, forcedChangeSchema, loginSchema, signupOrder, signupSchema } from "~/schemas/account";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { isValidPassword } from "~/schemas/rules";
import { firstError } from "~/utils/form.server";

const errors = fieldErrorsFor;

const goodSignup = { userId: "kim_01", idCheckedFor: "kim_01", ...goodAccountFields, userPass: "Medical2026", userPassChk: "Medical2026" };

describe("sign-in", () => {
  it("requires the id and the password with their own messages", async () => {
    expect(await errors(loginSchema, { userId: " ", userPass: "" })).toEqual({ userId: MSG.idRequired, userPass: MSG.passwordRequired });
    expect(await errors(loginSchema, { userId: "admin", userPass: "x" })).toEqual({});
  });
});

describe("password rule", () => {
  it.each([
    ["Medical2026", true],
    ["medical2026!", true],
    ["medical2026", false], // lower case and digits only: no special, no mixed case
    ["MEDICAL2026", false],
    ["Ab1!", false], // too short
    ["Medical 2026", false], // whitespace
    ["12345678a!", false], // one letter only
    ["abcdefgh!", false], // no digit
    ["A1!a5678", true],
  ])("%s → %s", (pw, ok) => expect(isValidPassword(pw)).toBe(ok));
});

describe("sign-up", () => {
  it("accepts a complete, checked form", async () => {
    expect(await errors(signupSchema, goodSignup)).toEqual({});
  });

  it("asks for every field with '필수 입력사항을 입력하세요.' and at least one authority", async () => {
    const e = await errors(signupSchema, { telNo1: "010" });
    for (const f of ["userId", "userNm", "dptCd", "telNo2", "telNo3", "email", "emailCd", "userPass", "userPassChk"]) {
      expect(e[f], f).toBe(MSG.requiredFields);
    }
    expect(e.authTy).toBe(MSG.authRequired);
    expect(firstError(e, signupOrder)).toBe(MSG.requiredFields);
  });

  it("needs the duplicate check for the id as typed now", async () => {
    expect((await errors(signupSchema, { ...goodSignup, idCheckedFor: "" })).userId).toBe(MSG.idCheckRequired);
    expect((await errors(signupSchema, { ...goodSignup, idCheckedFor: "kim_0" })).userId).toBe(MSG.idCheckRequired);
  });

  it("applies the field rules with their messages", async () => {
    expect((await errors(signupSchema, { ...goodSignup, userId: "kim!01", idCheckedFor: "kim!01" })).userId).toBe(MSG.idFormat);
    expect((await errors(signupSchema, { ...goodSignup, userNm: "김 민준" })).userNm).toBe(MSG.nameFormat);
    expect((await errors(signupSchema, { ...goodSignup, userNm: "김민준2" })).userNm).toBe(MSG.nameFormat);
    expect((await errors(signupSchema, { ...goodSignup, userPass: "password", userPassChk: "password" })).userPass).toBe(MSG.passwordFormat);
    expect((await errors(signupSchema, { ...goodSignup, userPassChk: "Medical2027" })).userPassChk).toBe(MSG.passwordMismatch);
    expect((await errors(signupSchema, { ...goodSignup, email: "min jun" })).email).toBe(MSG.emailNoSpace);
    expect((await errors(signupSchema, { ...goodSignup, telNo1: "012" })).telNo1).toBe(MSG.requiredFields);
    expect((await errors(signupSchema, { ...goodSignup, telNo2: "12a4" })).telNo2).toBeTruthy();
    expect((await errors(signupSchema, { ...goodSignup, telNo3: "12345" })).telNo3).toBeTruthy();
  });

  it("orders the '알림' message by the fields on screen", async () => {
    const e = await errors(signupSchema, { ...goodSignup, userNm: "김 민준", userPassChk: "nope" });
    expect(firstError(e, signupOrder)).toBe(MSG.nameFormat);
  });
});

describe("find and change password", () => {
  it("find needs every field", async () => {
    const e = await errors(findSchema, {});
    expect(e.userId).toBe(MSG.requiredFields);
    expect(e.emailCd).toBe(MSG.requiredFields);
  });
  it("change needs a valid, repeated password", async () => {
    expect(await errors(changeSchema, { userPass: "Medical2026", userPassChk: "Medical2026" })).toEqual({});
    expect((await errors(changeSchema, { userPass: "short", userPassChk: "short" })).userPass).toBe(MSG.passwordFormat);
    expect((await errors(changeSchema, { userPass: "Medical2026", userPassChk: "Medical2025" })).userPassChk).toBe(MSG.passwordMismatch);
  });
});

describe("the forced change (the profile's password block, required)", () => {
  it("needs all three fields, each with its own message", async () => {
    expect(await errors(forcedChangeSchema, {})).toEqual({ currentPass: OWN_MSG.currentPassRequired, userPass: MSG.requiredFields, userPassChk: MSG.requiredFields });
    expect(await errors(forcedChangeSchema, { currentPass: "", userPass: "Medical2026", userPassChk: "Medical2026" })).toEqual({ currentPass: OWN_MSG.currentPassRequired });
  });
  it("a new password follows the rule, at most 64 characters, and is repeated", async () => {
    const current = { currentPass: "Current2026!" };
    expect(await errors(forcedChangeSchema, { ...current, userPass: "Medical2026", userPassChk: "Medical2026" })).toEqual({});
    expect(await errors(forcedChangeSchema, { ...current, userPass: "short", userPassChk: "short" })).toEqual({ userPass: MSG.passwordFormat });
    const long = `Aa1!${"x".repeat(61)}`;
    expect(await errors(forcedChangeSchema, { ...current, userPass: long, userPassChk: long })).toEqual({ userPass: OWN_MSG.passwordTooLong });
    expect(await errors(forcedChangeSchema, { ...current, userPass: "Medical2026", userPassChk: "Medical2025" })).toEqual({ userPassChk: MSG.passwordMismatch });
    expect(await errors(forcedChangeSchema, { ...current, userPass: "", userPassChk: "Medical2026" })).toEqual({ userPass: MSG.requiredFields, userPassChk: MSG.passwordMismatch });
  });
});
