/** The profile (P03) and messenger (P04) form rules and their exact messages (spec 000 §5, §9). */
import { describe, expect, it } from "vitest";
import { fieldErrorsFor, goodAccountFields } from "./form-helpers";
import { deleteSchema, inboxLimit, messageLength, plainTextToHtml, sendSchema } from "~/routes/_app.messenger+/__schema";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { profileOrder, profileSchema } from "~/schemas/profile";
import { firstError } from "~/utils/form.server";
import { messageTextLength } from "~/embedded/handlers/message.server";
import { htmlToText, sanitizeRichHtml } from "~/utils/sanitize.server";

const errors = fieldErrorsFor;

const goodProfile = { ...goodAccountFields, userPass: "", userPassChk: "" };

describe("profile", () => {
  it("accepts the stored values without a password", async () => {
    expect(await errors(profileSchema, goodProfile)).toEqual({});
  });

  it("has one required message per field, in screen order", async () => {
    const e = await errors(profileSchema, { ...goodProfile, userNm: " ", dptCd: "", telNo3: "", email: "", authTy: [] });
    expect(e).toMatchObject({
      userNm: MSG.nameRequired,
      dptCd: MSG.deptRequired,
      telNo3: MSG.phoneRequired,
      email: MSG.emailRequired,
      authTy: MSG.authRequired,
    });
    expect(firstError(e, profileOrder)).toBe(MSG.nameRequired);
    expect((await errors(profileSchema, { ...goodProfile, emailCd: "" })).emailCd).toBe(MSG.emailRequired);
  });

  it("applies the field rules", async () => {
    expect((await errors(profileSchema, { ...goodProfile, userNm: "김 민준" })).userNm).toBe(MSG.nameFormat);
    expect((await errors(profileSchema, { ...goodProfile, email: "min jun" })).email).toBe(MSG.emailNoSpace);
    expect((await errors(profileSchema, { ...goodProfile, telNo1: "012" })).telNo1).toBe(MSG.phoneRequired);
    expect(await errors(profileSchema, { ...goodProfile, authTy: ["3"] })).toHaveProperty("authTy[0]", MSG.authRequired);
  });

  it("checks a new password only when one is given: rule and match, and the current one with it (issue 17)", async () => {
    const current = { currentPass: "Current2026!" };
    expect(await errors(profileSchema, { ...goodProfile, ...current, userPass: "weakpass", userPassChk: "weakpass" })).toEqual({ userPass: MSG.passwordFormat });
    expect(await errors(profileSchema, { ...goodProfile, ...current, userPass: "Medical2026", userPassChk: "Medical2027" })).toEqual({ userPassChk: MSG.passwordMismatch });
    expect(await errors(profileSchema, { ...goodProfile, ...current, userPass: "", userPassChk: "Medical2026" })).toEqual({
      userPass: MSG.passwordFormat,
      userPassChk: MSG.passwordMismatch,
    });
    expect(await errors(profileSchema, { ...goodProfile, ...current, userPass: "Medical2026", userPassChk: "Medical2026" })).toEqual({});
    expect(await errors(profileSchema, { ...goodProfile, userPass: "Medical2026", userPassChk: "Medical2026" })).toEqual({ currentPass: OWN_MSG.currentPassRequired });
    expect(await errors(profileSchema, { ...goodProfile, currentPass: "Current2026!" })).toEqual({});
  });
});

describe("messenger", () => {
  it("send: content and target required, at most 1000 characters", async () => {
    expect(await errors(sendSchema, {})).toEqual({ msg: MSG.messageRequired, authTyList: MSG.messageTargetRequired });
    expect((await errors(sendSchema, { msg: " \n\t ", authTyList: "1" })).msg).toBe(MSG.messageRequired);
    expect((await errors(sendSchema, { msg: "가".repeat(1001), authTyList: "1" })).msg).toBe(MSG.messageTooLong);
    expect(await errors(sendSchema, { msg: "가".repeat(1000), authTyList: ["1", "2"] })).toEqual({});
  });

  it("counts like the server: the sent HTML's text has the typed text's count", () => {
    for (const typed of ["a\n\nb", "<b>x</b> & y", "a < b & c > d", "&lt; &amp;", "  줄 1\r\n줄 2  ", "😀".repeat(3)]) {
      const sent = sanitizeRichHtml(plainTextToHtml(typed.trim()));
      expect(messageTextLength(sent), typed).toBe(messageLength(typed));
    }
    expect(messageLength("a \n\n b")).toBe(3);
  });

  it("a message typed with <, > or & reads as typed where it is shown as text (bell, dashboard)", () => {
    for (const typed of ["a < b & c > d", "<b>굵게</b>", "&lt;b&gt; 그대로", 'x "y" \'z\'']) {
      expect(htmlToText(sanitizeRichHtml(plainTextToHtml(typed)))).toBe(typed);
    }
  });

  it("sends typed text as text: markup is escaped, line breaks kept", () => {
    const html = sanitizeRichHtml(plainTextToHtml('<img src=x onerror="alert(1)">\n<script>x</script>'));
    expect(html).not.toMatch(/<img|<script/i);
    expect(html).toContain("&lt;img");
    expect(html).toContain("<br />");
  });

  it("delete needs a selection of message numbers", async () => {
    expect(await errors(deleteSchema, {})).toEqual({ selected: MSG.messageDeleteSelect });
    expect(await errors(deleteSchema, { selected: ["3", "12"] })).toEqual({});
    expect(Object.keys(await errors(deleteSchema, { selected: ["x"] }))).toHaveLength(1);
  });

  it("inbox limit: 30 by default, steps of 30, no cap while there are more", () => {
    expect([null, "", "abc", "-5", "10", "30"].map(inboxLimit)).toEqual([30, 30, 30, 30, 30, 30]);
    expect(inboxLimit("60")).toBe(60);
    expect(inboxLimit("61")).toBe(90);
    expect(inboxLimit("630")).toBe(630);
    expect(inboxLimit("100000")).toBe(100_020);
    expect(inboxLimit("1e400")).toBe(30);
    expect(Number.isSafeInteger(inboxLimit("9".repeat(40)))).toBe(true);
  });
});
