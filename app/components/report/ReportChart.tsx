/**
 * The bar chart of a report with a chart (ReportDef.chart; issue 13, R18): one group of bars per
 * row (a year), one bar per series. The only module that imports @mantine/charts for reports:
 * ReportPage loads it lazily, after hydration, on the pages whose definition has a chart, so no
 * other report's page carries its code. It is hidden from assistive technology: ReportPage gives
 * it a text alternative, and the table under it has the same numbers with or without JavaScript.
 */
import { BarChart } from "@mantine/charts";
import type { ReportChart as ChartDef } from "~/reports/definitions";

export default function ReportChart({ chart, rows }: { chart: ChartDef; rows: readonly Record<string, unknown>[] }) {
  const data = [...rows]
    .sort((a, b) => Number(a[chart.x]) - Number(b[chart.x]))
    .map((r) => ({ [chart.x]: `${r[chart.x]}${chart.xUnit}`, ...Object.fromEntries(chart.series.map((s) => [s.key, Number(r[s.key] ?? 0)])) }));
  return (
    <div aria-hidden="true" data-testid="report-chart">
      <BarChart
        h={320}
        data={data}
        dataKey={chart.x}
        series={chart.series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
        withLegend
        legendProps={{ verticalAlign: "bottom" }}
        yAxisProps={{ allowDecimals: false, width: 40 }}
        gridAxis="y"
      />
    </div>
  );
}
