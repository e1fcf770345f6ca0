/**
 * The profile form of P03 (spec 000 §5 "Profile edit"): one schema for the browser and the Remix
 * action. Each field has its own required message; the ID is not part of the form (it is shown
 * disabled and the server uses the stored one). The new password is optional, but once either
 * password field is filled both must pass the password rule and match.
 */
import { z } from "./zod";
import { MSG, OWN_MSG } from "./messages.ko";
import { emailLocalField, isValidPassword, PASSWORD_MAX_LENGTH, phonePartField, phonePrefixField, requiredText, userNmField } from "./rules";

const stringList = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string()),
);
const optionalText = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string());

/**
 * Cross-field password rule, checked even when another field fails so every failing field is
 * marked. A new password needs the current one (issue 17: a session left open is not enough to
 * take the account over); the server checks that it is right.
 */
const passwordChecks = z
  .object({ currentPass: optionalText, userPass: optionalText, userPassChk: optionalText })
  .superRefine((v, ctx) => {
    if (!v.userPass && !v.userPassChk) return;
    if (!v.currentPass) ctx.addIssue({ code: "custom", path: ["currentPass"], message: OWN_MSG.currentPassRequired });
    if (!isValidPassword(v.userPass)) ctx.addIssue({ code: "custom", path: ["userPass"], message: MSG.passwordFormat });
    else if (v.userPass.length > PASSWORD_MAX_LENGTH) ctx.addIssue({ code: "custom", path: ["userPass"], message: OWN_MSG.passwordTooLong });
    if (v.userPass !== v.userPassChk) ctx.addIssue({ code: "custom", path: ["userPassChk"], message: MSG.passwordMismatch });
  });

/** An account's own fields and their rules (spec 000 §5): the profile and the administrator's user form. */
export const accountFields = {
  userNm: userNmField(MSG.nameRequired),
  dptCd: requiredText(MSG.deptRequired),
  telNo1: phonePrefixField(MSG.phoneRequired),
  telNo2: phonePartField(MSG.phoneRequired),
  telNo3: phonePartField(MSG.phoneRequired),
  email: emailLocalField(MSG.emailRequired),
  emailCd: requiredText(MSG.emailRequired),
  authTy: stringList.pipe(z.array(z.enum(["1", "2"], { errorMap: () => ({ message: MSG.authRequired }) })).min(1, MSG.authRequired)),
};

export const profileSchema = z.intersection(z.object(accountFields), passwordChecks);
export type ProfileData = z.infer<typeof profileSchema>;

/** The fields in screen order: the '알림' message is the first failing one's. */
export const profileOrder = ["userNm", "dptCd", "telNo1", "telNo2", "telNo3", "email", "emailCd", "authTy", "currentPass", "userPass", "userPassChk"] as const;
