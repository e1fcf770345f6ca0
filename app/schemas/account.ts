/**
 * Sign-in, sign-up, find-password and change-password forms (spec 000 §5). One schema per form
 * drives the Remix action (the sign-in page's forms validate on the server only, ADR 0044; the
 * profile and first-administrator forms in the browser too); `order` (account-order.ts) lists the
 * fields as they stand on screen, so the '알림' message is the first failing field's message.
 */
import { z } from "./zod";
import { MSG, OWN_MSG } from "./messages.ko";
import {
  emailLocalField,
  passwordChangeFields,
  passwordField,
  phonePartField,
  phonePrefixField,
  requiredText,
  userIdField,
  userNmField,
  type userWireFields,
} from "./rules";

export { changeOrder, changeWithCodeOrder, findOrder, forcedChangeOrder, loginOrder, signupOrder } from "./account-order";

/** A user's fields and authorities as the account calls send them (userWireFields; the demo data set's users too). */
export type UserFields = z.output<z.ZodObject<typeof userWireFields>>;

const checkbox = z.preprocess((v) => v === "on" || v === "Y" || v === "true" || v === true, z.boolean());
const stringList = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string()),
);
const optionalText = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string());

// ---- sign-in ----

export const loginSchema = z.object({
  userId: requiredText(MSG.idRequired),
  userPass: z.string({ required_error: MSG.passwordRequired }).min(1, MSG.passwordRequired),
  autoLogin: checkbox,
  redirectTo: optionalText,
});

// ---- shared pieces of sign-up and find-password ----

const R = MSG.requiredFields;
const personFields = {
  userId: userIdField(R),
  userNm: userNmField(R),
  dptCd: requiredText(R),
  telNo1: phonePrefixField(R),
  telNo2: phonePartField(R),
  telNo3: phonePartField(R),
  email: emailLocalField(R),
  emailCd: requiredText(R),
};

// ---- sign-up ----

/** Cross-field rules, checked even when another field fails, so every failing field is marked. */
const signupCrossChecks = z
  .object({ userId: optionalText, idCheckedFor: optionalText, userPass: optionalText, userPassChk: optionalText })
  .superRefine((v, ctx) => {
    const id = v.userId.trim();
    if (id && v.idCheckedFor !== id) ctx.addIssue({ code: "custom", path: ["userId"], message: MSG.idCheckRequired });
    if (v.userPassChk && v.userPass !== v.userPassChk) {
      ctx.addIssue({ code: "custom", path: ["userPassChk"], message: MSG.passwordMismatch });
    }
  })
  .transform(() => ({}));

export const signupSchema = z.intersection(
  z.object({
    ...personFields,
    authTy: stringList.pipe(z.array(z.enum(["1", "2"])).min(1, MSG.authRequired)),
    userPass: passwordField(R),
    userPassChk: z.string({ required_error: R }).min(1, R),
    idCheckedFor: optionalText,
  }),
  signupCrossChecks,
);

/** Only the id, for the duplicate-check button. */
export const idCheckSchema = z.object({ userId: userIdField(R) });

// ---- find-password ----

export const findSchema = z.object(personFields);

// ---- change-password ----

export const changeSchema = z.intersection(
  z.object({ userPass: passwordField(R), userPassChk: z.string({ required_error: R }).min(1, R) }),
  z
    .object({ userPass: optionalText, userPassChk: optionalText })
    .superRefine((v, ctx) => {
      if (v.userPassChk && v.userPass !== v.userPassChk) {
        ctx.addIssue({ code: "custom", path: ["userPassChk"], message: MSG.passwordMismatch });
      }
    })
    .transform(() => ({})),
);

/**
 * The same with the one-time code find-password sent (issue 17, ADR 0024): shown and required when
 * the server said it sent one (the embedded backend); a legacy server's flow has no code.
 */
export const resetCodeField = z
  .string({ required_error: OWN_MSG.resetCodeRequired })
  .trim()
  .min(1, OWN_MSG.resetCodeRequired)
  .regex(/^[0-9]{6}$/, OWN_MSG.resetCodeFormat);
export const changeWithCodeSchema = z.intersection(z.object({ code: resetCodeField }), changeSchema);

// ---- the forced change of a password someone else set (the first administrator's, ADR 0024) ----

export const forcedChangeSchema = passwordChangeFields(R);

/** Field names that are never sent back to the browser after a failed submit. */
export const SECRET_FIELDS = ["userPass", "userPassChk", "currentPass", "_csrf"] as const;
