/**
 * Environment settings, read once. Every variable is listed in the README.
 */
import { randomBytes } from "node:crypto";

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw ? Number.parseInt(raw, 10) : NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

let devSecret: string | undefined;

/** The shortest SESSION_SECRET (each of the list) a production start accepts (issue 37 item 9, ADR 0064). */
export const MIN_SESSION_SECRET_LENGTH = 32;

/**
 * Refuses a production start whose SESSION_SECRET holds a secret shorter than
 * MIN_SESSION_SECRET_LENGTH characters (every secret of the list opens cookies, so an old short one
 * is as weak as a new one). The error says what to do; the value is never printed. Unset is
 * accepted: a random secret per process is strong (sessions end at every restart).
 */
export function checkSessionSecret(source: Record<string, string | undefined> = process.env): void {
  if (source.NODE_ENV !== "production") return;
  const list = (source.SESSION_SECRET ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const short = list.findIndex((s) => s.length < MIN_SESSION_SECRET_LENGTH);
  if (short >= 0) {
    throw Object.assign(new Error(
      `SESSION_SECRET: secret ${short + 1} of ${list.length} is shorter than ${MIN_SESSION_SECRET_LENGTH} characters; ` +
        `refusing to start in production. Use a random one, e.g. $(openssl rand -base64 32).`,
    ), { name: "StartRefused" });
  }
}

export const env = {
  get isProduction() {
    return process.env.NODE_ENV === "production";
  },
  /** Base URL of a real legacy server; unset means the embedded backend. */
  get legacyApiUrl(): string | undefined {
    const v = process.env.LEGACY_API_URL?.trim();
    return v ? v.replace(/\/+$/, "") : undefined;
  },
  get legacyTimeoutMs() {
    return int("LEGACY_TIMEOUT_MS", 15_000);
  },
  /**
   * Comma-separated session secrets: the first seals, all open (key rotation). Without one, a
   * random secret is made per process (sessions end at restart) and a warning is printed.
   */
  get sessionSecrets(): string[] {
    const list = (process.env.SESSION_SECRET ?? "").split(",").map((s) => s.trim()).filter(Boolean);
    if (list.length) return list;
    if (!devSecret) {
      devSecret = randomBytes(32).toString("base64url");
      console.warn("[session] SESSION_SECRET is not set: using a random secret for this process.");
    }
    return [devSecret];
  },
  /** Secure cookies with the __Host- prefix: on in production unless COOKIE_SECURE=false. */
  get cookieSecure(): boolean {
    const v = process.env.COOKIE_SECURE;
    if (v === "true") return true;
    if (v === "false") return false;
    return process.env.NODE_ENV === "production";
  },
  get sessionIdleMinutes() {
    return int("SESSION_IDLE_MINUTES", 30);
  },
  get sessionAbsoluteHours() {
    return int("SESSION_ABSOLUTE_HOURS", 12);
  },
  get autoLoginDays() {
    return int("AUTO_LOGIN_DAYS", 30);
  },
};
