/**
 * P16 user administration (spec 000 §7 "User administration"; docs/contract.md "User
 * administration"): the list, approval and the password reset. An administrator's save of a user
 * is ACCOUNT.save (app/calls/account.ts).
 */
import { z } from "zod";
import { flag, key, list, num, obj, optNum, text } from "~/legacy/wire";
import { defineCall, pageFields } from "./define";

/** A row of the list as sent; its personal fields are masked again by the gateway (spec 000 §6). */
export const wireUserRow = obj({
  userSeq: num,
  userId: key,
  userNm: text,
  dptCd: text,
  dptNm: text,
  telNo: text,
  email: text,
  emailCd: text,
  emailNm: text,
  authTy: text,
  usyn: flag,
  aprYn: flag,
  regDt: text,
});
export type WireUserRow = z.infer<typeof wireUserRow>;

export const USER_ADMIN = {
  /** the users whose name or id contains the text, of an approval state ('' all) */
  list: defineCall("/api/getUserList.do", { spec: "spec 000 §7", request: z.object({ searchTxt: z.string(), aprYn: z.string(), ...pageFields }), reply: obj({ list: list(wireUserRow), total: optNum }) }),
  /** one user {userSeq} or several {list: [{userSeq}]} approved with the permissions authTy ('1,2') */
  approve: defineCall("/api/approvJoin.do", { spec: "spec 000 §7", request: z.object({ userSeq: z.number().optional(), list: z.array(z.object({ userSeq: z.number() })).optional(), authTy: z.string() }) }),
  /** an administrator's reset to the initial password the page drew (ADR 0063) */
  resetPassword: defineCall("/api/changePwd.do", { spec: "spec 000 §7", request: z.object({ userSeq: z.number(), userPass: z.string() }) }),
} as const;
