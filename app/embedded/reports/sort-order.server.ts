/**
 * A synced report's rows in a list's order, sorted and paged by the database (issue 39 item 4; ADR
 * 0071). The order is the list's own (compareCells of app/utils/list-url.ts: numbers by value, text
 * in Korean order with the numbers inside it by value, empty cells after the others, in a
 * descending sort before them; equal values in the report's own order, year newest first, then the
 * source's order), which PostgreSQL's collations cannot give on PGlite. So a column is ranked here,
 * once, in JavaScript, and each row's rank and place in the ascending and the descending order are
 * stored (report_row_ranks): a page sorted by one column, filtered by year only, is read from an
 * index of those places; any other sorted page joins the rows to their ranks and lets the database
 * sort the ranks. Either way the page's rows are read last, only they.
 *
 * - A column is ranked at the first sort by it (report_sort_keys records that) and its ranks are
 *   dropped by the report's next sync, in the sync's transaction; the sync ranks again the columns
 *   that were ranked before it.
 * - Ranking and sync hold the report's transaction lock (lockReportRows), so a ranking never reads
 *   the rows of one sync and writes its ranks after the next one.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn, type PgSelect } from "drizzle-orm/pg-core";
import { compareCells, koCollator, type SortKey } from "../../utils/list-url";
import type { Db, Tx } from "../db/client.server";
import { refreshTable } from "../db/statistics.server";
import { reportRowRanks, reportRows, reportSortKeys } from "../db/schema";

type Row = Record<string, unknown>;

/** Rows read at once by their numbers (one parameter each). */
const READ_BATCH = 1_000;

/** The report's order when no column is sorted (and between equal values of a sorted one). */
export const defaultOrder = [desc(reportRows.year), asc(reportRows.ord)];

/** The transaction lock of a report's rows and ranks (held until the transaction ends). */
export async function lockReportRows(tx: Tx | Db, report: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report_rows:${report}`}))`);
}

/** Drops a report's ranks (a sync, under lockReportRows); answers the columns that were ranked. */
export async function dropRanks(tx: Tx | Db, report: string): Promise<string[]> {
  await tx.delete(reportRowRanks).where(eq(reportRowRanks.report, report));
  const dropped = await tx.delete(reportSortKeys).where(eq(reportSortKeys.report, report)).returning({ key: reportSortKeys.key });
  return dropped.map((d) => d.key);
}

const empty = (v: unknown) => v === null || v === undefined || v === "";

/** The distinct values of a column with their ranks in ascending order (equal values share a rank; empty values have none). */
export function rankValues(values: readonly unknown[]): { value: unknown; rank: number }[] {
  const collator = koCollator();
  const sorted = values.filter((v) => !empty(v)).sort((a, b) => compareCells(a, b, collator));
  let rank = 0;
  return sorted.map((value, i) => {
    if (i === 0 || compareCells(sorted[i - 1], value, collator) !== 0) rank += 1;
    return { value, rank };
  });
}

/** A PostgreSQL array literal of whole numbers (one parameter however many rows). */
const intArray = (values: readonly (number | null)[]) => `{${values.map((v) => (v === null ? "NULL" : String(v))).join(",")}}`;

/** Ranks one column of the report's rows (in a transaction holding lockReportRows); answers how many rows it ranked. */
async function rankColumn(tx: Tx, report: string, key: string): Promise<number> {
  const rows = await tx
    .select({ rowSeq: reportRows.rowSeq, year: reportRows.year, value: sql<unknown>`${reportRows.data}->${key}` })
    .from(reportRows)
    .where(eq(reportRows.report, report))
    .orderBy(...defaultOrder);
  if (!rows.length) return 0;
  const distinct = new Map<string, unknown>();
  for (const r of rows) if (!empty(r.value)) distinct.set(JSON.stringify(r.value), r.value);
  const rankOf = new Map(rankValues([...distinct.values()]).map((r) => [JSON.stringify(r.value), r.rank]));
  const ranks = rows.map((r) => (empty(r.value) ? null : rankOf.get(JSON.stringify(r.value))!));
  // an empty value after every other ascending, before them descending; Array.prototype.sort is stable
  const last = Number.MAX_SAFE_INTEGER;
  const places = (cmp: (a: number, b: number) => number) => {
    const pos = new Array<number>(rows.length);
    rows
      .map((_, i) => i)
      .sort(cmp)
      .forEach((i, p) => (pos[i] = p + 1));
    return pos;
  };
  const posAsc = places((a, b) => (ranks[a] ?? last) - (ranks[b] ?? last));
  const posDesc = places((a, b) => (ranks[b] ?? last) - (ranks[a] ?? last));
  await tx.execute(sql`
    insert into ${reportRowRanks} (report, key, row_seq, year, rank, pos_asc, pos_desc)
    select ${report}, ${key}, * from unnest(${intArray(rows.map((r) => r.rowSeq))}::int[], ${intArray(rows.map((r) => r.year))}::int[],
      ${intArray(ranks)}::int[], ${intArray(posAsc)}::int[], ${intArray(posDesc)}::int[])`);
  return rows.length;
}

/**
 * Ranks the report's columns `keys` that are not ranked yet, and answers the ones that order
 * anything: a column no row has a value in (a key the report does not have) would rank every row
 * equal, which is the report's own order, so it is neither ranked nor stored. That bounds the
 * ranks to the report's real columns whatever sort a request names (the sort's syntax alone would
 * let a caller have a report's rows ranked again and again under made-up keys).
 */
export async function ensureRanks(db: Db, report: string, keys: readonly string[]): Promise<Set<string>> {
  const usable = new Set<string>();
  if (!keys.length) return usable;
  const ranked = await db
    .select({ key: reportSortKeys.key })
    .from(reportSortKeys)
    .where(and(eq(reportSortKeys.report, report), inArray(reportSortKeys.key, [...keys])));
  for (const r of ranked) usable.add(r.key);
  const missing: string[] = [];
  for (const key of keys) {
    if (usable.has(key) || missing.includes(key)) continue;
    const [carried] = await db
      .select({ rowSeq: reportRows.rowSeq })
      .from(reportRows)
      .where(and(eq(reportRows.report, report), sql`coalesce(${reportRows.data}->>${key}, '') <> ''`))
      .limit(1);
    if (carried) missing.push(key);
  }
  if (!missing.length) return usable;
  let written = 0;
  await db.transaction(async (tx) => {
    await lockReportRows(tx, report);
    for (const key of missing) {
      // another request may have ranked it while this one waited for the lock
      const claimed = await tx.insert(reportSortKeys).values({ report, key }).onConflictDoNothing().returning({ key: reportSortKeys.key });
      if (claimed.length) written += await rankColumn(tx, report, key);
      usable.add(key);
    }
  });
  // the pages read the places from the index alone once the new rows are visible to all, and the
  // planner knows the ranks are there (statistics.server.ts)
  if (written) await refreshTable(db, "report_row_ranks");
  return usable;
}

/** The rows a sorted list reads: their condition, and when it is the report and years only, the years' condition on a year column. */
export interface RowsQuery {
  where: SQL;
  /** null: the condition has more than the report and its years (a search text, a field's value) */
  byYear: ((year: AnyPgColumn) => SQL | undefined) | null;
}

/**
 * The rows of `q` (a report's rows: its condition includes report_rows.report = `report`) in the
 * order `sort` (up to three columns), the page `page` of them or all.
 */
export async function orderedRows(db: Db, report: string, q: RowsQuery, requested: readonly SortKey[], page?: { limit: number; offset: number }): Promise<Row[]> {
  const usable = await ensureRanks(db, report, requested.map((s) => s.key));
  // a column without values orders nothing (ensureRanks): the same rows in the same order without it
  const sort = requested.filter((s) => usable.has(s.key));
  if (!sort.length) {
    const select = db.select({ data: reportRows.data }).from(reportRows).where(q.where).orderBy(...defaultOrder);
    const rows = page ? await select.limit(page.limit).offset(page.offset) : await select;
    return rows.map((r) => r.data);
  }
  const paged = <T extends PgSelect>(qb: T): T => (page ? (qb.limit(page.limit).offset(page.offset) as T) : qb);
  let ids: number[];
  if (sort.length === 1 && q.byYear) {
    // one column, the years only: the places in the index
    const [{ key, dir }] = sort;
    const place = dir === "asc" ? reportRowRanks.posAsc : reportRowRanks.posDesc;
    const found = await paged(
      db
        .select({ rowSeq: reportRowRanks.rowSeq })
        .from(reportRowRanks)
        .where(and(eq(reportRowRanks.report, report), eq(reportRowRanks.key, key), q.byYear(reportRowRanks.year)))
        .orderBy(place)
        .$dynamic(),
    );
    ids = found.map((r) => r.rowSeq);
  } else {
    // the rows of the condition joined to their ranks (the ranks' columns are not selected: the query's fields stay the rows')
    const ranks = sort.map((_, i) => alias(reportRowRanks, `rank${i}`));
    let qb = db.select({ rowSeq: reportRows.rowSeq }).from(reportRows).$dynamic();
    sort.forEach((s, i) => {
      qb = qb.leftJoin(ranks[i], and(eq(ranks[i].report, reportRows.report), eq(ranks[i].key, s.key), eq(ranks[i].rowSeq, reportRows.rowSeq))) as unknown as typeof qb;
    });
    const order = sort.map((s, i) => (s.dir === "asc" ? sql`${ranks[i].rank} asc nulls last` : sql`${ranks[i].rank} desc nulls first`));
    ids = (await paged(qb.where(q.where).orderBy(...order, ...defaultOrder))).map((r) => r.rowSeq);
  }
  if (!ids.length) return [];
  const byId = new Map<number, Row>();
  for (let i = 0; i < ids.length; i += READ_BATCH) {
    const part = ids.slice(i, i + READ_BATCH);
    for (const r of await db.select({ rowSeq: reportRows.rowSeq, data: reportRows.data }).from(reportRows).where(inArray(reportRows.rowSeq, part))) byId.set(r.rowSeq, r.data);
  }
  return ids.map((id) => byId.get(id)!);
}
