/**
 * Schema statements the web tier runs itself at its opening (outside the migrations: the rate
 * limits' table, the second factor's, the audit log's beside a legacy server), made safe for
 * several instances starting together on one PostgreSQL database.
 *
 * PostgreSQL does not serialise two `CREATE TABLE IF NOT EXISTS` of one name: both see no table,
 * and the loser fails with "type … already exists" (42710) or a unique violation (23505). A
 * `DROP TRIGGER IF EXISTS` / `CREATE TRIGGER` pair, or two `CREATE OR REPLACE FUNCTION`, race the
 * same way. So the statements run as one anonymous block that first takes a transaction-scoped
 * advisory lock: one statement, hence one transaction, on whatever runs it (a pool, a Drizzle
 * database, the backend thread's statement bridge, PGlite), and the next instance waits, then
 * finds everything made.
 */

/** An arbitrary constant naming the advisory lock held while the web tier makes its tables. */
const WEB_DDL_LOCK_KEY = 7_203_118;

/** `statements` as one block run under the lock (no statement may contain the `$ddl$` tag). */
export function lockedDdl(statements: readonly string[]): string {
  const body = statements.map((s) => `${s.trim().replace(/;\s*$/, "")};`).join("\n");
  if (body.includes("$ddl$")) throw new Error("lockedDdl: a statement contains the block's quote tag");
  return `DO $ddl$\nBEGIN\nPERFORM pg_advisory_xact_lock(${WEB_DDL_LOCK_KEY});\n${body}\nEND\n$ddl$`;
}

/** The second factor's table (ADR 0068), in the embedded backend's database or the web tier's own store. */
export const SECOND_FACTOR_DDL = `CREATE TABLE IF NOT EXISTS "second_factor" (
  "account" text PRIMARY KEY,
  "secret" text NOT NULL,
  "recovery" text[] NOT NULL DEFAULT '{}',
  "last_step" bigint NOT NULL DEFAULT 0,
  "demo" boolean NOT NULL DEFAULT false,
  "enrolled_at" timestamptz NOT NULL DEFAULT now()
)`;

/**
 * What the audit log adds to migration 0008 (ADR 0067): how each action ended. Run idempotently on
 * every store at its opening, the backend's included (an ADD COLUMN, not an UPDATE: the
 * append-only triggers do not object).
 */
export const AUDIT_SCHEMA_ADDITIONS = [`ALTER TABLE "audit_log" ADD COLUMN IF NOT EXISTS "outcome" varchar(10) NOT NULL DEFAULT 'ok'`];

/** The second factor's table, as a block under the lock. */
export const SECOND_FACTOR_BLOCK = lockedDdl([SECOND_FACTOR_DDL]);
/** The audit log's additions, as a block under the lock. */
export const AUDIT_ADDITIONS_BLOCK = lockedDdl(AUDIT_SCHEMA_ADDITIONS);

/**
 * The blocks the web tier may send the backend thread's statement bridge (thread.server.ts), which
 * otherwise takes single statements on its own tables only: exactly these texts, nothing built.
 */
export const THREAD_DDL: ReadonlySet<string> = new Set([SECOND_FACTOR_BLOCK, AUDIT_ADDITIONS_BLOCK]);
