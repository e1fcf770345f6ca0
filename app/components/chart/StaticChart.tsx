/**
 * A chart drawn on the server (utils/chart.server.tsx, ADR 0043): its SVG as the loader made it,
 * with a legend when it has more than one series. It is hidden from assistive technology; where it
 * is shown, the page gives a text alternative and a table of the same numbers. No chart code runs
 * in the browser, and it shows the same with or without JavaScript.
 */
import { themeColor } from "~/utils/chart";

export function StaticChart({ svg, series, testId, className }: { svg: string; series?: readonly { key: string; label: string; color: string }[]; testId: string; className?: string }) {
  return (
    <div aria-hidden="true" className={className ? `static-chart ${className}` : "static-chart"} data-testid={testId}>
      {series && series.length > 1 ? (
        <ul className="static-chart-legend">
          {series.map((s) => (
            <li key={s.key}>
              <span className="static-chart-swatch" style={{ background: themeColor(s.color) }} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      {/* markup React made on the server from numbers and escaped labels (chart.server.tsx) */}
      <div dangerouslySetInnerHTML={{ __html: svg }} />
    </div>
  );
}
