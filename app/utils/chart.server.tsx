/**
 * Charts drawn on the server (issue 19, ADR 0043): recharts renders a chart's SVG once, in the
 * loader, and the page carries it as markup. The browser downloads no chart code (recharts with d3
 * was 143 KB gzipped on every chart page), and the chart shows without JavaScript as well.
 *
 * Mantine's chart components cannot be used here: they always wrap the chart in recharts'
 * ResponsiveContainer, which measures its box in the browser and draws nothing on the server. So
 * the chart is recharts' own, at a fixed size whose viewBox the page's CSS scales to the width of
 * its box (app.css `.static-chart`), in the theme's colours (Mantine's CSS variables).
 *
 * What it returns is markup made by React from numbers and labels (React escapes the text), so the
 * page can insert it as it is.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { Bar, BarChart, CartesianGrid, Line, LineChart, XAxis, YAxis } from "recharts";
import type { ReportChart } from "~/reports/definitions";
import { reportChartRows, themeColor } from "./chart";

export interface ChartSeries {
  key: string;
  label: string;
  /** a Mantine colour: 'indigo.7' */
  color: string;
}

export type ChartRow = Record<string, unknown>;

interface ChartSpec {
  data: readonly ChartRow[];
  /** the row field along the category axis */
  x: string;
  series: readonly ChartSeries[];
  height?: number;
}

const WIDTH = 720;
const TICK = { fontSize: 12, fill: "var(--mantine-color-gray-7)" };
const GRID = { stroke: "var(--mantine-color-gray-3)", strokeDasharray: "5 5" };

/**
 * The SVG element alone, without what the browser does not need: recharts writes a wrapper div of
 * a fixed size, an empty title and description, and the axis box's attributes on every tick's
 * line and text (half the markup).
 */
function svgOf(markup: string): string {
  const svg = markup.slice(markup.indexOf("<svg"), markup.lastIndexOf("</svg>") + 6);
  return svg
    .replace(/^<svg([^>]*?) width="\d+" height="\d+" style="[^"]*"/, "<svg$1")
    .replace("<title></title><desc></desc>", "")
    .replace(/<line [^>]*>/g, (tag) => tag.replace(/ (?:orientation|width|height|x|y)="[^"]*"/g, ""))
    .replace(/<text [^>]*>/g, (tag) => tag.replace(/ (?:orientation|width|height)="[^"]*"/g, ""));
}

/** A label cut to `max` characters (the chart is drawn on the server, which cannot measure text). */
const cut = (max: number) => (value: unknown) => {
  const s = String(value ?? "");
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

/** A bar per series, in its colour (recharts reads its children's props, so an array, not a component) */
const bars = (series: readonly ChartSeries[]) => series.map((s) => <Bar key={s.key} dataKey={s.key} name={s.label} fill={themeColor(s.color)} isAnimationActive={false} />);

/** One group of bars per row, one bar per series, values upwards. */
export function barChartSvg({ data, x, series, height = 320 }: ChartSpec): string {
  return svgOf(
    renderToStaticMarkup(
      <BarChart width={WIDTH} height={height} data={[...data]} margin={{ top: 10, right: 10, bottom: 5, left: 0 }}>
        <CartesianGrid vertical={false} {...GRID} />
        <XAxis dataKey={x} tick={TICK} tickFormatter={cut(14)} interval={0} />
        <YAxis allowDecimals={false} width={48} tick={TICK} />
        {bars(series)}
      </BarChart>,
    ),
  );
}

/** One bar per row, lying down: the label on the left (a question's choices), the count along. */
export function horizontalBarChartSvg({ data, x, series }: ChartSpec): string {
  return svgOf(
    renderToStaticMarkup(
      <BarChart width={WIDTH} height={Math.max(160, data.length * 34 + 40)} data={[...data]} layout="vertical" margin={{ top: 10, right: 20, bottom: 5, left: 0 }}>
        <CartesianGrid horizontal={false} {...GRID} />
        <XAxis type="number" allowDecimals={false} tick={TICK} />
        <YAxis type="category" dataKey={x} width={180} tick={TICK} tickFormatter={cut(14)} interval={0} />
        {bars(series)}
      </BarChart>,
    ),
  );
}

/** One line per series over the rows (years), gaps joined. */
export function lineChartSvg({ data, x, series, height = 300 }: ChartSpec): string {
  return svgOf(
    renderToStaticMarkup(
      <LineChart width={WIDTH} height={height} data={[...data]} margin={{ top: 10, right: 20, bottom: 5, left: 0 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey={x} tick={TICK} />
        <YAxis allowDecimals={false} width={48} tick={TICK} />
        {series.map((s) => (
          <Line key={s.key} dataKey={s.key} name={s.label} type="linear" stroke={themeColor(s.color)} strokeWidth={2} dot={{ r: 3, fill: themeColor(s.color) }} connectNulls isAnimationActive={false} />
        ))}
      </LineChart>,
    ),
  );
}

/** A report's chart (ReportDef.chart) over its rows, or null when there are none. */
export function reportChartSvg(chart: ReportChart, rows: readonly Record<string, unknown>[]): string | null {
  return rows.length ? barChartSvg({ data: reportChartRows(chart, rows), x: chart.x, series: chart.series }) : null;
}
