/**
 * The synced reports with shapes of their own (issue 13; spec 001 §7 "Synced data", spec 002 §7
 * "Synced portfolio reports"): R18 counselling (chartData, stCntList), R19 advisor guidance (three
 * kinds, ten types, totals), E10 national exam (ceType 3: rows and cardList), E14 reflection
 * journal (rows, grdList, sumList; the workbook with both tables and the sums). Each: the spec's
 * reply, its numbers consistent with the seeded students, the years up to the chosen one where a
 * report is a row a year, evaluation mode, a sync press and the Excel call.
 */
import { describe, expect, it } from "vitest";
import { COUNSELING_TYPES, FC_KEYS, findReport, JOURNAL_COMPETENCIES, REPORTS, type ReportDef } from "../../app/reports/definitions";
import { ENROLMENT } from "../../app/schemas/student";
import { adminApi } from "./client";
import { reportWorkbook } from "./report-fixtures";

// the backend signed in as administrator, for this file (client.ts)
const backend = adminApi();

const def = (id: string) => REPORTS.find((d) => d.id === id)!;
const call = backend.call;
const data = (d: ReportDef, body: Record<string, unknown>) => call(d.data.call.path, { searchTxt: "", ...body, ...d.data.body });
const menuSeq = async (d: ReportDef) => (await call("/api/comm/menu/getMenuList.do")).body.result.list.find((m: { menuUrl: string }) => m.menuUrl === d.path).menuSeq as number;

/** The enrolled students of a year (the seeded people records), with their grade ('6학년', the first part of `txt`). */
async function enrolled(year: number): Promise<{ id: string; name: string; grade: string }[]> {
  const r = await call("/api/student/getList.do", { year, grde: "all", attn: "", value: "" });
  expect(r.body.status).toBe(200);
  const list = r.body.result.list as { id: string; name: string; txt: string; attnCd: string }[];
  return list.filter((s) => s.attnCd === ENROLMENT.enrolled).map((s) => ({ id: s.id, name: s.name, grade: s.txt.split(" · ")[0] }));
}

const workbook = (d: ReportDef, body: Record<string, unknown>) => reportWorkbook(backend, d, body);

/** A sync press answers the history with the new SELF entry and the rows it pulled. */
/** the rows R18's sync pulled: one per year with students */
let r18Years = 0;

async function syncs(d: ReportDef) {
  const r = await call(d.sync.call.path, { menuSeq: await menuSeq(d), ...d.sync.body });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.result.htList[0]).toMatchObject({ apiSe: "SELF", rsltCd: "S" });
  expect(r.body.result.rowCnt).toBeGreaterThan(0);
  return r.body.result.rowCnt as number;
}

describe("R18 counselling chart: getCounselingData.do {year} → chartData, stCntList", () => {
  const d = def("R18");

  it("answers a chart's data (the five types, a bar a year up to the chosen year) and the counted students", async () => {
    const r = await data(d, { year: 2026 });
    expect(r.body.status).toBe(200);
    const { chartData, stCntList, list } = r.body.result;
    expect(list).toBeUndefined();
    expect(chartData.labels).toEqual(["2024", "2025", "2026"]);
    expect(chartData.datasets.map((x: { label: string }) => x.label)).toEqual(["개인상담", "진로상담", "학습상담", "통합학습상담", "체계적 지원 필요 사례"]);
    for (const set of chartData.datasets) expect(set.data).toHaveLength(3);
    expect(stCntList.map((s: { year: number }) => s.year)).toEqual([2024, 2025, 2026]);
    // the years up to the chosen one only; a year before any record has none
    expect((await data(d, { year: 2025 })).body.result.chartData.labels).toEqual(["2024", "2025"]);
    expect((await data(d, { year: 2021 })).body.result.stCntList).toEqual([]);
  });

  it("counts at most the year's enrolled students, and more sessions than students", async () => {
    const { chartData, stCntList } = (await data(d, { year: 2025 })).body.result;
    const students = await enrolled(2025);
    const at = chartData.labels.indexOf("2025");
    const counted = stCntList.find((s: { year: number }) => s.year === 2025).stCnt;
    expect(counted).toBeGreaterThan(students.length * 0.4);
    expect(counted).toBeLessThanOrEqual(students.length);
    const sessions = chartData.datasets.reduce((sum: number, x: { data: number[] }) => sum + x.data[at], 0);
    expect(sessions).toBeGreaterThan(counted);
    // personal counselling is the most common, the cases needing support the rarest
    const personal = chartData.datasets[0].data[at];
    const support = chartData.datasets[4].data[at];
    expect(personal).toBeGreaterThan(support);
    expect(support).toBeGreaterThan(0);
  });

  it("answers the configured columns in evaluation mode", async () => {
    const r = await data(d, { year: 2025, eiSeq: 1, menuSeq: await menuSeq(d) });
    expect(r.body.result.columns.map((c: { clm: string }) => c.clm)).toEqual(["year", "personal", "career", "learning", "stCnt"]);
    expect(r.body.result.chartData.labels).toEqual(["2024", "2025"]);
  });

  it("downloads the table (year, five types, counted students) and syncs on a press", async () => {
    const { name, sheets } = await workbook(d, { year: 2025 });
    expect(name).toBe("학생_상담_차트_2025.xlsx");
    expect(sheets[0].rows[0]).toEqual(["년도", ...COUNSELING_TYPES.map((t) => t.label), "상담 학생 수"]);
    const { chartData, stCntList } = (await data(d, { year: 2025 })).body.result;
    const years = sheets[0].rows.slice(1).map((r) => r[0]).sort();
    expect(years).toEqual([2024, 2025]);
    const row2025 = sheets[0].rows.find((r) => r[0] === 2025)!;
    expect(row2025.slice(1, 6)).toEqual(chartData.datasets.map((x: { data: number[] }) => x.data[1]));
    expect(row2025[6]).toBe(stCntList[1].stCnt);
    // a row per year that has students (2024 and 2025 at least; other contract files on a shared
    // database add students of other years)
    r18Years = await syncs(d);
    expect(r18Years).toBeGreaterThanOrEqual(2);
  });
});

describe("R19 advisor guidance statistics: getPfGdnData.do {year}", () => {
  const d = def("R19");

  it("answers a row a year and kind (se 1 to 3) with type1 … type10 and totalCnt, their sum", async () => {
    const { list, total } = (await data(d, { year: 2026 })).body.result;
    expect(total).toBe(9);
    for (const row of list) {
      expect(["1", "2", "3"]).toContain(row.se);
      const types = Array.from({ length: 10 }, (_, i) => row[`type${i + 1}`] as number);
      expect(types.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
      expect(row.totalCnt).toBe(types.reduce((a, b) => a + b, 0));
    }
    // individual guidance outnumbers group and online guidance
    const of = (se: string) => list.find((x: { year: number; se: string }) => x.year === 2025 && x.se === se).totalCnt;
    expect(of("1")).toBeGreaterThan(of("2"));
    expect((await data(d, { year: 2025 })).body.result.total).toBe(6);
  });

  it("answers the configured columns in evaluation mode, downloads the three tables in one sheet, syncs", async () => {
    const ev = (await data(d, { year: 2025, eiSeq: 1, menuSeq: await menuSeq(d) })).body.result;
    expect(Object.keys(ev.list[0]).sort()).toEqual(["seNm", "totalCnt", "type1", "type2", "year"]);
    const { name, sheets } = await workbook(d, { year: 2025 });
    expect(name).toBe("지도교수_상담_통계_2025.xlsx");
    expect(sheets[0].rows[0]).toEqual(["구분", "년도", "학업", "진로", "대인관계", "심리·정서", "건강", "경제", "가정", "학교생활 적응", "연구·진학", "기타", "합계"]);
    expect(new Set(sheets[0].rows.slice(1).map((r) => r[0]))).toEqual(new Set(["개별 면담", "집단 지도", "비대면 상담"]));
    expect(sheets[0].rows).toHaveLength(7);
    // the three kinds for each of those years
    expect(await syncs(d)).toBe(3 * r18Years);
  });
});

describe("E10 national exam pass rate: getBasicmdEvalData.do {ceType 3} → list, cardList", () => {
  const d = def("E10");

  it("answers the seeded grade-6 students' results and a card a year up to the chosen one", async () => {
    const r = await data(d, { year: 2025 });
    const { list, total, cardList } = r.body.result;
    const sixth = (await enrolled(2025)).filter((s) => s.grade === "6학년");
    expect(total).toBe(sixth.length);
    const names = new Map(sixth.map((s) => [s.id, s.name]));
    for (const row of list) {
      expect(names.get(row.id)).toBe(row.name);
      expect(row.passYn).toBe(row.score >= 192 ? "Y" : "N");
    }
    expect(cardList.map((c: { year: number }) => c.year)).toEqual([2025, 2024]);
    const card = cardList[0];
    expect(card.allCnt).toBe(total);
    expect(card.pCnt).toBe(list.filter((x: { passYn: string }) => x.passYn === "Y").length);
    expect(card.avgPass).toBe(Math.round((card.pCnt / card.allCnt) * 10_000) / 100);
    expect(card.avgPass).toBeGreaterThan(80);
    // the cards are the year's result, not the search's
    expect((await data(d, { year: 2025, searchTxt: list[0].name })).body.result.cardList).toEqual(cardList);
  });

  it("sorts on the server across pages", async () => {
    const all = (await data(d, { year: 2025, page: 1, size: 100, sort: "score:desc" })).body.result.list.map((x: { score: number }) => x.score);
    expect(all).toEqual([...all].sort((a: number, b: number) => b - a));
    const page2 = (await data(d, { year: 2025, page: 2, size: 10, sort: "score:desc" })).body.result.list.map((x: { score: number }) => x.score);
    expect(page2).toEqual(all.slice(10, 20));
  });

  it("keeps E08 and E09 apart, answers evaluation columns, downloads the rows and the cards, syncs", async () => {
    expect((await call(d.data.call.path, { searchTxt: "", year: 2025, ceType: 1 })).body.result.list[0].ceName).toBe("기초·임상의학 종합평가");
    const ev = (await data(d, { year: 2025, eiSeq: 1, menuSeq: await menuSeq(d), page: 1, size: 20 })).body.result;
    expect(Object.keys(ev.list[0]).sort()).toEqual(["id", "name", "passYn", "score", "year"]);
    expect(ev.cardList.length).toBeGreaterThan(0);
    const { name, sheets } = await workbook(d, { year: 2025 });
    expect(name).toBe("의사국가시험_합격률_2025.xlsx");
    const { total, cardList } = (await data(d, { year: 2025 })).body.result;
    expect(sheets[0].rows[0]).toEqual(["년도", "학년", "이름", "학번", "점수", "합격여부"]);
    expect(sheets[0].rows.length - 1).toBe(total);
    expect(sheets[1].name).toBe("연도별 합격률");
    expect(sheets[1].rows[0]).toEqual(["년도", "전체", "합격", "평균 합격률(%)"]);
    expect(sheets[1].rows[1]).toEqual([cardList[0].year, cardList[0].allCnt, cardList[0].pCnt, cardList[0].avgPass]);
    await syncs(d);
  });
});

describe("E14 reflection journal: getSelfrflJrnData.do {searchTxt, year, grdSeq} → list, grdList, sumList", () => {
  const d = def("E14");

  it("answers per-student rows (fc1 … fc10, totalCnt their sum), the grades and the summary by year and grade", async () => {
    const { list, total, grdList, sumList } = (await data(d, { year: 2025 })).body.result;
    const students = (await enrolled(2025)).filter((s) => s.grade === "5학년" || s.grade === "6학년");
    expect(total).toBe(students.length);
    expect(grdList).toEqual([{ id: "5", text: "5학년" }, { id: "6", text: "6학년" }]);
    for (const row of list) expect(row.totalCnt).toBe(FC_KEYS.reduce((s, k) => s + row[k], 0));
    expect(sumList.map((s: { grade: string }) => s.grade)).toEqual(["5학년", "6학년"]);
    const fifth = list.filter((x: { grade: string }) => x.grade === "5학년");
    expect(sumList[0].stCnt).toBe(fifth.length);
    for (const k of [...FC_KEYS, "totalCnt"]) expect(sumList[0][k], k).toBe(fifth.reduce((s: number, x: Record<string, number>) => s + x[k], 0));
    // the grade filter narrows the rows and the summary
    const six = (await data(d, { year: 2025, grdSeq: "6" })).body.result;
    expect(six.list.every((x: { grade: string }) => x.grade === "6학년")).toBe(true);
    expect(six.sumList.map((s: { grade: string }) => s.grade)).toEqual(["6학년"]);
  });

  it("sorts on the server across pages (by total, then the stored order)", async () => {
    const all = (await data(d, { year: 2025, page: 1, size: 100, sort: "totalCnt:desc" })).body.result.list.map((x: { id: string }) => x.id);
    const page3 = (await data(d, { year: 2025, page: 3, size: 10, sort: "totalCnt:desc" })).body.result.list.map((x: { id: string }) => x.id);
    expect(page3).toEqual(all.slice(20, 30));
  });

  it("downloads the students, the summary and the column sums; a posted {list1, list2, list3} is written as given", async () => {
    const { name, sheets } = await workbook(d, { year: 2025 });
    expect(name).toBe("포트폴리오_성찰일지_2025.xlsx");
    const { total, sumList } = (await data(d, { year: 2025 })).body.result;
    expect(sheets[0].rows[0]).toEqual(["년도", "학년", "이름", "학번", ...JOURNAL_COMPETENCIES, "합계"]);
    expect(sheets[0].rows.length - 1).toBe(total);
    expect(sheets[1].name).toBe("년도·학년별 요약");
    expect(sheets[1].rows[0]).toEqual(["년도", "학년", "학생 수", ...JOURNAL_COMPETENCIES, "합계"]);
    expect(sheets[1].rows).toHaveLength(1 + sumList.length + 1);
    const footer = sheets[1].rows[sheets[1].rows.length - 1];
    expect(footer[0]).toBe("합계");
    expect(footer[2]).toBe(sumList.reduce((s: number, x: { stCnt: number }) => s + x.stCnt, 0));
    expect(footer[13]).toBe(sumList.reduce((s: number, x: { totalCnt: number }) => s + x.totalCnt, 0));

    const list1 = [{ year: 2025, grade: "5학년", name: "=HYPERLINK(1)", id: "S1", fc1: 1, totalCnt: 1 }];
    const list2 = [{ year: 2025, grade: "5학년", stCnt: 1, fc1: 1, totalCnt: 1 }];
    const posted = await workbook(d, { list1, list2, list3: [{ stCnt: 1, fc1: 1, totalCnt: 1 }] });
    expect(posted.sheets[0].rows[1].slice(0, 4)).toEqual([2025, "5학년", "'=HYPERLINK(1)", "S1"]);
    // the footer: '합계', no grade, the posted sums (students, fc1)
    expect(posted.sheets[1].rows[2][0]).toBe("합계");
    expect(posted.sheets[1].rows[2].slice(2, 4)).toEqual([1, 1]);
  });

  it("answers evaluation columns with the summary, and syncs", async () => {
    const ev = (await data(d, { year: 2025, eiSeq: 1, menuSeq: await menuSeq(d), page: 1, size: 20 })).body.result;
    expect(Object.keys(ev.list[0]).sort()).toEqual(["grade", "id", "name", "totalCnt", "year"]);
    expect(ev.sumList.length).toBe(2);
    expect(findReport(`${d.path}/1/48/2025`)?.def.id).toBe("E14");
    await syncs(d);
  });
});
