/** Sign-up and account calls of spec 000 §7. */
import { z } from "zod";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { listOf, wireCode, wireUser, obj, text, key, num, list, bool } from "../wire";

export interface UserFields {
  userId: string;
  userNm: string;
  dptCd: string;
  telNo: string;
  email: string;
  emailCd: string;
  authTy: string;
}

const duplicated = obj({ duplicatedId: bool() });

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
 * Spec 000 §7: `-> result.findInfo.userSeq, or null`. `changeToken`, `codeSent` and `codeTo` are
 * the embedded backend's additions (docs/contract.md, ADR 0024): kept when present, never required.
 * `codeSent` says that a one-time code went out ('smtp' to the registered address, 'outbox' to the
 * administrators) and that the change needs it.
 */
const optionalText = text.transform((v) => v || undefined);
const findResult = obj({
  findInfo: obj({
      userSeq: num.pipe(z.number().int().positive()),
      changeToken: optionalText,
      codeSent: z.enum(["smtp", "outbox"]).nullish().catch(undefined).transform((v) => v ?? undefined),
      codeTo: optionalText,
    })
    .nullish(),
})
  .nullish();

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
  const info = (await legacyPost("/api/loginpass/findUserInfo.do", fields, findResult))?.findInfo;
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
  return legacyPost("/api/loginpass/changePwd.do", body, z.unknown());
}

/** The embedded backend's addition (ADR 0024): replace a password someone else set, at the first sign-in. */
export function changeMyPassword(session: TokenHolder, input: { currentPass: string; userPass: string }) {
  return legacyPost("/api/changeMyPwd.do", input, z.unknown(), { session });
}

const wireAccountMail = obj({
  amSeq: num,
  kind: key,
  userId: text,
  userNm: text,
  toAddr: text,
  subject: key,
  body: key,
  channel: key,
  status: key,
  regDt: text,
});
export type WireAccountMail = z.infer<typeof wireAccountMail>;

/** The embedded backend's addition (ADR 0024): the administrators' outbox of account mails. */
export function accountMails(session: TokenHolder) {
  return legacyPost("/api/setting/getAccountMailList.do", {}, obj({ list: list(wireAccountMail), smtp: bool() }), { session });
}

/** true when the id is taken (signed in: profile and user administration) */
export async function isIdTakenSignedIn(session: TokenHolder, userId: string) {
  return (await legacyPost("/api/idCheck.do", { userId }, duplicated, { session })).duplicatedId;
}

export async function getUser(session: TokenHolder, seq: number) {
  return (await legacyPost("/api/getUserInfo.do", { seq }, obj({ info: wireUser }), { session })).info;
}

/** `currentPass` (ours, issue 17) goes along with one's own new password; a legacy server ignores it. */
export function saveUser(session: TokenHolder, fields: UserFields & { userSeq: number; userPass?: string; currentPass?: string; usyn: string }) {
  return legacyPost("/api/insertUserInfo.do", fields, z.unknown(), { session });
}
