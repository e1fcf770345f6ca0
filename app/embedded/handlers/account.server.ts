/**
 * Sign-up and account calls: ID checks, sign-up (an unapproved account), find-password with a
 * change token and a one-time code sent to the registered address, password change, and reading /
 * saving a user (self or administrator). Issue 17 (ADR 0024): a new password is also refused when
 * it is longer than 64 characters or one of the commonest; changing one's own password needs the
 * current one; the owner is told by e-mail whenever their password changes.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import {
  emailLocalField,
  joinAuthorities,
  joinPhone,
  passwordField,
  phonePartField,
  phonePrefixField,
  requiredText,
  splitAuthorities,
  userIdField,
  userNmField,
  userWireFields,
} from "../../schemas/rules";
import { isCommonPassword } from "../../utils/common-passwords.server";
import { hashPassword, passwordFingerprint, verifyPassword } from "../crypto.server";
import { isUniqueViolation, type Db } from "../db/client.server";
import { users, type UserRow } from "../db/schema";
import { CODE } from "../db/seed-data";
import { requireAuth, route, type AuthInfo, type CallContext, type RouteDef } from "../lib/context.server";
import { ACCOUNT } from "../../calls/account";
import { ApiError, fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { issueResetCode, latestAccountMails, notifyContactChanged, notifyPasswordChanged, useResetCode, type ContactChange } from "../lib/account-mail.server";
import { smtpConfigured } from "../lib/mailer.server";
import { endUserSessions } from "../lib/sessions.server";
import { findUserBySeq, isUserIdTaken, toUserDto } from "../lib/users.server";
import { isKnownCode } from "./code.server";
import { initialPassword } from "./user-admin.server";

// ---------------------------------------------------------------------------------------------
// Input rules (app/schemas/rules.ts)
// ---------------------------------------------------------------------------------------------

/** '010-1234-5678' checked part by part with the shared phone rules, re-joined. */
const telNoField = (required: string) =>
  z
    .preprocess((v) => {
      if (typeof v !== "string") return v;
      const parts = v.split("-").map((p) => p.trim());
      while (parts.length < 3) parts.push("");
      return parts;
    }, z.tuple([phonePrefixField(required), phonePartField(required), phonePartField(required)], { invalid_type_error: required, required_error: required }))
    .transform(([a, b, c]) => joinPhone(a, b, c));

/** Authorities as '1,2' (an array is accepted too); normalised to sorted unique codes. */
const authTyField = z
  .preprocess((v) => (Array.isArray(v) ? v.join(",") : v), userWireFields.authTy)
  .transform((a) => joinAuthorities(splitAuthorities(a)));

const userSeqField = z.coerce.number().int().positive().max(2_147_483_647);

/** A password being set: the shared rule (format, at most 64) and not one of the commonest. */
const newPasswordField = (required: string) => passwordField(required).refine((pw) => !isCommonPassword(pw), OWN_MSG.passwordCommon);

/** The fields every sign-up and find-password field shares: all required ('필수 입력사항을 입력하세요.'). */
const identityFields = {
  userId: userIdField(MSG.requiredFields),
  userNm: userNmField(MSG.requiredFields),
  dptCd: requiredText(MSG.requiredFields),
  telNo: telNoField(MSG.requiredFields),
  email: emailLocalField(MSG.requiredFields),
  emailCd: requiredText(MSG.requiredFields),
};

const SignupBody = z.object({
  ...identityFields,
  authTy: authTyField,
  userPass: newPasswordField(MSG.requiredFields),
});

const FindBody = z.object(identityFields);

const IdCheckBody = z.object({ userId: userIdField(MSG.requiredFields) });

const ChangePwdBody = z.object({
  changeToken: z.string().min(1),
  userSeq: userSeqField,
  /** our addition (ADR 0024): the one-time code find-password sent to the registered address */
  code: z.preprocess((v) => (typeof v === "number" ? String(v) : v ?? ""), z.string().min(1, OWN_MSG.resetCodeRequired).regex(/^[0-9]{6}$/, OWN_MSG.resetCodeFormat)),
  userPass: newPasswordField(MSG.requiredFields),
});

/** The forced change of a password someone else set (the first administrator's), ADR 0024. */
const ChangeMyPwdBody = z.object({
  currentPass: z.string({ required_error: OWN_MSG.currentPassRequired }).min(1, OWN_MSG.currentPassRequired).max(256, OWN_MSG.currentPassWrong),
  userPass: newPasswordField(MSG.requiredFields),
});

const GetUserBody = z.object({ seq: userSeqField });

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Profile and user-administration save (spec 000 §5 profile rules, in the form's order). */
const SaveUserBody = z.object({
  userSeq: z.preprocess((v) => (v === "" || v === null || v === 0 || v === "0" ? undefined : v), userSeqField.optional()),
  userId: userWireFields.userId,
  userNm: userWireFields.userNm,
  dptCd: userWireFields.dptCd,
  telNo: telNoField(MSG.phoneRequired),
  email: userWireFields.email,
  emailCd: userWireFields.emailCd,
  authTy: authTyField,
  userPass: z.preprocess(blankToUndefined, newPasswordField(MSG.requiredFields).optional()),
  /** our addition (issue 17): one's own new password needs the current one */
  currentPass: z.preprocess(blankToUndefined, z.string().max(256).optional()),
  usyn: z.preprocess(blankToUndefined, z.enum(["Y", "N"]).optional()),
  aprYn: z.preprocess(blankToUndefined, z.enum(["Y", "N"]).optional()),
});

/** Department and e-mail domain must be known codes (groups 0000300000 and 0000400000). */
async function checkCodes(db: Db, dptCd: string, emailCd: string, messages: { dept: string; email: string }) {
  if (!(await isKnownCode(db, CODE.departments, dptCd))) throw new ApiError(fail(400, messages.dept));
  if (!(await isKnownCode(db, CODE.emailDomains, emailCd))) throw new ApiError(fail(400, messages.email));
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------

async function idCheck(ctx: CallContext) {
  const { userId } = parseInput(IdCheckBody, ctx.body);
  return ok({ duplicatedId: await isUserIdTaken(ctx.db, userId) });
}

async function signUp(ctx: CallContext) {
  const body = parseInput(SignupBody, ctx.body);
  const created = await insertUser(ctx, body, { usyn: "Y", aprYn: "N" });
  return typeof created === "number" ? ok(null, OWN_MSG.signupDone) : created;
}

/** What a user's form sets of the account on a sign-up, a creation and an edit alike. */
type ProfileFields = { userNm: string; dptCd: string; telNo: string; email: string; emailCd: string; authTy: string };
const profileOf = (b: ProfileFields): ProfileFields => ({ userNm: b.userNm, dptCd: b.dptCd, telNo: b.telNo, email: b.email, emailCd: b.emailCd, authTy: b.authTy });

/**
 * Checks the codes and the id, then stores a new user with a hashed password. Returns the new
 * userSeq, or the failure reply (duplicate id, unknown code).
 */
async function insertUser(
  ctx: CallContext,
  body: ProfileFields & { userId: string; userPass: string },
  state: { usyn: string; aprYn: string; pwChangeYn?: string },
): Promise<number | Envelope> {
  await checkCodes(ctx.db, body.dptCd, body.emailCd, { dept: MSG.deptRequired, email: MSG.emailRequired });
  if (await isUserIdTaken(ctx.db, body.userId)) return fail(409, MSG.idDuplicated);
  try {
    const [row] = await ctx.db
      .insert(users)
      .values({
        userId: body.userId,
        ...profileOf(body),
        usyn: state.usyn,
        aprYn: state.aprYn,
        aprDt: state.aprYn === "Y" ? new Date() : null,
        adminYn: "N",
        pwChangeYn: state.pwChangeYn ?? "N",
        passHash: await hashPassword(body.userPass),
      })
      .returning({ userSeq: users.userSeq });
    return row.userSeq;
  } catch (err) {
    if (isUniqueViolation(err)) return fail(409, MSG.idDuplicated);
    throw err;
  }
}

async function findUserInfo(ctx: CallContext) {
  const body = parseInput(FindBody, ctx.body);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.userId}) = lower(${body.userId})`,
        eq(users.userNm, body.userNm),
        eq(users.dptCd, body.dptCd),
        eq(users.telNo, body.telNo),
        sql`lower(${users.email}) = lower(${body.email})`,
        eq(users.emailCd, body.emailCd),
        eq(users.usyn, "Y"),
      ),
    )
    .limit(1);
  if (!user) return ok({ findInfo: null });
  // issue 17: knowing someone's personal details is not enough; the change also needs the code
  // sent to the address they registered (or, without a mail server, passed on by an administrator)
  const tokens = await ctx.deps.tokens();
  const issued = await issueResetCode(ctx.db, tokens, user);
  const changeToken = await tokens.signChange(user.userSeq, user.passHash, issued.rid);
  return ok({ findInfo: { userSeq: user.userSeq, changeToken, codeSent: issued.channel, codeTo: issued.to } });
}

async function changePwd(ctx: CallContext) {
  // Without a valid change token for that user nothing else is worth checking (or telling).
  if (typeof ctx.body.changeToken !== "string" || !ctx.body.changeToken) return fail(403, OWN_MSG.changeExpired);
  const head = ChangePwdBody.pick({ changeToken: true, userSeq: true }).safeParse(ctx.body);
  if (!head.success) return fail(403, OWN_MSG.changeExpired);
  const tokens = await ctx.deps.tokens();
  const verified = await tokens.verify(head.data.changeToken, "change");
  // a token without a reset (made before issue 17) no longer changes anything
  if (!verified.ok || verified.claims.userSeq !== head.data.userSeq || !verified.claims.rid) return fail(403, OWN_MSG.changeExpired);
  const user = await findUserBySeq(ctx.db, head.data.userSeq);
  // The token is bound to the hash it was issued for: once used (or the password changed), it is spent.
  if (!user || user.usyn !== "Y" || passwordFingerprint(user.passHash) !== verified.claims.ph) {
    return fail(403, OWN_MSG.changeExpired);
  }
  // the code's format and the new password are checked before a try is counted
  const body = parseInput(ChangePwdBody, ctx.body);
  // counts a try; a wrong or spent code ends here (with the tries left)
  await useResetCode(ctx.db, tokens, verified.claims.rid, user.userSeq, body.code);
  const passHash = await hashPassword(body.userPass);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passHash, pwChangeYn: "N", uptDt: now }).where(eq(users.userSeq, user.userSeq));
    await endUserSessions(tx, user.userSeq);
  });
  await notifyPasswordChanged(ctx.db, user, now);
  return ok(null, OWN_MSG.passwordChanged);
}

/**
 * Our addition (ADR 0024): the signed-in user replaces a password someone else set for them (the
 * first administrator's at first sign-in). Needs the current password; the new one must differ.
 * Every session of the user ends: they sign in again with the new password.
 */
async function changeMyPwd(ctx: CallContext) {
  const auth = requireAuth(ctx);
  const body = parseInput(ChangeMyPwdBody, ctx.body);
  if (!(await verifyPassword(body.currentPass, auth.user.passHash))) return fail(400, OWN_MSG.currentPassWrong);
  if (body.currentPass === body.userPass) return fail(400, OWN_MSG.passwordSameAsCurrent);
  const passHash = await hashPassword(body.userPass);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passHash, pwChangeYn: "N", uptDt: now }).where(eq(users.userSeq, auth.user.userSeq));
    await endUserSessions(tx, auth.user.userSeq);
  });
  await notifyPasswordChanged(ctx.db, auth.user, now);
  return ok(null, OWN_MSG.passwordChanged);
}

/** Our addition (ADR 0024): the administrators' outbox of account mails, newest first. */
async function accountMailList(ctx: CallContext) {
  return ok({ list: await latestAccountMails(ctx.db), smtp: smtpConfigured() });
}

/** Self or administrator; others get status 403. */
function assertSelfOrAdmin(auth: AuthInfo, userSeq: number) {
  if (!auth.isAdmin && auth.user.userSeq !== userSeq) throw new ApiError(fail(403, MSG.menuForbidden));
}

async function getUserInfo(ctx: CallContext) {
  const auth = requireAuth(ctx);
  const { seq } = parseInput(GetUserBody, ctx.body);
  assertSelfOrAdmin(auth, seq);
  const user = await findUserBySeq(ctx.db, seq);
  if (!user) return fail(404, MSG.noData);
  return ok({ info: await toUserDto(ctx.db, user) });
}

async function saveUserInfo(ctx: CallContext) {
  const auth = requireAuth(ctx);
  const body = parseInput(SaveUserBody, ctx.body);
  if (body.userSeq === undefined) return createUser(ctx, auth, body);

  assertSelfOrAdmin(auth, body.userSeq);
  const target = await findUserBySeq(ctx.db, body.userSeq);
  if (!target) return fail(404, MSG.noData);
  // The ID is fixed once registered.
  if (target.userId.toLowerCase() !== body.userId.toLowerCase()) return fail(400, OWN_MSG.badRequest);
  const self = target.userSeq === auth.user.userSeq;
  if (!auth.isAdmin) {
    // Authorities, usage and approval are the administrators' to change.
    if (body.authTy !== joinAuthorities(splitAuthorities(target.authTy))) return fail(403, MSG.menuForbidden);
    if (body.usyn !== undefined && body.usyn !== target.usyn) return fail(403, MSG.menuForbidden);
    if (body.aprYn !== undefined && body.aprYn !== target.aprYn) return fail(403, MSG.menuForbidden);
  } else if (self && (body.usyn === "N" || body.aprYn === "N")) {
    // An administrator does not lock themselves out.
    return fail(400, OWN_MSG.memberSelfLock);
  }
  await checkCodes(ctx.db, body.dptCd, body.emailCd, { dept: MSG.deptRequired, email: MSG.emailRequired });

  const now = new Date();
  const changes: Partial<UserRow> = { ...profileOf(body), uptDt: now };
  if (auth.isAdmin) {
    if (body.usyn) changes.usyn = body.usyn;
    if (body.aprYn) {
      changes.aprYn = body.aprYn;
      if (body.aprYn === "Y" && target.aprYn !== "Y") changes.aprDt = now;
    }
  }
  // issue 37 item 1: the e-mail and phone lead find-password's code to its owner, so changing them
  // needs the current password as a new password does (issue 17): a session left open is not enough
  const contact = contactChanges(target, body);
  if (self && (body.userPass || contact)) {
    if (!(body.currentPass && (await verifyPassword(body.currentPass, target.passHash)))) {
      return fail(400, body.currentPass ? OWN_MSG.currentPassWrong : OWN_MSG.currentPassRequired);
    }
  }
  if (body.userPass) {
    changes.passHash = await hashPassword(body.userPass);
    if (self) changes.pwChangeYn = "N";
  }

  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set(changes).where(eq(users.userSeq, target.userSeq));
    // A new password ends the user's other sessions (the client logs the current one out).
    if (body.userPass) await endUserSessions(tx, target.userSeq, self ? auth.session.sid : undefined);
  });
  if (body.userPass) await notifyPasswordChanged(ctx.db, { ...target, ...changes }, now);
  // the address as it was hears of it (a new address would tell only whoever set it)
  if (contact) await notifyContactChanged(ctx.db, target, contact, now);
  return ok(null, MSG.updated);
}

/** What of the account's contact changed: 'email', 'phone', 'both', or null. */
function contactChanges(before: Pick<UserRow, "telNo" | "email" | "emailCd">, after: { telNo: string; email: string; emailCd: string }): ContactChange | null {
  const email = (before.email ?? "") !== after.email || (before.emailCd ?? "") !== after.emailCd;
  const phone = (before.telNo ?? "") !== after.telNo;
  return email && phone ? "both" : email ? "email" : phone ? "phone" : null;
}

/**
 * An administrator registers a user (approved unless aprYn N is sent). Without a password (P16's
 * form has none) the server draws an initial one, answers it once as `initPass`, and the user
 * changes it at the first sign-in (ADR 0024's forced change, ADR 0040).
 */
async function createUser(ctx: CallContext, auth: AuthInfo, body: z.output<typeof SaveUserBody>) {
  if (!auth.isAdmin) return fail(403, MSG.menuForbidden);
  const initPass = body.userPass ? undefined : initialPassword();
  const created = await insertUser(ctx, { ...body, userPass: body.userPass ?? initPass! }, { usyn: body.usyn ?? "Y", aprYn: body.aprYn ?? "Y", pwChangeYn: initPass ? "Y" : "N" });
  return typeof created === "number" ? ok({ userSeq: created, ...(initPass ? { initPass } : {}) }, MSG.registered) : created;
}

export const accountRoutes: RouteDef[] = [
  route(ACCOUNT.idCheckPublic, "none", idCheck),
  route(ACCOUNT.signUp, "none", signUp),
  route(ACCOUNT.find, "none", findUserInfo),
  route(ACCOUNT.changePwd, "none", changePwd),
  route(ACCOUNT.idCheck, "required", idCheck),
  route(ACCOUNT.changeMyPwd, "required", changeMyPwd),
  route(ACCOUNT.mails, "admin", accountMailList),
  route(ACCOUNT.getUser, "required", getUserInfo),
  route(ACCOUNT.save, "required", saveUserInfo),
];
