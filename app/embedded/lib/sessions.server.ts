/**
 * Server sessions behind the tokens: creation at sign-in, refresh-token rotation with a 30-second
 * grace for the previous token, reuse detection, and ending sessions.
 */
import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { readCache } from "../db/read-cache.server";
import { authSessions, users, type AuthSessionRow, type UserRow } from "../db/schema";
import {
  REFRESH_AUTO_LOGIN_TTL_SEC,
  REFRESH_GRACE_MS,
  REFRESH_TTL_SEC,
  type RefreshClaims,
  type TokenService,
  randomId,
} from "../crypto.server";
import { accountProblem, findUserBySeq } from "./users.server";

type Q = Db | Tx;

export interface TokenPair {
  accessToken: string;
  reJwtToken: string;
}

const refreshTtlMs = (autoLogin: string) => (autoLogin === "Y" ? REFRESH_AUTO_LOGIN_TTL_SEC : REFRESH_TTL_SEC) * 1000;

export const isLive = (s: AuthSessionRow, now = new Date()) => !s.revokedAt && s.expiresAt.getTime() > now.getTime();

export async function findSession(db: Q, sid: string): Promise<AuthSessionRow | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.sid, sid)).limit(1);
  return row;
}

/**
 * A session with its user, in one query (every authenticated call reads both), kept until the
 * next write to the database (read-cache.server.ts): whether it is still live is decided by the
 * caller, at the time of the call.
 */
export async function findSessionWithUser(db: Q, sid: string): Promise<{ session: AuthSessionRow; user: UserRow } | undefined> {
  return readCache(db).get(`session:${sid}`, async () => {
    const [row] = await db.select({ session: authSessions, user: users }).from(authSessions).innerJoin(users, eq(users.userSeq, authSessions.userSeq)).where(eq(authSessions.sid, sid)).limit(1);
    return row;
  });
}

/** Starts a session for a signed-in user and answers its first token pair. */
export async function startSession(
  db: Db,
  tokens: TokenService,
  userSeq: number,
  autoLogin: "Y" | "N",
): Promise<{ session: AuthSessionRow } & TokenPair> {
  const now = new Date();
  // Housekeeping: forget sessions that ended more than a day ago.
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.delete(authSessions).where(or(lt(authSessions.expiresAt, dayAgo), lt(authSessions.revokedAt, dayAgo)));

  const [session] = await db
    .insert(authSessions)
    .values({
      sid: randomId(18),
      userSeq,
      jti: randomId(18),
      autoLogin,
      expiresAt: new Date(now.getTime() + refreshTtlMs(autoLogin)),
    })
    .returning();
  return { session, ...(await pairFor(tokens, session)) };
}

async function pairFor(tokens: TokenService, s: AuthSessionRow): Promise<TokenPair> {
  const [accessToken, reJwtToken] = await Promise.all([
    tokens.signAccess(s.userSeq, s.sid),
    tokens.signRefresh(s.userSeq, s.sid, s.jti, s.expiresAt),
  ]);
  return { accessToken, reJwtToken };
}

export type RotateResult =
  | ({ kind: "ok"; session: AuthSessionRow; user: UserRow } & TokenPair)
  /** The session is gone, ended or expired. */
  | { kind: "ended" }
  /** A refresh token older than the previous one (or the previous one after the grace): the session is ended. */
  | { kind: "reused" }
  /** The account was disabled or is not approved: the session is ended. */
  | { kind: "account"; message: string };

/**
 * Exchanges a refresh token for a new pair. The current token rotates the session's jti; the
 * previous one, within 30 seconds of the rotation, answers with the current pair; anything else is
 * reuse and ends the session.
 */
export async function rotateRefresh(db: Db, tokens: TokenService, claims: RefreshClaims): Promise<RotateResult> {
  let session = await findSession(db, claims.sid);
  const now = new Date();
  if (!session || !isLive(session, now) || session.userSeq !== claims.userSeq) return { kind: "ended" };

  const user = await findUserBySeq(db, session.userSeq);
  if (!user) return { kind: "ended" };
  const problem = accountProblem(user);
  if (problem) {
    await endSession(db, session.sid);
    return { kind: "account", message: problem };
  }

  if (claims.jti === session.jti) {
    const [rotated] = await db
      .update(authSessions)
      .set({
        jti: randomId(18),
        prevJti: session.jti,
        rotatedAt: now,
        expiresAt: new Date(now.getTime() + refreshTtlMs(session.autoLogin)),
        uptDt: now,
      })
      .where(and(eq(authSessions.sid, session.sid), eq(authSessions.jti, claims.jti), isNull(authSessions.revokedAt)))
      .returning();
    if (rotated) return { kind: "ok", session: rotated, user, ...(await pairFor(tokens, rotated)) };
    // Another request rotated it first: fall through to the grace rule with the fresh row.
    session = await findSession(db, claims.sid);
    if (!session || !isLive(session)) return { kind: "ended" };
  }

  if (
    claims.jti === session.prevJti &&
    session.rotatedAt &&
    Date.now() - session.rotatedAt.getTime() <= REFRESH_GRACE_MS
  ) {
    return { kind: "ok", session, user, ...(await pairFor(tokens, session)) };
  }

  await endSession(db, session.sid);
  return { kind: "reused" };
}

export async function endSession(db: Q, sid: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), uptDt: new Date() })
    .where(and(eq(authSessions.sid, sid), isNull(authSessions.revokedAt)));
}

/** Ends every live session of a user, except optionally one. */
export async function endUserSessions(db: Q, userSeq: number, exceptSid?: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), uptDt: new Date() })
    .where(
      and(
        eq(authSessions.userSeq, userSeq),
        isNull(authSessions.revokedAt),
        exceptSid ? ne(authSessions.sid, exceptSid) : sql`true`,
      ),
    );
}
