/**
 * The audit log (issue 17 "Audit log (PIPA technical safeguards)", docs/decisions/0028-audit-log.md):
 * who signed in (or failed to), changed, deleted, downloaded, uploaded or sent what, and when.
 * Written by the web tier, which sees every user action whatever the backend, from a few central
 * places (the sign-in action, the list kit's delete, the one Excel toolbar, the upload, the send
 * routes), through the one function `audit`.
 *
 * The store is a table `audit_log` that the database keeps append-only (a trigger refuses UPDATE,
 * DELETE and TRUNCATE; only rows older than two years may be deleted, by the retention purge
 * `pruneAudit`). With the embedded backend it is the backend's own database (migration 0008), in
 * this thread or, under server.js, in the backend's thread, which runs the log's statements for
 * this module (`backendAuditSql`, ADR 0067): one database, so one backup holds the log. With a
 * legacy server it is PostgreSQL on DATABASE_URL, else a PGlite folder of its own under DATA_DIR
 * (`npm run db -- backup` takes that folder then), made here with the same statements. No code
 * path updates a row; only the purge deletes, and only rows past the retention (ADR 0067).
 *
 * Who and from where come from the request (`auditScope`, set by withSession for every loader and
 * action); the gateway records the calls no route records itself (utils/audit-calls.server.ts:
 * imports, personal-data reads, account recovery), the guard a refused menu.
 *
 * What a row holds is masked as in user management (spec 000): the second character of a name,
 * the middle of a phone number, the last three characters of an e-mail; fields named like a
 * secret (password, token, code, hash, file bytes) never enter it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { backendAuditSql, embeddedDatabase, migrationsFolder } from "~/legacy/backend.server";
import { AUDIT_ADDITIONS_BLOCK, AUDIT_SCHEMA_ADDITIONS, lockedDdl } from "./ddl.server";
import { maskEmail, maskName, maskPhone } from "./mask";

/** The actions a row records (the screen's action filter lists them with these labels). */
export const AUDIT_ACTIONS = {
  signIn: "로그인",
  signInFailed: "로그인 실패",
  recordChange: "자료 변경",
  recordDelete: "자료 삭제",
  excelDownload: "엑셀 다운로드",
  excelUpload: "엑셀 업로드",
  linkSend: "링크 발송",
  admin: "관리 작업",
  // issue 37 item 3 (ADR 0067)
  personalRead: "개인정보 조회",
  accountRecovery: "비밀번호 찾기",
  accessDenied: "메뉴 접근 거부",
  /** the second factor (ADR 0068): enrolled, passed (by app or recovery code), disabled, reset by an administrator */
  secondFactor: "2단계 인증",
  secondFactorFailed: "2단계 인증 실패",
} as const;

/** How the action ended (the screen's 결과 column). */
export const AUDIT_OUTCOMES = { ok: "성공", fail: "실패", denied: "거부" } as const;
export type AuditOutcome = keyof typeof AUDIT_OUTCOMES;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const isAuditAction = (a: string): a is AuditAction => Object.hasOwn(AUDIT_ACTIONS, a);

/** A field that must never be written, whatever its value: passwords, tokens, codes, hashes, files. */
const SECRET = /pass|pw|token|secret|code_?hash|hash|otp|cert|auth.?code|csrf|cookie|^code$|file|bytes|jwt/i;
/**
 * Fields masked as a person's name, a phone number, an e-mail. A person's name only: `name`,
 * `userNm`, `usNm`, `stdntNm`, `profNm`, `rcvrNm`… — not the names of departments, courses or
 * subjects (`dptNm`, `currNm`, `subjNm`, `tgetNm`), which are no personal data and which an auditor
 * must read as they were.
 */
const NAME = /^(name|nm|(user|us|stdnt|std|prof|tutor|mngr|manager|rcvr|rcv|sndr|writer|reg)_?nm|(user|person|student|professor)_?name)$/i;
const PHONE = /tel|phone|mobile|hp(No)?$/i;
const EMAIL = /e?mail/i;

export const isSecretField = (key: string) => SECRET.test(key);

/** A value as it may be written: masked by what its field holds; undefined for a secret. */
export function maskField(name: string, value: unknown): string | undefined {
  if (isSecretField(name)) return undefined;
  // a lookup row's field (`rows[0].name`) is masked as the field it is
  const key = name.replace(/^.*\./, "");
  if (value === null || value === undefined) return "";
  if (value instanceof Blob) return undefined;
  const text = String(value).slice(0, 200);
  if (EMAIL.test(key)) return text ? maskEmail(text) : "";
  if (PHONE.test(key)) return text ? maskPhone(text) : "";
  if (NAME.test(key)) return text ? maskName(text) : "";
  return text;
}

/**
 * The changed fields of a record, before → after, masked; secrets and fields that did not change
 * are left out: `{ userNm: ['홍*동', '김*수'] }`.
 */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [string, string]> {
  const out: Record<string, [string, string]> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (isSecretField(key)) continue;
    const a = norm(before[key]);
    const b = norm(after[key]);
    if (a === b) continue;
    out[key] = [maskField(key, a) ?? "", maskField(key, b) ?? ""];
  }
  return out;
}

const norm = (v: unknown) => (v === null || v === undefined ? "" : v instanceof Blob ? "[file]" : String(v));

/** `{a: ['1','2']}` → 'a: 1 → 2'. */
export function diffText(diff: Record<string, [string, string]>): string {
  return Object.entries(diff)
    .map(([k, [a, b]]) => `${k}: ${a || "(없음)"} → ${b || "(없음)"}`)
    .join("; ");
}

/** Masked `key=value` pairs of the fields a detail may show (secrets left out). */
export function fieldsText(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([k, v]) => [k, maskField(k, v)] as const)
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
}

/** A form's fields, without files, dialog plumbing or secrets (for a record change's detail). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) {
    if (typeof v !== "string" || k.startsWith("__") || k === "intent" || k === "confirm" || isSecretField(k)) continue;
    out[k] = v;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The row
// ---------------------------------------------------------------------------------------------

export interface AuditEntry {
  action: AuditAction;
  /** what it was about: a path, a record's key, an account id */
  target?: string;
  /** what changed or was sent, already masked (use diffText / fieldsText) */
  detail?: string;
  /** how it ended: 'ok' unless said otherwise */
  outcome?: AuditOutcome;
}

export interface AuditContext {
  /** the signed-in user (or the id typed at a sign-in) */
  userId?: string | null;
  /** the client address (rate-limit.server.ts clientAddress) */
  address?: string;
}

export interface AuditRow {
  alSeq: number;
  at: string;
  userId: string | null;
  action: string;
  target: string;
  detail: string;
  address: string;
  outcome: string;
}

/**
 * The id typed at a failed sign-in, as it is kept: its first two characters and one '*' for each
 * of the rest (at most 20). People type their password into the id box; a failed attempt's id may
 * be one, so it is never kept whole (issue 37 item 3).
 */
export function maskTypedId(typed: string): string {
  const chars = [...typed.trim()];
  return chars.slice(0, 2).join("") + "*".repeat(Math.min(Math.max(chars.length - 2, 0), 20));
}

/** The row as written: bounded lengths, and a last guard against a secret in the detail text. */
export function auditRow(ctx: AuditContext, entry: AuditEntry) {
  const scrub = (s: string) => s.replace(/((?:pass\w*|pw\w*|token\w*|secret\w*|hash\w*|code\w*)\s*[=:]\s*)[^,;\s]+/gi, "$1[제외]");
  return {
    userId: ctx.userId ? ctx.userId.slice(0, 50) : null,
    action: entry.action,
    target: scrub(entry.target ?? "").slice(0, 200),
    detail: scrub(entry.detail ?? "").slice(0, 4000),
    address: (ctx.address ?? "").slice(0, 64),
    outcome: entry.outcome && Object.hasOwn(AUDIT_OUTCOMES, entry.outcome) ? entry.outcome : "ok",
  };
}

// ---------------------------------------------------------------------------------------------
// The store
// ---------------------------------------------------------------------------------------------

/** The statements of migration 0008 (without its menu), for a legacy server's web-tier store. */
export function auditDdl(): string[] {
  const file = path.resolve(migrationsFolder(), "0008_audit_log.sql");
  return fs
    .readFileSync(file, "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter((s) => s && !/INSERT INTO "menus"/.test(s));
}

/** What the log needs of a database: raw statements (the backend's Drizzle database, or the store's own). */
export type AuditDb = Pick<PgDatabase<PgQueryResultHKT>, "execute">;

export interface AuditStore {
  db: AuditDb;
  close?: () => Promise<void>;
}

const dialect = new PgDialect();

/**
 * The backend's database as the log sees it when the backend runs in its own thread: each
 * statement (text and parameters) is run there (thread.server.ts answers statements on audit_log
 * only) and its rows come back.
 */
export function threadAuditDb(run: (q: { sql: string; params: unknown[] }) => Promise<{ rows: unknown[] }>): AuditDb {
  return {
    execute: ((query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return run({ sql: text, params });
    }) as unknown as AuditDb["execute"],
  };
}

/** The log's own PGlite folder beside a legacy server (and, before ADR 0067, beside a backend thread). */
export const ownAuditFolder = () => path.resolve(process.env.DATA_DIR ?? "./data", "audit-pglite");

async function openStore(): Promise<AuditStore> {
  // the embedded backend's database: in this thread, or in the backend's own thread (ADR 0037),
  // which runs the statements for us (ADR 0067: one database, one backup)
  const backend = await embeddedDatabase();
  if (backend) {
    await backend.db.execute(sql.raw(AUDIT_ADDITIONS_BLOCK));
    return { db: backend.db };
  }
  const thread = backendAuditSql();
  if (thread) {
    const db = threadAuditDb(thread);
    await db.execute(sql.raw(AUDIT_ADDITIONS_BLOCK));
    await adoptOwnStore(db);
    return { db };
  }
  const url = process.env.DATABASE_URL?.trim();
  let store: AuditStore;
  if (url) {
    const [{ default: pg }, { drizzle }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
    const pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
    pool.on("error", (err) => console.error("[audit] idle PostgreSQL client error:", err.message));
    store = { db: drizzle(pool), close: () => pool.end() };
  } else {
    const [{ PGlite }, { drizzle }] = await Promise.all([import("@electric-sql/pglite"), import("drizzle-orm/pglite")]);
    const dir = ownAuditFolder();
    // the data folder may not exist yet: the backend (in its thread) makes it at the same time
    fs.mkdirSync(dir, { recursive: true });
    const client = new PGlite(dir);
    store = { db: drizzle(client), close: () => client.close() };
  }
  await store.db.execute(sql.raw(lockedDdl([...auditDdl(), ...AUDIT_SCHEMA_ADDITIONS])));
  return store;
}

/**
 * Before ADR 0067 a backend thread's web tier kept the log in a PGlite folder of its own, which
 * the backups left out. At the first opening beside the thread its rows move into the backend's
 * database, oldest first with their times, and the folder is kept aside as
 * `audit-pglite.adopted-<time>` (never deleted). A PostgreSQL backend shared the database already.
 */
export async function adoptOwnStore(into: AuditDb): Promise<number> {
  const dir = ownAuditFolder();
  if (process.env.DATABASE_URL?.trim() || !fs.existsSync(path.join(dir, "PG_VERSION"))) return 0;
  const [{ PGlite }, { drizzle }] = await Promise.all([import("@electric-sql/pglite"), import("drizzle-orm/pglite")]);
  const client = new PGlite(dir);
  let moved = 0;
  try {
    const own = drizzle(client);
    await own.execute(sql.raw(lockedDdl([...auditDdl(), ...AUDIT_SCHEMA_ADDITIONS])));
    const rows = rowsOf(await own.execute(sql`SELECT "at", "user_id", "action", "target", "detail", "address", "outcome" FROM "audit_log" ORDER BY "al_seq"`)) as unknown as {
      at: Date | string; user_id: string | null; action: string; target: string; detail: string; address: string; outcome: string;
    }[];
    for (const r of rows) {
      const at = r.at instanceof Date ? r.at.toISOString() : String(r.at);
      await into.execute(
        sql`INSERT INTO "audit_log" ("at", "user_id", "action", "target", "detail", "address", "outcome") VALUES (${at}::timestamptz, ${r.user_id}, ${r.action}, ${r.target}, ${r.detail}, ${r.address}, ${r.outcome})`,
      );
      moved++;
    }
  } finally {
    await client.close();
  }
  fs.renameSync(dir, `${dir}.adopted-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  console.log(`[audit] ${moved} rows of ${dir} moved into the backend's database (ADR 0067)`);
  return moved;
}

const GLOBAL_KEY = Symbol.for("medu-eval.audit-store");
type GlobalWithStore = typeof globalThis & { [GLOBAL_KEY]?: Promise<AuditStore> };

/** The process-wide store (cached on globalThis like the embedded backend; a failed open is retried). */
export function auditStore(): Promise<AuditStore> {
  const g = globalThis as GlobalWithStore;
  if (!g[GLOBAL_KEY]) {
    const p = openStore();
    g[GLOBAL_KEY] = p;
    p.catch(() => {
      if (g[GLOBAL_KEY] === p) delete g[GLOBAL_KEY];
    });
  }
  return g[GLOBAL_KEY]!;
}

/** Closes a store of the web tier's own, if one was opened (at shutdown; PGlite writes its files on close). */
export async function closeAuditStore(): Promise<void> {
  const g = globalThis as GlobalWithStore;
  const p = g[GLOBAL_KEY];
  delete g[GLOBAL_KEY];
  stopAuditRetention();
  if (p) await (await p.catch(() => null))?.close?.();
}

/** Appends one row to `db`'s audit_log. */
export async function appendAudit(db: AuditDb, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  const r = auditRow(ctx, entry);
  await db.execute(
    sql`INSERT INTO "audit_log" ("user_id", "action", "target", "detail", "address", "outcome") VALUES (${r.userId}, ${r.action}, ${r.target}, ${r.detail}, ${r.address}, ${r.outcome})`,
  );
}

// ---------------------------------------------------------------------------------------------
// The request's scope: who and from where, for every row written while it runs
// ---------------------------------------------------------------------------------------------

export interface AuditScope {
  userId?: string | null;
  address?: string;
  /** the page's path (a gateway call's row names it) */
  path: string;
  /** calls already recorded in this request (a page that reads a list twice is one read) */
  seen: Set<string>;
}

export const auditScope = new AsyncLocalStorage<AuditScope>();

/**
 * Records one action. Who and from where default to the request's (withSession's scope). A failure
 * to write is logged (without the row) and does not fail the user's request: the action already
 * happened at the backend.
 */
export async function audit(ctx: AuditContext, entry: AuditEntry): Promise<void> {
  const scope = auditScope.getStore();
  const who: AuditContext = { userId: ctx.userId ?? scope?.userId ?? null, address: ctx.address || scope?.address || "" };
  try {
    await appendAudit((await auditStore()).db, who, entry);
  } catch (e) {
    console.error("[audit] could not write an audit row:", e instanceof Error ? e.name : "error");
  }
}

// ---------------------------------------------------------------------------------------------
// Retention (ADR 0067): PIPA keeps access records at least two years
// ---------------------------------------------------------------------------------------------

/** The years a row is kept: AUDIT_RETENTION_YEARS when it says more than 2, else 2 (never fewer). */
export function auditRetentionYears(value = process.env.AUDIT_RETENTION_YEARS): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 2 && n <= 100 ? n : 2;
}

/**
 * Deletes the rows older than the retention and a day (the day's margin keeps a row at the
 * boundary, whatever the clocks): nothing younger than two years is ever deleted, and the
 * database's trigger refuses it anyway. Answers how many went.
 */
export async function pruneAudit(db: AuditDb, years = auditRetentionYears()): Promise<number> {
  const kept = Math.max(2, Math.floor(years));
  const r = await db.execute(sql`DELETE FROM "audit_log" WHERE "at" < now() - make_interval(years => ${kept}::int) - interval '1 day'`);
  return Number((r as { affectedRows?: number; rowCount?: number }).affectedRows ?? (r as { rowCount?: number }).rowCount ?? 0);
}

let retentionTimer: NodeJS.Timeout | undefined;

/** At the start and then daily: the purge of rows past the retention (server.js's start, entry.server.tsx). */
export function startAuditRetention(): void {
  const run = async () => {
    try {
      const n = await pruneAudit((await auditStore()).db);
      if (n) console.log(`[audit] ${n} rows older than ${auditRetentionYears()} years removed (ADR 0067)`);
    } catch (e) {
      console.error("[audit] the retention purge failed:", e instanceof Error ? e.name : "error");
    }
  };
  void run();
  retentionTimer ??= setInterval(run, 24 * 60 * 60 * 1000);
  retentionTimer.unref();
}

function stopAuditRetention() {
  if (retentionTimer) clearInterval(retentionTimer);
  retentionTimer = undefined;
}

export interface AuditFilter {
  /** 'YYYY-MM-DD' (Seoul), inclusive */
  from?: string;
  to?: string;
  userId?: string;
  action?: string;
  target?: string;
  outcome?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function where(f: AuditFilter) {
  const parts = [sql`TRUE`];
  if (f.from && DATE.test(f.from)) parts.push(sql`"at" >= (${f.from}::date)::timestamp AT TIME ZONE 'Asia/Seoul'`);
  if (f.to && DATE.test(f.to)) parts.push(sql`"at" < ((${f.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Seoul')`);
  if (f.userId) parts.push(sql`lower("user_id") = lower(${f.userId})`);
  if (f.action && isAuditAction(f.action)) parts.push(sql`"action" = ${f.action}`);
  if (f.target) parts.push(sql`strpos(lower("target"), lower(${f.target})) > 0`);
  if (f.outcome && Object.hasOwn(AUDIT_OUTCOMES, f.outcome)) parts.push(sql`"outcome" = ${f.outcome}`);
  return sql.join(parts, sql` AND `);
}

type RawRow = { al_seq: string | number; at: string; user_id: string | null; action: string; target: string; detail: string; address: string; outcome?: string };

const rowsOf = (r: unknown): RawRow[] => ((r as { rows?: RawRow[] }).rows ?? (r as RawRow[])) as RawRow[];

const toRow = (r: RawRow): AuditRow => ({
  alSeq: Number(r.al_seq),
  at: r.at,
  userId: r.user_id,
  action: r.action,
  target: r.target,
  detail: r.detail,
  address: r.address,
  outcome: r.outcome ?? "ok",
});

/** One page of the log, newest first, and how many rows the filter finds. */
export async function searchAudit(db: AuditDb, f: AuditFilter, page: number, size: number): Promise<{ total: number; rows: AuditRow[] }> {
  const w = where(f);
  const [count] = rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM "audit_log" WHERE ${w}`)) as unknown as { n: number }[];
  const rows = rowsOf(
    await db.execute(
      sql`SELECT "al_seq", to_char("at" AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD HH24:MI:SS') AS "at", "user_id", "action", "target", "detail", "address", "outcome"
          FROM "audit_log" WHERE ${w} ORDER BY "al_seq" DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
    ),
  );
  return { total: Number(count?.n ?? 0), rows: rows.map(toRow) };
}

/** Every row the filter finds, newest first, a page at a time (the Excel download). */
export async function* auditPages(db: AuditDb, f: AuditFilter, size = 1000): AsyncIterable<AuditRow[]> {
  const w = where(f);
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = rowsOf(
      await db.execute(
        sql`SELECT "al_seq", to_char("at" AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD HH24:MI:SS') AS "at", "user_id", "action", "target", "detail", "address", "outcome"
            FROM "audit_log" WHERE ${w} AND "al_seq" < ${before} ORDER BY "al_seq" DESC LIMIT ${size}`,
      ),
    ).map(toRow);
    if (rows.length === 0) return;
    yield rows;
    before = rows[rows.length - 1].alSeq;
    if (rows.length < size) return;
  }
}
