/**
 * User lookups and the wire shape `User` of docs/contract.md (never the password hash).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { OWN_MSG } from "../../schemas/messages.ko";
import { splitAuthorities } from "../../schemas/rules";
import type { Db, Tx } from "../db/client.server";
import { commCodes, users, type UserRow } from "../db/schema";
import { CODE } from "../db/seed-data";
import { formatWireDate, seoulYear } from "./time";

export interface UserDto {
  userSeq: number;
  userId: string;
  userNm: string;
  dptCd: string | null;
  dptNm: string | null;
  telNo: string | null;
  email: string | null;
  emailCd: string | null;
  authTy: string;
  usyn: string;
  aprYn: string;
  adminYn: string;
  /** our addition (ADR 0024): 'Y' when the user must replace a password someone else set */
  pwChangeYn: string;
  /** our addition (issue 37 item 6, ADR 0064): 'Y' while find-password is locked for the account */
  lockYn: string;
  regDt: string | null;
  uptDt: string | null;
}

type Q = Db | Tx;

export async function findUserBySeq(db: Q, userSeq: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userSeq, userSeq)).limit(1);
  return row;
}

/** IDs are case-insensitive (a unique index on lower(user_id)). */
export async function findUserByLoginId(db: Q, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userId}) = lower(${userId})`)
    .limit(1);
  return row;
}

export async function isUserIdTaken(db: Q, userId: string): Promise<boolean> {
  return (await findUserByLoginId(db, userId)) !== undefined;
}

/** The name of a code in a group: this year's, else the latest year's. */
export async function codeName(db: Q, cmmnCd: string, code: string | null): Promise<string | null> {
  if (!code) return null;
  const year = seoulYear();
  const [row] = await db
    .select({ codeNm: commCodes.codeNm })
    .from(commCodes)
    .where(and(eq(commCodes.cmmnCd, cmmnCd), eq(commCodes.code, code)))
    .orderBy(sql`(${commCodes.year} = ${year}) desc`, desc(commCodes.year))
    .limit(1);
  return row?.codeNm ?? null;
}

export async function toUserDto(db: Q, u: UserRow): Promise<UserDto> {
  return {
    userSeq: u.userSeq,
    userId: u.userId,
    userNm: u.userNm,
    dptCd: u.dptCd,
    dptNm: await codeName(db, CODE.departments, u.dptCd),
    telNo: u.telNo,
    email: u.email,
    emailCd: u.emailCd,
    authTy: u.authTy,
    usyn: u.usyn,
    aprYn: u.aprYn,
    adminYn: u.adminYn,
    pwChangeYn: u.pwChangeYn,
    lockYn: u.lockedAt ? "Y" : "N",
    regDt: formatWireDate(u.regDt),
    uptDt: formatWireDate(u.uptDt),
  };
}

/** Why this account may not use the product, or null. */
export function accountProblem(u: Pick<UserRow, "usyn" | "aprYn">): string | null {
  if (u.usyn !== "Y") return OWN_MSG.accountDisabled;
  if (u.aprYn !== "Y") return OWN_MSG.notApproved;
  return null;
}

export const isAdmin = (u: Pick<UserRow, "adminYn">) => u.adminYn === "Y";
export const authoritiesOf = (u: Pick<UserRow, "authTy">) => splitAuthorities(u.authTy);
