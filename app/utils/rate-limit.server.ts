/**
 * Rate limits (issue 17, docs/decisions/0023-rate-limits.md): sign-in, find-password,
 * change-password, sign-up, the id duplicate check and the public survey and consent submits,
 * per account and per client address, counted by rate-limiter-flexible in a store every web
 * instance shares: PostgreSQL (table `rate_limit`) when DATABASE_URL is set, else the process's
 * memory (PGlite serves one process, so there is only one web instance to share with).
 *
 * A refusal is HTTP 429 with `Retry-After` and OWN_MSG.tooManyRequests naming the wait, on the
 * same page with what was typed kept (`refusedForm`, and `retryAfterHeaders` for the document
 * response of a post without JavaScript).
 *
 * The second factor's codes (`secondFactorGate`, ADR 0068) are counted like sign-in's: attempts
 * taken before the check, failures per account and per address, a success clearing the account's.
 *
 * Sign-in (see `signInGate`): the account's attempts are taken atomically before the password is
 * checked, so a burst of parallel guesses cannot slip past a counter that is only raised after each
 * check; consecutive failures of an account make it wait longer and longer (never more than 15
 * minutes at a time), and a successful sign-in clears the account's counters. Only failures count
 * against the address (its attempts cap sits far above what a whole office signing in needs).
 */
import { createHmac } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import type { HeadersFunction } from "@remix-run/node";
import type { Pool } from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { embeddedDatabase } from "~/legacy/backend.server";
import { OWN_MSG } from "~/schemas/messages.ko";
import { lockedDdl } from "./ddl.server";
import { env } from "./env.server";
import { formFailure } from "./form.server";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Every limit: at most `points` in a fixed window of `duration` seconds (the ADR's table). */
export const RULES = {
  /** sign-in attempts per account (taken before the check, cleared by a success) */
  signInAccount: { points: 10, duration: 15 * MINUTE },
  /** consecutive failed sign-ins per account: only counted (see failureWait), forgotten a day after the first */
  signInAccountFailures: { points: 1_000_000, duration: 24 * HOUR },
  /** the wait an account is put in after a failure (`block`ed keys only) */
  signInAccountWait: { points: 1, duration: 15 * MINUTE },
  /** failed sign-ins per address */
  signInAddressFailures: { points: 30, duration: 10 * MINUTE },
  /** sign-in attempts per address, whatever their outcome: bounds a parallel burst */
  signInAddress: { points: 120, duration: MINUTE },
  /** find-password: per account (the id typed) and per address */
  findAccount: { points: 5, duration: 15 * MINUTE },
  findAddress: { points: 10, duration: 15 * MINUTE },
  /** change-password: per account (the one find-password found) and per address */
  changeAccount: { points: 5, duration: 15 * MINUTE },
  changeAddress: { points: 10, duration: 15 * MINUTE },
  signupAddress: { points: 10, duration: HOUR },
  idCheckAddress: { points: 60, duration: 10 * MINUTE },
  /** public submits: a lecture hall behind one NAT address answers an open survey together */
  surveyAddress: { points: 60, duration: 10 * MINUTE },
  consentAddress: { points: 30, duration: 10 * MINUTE },
  /** second-factor codes (ADR 0068): attempts per account, taken before the check, cleared by a success */
  secondFactorAccount: { points: 10, duration: 15 * MINUTE },
  /** wrong second-factor codes per account: at SECOND_FACTOR_FAILURES the account waits out the window */
  secondFactorAccountFailures: { points: 1_000_000, duration: 15 * MINUTE },
  /** wrong second-factor codes per address */
  secondFactorAddressFailures: { points: 1_000_000, duration: 10 * MINUTE },
} as const;

/** Wrong second-factor codes (app or recovery) an account may give in 15 minutes (ADR 0068). */
export const SECOND_FACTOR_FAILURES = 5;
/** Wrong second-factor codes an address may give in 10 minutes. */
export const SECOND_FACTOR_ADDRESS_FAILURES = 30;

export type RuleName = keyof typeof RULES;

/** Failed sign-ins an account makes before it has to wait. */
export const FREE_FAILURES = 5;
/** The longest wait one failure imposes (seconds). */
export const MAX_FAILURE_WAIT = 15 * MINUTE;

/**
 * The wait (seconds) after an account's n-th consecutive failed sign-in: none for the first five,
 * then 5 s doubling (5, 10, 20, 40 s … 10 min 40 s), at most 15 minutes: an attacker from any
 * number of addresses delays the owner by at most that long after one guess, never locks them out.
 */
export function failureWait(n: number): number {
  if (n <= FREE_FAILURES) return 0;
  return Math.min(MAX_FAILURE_WAIT, 5 * 2 ** Math.min(n - FREE_FAILURES - 1, 20));
}

/** A refused request: how long to wait, and the message that says so. */
export interface Refusal {
  /** seconds, for `Retry-After` */
  retryAfter: number;
  message: string;
}

/** '30초', or whole minutes rounded up ('15분'). */
export function waitText(seconds: number): string {
  return seconds < MINUTE ? `${seconds}초` : `${Math.ceil(seconds / MINUTE)}분`;
}

export function refusal(msBeforeNext: number): Refusal {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return { retryAfter, message: OWN_MSG.tooManyRequests.replace("{wait}", waitText(retryAfter)) };
}

/**
 * The client address of a request, from the load context server.js makes (`req.ip`, which honours
 * Express `trust proxy`). An IPv6 address stands for its /64, which one client usually holds whole.
 */
export function clientAddress(context: unknown): string {
  const ip = context && typeof context === "object" ? (context as { clientAddress?: unknown }).clientAddress : undefined;
  return typeof ip === "string" ? addressKey(ip) : "unknown";
}

export function addressKey(ip: string): string {
  const a = ip.trim().toLowerCase().replace(/%.*$/, "");
  if (a.startsWith("::ffff:") && isIPv4(a.slice(7))) return a.slice(7);
  if (isIPv4(a)) return a;
  if (!isIPv6(a)) return "unknown";
  const [head, tail] = a.includes("::") ? a.split("::") : [a, undefined];
  const front = head ? head.split(":") : [];
  const back = tail === undefined ? [] : tail ? tail.split(":") : [];
  // an embedded IPv4 tail takes two groups
  const backGroups = back.length + (back.some((g) => g.includes(".")) ? 1 : 0);
  const groups = [...front, ...Array<string>(Math.max(0, 8 - front.length - backGroups)).fill("0"), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * The stored key: an HMAC of the id or address under the session secret (which every instance
 * shares), so the table holds no readable id — users type passwords into the id field — and no
 * address. Ids are compared case-insensitively (`Admin` and `admin` share a counter).
 */
function keyOf(kind: "account" | "address", value: string): string {
  const v = kind === "account" ? value.trim().normalize("NFC").toLowerCase() : value;
  return createHmac("sha256", env.sessionSecrets[0]).update(`rate-limit\0${kind}\0${v}`).digest("base64url").slice(0, 32);
}

type Make = (name: RuleName) => RateLimiterAbstract;

/** A rejection of rate-limiter-flexible: the limiter's answer (over the limit), not a store error. */
const isRes = (e: unknown): e is RateLimiterRes => e instanceof RateLimiterRes;

export class RateLimits {
  private readonly limiters = new Map<RuleName, RateLimiterAbstract>();

  constructor(
    private readonly make: Make,
    /** where the counters are kept */
    readonly store: "postgres" | "memory",
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  private limiter(name: RuleName): RateLimiterAbstract {
    let l = this.limiters.get(name);
    if (!l) {
      l = this.make(name);
      this.limiters.set(name, l);
    }
    return l;
  }

  /** Takes one from `name`'s allowance for `key`; a refusal when it is used up. */
  private async consume(name: RuleName, key: string): Promise<Refusal | null> {
    try {
      await this.limiter(name).consume(key);
      return null;
    } catch (e) {
      if (isRes(e)) return refusal(e.msBeforeNext);
      throw e;
    }
  }

  /**
   * One request of a limited form: every rule named takes one (in order; the first refusal stops).
   * `account` is the id the form names, `address` the client's (clientAddress).
   */
  async take(rules: { rule: RuleName; account?: string; address?: string }[]): Promise<Refusal | null> {
    for (const r of rules) {
      const key = r.account !== undefined ? keyOf("account", r.account) : keyOf("address", r.address ?? "unknown");
      const refused = await this.consume(r.rule, key);
      if (refused) return refused;
    }
    return null;
  }

  /**
   * Before a sign-in's password is checked: refused while the account waits after its failures,
   * while the address has used its failures (unless the browser is known for the account: see
   * rememberBrowser in session.server.ts), or when either attempt allowance is used up. A refused
   * attempt is not a failure: it never reaches the check and makes no wait longer.
   */
  async signInGate(account: string, address: string, knownBrowser = false): Promise<Refusal | null> {
    const acc = keyOf("account", account);
    const addr = keyOf("address", address);
    const waiting = await this.limiter("signInAccountWait").get(acc);
    if (waiting && waiting.consumedPoints > RULES.signInAccountWait.points) return refusal(waiting.msBeforeNext);
    const failures = knownBrowser ? null : await this.limiter("signInAddressFailures").get(addr);
    if (failures && failures.consumedPoints >= RULES.signInAddressFailures.points) return refusal(failures.msBeforeNext);
    return (await this.consume("signInAddress", addr)) ?? (await this.consume("signInAccount", acc));
  }

  /** After a refused sign-in: one more failure for the account (and its wait) and the address. */
  async signInFailed(account: string, address: string): Promise<void> {
    const acc = keyOf("account", account);
    const [counted] = await Promise.all([this.limiter("signInAccountFailures").penalty(acc), this.limiter("signInAddressFailures").penalty(keyOf("address", address))]);
    const wait = failureWait(counted.consumedPoints);
    if (wait > 0) await this.limiter("signInAccountWait").block(acc, wait);
  }

  /** After a successful sign-in: the account starts afresh (the address's failures stay). */
  async signInSucceeded(account: string): Promise<void> {
    const acc = keyOf("account", account);
    await Promise.all((["signInAccountFailures", "signInAccountWait", "signInAccount"] as const).map((n) => this.limiter(n).delete(acc)));
  }

  /**
   * Before a second-factor code is checked (ADR 0068): refused once the account has given
   * SECOND_FACTOR_FAILURES wrong codes in 15 minutes or the address SECOND_FACTOR_ADDRESS_FAILURES
   * in 10, or when the account's attempts are used up (a parallel burst). The password was right:
   * a refusal here slows the guessing of six digits, it does not lock the owner out for long.
   */
  async secondFactorGate(account: string, address: string): Promise<Refusal | null> {
    const acc = keyOf("account", account);
    const failures = await this.limiter("secondFactorAccountFailures").get(acc);
    if (failures && failures.consumedPoints >= SECOND_FACTOR_FAILURES) return refusal(failures.msBeforeNext);
    const byAddress = await this.limiter("secondFactorAddressFailures").get(keyOf("address", address));
    if (byAddress && byAddress.consumedPoints >= SECOND_FACTOR_ADDRESS_FAILURES) return refusal(byAddress.msBeforeNext);
    return this.consume("secondFactorAccount", acc);
  }

  /** After a wrong second-factor code: one more failure for the account and the address. */
  async secondFactorFailed(account: string, address: string): Promise<void> {
    await Promise.all([this.limiter("secondFactorAccountFailures").penalty(keyOf("account", account)), this.limiter("secondFactorAddressFailures").penalty(keyOf("address", address))]);
  }

  /** After a right code: the account's attempts and failures start afresh (the address's stay). */
  async secondFactorSucceeded(account: string): Promise<void> {
    const acc = keyOf("account", account);
    await Promise.all((["secondFactorAccount", "secondFactorAccountFailures"] as const).map((n) => this.limiter(n).delete(acc)));
  }

  close(): Promise<void> {
    return this.onClose();
  }
}

/** The table rate-limiter-flexible keeps every counter in (key, points, expire). */
export const RATE_LIMIT_TABLE = "rate_limit";

const memoryMake: Make = (name) => new RateLimiterMemory({ keyPrefix: name, ...RULES[name] });

/**
 * Counters in PostgreSQL through `pool`. The table (the library's documented shape) is made here,
 * under the web tier's DDL lock (ddl.server.ts): the library's own CREATE TABLE IF NOT EXISTS
 * forgives a lost race's 23505 only, and recent servers answer 42710. A PostgreSQL error later
 * falls back to this process's memory (`insuranceLimiter`) rather than refusing or letting
 * everyone in.
 */
async function postgresMake(pool: Pool): Promise<Make> {
  await pool.query(lockedDdl([`CREATE TABLE IF NOT EXISTS ${RATE_LIMIT_TABLE} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`]));
  // made for the sweep only: it deletes rows an hour past their expiry, every 5 minutes
  new RateLimiterPostgres({ storeClient: pool, storeType: "pool", tableName: RATE_LIMIT_TABLE, tableCreated: true, keyPrefix: "table", points: 1, duration: 1 });
  return (name) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: "pool",
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: name,
      ...RULES[name],
      insuranceLimiter: memoryMake(name),
    });
}

/**
 * Rate limits over a store: `databaseUrl` opens a pool of its own (closed by `close()`), `pool`
 * uses that one, neither keeps the counters in this process's memory.
 */
export async function openRateLimits(opts: { databaseUrl?: string; pool?: Pool } = {}): Promise<RateLimits> {
  if (opts.pool) return new RateLimits(await postgresMake(opts.pool), "postgres");
  if (opts.databaseUrl) {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 3, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
    pool.on("error", (err) => console.error("[rate-limit] idle PostgreSQL client error:", err.message));
    try {
      return new RateLimits(await postgresMake(pool), "postgres", () => pool.end());
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw e;
    }
  }
  return new RateLimits(memoryMake, "memory");
}

/** From the environment: the embedded backend's own pool on DATABASE_URL, a small pool of its own with a legacy server. */
async function fromEnvironment(): Promise<RateLimits> {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) return openRateLimits();
  // the embedded backend's pool, when it is in this thread (in its own thread it keeps its pool)
  const backend = await embeddedDatabase();
  if (backend?.pool) return openRateLimits({ pool: backend.pool });
  return openRateLimits({ databaseUrl: url });
}

const GLOBAL_KEY = Symbol.for("medu-eval.rate-limits");
type GlobalWithLimits = typeof globalThis & { [GLOBAL_KEY]?: Promise<RateLimits> };

/** The process-wide rate limits (cached on globalThis like the embedded backend; a failed open is retried). */
export function rateLimits(): Promise<RateLimits> {
  const g = globalThis as GlobalWithLimits;
  if (!g[GLOBAL_KEY]) {
    const p = fromEnvironment();
    g[GLOBAL_KEY] = p;
    p.catch(() => {
      if (g[GLOBAL_KEY] === p) delete g[GLOBAL_KEY];
    });
  }
  return g[GLOBAL_KEY]!;
}

/** Puts `Retry-After` on a refusal's response. */
export function withRetryAfter<R extends Response>(res: R, refused: Refusal): R {
  res.headers.set("Retry-After", String(refused.retryAfter));
  return res;
}

/** A refused form post: 429, `Retry-After`, the message in the form's '알림' region, every typed value kept. */
export function refusedForm(form: FormData, refused: Refusal, extra: Record<string, unknown> = {}) {
  return withRetryAfter(formFailure(form, refused.message, {}, extra, 429), refused);
}

/**
 * A route's document headers with the action's `Retry-After`: without JavaScript the 429 page is
 * a document, and Remix keeps only a route's `headers` (and cookies) there.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers: Record<string, string> = {};
  const v = actionHeaders.get("Retry-After");
  if (v) headers["Retry-After"] = v;
  return headers;
};
