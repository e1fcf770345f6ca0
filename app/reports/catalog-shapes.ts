/**
 * The synced reports with shapes of their own (issue 13): a chart, summary cards, sections, a
 * second summed table (R18, R19, E10, E14), and part 2's grouped headers, tabs, multi-key sort
 * and two tables (E05, E12, E23). Each is a definition (ReportDef) ReportPage renders; walked by
 * their own tests. app/reports/definitions.ts assembles these with the other families.
 */

import { AVG_KEYS, competencyColumns, competencyScoreKeys, COUNSELING_TYPES, counselingRows, FC_COLUMNS, FC_KEYS, GUIDANCE_KINDS, GUIDANCE_TYPES, INPUT, MONITOR, periodGroups, periodScoreKeys, SUMMARY_COUNT_KEYS } from "./fields";
import { REPORT_DATA, REPORT_EXCEL, REPORT_SYNC } from "../calls/reports";
import type { ReportColumn, ReportDef } from "./types";

export const SHAPED_REPORTS: readonly ReportDef[] = [
  // ---- issue 13: reports with shapes of their own -------------------------------------------
  {
    id: "R18",
    path: "/insert/ufolio/counseling",
    title: "학생 상담 차트",
    breadcrumb: [...INPUT, "포트폴리오"],
    source: "ufolio",
    sync: { call: REPORT_SYNC.counseling },
    data: { call: REPORT_DATA.counseling },
    excel: { call: REPORT_EXCEL.counseling, fileName: "학생_상담_차트" },
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
    sync: { call: REPORT_SYNC.pfGuidance },
    data: { call: REPORT_DATA.pfGuidance },
    excel: { call: REPORT_EXCEL.pfGuidance, fileName: "지도교수_상담_통계" },
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
    sync: { call: REPORT_SYNC.comprehensive, body: { ceType: 3 } },
    data: { call: REPORT_DATA.comprehensive, body: { ceType: 3 } },
    excel: { call: REPORT_EXCEL.comprehensive, body: { ceType: 3 }, fileName: "의사국가시험_합격률" },
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
    sync: { call: REPORT_SYNC.reflectionJournal },
    data: { call: REPORT_DATA.reflectionJournal },
    // spec 002 §7: selfrflJrnExcelDown.do {list1, list2, list3 (column sums)}: both tables and the sums
    excel: { call: REPORT_EXCEL.reflectionJournal, fileName: "포트폴리오_성찰일지" },
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
    sync: { call: REPORT_SYNC.reflectionSummary },
    data: { call: REPORT_DATA.reflectionSummary },
    excel: { call: REPORT_EXCEL.reflectionSummary, fileName: "임상실습_포트폴리오_성찰_요약" },
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
    sync: { call: REPORT_SYNC.grdtSelfEval },
    data: { call: REPORT_DATA.grdtSelfEval },
    excel: { call: REPORT_EXCEL.grdtSelfEval, fileName: "시기별_졸업성과_포트폴리오_평가" },
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
    sync: { call: REPORT_SYNC.grcmSelfEval },
    data: { call: REPORT_DATA.grcmSelfEval },
    excel: { call: REPORT_EXCEL.grcmSelfEval, fileName: "졸업역량_자기평가" },
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
];
