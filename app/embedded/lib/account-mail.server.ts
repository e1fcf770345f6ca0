/**
 * Account e-mails (issue 17, ADR 0024): find-password's one-time code and the notice that a
 * password changed. Like survey and consent links (mailer.server.ts), each goes out over SMTP when
 * SMTP_URL is set, and is otherwise kept in `account_mails`, the administrators' outbox
 * (/management/mail), for them to pass on. A code is stored in clear only there and only while
 * it can be used: a mail handed to the mail server keeps it masked, and a spent reset masks it.
 */
import { randomInt } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { OWN_MSG } from "../../schemas/messages.ko";
import { randomId, type TokenService } from "../crypto.server";
import type { Db, Tx } from "../db/client.server";
import { accountMails, passwordResets, users, type UserRow } from "../db/schema";
import { CODE } from "../db/seed-data";
import { ApiError, fail } from "./envelope.server";
import { deliver, type Delivery } from "./mailer.server";
import { formatWireDate } from "./time";
import { codeName } from "./users.server";

/** A code lives 10 minutes (as the change token), takes 5 tries, and a user gets at most 5 an hour. */
export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_CODE_TRIES = 5;
export const RESET_CODES_PER_HOUR = 5;
/**
 * The cumulative limit of an account (issue 37 item 6, ADR 0064): within 24 hours, the 21st code or
 * the 10th wrong code locks find-password for the account until an administrator resets its
 * password on P16; the account's address is told.
 */
export const RESET_CODES_PER_DAY = 20;
export const RESET_FAILURES_PER_DAY = 10;
const DAY_MS = 24 * 3_600_000;
const CODE_DIGITS = 6;
const MASK = "●".repeat(CODE_DIGITS);

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

/** The user's registered address: the local part and the domain code's name ('naver.com'), or null. */
export async function mailAddress(db: Db | Tx, user: Pick<UserRow, "email" | "emailCd">): Promise<string | null> {
  if (!user.email || !user.emailCd) return null;
  const domain = await codeName(db, CODE.emailDomains, user.emailCd);
  return domain ? `${user.email}@${domain}` : null;
}

/** 'se***@naver.com': enough for the owner to recognise, too little to learn the address. */
export function maskAddress(address: string): string {
  const [local, domain] = address.split("@");
  return `${local.slice(0, 2)}***@${domain}`;
}

/** Masks a one-time code in a stored mail body. */
const CODE_PATTERN = `[0-9]{${CODE_DIGITS}}`;
const maskCode = (body: string) => body.replace(new RegExp(CODE_PATTERN, "g"), MASK);
/** The same in SQL, for the stored copies of a spent reset's mail. */
const maskCodeSql = () => sql`regexp_replace(${accountMails.body}, ${CODE_PATTERN}, ${MASK}, 'g')`;

interface AccountMail {
  kind: AccountMailKind;
  rid?: string;
  subject: string;
  body: string;
}

/** The kinds of account mail (the table's check lists them). */
export type AccountMailKind = "reset_code" | "password_changed" | "contact_changed" | "account_locked";

/** Keeps the mail in the outbox, then sends it over SMTP when configured; answers the delivery. */
async function sendAccountMail(db: Db, user: UserRow, mail: AccountMail): Promise<Delivery> {
  const to = await mailAddress(db, user);
  const [row] = await db
    .insert(accountMails)
    .values({
      userSeq: user.userSeq,
      kind: mail.kind,
      rid: mail.rid ?? null,
      toAddr: to,
      subject: mail.subject,
      body: mail.body,
      channel: "outbox",
      status: "pending",
    })
    .returning({ amSeq: accountMails.amSeq });
  const d = await deliver({ to, subject: mail.subject, text: mail.body });
  await db
    .update(accountMails)
    .set({ channel: d.channel, status: d.status, error: d.error ?? null, body: d.status === "sent" ? maskCode(mail.body) : mail.body })
    .where(eq(accountMails.amSeq, row.amSeq));
  return d;
}

export interface IssuedCode {
  rid: string;
  /** 'smtp' when the mail server took it, else 'outbox' (the administrators pass it on). */
  channel: "smtp" | "outbox";
  /** The masked address it went to, when it went by e-mail. */
  to: string | null;
}

/**
 * Issues a one-time code for a find-password that matched `user`: refuses a sixth code within an
 * hour (status 429), spends the user's earlier codes, keeps the new one's HMAC and mails it.
 */
export async function issueResetCode(db: Db, tokens: TokenService, user: UserRow, now = new Date()): Promise<IssuedCode> {
  if (user.lockedAt) throw new ApiError(fail(403, OWN_MSG.resetLocked));
  const [{ day }] = await db
    .select({ day: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userSeq, user.userSeq), gt(passwordResets.regDt, new Date(now.getTime() - DAY_MS))));
  if (Number(day) >= RESET_CODES_PER_DAY) {
    await lockResets(db, user, now);
    throw new ApiError(fail(403, OWN_MSG.resetLocked));
  }
  const [{ n }] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userSeq, user.userSeq), gt(passwordResets.regDt, new Date(now.getTime() - 3_600_000))));
  if (Number(n) >= RESET_CODES_PER_HOUR) throw new ApiError(fail(429, OWN_MSG.resetCodeTooMany));

  const rid = randomId(18);
  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
  await db.transaction(async (tx) => {
    await spendResets(tx, user.userSeq, now);
    await tx.insert(passwordResets).values({
      rid,
      userSeq: user.userSeq,
      codeHash: tokens.mac(`reset:${rid}:${user.userSeq}:${code}`),
      expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
      regDt: now,
    });
  });
  const d = await sendAccountMail(db, user, {
    kind: "reset_code",
    rid,
    subject: OWN_MSG.resetCodeMailSubject,
    body: fill(OWN_MSG.resetCodeMailBody, { name: user.userNm, code }),
  });
  const address = d.status === "sent" ? await mailAddress(db, user) : null;
  return { rid, channel: d.status === "sent" ? "smtp" : "outbox", to: address ? maskAddress(address) : null };
}

/** Spends every live code of the user and masks their codes in the outbox. */
async function spendResets(tx: Db | Tx, userSeq: number, now: Date) {
  const spent = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userSeq, userSeq), isNull(passwordResets.usedAt)))
    .returning({ rid: passwordResets.rid });
  for (const { rid } of spent) {
    await tx.update(accountMails).set({ body: maskCodeSql() }).where(eq(accountMails.rid, rid));
  }
}

/**
 * Checks a code against the reset `rid` of `userSeq`. Each check counts as a try (one atomic
 * update, so parallel guesses cannot get past the limit); the right code spends the reset (and the
 * user's other codes). Throws the reply for a wrong code (with the tries left) or a spent one.
 */
export async function useResetCode(db: Db, tokens: TokenService, rid: string, userSeq: number, code: string, now = new Date()): Promise<void> {
  const [row] = await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(
      and(
        eq(passwordResets.rid, rid),
        eq(passwordResets.userSeq, userSeq),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
        lt(passwordResets.attempts, RESET_CODE_TRIES)
      )
    )
    .returning({ codeHash: passwordResets.codeHash, attempts: passwordResets.attempts });
  if (!row) throw new ApiError(fail(403, OWN_MSG.resetCodeSpent));
  const expected = tokens.mac(`reset:${rid}:${userSeq}:${code}`);
  if (expected !== row.codeHash) {
    // the day's wrong codes of the account (a reset its right code spent keeps its wrong tries only)
    const [{ wrong }] = await db
      .select({ wrong: sql<number>`coalesce(sum(${passwordResets.attempts}), 0)` })
      .from(passwordResets)
      .where(and(eq(passwordResets.userSeq, userSeq), gt(passwordResets.regDt, new Date(now.getTime() - DAY_MS))));
    if (Number(wrong) >= RESET_FAILURES_PER_DAY) {
      const [user] = await db.select().from(users).where(eq(users.userSeq, userSeq));
      if (user) await lockResets(db, user, now);
      throw new ApiError(fail(403, OWN_MSG.resetLocked));
    }
    const left = RESET_CODE_TRIES - row.attempts;
    throw new ApiError(left > 0 ? fail(400, fill(OWN_MSG.resetCodeWrong, { n: left })) : fail(403, OWN_MSG.resetCodeSpent));
  }
  // spent by its right code: the try that found it is not a wrong one (the day's limit counts wrong tries)
  const spent = await db
    .update(passwordResets)
    .set({ usedAt: now, attempts: sql`${passwordResets.attempts} - 1` })
    .where(and(eq(passwordResets.rid, rid), isNull(passwordResets.usedAt)))
    .returning({ rid: passwordResets.rid });
  // a parallel request with the same code got there first
  if (spent.length === 0) throw new ApiError(fail(403, OWN_MSG.resetCodeSpent));
  await spendResets(db, userSeq, now);
  await db.update(accountMails).set({ body: maskCodeSql() }).where(eq(accountMails.rid, rid));
}

/**
 * Locks find-password for the account (once: a locked one stays as it was locked), spends its live
 * codes and tells its address. An administrator's password reset (P16) lifts it.
 */
async function lockResets(db: Db, user: UserRow, now: Date): Promise<void> {
  const locked = await db
    .update(users)
    .set({ lockedAt: now })
    .where(and(eq(users.userSeq, user.userSeq), isNull(users.lockedAt)))
    .returning({ userSeq: users.userSeq });
  if (!locked.length) return;
  await spendResets(db, user.userSeq, now);
  await sendAccountMail(db, user, {
    kind: "account_locked",
    subject: OWN_MSG.resetLockedMailSubject,
    body: fill(OWN_MSG.resetLockedMailBody, { name: user.userNm, id: user.userId, time: formatWireDate(now)?.slice(0, 16) ?? "" }),
  });
}

/** Tells the owner that their password was changed (reset, profile, first sign-in or an administrator). */
export async function notifyPasswordChanged(db: Db, user: UserRow, when = new Date()): Promise<void> {
  await sendAccountMail(db, user, {
    kind: "password_changed",
    subject: OWN_MSG.passwordChangedMailSubject,
    body: fill(OWN_MSG.passwordChangedMailBody, { name: user.userNm, id: user.userId, time: formatWireDate(when)?.slice(0, 16) ?? "" }),
  });
}

export type ContactChange = "email" | "phone" | "both";
const CONTACT_WHAT: Record<ContactChange, string> = { email: "이메일", phone: "연락처", both: "이메일과 연락처" };

/**
 * Tells the owner, at the address registered before the change, that their e-mail or phone changed
 * (issue 37 item 1): find-password sends its code to the address, so a changed address is how a
 * hijacked session would become a taken-over account.
 */
export async function notifyContactChanged(db: Db, before: UserRow, what: ContactChange, when = new Date()): Promise<void> {
  await sendAccountMail(db, before, {
    kind: "contact_changed",
    subject: OWN_MSG.contactChangedMailSubject,
    body: fill(OWN_MSG.contactChangedMailBody, { name: before.userNm, id: before.userId, what: CONTACT_WHAT[what], time: formatWireDate(when)?.slice(0, 16) ?? "" }),
  });
}

export interface AccountMailDto {
  amSeq: number;
  kind: string;
  userId: string | null;
  userNm: string | null;
  toAddr: string | null;
  subject: string;
  body: string;
  channel: string;
  status: string;
  regDt: string | null;
}

/** The latest account mails (newest first), for the administrators' outbox. */
export async function latestAccountMails(db: Db, limit = 100): Promise<AccountMailDto[]> {
  const rows = await db
    .select({
      amSeq: accountMails.amSeq,
      kind: accountMails.kind,
      userId: users.userId,
      userNm: users.userNm,
      toAddr: accountMails.toAddr,
      subject: accountMails.subject,
      body: accountMails.body,
      channel: accountMails.channel,
      status: accountMails.status,
      regDt: accountMails.regDt,
      resetLive: sql<boolean>`(${passwordResets.usedAt} is null and ${passwordResets.expiresAt} > now() and ${passwordResets.attempts} < ${RESET_CODE_TRIES})`,
    })
    .from(accountMails)
    .leftJoin(users, eq(users.userSeq, accountMails.userSeq))
    .leftJoin(passwordResets, eq(passwordResets.rid, accountMails.rid))
    .orderBy(desc(accountMails.regDt), desc(accountMails.amSeq))
    .limit(limit);
  return rows.map(({ resetLive, regDt, ...r }) => ({
    ...r,
    // an expired code is worth nothing: it is not shown either
    body: r.kind === "reset_code" && !resetLive ? maskCode(r.body) : r.body,
    regDt: formatWireDate(regDt),
  }));
}
