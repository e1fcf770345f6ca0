/**
 * P16 user administration (spec 000 §7 "User administration", §5, §6; issue 16): the user list
 * (search text, approval state, masked), approval of join requests with chosen permissions (one
 * or several users at once) and the password reset. Every call is an administrator's (`auth:
 * "admin"`, ADR 0040). The save of a user is /api/insertUserInfo.do (account.server.ts).
 *
 * The reset sets a new initial password that the server draws (never a fixed one everybody could
 * know), answers it once to the administrator, and marks the account to change it at the next
 * sign-in (the forced change of ADR 0024).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { MSG } from "../../schemas/messages.ko";
import { isValidPassword, joinAuthorities, PASSWORD_MAX_LENGTH, splitAuthorities, userWireFields } from "../../schemas/rules";
import { maskEmail, maskName, maskPhone } from "../../utils/mask";
import { isCommonPassword } from "../../utils/common-passwords.server";
import { initialPassword } from "../../utils/initial-password.server";
export { initialPassword };
import { hashPassword } from "../crypto.server";
import { users } from "../db/schema";
import { CODE } from "../db/seed-data";
import { notifyPasswordChanged } from "../lib/account-mail.server";
import { route, type CallContext, type RouteDef } from "../lib/context.server";
import { USER_ADMIN } from "../../calls/user-admin";
import { fail, ok, parseInput } from "../lib/envelope.server";
import { endUserSessions } from "../lib/sessions.server";
import { findUserBySeq } from "../lib/users.server";
import { formatWireDate, seoulYear } from "../lib/time";
import { codeNames } from "./code.server";

const seq = z.coerce.number().int().positive().max(2_147_483_647);
const blank = (v: unknown) => v === undefined || v === null || v === "";

const SORTABLE = { userId: users.userId, userNm: users.userNm, regDt: users.regDt, aprYn: users.aprYn, usyn: users.usyn } as const;

const ListBody = z.object({
  searchTxt: z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 100) : ""), z.string()),
  aprYn: z.preprocess((v) => (blank(v) ? undefined : v), z.enum(["Y", "N"]).optional()),
  page: z.preprocess((v) => (blank(v) ? undefined : v), z.coerce.number().int().min(1).max(100_000).optional()),
  size: z.preprocess((v) => (blank(v) ? undefined : v), z.coerce.number().int().min(1).max(10_000).optional()),
  sort: z.preprocess((v) => (typeof v === "string" ? v : undefined), z.string().max(200).optional()),
});

/** One seq, a list of seqs, or `list: [{userSeq}]` (spec 000 §7: '{userSeq, authTy} (or a list)'). */
const seqList = z.preprocess((v) => (blank(v) ? [] : Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : [v]), z.array(seq));
const ApproveBody = z
  .object({
    userSeq: seqList,
    list: z.preprocess((v) => (blank(v) ? [] : v), z.array(z.object({ userSeq: seq }).passthrough())),
    authTy: z.preprocess((v) => (Array.isArray(v) ? v.join(",") : blank(v) ? "" : v), userWireFields.authTy),
  })
  .transform((b) => ({ seqs: [...new Set([...b.userSeq, ...b.list.map((r) => r.userSeq)])], authTy: joinAuthorities(splitAuthorities(b.authTy)) }));

const ResetBody = z.object({ userSeq: seq, userPass: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().max(200).optional()) });

/** The list row: the user as the list shows it, masked (spec 000 §6). */
export interface UserListRow {
  userSeq: number;
  userId: string;
  userNm: string;
  dptCd: string | null;
  dptNm: string;
  telNo: string;
  email: string;
  emailCd: string | null;
  emailNm: string;
  authTy: string;
  usyn: string;
  aprYn: string;
  regDt: string | null;
}

async function getUserList(ctx: CallContext) {
  const body = parseInput(ListBody, ctx.body);
  const where: SQL[] = [];
  if (body.searchTxt) {
    const like = `%${body.searchTxt.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(${users.userId} ilike ${like} or ${users.userNm} ilike ${like})`);
  }
  if (body.aprYn) where.push(eq(users.aprYn, body.aprYn));
  const cond = where.length ? and(...where) : undefined;
  const order = (body.sort ?? "")
    .split(",")
    .map((s) => s.split(":"))
    .filter(([k]) => Object.hasOwn(SORTABLE, k))
    .map(([k, d]) => (d === "desc" ? desc(SORTABLE[k as keyof typeof SORTABLE]) : asc(SORTABLE[k as keyof typeof SORTABLE])));
  const [{ total }] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(users).where(cond);
  let q = ctx.db
    .select()
    .from(users)
    .where(cond)
    .orderBy(...order, desc(users.regDt), desc(users.userSeq))
    .$dynamic();
  if (body.size) q = q.limit(body.size).offset(((body.page ?? 1) - 1) * body.size);
  const rows = await q;
  const names = await codeNames(ctx.db, [CODE.departments, CODE.emailDomains], seoulYear());
  const list: UserListRow[] = rows.map((u) => ({
    userSeq: u.userSeq,
    userId: u.userId,
    userNm: maskName(u.userNm),
    dptCd: u.dptCd,
    dptNm: (u.dptCd && names.get(u.dptCd)) || "",
    telNo: u.telNo ? maskPhone(u.telNo) : "",
    email: u.email ? maskEmail(u.email) : "",
    emailCd: u.emailCd,
    emailNm: (u.emailCd && names.get(u.emailCd)) || "",
    authTy: u.authTy,
    usyn: u.usyn,
    aprYn: u.aprYn,
    regDt: formatWireDate(u.regDt),
  }));
  return ok({ list, total });
}

async function approveJoin(ctx: CallContext) {
  const { seqs, authTy } = parseInput(ApproveBody, ctx.body, ["authTy", "userSeq"]);
  if (seqs.length === 0) return fail(400, MSG.surveySelectUsers);
  if (seqs.length > 500) return fail(400, MSG.surveySelectUsers);
  const now = new Date();
  const done = await ctx.db
    .update(users)
    .set({ aprYn: "Y", aprDt: now, authTy, uptDt: now })
    .where(and(inArray(users.userSeq, seqs), eq(users.aprYn, "N")))
    .returning({ userSeq: users.userSeq, userId: users.userId });
  if (done.length === 0) return fail(404, MSG.noData);
  return ok({ approved: done }, MSG.approved);
}

/**
 * The reset (spec 000 §7 changePwd.do {userSeq, userPass}): the password the administrator's page
 * drew (ADR 0063), checked against the rule and the common ones; without one (an older caller),
 * one drawn here and answered once (`initPass`).
 */
async function resetPassword(ctx: CallContext) {
  const { userSeq, userPass } = parseInput(ResetBody, ctx.body);
  const target = await findUserBySeq(ctx.db, userSeq);
  if (!target) return fail(404, MSG.noData);
  if (userPass !== undefined && (!isValidPassword(userPass) || userPass.length > PASSWORD_MAX_LENGTH || isCommonPassword(userPass))) return fail(400, MSG.passwordFormat);
  const initPass = userPass ?? initialPassword();
  const passHash = await hashPassword(initPass);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    // the reset also lifts a lock of find-password (issue 37 item 6, ADR 0064): the administrator
    // has checked who is asking, which is what the lock waits for
    await tx.update(users).set({ passHash, pwChangeYn: "Y", lockedAt: null, uptDt: now }).where(eq(users.userSeq, userSeq));
    await endUserSessions(tx, userSeq);
  });
  await notifyPasswordChanged(ctx.db, { ...target, passHash }, now);
  return ok({ userSeq, userId: target.userId, ...(userPass === undefined ? { initPass } : {}), ...(target.lockedAt ? { unlocked: true } : {}) }, MSG.reset);
}

export const userAdminRoutes: RouteDef[] = [
  route(USER_ADMIN.list, "admin", getUserList),
  route(USER_ADMIN.approve, "admin", approveJoin),
  route(USER_ADMIN.resetPassword, "admin", resetPassword),
];
