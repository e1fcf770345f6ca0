/**
 * The bar chart of one question's results (P13). Charts need JavaScript and draw nothing on the
 * server, so the chart is drawn only after hydration and is hidden from assistive technology: the
 * table beside it (ResultTable) has the same numbers for everyone, with or without JavaScript.
 */
import { BarChart } from "@mantine/charts";
import { useHydrated } from "~/components/layout/useHydrated";

export interface ResultBar {
  label: string;
  count: number;
}

export function ResultChart({ bars }: { bars: ResultBar[] }) {
  const hydrated = useHydrated();
  if (!hydrated || bars.length === 0) return null;
  return (
    <div aria-hidden="true" className="survey-chart" data-testid="result-chart">
      <BarChart
        h={Math.max(160, bars.length * 34 + 40)}
        data={bars}
        dataKey="label"
        orientation="vertical"
        yAxisProps={{ width: 140 }}
        xAxisProps={{ allowDecimals: false }}
        series={[{ name: "count", label: "응답 수", color: "indigo.7" }]}
        withTooltip={false}
        gridAxis="x"
      />
    </div>
  );
}
