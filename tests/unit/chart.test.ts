/** Charts drawn on the server (ADR 0043): the SVG a page carries, its text escaped, its rows in order. */
import { describe, expect, it } from "vitest";
import { reportChartRows, themeColor } from "~/utils/chart";
import { barChartSvg, horizontalBarChartSvg, lineChartSvg, reportChartSvg } from "~/utils/chart.server";

const series = [
  { key: "a", label: "개인상담", color: "indigo.7" },
  { key: "b", label: "진로상담", color: "teal.8" },
];

describe("server-drawn charts", () => {
  it("is one SVG that scales by its viewBox, a bar a value, in the theme's colours", () => {
    const svg = barChartSvg({ data: [{ y: "2024년", a: 3, b: 5 }, { y: "2025년", a: 7, b: 0 }], x: "y", series });
    expect(svg.startsWith('<svg class="recharts-surface" viewBox="0 0 720 320">')).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
    // no fixed size, no wrapper, no empty title, no axis box repeated on every tick
    expect(svg).not.toMatch(/<div|<title>|orientation=|<svg[^>]* width=/);
    expect(svg.match(/class="recharts-rectangle recharts-bar-rectangle"|recharts-bar-rectangle"/g)?.length).toBeGreaterThanOrEqual(3);
    expect(svg).toContain('fill="var(--mantine-color-indigo-7)"');
    expect(svg).toContain('fill="var(--mantine-color-teal-8)"');
    expect(svg.match(/<tspan[^>]*>(20\d\d년)</g)?.map((t) => t.replace(/<[^>]*>/g, "").replace("<", ""))).toEqual(["2024년", "2025년"]);
  });

  it("escapes what a label holds (a survey option is typed by staff)", () => {
    const svg = horizontalBarChartSvg({ data: [{ label: '<script>alert(1)</script>"&', count: 2 }], x: "label", series: [{ key: "count", label: "응답 수", color: "indigo.7" }] });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain(">&lt;script&gt;alert…<");
  });

  it("cuts a long option to the axis's width (the table beside it has the whole text)", () => {
    const svg = horizontalBarChartSvg({ data: [{ label: "아주 긴 답가지의 문장이 여기에 있습니다", count: 1 }], x: "label", series: [{ key: "count", label: "응답 수", color: "indigo.7" }] });
    expect(svg).toContain(">아주 긴 답가지의 문장이…<");
  });

  it("draws a line a series, gaps joined", () => {
    const svg = lineChartSvg({ data: [{ year: 2020, basic: 70, clinical: null }, { year: 2021, basic: 75, clinical: 80 }], x: "year", series: [{ key: "basic", label: "기초", color: "indigo.7" }, { key: "clinical", label: "임상", color: "teal.8" }] });
    expect(svg.match(/class="recharts-layer recharts-line"/g)).toHaveLength(2);
  });

  it("a report's chart: years in order with their unit, missing values as 0; nothing without rows", () => {
    const chart = { title: "연도별", x: "year", xUnit: "년", series };
    expect(reportChartRows(chart, [{ year: "2025", a: "4" }, { year: "2024", a: 1, b: 2 }])).toEqual([
      { year: "2024년", a: 1, b: 2 },
      { year: "2025년", a: 4, b: 0 },
    ]);
    expect(reportChartSvg(chart, [])).toBeNull();
    expect(themeColor("blue")).toBe("var(--mantine-color-blue-filled)");
  });
});
