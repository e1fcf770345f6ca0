/**
 * P16 user administration (spec 000 §7 "User administration"; docs/contract.md "User
 * administration"; app/calls/user-admin.ts): the list, approval, the password reset and an
 * administrator's save of a user. The list's personal fields are masked again here (spec 000 §6):
 * a legacy server that answers them whole never gets them as far as the page.
 * The call definitions stay in app/calls/user-admin.ts (ADR 0081): the audit list
 * (utils/audit-calls.server.ts) and the embedded handler read them too.
 */
import { ACCOUNT } from "~/calls/account";
import { USER_ADMIN, type WireUserRow } from "~/calls/user-admin";
import { maskEmail, maskName, maskPhone } from "~/utils/mask";
import { callLegacy, type TokenHolder } from "~/legacy/gateway.server";
import type { ListQuery } from "~/legacy/wire";
import type { UserFields } from "~/schemas/account";

const masked = (u: WireUserRow): WireUserRow => ({ ...u, userNm: maskName(u.userNm), telNo: maskPhone(u.telNo), email: maskEmail(u.email) });

export async function listUsers(session: TokenHolder, filter: { searchTxt: string; aprYn: "" | "Y" | "N" } & Partial<ListQuery>) {
  const r = await callLegacy(USER_ADMIN.list, filter, { session });
  return { ...r, list: r.list.map(masked) };
}

/** Approves join requests with the chosen permissions ('1,2'); answers the server's message ('승인 되었습니다.'). */
export async function approveUsers(session: TokenHolder, userSeqs: readonly number[], authTy: string) {
  const body = userSeqs.length === 1 ? { userSeq: userSeqs[0], authTy } : { list: userSeqs.map((userSeq) => ({ userSeq })), authTy };
  return callLegacy(USER_ADMIN.approve, body, { session });
}

/**
 * Resets a user's password (spec 000 §7 `changePwd.do {userSeq, userPass}`) to `userPass`, a random
 * initial value the page drew and shows once (ADR 0063: not the spec's fixed value). The embedded
 * backend also ends the user's sessions and makes the next sign-in change it (ADR 0040).
 */
export async function resetPassword(session: TokenHolder, userSeq: number, userPass: string): Promise<void> {
  await callLegacy(USER_ADMIN.resetPassword, { userSeq, userPass }, { session });
}

/** An administrator's save of a user (spec 000 §7 insertUserInfo.do with usyn, aprYn): a new one answers its seq and initial password. */
export async function saveUserAsAdmin(session: TokenHolder, fields: UserFields & { userSeq?: number; usyn: string; aprYn: string }) {
  const r = await callLegacy(ACCOUNT.save, fields, { session });
  return { userSeq: r?.userSeq ?? null, initPass: r?.initPass ?? null };
}
