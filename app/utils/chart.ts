/**
 * What the server's charts (chart.server.tsx) and the page's legend share: the theme colour of a
 * series, and a report chart's rows as the chart draws them.
 */
import type { ReportChart } from "~/reports/definitions";

/** 'indigo.7' → the theme's variable for that shade ('indigo' alone: its filled shade) */
export function themeColor(color: string): string {
  const [name, shade] = color.split(".");
  return shade ? `var(--mantine-color-${name}-${shade})` : `var(--mantine-color-${name}-filled)`;
}

/**
 * A report chart's rows (ReportDef.chart): numbers along the axis (years) in order, labels (grades)
 * as the rows give them; the axis label with its unit ('2025년'), each series' value a number.
 */
export function reportChartRows(chart: ReportChart, rows: readonly Record<string, unknown>[]): Record<string, string | number>[] {
  const numeric = rows.every((r) => Number.isFinite(Number(r[chart.x])));
  return (numeric ? [...rows].sort((a, b) => Number(a[chart.x]) - Number(b[chart.x])) : rows).map((r) => ({
    [chart.x]: `${r[chart.x]}${chart.xUnit}`,
    ...Object.fromEntries(chart.series.map((s) => [s.key, Number(r[s.key] ?? 0)])),
  }));
}
