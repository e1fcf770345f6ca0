/**
 * A bar chart over a table of the same numbers (a report's ReportDef.chart, the student analysis's
 * two charts): drawn after hydration only, hidden from assistive technology; its text alternative
 * says what it draws and where the same numbers are (the table under it). The chart's code (and
 * @mantine/charts) is a chunk of its own, fetched only where a chart is drawn.
 */
import { Paper } from "~mantine/components/Paper/Paper";
import { Text } from "~mantine/components/Text/Text";
import { Title } from "~mantine/components/Title/Title";
import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/layout/useHydrated";
import type { ReportChart as ChartDef } from "~/reports/definitions";
import { MSG } from "~/schemas/messages.ko";

const ReportChart = lazy(() => import("./ReportChart"));

export function ChartPanel({ chart, rows, id = "report-chart" }: { chart: ChartDef; rows: readonly Record<string, unknown>[]; id?: string }) {
  const hydrated = useHydrated();
  const xs = rows.map((r) => Number(r[chart.x])).filter(Number.isFinite);
  const span = xs.length ? `${Math.min(...xs)}${chart.xUnit}부터 ${Math.max(...xs)}${chart.xUnit}까지` : "";
  const alt = `${chart.title} 막대 차트${span ? ` (${span})` : ""}: ${chart.series.map((x) => x.label).join(", ")}. 같은 수치는 아래 표에 있습니다.`;
  return (
    <Paper withBorder p="md" component="figure" m={0} aria-labelledby={`${id}-title`} data-testid={`${id}-panel`}>
      <Title order={2} size="h4" mb="sm" id={`${id}-title`}>
        {chart.title}
      </Title>
      {hydrated && rows.length ? (
        <Suspense fallback={null}>
          <ReportChart chart={chart} rows={rows} />
        </Suspense>
      ) : null}
      <Text component="figcaption" size="sm" c="dimmed" mt="xs" data-testid={`${id}-alt`}>
        {rows.length ? alt : MSG.noData}
      </Text>
    </Paper>
  );
}
