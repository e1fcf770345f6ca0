/**
 * A report's sync (issue 12 "A sync"): take the report's database lock, pull its rows from the
 * report's source, replace the report's rows in one transaction, record the attempt in the
 * history, let the lock go.
 *
 * - A failure at any point (the source, a row, the database) rolls the transaction back: the
 *   report keeps its previous rows, and a failed entry (rsltCd F, with the reason) joins the
 *   history.
 * - The lock is a row of report_sync_locks: the second sync of a report, in this process or
 *   another instance on the same PostgreSQL, is refused with SyncBusyError. A lock older than
 *   LOCK_STALE_MS (an instance that died mid-sync) is taken over.
 * - A button press (apiSe SELF) within COOLDOWN_MS of the report's last successful sync is refused
 *   with SyncCooldownError (the button rule, ADR 0021); the schedule is never refused for it.
 * - Rows are inserted in batches as they stream in, so memory stays bounded by a batch.
 * - The report's ranks for sorting (sort-order.server.ts, ADR 0071) are dropped with its rows and
 *   the columns ranked before are ranked again after the sync.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { refreshTable } from "../db/statistics.server";
import { reportRows, reportSyncLocks, reportSyncs } from "../db/schema";
import type { CatalogReport } from "./catalog.server";
import { dropRanks, ensureRanks, lockReportRows } from "./sort-order.server";
import { SourceError, type PulledRow, type SyncSources } from "./sources.server";

/** The button rule: 10 minutes after the last successful sync (ADR 0021). */
export const COOLDOWN_MS = 10 * 60 * 1000;
/** A lock held this long belongs to a sync that will not finish (its instance stopped). */
export const LOCK_STALE_MS = 30 * 60 * 1000;
/** Rows of one INSERT (PostgreSQL allows 65,535 parameters a statement; a row has 5). */
const INSERT_BATCH = 1_000;

export const API_SE = { self: "SELF", schedule: "SCHD" } as const;
export type ApiSe = (typeof API_SE)[keyof typeof API_SE];
/** codeNm of the history: what started the sync. */
export const API_SE_NAME: Record<ApiSe, string> = { SELF: "수동 동기화", SCHD: "정기 동기화" };

/** This process, as a lock holder. */
export const INSTANCE = `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString("hex")}`;

export class SyncBusyError extends Error {
  constructor(readonly since: Date) {
    super("sync running");
  }
}
export class SyncCooldownError extends Error {
  constructor(readonly until: Date) {
    super("sync cooldown");
  }
}
export class SyncFailedError extends Error {}

export interface SyncRequest {
  apiSe: ApiSe;
  /** who pressed the button (null for the schedule) */
  user: { userSeq: number; userNm: string } | null;
  /** the clock (injected in tests) */
  now: () => Date;
  sources: SyncSources;
  /** the quarterly slot a scheduled sync runs for */
  slot?: Date;
  holder?: string;
}

export interface SyncOutcome {
  rowCnt: number;
}

/** Searchable text of a row: its search fields, lower-cased. */
export function searchTextOf(report: CatalogReport, data: Record<string, unknown>): string {
  return report.search
    .flatMap((f) => textsOf(data[f]))
    .filter((v) => v !== null && v !== undefined && v !== "")
    .join(" ")
    .toLowerCase();
}

/** A field's searchable texts: the value, or a JSON field's (lists, objects) string values (E07's item names, E20's questions). */
function textsOf(v: unknown): unknown[] {
  if (Array.isArray(v)) return v.flatMap(textsOf);
  if (v && typeof v === "object") return Object.values(v).filter((x) => typeof x === "string" || typeof x === "object").flatMap(textsOf);
  return [v];
}

/** Takes the report's lock for `holder`; false when another sync holds it. */
async function takeLock(db: Db, report: string, holder: string, now: Date): Promise<boolean> {
  const stale = new Date(now.getTime() - LOCK_STALE_MS);
  const taken = await db
    .insert(reportSyncLocks)
    .values({ report, holder, since: now })
    .onConflictDoUpdate({ target: reportSyncLocks.report, set: { holder, since: now }, setWhere: lt(reportSyncLocks.since, stale) })
    .returning({ holder: reportSyncLocks.holder });
  return taken.length > 0;
}

async function dropLock(db: Db, report: string, holder: string) {
  await db.delete(reportSyncLocks).where(and(eq(reportSyncLocks.report, report), eq(reportSyncLocks.holder, holder)));
}

/** The running sync of a report: since when, or null. */
export async function runningSince(db: Db, report: string, now: Date): Promise<Date | null> {
  const [lock] = await db.select().from(reportSyncLocks).where(eq(reportSyncLocks.report, report)).limit(1);
  if (!lock || lock.since.getTime() < now.getTime() - LOCK_STALE_MS) return null;
  return lock.since;
}

/** When the report last synced successfully, or null. */
export async function lastSuccess(db: Db, report: string): Promise<Date | null> {
  const [row] = await db
    .select({ regDt: reportSyncs.regDt })
    .from(reportSyncs)
    .where(and(eq(reportSyncs.report, report), eq(reportSyncs.rsltCd, "S")))
    .orderBy(desc(reportSyncs.regDt), desc(reportSyncs.shSeq))
    .limit(1);
  return row?.regDt ?? null;
}

/** Until when the button rule refuses a button press (null: it may sync now). */
export async function cooldownUntil(db: Db, report: string, now: Date): Promise<Date | null> {
  const last = await lastSuccess(db, report);
  if (!last) return null;
  const until = new Date(last.getTime() + COOLDOWN_MS);
  return until > now ? until : null;
}

/** The reason of a failure as staff may read it. */
function reasonOf(e: unknown): string {
  if (e instanceof SourceError) return e.message.slice(0, 300);
  return "원본 시스템에서 자료를 가져오거나 저장하지 못했습니다.";
}

/**
 * Pulls and stores one report. Throws SyncBusyError, SyncCooldownError (button presses) or
 * SyncFailedError (after recording the failure); answers the number of rows stored.
 */
export async function runSync(db: Db, report: CatalogReport, req: SyncRequest): Promise<SyncOutcome> {
  const holder = req.holder ?? INSTANCE;
  const startDt = req.now();
  if (!(await takeLock(db, report.key, holder, startDt))) {
    throw new SyncBusyError((await runningSince(db, report.key, startDt)) ?? startDt);
  }
  const entry = {
    report: report.key,
    apiSe: req.apiSe,
    userSeq: req.user?.userSeq ?? null,
    userNm: req.user?.userNm ?? API_SE_NAME.SCHD,
    slot: req.slot ?? null,
    startDt,
  };
  try {
    if (req.apiSe === API_SE.self) {
      const until = await cooldownUntil(db, report.key, startDt);
      if (until) throw new SyncCooldownError(until);
    }
    const source = req.sources[report.source];
    const batches = source.pull(report, { db, now: startDt })[Symbol.asyncIterator]();
    // the first batch arrives before the transaction opens (a source may read the database)
    const first = await batches.next();
    let rowCnt = 0;
    let ranked: string[] = [];
    await db.transaction(async (tx) => {
      // the rows' ranks for sorting go with them (sort-order.server.ts)
      await lockReportRows(tx, report.key);
      ranked = await dropRanks(tx, report.key);
      await tx.delete(reportRows).where(eq(reportRows.report, report.key));
      const write = async (rows: readonly PulledRow[]) => {
        for (let i = 0; i < rows.length; i += INSERT_BATCH) {
          const part = rows.slice(i, i + INSERT_BATCH).map((r, j) => {
            const data = { seq: rowCnt + j + 1, ...r.data };
            return { report: report.key, year: r.year, ord: rowCnt + j + 1, data, search: searchTextOf(report, data) };
          });
          await tx.insert(reportRows).values(part);
          rowCnt += part.length;
        }
      };
      if (!first.done) await write(first.value);
      for (let next = first.done ? first : await batches.next(); !next.done; next = await batches.next()) await write(next.value);
      await tx.insert(reportSyncs).values({ ...entry, rsltCd: "S", rowCnt, regDt: req.now() });
    });
    // a large sync: the planner's statistics and the visibility map of the rows at once (statistics.server.ts)
    if (rowCnt >= 1_000) await refreshTable(db, "report_rows");
    // the columns sorted by before: ranked again now rather than at the next request's sort (best effort)
    await ensureRanks(db, report.key, ranked).catch((e: Error) => console.error(`[embedded] ranking the columns of ${report.key} failed:`, e.message));
    return { rowCnt };
  } catch (e) {
    if (e instanceof SyncCooldownError) throw e;
    const message = reasonOf(e);
    if (!(e instanceof SourceError)) console.error(`[embedded] sync of ${report.key} failed:`, e instanceof Error ? e.message : e);
    await db.insert(reportSyncs).values({ ...entry, rsltCd: "F", rowCnt: 0, message, regDt: req.now() });
    throw new SyncFailedError(message);
  } finally {
    await dropLock(db, report.key, holder);
  }
}

/** The report's history, newest first. */
export async function historyOf(db: Db, report: string, limit = 20) {
  return db
    .select()
    .from(reportSyncs)
    .where(eq(reportSyncs.report, report))
    .orderBy(desc(reportSyncs.regDt), desc(reportSyncs.shSeq))
    .limit(limit);
}

/** How many rows a report has (tests, bench). */
export async function rowCount(db: Db, report: string): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(reportRows).where(eq(reportRows.report, report));
  return Number(r?.n ?? 0);
}
