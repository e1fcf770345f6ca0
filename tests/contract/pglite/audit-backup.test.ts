/**
 * The audit log in the backups (issue 37 item 3, ADR 0067). Under server.js the backend runs in a
 * thread of its own; the log is kept in the backend's database, the thread running the log's
 * statements (and only the log's) for the web tier, so `npm run db -- backup/restore` (the
 * functions it calls) carries the log. A log kept before in a PGlite folder of its own moves in,
 * with its times. The thread's side is served here on a MessageChannel, as the worker serves it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupPglite, restorePglite } from "~/embedded/db/client.server";
import { closeEmbeddedBackend, getEmbeddedBackend } from "~/embedded/index.server";
import { isAuditStatement, serveBackendThread } from "~/embedded/thread.server";
import { adoptOwnStore, appendAudit, auditDdl, searchAudit, threadAuditDb } from "~/utils/audit.server";
import { AUDIT_ADDITIONS_BLOCK, lockedDdl, SECOND_FACTOR_DDL, THREAD_DDL } from "~/utils/ddl.server";
import { dataDirFromImage } from "../../memory-backend";

const skip = Boolean(process.env.LEGACY_API_URL?.trim() || process.env.DATABASE_URL?.trim());
const saved = process.env.DATA_DIR;
let dataDir = "";
const channel = new MessageChannel();

/** The web tier's side of the thread's `auditSql` message. */
function threadSql() {
  let next = 1;
  const waiting = new Map<number, { resolve: (v: { rows: unknown[] }) => void; reject: (e: Error) => void }>();
  channel.port2.on("message", (m: { id: number; kind: string; value?: { rows: unknown[] }; message?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.kind === "value") w?.resolve(m.value!);
    else w?.reject(new Error(m.message));
  });
  return (q: { sql: string; params: unknown[] }) =>
    new Promise<{ rows: unknown[] }>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      channel.port2.postMessage({ id, op: "auditSql", ...q });
    });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "medu-audit-backup-"));
  process.env.DATA_DIR = dataDir;
  // the backend's database starts seeded (this file's subject is the log, not a fresh seed)
  if (!skip) await dataDirFromImage(dataDir);
}, 120_000);
afterAll(async () => {
  channel.port1.close();
  channel.port2.close();
  await closeEmbeddedBackend();
  if (saved === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = saved;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the thread's audit statements", () => {
  it("are the log's only", () => {
    expect(isAuditStatement(`SELECT count(*)::int AS n FROM "audit_log" WHERE TRUE`)).toBe(true);
    expect(isAuditStatement(`INSERT INTO "audit_log" ("user_id") VALUES ($1)`)).toBe(true);
    expect(isAuditStatement(`DELETE FROM "audit_log" WHERE "at" < now()`)).toBe(true);
    for (const bad of [
      `SELECT * FROM "users"`,
      `SELECT * FROM "audit_log", "users"`.replace(",", " JOIN"),
      `SELECT "user_pass" FROM "users" WHERE EXISTS (SELECT 1 FROM "audit_log")`,
      `INSERT INTO "audit_log" VALUES (1); DROP TABLE "users"`,
      `UPDATE "audit_log" SET "detail" = ''`,
      `DELETE FROM "users" WHERE "audit_log" = 1`,
      `TRUNCATE "audit_log"`,
      `UPDATE "second_factor" SET "secret" = (SELECT "user_pass" FROM "users" LIMIT 1)`,
      `SELECT * FROM "second_factor" JOIN "users" ON TRUE`,
      `DELETE FROM "users" WHERE "second_factor" = 1`,
      `INSERT INTO "audit_log" SELECT * FROM "second_factor"`,
    ]) expect(isAuditStatement(bad), bad).toBe(false);
  });

  it("and the second factor's (ADR 0068), which the web tier keeps in the backend's database too", () => {
    for (const good of [
      `SELECT "secret", "recovery" FROM "second_factor" WHERE "account" = $1`,
      `INSERT INTO "second_factor" ("account", "secret") VALUES ($1, $2) ON CONFLICT ("account") DO NOTHING`,
      `UPDATE "second_factor" SET "last_step" = $1 WHERE "account" = $2 AND "last_step" < $3 RETURNING 1 AS "ok"`,
      `DELETE FROM "second_factor" WHERE "account" = $1 RETURNING 1 AS "ok"`,
    ]) expect(isAuditStatement(good), good).toBe(true);
  });

  it("and the web tier's two schema blocks, exactly as written, nothing else in a block", () => {
    for (const block of THREAD_DDL) expect(isAuditStatement(block)).toBe(true);
    expect(isAuditStatement(lockedDdl([SECOND_FACTOR_DDL]))).toBe(true);
    for (const bad of [
      `CREATE TABLE IF NOT EXISTS "second_factor" ("account" text PRIMARY KEY)`,
      lockedDdl([SECOND_FACTOR_DDL, `DROP TABLE "users"`]),
      lockedDdl([`UPDATE "users" SET "user_pass" = '' WHERE "second_factor" IS NULL`]),
    ]) expect(isAuditStatement(bad), bad).toBe(false);
  });
});

describe.skipIf(skip)("the audit log in the backend's database and its backups", () => {
  it("moves an own store's rows in, keeps new rows there, and a backup and restore carry them all", async () => {
    // a log of the web tier's own, as before ADR 0067, with a row of last year
    const ownDir = path.join(dataDir, "audit-pglite");
    const own = new PGlite(ownDir);
    const ownDb = drizzle(own);
    for (const s of auditDdl()) await ownDb.execute(sql.raw(s));
    await ownDb.execute(sql`INSERT INTO "audit_log" ("at", "user_id", "action", "target", "detail", "address") VALUES (now() - interval '400 days', 'entry01', 'excelUpload', '/insert/student/document', 'size=1', '10.0.0.7')`);
    await own.close();

    const backend = await getEmbeddedBackend();
    serveBackendThread(channel.port1);
    const db = threadAuditDb(threadSql());
    await db.execute(sql.raw(AUDIT_ADDITIONS_BLOCK));

    expect(await adoptOwnStore(db)).toBe(1);
    expect(fs.existsSync(ownDir)).toBe(false);
    expect(fs.readdirSync(dataDir).some((f) => f.startsWith("audit-pglite.adopted-"))).toBe(true);
    await appendAudit(db, { userId: "admin", address: "10.0.0.8" }, { action: "personalRead", target: "/insert/student/document /api/student/getList.do", detail: "학생 목록" });

    // the rows are the backend database's own
    const direct = await searchAudit(backend.db, {}, 1, 50);
    expect(direct.rows.map((r) => r.action).slice(0, 2)).toEqual(["personalRead", "excelUpload"]);
    const adopted = direct.rows.find((r) => r.action === "excelUpload")!;
    expect(adopted.userId).toBe("entry01");
    expect(adopted.address).toBe("10.0.0.7");
    // its time kept: last year's row, not today's
    expect(adopted.at.slice(0, 10) < new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10)).toBe(true);
    // a statement on another table is refused by the thread
    await expect(threadSql()({ sql: `SELECT "user_pass" FROM "users"`, params: [] })).rejects.toThrow("not a statement of the audit log");

    // npm run db -- backup, a row after it, npm run db -- restore: the backed-up log comes back
    await closeEmbeddedBackend();
    const file = path.join(dataDir, "backup.tar.gz");
    await backupPglite(dataDir, file);
    const later = await getEmbeddedBackend();
    await appendAudit(later.db, { userId: "admin" }, { action: "signIn", target: "after-backup" });
    await closeEmbeddedBackend();
    const aside = await restorePglite(dataDir, file);
    expect(aside).toMatch(/pglite\.before-restore-/);
    const restored = await getEmbeddedBackend();
    const rows = (await searchAudit(restored.db, {}, 1, 50)).rows;
    expect(rows.map((r) => `${r.action} ${r.userId}`)).toEqual(expect.arrayContaining(["personalRead admin", "excelUpload entry01"]));
    expect(rows.some((r) => r.target === "after-backup")).toBe(false);
  }, 300_000);
});
