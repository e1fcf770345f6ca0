/**
 * The second factor (issue 37 item 4, docs/decisions/0068-second-factor.md): a TOTP (RFC 6238,
 * @epic-web/totp: SHA-1, 6 digits, 30 s, one step either side) and ten one-time recovery codes.
 *
 * The web tier keeps the factor in its own store, whatever the backend: a legacy server has no
 * call for it. The store is the audit log's (audit.server.ts `auditStore`: the embedded backend's
 * database, else PostgreSQL on DATABASE_URL, else a PGlite folder under DATA_DIR), table
 * `second_factor`, made here on first use and keyed by the account's sign-in id (lower case).
 * The TOTP secret is sealed (AES-256-GCM, seal.server.ts) with a key derived from MFA_SECRET_KEY,
 * else SESSION_SECRET (every key of the comma-separated list opens: rotation), and bound to its
 * account; recovery codes are kept as SHA-256 hashes only.
 *
 * A code is good once: the step it was made for must be later than the last one accepted
 * (RFC 6238 §5.2), and a recovery code is removed as it is used, both in one UPDATE. The demo
 * administrators' factor (DEMO_DATA with the embedded backend) has a published secret, so the
 * suite's parallel sign-ins reuse a code: replay is not checked for it (`demo`).
 */
import { createHash, randomInt } from "node:crypto";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { sql } from "drizzle-orm";
import QRCode from "qrcode";
import { auditStore, type AuditDb } from "./audit.server";
import { SECOND_FACTOR_BLOCK } from "./ddl.server";
import { demoDataEnabled } from "./demo";
import { env } from "./env.server";
import { seal, unseal } from "./seal.server";

/** RFC 6238's step, and how many steps either side of now a code may be made for (clock drift). */
export const PERIOD = 30;
export const WINDOW = 1;
/** How many recovery codes an enrolment gives. */
export const RECOVERY_COUNT = 10;
/** The name an authenticator app shows for the account. */
export const ISSUER = "의과대학 교육평가";

/**
 * The demo administrators' secret (DEMO_DATA with the embedded backend only; README "Second
 * factor"): published, as the demo password is, so that the demo and the e2e suite can sign in.
 */
export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DP";
/** The demo accounts that are administrators (app/embedded/db/seed-data.ts). */
export const DEMO_ADMINS = ["admin", "admin02"] as const;

const accountKey = (userId: string) => userId.trim().normalize("NFC").toLowerCase();

// ---------------------------------------------------------------------------------------------
// Secrets, codes and their checks (pure)
// ---------------------------------------------------------------------------------------------

/** The keys that seal secrets: MFA_SECRET_KEY (comma-separated, the first seals), else SESSION_SECRET's. */
export function factorKeys(): string[] {
  const own = (process.env.MFA_SECRET_KEY ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  return own.length ? own : env.sessionSecrets;
}

const purpose = (account: string) => `second-factor\0${accountKey(account)}`;

/** The secret as stored: sealed and bound to its account (a row copied to another account does not open). */
export function sealSecret(account: string, secret: string): string {
  return seal({ s: secret }, factorKeys(), purpose(account));
}

export function openSecret(account: string, sealed: string): string | null {
  return unseal<{ s?: unknown }>(sealed, factorKeys(), purpose(account))?.s as string | null ?? null;
}

/** A new random secret (base32, 160 bits as RFC 4226 recommends). */
export async function newSecret(): Promise<string> {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  const ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHA[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** The code an authenticator shows now for `secret` (the e2e helpers and the tests make theirs so). */
export async function currentCode(secret: string): Promise<string> {
  return (await generateTOTP({ secret, period: PERIOD })).otp;
}

/** The secret in groups of four, as a person types it into an app without a camera. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** The otpauth:// address the QR code holds. */
export function authUri(secret: string, userId: string): string {
  return getTOTPAuthUri({ secret, accountName: userId, issuer: ISSUER, period: PERIOD, digits: 6, algorithm: "SHA-1" });
}

/** The QR code of `uri` as an SVG document (drawn on the server: the page needs no script). */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** The 30-second step of a moment (ms). */
export const stepAt = (ms: number) => Math.floor(ms / 1000 / PERIOD);

/**
 * The step a 6-digit `code` was made for, when it is one of `secret`'s codes of now or one step
 * either side; null otherwise.
 */
export async function codeStep(secret: string, code: string, now = Date.now()): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const r = await verifyTOTP({ otp: code, secret, period: PERIOD, window: WINDOW });
  return r ? stepAt(now) + r.delta : null;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten new recovery codes, `xxxxx-xxxxx` (about 49 bits each; no 0/o, 1/l/i). */
export function newRecoveryCodes(count = RECOVERY_COUNT): string[] {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return Array.from({ length: count }, () => {
    const c = one();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** A typed recovery code as compared: lower case, without spaces or dashes. */
export const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

/** What the store keeps of a recovery code. */
export function recoveryHash(account: string, code: string): string {
  return createHash("sha256").update(`recovery\0${accountKey(account)}\0${normaliseRecovery(code)}`).digest("hex");
}

// ---------------------------------------------------------------------------------------------
// Who must have one
// ---------------------------------------------------------------------------------------------

/** MFA_REQUIRED=1 (or true, yes): every account must have a second factor. */
export function requiredForEveryone(): boolean {
  return /^(1|true|yes)$/i.test(process.env.MFA_REQUIRED?.trim() ?? "");
}

/** Whether an account must have a second factor: administrators always, everyone with MFA_REQUIRED=1. */
export const isRequired = (administrator: boolean) => administrator || requiredForEveryone();

// ---------------------------------------------------------------------------------------------
// The store
// ---------------------------------------------------------------------------------------------

type Row = { secret: string; recovery: string[] | string; last_step: string | number; demo: boolean };
const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/**
 * The demo administrators get the published secret when demo data is on with the embedded backend,
 * sealed again under this process's keys at every start while it is still the demo's (an account
 * that enrolled an app of its own keeps it): without SESSION_SECRET each start seals with a random
 * key, and a row sealed by the start before would not open, so the published key stopped working
 * after a restart (and one of two clusters started on one database, each with its own secret,
 * refused the administrators' codes).
 */
async function seedDemo(db: AuditDb): Promise<void> {
  if (!demoDataEnabled() || env.legacyApiUrl) return;
  for (const id of DEMO_ADMINS) {
    await db.execute(
      sql`INSERT INTO "second_factor" ("account", "secret", "demo") VALUES (${id}, ${sealSecret(id, DEMO_TOTP_SECRET)}, true)
          ON CONFLICT ("account") DO UPDATE SET "secret" = EXCLUDED."secret" WHERE "second_factor"."demo"`,
    );
  }
}

/** Makes the table in `db` (if it is not there) and the demo factors (tests call it on a database of their own). */
export async function prepareFactorDb(db: AuditDb): Promise<AuditDb> {
  await db.execute(sql.raw(SECOND_FACTOR_BLOCK));
  await seedDemo(db);
  return db;
}

const GLOBAL_KEY = Symbol.for("medu-eval.second-factor-store");
type GlobalWithStore = typeof globalThis & { [GLOBAL_KEY]?: Promise<AuditDb> };

/** The store's database, its table made (once per process; a failed open is retried). */
export function factorDb(): Promise<AuditDb> {
  const g = globalThis as GlobalWithStore;
  if (!g[GLOBAL_KEY]) {
    const p = auditStore().then(({ db }) => prepareFactorDb(db));
    g[GLOBAL_KEY] = p;
    p.catch(() => {
      if (g[GLOBAL_KEY] === p) delete g[GLOBAL_KEY];
    });
  }
  return g[GLOBAL_KEY]!;
}

export interface FactorState {
  enrolled: boolean;
  /** recovery codes left */
  recoveryLeft: number;
}

async function row(db: AuditDb, userId: string): Promise<Row | undefined> {
  return rowsOf<Row>(await db.execute(sql`SELECT "secret", "recovery", "last_step", "demo" FROM "second_factor" WHERE "account" = ${accountKey(userId)}`))[0];
}

const recoveryOf = (r: Row): string[] => (Array.isArray(r.recovery) ? r.recovery : String(r.recovery).replace(/^\{|\}$/g, "").split(",").filter(Boolean));

/** Whether the account has a factor, and how many recovery codes it has left. */
export async function factorState(userId: string, db?: AuditDb): Promise<FactorState> {
  const r = await row(db ?? (await factorDb()), userId);
  return r ? { enrolled: true, recoveryLeft: recoveryOf(r).length } : { enrolled: false, recoveryLeft: 0 };
}

/**
 * Enrols the account with `secret` (replacing a factor it had) once `code` proves the app holds
 * it; answers the recovery codes, shown once, or null when the code is wrong.
 */
export async function enrol(userId: string, secret: string, code: string, db?: AuditDb): Promise<string[] | null> {
  const step = await codeStep(secret, code);
  if (step === null) return null;
  const d = db ?? (await factorDb());
  const codes = newRecoveryCodes();
  const hashes = codes.map((c) => recoveryHash(userId, c));
  const account = accountKey(userId);
  await d.execute(
    sql`INSERT INTO "second_factor" ("account", "secret", "recovery", "last_step", "demo") VALUES (${account}, ${sealSecret(userId, secret)}, ${toArray(hashes)}::text[], ${step}, false)
        ON CONFLICT ("account") DO UPDATE SET "secret" = EXCLUDED."secret", "recovery" = EXCLUDED."recovery", "last_step" = EXCLUDED."last_step", "demo" = false, "enrolled_at" = now()`,
  );
  return codes;
}

/** A text[] literal of hex hashes (nothing to escape). */
const toArray = (items: string[]) => `{${items.join(",")}}`;

export type CodeCheck = "ok" | "wrong" | "none";

/**
 * Checks a 6-digit code of the account's app: 'ok' (and the code is spent), 'wrong' (not a code of
 * now, or one used already), 'none' (no factor enrolled).
 */
export async function verifyCode(userId: string, code: string, db?: AuditDb): Promise<CodeCheck> {
  const d = db ?? (await factorDb());
  const r = await row(d, userId);
  if (!r) return "none";
  const secret = openSecret(userId, r.secret);
  if (!secret) return "wrong";
  const step = await codeStep(secret, code);
  if (step === null) return "wrong";
  if (r.demo) return "ok";
  // one statement: two requests with the same code cannot both pass
  const spent = rowsOf(
    await d.execute(sql`UPDATE "second_factor" SET "last_step" = ${step} WHERE "account" = ${accountKey(userId)} AND "last_step" < ${step} RETURNING 1 AS "ok"`),
  );
  return spent.length ? "ok" : "wrong";
}

/** Checks a recovery code: 'ok' (and it is removed: it works once), 'wrong', 'none'. */
export async function useRecoveryCode(userId: string, code: string, db?: AuditDb): Promise<CodeCheck> {
  const d = db ?? (await factorDb());
  const account = accountKey(userId);
  const h = recoveryHash(userId, code);
  const used = rowsOf(
    await d.execute(sql`UPDATE "second_factor" SET "recovery" = array_remove("recovery", ${h}) WHERE "account" = ${account} AND ${h} = ANY("recovery") RETURNING 1 AS "ok"`),
  );
  if (used.length) return "ok";
  return (await row(d, userId)) ? "wrong" : "none";
}

/** Removes the account's factor (the user's own disable, or an administrator's reset); true when it had one. */
export async function removeFactor(userId: string, db?: AuditDb): Promise<boolean> {
  const d = db ?? (await factorDb());
  return rowsOf(await d.execute(sql`DELETE FROM "second_factor" WHERE "account" = ${accountKey(userId)} RETURNING 1 AS "ok"`)).length > 0;
}
