/**
 * What each data screen offers an evaluation indicator to tick (P15 'add data', getClmList.do;
 * ADR 0039): the real columns of the screen's evaluation mode, keys of the rows its list call
 * answers there. The record lists' keys are the ones their handlers' evaluation rows carry
 * (the `evalRow`/view keys, see app/embedded/db/seed-people.ts SEED_EVAL_COLUMNS); a synced
 * report's are its definition's columns (app/reports/definitions.ts), a tabbed report's those of
 * every tab (each tab shows the configured columns that are its own: E12). Also where a screen's Excel download is.
 * No server code: the embedded backend and the web tier's loaders use it (never a page: the
 * report definitions stay out of this page's script).
 */
import { REPORTS, type ReportColumn, type ReportDef } from "../reports/definitions";
import { ACTIVITY_KINDS, ACTIVITY_KIND_NAMES, activityEvalColumns } from "./activities";
import { PEOPLE, PEOPLE_EVAL_COLUMNS, type PeopleKind } from "./people";
import { ACHIEVEMENT_EVAL_COLUMNS, ACHIEVEMENT_PATH } from "../routes/_app.insert.professor.archive+/__schema";
import { ANALYSIS_EVAL_COLUMNS, ANALYSIS_PATH } from "../routes/_app.eval.monitor.analysis+/__schema";
import { AWARDS_EVAL_COLUMNS, AWARDS_PATH } from "../routes/_app.insert.student.awards+/__schema";
import { COMMITTEE_EVAL_COLUMNS, COMMITTEE_PATH } from "../routes/_app.insert.commission.CommissionList+/__schema";
import { LAW_EVAL_COLUMNS, LAW_PATH } from "../routes/_app.insert.eval.medical-law+/__schema";
import { PSS_EVAL_COLUMNS, PSS_PATH } from "../routes/_app.insert.eval.patient-safety+/__schema";
import { RELEARN_EVAL_COLUMNS, RELEARNING_PATH } from "../routes/_app.insert.eval.relearning+/__schema";
import { SEMINAR_EVAL_COLUMNS, SEMINAR_PATH } from "../routes/_app.insert.professor.seminar+/__schema";
import { TUTOR_EVAL_COLUMNS, TUTOR_EVAL_PATH } from "../routes/_app.insert.eval.tutor+/__schema";

type Columns = readonly (readonly [clm: string, clmNm: string])[];

/**
 * The record lists with an evaluation route, by path: each from its screen's own definition (its
 * folder's `__schema.ts`, or its family's: the people lists, the activity lists). Nothing is
 * written here by hand.
 */
export const LIST_EVAL_COLUMNS: Readonly<Record<string, Columns>> = {
  ...Object.fromEntries((Object.keys(PEOPLE) as PeopleKind[]).map((k) => [PEOPLE[k].path, PEOPLE_EVAL_COLUMNS[k]])),
  ...Object.fromEntries(ACTIVITY_KIND_NAMES.map((k) => [ACTIVITY_KINDS[k].path, activityEvalColumns(k)])),
  [AWARDS_PATH]: AWARDS_EVAL_COLUMNS,
  [COMMITTEE_PATH]: COMMITTEE_EVAL_COLUMNS,
  [PSS_PATH]: PSS_EVAL_COLUMNS,
  [LAW_PATH]: LAW_EVAL_COLUMNS,
  [SEMINAR_PATH]: SEMINAR_EVAL_COLUMNS,
  [ACHIEVEMENT_PATH]: ACHIEVEMENT_EVAL_COLUMNS,
  [RELEARNING_PATH]: RELEARN_EVAL_COLUMNS,
  // PBL 튜터 평가: its evaluation rows carry the year and the module before the list's default columns
  [TUTOR_EVAL_PATH]: [["year", "년도"], ["module", "모듈"], ...TUTOR_EVAL_COLUMNS.map((c) => [c.clm, c.clmNm] as const)],
  [ANALYSIS_PATH]: ANALYSIS_EVAL_COLUMNS,
};

/** A report's columns as an evaluation ticks them: a label repeated across groups gets its group's ('3차 전문직업성'). */
function reportColumns(def: ReportDef): Columns {
  const parts: { columns: readonly ReportColumn[]; groups?: ReportDef["groups"] }[] = def.tabs
    ? def.tabs.map((t) => ({ columns: t.columns, groups: t.groups }))
    : [{ columns: def.columns, groups: def.groups }];
  return parts.flatMap(({ columns, groups }) => {
    const count = new Map<string, number>();
    for (const c of columns) count.set(c.label, (count.get(c.label) ?? 0) + 1);
    return columns.map((c): readonly [string, string] => {
      const group = (count.get(c.label) ?? 0) > 1 ? groups?.find((g) => g.keys.includes(c.key)) : undefined;
      return [c.key, group ? `${group.label} ${c.label}` : c.label];
    });
  });
}

const reportByPath = new Map(REPORTS.filter((r) => r.evaluation).map((r) => [r.path, r]));

/** The columns a data menu's screen offers (by its url); [] when it has no evaluation mode. */
export function offeredColumns(menuUrl: string | null | undefined): { clm: string; clmNm: string }[] {
  if (!menuUrl) return [];
  const report = reportByPath.get(menuUrl);
  const list = LIST_EVAL_COLUMNS[menuUrl] ?? (report ? reportColumns(report) : []);
  const seen = new Set<string>();
  return list.filter(([clm]) => !seen.has(clm) && seen.add(clm)).map(([clm, clmNm]) => ({ clm, clmNm }));
}

/** Whether a screen is a synced report (its cover sheet line names its last sync). */
export const isReport = (menuUrl: string | null | undefined) => Boolean(menuUrl && reportByPath.has(menuUrl));

/** A screen's Excel download in evaluation mode (the list's resource route, or the reports' one). */
export function excelHrefOf(menuUrl: string, q: { eiSeq: number; menuSeq: number; year: number }): string {
  const base = reportByPath.has(menuUrl) ? `/report-excel${menuUrl}/excel` : `${menuUrl}/excel`;
  return `${base}?${new URLSearchParams({ eiSeq: String(q.eiSeq), menuSeq: String(q.menuSeq), year: String(q.year) })}`;
}
