/**
 * The synced reports of the embedded backend (spec 000 §7 "Synced reports", spec 002 §7; issue 12),
 * as data: per report its outside system, its sync call, its data call with the filters that call
 * takes, the searchable fields and its Excel download. handlers/reports.server.ts turns every entry
 * into `.do` routes; reports/sync.server.ts pulls its rows from the report's source.
 *
 * Adding a report is an entry here plus its rows in reports/demo-source.server.ts (and, on the web
 * side, its definition in app/reports/definitions.ts).
 */

export type SourceName = "ufolio" | "lms";

/** A filter of a data call: the body's `param` narrows the rows on `field`. */
export type DataFilter =
  /** `year`: one year, or a list of years (a multi-select; '' or [] means every year) */
  | { kind: "year"; param: string }
  /** a row field equal to the value ('' means any) */
  | { kind: "eq"; param: string; field: string };

export interface ExcelSpec {
  path: string;
  method: "GET" | "POST";
  /** the file name (without .xlsx); the year is added when the download has one */
  fileName: string;
  /** the sheet's columns: [row field, header] */
  columns: readonly (readonly [string, string])[];
}

export interface CatalogReport {
  /** the report's key in the tables */
  key: string;
  source: SourceName;
  /** its name (history, logs, the workbook's sheet) */
  label: string;
  /** the sync call and the body fields that single this report out (ceType of the comprehensive evaluations) */
  sync: { path: string; match?: Record<string, number> };
  data: { path: string; match?: Record<string, number> };
  excel?: ExcelSpec & { match?: Record<string, number> };
  /** rows carry a year (field `year`) */
  yearly: boolean;
  filters: readonly DataFilter[];
  /** fields `searchTxt` looks in */
  search: readonly string[];
  /** row fields whose distinct values a data reply lists (e.g. currList for a course select) */
  lists?: readonly { name: string; id: string; text: string }[];
}

const EXAM_COLUMNS = [
  ["year", "년도"],
  ["grade", "학년"],
  ["currName", "과정명"],
  ["evalAreaName", "평가영역"],
  ["evalTypeName", "평가유형"],
  ["srcName", "출처"],
  ["id", "학번"],
  ["name", "이름"],
  ["score", "점수"],
  ["maxScore", "만점"],
  ["memo", "메모"],
  ["regDt", "등록일"],
] as const;

export const CATALOG: readonly CatalogReport[] = [
  {
    key: "grcm",
    source: "ufolio",
    label: "졸업역량체계 보고서",
    sync: { path: "/api/ufolio/getGrcmList.do" },
    data: { path: "/api/ufolio/getGrcmData.do" },
    excel: {
      path: "/api/ufolio/grcmExcelDown.do",
      method: "POST",
      fileName: "졸업역량체계_보고서",
      columns: [["fcCode", "코드"], ["fcName", "역량"], ["content", "내용"], ["fcGoal", "졸업목표"], ["regDt", "등록일"], ["uptDt", "최종수정일"]],
    },
    yearly: false,
    filters: [],
    search: ["fcCode", "fcName", "content", "fcGoal"],
  },
  {
    key: "weekendExam",
    source: "lms",
    label: "주말시험",
    sync: { path: "/api/lms/getWeekEndExam.do" },
    data: { path: "/api/lms/getWeekenExamList.do" },
    // spec 002 §7: one GET download for both exams, assessmentMethods 03 weekend, 04 end of course
    excel: { path: "/api/lms/getEndExamExcelDown.do", method: "GET", fileName: "주말시험", columns: EXAM_COLUMNS, match: { assessmentMethods: 3 } },
    yearly: true,
    filters: [{ kind: "year", param: "year" }],
    search: ["id", "name", "currName"],
  },
];

export function reportByKey(key: string): CatalogReport | undefined {
  return CATALOG.find((r) => r.key === key);
}

/** Whether a body's fields single out this report among those sharing a path (ceType…). */
export function matches(match: Record<string, number> | undefined, body: Record<string, unknown>): boolean {
  return !match || Object.entries(match).every(([k, v]) => Number(body[k]) === v);
}
