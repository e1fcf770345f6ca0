/**
 * P15 (ADR 0039): the year select's reading (the exclusive 'all', a ticked year winning without
 * JavaScript), menu 78's one-year Excel rule, and what a screen offers to tick.
 */
import { describe, expect, it } from "vitest";
import { excelHrefOf, offeredColumns } from "~/schemas/eval-columns";
import { excelYearsOk, yearsOf } from "~/schemas/eval-indicators";

describe("evaluation indicators", () => {
  it("reads the years: nothing or 'all' is every year, ticked years win", () => {
    expect(yearsOf(undefined)).toEqual([]);
    expect(yearsOf(["all"])).toEqual([]);
    expect(yearsOf("")).toEqual([]);
    expect(yearsOf(["all", "2026", "2025", "2026"])).toEqual([2025, 2026]);
  });

  it("asks exactly one year for menu 78's Excel only", () => {
    expect(excelYearsOk(78, [2025])).toBe(true);
    expect(excelYearsOk(78, [])).toBe(false);
    expect(excelYearsOk(78, [2025, 2026])).toBe(false);
    expect(excelYearsOk(11, [])).toBe(true);
  });

  it("offers a list's evaluation keys and a report's definition columns, a repeated label with its group", () => {
    expect(offeredColumns("/insert/student/document").slice(0, 2)).toEqual([{ clm: "id", clmNm: "학번" }, { clm: "name", clmNm: "이름" }]);
    expect(offeredColumns("/insert/ufolio/grdt-self-eval").map((c) => c.clmNm)).toContain("3차 전문직업성");
    expect(offeredColumns("/menu/10")).toEqual([]);
    expect(excelHrefOf("/insert/ufolio/tmbs", { eiSeq: 5, menuSeq: 42, year: 2026 })).toBe("/report-excel/insert/ufolio/tmbs/excel?eiSeq=5&menuSeq=42&year=2026");
  });
});
