/**
 * The line chart of education achievement scores by year, 기초 and 임상 (R06). Charts need
 * JavaScript and draw nothing on the server, so the chart is drawn only after hydration and is
 * hidden from assistive technology: the table under it has the same numbers for everyone, with or
 * without JavaScript.
 */
import { LineChart } from "@mantine/charts";
import { useHydrated } from "~/components/layout/useHydrated";

export interface ChartPoint {
  year: number;
  basic: number | null;
  clinical: number | null;
}

export function AchievementChart({ points }: { points: ChartPoint[] }) {
  const hydrated = useHydrated();
  if (!hydrated || points.length === 0) return null;
  return (
    <div aria-hidden="true" data-testid="achievement-chart">
      <LineChart
        h={300}
        data={points}
        dataKey="year"
        series={[
          { name: "basic", label: "기초", color: "indigo.7" },
          { name: "clinical", label: "임상", color: "teal.8" },
        ]}
        withLegend
        connectNulls
        curveType="linear"
        yAxisProps={{ allowDecimals: false, width: 40 }}
        gridAxis="xy"
      />
    </div>
  );
}
