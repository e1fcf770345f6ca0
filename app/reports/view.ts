/**
 * How the page and the loader read a report definition (issue 12, 13): its shape test, its open
 * tab as a definition of its own, the multi-key sort, a footer row's sums, a cell's text in its
 * column's format, the sync panel's "how long ago", a year filter's choices, the long-text cells'
 * shortening, and the Excel route. Pure functions over app/reports/types.ts; no server code.
 */

import type { ColumnFormat, ReportDef, ReportFilter, ReportSource, ReportTab } from "./types";

/** A report with a shape of its own (issue 13): walked by its own tests, not the flat tables' loop. */
export const hasShape = (def: ReportDef) => Boolean(def.chart || def.cards || def.sections || def.summary || def.whole || def.fromReply || def.tabs || def.groups || def.loadData || def.detail);

/** The open tab of a report with tabs (`?tab=`; the first when the URL names none or another). */
export function readTab(def: ReportDef, search: string | URLSearchParams): ReportTab | null {
  if (!def.tabs?.length) return null;
  const asked = (typeof search === "string" ? new URLSearchParams(search) : search).get("tab");
  return def.tabs.find((t) => t.id === asked) ?? def.tabs[0];
}

/**
 * A report as its open tab shows it: the tab's columns, groups, list, paging, search, and its
 * fields in the data and Excel calls (the Excel file named after the tab). A report without tabs is itself.
 */
export function tabDef(def: ReportDef, search: string | URLSearchParams): ReportDef {
  const tab = readTab(def, search);
  if (!tab) return def;
  return {
    ...def,
    columns: tab.columns,
    groups: tab.groups,
    list: tab.list,
    rowKey: tab.rowKey,
    search: tab.search,
    defaultSize: tab.defaultSize,
    data: { ...def.data, body: { ...def.data.body, ...tab.body } },
    excel: { ...def.excel, body: { ...def.excel.body, ...tab.body }, fileName: `${def.excel.fileName}_${tab.label.replace(/\s+/g, "_")}` },
    tab: tab.id,
  };
}

/**
 * The next sort of a multi-key sort when a header is clicked: a key not in it is added last
 * (ascending), an ascending key turns descending, a descending one leaves the sort. At most 3 keys.
 */
export function nextMultiSort(current: readonly { key: string; dir: "asc" | "desc" }[], key: string): { key: string; dir: "asc" | "desc" }[] {
  const at = current.find((s) => s.key === key);
  if (!at) return [...current.slice(0, 2), { key, dir: "asc" as const }];
  if (at.dir === "asc") return current.map((s) => (s.key === key ? { key, dir: "desc" as const } : s));
  return current.filter((s) => s.key !== key);
}

/** The sums of some columns over rows (a footer row): blanks count as 0, a column of no numbers sums to 0. */
export function columnSums(rows: readonly Record<string, unknown>[], keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = rows.reduce((sum, r) => sum + (Number.isFinite(Number(r[k])) && r[k] !== null && r[k] !== "" ? Number(r[k]) : 0), 0);
  return out;
}
export const SOURCE_NAME: Record<ReportSource, string> = { ufolio: "e-포트폴리오", lms: "LMS" };

/** The resource route of the reports' Excel downloads (one route serves every report; excelLinks adds `/excel`). */
export const excelRoute = (def: ReportDef) => `/report-excel${def.path}`;

/** the number formats, made once (a toLocaleString with options makes a formatter per cell) */
const NUMBER_FORMATS = {
  int: new Intl.NumberFormat("ko-KR", { maximumFractionDigits: 0 }),
  dec1: new Intl.NumberFormat("ko-KR", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  dec2: new Intl.NumberFormat("ko-KR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** a pass flag's words (E10's passYn) */
const PASS_TEXT: Record<string, string> = { Y: "합격", N: "불합격" };

/** A cell's text in a column's format. */
export function formatCell(value: unknown, format: ColumnFormat = "text"): string {
  if (value === null || value === undefined || value === "") return "";
  if (format === "text" || format === "datetime") return String(value);
  if (format === "passYn") return PASS_TEXT[String(value)] ?? String(value);
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  return NUMBER_FORMATS[format].format(n);
}

/** How long ago, in Korean ('방금 전', '12분 전', '3시간 전', '3일 전'). */
export function ageText(then: Date, now: Date): string {
  const s = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  if (s < 60) return "방금 전";
  if (s < 3600) return `${Math.floor(s / 60)}분 전`;
  if (s < 86_400) return `${Math.floor(s / 3600)}시간 전`;
  return `${Math.floor(s / 86_400)}일 전`;
}

/** A year filter's choices (newest first) and its default (this year, or the previous one). */
export function yearChoices(f: Extract<ReportFilter, { kind: "year" }> | undefined, thisYear: number): { years: number[]; fallback: number } {
  const first = f?.first ?? 2025;
  const last = Math.max(thisYear, first);
  const years = Array.from({ length: last - first + 1 }, (_, i) => last - i);
  const fallback = f?.previous && thisYear - 1 >= first ? thisYear - 1 : years[0];
  return { years, fallback };
}

/** how much of a long text its cell shows */
export const SHORT_TEXT = 40;
/** A text's length in characters (code points: a Hangul syllable is one). */
export const textLength = (text: string) => [...text].length;
export const shortened = (text: string) => `${[...text].slice(0, SHORT_TEXT).join("")}…`;
