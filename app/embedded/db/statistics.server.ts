/**
 * The query planner's statistics on PGlite (docs/decisions/0050-planner-statistics-and-plain-links.md). PostgreSQL's
 * autovacuum daemon gathers them as tables change; PGlite runs no such daemon, so without this the
 * planner takes every table for a row or two and, for one, joins a year's scores against the year's
 * students row by row (E04's list query: 5 ms instead of 1). Gathered once the database is open and
 * seeded, and every hour after while the backend runs.
 */
import { sql } from "drizzle-orm";
import type { Db } from "./client.server";

export const STATISTICS_EVERY_MS = 60 * 60 * 1000;

/** ANALYZE of every table (a sample of each: bounded however large the tables grow). */
export async function gatherStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/**
 * After a large write (a report sync of 50,000 rows): VACUUM (ANALYZE) of that table, so that its
 * pages count and list their years from the index at once instead of reading every row, before the
 * hour's ANALYZE (on PostgreSQL: before autovacuum gets to it). On PGlite with 50,000 report rows: the
 * year list 475 → 50 ms, the count 265 → 17 ms. Best effort: a failure here is not the write's.
 */
export async function refreshTable(db: Db, table: "report_rows" | "report_row_ranks"): Promise<void> {
  try {
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
  } catch (e) {
    console.error(`[embedded] refreshing the statistics of ${table} failed:`, e instanceof Error ? e.message : e);
  }
}

/** Gathers them again every `everyMs`; the answer stops that (waiting for a run in progress). */
export function keepStatistics(db: Db, everyMs = STATISTICS_EVERY_MS): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = gatherStatistics(db).catch((e: Error) => console.error("[embedded] gathering the planner's statistics failed:", e.message));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
