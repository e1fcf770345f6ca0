/**
 * The synced reports with a detail dialog per row (issue 13: R20, E07, E20, E21): the row link or
 * long-text cell that opens it (ReportDetail); the dialog's content is the report's entry in
 * app/reports/details.server.ts. app/reports/definitions.ts assembles these with the other families.
 */

import { curriculumRow, finalReportRow, INPUT, MONITOR } from "./fields";
import { REPORT_DATA, REPORT_EXCEL, REPORT_SYNC } from "../calls/reports";
import type { ReportDef } from "./types";

export const DETAIL_REPORTS: readonly ReportDef[] = [
  // ---- issue 13: reports with a detail dialog per row (ReportDetail; its row mappers in fields.ts)
  {
    id: "R20",
    path: "/insert/lms/curr-eval",
    title: "통합교육과정 학습평가 방법",
    breadcrumb: [...INPUT, "학생평가"],
    source: "lms",
    // spec 001 §7: getCurrEval.do (sync); getCurrEvalList.do {searchTxt, year}; getCurrEvalListExcelDown.do
    sync: { call: REPORT_SYNC.currEval },
    data: { call: REPORT_DATA.currEval },
    excel: { call: REPORT_EXCEL.currEval, fileName: "통합교육과정_학습평가_방법" },
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
    sync: { call: REPORT_SYNC.finalReport },
    data: { call: REPORT_DATA.finalReport },
    excel: { call: REPORT_EXCEL.finalReport, fileName: "임상실습_교과목_평가방법" },
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
    sync: { call: REPORT_SYNC.operSatisfaction },
    data: { call: REPORT_DATA.operSatisfaction },
    excel: { call: REPORT_EXCEL.operSatisfaction, fileName: "핵심과목_임상실습_운영_만족도_결과" },
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
    sync: { call: REPORT_SYNC.operSurvey },
    data: { call: REPORT_DATA.operSurvey },
    excel: { call: REPORT_EXCEL.operSurvey, fileName: "임상실습_순환_만족도_조사" },
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
