/**
 * The route module of every synced report page (issue 12): the report the URL names
 * (app/reports/definitions.ts), its list and sync panel. `_app.insert.ufolio.$`, `_app.insert.lms.$`
 * and `_app.eval.monitor.$` re-export it; screens with their own route files under those paths
 * take precedence (Remix ranks a static path above a splat), and a path that is no report's is 404.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ReportPage } from "~/components/report/ReportPage";
import type { ListReplyData } from "~/components/list/ListPage";
import { findReport, tabDef, type ReportData } from "~/reports/definitions";
import { reportAction, reportLoader } from "./__report.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = ({ location }) => {
  const def = findReport(location.pathname)?.def;
  return [{ title: `${def?.title ?? "Page Not Found!"} | 의과대학 교육평가 자료관리` }];
};
export const loader = reportLoader;
export const action = reportAction;

export default function ReportRoute() {
  const location = useLocation();
  const found = findReport(location.pathname)?.def;
  // a report with tabs shows its open tab (`?tab=`)
  const def = found ? tabDef(found, location.search) : undefined;
  const data = useLoaderData() as ReportData;
  const reply = useFormReply() as ListReplyData | undefined;
  return def ? <ReportPage def={def} data={data} reply={reply} /> : null;
}
