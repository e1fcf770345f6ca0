/**
 * The shapes of the synced reports whose reply is more than a flat list (issue 13; spec 001 §7
 * "Synced data", spec 002 §7): what a catalog entry's `shape` adds to its data reply and its
 * workbook. The rows are the report's stored rows (report_rows, as every report's); a shape only
 * aggregates them, so sync, history, schedule and staleness stay the engine's.
 *
 * - R18 counselling: the reply is a chart's data and the counted students
 *   (getCounselingData.do {year} → chartData {labels, datasets}, stCntList);
 * - E10 national exam: the reply's cardList, a card a year (year, allCnt, pCnt, avgPass);
 * - E14 reflection journal: the reply's sumList (a row per year and grade: the students' fc1 …
 *   fc10 and totals summed); its workbook carries the students, the summary and the column sums
 *   (selfrflJrnExcelDown.do {list1, list2, list3}).
 */
import { and, eq, lte, sql, type SQL } from "drizzle-orm";
import { columnSums, COUNSELING_TYPES, FC_KEYS, REPORTS } from "../../reports/definitions";
import type { CellInput, ExcelColumn, XlsxSheet } from "../../utils/excel.server";
import type { Db } from "../db/client.server";
import { reportRows } from "../db/schema";

type Row = Record<string, unknown>;

/** What a shape reads: the database, the report's key, the filter's rows' condition and years. */
export interface ShapeQuery {
  db: Db;
  key: string;
  where: SQL;
  years: number[] | null;
}

export interface ReportShape {
  /** the data reply in place of {list, total} (R18), from the filter's rows in order */
  reply?: (rows: readonly Row[]) => Record<string, unknown>;
  /** more lists of the data reply (E10 cardList, E14 sumList) */
  extras?: (q: ShapeQuery) => Promise<Record<string, unknown>>;
  /** the workbook's footer row and further sheets, from the extras (or the lists a caller posted) */
  workbook?: (extras: Record<string, unknown>, body: Record<string, unknown>) => { footer?: readonly CellInput[]; sheets?: XlsxSheet[] };
}

const num = (v: unknown) => (Number.isFinite(Number(v)) && v !== null && v !== "" ? Number(v) : 0);
const cell = (v: unknown): CellInput => (typeof v === "number" || typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));

/** The rows of a query in the report's order. */
async function rowsOf(q: ShapeQuery): Promise<Row[]> {
  const rows = await q.db.select({ data: reportRows.data }).from(reportRows).where(q.where).orderBy(reportRows.year, reportRows.ord);
  return rows.map((r) => r.data);
}

// ---------------------------------------------------------------------------------------------
// R18 counselling statistics
// ---------------------------------------------------------------------------------------------

/** Stored rows (a year each: the five type counts and stCnt) as the spec's reply. */
export function counselingReply(rows: readonly Row[]): Record<string, unknown> {
  const sorted = [...rows].sort((a, b) => num(a.year) - num(b.year));
  return {
    chartData: {
      labels: sorted.map((r) => String(r.year)),
      datasets: COUNSELING_TYPES.map((t) => ({ label: t.label, data: sorted.map((r) => num(r[t.key])) })),
    },
    stCntList: sorted.map((r) => ({ year: num(r.year), stCnt: num(r.stCnt) })),
  };
}

// ---------------------------------------------------------------------------------------------
// E10 national doctor exam pass rate
// ---------------------------------------------------------------------------------------------

/** A pass rate in percent with two decimals (spec 002 §9: totals with two decimals). */
export const passRate = (pass: number, all: number) => (all ? Math.round((pass / all) * 10_000) / 100 : 0);

/**
 * A card a year (newest first) of the years up to the filter's (every year without one): the
 * examinees, those who passed, the pass rate. The cards do not follow the search text: they are
 * the year's result, not the listed rows'.
 */
async function examCards(q: ShapeQuery): Promise<Record<string, unknown>> {
  const last = q.years?.length ? Math.max(...q.years) : null;
  const found = await q.db
    .select({
      year: reportRows.year,
      allCnt: sql<number>`count(*)::int`,
      pCnt: sql<number>`(count(*) filter (where ${reportRows.data}->>'passYn' = 'Y'))::int`,
    })
    .from(reportRows)
    .where(and(eq(reportRows.report, q.key), last ? lte(reportRows.year, last) : undefined))
    .groupBy(reportRows.year)
    .orderBy(sql`${reportRows.year} desc`);
  return { cardList: found.map((c) => ({ year: c.year, allCnt: c.allCnt, pCnt: c.pCnt, avgPass: passRate(c.pCnt, c.allCnt) })) };
}

const E10 = REPORTS.find((d) => d.id === "E10")!;

/** The cards as a second sheet. */
function examWorkbook(extras: Record<string, unknown>) {
  const cards = Array.isArray(extras.cardList) ? (extras.cardList as Row[]) : [];
  const columns: ExcelColumn<Row>[] = [{ header: "년도", value: (r) => cell(r.year) }, ...E10.cards!.items.map((i): ExcelColumn<Row> => ({ header: i.unit === "%" ? `${i.label}(%)` : i.label, value: (r) => cell(r[i.key]) }))];
  return { sheets: [{ sheetName: E10.cards!.heading, columns, rows: cards }] };
}

// ---------------------------------------------------------------------------------------------
// E14 reflection journal
// ---------------------------------------------------------------------------------------------

const SUM_KEYS = ["stCnt", ...FC_KEYS, "totalCnt"] as const;

/** The students' rows summed by year and grade (year newest first, then grade), with the students counted. */
export function journalSummary(rows: readonly Row[]): Row[] {
  const groups = new Map<string, Row>();
  for (const r of rows) {
    const k = `${r.year}|${r.grade}`;
    let g = groups.get(k);
    if (!g) {
      g = { year: r.year, grade: r.grade, grdSeq: r.grdSeq, stCnt: 0, ...Object.fromEntries([...FC_KEYS, "totalCnt"].map((f) => [f, 0])) };
      groups.set(k, g);
    }
    g.stCnt = num(g.stCnt) + 1;
    for (const f of [...FC_KEYS, "totalCnt"]) g[f] = num(g[f]) + num(r[f]);
  }
  return [...groups.values()].sort((a, b) => num(b.year) - num(a.year) || String(a.grade).localeCompare(String(b.grade), "ko", { numeric: true }));
}

async function journalExtras(q: ShapeQuery): Promise<Record<string, unknown>> {
  return { sumList: journalSummary(await rowsOf(q)) };
}

const E14 = REPORTS.find((d) => d.id === "E14")!;

/** A posted list of rows (list2), or the sums (list3: an object, or a list of one). */
const rowList = (v: unknown): Row[] | null => (Array.isArray(v) ? (v.filter((x) => x && typeof x === "object") as Row[]) : null);
const sumsOf = (v: unknown): Row | null => (Array.isArray(v) ? ((v[0] as Row) ?? null) : v && typeof v === "object" ? (v as Row) : null);

/** The students' sheet's column sums as its footer; the summary with its own sums as a second sheet. */
function journalWorkbook(extras: Record<string, unknown>, body: Record<string, unknown>) {
  const summary = rowList(body.list2) ?? rowList(extras.sumList) ?? [];
  const sums = sumsOf(body.list3) ?? columnSums(summary, SUM_KEYS);
  const spec = E14.summary!;
  const columns: ExcelColumn<Row>[] = spec.columns.map((c) => ({ header: c.label, value: (r) => cell(r[c.key]) }));
  const footer = spec.columns.map((c, i) => (i === 0 ? spec.sums!.label : spec.sums!.keys.includes(c.key) ? num(sums[c.key]) : ""));
  return { sheets: [{ sheetName: spec.title, columns, rows: summary, footer }] };
}

export const SHAPES = {
  counseling: { reply: counselingReply },
  nationalExam: { extras: examCards, workbook: examWorkbook },
  reflectionJournal: { extras: journalExtras, workbook: journalWorkbook },
} satisfies Record<string, ReportShape>;
