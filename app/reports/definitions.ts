/**
 * The synced reports (issue 12; spec 000 §2 "Synced data tables", spec 002 §2-§3, §7): one
 * declarative definition per report. One loader, one page and one Excel route serve them all
 * (app/routes/__report.server.ts, app/components/report/ReportPage.tsx), and one contract test and
 * one e2e spec loop over this list. Adding a report is a definition in its family's catalog file
 * plus its rows in the embedded backend (app/embedded/reports/). No server code: pages and tests import it.
 *
 * This file is the index: the definitions are kept by family (catalog-flat.ts: one flat table;
 * catalog-shapes.ts: charts, cards, sections, tabs, grouped headers; catalog-details.ts: a detail
 * dialog per row) and assembled here in menu order; their types are in types.ts, the page's and
 * loader's helpers in view.ts, the wire fields and their words in fields.ts (re-exported here).
 */

import { DETAIL_REPORTS } from "./catalog-details";
import { FLAT_REPORTS } from "./catalog-flat";
import { SHAPED_REPORTS } from "./catalog-shapes";
import type { ReportDef } from "./types";

export type * from "./types";
export { ageText, columnSums, excelRoute, formatCell, hasShape, nextMultiSort, readTab, SHORT_TEXT, shortened, SOURCE_NAME, tabDef, textLength, yearChoices } from "./view";
export { AVG_KEYS, competencyScoreKeys, COUNSELING_TYPES, counselingRows, curriculumRow, FC_KEYS, FINAL_EVAL_NAMES, finalReportRow, GRADUATION_COMPETENCIES, GUIDANCE_KINDS, GUIDANCE_TYPES, JOURNAL_COMPETENCIES, jsonField, objectsOf, periodScoreKeys, PERIODS, splitScores, SUMMARY_COUNT_KEYS, SURVEY_QUESTIONS } from "./fields";

export const REPORTS: readonly ReportDef[] = [...FLAT_REPORTS, ...SHAPED_REPORTS, ...DETAIL_REPORTS];

/** The report a page path is (or is the evaluation page of): its definition and the evaluation's ids. */
export function findReport(pathname: string): { def: ReportDef; params: { eiSeq?: string; menuSeq?: string; year?: string } } | null {
  const path = pathname.replace(/\/+$/, "");
  for (const def of REPORTS) {
    if (path === def.path) return { def, params: {} };
    if (def.evaluation && path.startsWith(`${def.path}/`)) {
      const m = /^(\d{1,9})\/(\d{1,9})\/(\d{4})$/.exec(path.slice(def.path.length + 1));
      if (m) return { def, params: { eiSeq: m[1], menuSeq: m[2], year: m[3] } };
    }
  }
  return null;
}
