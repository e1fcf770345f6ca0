import { describe, expect, it } from "vitest";
import { excelLinks } from "~/components/excel/ExcelToolbar";

const params = (href: string) => [...new URL(href, "http://x").searchParams.entries()];

describe("excelLinks: the download and template links of a list's Excel route", () => {
  it("carries the year and the list's filters; an empty search is left out", () => {
    const l = excelLinks("/insert/eval/medical-law", { year: 2026, filters: { value: "", tgetSt: ["0000100003", "0000100004"] } });
    expect(l.downloadHref.startsWith("/insert/eval/medical-law/excel?")).toBe(true);
    expect(params(l.downloadHref)).toEqual([
      ["type", "download"],
      ["year", "2026"],
      ["tgetSt", "0000100003"],
      ["tgetSt", "0000100004"],
    ]);
    expect(l.templateHref).toBe("/insert/eval/medical-law/excel?type=template&year=2026");
  });

  it("adds the evaluation's ids in evaluation mode, and the search text when there is one", () => {
    const l = excelLinks("/eval/monitor/analysis", { year: 2025, filters: { value: "심혈관 계" }, evalMode: { eiSeq: 1, menuSeq: 71 } });
    expect(params(l.downloadHref)).toEqual([
      ["type", "download"],
      ["year", "2025"],
      ["value", "심혈관 계"],
      ["eiSeq", "1"],
      ["menuSeq", "71"],
    ]);
  });

  it("a screen without a year (achievement) gets links without one", () => {
    const l = excelLinks("/insert/professor/archive", {});
    expect(l).toEqual({ downloadHref: "/insert/professor/archive/excel?type=download", templateHref: "/insert/professor/archive/excel?type=template" });
  });
});
