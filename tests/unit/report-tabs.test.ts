/**
 * The logic of the report shapes of issue 13, part 2: a multi-key sort's next state on a header
 * click, a report's open tab as its own definition (columns, list, paging, the calls' tabNum, the
 * Excel file's name), the sort keys a tab accepts, E12's period outcomes and E23's averages.
 */
import { describe, expect, it } from "vitest";
import { competencyAverages, periodOutcomes } from "../../app/embedded/reports/shapes.server";
import { nextMultiSort, readTab, REPORTS, tabDef } from "../../app/reports/definitions";
import { readSort } from "../../app/utils/list-url";

const def = (id: string) => REPORTS.find((d) => d.id === id)!;

describe("multi-key sort", () => {
  it("adds a key last (ascending), turns an ascending key descending, drops a descending one; at most three keys", () => {
    expect(nextMultiSort([], "year")).toEqual([{ key: "year", dir: "asc" }]);
    expect(nextMultiSort([{ key: "year", dir: "asc" }], "grade")).toEqual([{ key: "year", dir: "asc" }, { key: "grade", dir: "asc" }]);
    expect(nextMultiSort([{ key: "year", dir: "asc" }, { key: "grade", dir: "asc" }], "grade")).toEqual([{ key: "year", dir: "asc" }, { key: "grade", dir: "desc" }]);
    expect(nextMultiSort([{ key: "year", dir: "asc" }, { key: "grade", dir: "desc" }], "year")).toEqual([{ key: "year", dir: "desc" }, { key: "grade", dir: "desc" }]);
    expect(nextMultiSort([{ key: "year", dir: "desc" }, { key: "grade", dir: "desc" }], "year")).toEqual([{ key: "grade", dir: "desc" }]);
    const three = [{ key: "a", dir: "asc" as const }, { key: "b", dir: "asc" as const }, { key: "c", dir: "asc" as const }];
    expect(nextMultiSort(three, "d").map((s) => s.key)).toEqual(["a", "b", "d"]);
  });
});

describe("tabs", () => {
  const e12 = def("E12");

  it("opens the first tab unless the URL names another", () => {
    expect(readTab(e12, "")?.id).toBe("1");
    expect(readTab(e12, "tab=2")?.id).toBe("2");
    expect(readTab(e12, "tab=9")?.id).toBe("1");
    expect(readTab(def("E14"), "tab=2")).toBeNull();
    expect(tabDef(def("E14"), "tab=2")).toBe(def("E14"));
  });

  it("a tab is its own definition: columns, list, paging (10 by student), tabNum in the calls, the file named after it", () => {
    const one = tabDef(e12, "tab=1");
    const two = tabDef(e12, new URLSearchParams("tab=2&sort=year:asc"));
    expect([one.tab, one.list, one.defaultSize, one.data.body, one.search]).toEqual(["1", "tab1List", undefined, { tabNum: 1 }, "년도, 학년, 시기"]);
    expect([two.tab, two.list, two.defaultSize, two.data.body, two.excel.body, two.search]).toEqual(["2", "tab2List", 10, { tabNum: 2 }, { tabNum: 2 }, "이름, 학번"]);
    expect(one.excel.fileName).toBe("시기별_졸업성과_포트폴리오_평가_시기별_성과");
    expect(two.columns.map((c) => c.label).slice(0, 9)).toEqual(["년도", "학년", "이름", "학번", "전문직업성", "사회적 책무성", "의사소통과 협력", "환자 진료", "지식 적용"]);
    expect(two.groups?.map((g) => [g.label, g.keys[0]])).toEqual([["1차", "p1Score1"], ["2차", "p2Score1"], ["3차", "p3Score1"]]);
    // each tab sorts by its own columns only
    const sortable = (d: typeof one) => d.columns.filter((c) => c.sortable).map((c) => c.key);
    const url = new URL("http://x/?sort=year:asc,period:desc,name:asc");
    expect(readSort(url, sortable(one))).toEqual([{ key: "year", dir: "asc" }, { key: "period", dir: "desc" }]);
    expect(readSort(url, sortable(two))).toEqual([{ key: "year", dir: "asc" }, { key: "name", dir: "asc" }]);
  });
});

describe("E12 period outcomes and E23 averages", () => {
  const student = (year: number, grade: number, base: number) => ({
    year,
    grade: `${grade}학년`,
    grdSeq: String(grade),
    ...Object.fromEntries([1, 2, 3].flatMap((p) => [1, 2, 3, 4, 5].flatMap((c) => [[`p${p}Score${c}`, base + p - 1], [`score${c}P${p}`, base + p - 1]]))),
  });

  it("a row per year, grade and period with the students counted and two-decimal averages", () => {
    const rows = [student(2025, 5, 2), student(2025, 5, 3), student(2025, 5, 3), student(2024, 6, 1)];
    const out = periodOutcomes(rows);
    expect(out.map((r) => `${r.year} ${r.grade} ${r.period}`)).toEqual(["2025 5학년 1차", "2025 5학년 2차", "2025 5학년 3차", "2024 6학년 1차", "2024 6학년 2차", "2024 6학년 3차"]);
    expect(out[0]).toMatchObject({ key: "2025-5-1", stCnt: 3, avg1: 2.67, avg5: 2.67 });
    expect(out[2]).toMatchObject({ stCnt: 3, avg1: 4.67 });
    // a period nobody was evaluated in has no row
    expect(periodOutcomes([{ ...student(2025, 5, 2), p3Score1: null, p3Score2: null, p3Score3: null, p3Score4: null, p3Score5: null }]).map((r) => r.period)).toEqual(["1차", "2차"]);
  });

  it("E23: a row per year and grade, each competency and period averaged", () => {
    const out = competencyAverages([student(2025, 4, 2), student(2025, 3, 4), student(2025, 3, 1)]);
    expect(out.map((r) => r.grade)).toEqual(["3학년", "4학년"]);
    expect(out[0]).toMatchObject({ stCnt: 2, score1P1: 2.5, score5P3: 4.5 });
  });
});
