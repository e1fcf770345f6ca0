/**
 * Personal survey links and one-time answer keys (issue 5, P14).
 *
 * A recipient's link is `/survey/ask/{srSeq}/{usSeq}?exp={unix seconds}&sig={signature}`, the
 * signature an HMAC-SHA256 over the survey, the person and the expiry, keyed by a secret the
 * backend generates once and keeps in app_settings (so every instance on one database agrees and
 * links survive restarts). A changed survey, person, expiry or signature does not verify.
 *
 * An answer form carries a submit key `{nonce}.{mac}` issued for one survey: the backend accepts
 * only keys it issued, and each key once (a unique index), so the same form cannot be submitted
 * twice. On the public link the nonce is the browser's respondent id, so one browser answers once.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { appSettings } from "../db/schema";

const SECRET_KEY = "survey_link_secret";
const DAY_SEC = 24 * 60 * 60;
/** A link lives 90 days, or until a week after the response window closes when that is later. */
export const LINK_TTL_SEC = 90 * DAY_SEC;
const AFTER_CLOSE_SEC = 7 * DAY_SEC;

let cached: { db: Db; secret: Buffer } | null = null;

async function secretOf(db: Db): Promise<Buffer> {
  if (cached?.db === db) return cached.secret;
  await db.insert(appSettings).values({ key: SECRET_KEY, value: randomBytes(32).toString("base64url") }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SECRET_KEY)).limit(1);
  if (!row) throw new Error("survey link secret missing from app_settings");
  cached = { db, secret: Buffer.from(row.value, "base64url") };
  return cached.secret;
}

const mac = (secret: Buffer, text: string) => createHmac("sha256", secret).update(text).digest("base64url");

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The expiry (unix seconds) of a link sent now for a survey closing at `enDt` (if any). */
export function linkExpiry(now: Date, enDt: Date | null): number {
  const base = Math.floor(now.getTime() / 1000) + LINK_TTL_SEC;
  const afterClose = enDt ? Math.floor(enDt.getTime() / 1000) + AFTER_CLOSE_SEC : 0;
  return Math.max(base, afterClose);
}

export async function signLink(db: Db, srSeq: number, usSeq: number, exp: number): Promise<string> {
  return mac(await secretOf(db), `survey-link:${srSeq}:${usSeq}:${exp}`);
}

export type LinkCheck = "ok" | "invalid" | "expired";

/** Checks a personal link's signature, then its expiry. */
export async function verifyLink(db: Db, srSeq: number, usSeq: number, exp: number, sig: string, now = new Date()): Promise<LinkCheck> {
  if (!Number.isSafeInteger(exp) || exp <= 0 || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return "invalid";
  const expected = await signLink(db, srSeq, usSeq, exp);
  if (!same(expected, sig)) return "invalid";
  return exp * 1000 < now.getTime() ? "expired" : "ok";
}

/** The personal link's path and query. */
export async function personalLink(db: Db, srSeq: number, usSeq: number, exp: number): Promise<string> {
  return `/survey/ask/${srSeq}/${usSeq}?exp=${exp}&sig=${await signLink(db, srSeq, usSeq, exp)}`;
}

/** A respondent id the web tier keeps for a browser (16 random bytes, base64url). */
export const CLIENT_RE = /^[A-Za-z0-9_-]{22}$/;

/**
 * The submit key of an answer form of survey `srSeq`. With `client` (the browser's respondent id,
 * 22 base64url characters, kept by the web tier in its sealed session) the key is the same on
 * every load in that browser, so the unique index on responses.submit_key takes one answer per
 * browser; without it (a personal link names its person, who answers once anyway) a random one.
 */
export async function issueSubmitKey(db: Db, srSeq: number, client?: string): Promise<string> {
  const nonce = client && CLIENT_RE.test(client) ? client : randomBytes(16).toString("base64url");
  return `${nonce}.${mac(await secretOf(db), `survey-submit:${srSeq}:${nonce}`).slice(0, 22)}`;
}

/** Whether a submit key was issued by this backend for survey `srSeq`. */
export async function isSubmitKey(db: Db, srSeq: number, key: string): Promise<boolean> {
  const m = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(key);
  if (!m) return false;
  return same(mac(await secretOf(db), `survey-submit:${srSeq}:${m[1]}`).slice(0, 22), m[2]);
}
