/**
 * P16 user administration (spec 000 §5 "User administration", field rules; §7): the register/edit
 * form and the approval form, one schema each for the browser and the Remix action. The embedded
 * backend re-checks the same rules (~/schemas/rules.ts) on its calls. The profile and the sign-up
 * share those rules (`accountFields`, `userIdField`), not this file: it is P16's alone.
 */
import { z } from "~/schemas/zod";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { joinAuthorities, personWire, userIdField } from "~/schemas/rules";
import { accountFields } from "~/schemas/profile";

export const MEMBER_PATH = "/management/member";
export const MEMBER_FORM_PATH = "/management/member/registration";
export const MEMBER_TITLE = "사용자 관리";

const stringList = z.preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.string()));
const optionalText = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string());
const authTyField = stringList.pipe(z.array(z.enum(["1", "2"], { errorMap: () => ({ message: MSG.authRequired }) })).min(1, MSG.authRequired));

/** The register/edit form; a new user (no userSeq) needs the id duplicate check for the typed id. */
export const memberSchema = z
  .object({
    userSeq: optionalText,
    userId: userIdField(MSG.idRequired),
    idCheckedFor: optionalText,
    ...accountFields,
    usyn: z.enum(["Y", "N"], { errorMap: () => ({ message: OWN_MSG.usynRequired }) }),
  })
  .superRefine((v, ctx) => {
    if (!v.userSeq && v.idCheckedFor !== v.userId) ctx.addIssue({ code: "custom", path: ["userId"], message: MSG.idCheckRequired });
  });
export type MemberData = z.infer<typeof memberSchema>;
export const memberOrder = ["userId", "userNm", "dptCd", "telNo1", "telNo2", "telNo3", "email", "emailCd", "authTy", "usyn"] as const;

/** The form as the save call sends it (spec 000 §7 insertUserInfo.do). */
export function memberWire(d: MemberData) {
  return {
    ...personWire(d),
    authTy: joinAuthorities(d.authTy),
    usyn: d.usyn,
    aprYn: "Y",
  };
}

/** Approval of one or several join requests with the chosen permissions. */
export const approveSchema = z.object({
  userSeq: stringList.pipe(z.array(z.string().regex(/^[1-9][0-9]{0,9}$/, MSG.memberSelectUsers)).min(1, MSG.memberSelectUsers)),
  authTy: authTyField,
});
export const approveOrder = ["userSeq", "authTy"] as const;
