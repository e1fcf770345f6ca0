/**
 * Synced reports (spec 000 §3 "Sync history", spec 002 §3; issue 12): rows pulled from the
 * e-portfolio system (`/api/ufolio/…`) or the learning-management system (`/api/lms/…`), kept per
 * report so the screens read them without calling the outside system. Exported from ../schema.ts.
 *
 * - `report_rows`: one pulled row of a report (its wire fields as JSON), with the year, a
 *   lower-cased search text and the order the source gave. A sync replaces a report's rows in one
 *   transaction (app/embedded/reports/sync.server.ts).
 * - `report_syncs`: the sync history (regDt, userNm, codeNm, apiSe), one entry per attempt,
 *   successful or failed; the newest is the 'last sync'.
 * - `report_sync_locks`: a row while a report syncs (its holder and since when): the database lock
 *   that keeps two syncs of one report from running at once, across web instances.
 * - `report_sort_keys`, `report_row_ranks`: a report's columns ranked for sorting (ADR 0071): per
 *   column that a data call sorted by, each row's rank and positions in the list's order (Korean
 *   order, numbers by value: compareCells of app/utils/list-url.ts), made at the first sort by that
 *   column and dropped by the report's next sync (reports/sort-order.server.ts).
 * - `report_schedule_runs`: one row per quarterly slot (00:00 Asia/Seoul on 1 Mar/Jun/Sep/Dec);
 *   the instance that inserts it runs that slot, so exactly one does.
 */
import { sql } from "drizzle-orm";
import { char, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const reportRows = pgTable(
  "report_rows",
  {
    rowSeq: serial("row_seq").primaryKey(),
    report: varchar("report", { length: 40 }).notNull(),
    year: integer("year"),
    /** the source's order within the report */
    ord: integer("ord").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** the searchable fields, lower-cased and joined */
    search: text("search").notNull().default(""),
  },
  (t) => [index("report_rows_report_year_idx").on(t.report, t.year, t.ord)],
);

/** A column of a report whose values are ranked (the values may be none: a column no row has). */
export const reportSortKeys = pgTable(
  "report_sort_keys",
  {
    report: varchar("report", { length: 40 }).notNull(),
    key: varchar("key", { length: 41 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.report, t.key] })],
);

/**
 * A row's place in its report sorted by a ranked column: its value's rank (1 first, equal values
 * share one; an empty value none) and its position in the ascending and in the descending order
 * (equal values in the report's own order), with the row's year, so that a page is read from an
 * index (ADR 0071).
 */
export const reportRowRanks = pgTable(
  "report_row_ranks",
  {
    report: varchar("report", { length: 40 }).notNull(),
    key: varchar("key", { length: 41 }).notNull(),
    rowSeq: integer("row_seq").notNull(),
    year: integer("year"),
    rank: integer("rank"),
    posAsc: integer("pos_asc").notNull(),
    posDesc: integer("pos_desc").notNull(),
  },
  (t) => [
    index("report_row_ranks_asc_idx").on(t.report, t.key, t.posAsc, t.rowSeq, t.year),
    index("report_row_ranks_desc_idx").on(t.report, t.key, t.posDesc, t.rowSeq, t.year),
    // a row's rank (a sort of several columns, or a page of a search text)
    index("report_row_ranks_row_idx").on(t.report, t.key, t.rowSeq, t.rank),
  ],
);

export const reportSyncs = pgTable(
  "report_syncs",
  {
    shSeq: serial("sh_seq").primaryKey(),
    report: varchar("report", { length: 40 }).notNull(),
    /** SELF: a button press; SCHD: the quarterly schedule */
    apiSe: varchar("api_se", { length: 10 }).notNull(),
    /** S succeeded, F failed */
    rsltCd: char("rslt_cd", { length: 1 }).notNull(),
    rowCnt: integer("row_cnt").notNull().default(0),
    userSeq: integer("user_seq"),
    userNm: varchar("user_nm", { length: 50 }).notNull(),
    /** why a failed sync failed (shown to staff; never a stack trace) */
    message: varchar("message", { length: 300 }),
    /** the quarterly slot a scheduled sync ran for */
    slot: tstz("slot"),
    startDt: tstz("start_dt").notNull(),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [
    index("report_syncs_report_idx").on(t.report, t.regDt),
    check("report_syncs_rslt_ck", sql`${t.rsltCd} in ('S','F')`),
  ],
);

export const reportSyncLocks = pgTable("report_sync_locks", {
  report: varchar("report", { length: 40 }).primaryKey(),
  holder: varchar("holder", { length: 80 }).notNull(),
  since: tstz("since").notNull(),
});

export const reportScheduleRuns = pgTable("report_schedule_runs", {
  slot: tstz("slot").primaryKey(),
  holder: varchar("holder", { length: 80 }).notNull(),
  startDt: tstz("start_dt").notNull(),
  endDt: tstz("end_dt"),
});
