/**
 * Tabs as URL state (the synced reports' tabs, E17's nine tabs; ADR 0041): links styled as tabs
 * with `aria-current` on the open one, not Mantine Tabs: without JavaScript a tab is a page load,
 * and the open tab is in the address (a reload, a bookmark, the back button keep it).
 */
import { Link } from "@remix-run/react";

export function TabLinks({ label, tabs, current, hrefOf, testId }: { label: string; tabs: readonly { id: string; label: string }[]; current: string; hrefOf: (id: string) => string; testId?: string }) {
  return (
    <nav aria-label={label} className="report-tabs" data-testid={testId}>
      <ul>
        {tabs.map((t) => (
          <li key={t.id}>
            <Link to={hrefOf(t.id)} aria-current={t.id === current ? "page" : undefined} className="report-tab" preventScrollReset>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
