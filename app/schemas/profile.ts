/**
 * The profile form of P03 (spec 000 §5 "Profile edit"): one schema for the browser and the Remix
 * action. Each field has its own required message; the ID is not part of the form (it is shown
 * disabled and the server uses the stored one). The new password is optional, but once either
 * password field is filled both must pass the password rule and match.
 */
import { z } from "./zod";
import { MSG, OWN_MSG } from "./messages.ko";
import { emailLocalField, passwordChangeFields, phonePartField, phonePrefixField, requiredText, userNmField } from "./rules";

const stringList = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string()),
);

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

export const profileSchema = z.intersection(z.object(accountFields), passwordChangeFields());
export type ProfileData = z.infer<typeof profileSchema>;

/** The fields in screen order: the '알림' message is the first failing one's. */
export const profileOrder = ["userNm", "dptCd", "telNo1", "telNo2", "telNo3", "email", "emailCd", "authTy", "currentPass", "userPass", "userPassChk"] as const;
