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
import { AVG_KEYS, columnSums, competencyScoreKeys, COUNSELING_TYPES, FC_KEYS, GRADUATION_COMPETENCIES, periodScoreKeys, PERIODS, REPORTS } from "../../reports/definitions";
import { sortRows, type SortKey } from "../../utils/list-url";
import type { CellInput, ExcelColumn, XlsxSheet } from "../../utils/excel.server";
import type { Db } from "../db/client.server";
import { reportRows } from "../db/schema";

type Row = Record<string, unknown>;

/** What a shape reads: the database, the report's key, the filter's rows' condition and years. */
export interface ShapeQuery {
  db: Db;
  key: string;
  where: SQL;
  /** the filter without its search text */
  base: SQL;
  years: number[] | null;
}

/** What a shape's own data reply reads: the query, the call's body, its sort and page, the engine's list. */
export interface ShapeDataQuery extends ShapeQuery {
  body: Record<string, unknown>;
  sort: SortKey[];
  page: { page: number; size: number } | null;
  /** the filter's stored rows as the engine answers them (paged, sorted, evaluation columns) */
  list: () => Promise<{ list: Row[]; total: number }>;
  /** evaluation mode: the columns configured for the evaluation (null outside it) */
  columns: readonly EvalColumn[] | null;
}

/** A configured evaluation column (getEvalColumnsList.do's {clm, clmNm}). */
export interface EvalColumn {
  clm: string;
  clmNm: string;
}

/** A workbook's first sheet of a shape's own (columns [field, header], rows; null rows: the stored rows). */
export interface ShapeSheet {
  columns?: readonly (readonly [string, string])[];
  rows?: Row[];
  /** added to the file name (a tab's name) */
  suffix?: string;
  sheetName?: string;
}

export interface ReportShape {
  /** the data reply in place of {list, total} (R18), from the filter's rows in order */
  reply?: (rows: readonly Row[]) => Record<string, unknown>;
  /** more lists of the data reply (E10 cardList, E14 sumList) */
  extras?: (q: ShapeQuery) => Promise<Record<string, unknown>>;
  /** the workbook's footer row and further sheets, from the extras (or the lists a caller posted) */
  workbook?: (extras: Record<string, unknown>, body: Record<string, unknown>) => { footer?: readonly CellInput[]; sheets?: XlsxSheet[] };
  /** the data reply of its own lists (E12 tab1List/tab2List, E23 list1/list2); its `columns`, when it answers them, are the evaluation's for its table */
  data?: (q: ShapeDataQuery) => Promise<Record<string, unknown>>;
  /** the workbook's first sheet when it is not the stored rows with the catalog's columns (`columns`: the evaluation's, in evaluation mode) */
  excelSheet?: (q: ShapeQuery, body: Record<string, unknown>, sort: SortKey[], columns: readonly EvalColumn[] | null) => Promise<ShapeSheet | null>;
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

// ---------------------------------------------------------------------------------------------
// Issue 13, part 2: E12 graduation outcome portfolio by period (two tabs), E23 graduate-competency
// self-evaluation (two tables)
// ---------------------------------------------------------------------------------------------

const round2 = (n: number) => Math.round(n * 100) / 100;
const mean = (values: number[]) => (values.length ? round2(values.reduce((a, b) => a + b, 0) / values.length) : null);
/** a group's rows by year and grade, year newest first, then grade */
function byYearGrade(rows: readonly Row[]): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const k = `${r.year}|${r.grade}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return [...groups.values()].sort((a, b) => num(b[0].year) - num(a[0].year) || String(a[0].grade).localeCompare(String(b[0].grade), "ko", { numeric: true }));
}
/** the scores given (a blank is a period not yet evaluated) */
const scores = (rows: readonly Row[], key: string) => rows.map((r) => r[key]).filter((v) => v !== null && v !== undefined && v !== "").map(Number);

/**
 * E12 tab 1 'by period outcome': a row per year, grade and period with the students evaluated in
 * that period and the average of each of the five competencies (two decimals).
 */
export function periodOutcomes(rows: readonly Row[]): Row[] {
  const out: Row[] = [];
  for (const group of byYearGrade(rows)) {
    const { year, grade, grdSeq } = group[0];
    PERIODS.forEach((period, i) => {
      const keys = periodScoreKeys(i + 1);
      const rated = group.filter((r) => keys.some((k) => r[k] !== null && r[k] !== undefined && r[k] !== ""));
      if (!rated.length) return;
      out.push({ key: `${year}-${grdSeq}-${i + 1}`, year, grade, grdSeq, period, stCnt: rated.length, ...Object.fromEntries(AVG_KEYS.map((a, c) => [a, mean(scores(rated, keys[c]))])) });
    });
  }
  return out;
}

const E12 = REPORTS.find((d) => d.id === "E12")!;
const tabOf = (body: Record<string, unknown>) => (Number(body.tabNum) === 2 ? 2 : 1);

/**
 * Tab 1's text search (spec 002 §2 screen 12): over the outcome rows' year, grade and period (the
 * averages are of every student of the year, never of those a name search would leave).
 */
function outcomesMatching(rows: Row[], searchTxt: unknown): Row[] {
  const text = typeof searchTxt === "string" ? searchTxt.trim().toLowerCase() : "";
  if (!text) return rows;
  return rows.filter((r) => [r.year, r.grade, r.period].some((v) => String(v ?? "").toLowerCase().includes(text)));
}

/**
 * Evaluation mode: the configured columns that are the open tab's, in the configured order (one
 * evaluation configures both tabs: spec 001 §6 "shows only configured columns"); null outside it.
 */
function tabColumns(tab: (typeof E12.tabs & object)[number], columns: readonly EvalColumn[] | null): EvalColumn[] | null {
  if (!columns) return null;
  const own = new Set(tab.columns.map((c) => c.key));
  return columns.filter((c) => own.has(c.clm));
}

/** getGrdtSelfEvalData.do {tabNum}: tab 1 the period outcomes (sorted and paged here), tab 2 the students; each with its configured columns in evaluation mode. */
async function grdtData(q: ShapeDataQuery) {
  const tab = E12.tabs![tabOf(q.body) - 1];
  const columns = tabColumns(tab, q.columns);
  const evalColumns = columns ? { columns } : {};
  if (tab.id === "2") {
    const { list, total } = await q.list();
    // the students' rows carry the tab's configured keys only (the engine picked the whole configuration's)
    const rows = columns ? list.map((r) => Object.fromEntries(columns.map((c) => [c.clm, r[c.clm] ?? null]))) : list;
    return { tab2List: rows, total, ...evalColumns };
  }
  const all = sortRows(outcomesMatching(periodOutcomes(await rowsOf({ ...q, where: q.base })), q.body.searchTxt), q.sort);
  const list = q.page ? all.slice((q.page.page - 1) * q.page.size, q.page.page * q.page.size) : all;
  return { tab1List: list, total: all.length, ...evalColumns };
}

/** grdtSelfEvalExcelDown.do {tabNum}: the open tab's table, named after it (in evaluation mode its configured columns). */
async function grdtSheet(q: ShapeQuery, body: Record<string, unknown>, sort: SortKey[], configured: readonly EvalColumn[] | null): Promise<ShapeSheet> {
  const tab = E12.tabs![tabOf(body) - 1];
  const named = { suffix: `_${tab.label.replace(/\s+/g, "_")}`, sheetName: tab.label };
  const evalColumns = tabColumns(tab, configured)?.map((c) => [c.clm, c.clmNm] as const);
  if (tab.id === "2") return evalColumns ? { ...named, columns: evalColumns } : named;
  const columns = evalColumns ?? tab.columns.map((c) => [c.key, AVG_KEYS.includes(c.key) ? `${c.label} 평균` : c.label] as const);
  return { ...named, columns, rows: sortRows(outcomesMatching(periodOutcomes(await rowsOf({ ...q, where: q.base })), body.searchTxt), sort) };
}

/** E23 table 1: the averages of each competency and period by year and grade, with the students counted. */
export function competencyAverages(rows: readonly Row[]): Row[] {
  return byYearGrade(rows).map((group) => {
    const { year, grade, grdSeq } = group[0];
    const avgs = [1, 2, 3].flatMap((p) => competencyScoreKeys(p).map((k) => [k, mean(scores(group, k))] as const));
    return { year, grade, grdSeq, stCnt: group.length, ...Object.fromEntries(avgs) };
  });
}

/** table 1 follows the year filter, not the name search (a cohort's averages) */
const competencyExtras = async (q: ShapeQuery) => ({ list1: competencyAverages(await rowsOf({ ...q, where: q.base })) });

/** getGrcmSelfEvalData.do {num}: list1 the averages, list2 a page of the students; num 1 or 2 answers that table only. */
async function grcmData(q: ShapeDataQuery) {
  const num1 = String(q.body.num ?? "");
  const one = num1 === "2" ? {} : await competencyExtras(q);
  const two = num1 === "1" ? {} : await q.list().then(({ list, total }) => ({ list2: list, total }));
  return { ...one, ...two };
}

/** A period's competency header when the columns are flat ('1차 전문직업성'). */
export const periodLabel = (p: number, c: number) => `${PERIODS[p - 1]} ${GRADUATION_COMPETENCIES[c]}`;

const E23 = REPORTS.find((d) => d.id === "E23")!;

/** The students' sheet, then the averages as a second sheet. */
function grcmWorkbook(extras: Record<string, unknown>, body: Record<string, unknown>) {
  const rows = rowList(body.list1) ?? rowList(extras.list1) ?? [];
  const spec = E23.summary!;
  const columns: ExcelColumn<Row>[] = spec.columns.map((c) => {
    const m = /^score(\d)P(\d)$/.exec(c.key);
    return { header: m ? periodLabel(Number(m[2]), Number(m[1]) - 1) : c.label, value: (r) => cell(r[c.key]) };
  });
  return { sheets: [{ sheetName: spec.title, columns, rows }] };
}

export const SHAPES = {
  counseling: { reply: counselingReply },
  nationalExam: { extras: examCards, workbook: examWorkbook },
  reflectionJournal: { extras: journalExtras, workbook: journalWorkbook },
  grdtSelfEval: { data: grdtData, excelSheet: grdtSheet },
  grcmSelfEval: { data: grcmData, extras: competencyExtras, workbook: grcmWorkbook },
} satisfies Record<string, ReportShape>;
