/**
 * The synced reports with a detail dialog per row (issue 13; spec 001 §3 "Curriculum evaluation
 * row" and §7, spec 002 §3 "Final report row", "Operation survey", "Rotation survey row", §7):
 * R20 curriculum evaluation methods (LMS), E07 clinical practice course evaluation method, E20
 * core-subject satisfaction and E21 rotation satisfaction. Each: the reply's rows carrying what the
 * dialog shows (the evaluation methods and texts, the JSON item lists, the per-question averages),
 * consistent with the seeded students where the rows count students, the filters, evaluation mode,
 * the Excel call and a sync press. No absolute counts that other files' students could change.
 */
import { describe, expect, it } from "vitest";
import { REPORTS, type ReportDef } from "../../app/reports/definitions";
import { OPER_SATISFACTION_SECTIONS, ROTATION_ITEMS } from "../../app/reports/details.server";
import { ENROLMENT } from "../../app/schemas/student";
import { adminApi } from "./client";
import { reportWorkbook } from "./report-fixtures";

// the backend signed in as administrator, for this file (client.ts)
const backend = adminApi();

type Row = Record<string, any>;
const def = (id: string) => REPORTS.find((d) => d.id === id)!;
const call = backend.call;
const data = async (d: ReportDef, body: Record<string, unknown>) => {
  const r = await call(d.data.call.path, { searchTxt: "", ...body, ...d.data.body });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { list: Row[]; total: number } & Row;
};
const menuSeq = async (d: ReportDef) => (await call("/api/comm/menu/getMenuList.do")).body.result.list.find((m: { menuUrl: string }) => m.menuUrl === d.path).menuSeq as number;

async function enrolledInGrade(year: number, grade: string): Promise<number> {
  const r = await call("/api/student/getList.do", { year, grde: "all", attn: "", value: "" });
  const list = r.body.result.list as { txt: string; attnCd: string }[];
  return list.filter((s) => s.attnCd === ENROLMENT.enrolled && s.txt.split(" · ")[0] === grade).length;
}

const workbook = (d: ReportDef, body: Record<string, unknown>) => reportWorkbook(backend, d, body);

async function evaluation(d: ReportDef, body: Record<string, unknown>, clms: string[]) {
  const r = await data(d, { ...body, eiSeq: 1, menuSeq: await menuSeq(d) });
  expect(r.columns.map((c: { clm: string }) => c.clm)).toEqual(clms);
  expect(Object.keys(r.list[0]).sort()).toEqual([...clms].sort());
}

async function syncs(d: ReportDef) {
  const r = await call(d.sync.call.path, { menuSeq: await menuSeq(d), ...d.sync.body });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.result.htList[0]).toMatchObject({ apiSe: "SELF", rsltCd: "S" });
  expect(r.body.result.rowCnt).toBeGreaterThan(0);
}

describe("R20 curriculum evaluation methods: getCurrEvalList.do {searchTxt, year}", () => {
  const d = def("R20");

  it("answers a row per pre-clinical course with its evaluation methods (weights adding up to 100) and its texts", async () => {
    const { list, total, yearList } = await data(d, { year: 2025 });
    expect(total).toBe(11);
    expect(yearList.length).toBeGreaterThanOrEqual(2);
    expect(new Set(list.map((r) => r.grade))).toEqual(new Set(["3학년", "4학년"]));
    for (const r of list) {
      expect(r.year).toBe(2025);
      expect(["1학기", "2학기"]).toContain(r.smst);
      expect(r.evalType.length).toBeGreaterThanOrEqual(2);
      expect(r.evalType.reduce((s: number, m: Row) => s + m.importance, 0)).toBe(100);
      expect(Object.keys(r.evalType[0]).sort()).toEqual(["evalDomainName", "evalMethodName", "importance"]);
      for (const k of ["reeducationMethod", "nonPassCriteria", "untactEvalPlan", "currEvalType"]) expect(typeof r[k]).toBe("string");
    }
    // some texts are long enough for the dialog, some are not
    const lengths = list.flatMap((r) => [r.reeducationMethod, r.nonPassCriteria, r.untactEvalPlan].map((t: string) => [...t].length));
    expect(lengths.some((n) => n >= 100)).toBe(true);
    expect(lengths.some((n) => n < 100)).toBe(true);
  });

  it("sorts by grade and semester on the server, searches the course name and the texts", async () => {
    const sorted = (await data(d, { year: 2025, page: 1, size: 20, sort: "grade:desc,smst:asc" })).list;
    expect(sorted.map((r) => r.grade)).toEqual([...sorted.map((r) => r.grade)].sort().reverse());
    const fourth = sorted.filter((r) => r.grade === "4학년").map((r) => r.smst);
    expect(fourth).toEqual([...fourth].sort());
    const found = await data(d, { year: 2025, searchTxt: "순환기" });
    expect(found.list.map((r) => r.currName)).toEqual(["순환기학"]);
    const byText = await data(d, { year: 2025, searchTxt: "재수강" });
    expect(byText.total).toBeGreaterThan(0);
    expect(byText.list.every((r) => r.reeducationMethod.includes("재수강"))).toBe(true);
  });

  it("answers the configured columns in evaluation mode, downloads the texts whole, syncs", async () => {
    await evaluation(d, { year: 2025 }, ["year", "grade", "smst", "currName", "currEvalType"]);
    const { name, rows } = await workbook(d, { year: 2025 });
    expect(name).toBe("통합교육과정_학습평가_방법_2025.xlsx");
    expect(rows[0]).toEqual(["년도", "학년", "학기", "과정명", "평가 구분", "평가방법(영역) 비중", "재교육 방법", "미이수 기준", "비대면 평가 계획"]);
    expect(rows).toHaveLength(12);
    const { list } = await data(d, { year: 2025 });
    const first = rows.find((r) => r[3] === list[0].currName)!;
    expect(first[5]).toBe(list[0].evalType.map((m: Row) => `${m.evalMethodName}(${m.evalDomainName}) ${m.importance}%`).join(", "));
    expect(first[6]).toBe(list[0].reeducationMethod);
    await syncs(d);
  });
});

describe("E07 course evaluation method: getFinalReportData.do {searchTxt, year, currSeq} → list, currList", () => {
  const d = def("E07");

  it("answers a row per category and department with the spec's JSON fields, consistent in its scores", async () => {
    const { list, currList } = await data(d, { year: 2025 });
    expect(currList).toEqual([
      { id: "2", text: "선택 임상실습" },
      { id: "3", text: "지역사회 임상실습" },
      { id: "1", text: "필수 임상실습" },
    ]);
    expect(list).toHaveLength(11);
    for (const r of list) {
      expect(Object.keys(r).sort()).toEqual(["currSeq", "currType", "dtName", "finalEval", "freeList", "lMenuList", "lastSyncTime", "menuList", "selfEval", "seq", "year"]);
      expect(Object.keys(r.menuList[0]).sort()).toEqual(
        ["menu_code", "menu_name", "score_type", "grade", "grade_name", "grade_score", "score", "doc_cnt", "maxScore", "essential_flag", "essential_score", "section_min_cnt", "section_max_cnt", "section_score", "substitute_score", "substitute_cnt", "non_attainment_score", "eval_etc", "l_menu_seq", "menu_seq"].sort(),
      );
      expect(Object.keys(r.selfEval[0]).sort()).toEqual(["essential_flag", "essential_score", "menu_name", "remarks", "score", "use_flag"]);
      // a menu's maximum is its items'; the total is the menus' and the self-evaluation items in use
      for (const l of r.lMenuList) expect(l.maxScore).toBe(r.menuList.filter((m: Row) => m.l_menu_seq === l.l_menu_seq).reduce((s: number, m: Row) => s + m.maxScore, 0));
      const total = r.lMenuList.reduce((s: number, l: Row) => s + l.maxScore, 0) + r.selfEval.filter((e: Row) => e.use_flag === "Y").reduce((s: number, e: Row) => s + e.score, 0);
      expect(r.finalEval.totalScore).toBe(total);
      // required practice: absolute (required) with a pass score of 60%; community practice relative, without one
      expect(r.finalEval.eval_type).toBe({ 필수: "2", 선택: "1", 지역사회: "3" }[r.currType.split(" ")[0] as string]);
      expect(r.finalEval.pass_score).toBe(r.finalEval.eval_type === "3" ? null : Math.round(total * 0.6));
      for (const m of r.menuList) expect(["1", "2", "3", "4", "5", "7", "8", "9"]).toContain(String(m.score_type));
    }
  });

  it("narrows by category (currSeq) and by item text (the names in the item lists)", async () => {
    const elective = await data(d, { year: 2025, currSeq: "2" });
    expect(elective.list.map((r) => r.dtName).sort()).toEqual(["안과", "영상의학과", "이비인후과", "피부과"]);
    const surgery = await data(d, { year: 2025, searchTxt: "수술·시술" });
    expect(surgery.list.map((r) => r.dtName).sort()).toEqual(["산부인과", "안과", "외과", "이비인후과"]);
    expect((await data(d, { year: 2025, searchTxt: "구술시험" })).total).toBe(11);
  });

  it("answers the configured columns in evaluation mode, downloads the table, syncs", async () => {
    await evaluation(d, { year: 2025 }, ["year", "currType", "dtName", "lastSyncTime"]);
    const { name, rows } = await workbook(d, { year: 2025, currSeq: "1" });
    expect(name).toBe("임상실습_교과목_평가방법_2025.xlsx");
    expect(rows[0]).toEqual(["년도", "구분", "진료과", "평가 항목 수", "최종 평가", "통과 점수", "총점", "최종수정일"]);
    const internal = (await data(d, { year: 2025, currSeq: "1", searchTxt: "내과" })).list.find((r) => r.dtName === "내과")!;
    const line = rows.find((r) => r[2] === "내과")!;
    expect(line.slice(0, 7)).toEqual([2025, "필수 임상실습", "내과", internal.menuList.length + internal.freeList.length, "절대평가(필수)", internal.finalEval.pass_score, internal.finalEval.totalScore]);
    await syncs(d);
  });
});

describe("E20 core-subject satisfaction: a row per year and department, with its questions' averages", () => {
  const d = def("E20");

  it("counts at most the year's grade-5 students, its average the questions', its sections the questionnaire's", async () => {
    const { list, dtList } = await data(d, { year: 2025 });
    expect(dtList.map((x: Row) => x.text).sort()).toEqual(["가정의학과", "내과", "산부인과", "소아청소년과", "외과", "정신건강의학과"].sort());
    expect(list).toHaveLength(6);
    const students = await enrolledInGrade(2025, "5학년");
    for (const r of list) {
      expect(r.stCnt).toBeGreaterThan(students * 0.5);
      expect(r.stCnt).toBeLessThanOrEqual(students);
      expect(r.qestList.map((s: Row) => s.title)).toEqual(OPER_SATISFACTION_SECTIONS.map((s) => s.title));
      const avgs = r.qestList.flatMap((s: Row) => s.qest.map((q: Row) => q.avgScore)) as number[];
      expect(avgs).toHaveLength(12);
      for (const a of avgs) expect(a >= 1 && a <= 5).toBe(true);
      expect(Math.abs(avgs.reduce((x, y) => x + y, 0) / avgs.length - r.avgScore)).toBeLessThan(0.01);
      expect(r.stdDev).toBeGreaterThan(0);
      expect(r.stdDev).toBeLessThan(1.5);
    }
  });

  it("narrows by department and by question text, sorts by the average on the server", async () => {
    const one = await data(d, { year: 2025, dtSeq: "2" });
    expect(one.list.map((r) => r.dtName)).toEqual(["외과"]);
    expect((await data(d, { year: 2025, searchTxt: "추천" })).total).toBe(6);
    const sorted = (await data(d, { year: 2025, page: 1, size: 10, sort: "avgScore:desc" })).list.map((r) => r.avgScore);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  });

  it("answers the configured columns in evaluation mode, downloads each question's average, syncs", async () => {
    await evaluation(d, { year: 2025 }, ["year", "dtName", "stCnt", "avgScore", "stdDev"]);
    const { name, rows } = await workbook(d, { year: 2025, dtSeq: "1" });
    expect(name).toBe("핵심과목_임상실습_운영_만족도_결과_2025.xlsx");
    expect(rows[0].slice(0, 6)).toEqual(["년도", "진료과", "참여 인원", "평균(5점 만점)", "표준편차", "1-1. 실습 일정과 내용이 사전에 충분히 안내되었다."]);
    const r = (await data(d, { year: 2025, dtSeq: "1" })).list[0];
    expect(rows[1]).toEqual([2025, "내과", r.stCnt, r.avgScore, r.stdDev, ...r.qestList.flatMap((s: Row) => s.qest.map((q: Row) => q.avgScore))]);
    await syncs(d);
  });
});

describe("E21 rotation satisfaction: getOperSurveyData.do {searchTxt, year, dtSeq} → list, dtList", () => {
  const d = def("E21");

  it("answers a row per year and rotation with the 26 items' averages (1_1 … 5_7), for several years", async () => {
    const { list, dtList } = await data(d, { year: [2024, 2025] });
    expect(dtList).toHaveLength(8);
    expect(new Set(list.map((r) => r.year))).toEqual(new Set([2024, 2025]));
    expect(ROTATION_ITEMS).toHaveLength(26);
    const students = (await enrolledInGrade(2025, "5학년")) + (await enrolledInGrade(2025, "6학년"));
    for (const r of list) {
      expect(r.itemAvgScore.map((x: Row) => x.item)).toEqual(ROTATION_ITEMS);
      const avgs = r.itemAvgScore.map((x: Row) => x.avg_score) as number[];
      for (const a of avgs) expect(a >= 1 && a <= 5).toBe(true);
      expect(Math.abs(avgs.reduce((x, y) => x + y, 0) / avgs.length - r.avgScore)).toBeLessThan(0.01);
      if (r.year === 2025) expect(r.stCnt).toBeLessThanOrEqual(students);
    }
    expect((await data(d, { year: "" })).yearList.length).toBeGreaterThanOrEqual(2);
  });

  it("narrows by rotation (dtSeq) and text; downloads the items as columns; evaluation mode; syncs", async () => {
    const er = await data(d, { year: [2025], dtSeq: "7" });
    expect(er.list.map((r) => r.dtName)).toEqual(["응급의학과"]);
    expect((await data(d, { year: [2025], searchTxt: "신경" })).list.map((r) => r.dtName)).toEqual(["신경과"]);
    const { name, rows } = await workbook(d, { year: [2025], dtSeq: "7" });
    expect(name).toBe("임상실습_순환_만족도_조사_2025.xlsx");
    expect(rows[0]).toEqual(["년도", "진료과", "응답 인원", "전체 평균(5점 만점)", ...ROTATION_ITEMS]);
    const r = er.list[0];
    expect(rows[1]).toEqual([2025, "응급의학과", r.stCnt, r.avgScore, ...r.itemAvgScore.map((x: Row) => x.avg_score)]);
    await evaluation(d, { year: [2025] }, ["year", "dtName", "stCnt", "avgScore"]);
    await syncs(d);
  });
});
