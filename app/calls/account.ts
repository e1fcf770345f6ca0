/**
 * Sign-up and account calls (spec 000 §7 "Sign-up", "Find ID / password", "User"; docs/contract.md
 * "Account"): the id check, sign-up, find-password and its change, one's own profile, and the
 * embedded backend's additions (ADR 0024): the first sign-in's password change and the outbox of
 * account mails. The save of a user (insertUserInfo.do) is also the administrators' (P16).
 */
import { z } from "zod";
import { bool, key, list, maybeNum, num, obj, text, wireUser } from "~/legacy/wire";
import { defineCall, noFields } from "./define";

/** A user's fields as the forms send them (sign-up, profile, user administration). */
const userFields = { userId: z.string(), userNm: z.string(), dptCd: z.string(), telNo: z.string(), email: z.string(), emailCd: z.string() };
const duplicated = obj({ duplicatedId: bool() });

/**
 * Spec 000 §7: `-> result.findInfo.userSeq, or null`. `changeToken`, `codeSent` and `codeTo` are
 * the embedded backend's additions (docs/contract.md, ADR 0024): kept when present, never required.
 * `codeSent` says that a one-time code went out ('smtp' to the registered address, 'outbox' to the
 * administrators) and that the change needs it.
 */
const optionalText = text.transform((v) => v || undefined);
export const findResult = obj({
  findInfo: obj({
    userSeq: num.pipe(z.number().int().positive()),
    changeToken: optionalText,
    codeSent: z.enum(["smtp", "outbox"]).nullish().catch(undefined).transform((v) => v ?? undefined),
    codeTo: optionalText,
  }).nullish(),
}).nullish();

export const wireAccountMail = obj({
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

/** An administrator's save of a new user answers its seq and the initial password (ours, ADR 0040); one's own save answers nothing read. */
const savedReply = obj({ userSeq: maybeNum, initPass: z.string().min(1).nullish() }).nullish();

export const ACCOUNT = {
  /** before sign-in: is the id taken */
  idCheckPublic: defineCall("/api/loginpass/idCheck.do", { spec: "spec 000 §7", request: z.object({ userId: z.string() }), reply: duplicated }),
  signUp: defineCall("/api/loginpass/insertUserInfo.do", { spec: "spec 000 §7", request: z.object({ ...userFields, authTy: z.string(), userPass: z.string() }) }),
  /** find-password: the user of the given fields (changeToken, codeSent, codeTo ours) */
  find: defineCall("/api/loginpass/findUserInfo.do", { spec: "spec 000 §7", request: z.object(userFields), reply: findResult }),
  /** find-password's change; changeToken and code (ours) only when the find gave them */
  changePwd: defineCall("/api/loginpass/changePwd.do", { spec: "spec 000 §7", request: z.object({ userSeq: z.number(), userPass: z.string(), changeToken: z.string().optional(), code: z.string().optional() }) }),
  /** ours (ADR 0024): replace a password someone else set, at the first sign-in */
  changeMyPwd: defineCall("/api/changeMyPwd.do", { spec: null, request: z.object({ currentPass: z.string(), userPass: z.string() }) }),
  /** ours (ADR 0024): the administrators' outbox of account mails, and whether a mail server is set up */
  mails: defineCall("/api/setting/getAccountMailList.do", { spec: null, request: noFields, reply: obj({ list: list(wireAccountMail), smtp: bool() }) }),
  /** signed in (profile, user administration): is the id taken */
  idCheck: defineCall("/api/idCheck.do", { spec: "spec 000 §7", request: z.object({ userId: z.string() }), reply: duplicated }),
  getUser: defineCall("/api/getUserInfo.do", { spec: "spec 000 §7", request: z.object({ seq: z.number() }), reply: obj({ info: wireUser }) }),
  /** one's own save (currentPass, ours, with a new password) or an administrator's (usyn, aprYn; a new user has no userSeq) */
  save: defineCall("/api/insertUserInfo.do", {
    spec: "spec 000 §7",
    request: z.object({ ...userFields, authTy: z.string(), userSeq: z.number().optional(), userPass: z.string().optional(), currentPass: z.string().optional(), usyn: z.string(), aprYn: z.string().optional() }),
    reply: savedReply,
  }),
} as const;
