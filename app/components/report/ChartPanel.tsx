/**
 * A bar chart over a table of the same numbers (a report's ReportDef.chart, the student analysis's
 * two charts), drawn on the server (ADR 0043), so it shows with or without JavaScript and the
 * browser loads no chart code. It is hidden from assistive technology; its text alternative says
 * what it draws and where the same numbers are (the table under it).
 */
import { Paper, Text, Title } from "~/components/ui/mantine";
import { StaticChart } from "~/components/chart/StaticChart";
import type { ReportChart as ChartDef } from "~/reports/definitions";
import { MSG } from "~/schemas/messages.ko";

export function ChartPanel({ chart, rows, svg, id = "report-chart" }: { chart: ChartDef; rows: readonly Record<string, unknown>[]; svg: string | null | undefined; id?: string }) {
  const xs = rows.map((r) => Number(r[chart.x])).filter(Number.isFinite);
  const span = xs.length ? `${Math.min(...xs)}${chart.xUnit}부터 ${Math.max(...xs)}${chart.xUnit}까지` : "";
  const alt = `${chart.title} 막대 차트${span ? ` (${span})` : ""}: ${chart.series.map((x) => x.label).join(", ")}. 같은 수치는 아래 표에 있습니다.`;
  return (
    <Paper withBorder p="md" component="figure" m={0} aria-labelledby={`${id}-title`} data-testid={`${id}-panel`}>
      <Title order={2} size="h4" mb="sm" id={`${id}-title`}>
        {chart.title}
      </Title>
      {svg && rows.length ? <StaticChart svg={svg} series={chart.series} testId={id} /> : null}
      <Text component="figcaption" size="sm" c="dimmed" mt="xs" data-testid={`${id}-alt`}>
        {rows.length ? alt : MSG.noData}
      </Text>
    </Paper>
  );
}
