/**
 * The synced reports (issue 12; spec 000 §2 "Synced data tables", spec 002 §2-§3, §7): one
 * declarative definition per report. One loader, one page and one Excel route serve them all
 * (app/routes/__report.server.ts, app/components/report/ReportPage.tsx), and one contract test and
 * one e2e spec loop over this list. Adding a report is a definition here plus its rows in the
 * embedded backend (app/embedded/reports/). No server code: pages and tests import it.
 */

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
   * currList), or the answer of its own call (`from`), or fixed `options`.
   */
  | { kind: "select"; name: string; label: string; param: string; list: string; from?: WireCall; options?: readonly { id: string; text: string }[] };

export interface WireCall {
  path: string;
  /** fixed body fields (ceType …) */
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
  /** a detail dialog per row (R20, E07, E20, E21: ReportDetail at the end of this file; its content app/reports/details.server.ts) */
  detail?: ReportDetail;
}

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

/** R18's five counselling types (spec 001 §3 "Counselling statistics": the chart's datasets, in order). */
export const COUNSELING_TYPES = [
  { key: "personal", label: "개인상담", color: "indigo.7" },
  { key: "career", label: "진로상담", color: "teal.8" },
  { key: "learning", label: "학습상담", color: "orange.9" },
  { key: "integrated", label: "통합학습상담", color: "grape.7" },
  { key: "support", label: "체계적 지원 필요 사례", color: "red.8" },
] as const;

/**
 * R18's data reply as table rows, a year a row (spec 001 §7: getCounselingData.do → chartData,
 * stCntList): chartData is a chart's {labels: years, datasets: [{label, data}]} with the datasets
 * in COUNSELING_TYPES' order, stCntList the counted students [{year, stCnt}].
 */
export function counselingRows(reply: Record<string, unknown>): Record<string, unknown>[] {
  const chart = (reply.chartData ?? {}) as { labels?: unknown[]; datasets?: { label?: string; data?: unknown[] }[] };
  const counted = new Map(((reply.stCntList ?? []) as { year?: unknown; stCnt?: unknown }[]).map((s) => [String(s.year), Number(s.stCnt)]));
  const labels = Array.isArray(chart.labels) ? chart.labels.map(String) : [];
  const years = [...new Set([...labels, ...counted.keys()])].sort();
  return years.map((year) => {
    const row: Record<string, unknown> = { year: Number(year) };
    const at = labels.indexOf(year);
    COUNSELING_TYPES.forEach((t, i) => {
      // a dataset is found by its label, else by its place
      const set = chart.datasets?.find((d) => d.label === t.label) ?? chart.datasets?.[i];
      row[t.key] = at >= 0 && set?.data ? Number(set.data[at] ?? 0) : 0;
    });
    row.stCnt = counted.get(year) ?? 0;
    return row;
  });
}

/**
 * R19's ten guidance types and three kinds (spec 001 §3 "Advisor guidance row": se 1 to 3, type1 to
 * type10, totalCnt; the spec names neither, these are the e-portfolio's advisor-counselling form's).
 */
export const GUIDANCE_TYPES = ["학업", "진로", "대인관계", "심리·정서", "건강", "경제", "가정", "학교생활 적응", "연구·진학", "기타"] as const;
export const GUIDANCE_KINDS = [
  { value: "1", title: "개별 면담" },
  { value: "2", title: "집단 지도" },
  { value: "3", title: "비대면 상담" },
] as const;

/**
 * E14's ten competencies, fc1 … fc10 in the spec's header order (spec 002 §2 screen 14: leadership,
 * communication, social responsibility, communication and collaboration, clinical ability, critical
 * thinking and problem solving, use of scientific knowledge in clinical care, understanding and use
 * of scientific methods, patient care, knowledge application).
 */
export const JOURNAL_COMPETENCIES = [
  "리더십",
  "의사소통",
  "사회적 책무성",
  "소통과 협력",
  "임상능력",
  "비판적 사고 및 문제해결",
  "임상에서의 과학적 지식 활용",
  "과학적 방법의 이해와 활용",
  "환자 진료",
  "지식 적용",
] as const;
const FC_COLUMNS: readonly ReportColumn[] = JOURNAL_COMPETENCIES.map((label, i) => ({ key: `fc${i + 1}`, label, format: "int", sortable: true }));
export const FC_KEYS = FC_COLUMNS.map((c) => c.key);

/** E19: `score` '4,5,3,…' as num1 … num27 (spec 002 §3 End-of-course survey result). */
export const SURVEY_QUESTIONS = 27;
export function splitScores(row: Record<string, unknown>): Record<string, unknown> {
  const parts = String(row.score ?? "").split(",");
  return { ...row, ...Object.fromEntries(Array.from({ length: SURVEY_QUESTIONS }, (_, i) => [`num${i + 1}`, parts[i] === undefined || parts[i] === "" ? null : Number(parts[i])])) };
}

/**
 * The five graduation competencies of E05's submission counts (spec 002 §2 screen 5:
 * professionalism, social responsibility, communication and cooperation, patient care, knowledge
 * application), also E12's and E23's five competencies (spec 002 §3: p1Score1..5, score{1-5}P{1-3},
 * which the spec does not name: we read them as the same five).
 */
export const GRADUATION_COMPETENCIES = ["전문직업성", "사회적 책무성", "의사소통과 협력", "환자 진료", "지식 적용"] as const;
/** The three periods of E12 and E23 (p1 … p3, P1 … P3; the spec names them by number only). */
export const PERIODS = ["1차", "2차", "3차"] as const;

/** E05's columns keys: the five counts cnt1 … cnt5. */
export const SUMMARY_COUNT_KEYS = GRADUATION_COMPETENCIES.map((_, i) => `cnt${i + 1}`);
/** E12's by-student score keys of a period (p1Score1 …) and E23's (score1P1 …). */
export const periodScoreKeys = (p: number) => GRADUATION_COMPETENCIES.map((_, c) => `p${p}Score${c + 1}`);
export const competencyScoreKeys = (p: number) => GRADUATION_COMPETENCIES.map((_, c) => `score${c + 1}P${p}`);
/** E12's period-outcome averages: avg1 … avg5. */
export const AVG_KEYS = GRADUATION_COMPETENCIES.map((_, c) => `avg${c + 1}`);

/** Columns of the five competencies with these keys, and the group over them. */
const competencyColumns = (keys: readonly string[], format: ColumnFormat): ReportColumn[] => GRADUATION_COMPETENCIES.map((label, i) => ({ key: keys[i], label, format }));
const periodGroups = (keysOf: (p: number) => readonly string[]): ColumnGroup[] => PERIODS.map((label, i) => ({ label, keys: keysOf(i + 1) }));

export const SOURCE_NAME: Record<ReportSource, string> = { ufolio: "e-포트폴리오", lms: "LMS" };

const INPUT = ["홈", "입력"] as const;
const MONITOR = [...INPUT, "교육평가 및 모니터링"] as const;

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
  {
    id: "P09",
    path: "/insert/ufolio/tmbs",
    title: "단계별 포트폴리오 양식",
    breadcrumb: [...INPUT, "포트폴리오"],
    source: "ufolio",
    sync: { path: "/api/ufolio/getTmbsPrfrList.do" },
    data: { path: "/api/ufolio/getTmbsPrfrData.do" },
    excel: { path: "/api/ufolio/tmbsPrfrExcelDown.do", method: "POST", fileName: "단계별_포트폴리오_양식" },
    filters: [],
    search: "코드, 단계별 성취, 내용, 졸업역량",
    numbered: true,
    columns: [
      { key: "tfCode", label: "코드", sortable: true },
      { key: "tfName", label: "단계별 성취", sortable: true },
      { key: "content", label: "내용", wrap: true, width: 300 },
      { key: "fcName", label: "졸업역량", sortable: true },
      { key: "phaseCode", label: "관련 단계", sortable: true },
    ],
    rowKey: "seq",
    evaluation: true,
  },
  {
    id: "E03",
    path: "/insert/lms/end-exam",
    title: "과정종료시험",
    breadcrumb: [...INPUT, "학생평가"],
    source: "lms",
    sync: { path: "/api/lms/getCurrEndExam.do" },
    data: { path: "/api/lms/getCurrEndExamList.do" },
    // spec 002 §7: assessmentMethods 04 is the end-of-course exam
    excel: { path: "/api/lms/getEndExamExcelDown.do", method: "GET", body: { assessmentMethods: "04" }, fileName: "과정종료시험" },
    filters: [{ kind: "years" }],
    search: "학번, 이름, 과정명",
    columns: EXAM_COLUMNS,
    rowKey: "seq",
    evaluation: true,
  },
  ...([1, 2] as const).map(
    (ceType): ReportDef => ({
      id: ceType === 1 ? "E08" : "E09",
      path: `/insert/ufolio/comprehensive/${ceType}`,
      title: ceType === 1 ? "기초·임상의학 종합평가 결과" : "기초의학 종합평가",
      breadcrumb: [...INPUT, "종합평가"],
      source: "ufolio",
      sync: { path: "/api/ufolio/getBasicmdEvalList.do", body: { ceType } },
      data: { path: "/api/ufolio/getBasicmdEvalData.do", body: { ceType } },
      excel: { path: "/api/ufolio/BasicmdEvalListExcelDown.do", method: "POST", body: { ceType }, fileName: ceType === 1 ? "기초임상의학_종합평가_결과" : "기초의학_종합평가" },
      filters: [{ kind: "year" }],
      search: "학번, 이름, 영역",
      columns: [
        { key: "year", label: "년도", sortable: true },
        { key: "name", label: "이름", sortable: true },
        { key: "id", label: "학번", sortable: true },
        { key: "ceName", label: "평가명" },
        { key: "ceNum", label: "회차", format: "int", sortable: true },
        { key: "cesName", label: "영역", sortable: true },
        { key: "maxScore", label: "만점", format: "int" },
        { key: "score", label: "점수", format: "int", sortable: true },
        { key: "cvtScore", label: "환산점수", format: "dec2", sortable: true },
        { key: "ranks", label: "석차", format: "int", sortable: true },
      ],
      rowKey: "seq",
      evaluation: true,
    }),
  ),
  {
    id: "E11",
    path: "/insert/ufolio/osce-cpx",
    title: "CPX/OSCE 임상수행능력 평가",
    breadcrumb: [...INPUT, "종합평가"],
    source: "ufolio",
    sync: { path: "/api/ufolio/getOsceCpxList.do" },
    data: { path: "/api/ufolio/getOsceCpxData.do" },
    excel: { path: "/api/ufolio/osceCpxExcelDown.do", method: "POST", fileName: "CPX_OSCE_임상수행능력_평가" },
    // spec 002 §9: CPX/OSCE types CPX and OSCE
    filters: [{ kind: "select", name: "examType", label: "시험 구분", param: "examType", list: "", options: [{ id: "CPX", text: "CPX" }, { id: "OSCE", text: "OSCE" }] }],
    search: "학번, 이름, 평가항목",
    columns: [
      { key: "examDate", label: "시험일", sortable: true },
      { key: "examName", label: "시험명", sortable: true },
      { key: "examType", label: "구분", sortable: true },
      { key: "id", label: "학번", sortable: true },
      { key: "name", label: "이름", sortable: true },
      { key: "examItem", label: "평가항목", sortable: true },
      { key: "score", label: "점수", format: "dec1", sortable: true },
      { key: "pf", label: "통과여부", sortable: true },
    ],
    rowKey: "seq",
    evaluation: true,
  },
  {
    id: "E13",
    path: "/insert/ufolio/peer-eval",
    title: "동료평가",
    breadcrumb: [...INPUT, "포트폴리오"],
    source: "ufolio",
    sync: { path: "/api/ufolio/getClgEvalList.do" },
    data: { path: "/api/ufolio/getClgEvalData.do" },
    excel: { path: "/api/ufolio/clgEvalExcelDown.do", method: "POST", fileName: "동료평가" },
    filters: [{ kind: "years" }, { kind: "select", name: "currSeq", label: "과정", param: "currSeq", list: "currList" }],
    search: "학번, 이름, 진료과, 평가항목",
    numbered: true,
    columns: [
      { key: "year", label: "년도", sortable: true },
      { key: "currName", label: "과정", sortable: true },
      { key: "id", label: "학번", sortable: true },
      { key: "name", label: "이름", sortable: true },
      { key: "dtName", label: "진료과", sortable: true },
      { key: "docName", label: "평가항목", sortable: true },
      { key: "score", label: "점수", format: "dec1", sortable: true },
    ],
    rowKey: "seq",
    evaluation: true,
  },
  {
    id: "E15",
    path: "/insert/ufolio/doctor-scientist",
    title: "의사과학자 기초과정 현황",
    breadcrumb: [...INPUT, "포트폴리오"],
    source: "ufolio",
    sync: { path: "/api/ufolio/getDoctorBscrsList.do" },
    data: { path: "/api/ufolio/getDoctorBscrsData.do" },
    excel: { path: "/api/ufolio/doctorBscrsListExcelDown.do", method: "POST", fileName: "의사과학자_기초과정_현황" },
    filters: [{ kind: "year" }],
    search: "이름, 학번, 연구주제",
    columns: [
      { key: "year", label: "년도", sortable: true },
      { key: "grade", label: "학년" },
      { key: "name", label: "이름", sortable: true },
      { key: "id", label: "학번", sortable: true },
      { key: "title", label: "연구주제", wrap: true, width: 220 },
      { key: "planCnt", label: "연구계획서", format: "int", sortable: true },
      { key: "noteCnt", label: "연구노트", format: "int", sortable: true },
      { key: "weekCnt", label: "주간보고서", format: "int", sortable: true },
      { key: "amgCnt", label: "연구활동", format: "int", sortable: true },
      { key: "finalCnt", label: "리뷰/논문", format: "int", sortable: true },
      { key: "finalrefCnt", label: "최종 성찰", format: "int", sortable: true },
      { key: "pfYn", label: "지도교수 총평", sortable: true },
      { key: "lastSyncTime", label: "최종수정일", format: "datetime" },
    ],
    rowKey: "seq",
    evaluation: true,
  },
  {
    id: "E19",
    path: "/eval/monitor/end-survey",
    title: "과정종료 학생 만족도 조사 결과",
    breadcrumb: MONITOR,
    source: "lms",
    sync: { path: "/api/lms/getCurrEndSurveyResult.do" },
    data: { path: "/api/lms/getCurrEndSurveyResultList.do" },
    excel: { path: "/api/lms/getCurrEndSrvyRsltExcelDown.do", method: "POST", fileName: "과정종료_학생_만족도_조사_결과" },
    filters: [
      { kind: "year" },
      { kind: "select", name: "grdSeq", label: "학년", param: "grdSeq", list: "grdList", from: { path: "/api/lms/getCurrEndSrvyRsltSelectList.do" } },
      { kind: "select", name: "currSeq", label: "과정", param: "currSeq", list: "currList", from: { path: "/api/lms/getCurrEndSrvyRsltSelectList.do" } },
    ],
    search: "이름, 학번",
    columns: [
      { key: "year", label: "년도", sortable: true },
      { key: "grade", label: "학년", sortable: true },
      { key: "currName", label: "과정", sortable: true },
      { key: "name", label: "이름", sortable: true },
      { key: "id", label: "학번", sortable: true },
      ...Array.from({ length: SURVEY_QUESTIONS }, (_, i): ReportColumn => ({ key: `num${i + 1}`, label: `문항${i + 1}`, format: "int" })),
      { key: "avgScore", label: "평균", format: "dec2", sortable: true },
    ],
    mapRow: splitScores,
    rowKey: "seq",
    evaluation: true,
  },
  {
    id: "E22",
    path: "/eval/monitor/completion",
    title: "교육활동 이수율",
    breadcrumb: MONITOR,
    source: "ufolio",
    sync: { path: "/api/ufolio/getEduactCmplList.do" },
    data: { path: "/api/ufolio/getEduactCmplData.do" },
    excel: { path: "/api/ufolio/eduactCmplExcelDown.do", method: "POST", fileName: "교육활동_이수율" },
    filters: [{ kind: "year" }],
    search: "시험명, 계통",
    numbered: true,
    columns: [
      { key: "year", label: "년도", sortable: true },
      { key: "examDate", label: "시험일", sortable: true },
      { key: "evName", label: "시험명", sortable: true },
      { key: "evNum", label: "회차", format: "int", sortable: true },
      { key: "sysName", label: "계통", sortable: true },
      { key: "stCnt", label: "이수 인원", format: "int", sortable: true },
      { key: "lastSyncTime", label: "최종수정일", format: "datetime" },
    ],
    rowKey: "seq",
    evaluation: true,
  },
  {
    id: "E24",
    path: "/eval/monitor/interview",
    title: "졸업생 학생 면담",
    breadcrumb: MONITOR,
    source: "ufolio",
    sync: { path: "/api/ufolio/getStInterviewList.do" },
    data: { path: "/api/ufolio/getStInterviewData.do" },
    excel: { path: "/api/ufolio/stInterviewExcelDown.do", method: "POST", fileName: "졸업생_학생_면담" },
    filters: [],
    search: "이름, 학번, 상담교수",
    columns: [
      { key: "grade", label: "학년" },
      { key: "name", label: "학생", sortable: true },
      { key: "id", label: "학번", sortable: true },
      { key: "pfName", label: "상담교수", sortable: true },
      { key: "scDate", label: "상담일", sortable: true },
      { key: "scType", label: "상담유형", sortable: true },
      { key: "afterType", label: "졸업 후 진로", sortable: true },
      { key: "attentionFlag", label: "관심학생", sortable: true },
      { key: "fuResult", label: "후속조치 결과", wrap: true, width: 180 },
      { key: "lastSyncTime", label: "최종수정일", format: "datetime" },
    ],
    rowKey: "seq",
    evaluation: true,
  },
  // ---- issue 13: reports with shapes of their own -------------------------------------------
  {
    id: "R18",
    path: "/insert/ufolio/counseling",
    title: "학생 상담 차트",
    breadcrumb: [...INPUT, "포트폴리오"],
    source: "ufolio",
    sync: { path: "/api/ufolio/getCounselingList.do" },
    data: { path: "/api/ufolio/getCounselingData.do" },
    excel: { path: "/api/ufolio/getCounselingDataExcelDown.do", method: "POST", fileName: "학생_상담_차트" },
    // spec 001 §9: the counselling year list starts at 2020, its default is the previous year; the
    // reply covers the years up to the chosen one (a chart per year)
    filters: [{ kind: "year", first: 2020, previous: true }],
    search: null,
    columns: [
      { key: "year", label: "년도" },
      ...COUNSELING_TYPES.map((t): ReportColumn => ({ key: t.key, label: t.label, format: "int" })),
      { key: "stCnt", label: "상담 학생 수", format: "int" },
    ],
    rowKey: "year",
    evaluation: true,
    fromReply: counselingRows,
    whole: true,
    chart: { title: "연도별 상담 유형별 건수", x: "year", xUnit: "년", series: COUNSELING_TYPES },
  },
  {
    id: "R19",
    path: "/insert/ufolio/pf-guidance",
    title: "지도교수 상담 통계",
    breadcrumb: [...INPUT, "포트폴리오"],
    source: "ufolio",
    sync: { path: "/api/ufolio/getPfGdnList.do" },
    data: { path: "/api/ufolio/getPfGdnData.do" },
    excel: { path: "/api/ufolio/getPfGdnExcelDown.do", method: "POST", fileName: "지도교수_상담_통계" },
    // the years up to the chosen one, a row a year in each of the three tables
    filters: [{ kind: "year" }],
    search: null,
    columns: [
      { key: "year", label: "년도" },
      ...GUIDANCE_TYPES.map((label, i): ReportColumn => ({ key: `type${i + 1}`, label, format: "int" })),
      { key: "totalCnt", label: "합계", format: "int" },
    ],
    rowKey: "seq",
    evaluation: true,
    whole: true,
    sections: { field: "se", tables: GUIDANCE_KINDS },
  },
  {
    id: "E10",
    path: "/insert/ufolio/comprehensive/3",
    title: "의사국가시험 합격률",
    breadcrumb: [...INPUT, "종합평가"],
    source: "ufolio",
    // spec 002 §7, §9: the comprehensive evaluation calls with ceType 3 (national exam); its data reply also has cardList
    sync: { path: "/api/ufolio/getBasicmdEvalList.do", body: { ceType: 3 } },
    data: { path: "/api/ufolio/getBasicmdEvalData.do", body: { ceType: 3 } },
    excel: { path: "/api/ufolio/BasicmdEvalListExcelDown.do", method: "POST", body: { ceType: 3 }, fileName: "의사국가시험_합격률" },
    filters: [{ kind: "year" }],
    search: "학번, 이름",
    columns: [
      { key: "year", label: "년도", sortable: true },
      { key: "grade", label: "학년" },
      { key: "name", label: "이름", sortable: true },
      { key: "id", label: "학번", sortable: true },
      { key: "score", label: "점수", format: "int", sortable: true },
      // issue 35 §7: the wire's Y/N reads 합격 / 불합격
      { key: "passYn", label: "합격여부", format: "passYn", sortable: true },
    ],
    rowKey: "seq",
    evaluation: true,
    // spec 002 §3 "Card: year, allCnt, pCnt, avgPass"; §9 totals with two decimals
    cards: {
      list: "cardList",
      heading: "연도별 합격률",
      title: (c) => `${c.year}년`,
      items: [
        { key: "allCnt", label: "전체", format: "int", unit: "명" },
        { key: "pCnt", label: "합격", format: "int", unit: "명" },
        { key: "avgPass", label: "평균 합격률", format: "dec2", unit: "%" },
      ],
    },
  },
  {
    id: "E14",
    path: "/insert/ufolio/reflection-journal",
    title: "포트폴리오 성찰일지",
    breadcrumb: [...INPUT, "포트폴리오"],
    source: "ufolio",
    sync: { path: "/api/ufolio/getSelfrflJrnList.do" },
    data: { path: "/api/ufolio/getSelfrflJrnData.do" },
    // spec 002 §7: selfrflJrnExcelDown.do {list1, list2, list3 (column sums)}: both tables and the sums
    excel: { path: "/api/ufolio/selfrflJrnExcelDown.do", method: "POST", fileName: "포트폴리오_성찰일지" },
    filters: [{ kind: "year" }, { kind: "select", name: "grdSeq", label: "학년", param: "grdSeq", list: "grdList" }],
    search: "이름, 학번",
    columns: [
      { key: "year", label: "년도", sortable: true },
      { key: "grade", label: "학년", sortable: true },
      { key: "name", label: "이름", sortable: true },
      { key: "id", label: "학번", sortable: true },
      ...FC_COLUMNS,
      { key: "totalCnt", label: "합계", format: "int", sortable: true },
    ],
    rowKey: "seq",
    evaluation: true,
    summary: {
      list: "sumList",
      title: "년도·학년별 요약",
      columns: [
        { key: "year", label: "년도" },
        { key: "grade", label: "학년" },
        { key: "stCnt", label: "학생 수", format: "int" },
        ...FC_COLUMNS.map((c) => ({ ...c, sortable: false })),
        { key: "totalCnt", label: "합계", format: "int" },
      ],
      rowKey: (r) => `${r.year}-${r.grade}`,
      sums: { label: "합계", keys: ["stCnt", ...FC_KEYS, "totalCnt"] },
    },
  },
  // ---- issue 13, part 2: grouped headers, tabs, multi-key sort, two tables (branch tabs) -----
  {
    id: "E05",
    path: "/insert/eval/reflection-summary",
    title: "임상실습 포트폴리오 성찰 요약",
    breadcrumb: [...INPUT, "학생평가"],
    source: "ufolio",
    // spec 002 gives no calls for this screen (its rows' key vaSeq is the volunteer record's, whose
    // calls serve the volunteer list): ours, named as the e-portfolio's
    sync: { path: "/api/ufolio/getRflcSmryList.do" },
    data: { path: "/api/ufolio/getRflcSmryData.do" },
    excel: { path: "/api/ufolio/rflcSmryExcelDown.do", method: "POST", fileName: "임상실습_포트폴리오_성찰_요약" },
    filters: [{ kind: "year" }],
    search: "이름, 학번, 항목",
    columns: [
      { key: "year", label: "년도", sortable: true },
      { key: "grade", label: "학년", sortable: true },
      { key: "name", label: "이름", sortable: true },
      { key: "id", label: "학번", sortable: true },
      { key: "item", label: "항목", sortable: true },
      ...competencyColumns(SUMMARY_COUNT_KEYS, "int"),
      { key: "totalCnt", label: "합계", format: "int", sortable: true },
      { key: "lastSyncTime", label: "최종수정일", format: "datetime", sortable: true },
    ],
    groups: [{ label: "졸업역량별 제출 건수", keys: SUMMARY_COUNT_KEYS }],
    rowKey: "vaSeq",
    evaluation: true,
    loadData: true,
  },
  {
    id: "E12",
    path: "/insert/ufolio/grdt-self-eval",
    title: "시기별 졸업성과 포트폴리오 평가",
    breadcrumb: [...INPUT, "포트폴리오"],
    source: "ufolio",
    // spec 002 §7: getGrdtSelfEvalList.do {menuSeq}; getGrdtSelfEvalData.do {searchTxt, year, tabNum} → tab1List, tab2List
    sync: { path: "/api/ufolio/getGrdtSelfEvalList.do" },
    data: { path: "/api/ufolio/getGrdtSelfEvalData.do" },
    excel: { path: "/api/ufolio/grdtSelfEvalExcelDown.do", method: "POST", fileName: "시기별_졸업성과_포트폴리오_평가" },
    filters: [{ kind: "years" }],
    search: null,
    columns: [],
    rowKey: "key",
    evaluation: true,
    multiSort: true,
    tabs: [
      {
        id: "1",
        label: "시기별 성과",
        list: "tab1List",
        body: { tabNum: 1 },
        columns: [
          { key: "year", label: "년도", sortable: true },
          { key: "grade", label: "학년", sortable: true },
          { key: "period", label: "시기", sortable: true },
          { key: "stCnt", label: "학생 수", format: "int", sortable: true },
          ...competencyColumns(AVG_KEYS, "dec2"),
        ],
        groups: [{ label: "졸업역량 평균 (5점 척도)", keys: AVG_KEYS }],
        rowKey: "key",
        // spec 002 §2 screen 12: each tab its own filter with year and text search (issue 35 §7)
        search: "년도, 학년, 시기",
        // evaluation mode: the configured columns that are this tab's, as the other tab (issue 35 §7)
      },
      {
        id: "2",
        label: "학생별",
        list: "tab2List",
        body: { tabNum: 2 },
        columns: [
          { key: "year", label: "년도", sortable: true },
          { key: "grade", label: "학년", sortable: true },
          { key: "name", label: "이름", sortable: true },
          { key: "id", label: "학번", sortable: true },
          ...[1, 2, 3].flatMap((p) => competencyColumns(periodScoreKeys(p), "int")),
          { key: "lastSyncTime", label: "최종수정일", format: "datetime" },
        ],
        groups: periodGroups(periodScoreKeys),
        rowKey: "seq",
        search: "이름, 학번",
        // spec 002 §1, §9: the by-student tab pages 10 by default
        defaultSize: 10,
      },
    ],
  },
  {
    id: "E23",
    path: "/eval/monitor/competency-self-eval",
    title: "졸업역량 자기평가",
    breadcrumb: MONITOR,
    source: "ufolio",
    // spec 002 §7: getGrcmSelfEvalList.do {menuSeq}; getGrcmSelfEvalData.do {searchTxt, year, num} → list1, list2
    sync: { path: "/api/ufolio/getGrcmSelfEvalList.do" },
    data: { path: "/api/ufolio/getGrcmSelfEvalData.do" },
    excel: { path: "/api/ufolio/grcmSelfEvalExcelDown.do", method: "POST", fileName: "졸업역량_자기평가" },
    filters: [{ kind: "years" }],
    search: "이름, 학번",
    list: "list2",
    columns: [
      { key: "year", label: "년도", sortable: true },
      { key: "grade", label: "학년", sortable: true },
      { key: "name", label: "이름", sortable: true },
      { key: "id", label: "학번", sortable: true },
      ...[1, 2, 3].flatMap((p) => competencyColumns(competencyScoreKeys(p), "int")),
    ],
    groups: periodGroups(competencyScoreKeys),
    rowKey: "seq",
    evaluation: true,
    multiSort: true,
    // spec 002 §2 screen 23, §9: paging default 10
    defaultSize: 10,
    summary: {
      list: "list1",
      title: "년도·학년별 시기별 평균",
      above: true,
      columns: [
        { key: "year", label: "년도" },
        { key: "grade", label: "학년" },
        { key: "stCnt", label: "학생 수", format: "int" },
        ...[1, 2, 3].flatMap((p) => competencyColumns(competencyScoreKeys(p), "dec2")),
      ],
      groups: periodGroups(competencyScoreKeys),
      rowKey: (r) => `${r.year}-${r.grade}`,
    },
  },
  // ---- issue 13: reports with a detail dialog per row (ReportDetail; the helpers at the end of this file)
  {
    id: "R20",
    path: "/insert/lms/curr-eval",
    title: "통합교육과정 학습평가 방법",
    breadcrumb: [...INPUT, "학생평가"],
    source: "lms",
    // spec 001 §7: getCurrEval.do (sync); getCurrEvalList.do {searchTxt, year}; getCurrEvalListExcelDown.do
    sync: { path: "/api/lms/getCurrEval.do" },
    data: { path: "/api/lms/getCurrEvalList.do" },
    excel: { path: "/api/lms/getCurrEvalListExcelDown.do", method: "POST", fileName: "통합교육과정_학습평가_방법" },
    filters: [{ kind: "year" }],
    search: "과정명, 재교육 방법, 미이수 기준",
    columns: [
      { key: "year", label: "년도", sortable: true },
      { key: "grade", label: "학년", sortable: true },
      { key: "smst", label: "학기", sortable: true },
      { key: "currName", label: "과정명" },
      { key: "currEvalType", label: "평가 구분" },
      { key: "evalTypeText", label: "평가방법(영역) 비중", wrap: true, width: 220 },
      { key: "reeducationMethod", label: "재교육 방법", wrap: true, width: 220 },
      { key: "nonPassCriteria", label: "미이수 기준", wrap: true, width: 200 },
      { key: "untactEvalPlan", label: "비대면 평가 계획", wrap: true, width: 200 },
    ],
    rowKey: "seq",
    evaluation: true,
    mapRow: curriculumRow,
    // spec 001 §2: a text of 100 characters or more goes to a detail dialog
    detail: { who: (r) => `${r.year}년 ${r.currName}`, longText: 100 },
  },
  {
    id: "E07",
    path: "/insert/ufolio/final-report",
    title: "임상실습 교과목 평가방법",
    breadcrumb: [...INPUT, "포트폴리오"],
    source: "ufolio",
    // spec 002 §7: getFinalReportList.do {menuSeq}; getFinalReportData.do {searchTxt, year, currSeq} → list, currList (the Excel call: ours)
    sync: { path: "/api/ufolio/getFinalReportList.do" },
    data: { path: "/api/ufolio/getFinalReportData.do" },
    excel: { path: "/api/ufolio/finalReportExcelDown.do", method: "POST", fileName: "임상실습_교과목_평가방법" },
    filters: [{ kind: "year" }, { kind: "select", name: "currSeq", label: "구분", param: "currSeq", list: "currList" }],
    search: "진료과, 평가 항목",
    numbered: true,
    columns: [
      { key: "year", label: "년도", sortable: true },
      { key: "currType", label: "구분", sortable: true },
      { key: "dtName", label: "진료과", sortable: true },
      { key: "itemCnt", label: "평가 항목 수", format: "int" },
      { key: "finalEvalName", label: "최종 평가" },
      { key: "passScore", label: "통과 점수", format: "int" },
      { key: "totalScore", label: "총점", format: "int" },
      { key: "lastSyncTime", label: "최종수정일", format: "datetime" },
    ],
    rowKey: "seq",
    evaluation: true,
    mapRow: finalReportRow,
    // spec 002 §4: the preview is built from the row's own data
    detail: { link: "미리보기", who: (r) => `${r.year}년 ${r.currType} ${r.dtName}` },
  },
  {
    id: "E20",
    path: "/eval/monitor/oper-satisfaction",
    title: "핵심과목 임상실습 운영 만족도 결과",
    breadcrumb: MONITOR,
    source: "ufolio",
    // spec 002 §7: 'Operation survey (satisfaction, screen 20) calls: not shown': ours, named as the rotation survey's
    sync: { path: "/api/ufolio/getOperSatisfactionList.do" },
    data: { path: "/api/ufolio/getOperSatisfactionData.do" },
    excel: { path: "/api/ufolio/operSatisfactionExcelDown.do", method: "POST", fileName: "핵심과목_임상실습_운영_만족도_결과" },
    filters: [{ kind: "year" }, { kind: "select", name: "dtSeq", label: "진료과", param: "dtSeq", list: "dtList" }],
    search: "진료과, 문항",
    columns: [
      { key: "year", label: "년도", sortable: true },
      { key: "dtName", label: "진료과", sortable: true },
      { key: "stCnt", label: "참여 인원", format: "int", sortable: true },
      { key: "avgScore", label: "평균(5점 만점)", format: "dec2", sortable: true },
      { key: "stdDev", label: "표준편차", format: "dec2", sortable: true },
    ],
    rowKey: "seq",
    evaluation: true,
    detail: { link: "상세", who: (r) => `${r.year}년 ${r.dtName}` },
  },
  {
    id: "E21",
    path: "/eval/monitor/oper-survey",
    title: "임상실습 순환 만족도 조사",
    breadcrumb: MONITOR,
    source: "ufolio",
    // spec 002 §7: getOperSurveyList.do {menuSeq}; getOperSurveyData.do {searchTxt, year, dtSeq} → list, dtList; operSurveyExcelDown.do {list}
    sync: { path: "/api/ufolio/getOperSurveyList.do" },
    data: { path: "/api/ufolio/getOperSurveyData.do" },
    excel: { path: "/api/ufolio/operSurveyExcelDown.do", method: "POST", fileName: "임상실습_순환_만족도_조사" },
    filters: [{ kind: "years" }, { kind: "select", name: "dtSeq", label: "진료과", param: "dtSeq", list: "dtList" }],
    search: "진료과",
    columns: [
      { key: "year", label: "년도", sortable: true },
      { key: "dtName", label: "진료과", sortable: true },
      { key: "stCnt", label: "응답 인원", format: "int", sortable: true },
      { key: "avgScore", label: "전체 평균(5점 만점)", format: "dec2", sortable: true },
    ],
    rowKey: "seq",
    evaluation: true,
    detail: { link: "상세", who: (r) => `${r.year}년 ${r.dtName}` },
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

/** A year filter's choices (newest first) and its default (this year, or the previous one). */
export function yearChoices(f: Extract<ReportFilter, { kind: "year" }> | undefined, thisYear: number): { years: number[]; fallback: number } {
  const first = f?.first ?? 2025;
  const last = Math.max(thisYear, first);
  const years = Array.from({ length: last - first + 1 }, (_, i) => last - i);
  const fallback = f?.previous && thisYear - 1 >= first ? thisYear - 1 : years[0];
  return { years, fallback };
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

/** how much of a long text its cell shows */
export const SHORT_TEXT = 40;
/** A text's length in characters (code points: a Hangul syllable is one). */
export const textLength = (text: string) => [...text].length;
export const shortened = (text: string) => `${[...text].slice(0, SHORT_TEXT).join("")}…`;

/** A JSON field of a wire row: the value, or its JSON text parsed (a legacy server may send either); else null. */
export function jsonField(v: unknown): unknown {
  if (typeof v !== "string") return v ?? null;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}
/** A JSON field's list of objects (anything else: none). */
export const objectsOf = (v: unknown): Row[] => {
  const x = jsonField(v);
  return Array.isArray(x) ? (x.filter((o) => o && typeof o === "object") as Row[]) : [];
};
const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

// ---- R20 integrated-curriculum learning evaluation methods (spec 001 §3 "Curriculum evaluation row")

/** The evaluation methods as one text: '필기시험(지식) 60%, 실습평가(술기) 20%'. */
export function curriculumRow(row: Row): Row {
  const methods = objectsOf(row.evalType).map((m) => `${text(m.evalMethodName)}(${text(m.evalDomainName)}) ${text(m.importance)}%`);
  return { ...row, evalTypeText: methods.join(", ") };
}

// ---- E07 clinical practice course evaluation method (spec 002 §3 "Final report row")

/** The final evaluation types' names (spec 002 §4: 1 absolute (elective), 2 absolute (required), 3 relative); details.server.ts says them in words. */
export const FINAL_EVAL_NAMES: Readonly<Record<string, string>> = { "1": "절대평가(선택)", "2": "절대평가(필수)", "3": "상대평가" };

/** The table's own columns of a final-report row: its items counted, its final evaluation named, its pass score and total. */
export function finalReportRow(row: Row): Row {
  const final = (jsonField(row.finalEval) ?? {}) as Row;
  return {
    ...row,
    itemCnt: objectsOf(row.menuList).length + objectsOf(row.freeList).length,
    finalEvalName: FINAL_EVAL_NAMES[String(final.eval_type)] ?? "",
    passScore: final.pass_score ?? null,
    totalScore: final.totalScore ?? null,
  };
}
