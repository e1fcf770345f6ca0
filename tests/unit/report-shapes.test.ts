/**
 * The logic of the report shapes (issue 13): footer sums, R18's reply to table rows and back, E14's
 * summary by year and grade, E10's pass rate, the counselling year list (from 2020, the previous
 * year by default), the sort keys a shaped report accepts, and the Excel writer's footer row and
 * further sheets (formula-safe).
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { passRate, journalSummary, counselingReply } from "../../app/embedded/reports/shapes.server";
import { columnSums, counselingRows, FC_KEYS, hasShape, REPORTS, yearChoices } from "../../app/reports/definitions";
import { xlsxBytes } from "../../app/utils/excel.server";
import { readSort } from "../../app/utils/list-url";

const def = (id: string) => REPORTS.find((d) => d.id === id)!;

describe("footer sums", () => {
  it("sum each column, blanks and text as 0", () => {
    const rows = [{ a: 1, b: "2", c: null }, { a: 3, b: "", c: "x" }, { a: 0.5 }];
    expect(columnSums(rows, ["a", "b", "c", "d"])).toEqual({ a: 4.5, b: 2, c: 0, d: 0 });
    expect(columnSums([], ["a"])).toEqual({ a: 0 });
  });
});

describe("R18 counselling reply", () => {
  const stored = [
    { year: 2025, personal: 10, career: 5, learning: 4, integrated: 2, support: 1, stCnt: 12 },
    { year: 2024, personal: 8, career: 3, learning: 6, integrated: 1, support: 0, stCnt: 9 },
  ];

  it("is a chart's data (a label a year, oldest first; a dataset a type) and the counted students", () => {
    const reply = counselingReply(stored);
    expect(reply.chartData).toEqual({
      labels: ["2024", "2025"],
      datasets: [
        { label: "개인상담", data: [8, 10] },
        { label: "진로상담", data: [3, 5] },
        { label: "학습상담", data: [6, 4] },
        { label: "통합학습상담", data: [1, 2] },
        { label: "체계적 지원 필요 사례", data: [0, 1] },
      ],
    });
    expect(reply.stCntList).toEqual([{ year: 2024, stCnt: 9 }, { year: 2025, stCnt: 12 }]);
  });

  it("turns back into the table's rows, a year a row; datasets found by label, else by place", () => {
    expect(counselingRows(counselingReply(stored))).toEqual([...stored].reverse());
    const unlabelled = { chartData: { labels: [2026], datasets: [{ data: [7] }, { data: [1] }] }, stCntList: [{ year: "2026", stCnt: "5" }] };
    expect(counselingRows(unlabelled)).toEqual([{ year: 2026, personal: 7, career: 1, learning: 0, integrated: 0, support: 0, stCnt: 5 }]);
    expect(counselingRows({})).toEqual([]);
  });
});

describe("E14 summary by year and grade", () => {
  const student = (year: number, grade: string, fc: number[]) => ({ year, grade, ...Object.fromEntries(FC_KEYS.map((k, i) => [k, fc[i] ?? 0])), totalCnt: fc.reduce((a, b) => a + b, 0) });

  it("sums each competency and the totals per year and grade, counts the students, newest year first", () => {
    const rows = [student(2024, "5학년", [1, 2]), student(2025, "6학년", [3]), student(2025, "5학년", [1, 1, 1]), student(2025, "5학년", [0, 4])];
    const summary = journalSummary(rows);
    expect(summary.map((s) => [s.year, s.grade, s.stCnt, s.fc1, s.fc2, s.fc3, s.totalCnt])).toEqual([
      [2025, "5학년", 2, 1, 5, 1, 7],
      [2025, "6학년", 1, 3, 0, 0, 3],
      [2024, "5학년", 1, 1, 2, 0, 3],
    ]);
    // the footer row: the column sums of the summary are the students' own sums
    expect(columnSums(summary, ["stCnt", "totalCnt", "fc2"])).toEqual({ stCnt: 4, totalCnt: 13, fc2: 7 });
  });
});

describe("E10 pass rate", () => {
  it("is a percentage with two decimals, 0 without examinees", () => {
    expect(passRate(57, 59)).toBe(96.61);
    expect(passRate(3, 3)).toBe(100);
    expect(passRate(0, 0)).toBe(0);
  });
});

describe("year lists", () => {
  it("R18 runs from 2020 with the previous year by default; the others from 2025 with this year", () => {
    const r18 = def("R18").filters[0];
    expect(r18.kind === "year" && yearChoices(r18, 2026)).toEqual({ years: [2026, 2025, 2024, 2023, 2022, 2021, 2020], fallback: 2025 });
    const e10 = def("E10").filters[0];
    expect(e10.kind === "year" && yearChoices(e10, 2026)).toEqual({ years: [2026, 2025], fallback: 2026 });
    // in the list's first year there is no previous one to default to
    expect(r18.kind === "year" && yearChoices(r18, 2020).fallback).toBe(2020);
  });
});

describe("sort keys", () => {
  const sortable = (id: string) => def(id).columns.filter((c) => c.sortable).map((c) => c.key);

  it("a shaped report sorts by its own sortable columns only (server-side, so across pages)", () => {
    const url = (sort: string) => new URL(`http://x/?sort=${encodeURIComponent(sort)}`);
    expect(readSort(url("totalCnt:desc,fc10:asc,seq:asc"), sortable("E14"))).toEqual([
      { key: "totalCnt", dir: "desc" },
      { key: "fc10", dir: "asc" },
    ]);
    expect(readSort(url("score:desc"), sortable("E10"))).toEqual([{ key: "score", dir: "desc" }]);
    expect(readSort(url("grade:asc"), sortable("E10"))).toEqual([]);
    // R18 and R19 are shown whole: nothing to sort
    expect(sortable("R18")).toEqual([]);
    expect(sortable("R19")).toEqual([]);
  });

  it("the shaped reports are the ones with a shape (issue 13: part 1, then E05, E12, E23 and the dialogs' R20, E07, E20, E21)", () => {
    expect(REPORTS.filter(hasShape).map((d) => d.id)).toEqual(["R18", "R19", "E10", "E14", "E05", "E12", "E23", "R20", "E07", "E20", "E21"]);
  });
});

describe("the Excel writer's footer row and further sheets", () => {
  it("writes the rows, a bold footer, then each further sheet with its own footer, formula-safe", async () => {
    const bytes = await xlsxBytes({
      sheetName: "학생",
      columns: [{ header: "이름", value: (r: { name: string; n: number }) => r.name }, { header: "수", value: (r) => r.n }],
      rows: [{ name: "=1+1", n: 2 }, { name: "가", n: 3 }],
      footer: ["합계", 5],
      sheets: [{ sheetName: "요약", columns: [{ header: "학년", value: (r) => String(r.grade) }], rows: [{ grade: "5학년" }], footer: ["@SUM"] }],
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(bytes) as never);
    const [first, second] = wb.worksheets;
    expect(first.name).toBe("학생");
    expect(first.getRow(2).getCell(1).value).toBe("'=1+1");
    expect(first.getRow(4).values).toEqual([undefined, "합계", 5]);
    expect(first.getRow(4).font?.bold).toBe(true);
    expect(second.name).toBe("요약");
    expect(second.getRow(1).getCell(1).value).toBe("학년");
    expect(second.getRow(2).getCell(1).value).toBe("5학년");
    expect(second.getRow(3).getCell(1).value).toBe("'@SUM");
  });
});
