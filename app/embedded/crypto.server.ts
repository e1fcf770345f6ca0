/**
 * Password hashing (scrypt, salted) and the signed tokens of docs/contract.md (HS256 JWTs).
 */
import { createHash, createHmac, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import os from "node:os";
import { SignJWT, jwtVerify, errors as joseErrors } from "jose";

// ---------------------------------------------------------------------------------------------
// Passwords
// ---------------------------------------------------------------------------------------------

/**
 * OWASP's Password Storage Cheat Sheet (scrypt): N=2^17, r=8, p=1 (128 MiB a hash). Hashes made
 * with a lower cost (N=2^14 before issue 17) still verify and are re-hashed at the next successful
 * sign-in (needsRehash).
 */
export const SCRYPT = { N: 1 << 17, r: 8, p: 1, keyLen: 64, saltLen: 16 } as const;

/**
 * The N new hashes are made with: OWASP's, unless PASSWORD_HASH_COST (log2 N, 12 to 17) lowers it
 * for a throw-away test server, as test setups of password libraries commonly do (the end-to-end
 * server signs in some thousand times a run; each full-cost hash is about 0.4 s of a core and
 * 128 MiB: docs/decisions/0017). Anything else in the variable stops the start, and a lowered cost
 * says so in the log once.
 */
export function hashCostFromEnv(value: string | undefined): number {
  if (!value?.trim()) return SCRYPT.N;
  const log2 = Number(value);
  if (!Number.isInteger(log2) || log2 < 12 || log2 > 17) throw new Error(`PASSWORD_HASH_COST must be an integer from 12 to 17 (log2 of scrypt's N), not '${value}'`);
  return 2 ** log2;
}
const HASH_N = hashCostFromEnv(process.env.PASSWORD_HASH_COST);
if (HASH_N < SCRYPT.N) console.warn(`PASSWORD_HASH_COST=${Math.log2(HASH_N)}: new passwords are hashed below OWASP's cost (N=2^17); for a test server only`);
/** scrypt needs 128·N·r bytes; Node's default limit (32 MiB) is below OWASP's cost. */
const MAXMEM = 256 * 1024 * 1024;

/**
 * Hashes at once: one per core (at most 4, libuv's default pool). Each takes 128 MiB while it runs:
 * a burst of sign-ins (a class signing in at 9:00, or a stranger's 120 attempts a minute) waits its
 * turn instead of holding a gigabyte, and is no slower for it (the cores were the limit already).
 */
export const HASHES_AT_ONCE = Math.max(1, Math.min(4, os.availableParallelism()));
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, keyLen: number, opts: ScryptOptions): Promise<Buffer> {
  if (running >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scryptCb(password.normalize("NFC"), salt, keyLen, opts, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    // the turn passes to the next waiting hash (running stays counted), else it is given back
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Hashes running and waiting now (tests). */
export const hashQueue = () => ({ running, waiting: waiting.length });

/** Hashes a password as `scrypt$N$r$p$<salt base64>$<key base64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLen);
  const key = await scrypt(password, salt, SCRYPT.keyLen, { N: HASH_N, r: SCRYPT.r, p: SCRYPT.p, maxmem: MAXMEM });
  return ["scrypt", HASH_N, SCRYPT.r, SCRYPT.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Checks a password against a stored hash in constant time. Malformed hashes never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 1 << 17 || r > 32 || p > 16 || 128 * N * r > MAXMEM) return false;
  const salt = Buffer.from(parts[4], "base64");
  const expected = Buffer.from(parts[5], "base64");
  if (expected.length < 16) return false;
  const actual = await scrypt(password, salt, expected.length, { N, r, p, maxmem: MAXMEM });
  return timingSafeEqual(actual, expected);
}

/** true when a stored hash was made with less than today's cost (or is not ours): hash again after a sign-in. */
export function needsRehash(stored: string): boolean {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return true;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  return N < HASH_N || r < SCRYPT.r || p < SCRYPT.p || Buffer.from(parts[5], "base64").length < SCRYPT.keyLen;
}

/** A fixed hash verified against when the user does not exist, so timing does not tell. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString("base64"));
  return dummyHash;
}

/** A short fingerprint of the stored hash: a change token stops working once the password changes. */
export const passwordFingerprint = (passHash: string) =>
  createHash("sha256").update(passHash).digest("base64url").slice(0, 22);

/** A random URL-safe identifier (session ids, token ids, secrets). */
export const randomId = (bytes = 24) => randomBytes(bytes).toString("base64url");

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

export const ACCESS_TTL_SEC = 15 * 60;
export const REFRESH_TTL_SEC = 12 * 60 * 60;
export const REFRESH_AUTO_LOGIN_TTL_SEC = 30 * 24 * 60 * 60;
export const CHANGE_TTL_SEC = 10 * 60;
/** How long the previous refresh token keeps answering after a rotation. */
export const REFRESH_GRACE_MS = 30_000;

const ISSUER = "medu-eval-embedded";

export type TokenType = "access" | "refresh" | "change";

export interface AccessClaims {
  typ: "access";
  userSeq: number;
  sid: string;
}
export interface RefreshClaims {
  typ: "refresh";
  userSeq: number;
  sid: string;
  jti: string;
}
export interface ChangeClaims {
  typ: "change";
  userSeq: number;
  /** passwordFingerprint() of the hash at issue time. */
  ph: string;
  /** The find-password reset whose one-time code the change needs (password_resets.rid). */
  rid?: string;
}
type Claims = { access: AccessClaims; refresh: RefreshClaims; change: ChangeClaims };

export type VerifyFailure = "invalid" | "expired";

/** Signs and verifies the backend's HS256 JWTs with one secret. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: Uint8Array) {
    if (secret.length < 32) throw new Error("JWT secret must be at least 32 bytes");
    this.key = secret;
  }

  /** Access token: 15 minutes; claims sub, sid, typ. */
  signAccess(userSeq: number, sid: string): Promise<string> {
    return new SignJWT({ sid, typ: "access" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(userSeq))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TTL_SEC)
      .sign(this.key);
  }

  /** Refresh token: claims sub, sid, jti, typ; expires at the session's expiry. */
  signRefresh(userSeq: number, sid: string, jti: string, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid, typ: "refresh" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(userSeq))
      .setJti(jti)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /**
   * Password-change token: 10 minutes, bound to the user, to the current password hash and to the
   * reset whose one-time code the change needs.
   */
  signChange(userSeq: number, passHash: string, rid: string): Promise<string> {
    return new SignJWT({ ph: passwordFingerprint(passHash), rid, typ: "change" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(userSeq))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + CHANGE_TTL_SEC)
      .sign(this.key);
  }

  /** HMAC-SHA256 (hex) of `data` under the token secret: one-time codes are kept only as this. */
  mac(data: string): string {
    return createHmac("sha256", this.key).update(data).digest("hex");
  }

  /** Verifies a token of the given type; answers its claims or why it failed. */
  async verify<T extends TokenType>(
    token: string,
    typ: T,
  ): Promise<{ ok: true; claims: Claims[T] } | { ok: false; reason: VerifyFailure }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"], issuer: ISSUER });
      const userSeq = Number(payload.sub);
      if (payload.typ !== typ || !Number.isSafeInteger(userSeq) || userSeq <= 0) return { ok: false, reason: "invalid" };
      if (typ === "change") {
        if (typeof payload.ph !== "string") return { ok: false, reason: "invalid" };
        const rid = typeof payload.rid === "string" && payload.rid ? payload.rid : undefined;
        return { ok: true, claims: { typ: "change", userSeq, ph: payload.ph, rid } as Claims[T] };
      }
      if (typeof payload.sid !== "string" || !payload.sid) return { ok: false, reason: "invalid" };
      if (typ === "refresh") {
        if (typeof payload.jti !== "string" || !payload.jti) return { ok: false, reason: "invalid" };
        return { ok: true, claims: { typ: "refresh", userSeq, sid: payload.sid, jti: payload.jti } as Claims[T] };
      }
      return { ok: true, claims: { typ: "access", userSeq, sid: payload.sid } as Claims[T] };
    } catch (err) {
      return { ok: false, reason: err instanceof joseErrors.JWTExpired ? "expired" : "invalid" };
    }
  }
}

/** A new random JWT secret (base64url), for app_settings. */
export const newJwtSecret = () => randomBytes(48).toString("base64url");
export const decodeJwtSecret = (value: string) => new Uint8Array(Buffer.from(value, "base64url"));
