/**
 * The synced reports (issue 12; spec 000 §2 "Synced data tables", spec 002 §2-§3, §7): one
 * declarative definition per report. One loader, one page and one Excel route serve them all
 * (app/routes/__report.server.ts, app/components/report/ReportPage.tsx), and one contract test and
 * one e2e spec loop over this list. Adding a report is a definition here plus its rows in the
 * embedded backend (app/embedded/reports/). No server code: pages and tests import it.
 */

import type { ListData } from "~/utils/list-url";

export type ReportSource = "ufolio" | "lms";

/** How a cell shows: text as given, whole numbers, one or two decimals, a date-time as the wire gives it. */
export type ColumnFormat = "text" | "int" | "dec1" | "dec2" | "datetime";

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
  /** one year (a select; the wire's `year`) */
  | { kind: "year" }
  /** several years (checkboxes with the exclusive 'all'; the wire's `year` as a list) */
  | { kind: "years" }
  /** one value of a list the data call answers (e.g. currList), the wire's `param` */
  | { kind: "select"; name: string; label: string; param: string; list: string };

export interface WireCall {
  path: string;
  /** fixed body fields (ceType …) */
  body?: Record<string, string | number>;
}

export interface ReportDef {
  /** the screen id of SCREENS.md */
  id: string;
  path: string;
  title: string;
  /** Home > Input > … (spec 002 §2) */
  breadcrumb: readonly string[];
  source: ReportSource;
  /** the sync call; the body gets {menuSeq} and `body` */
  sync: WireCall;
  /** the data call; the body gets the filters ({searchTxt, year, …}), paging and sorting */
  data: WireCall;
  excel: WireCall & { method: "GET" | "POST"; fileName: string };
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
}

export const SOURCE_NAME: Record<ReportSource, string> = { ufolio: "e-포트폴리오", lms: "LMS" };

const INPUT = ["홈", "입력"] as const;

/** Weekend and end-of-course exam columns (spec 002 §2 screen 2). */
const EXAM_COLUMNS: readonly ReportColumn[] = [
  { key: "year", label: "년도", sortable: true },
  { key: "grade", label: "학년", sortable: true },
  { key: "currName", label: "과정명", sortable: true },
  { key: "evalAreaName", label: "평가영역" },
  { key: "evalTypeName", label: "평가유형" },
  { key: "srcName", label: "출처" },
  { key: "id", label: "학번", sortable: true },
  { key: "name", label: "이름", sortable: true },
  { key: "score", label: "점수", format: "int", sortable: true },
  { key: "maxScore", label: "만점", format: "int" },
  { key: "memo", label: "메모", wrap: true },
  { key: "regDt", label: "등록일", format: "datetime", sortable: true },
];

export const REPORTS: readonly ReportDef[] = [
  {
    id: "P08",
    path: "/insert/ufolio/grcm",
    title: "졸업역량체계 보고서",
    breadcrumb: [...INPUT, "포트폴리오"],
    source: "ufolio",
    sync: { path: "/api/ufolio/getGrcmList.do" },
    data: { path: "/api/ufolio/getGrcmData.do" },
    excel: { path: "/api/ufolio/grcmExcelDown.do", method: "POST", fileName: "졸업역량체계_보고서" },
    filters: [],
    search: "코드, 역량, 내용, 졸업목표",
    numbered: true,
    columns: [
      { key: "fcCode", label: "코드", sortable: true },
      { key: "fcName", label: "역량", sortable: true },
      { key: "content", label: "내용", wrap: true, width: 280 },
      { key: "fcGoal", label: "졸업목표", wrap: true, width: 240 },
      { key: "regDt", label: "등록일", format: "datetime", sortable: true },
      { key: "uptDt", label: "최종수정일", format: "datetime", sortable: true },
    ],
    rowKey: "seq",
    evaluation: true,
  },
  {
    id: "E02",
    path: "/insert/lms/weekend-exam",
    title: "주말시험",
    breadcrumb: [...INPUT, "학생평가"],
    source: "lms",
    sync: { path: "/api/lms/getWeekEndExam.do" },
    data: { path: "/api/lms/getWeekenExamList.do" },
    // spec 002 §7: one GET download for both exams; assessmentMethods 03 is the weekend exam
    excel: { path: "/api/lms/getEndExamExcelDown.do", method: "GET", body: { assessmentMethods: "03" }, fileName: "주말시험" },
    filters: [{ kind: "years" }],
    search: "학번, 이름, 과정명",
    columns: EXAM_COLUMNS,
    rowKey: "seq",
    evaluation: true,
  },
];

/** The report a page path is (or is the evaluation page of): its definition and the evaluation's ids. */
export function findReport(pathname: string): { def: ReportDef; params: { eiSeq?: string; menuSeq?: string; year?: string } } | null {
  const path = pathname.replace(/\/+$/, "");
  for (const def of REPORTS) {
    if (path === def.path) return { def, params: {} };
    if (def.evaluation && path.startsWith(`${def.path}/`)) {
      const m = /^(\d{1,9})\/(\d{1,9})\/(\d{4})$/.exec(path.slice(def.path.length + 1));
      if (m) return { def, params: { eiSeq: m[1], menuSeq: m[2], year: m[3] } };
    }
  }
  return null;
}

/** The resource route of the reports' Excel downloads (one route serves every report; excelLinks adds `/excel`). */
export const excelRoute = (def: ReportDef) => `/report-excel${def.path}`;

/** A cell's text in a column's format. */
export function formatCell(value: unknown, format: ColumnFormat = "text"): string {
  if (value === null || value === undefined || value === "") return "";
  if (format === "text" || format === "datetime") return String(value);
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  if (format === "int") return n.toLocaleString("ko-KR", { maximumFractionDigits: 0 });
  const digits = format === "dec1" ? 1 : 2;
  return n.toLocaleString("ko-KR", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** How long ago, in Korean ('방금 전', '12분 전', '3시간 전', '3일 전'). */
export function ageText(then: Date, now: Date): string {
  const s = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  if (s < 60) return "방금 전";
  if (s < 3600) return `${Math.floor(s / 60)}분 전`;
  if (s < 86_400) return `${Math.floor(s / 3600)}시간 전`;
  return `${Math.floor(s / 86_400)}일 전`;
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
}

export interface ReportMore {
  sync: SyncPanel | null;
  options: Record<string, { id: string; text: string }[]>;
}

export type ReportData = ListData<ReportFilterState, null, ReportMore>;

