/**
 * The quarterly schedule (spec 000 §9, spec 002 §4 and §9): every synced report syncs itself at
 * 00:00 Asia/Seoul on 1 March, 1 June, 1 September and 1 December.
 *
 * - Exactly one instance runs a slot: the one whose INSERT of the slot into report_schedule_runs
 *   succeeds (the primary key is the lock; PGlite and PostgreSQL alike). A slot whose run started
 *   more than RUN_STALE_MS ago and never ended (its instance stopped) is taken over.
 * - A slot missed while no instance was up runs at the next start (`runDueSlot` at start-up): only
 *   the latest slot, since it supersedes the ones before.
 * - The clock is injected (`now`), so tests move time instead of waiting.
 */
import { and, desc, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { reportScheduleRuns, reportSyncs } from "../db/schema";
import { CATALOG, type CatalogReport } from "./catalog.server";
import type { SyncSources } from "./sources.server";
import { API_SE, INSTANCE, lastSuccess, runSync, SyncBusyError } from "./sync.server";

/** The months of the quarterly sync (1-based). */
export const SCHEDULE_MONTHS = [3, 6, 9, 12] as const;
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
/** A slot run that has not ended after this long belongs to a stopped instance. */
export const RUN_STALE_MS = 2 * 60 * 60 * 1000;

/** 00:00 Asia/Seoul on the 1st of `month` of `year`, as an instant. */
export const slotAt = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1) - SEOUL_OFFSET_MS);

/** The latest slot at or before `now`. */
export function lastSlot(now: Date): Date {
  const seoul = new Date(now.getTime() + SEOUL_OFFSET_MS);
  let year = seoul.getUTCFullYear();
  const candidates = [...SCHEDULE_MONTHS].reverse();
  for (;;) {
    for (const m of candidates) {
      const s = slotAt(year, m);
      if (s.getTime() <= now.getTime()) return s;
    }
    year -= 1;
  }
}

/** The first slot after `now`. */
export function nextSlot(now: Date): Date {
  const seoul = new Date(now.getTime() + SEOUL_OFFSET_MS);
  let year = seoul.getUTCFullYear();
  for (;;) {
    for (const m of SCHEDULE_MONTHS) {
      const s = slotAt(year, m);
      if (s.getTime() > now.getTime()) return s;
    }
    year += 1;
  }
}

/** Claims `slot` for this instance: true when it is this instance's to run. */
async function claim(db: Db, slot: Date, holder: string, now: Date): Promise<boolean> {
  const inserted = await db.insert(reportScheduleRuns).values({ slot, holder, startDt: now }).onConflictDoNothing().returning({ slot: reportScheduleRuns.slot });
  if (inserted.length) return true;
  const stale = new Date(now.getTime() - RUN_STALE_MS);
  const taken = await db
    .update(reportScheduleRuns)
    .set({ holder, startDt: now })
    .where(and(eq(reportScheduleRuns.slot, slot), isNull(reportScheduleRuns.endDt), lt(reportScheduleRuns.startDt, stale)))
    .returning({ slot: reportScheduleRuns.slot });
  return taken.length > 0;
}

export interface SlotRun {
  slot: Date;
  /** whether this instance ran it (false: another did, or it had run) */
  ran: boolean;
  results: { report: string; ok: boolean; rowCnt?: number; message?: string }[];
}

/**
 * Runs the latest slot at or before `now()` when no instance has run it: every report in turn
 * (a failed one is recorded and the others still run).
 */
export async function runDueSlot(db: Db, opts: { now: () => Date; sources: SyncSources; reports?: readonly CatalogReport[]; holder?: string }): Promise<SlotRun> {
  const now = opts.now();
  const slot = lastSlot(now);
  const holder = opts.holder ?? INSTANCE;
  if (!(await claim(db, slot, holder, now))) return { slot, ran: false, results: [] };
  const results: SlotRun["results"] = [];
  for (const report of opts.reports ?? CATALOG) {
    try {
      const r = await runSync(db, report, { apiSe: API_SE.schedule, user: null, now: opts.now, sources: opts.sources, slot, holder });
      results.push({ report: report.key, ok: true, rowCnt: r.rowCnt });
    } catch (e) {
      // a button press holding the lock right now pulls the same rows: the slot counts as served
      if (e instanceof SyncBusyError) results.push({ report: report.key, ok: true });
      else results.push({ report: report.key, ok: false, message: e instanceof Error ? e.message : String(e) });
    }
  }
  await db.update(reportScheduleRuns).set({ endDt: opts.now() }).where(eq(reportScheduleRuns.slot, slot));
  return { slot, ran: true, results };
}

/** The longest single wait (setTimeout holds at most ~24.8 days). */
const MAX_WAIT_MS = 24 * 60 * 60 * 1000;

/**
 * Starts the schedule: the missed slot now (in the background), then a timer to every next slot.
 * Answers a stop function.
 */
export function startSchedule(db: Db, opts: { now?: () => Date; sources: SyncSources; onError?: (e: unknown) => void }): () => Promise<void> {
  const now = opts.now ?? (() => new Date());
  const report = opts.onError ?? ((e: unknown) => console.error("[embedded] quarterly sync failed:", e instanceof Error ? e.message : e));
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = runDueSlot(db, { now, sources: opts.sources }).catch(report);
    return running;
  };
  const arm = () => {
    if (stopped) return;
    const wait = Math.min(MAX_WAIT_MS, Math.max(1_000, nextSlot(now()).getTime() - now().getTime() + 1_000));
    timer = setTimeout(() => {
      void run().finally(arm);
    }, wait);
    timer.unref?.();
  };
  void run().finally(arm);
  // stopping waits for a run under way (the database closes after it)
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running.catch(() => undefined);
  };
}

export interface ScheduleState {
  /** the latest slot at or before now, and the next one */
  slot: Date;
  next: Date;
  /** this report in that slot: S synced, F failed, N no run */
  state: "S" | "F" | "N";
  message: string | null;
  /** no sync of the report succeeded since the slot: its rows may be stale */
  stale: boolean;
}

/** Whether the report's last quarterly sync happened, and whether its rows are older than it. */
export async function scheduleState(db: Db, report: string, now: Date): Promise<ScheduleState> {
  const slot = lastSlot(now);
  const [scheduled] = await db
    .select({ rsltCd: reportSyncs.rsltCd, message: reportSyncs.message })
    .from(reportSyncs)
    .where(and(eq(reportSyncs.report, report), eq(reportSyncs.apiSe, API_SE.schedule), eq(reportSyncs.slot, slot)))
    .orderBy(desc(reportSyncs.regDt), desc(reportSyncs.shSeq))
    .limit(1);
  const success = await lastSuccess(db, report);
  return {
    slot,
    next: nextSlot(now),
    state: scheduled ? (scheduled.rsltCd as "S" | "F") : "N",
    message: scheduled?.message ?? null,
    stale: !success || success.getTime() < slot.getTime(),
  };
}
