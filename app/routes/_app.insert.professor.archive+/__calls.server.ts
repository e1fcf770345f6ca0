/**
 * R06 education achievement score (spec 001 §7; docs/contract.md "Education achievement score"):
 * typed calls and their wire schemas. The upload goes as multipart; downloads answer the backend's
 * Response for a resource route to stream on.
 */
import { ACHIEVEMENT } from "./__calls";
import { callLegacy, downloadLegacy, type TokenHolder } from "~/legacy/gateway.server";
import { seoulYear } from "~/utils/time";
import { downloadResourceFile } from "~/legacy/endpoints/file.server";
import { evalColumns } from "~/legacy/endpoints/eval-indicators.server";
import type { EvalParams } from "~/legacy/wire";

export type { WireAchievementPoint } from "./__calls";

/**
 * The chart's points (one per year with a score); with evaluation params also the configured rows
 * and columns. Spec 001 §7 names only `chartData`: when `columns` is absent they come from
 * getEvalColumnsList.do and the rows are the points, each with the configured keys (null when a
 * point has no such key).
 */
export async function archiveChart(session: TokenHolder, params: EvalParams & { year?: number }) {
  const r = await callLegacy(ACHIEVEMENT.chart, params, { session });
  if (!params.eiSeq || !params.menuSeq || r.columns) return r;
  const columns = await evalColumns(session, params.eiSeq, params.menuSeq, params.year ?? seoulYear());
  const list = r.chartData.map((p) => Object.fromEntries(columns.map((c) => [c.clm, (p as Record<string, unknown>)[c.clm] ?? null])));
  return { ...r, columns, list };
}

/** The score of a year and department, or null when none was entered. */
export async function archiveDetail(session: TokenHolder, year: number, dept: string) {
  return (await callLegacy(ACHIEVEMENT.detail, { year, dept }, { session })).archive;
}


/** Enters (or replaces) the score of a year and department; answers the server's message. */
export async function editArchive(session: TokenHolder, input: { year: number; dept: string; score: number }) {
  return (await callLegacy(ACHIEVEMENT.save, input, { session })).message;
}

/** Uploads one .xlsx; answers the counts, the failing rows and the server's message. */
export function uploadArchiveExcel(session: TokenHolder, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.append("file", file, file.name);
  return callLegacy(ACHIEVEMENT.upload, fd, { session, timeoutMs });
}

/** Every score as a workbook (up to `year` in evaluation mode, with its configured columns). */
export function downloadArchiveExcel(session: TokenHolder, params: EvalParams & { year?: number }) {
  const evalMode = params.eiSeq && params.menuSeq ? { eiSeq: params.eiSeq, menuSeq: params.menuSeq } : {};
  return downloadLegacy(ACHIEVEMENT.download, { year: params.year || undefined, ...evalMode }, { session });
}

/** The score template in the professor template folder (GET /api/resourceFileDownload.do). */
export const ACHIEVEMENT_TEMPLATE = { folderName: "professor", fileName: "교육업적점수_업로드_양식.xlsx" } as const;

export function downloadArchiveTemplate(session: TokenHolder, year: number) {
  return downloadResourceFile(session, ACHIEVEMENT_TEMPLATE.folderName, ACHIEVEMENT_TEMPLATE.fileName, year);
}
