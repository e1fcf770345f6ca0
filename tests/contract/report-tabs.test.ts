/**
 * The synced reports with grouped headers, tabs, multi-key sort and two tables (issue 13, part 2;
 * spec 002 §2 screens 5, 12, 23, §3, §7): E05 reflection summary (five competency counts and their
 * sum), E12 graduation outcome portfolio by period (getGrdtSelfEvalData.do {tabNum} → tab1List, the
 * period outcomes, or tab2List, the students), E23 graduate-competency self-evaluation
 * (getGrcmSelfEvalData.do → list1, the averages by year and grade, and list2, the students). Each:
 * the rows consistent with the seeded students, the server's sort of several keys across pages,
 * evaluation mode, the workbook, a sync press.
 */
import { describe, expect, it } from "vitest";
import { AVG_KEYS, competencyScoreKeys, findReport, GRADUATION_COMPETENCIES, periodScoreKeys, REPORTS, SUMMARY_COUNT_KEYS, tabDef, type ReportDef } from "../../app/reports/definitions";
import { ENROLMENT } from "../../app/schemas/student";
import { adminApi } from "./client";
import { reportWorkbook } from "./report-fixtures";

// the backend signed in as administrator, for this file (client.ts)
const backend = adminApi();

type Row = Record<string, any>;
const def = (id: string) => REPORTS.find((d) => d.id === id)!;
const call = backend.call;
const data = (d: ReportDef, body: Record<string, unknown>) => call(d.data.call.path, { searchTxt: "", ...body, ...d.data.body });
const menuSeq = async (d: ReportDef) => (await call("/api/comm/menu/getMenuList.do")).body.result.list.find((m: { menuUrl: string }) => m.menuUrl === d.path).menuSeq as number;
const mean2 = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100;

/** The enrolled students of a year in some grades ('5학년'). */
async function enrolled(year: number, grades: string[]): Promise<{ id: string; name: string; grade: string }[]> {
  const r = await call("/api/student/getList.do", { year, grde: "all", attn: "", value: "" });
  const list = r.body.result.list as { id: string; name: string; txt: string; attnCd: string }[];
  return list.filter((s) => s.attnCd === ENROLMENT.enrolled).map((s) => ({ id: s.id, name: s.name, grade: s.txt.split(" · ")[0] })).filter((s) => grades.includes(s.grade));
}

const workbook = (d: ReportDef, body: Record<string, unknown>) => reportWorkbook(backend, d, body);

async function syncs(d: ReportDef) {
  const r = await call(d.sync.call.path, { menuSeq: await menuSeq(d), ...d.sync.body });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.result.htList[0]).toMatchObject({ apiSe: "SELF", rsltCd: "S" });
  return r.body.result.rowCnt as number;
}

/** Whether rows are in the order of a sort of several keys (text in Korean order, numbers as numbers). */
function inOrder(rows: Row[], keys: [string, "asc" | "desc"][]) {
  const c = new Intl.Collator("ko", { numeric: true });
  for (let i = 1; i < rows.length; i++) {
    for (const [k, dir] of keys) {
      const a = rows[i - 1][k];
      const b = rows[i][k];
      const d = typeof a === "number" && typeof b === "number" ? a - b : c.compare(String(a), String(b));
      if (d === 0) continue;
      if ((dir === "asc" ? d : -d) > 0) return false;
      break;
    }
  }
  return true;
}

describe("E05 reflection summary: five competency counts, their sum, last modified", () => {
  const d = def("E05");

  it("answers a row per grade-5 and grade-6 student and rotation, totalCnt the sum of cnt1 … cnt5", async () => {
    const { list, total } = (await data(d, { year: 2025 })).body.result;
    const students = await enrolled(2025, ["5학년", "6학년"]);
    const fifth = students.filter((s) => s.grade === "5학년").length;
    // four rotations in grade 5, three in grade 6
    expect(total).toBe(fifth * 4 + (students.length - fifth) * 3);
    const names = new Map(students.map((s) => [s.id, s.name]));
    for (const row of list as Row[]) {
      expect(names.get(row.id)).toBe(row.name);
      expect(row.totalCnt).toBe(SUMMARY_COUNT_KEYS.reduce((s, k) => s + row[k], 0));
      expect(row.lastSyncTime).toMatch(/^2025-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(typeof row.vaSeq).toBe("number");
    }
    // the search looks in name, number and item
    const item = (await data(d, { year: 2025, searchTxt: "응급의학과" })).body.result;
    expect(item.total).toBe(students.length - fifth);
    expect(item.list.every((r: Row) => r.item === "응급의학과 실습")).toBe(true);
  });

  it("answers its evaluation columns, downloads the rows, syncs", async () => {
    const ev = (await data(d, { year: 2025, eiSeq: 1, menuSeq: await menuSeq(d), page: 1, size: 20 })).body.result;
    expect(ev.columns.map((c: { clm: string }) => c.clm)).toEqual(["year", "grade", "name", "id", "item", "totalCnt"]);
    expect(Object.keys(ev.list[0]).sort()).toEqual(["grade", "id", "item", "name", "totalCnt", "year"]);
    const { name, sheets } = await workbook(d, { year: 2025 });
    expect(name).toBe("임상실습_포트폴리오_성찰_요약_2025.xlsx");
    expect(sheets[0].rows[0]).toEqual(["년도", "학년", "이름", "학번", "항목", ...GRADUATION_COMPETENCIES, "합계", "최종수정일"]);
    expect(sheets[0].rows.length - 1).toBe((await data(d, { year: 2025 })).body.result.total);
    expect(await syncs(d)).toBeGreaterThan(0);
  });
});

describe("E12 graduation outcome portfolio by period: tabNum 1 → tab1List, tabNum 2 → tab2List", () => {
  const d = def("E12");
  const tab1 = tabDef(d, "tab=1");
  const tab2 = tabDef(d, "tab=2");

  it("tab 2: a row per grade-5 and grade-6 student, three periods of five scores from 1 to 5", async () => {
    const r = (await data(tab2, { year: 2025, page: 1, size: 10 })).body.result;
    expect(r.tab1List).toBeUndefined();
    const students = await enrolled(2025, ["5학년", "6학년"]);
    expect(r.total).toBe(students.length);
    expect(r.tab2List).toHaveLength(10);
    for (const row of r.tab2List as Row[]) {
      const given = [1, 2, 3].flatMap((p) => periodScoreKeys(p).map((k) => row[k]));
      expect(given.every((v) => Number.isInteger(v) && v >= 1 && v <= 5), JSON.stringify(row)).toBe(true);
      expect(row.lastSyncTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
  });

  it("tab 1: a row per year, grade and period, its averages those of tab 2's students", async () => {
    const r = (await data(tab1, { year: 2025 })).body.result;
    expect(r.tab2List).toBeUndefined();
    expect(r.tab1List.map((x: Row) => `${x.grade} ${x.period}`)).toEqual(["5학년 1차", "5학년 2차", "5학년 3차", "6학년 1차", "6학년 2차", "6학년 3차"]);
    const students = (await data(tab2, { year: 2025 })).body.result.tab2List as Row[];
    const sixth = students.filter((s) => s.grade === "6학년");
    const row = r.tab1List.find((x: Row) => x.grade === "6학년" && x.period === "2차");
    expect(row.stCnt).toBe(sixth.length);
    AVG_KEYS.forEach((k, c) => expect(row[k], k).toBe(mean2(sixth.map((s) => s[`p2Score${c + 1}`]))));
    // the averages rise from the first period to the third
    const fifth = r.tab1List.filter((x: Row) => x.grade === "5학년");
    expect(fifth[2].avg4).toBeGreaterThan(fifth[0].avg4);
  });

  it("sorts by several keys on the server, across pages, in both tabs", async () => {
    const all = (await data(tab1, { year: "", sort: "year:asc,grade:desc" })).body.result.tab1List as Row[];
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(inOrder(all, [["year", "asc"], ["grade", "desc"]])).toBe(true);
    // the first year's grade 6 first (on a shared database other files may add students of other years)
    expect(all[0]).toMatchObject({ year: Math.min(...all.map((x) => x.year)), grade: "6학년", period: "1차" });
    const page2 = (await data(tab1, { year: "", sort: "year:asc,grade:desc", page: 2, size: 5 })).body.result;
    expect(page2.tab1List).toEqual(all.slice(5, 10));
    expect(page2.total).toBe(all.length);

    const students = (await data(tab2, { year: 2025, page: 1, size: 100, sort: "grade:desc,name:asc" })).body.result.tab2List as Row[];
    expect(inOrder(students, [["grade", "desc"], ["name", "asc"]])).toBe(true);
    const second = (await data(tab2, { year: 2025, page: 2, size: 10, sort: "grade:desc,name:asc" })).body.result.tab2List as Row[];
    expect(second.map((s) => s.id)).toEqual(students.slice(10, 20).map((s) => s.id));
  });

  it("evaluation mode: each tab the configured columns that are its own (one configuration for both)", async () => {
    const seq = await menuSeq(d);
    const ev2 = (await data(tab2, { year: 2025, eiSeq: 1, menuSeq: seq, page: 1, size: 10 })).body.result;
    expect(ev2.columns.map((c: { clm: string }) => c.clm)).toEqual(["year", "grade", "name", "id", "p3Score1", "p3Score4"]);
    expect(Object.keys(ev2.tab2List[0]).sort()).toEqual(["grade", "id", "name", "p3Score1", "p3Score4", "year"]);
    const ev1 = (await data(tab1, { year: 2025, eiSeq: 1, menuSeq: seq })).body.result;
    expect(ev1.columns.map((c: { clm: string }) => c.clm)).toEqual(["year", "grade", "period", "stCnt", "avg1", "avg4"]);
    expect(ev1.tab1List).toHaveLength(6);
    // the workbooks too: each tab's configured columns
    const evBook1 = await workbook(tab1, { year: 2025, eiSeq: 1, menuSeq: seq });
    expect(evBook1.sheets[0].rows[0]).toEqual(["년도", "학년", "시기", "학생 수", "전문직업성", "환자 진료"]);
    const evBook2 = await workbook(tab2, { year: 2025, eiSeq: 1, menuSeq: seq });
    expect(evBook2.sheets[0].rows[0]).toEqual(["년도", "학년", "이름", "학번", "3차 전문직업성", "3차 환자 진료"]);
    expect(findReport(`${d.path}/1/${seq}/2025`)?.def.id).toBe("E12");
  });

  it("downloads the open tab's table (by tabNum), named after it; syncs", async () => {
    const one = await workbook(tab1, { year: 2025 });
    expect(one.name).toBe("시기별_졸업성과_포트폴리오_평가_시기별_성과_2025.xlsx");
    expect(one.sheets[0].name).toBe("시기별 성과");
    expect(one.sheets[0].rows[0]).toEqual(["년도", "학년", "시기", "학생 수", ...GRADUATION_COMPETENCIES.map((c) => `${c} 평균`)]);
    const screen = (await data(tab1, { year: 2025 })).body.result.tab1List as Row[];
    expect(one.sheets[0].rows.slice(1)).toEqual(screen.map((x) => [x.year, x.grade, x.period, x.stCnt, ...AVG_KEYS.map((k) => x[k])]));
    const two = await workbook(tab2, { year: 2025, sort: "name:asc" });
    expect(two.name).toBe("시기별_졸업성과_포트폴리오_평가_학생별_2025.xlsx");
    expect(two.sheets[0].rows[0].slice(0, 6)).toEqual(["년도", "학년", "이름", "학번", "1차 전문직업성", "1차 사회적 책무성"]);
    expect(two.sheets[0].rows.length - 1).toBe((await data(tab2, { year: 2025 })).body.result.total);
    expect(await syncs(d)).toBeGreaterThan(0);
  });
});

describe("E23 graduate-competency self-evaluation: list1 (averages by year and grade), list2 (students)", () => {
  const d = def("E23");

  it("answers both tables: the students of grades 3 to 6 (paged), and their averages by year and grade", async () => {
    const r = (await data(d, { year: 2025, page: 1, size: 10 })).body.result;
    const students = await enrolled(2025, ["3학년", "4학년", "5학년", "6학년"]);
    expect(r.total).toBe(students.length);
    expect(r.list2).toHaveLength(10);
    expect(r.list1.map((x: Row) => x.grade)).toEqual(["3학년", "4학년", "5학년", "6학년"]);
    const all = (await data(d, { year: 2025 })).body.result.list2 as Row[];
    const third = all.filter((s) => s.grade === "3학년");
    const avg = r.list1[0];
    expect(avg.stCnt).toBe(third.length);
    for (const p of [1, 2, 3]) for (const k of competencyScoreKeys(p)) expect(avg[k], k).toBe(mean2(third.map((s) => s[k])));
  });

  it("searches table 2 by name or number; table 1 stays the year's", async () => {
    const all = (await data(d, { year: 2025 })).body.result as { list1: Row[]; list2: Row[] };
    const one = all.list2[3];
    const byName = (await data(d, { year: 2025, searchTxt: one.name })).body.result;
    expect(byName.list2.map((s: Row) => s.id)).toContain(one.id);
    expect(byName.list1).toEqual(all.list1);
    const byId = (await data(d, { year: 2025, searchTxt: one.id })).body.result;
    expect(byId.list2).toEqual([one]);
    // num 1 or 2: that table only
    expect(Object.keys((await data(d, { year: 2025, num: 1 })).body.result)).not.toContain("list2");
    expect(Object.keys((await data(d, { year: 2025, num: 2 })).body.result)).not.toContain("list1");
  });

  it("sorts table 2 by year and grade on the server, across pages", async () => {
    const all = (await data(d, { year: "", page: 1, size: 100, sort: "grade:desc,year:asc" })).body.result.list2 as Row[];
    expect(inOrder(all, [["grade", "desc"], ["year", "asc"]])).toBe(true);
    expect(all[0].grade).toBe("6학년");
    const page3 = (await data(d, { year: "", page: 3, size: 10, sort: "grade:desc,year:asc" })).body.result.list2 as Row[];
    expect(page3.map((s) => s.seq)).toEqual(all.slice(20, 30).map((s) => s.seq));
  });

  it("evaluation columns for table 2; the workbook has the students and the averages; syncs", async () => {
    const ev = (await data(d, { year: 2025, eiSeq: 1, menuSeq: await menuSeq(d), page: 1, size: 10 })).body.result;
    expect(Object.keys(ev.list2[0]).sort()).toEqual(["grade", "id", "name", "score1P3", "score5P3", "year"]);
    expect(ev.list1).toHaveLength(4);
    const { name, sheets } = await workbook(d, { year: 2025 });
    expect(name).toBe("졸업역량_자기평가_2025.xlsx");
    expect(sheets[0].rows[0].slice(0, 5)).toEqual(["년도", "학년", "이름", "학번", "1차 전문직업성"]);
    expect(sheets[0].rows).toHaveLength(1 + (await data(d, { year: 2025 })).body.result.total);
    expect(sheets[1].name).toBe("년도·학년별 시기별 평균");
    expect(sheets[1].rows[0].slice(0, 4)).toEqual(["년도", "학년", "학생 수", "1차 전문직업성"]);
    const { list1 } = (await data(d, { year: 2025 })).body.result;
    expect(sheets[1].rows[1]).toEqual([list1[0].year, list1[0].grade, list1[0].stCnt, ...[1, 2, 3].flatMap((p) => competencyScoreKeys(p).map((k) => list1[0][k]))]);
    expect(await syncs(d)).toBeGreaterThan(0);
  });
});
