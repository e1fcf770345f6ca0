/**
 * The synced reports' types (issue 12, 13): what a report definition declares (ReportDef with its
 * columns, filters, wire calls and shapes: chart, cards, sections, summary, tabs, column groups,
 * detail dialogs) and what the report loader answers the page (ReportData: filters, sync panel,
 * dialog). The definitions themselves are the catalog files beside this one, assembled by
 * app/reports/definitions.ts. Types only.
 */

import type { ReportDataCall, ReportExcelCall, ReportListsCall, ReportSyncCall } from "../calls/reports";
import type { CallDef } from "../calls/define";
import type { ListData } from "~/utils/list-url";

export type ReportSource = "ufolio" | "lms";

/**
 * How a cell shows: text as given, whole numbers, one or two decimals, a date-time as the wire gives
 * it, a pass flag (Y/N on the wire) as 합격 / 불합격.
 */
export type ColumnFormat = "text" | "int" | "dec1" | "dec2" | "datetime" | "passYn";

export interface ReportColumn {
  key: string;
  label: string;
  format?: ColumnFormat;
  /** free text that wraps between words */
  wrap?: boolean;
  /** a header click sorts by it (plain-value columns) */
  sortable?: boolean;
  width?: number;
}

export type ReportFilter =
  /**
   * One year (a select; the wire's `year`). Its choices run from `first` (default 2025, spec 002
   * §9) to this year; its default is this year, or the previous one (spec 001 §9: counselling).
   */
  | { kind: "year"; first?: number; previous?: boolean }
  /** several years (checkboxes with the exclusive 'all'; the wire's `year` as a list) */
  | { kind: "years" }
  /**
   * One value of a list (the wire's `param`): the list the data reply carries (`list`, e.g.
   * currList), or the answer of its own call (`from`: REPORT_LISTS of app/calls/reports.ts), or fixed `options`.
   */
  | { kind: "select"; name: string; label: string; param: string; list: string; from?: ReportListsCall; options?: readonly { id: string; text: string }[] };

/** A call of a report (its definition in app/calls/reports.ts) and the fields this report adds to it (ceType …). */
export interface WireCall<D extends CallDef = CallDef> {
  call: D;
  /** fixed body fields (ceType …): they single the report out among those sharing the call */
  body?: Record<string, string | number>;
}

// ---------------------------------------------------------------------------------------------
// Shapes (issue 13): what a report shows besides its one table, each a definition option that
// ReportPage renders, so the next report with the same shape is a definition too
// ---------------------------------------------------------------------------------------------

/**
 * A bar chart over the table, from the table's own rows (R18): drawn on the server (ADR 0043), with
 * or without JavaScript; the table has the same numbers for assistive technology.
 */
export interface ReportChart {
  /** its heading (also the start of its text alternative) */
  title: string;
  /** the row field along the x axis (a year) and its unit in the text alternative ('년') */
  x: string;
  xUnit: string;
  /** one bar per series a group, in this order; colours dark enough for text contrast on white */
  series: readonly { key: string; label: string; color: string }[];
}

/** Summary cards above the table, from a list of the data reply (E10 cardList: one card a year). */
export interface ReportCards {
  /** the data reply's list */
  list: string;
  heading: string;
  /** a card's title from its row ('2025년') */
  title: (card: Record<string, unknown>) => string;
  items: readonly { key: string; label: string; format?: ColumnFormat; unit?: string }[];
}

/** The rows as several tables, one per value of a field (R19: se 1 to 3), each with its title. */
export interface ReportSections {
  field: string;
  tables: readonly { value: string; title: string }[];
}

/**
 * A second table under the first, from a list of the data reply (E14 sumList), with a footer row
 * summing the `sums` columns (what the Excel file's third list carries).
 */
export interface ReportSummary {
  list: string;
  title: string;
  columns: readonly ReportColumn[];
  rowKey: (row: Record<string, unknown>) => string;
  sums?: { label: string; keys: readonly string[] };
  /** shown above the list (E23's table 1), not under it */
  above?: boolean;
  /** grouped column headers of this table */
  groups?: readonly ColumnGroup[];
}

/**
 * A group label over some columns (a two-row header, the label spanning its columns: E05's five
 * competencies, E12's and E23's three periods). Evaluation mode shows the server's columns flat.
 */
export interface ColumnGroup {
  label: string;
  keys: readonly string[];
}

/**
 * A tab of a report (E12): URL state `?tab=<id>` (links styled as tabs, `aria-current`), each with
 * its own filter, table, sort and paging; the data and Excel calls get the tab's `body` (tabNum).
 */
export interface ReportTab {
  id: string;
  label: string;
  /** the data reply's list of this tab (tab1List) */
  list: string;
  /** fields of the data and Excel calls (tabNum) */
  body: Record<string, string | number>;
  columns: readonly ReportColumn[];
  groups?: readonly ColumnGroup[];
  rowKey: string;
  search: string | null;
  defaultSize?: number;
}

export interface ReportDef {
  /** the screen id of SCREENS.md */
  id: string;
  path: string;
  title: string;
  /** Home > Input > … (spec 002 §2) */
  breadcrumb: readonly string[];
  source: ReportSource;
  /** the sync call (REPORT_SYNC); the body gets {menuSeq} and `body` */
  sync: WireCall<ReportSyncCall>;
  /** the data call (REPORT_DATA); the body gets the filters ({searchTxt, year, …}), paging and sorting */
  data: WireCall<ReportDataCall>;
  /** the Excel download (REPORT_EXCEL: a GET with the filter as the query, or a POST of it) */
  excel: WireCall<ReportExcelCall> & { fileName: string };
  filters: readonly ReportFilter[];
  /** the search text box's placeholder (what it searches); null: no search */
  search: string | null;
  columns: readonly ReportColumn[];
  /** a running number column first (번호) */
  numbered?: boolean;
  /** the record key of a row */
  rowKey: string;
  /** answers at `{path}/{eiSeq}/{menuSeq}/{year}` (read-only, the server's columns) */
  evaluation: boolean;
  defaultSize?: number;
  /** a wire row as the table shows it (E19: the answers split into num1 … num27) */
  mapRow?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** the table's rows when the data reply carries no `list` (R18: chartData and stCntList) */
  fromReply?: (reply: Record<string, unknown>) => Record<string, unknown>[];
  /** a few statistics rows shown whole: no paging, no pager (R18, R19) */
  whole?: boolean;
  chart?: ReportChart;
  cards?: ReportCards;
  sections?: ReportSections;
  summary?: ReportSummary;
  // ---- issue 13, part 2 (tabs, grouped headers, multi-key sort, two tables) ----
  /** the data reply's list when it is not `list` (E23 list2) */
  list?: string;
  /** grouped column headers (ColumnGroup) */
  groups?: readonly ColumnGroup[];
  /** a header click adds or turns that key in a sort of several keys (`sort=year:asc,grade:desc`) */
  multiSort?: boolean;
  /** tabs (ReportTab): the definition of the open tab is `tabDef(def, tab)` */
  tabs?: readonly ReportTab[];
  /** the open tab (set by tabDef) */
  tab?: string;
  /** E05: a 'load data' button, working in evaluation mode only (the evaluation's data load) */
  loadData?: boolean;
  /** a detail dialog per row (R20, E07, E20, E21: ReportDetail below; its content app/reports/details.server.ts) */
  detail?: ReportDetail;
}

// ---------------------------------------------------------------------------------------------
// What the report loader answers (app/routes/__report.server.ts) and the page shows
// ---------------------------------------------------------------------------------------------

/** A sync history entry (spec 000 §3: regDt, userNm, codeNm, apiSe; result and count ours). */
export interface SyncEntry {
  regDt: string;
  userNm: string;
  codeNm: string;
  apiSe: string;
  rsltCd?: string | null;
  rowCnt?: number | null;
  message?: string | null;
}

export interface ReportFilterState {
  value: string;
  /** the years of a multi-select (null: all) */
  years: string[] | null;
  /** the select filters' values by name ('' = all) */
  selects: Record<string, string>;
}

export interface SyncPanel {
  /** the first history entry (spec 000 §2: its regDt is the last sync) */
  last: { regDt: string; age: string; failed: boolean } | null;
  /** the last successful one, when the last one failed */
  lastSuccess: { regDt: string; age: string } | null;
  history: SyncEntry[];
  /** a sync of this report is running (since) */
  running: string | null;
  /** the button rule: no press before this time (HH:mm), with its instant for the page's timer */
  syncable: { time: string; at: string } | null;
  /** the last quarterly sync did not happen or failed, and nothing succeeded since */
  staleWarning: string | null;
  nextSlot: string | null;
  /** the server has no sync state call (getSyncInfo.do is ours): what the panel cannot show */
  note?: string;
}

export interface ReportMore {
  sync: SyncPanel | null;
  options: Record<string, { id: string; text: string }[]>;
  /** the cards' rows (ReportDef.cards) and the summary table's (ReportDef.summary) */
  cards?: Record<string, unknown>[];
  summary?: Record<string, unknown>[];
  /** the chart (ReportDef.chart) drawn on the server, as SVG markup (ADR 0043) */
  chart?: string | null;
}
export type ReportData = ListData<ReportFilterState, ReportDialog | null, ReportMore>;

// ---------------------------------------------------------------------------------------------
// Detail dialogs (issue 13: R20, E07, E20, E21): a row's dialog as URL state (`?dialog=preview&seq=`,
// the list kit's vocabulary; the filters, page and sort stay in the URL). What opens it is this
// option; its content (titled sections built from the row) is the report's entry in
// app/reports/details.server.ts, made by the loader: every report shares one route module, so the
// questionnaires and the words of the score types stay on the server.
// ---------------------------------------------------------------------------------------------

type Row = Record<string, unknown>;

/** A part of a detail dialog: label/value lines, or a small table. */
export type DetailSection =
  | { title: string; items: readonly { label: string; value: string }[] }
  | { title: string; columns: readonly ReportColumn[]; rows: readonly Row[] };

/** An open detail dialog as the loader answers it (data.dialog.data). */
export interface ReportDialog {
  title: string;
  sections: DetailSection[];
}

export interface ReportDetail {
  /** the row link's text ('미리보기', '상세'), in a column of that header; none: only `longText` opens it */
  link?: string;
  /** the row in a link's accessible name ('미리보기: 2025년 필수 임상실습 내과') */
  who: (row: Row) => string;
  /** a text column's (wrap) cell of this many characters or more shows shortened, with a link opening the dialog */
  longText?: number;
}
