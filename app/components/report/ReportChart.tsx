/**
 * The bar chart of a report with a chart (ReportDef.chart; issue 13, R18): one group of bars per
 * row (a year, a grade), one bar per series. The only module that imports @mantine/charts (and its
 * stylesheet) for reports: ReportPage loads it lazily, after hydration, on the pages whose
 * definition has a chart, so no other report's page carries its code. It is hidden from assistive
 * technology: ReportPage gives it a text alternative, and the table under it has the same numbers
 * with or without JavaScript.
 */
import { BarChart } from "@mantine/charts";
import chartStyles from "@mantine/charts/styles.css";
import { useState } from "react";
import type { ReportChart as ChartDef } from "~/reports/definitions";

/** Whether the charts' stylesheet is in the document already (a page visited before). */
const styled = () => typeof document !== "undefined" && [...document.styleSheets].some((s) => s.href?.endsWith(chartStyles));

export default function ReportChart({ chart, rows }: { chart: ChartDef; rows: readonly Record<string, unknown>[] }) {
  // numbers along the axis (years) in order; labels (grades) as the rows give them
  const numeric = rows.every((r) => Number.isFinite(Number(r[chart.x])));
  const data = (numeric ? [...rows].sort((a, b) => Number(a[chart.x]) - Number(b[chart.x])) : rows)
    .map((r) => ({ [chart.x]: `${r[chart.x]}${chart.xUnit}`, ...Object.fromEntries(chart.series.map((s) => [s.key, Number(r[s.key] ?? 0)])) }));
  // the stylesheet comes with the chart, not with every report page; the chart measures its legend
  // when it mounts, so it is drawn once the stylesheet has loaded
  const [ready, setReady] = useState(styled);
  return (
    <div aria-hidden="true" data-testid="report-chart">
      <link rel="stylesheet" href={chartStyles} onLoad={() => setReady(true)} />
      {ready ? (
        <BarChart
          h={320}
          data={data}
          dataKey={chart.x}
          series={chart.series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
          withLegend
          yAxisProps={{ allowDecimals: false, width: 40 }}
          gridAxis="y"
        />
      ) : null}
    </div>
  );
}
