/**
 * The account forms' fields in screen order (the '알림' message is the first failing field's
 * message). A module of its own, without zod: the sign-in page's forms need the order to focus the
 * first failing field, while only its server validates (ADR 0044); app/schemas/account.ts holds
 * the schemas and re-exports these.
 */
export const loginOrder = ["userId", "userPass"] as const;
export const signupOrder = [
  "userId",
  "userNm",
  "dptCd",
  "telNo1",
  "telNo2",
  "telNo3",
  "email",
  "emailCd",
  "authTy",
  "userPass",
  "userPassChk",
] as const;
export const findOrder = ["userId", "userNm", "dptCd", "telNo1", "telNo2", "telNo3", "email", "emailCd"] as const;
export const changeOrder = ["userPass", "userPassChk"] as const;
export const changeWithCodeOrder = ["code", "userPass", "userPassChk"] as const;
export const forcedChangeOrder = ["currentPass", "userPass", "userPassChk"] as const;
