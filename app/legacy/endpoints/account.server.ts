/** Sign-up and account calls of spec 000 §7. */
import { z } from "zod";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { listOf, wireCode, wireUser } from "../wire";

export interface UserFields {
  userId: string;
  userNm: string;
  dptCd: string;
  telNo: string;
  email: string;
  emailCd: string;
  authTy: string;
}

const duplicated = z.object({ duplicatedId: z.coerce.boolean() }).passthrough();

/** true when the id is taken (public, for sign-up) */
export async function isIdTaken(userId: string) {
  return (await legacyPost("/api/loginpass/idCheck.do", { userId }, duplicated)).duplicatedId;
}

export function signUp(fields: UserFields & { userPass: string }) {
  return legacyPost("/api/loginpass/insertUserInfo.do", fields, z.unknown());
}

/** Common codes of a group, before sign-in (sign-up and find-password dialogs). */
export async function publicCodes(code: string, year: string | number) {
  return (await legacyPost("/api/loginpass/getCommCodeList.do", { code, year: String(year) }, listOf(wireCode))).list;
}

/**
 * Spec 000 §7: `-> result.findInfo.userSeq, or null`. `changeToken` is the embedded backend's
 * addition (docs/contract.md): kept when present, never required.
 */
const findResult = z
  .object({
    findInfo: z
      .object({ userSeq: z.coerce.number().int().positive(), changeToken: z.string().min(1).nullish().transform((v) => v ?? undefined) })
      .passthrough()
      .nullish(),
  })
  .nullish();

/** The matching user's seq (and the server's change token, when it gives one), or null when no user matches. */
export async function findUser(fields: Omit<UserFields, "authTy">): Promise<{ userSeq: number; changeToken?: string } | null> {
  const info = (await legacyPost("/api/loginpass/findUserInfo.do", fields, findResult))?.findInfo;
  return info ? { userSeq: info.userSeq, changeToken: info.changeToken } : null;
}

/** Spec 000 §7 `{userSeq, userPass}`; the change token goes along only when find-password gave one. */
export function changePassword(input: { userSeq: number; userPass: string; changeToken?: string }) {
  const body = { userSeq: input.userSeq, userPass: input.userPass, ...(input.changeToken ? { changeToken: input.changeToken } : {}) };
  return legacyPost("/api/loginpass/changePwd.do", body, z.unknown());
}

/** true when the id is taken (signed in: profile and user administration) */
export async function isIdTakenSignedIn(session: TokenHolder, userId: string) {
  return (await legacyPost("/api/idCheck.do", { userId }, duplicated, { session })).duplicatedId;
}

export async function getUser(session: TokenHolder, seq: number) {
  return (await legacyPost("/api/getUserInfo.do", { seq }, z.object({ info: wireUser }).passthrough(), { session })).info;
}

export function saveUser(session: TokenHolder, fields: UserFields & { userSeq: number; userPass?: string; usyn: string }) {
  return legacyPost("/api/insertUserInfo.do", fields, z.unknown(), { session });
}
