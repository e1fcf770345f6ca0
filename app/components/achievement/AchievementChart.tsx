/**
 * The line chart of education achievement scores by year, 기초 and 임상 (R06), drawn on the server
 * (ADR 0043): it shows with or without JavaScript and is hidden from assistive technology; the
 * table under it has the same numbers for everyone.
 */
import { StaticChart } from "~/components/chart/StaticChart";
import { ACHIEVEMENT_SERIES } from "~/schemas/achievement";

export interface ChartPoint {
  year: number;
  basic: number | null;
  clinical: number | null;
}

export function AchievementChart({ svg }: { svg: string | null | undefined }) {
  return svg ? <StaticChart svg={svg} series={ACHIEVEMENT_SERIES} testId="achievement-chart" /> : null;
}
