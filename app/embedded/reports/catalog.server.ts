/**
 * The synced reports of the embedded backend (spec 000 §7 "Synced reports", spec 002 §7; issue 12),
 * as data: per report its outside system, the web tier's definition whose calls it answers (by id:
 * its sync, data and Excel calls, app/calls/reports.ts, and the fields that single it out among the
 * reports sharing a call), the filters its data call takes, the searchable fields and its workbook.
 * handlers/reports.server.ts turns every entry into `.do` routes; reports/sync.server.ts pulls its
 * rows from the report's source.
 *
 * Adding a report is its calls in app/calls/reports.ts, its definition in app/reports/definitions.ts,
 * an entry here naming it, and its rows in reports/demo-source.server.ts.
 */

import { competencyScoreKeys, COUNSELING_TYPES, curriculumRow, FC_KEYS, finalReportRow, GRADUATION_COMPETENCIES, GUIDANCE_TYPES, JOURNAL_COMPETENCIES, jsonField, periodScoreKeys, REPORTS, splitScores, SUMMARY_COUNT_KEYS, type ReportDef } from "../../reports/definitions";
import { OPER_SATISFACTION_SECTIONS, ROTATION_ITEMS } from "../../reports/details.server";
import { periodLabel, SHAPES, type ReportShape } from "./shapes.server";

export type SourceName = "ufolio" | "lms";

/** A filter of a data call: the body's `param` narrows the rows on `field`. */
export type DataFilter =
  /** `year`: one year, or a list of years (a multi-select; '' or [] means every year) */
  | { kind: "year"; param: string }
  /** a row field equal to the value ('' means any) */
  | { kind: "eq"; param: string; field: string }
  /** `year`: the years up to this one (a statistics report a row a year: R18, R19); '' means every year */
  | { kind: "upTo"; param: string };

export interface ExcelSpec {
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
  /**
   * the web tier's report (ReportDef.id, app/reports/definitions.ts) this entry answers: its sync,
   * data and Excel calls, with the fields that single it out (ceType, assessmentMethods)
   */
  id: string;
  /** the workbook of its Excel call */
  excel?: ExcelSpec;
  /** rows carry a year (field `year`) */
  yearly: boolean;
  filters: readonly DataFilter[];
  /** fields `searchTxt` looks in */
  search: readonly string[];
  /** row fields whose distinct values a data reply lists (e.g. currList for a course select) */
  lists?: readonly { name: string; id: string; text: string }[];
  /** a row as the workbook shows it (E19: the 27 answers split from the comma string) */
  excelRow?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** a reply or workbook that is more than the flat list (issue 13: reports/shapes.server.ts) */
  shape?: ReportShape;
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
    id: "P08",
    source: "ufolio",
    label: "졸업역량체계 보고서",
    excel: {
      fileName: "졸업역량체계_보고서",
      columns: [["fcCode", "코드"], ["fcName", "역량"], ["content", "내용"], ["fcGoal", "졸업목표"], ["regDt", "등록일"], ["uptDt", "최종수정일"]],
    },
    yearly: false,
    filters: [],
    search: ["fcCode", "fcName", "content", "fcGoal"],
  },
  {
    key: "weekendExam",
    id: "E02",
    source: "lms",
    label: "주말시험",
    // spec 002 §7: one GET download for both exams, assessmentMethods 03 weekend, 04 end of course
    excel: { fileName: "주말시험", columns: EXAM_COLUMNS },
    yearly: true,
    filters: [{ kind: "year", param: "year" }],
    search: ["id", "name", "currName"],
  },
  {
    key: "tmbs",
    id: "P09",
    source: "ufolio",
    label: "단계별 포트폴리오 양식",
    excel: {
      fileName: "단계별_포트폴리오_양식",
      columns: [["tfCode", "코드"], ["tfName", "단계별 성취"], ["content", "내용"], ["fcName", "졸업역량"], ["phaseCode", "관련 단계"]],
    },
    yearly: false,
    filters: [],
    search: ["tfCode", "tfName", "content", "fcName", "phaseCode"],
  },
  {
    key: "endExam",
    id: "E03",
    source: "lms",
    label: "과정종료시험",
    excel: { fileName: "과정종료시험", columns: EXAM_COLUMNS },
    yearly: true,
    filters: [{ kind: "year", param: "year" }],
    search: ["id", "name", "currName"],
  },
  ...([1, 2] as const).map(
    (ceType): CatalogReport => ({
      key: `comprehensive${ceType}`,
      id: ceType === 1 ? "E08" : "E09",
      source: "ufolio",
      label: ceType === 1 ? "기초·임상의학 종합평가 결과" : "기초의학 종합평가",
      excel: {
        fileName: ceType === 1 ? "기초임상의학_종합평가_결과" : "기초의학_종합평가",
        columns: [["year", "년도"], ["name", "이름"], ["id", "학번"], ["ceName", "평가명"], ["ceNum", "회차"], ["cesName", "영역"], ["maxScore", "만점"], ["score", "점수"], ["cvtScore", "환산점수"], ["ranks", "석차"]],
      },
      yearly: true,
      filters: [{ kind: "year", param: "year" }],
      search: ["id", "name", "cesName"],
    }),
  ),
  {
    key: "osceCpx",
    id: "E11",
    source: "ufolio",
    label: "CPX/OSCE 임상수행능력 평가",
    excel: {
      fileName: "CPX_OSCE_임상수행능력_평가",
      columns: [["examDate", "시험일"], ["examName", "시험명"], ["examType", "구분"], ["id", "학번"], ["name", "이름"], ["examItem", "평가항목"], ["score", "점수"], ["pf", "통과여부"]],
    },
    yearly: true,
    filters: [{ kind: "eq", param: "examType", field: "examType" }],
    search: ["id", "name", "examItem", "examName"],
  },
  {
    key: "peerEval",
    id: "E13",
    source: "ufolio",
    label: "동료평가",
    excel: {
      fileName: "동료평가",
      columns: [["year", "년도"], ["currName", "과정"], ["id", "학번"], ["name", "이름"], ["dtName", "진료과"], ["docName", "평가항목"], ["score", "점수"]],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }, { kind: "eq", param: "currSeq", field: "currSeq" }],
    search: ["id", "name", "dtName", "docName"],
    lists: [{ name: "currList", id: "currSeq", text: "currName" }],
  },
  {
    key: "doctorScientist",
    id: "E15",
    source: "ufolio",
    label: "의사과학자 기초과정 현황",
    excel: {
      fileName: "의사과학자_기초과정_현황",
      columns: [
        ["year", "년도"], ["grade", "학년"], ["name", "이름"], ["id", "학번"], ["title", "연구주제"], ["planCnt", "연구계획서"], ["noteCnt", "연구노트"], ["weekCnt", "주간보고서"],
        ["amgCnt", "연구활동"], ["finalCnt", "리뷰/논문"], ["finalrefCnt", "최종 성찰"], ["pfYn", "지도교수 총평"], ["lastSyncTime", "최종수정일"],
      ],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }],
    search: ["name", "id", "title"],
  },
  {
    key: "endSurvey",
    id: "E19",
    source: "lms",
    label: "과정종료 학생 만족도 조사 결과",
    excel: {
      fileName: "과정종료_학생_만족도_조사_결과",
      columns: [["year", "년도"], ["grade", "학년"], ["currName", "과정"], ["name", "이름"], ["id", "학번"], ...Array.from({ length: 27 }, (_, i) => [`num${i + 1}`, `문항${i + 1}`] as const), ["avgScore", "평균"]],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }, { kind: "eq", param: "grdSeq", field: "grdSeq" }, { kind: "eq", param: "currSeq", field: "currSeq" }],
    search: ["name", "id"],
    lists: [{ name: "grdList", id: "grdSeq", text: "grade" }, { name: "currList", id: "currSeq", text: "currName" }],
    excelRow: splitScores,
  },
  {
    key: "completion",
    id: "E22",
    source: "ufolio",
    label: "교육활동 이수율",
    excel: {
      fileName: "교육활동_이수율",
      columns: [["year", "년도"], ["examDate", "시험일"], ["evName", "시험명"], ["evNum", "회차"], ["sysName", "계통"], ["stCnt", "이수 인원"], ["lastSyncTime", "최종수정일"]],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }],
    search: ["evName", "sysName"],
  },
  {
    key: "interview",
    id: "E24",
    source: "ufolio",
    label: "졸업생 학생 면담",
    excel: {
      fileName: "졸업생_학생_면담",
      columns: [["grade", "학년"], ["name", "학생"], ["id", "학번"], ["pfName", "상담교수"], ["scDate", "상담일"], ["scType", "상담유형"], ["afterType", "졸업 후 진로"], ["attentionFlag", "관심학생"], ["fuResult", "후속조치 결과"], ["lastSyncTime", "최종수정일"]],
    },
    yearly: true,
    filters: [],
    search: ["name", "id", "pfName"],
  },
  // ---- issue 13: reports with shapes of their own (reports/shapes.server.ts) ----------------
  {
    key: "counseling",
    id: "R18",
    source: "ufolio",
    label: "학생 상담 차트",
    // spec 001 §7: getCounselingList.do {menuSeq} (sync); getCounselingData.do {year} → chartData, stCntList
    excel: {
      fileName: "학생_상담_차트",
      columns: [["year", "년도"], ...COUNSELING_TYPES.map((t) => [t.key, t.label] as const), ["stCnt", "상담 학생 수"]],
    },
    yearly: true,
    filters: [{ kind: "upTo", param: "year" }],
    search: [],
    shape: SHAPES.counseling,
  },
  {
    key: "pfGuidance",
    id: "R19",
    source: "ufolio",
    label: "지도교수 상담 통계",
    // spec 001 §7: getPfGdnList.do (sync); getPfGdnData.do {year}; getPfGdnExcelDown.do
    excel: {
      fileName: "지도교수_상담_통계",
      // the three tables of the screen in one sheet, told apart by 구분 (se)
      columns: [["seNm", "구분"], ["year", "년도"], ...GUIDANCE_TYPES.map((label, i) => [`type${i + 1}`, label] as const), ["totalCnt", "합계"]],
    },
    yearly: true,
    filters: [{ kind: "upTo", param: "year" }],
    search: [],
  },
  {
    key: "comprehensive3",
    id: "E10",
    source: "ufolio",
    label: "의사국가시험 합격률",
    excel: {
      fileName: "의사국가시험_합격률",
      columns: [["year", "년도"], ["grade", "학년"], ["name", "이름"], ["id", "학번"], ["score", "점수"], ["passYn", "합격여부"]],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }],
    search: ["id", "name"],
    shape: SHAPES.nationalExam,
  },
  {
    key: "reflectionJournal",
    id: "E14",
    source: "ufolio",
    label: "포트폴리오 성찰일지",
    // spec 002 §7: getSelfrflJrnList.do {menuSeq}; getSelfrflJrnData.do {searchTxt, year, grdSeq} → list, grdList, sumList
    excel: {
      fileName: "포트폴리오_성찰일지",
      columns: [["year", "년도"], ["grade", "학년"], ["name", "이름"], ["id", "학번"], ...JOURNAL_COMPETENCIES.map((label, i) => [FC_KEYS[i], label] as const), ["totalCnt", "합계"]],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }, { kind: "eq", param: "grdSeq", field: "grdSeq" }],
    search: ["name", "id"],
    lists: [{ name: "grdList", id: "grdSeq", text: "grade" }],
    shape: SHAPES.reflectionJournal,
  },
  // ---- issue 13, part 2: grouped headers, tabs, two tables (branch tabs) ------------------------
  {
    key: "reflectionSummary",
    id: "E05",
    source: "ufolio",
    label: "임상실습 포트폴리오 성찰 요약",
    // spec 002 gives no calls for E05: ours, as the e-portfolio's (docs/contract.md)
    excel: {
      fileName: "임상실습_포트폴리오_성찰_요약",
      columns: [
        ["year", "년도"], ["grade", "학년"], ["name", "이름"], ["id", "학번"], ["item", "항목"],
        ...GRADUATION_COMPETENCIES.map((label, i) => [SUMMARY_COUNT_KEYS[i], label] as const), ["totalCnt", "합계"], ["lastSyncTime", "최종수정일"],
      ],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }],
    search: ["name", "id", "item"],
  },
  {
    key: "grdtSelfEval",
    id: "E12",
    source: "ufolio",
    label: "시기별 졸업성과 포트폴리오 평가",
    // spec 002 §7: getGrdtSelfEvalList.do {menuSeq}; getGrdtSelfEvalData.do {searchTxt, year, tabNum} → tab1List, tab2List; grdtSelfEvalExcelDown.do {list, tabNum, lastSyncTime}
    excel: {
      fileName: "시기별_졸업성과_포트폴리오_평가",
      // tab 2 (by student); tab 1's sheet is the shape's
      columns: [["year", "년도"], ["grade", "학년"], ["name", "이름"], ["id", "학번"], ...[1, 2, 3].flatMap((p) => periodScoreKeys(p).map((k, c) => [k, periodLabel(p, c)] as const)), ["lastSyncTime", "최종수정일"]],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }],
    search: ["name", "id"],
    shape: SHAPES.grdtSelfEval,
  },
  {
    key: "grcmSelfEval",
    id: "E23",
    source: "ufolio",
    label: "졸업역량 자기평가",
    // spec 002 §7: getGrcmSelfEvalList.do {menuSeq}; getGrcmSelfEvalData.do {searchTxt, year, num} → list1, list2; grcmSelfEvalExcelDown.do {list, num, lastSyncTime}
    excel: {
      fileName: "졸업역량_자기평가",
      columns: [["year", "년도"], ["grade", "학년"], ["name", "이름"], ["id", "학번"], ...[1, 2, 3].flatMap((p) => competencyScoreKeys(p).map((k, c) => [k, periodLabel(p, c)] as const))],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }],
    search: ["name", "id"],
    shape: SHAPES.grcmSelfEval,
  },
  // ---- issue 13: reports with a detail dialog per row (the dialog is the web tier's; the rows carry its data)
  {
    key: "currEval",
    id: "R20",
    source: "lms",
    label: "통합교육과정 학습평가 방법",
    // spec 001 §7: getCurrEval.do (sync); getCurrEvalList.do {searchTxt, year}; getCurrEvalListExcelDown.do
    excel: {
      fileName: "통합교육과정_학습평가_방법",
      // the texts whole (the screen shortens a long one and shows it whole in its dialog)
      columns: [["year", "년도"], ["grade", "학년"], ["smst", "학기"], ["currName", "과정명"], ["currEvalType", "평가 구분"], ["evalTypeText", "평가방법(영역) 비중"], ["reeducationMethod", "재교육 방법"], ["nonPassCriteria", "미이수 기준"], ["untactEvalPlan", "비대면 평가 계획"]],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }],
    search: ["currName", "reeducationMethod", "nonPassCriteria"],
    excelRow: curriculumRow,
  },
  {
    key: "finalReport",
    id: "E07",
    source: "ufolio",
    label: "임상실습 교과목 평가방법",
    // spec 002 §7: getFinalReportList.do {menuSeq}; getFinalReportData.do {searchTxt, year, currSeq} → list, currList; the download is ours
    excel: {
      fileName: "임상실습_교과목_평가방법",
      columns: [["year", "년도"], ["currType", "구분"], ["dtName", "진료과"], ["itemCnt", "평가 항목 수"], ["finalEvalName", "최종 평가"], ["passScore", "통과 점수"], ["totalScore", "총점"], ["lastSyncTime", "최종수정일"]],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }, { kind: "eq", param: "currSeq", field: "currSeq" }],
    // the item text: the category, the department and the names in the item lists
    search: ["currType", "dtName", "lMenuList", "menuList", "freeList"],
    lists: [{ name: "currList", id: "currSeq", text: "currType" }],
    excelRow: finalReportRow,
  },
  {
    key: "operSatisfaction",
    id: "E20",
    source: "ufolio",
    label: "핵심과목 임상실습 운영 만족도 결과",
    // spec 002 §7: 'calls: not shown'; ours, named after the rotation survey's
    excel: {
      fileName: "핵심과목_임상실습_운영_만족도_결과",
      // the table, then each question's average (what the row's dialog shows)
      columns: [
        ["year", "년도"], ["dtName", "진료과"], ["stCnt", "참여 인원"], ["avgScore", "평균(5점 만점)"], ["stdDev", "표준편차"],
        ...OPER_SATISFACTION_SECTIONS.flatMap((sec, i) => sec.qest.map((q, j) => [`q${i + 1}_${j + 1}`, `${i + 1}-${j + 1}. ${q}`] as const)),
      ],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }, { kind: "eq", param: "dtSeq", field: "dtSeq" }],
    search: ["dtName", "qestList"],
    lists: [{ name: "dtList", id: "dtSeq", text: "dtName" }],
    excelRow: satisfactionColumns,
  },
  {
    key: "operSurvey",
    id: "E21",
    source: "ufolio",
    label: "임상실습 순환 만족도 조사",
    // spec 002 §7: getOperSurveyList.do {menuSeq}; getOperSurveyData.do {searchTxt, year, dtSeq} → list, dtList; operSurveyExcelDown.do {list}
    excel: {
      fileName: "임상실습_순환_만족도_조사",
      columns: [["year", "년도"], ["dtName", "진료과"], ["stCnt", "응답 인원"], ["avgScore", "전체 평균(5점 만점)"], ...ROTATION_ITEMS.map((id) => [`i${id}`, id] as const)],
    },
    yearly: true,
    filters: [{ kind: "year", param: "year" }, { kind: "eq", param: "dtSeq", field: "dtSeq" }],
    search: ["dtName"],
    lists: [{ name: "dtList", id: "dtSeq", text: "dtName" }],
    excelRow: rotationColumns,
  },
];

export function reportByKey(key: string): CatalogReport | undefined {
  return CATALOG.find((r) => r.key === key);
}

/** The web tier's definition of an entry (its calls and their fixed fields), if the entry is one of the web tier's reports. */
export function definitionOf(report: CatalogReport): ReportDef | undefined {
  return REPORTS.find((d) => d.id === report.id);
}

/** Whether a body's fields single out this report among those sharing a call: its definition's fixed fields (ceType…; '03' is 3). */
export function matches(match: Record<string, string | number> | undefined, body: Record<string, unknown>): boolean {
  return !match || Object.entries(match).every(([k, v]) => Number(body[k]) === Number(v));
}

// ---- issue 13: the detail-dialog reports' workbook rows ---------------------------------------

type Obj = Record<string, unknown>;
const objectsOf = (v: unknown): Obj[] => {
  const x = jsonField(v);
  return Array.isArray(x) ? (x.filter((o) => o && typeof o === "object") as Obj[]) : [];
};

/** E20: each question's average as a column (q1_1 …), in the questionnaire's order. */
function satisfactionColumns(row: Obj): Obj {
  const out: Obj = { ...row };
  objectsOf(row.qestList).forEach((sec, i) => objectsOf(sec.qest).forEach((q, j) => (out[`q${i + 1}_${j + 1}`] = q.avgScore ?? null)));
  return out;
}

/** E21: each item's average (itemAvgScore [{item, avg_score}]) as a column (i1_1 … i5_7). */
function rotationColumns(row: Obj): Obj {
  const out: Obj = { ...row };
  for (const x of objectsOf(row.itemAvgScore)) out[`i${x.item}`] = x.avg_score ?? null;
  return out;
}
