/** Sign-up and account calls of spec 000 §7. */
import { ACCOUNT } from "~/calls/account";
import { CODES } from "~/calls/code";
import type { UserFields } from "~/schemas/account";
import { callLegacy, type TokenHolder } from "../gateway.server";

/** true when the id is taken (public, for sign-up) */
export async function isIdTaken(userId: string) {
  return (await callLegacy(ACCOUNT.idCheckPublic, { userId })).duplicatedId;
}

export function signUp(fields: UserFields & { userPass: string }) {
  return callLegacy(ACCOUNT.signUp, fields);
}

/** Common codes of a group, before sign-in (sign-up and find-password dialogs). */
export async function publicCodes(code: string, year: string | number) {
  return (await callLegacy(CODES.publicList, { code, year: String(year) })).list;
}

export interface FoundUser {
  userSeq: number;
  changeToken?: string;
  /** set when the change needs the one-time code, and where it went */
  codeSent?: "smtp" | "outbox";
  /** the masked address the code was mailed to */
  codeTo?: string;
}

/** The matching user's seq (and what the server adds, when it does), or null when no user matches. */
export async function findUser(fields: Omit<UserFields, "authTy">): Promise<FoundUser | null> {
  const info = (await callLegacy(ACCOUNT.find, fields))?.findInfo;
  return info ? { userSeq: info.userSeq, changeToken: info.changeToken, codeSent: info.codeSent, codeTo: info.codeTo } : null;
}

/** Spec 000 §7 `{userSeq, userPass}`; the change token and the code go along only when find-password gave them. */
export function changePassword(input: { userSeq: number; userPass: string; changeToken?: string; code?: string }) {
  const body = {
    userSeq: input.userSeq,
    userPass: input.userPass,
    ...(input.changeToken ? { changeToken: input.changeToken } : {}),
    ...(input.code ? { code: input.code } : {}),
  };
  return callLegacy(ACCOUNT.changePwd, body);
}

/** The embedded backend's addition (ADR 0024): replace a password someone else set, at the first sign-in. */
export function changeMyPassword(session: TokenHolder, input: { currentPass: string; userPass: string }) {
  return callLegacy(ACCOUNT.changeMyPwd, input, { session });
}

/** The embedded backend's addition (ADR 0024): the administrators' outbox of account mails. */
export function accountMails(session: TokenHolder) {
  return callLegacy(ACCOUNT.mails, {}, { session });
}

/** true when the id is taken (signed in: profile and user administration) */
export async function isIdTakenSignedIn(session: TokenHolder, userId: string) {
  return (await callLegacy(ACCOUNT.idCheck, { userId }, { session })).duplicatedId;
}

export async function getUser(session: TokenHolder, seq: number) {
  return (await callLegacy(ACCOUNT.getUser, { seq }, { session })).info;
}

/** `currentPass` (ours, issue 17) goes along with one's own new password; a legacy server ignores it. */
export function saveUser(session: TokenHolder, fields: UserFields & { userSeq: number; userPass?: string; currentPass?: string; usyn: string }) {
  return callLegacy(ACCOUNT.save, fields, { session });
}
