/**
 * P16 user administration (spec 000 §7 "User administration"; docs/contract.md "User
 * administration"): the list, approval, the password reset and an administrator's save of a user.
 * The list's personal fields are masked again here (spec 000 §6): a legacy server that answers
 * them whole never gets them as far as the page.
 */
import { z } from "zod";
import { maskEmail, maskName, maskPhone } from "~/utils/mask";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { obj, text, key, num, optNum, list, flag, maybeNum } from "../wire";
import type { ListQuery } from "../wire";
import type { UserFields } from "./account.server";

export const wireUserRow = obj({
  userSeq: num,
  userId: key,
  userNm: text.transform(maskName),
  dptCd: text,
  dptNm: text,
  telNo: text.transform(maskPhone),
  email: text.transform(maskEmail),
  emailCd: text,
  emailNm: text,
  authTy: text,
  usyn: flag,
  aprYn: flag,
  regDt: text,
});
export type WireUserRow = z.infer<typeof wireUserRow>;

const listReply = obj({ list: list(wireUserRow), total: optNum });

export function listUsers(session: TokenHolder, filter: { searchTxt: string; aprYn: "" | "Y" | "N" } & Partial<ListQuery>) {
  return legacyPost("/api/getUserList.do", filter, listReply, { session });
}

/** Approves join requests with the chosen permissions ('1,2'); answers the server's message ('승인 되었습니다.'). */
export async function approveUsers(session: TokenHolder, userSeqs: readonly number[], authTy: string) {
  const body = userSeqs.length === 1 ? { userSeq: userSeqs[0], authTy } : { list: userSeqs.map((userSeq) => ({ userSeq })), authTy };
  return legacyPost("/api/approvJoin.do", body, z.unknown(), { session });
}

/**
 * Resets a user's password (spec 000 §7 `changePwd.do {userSeq, userPass}`) to `userPass`, a random
 * initial value the page drew and shows once (ADR 0063: not the spec's fixed value). The embedded
 * backend also ends the user's sessions and makes the next sign-in change it (ADR 0040).
 */
export async function resetPassword(session: TokenHolder, userSeq: number, userPass: string): Promise<void> {
  await legacyPost("/api/changePwd.do", { userSeq, userPass }, z.unknown(), { session });
}

const savedReply = obj({ userSeq: maybeNum, initPass: z.string().min(1).nullish() }).nullish();

/** An administrator's save of a user (spec 000 §7 insertUserInfo.do with usyn, aprYn): a new one answers its seq and initial password. */
export async function saveUserAsAdmin(session: TokenHolder, fields: UserFields & { userSeq?: number; usyn: string; aprYn: string }) {
  const r = await legacyPost("/api/insertUserInfo.do", fields, savedReply, { session });
  return { userSeq: r?.userSeq ?? null, initPass: r?.initPass ?? null };
}
