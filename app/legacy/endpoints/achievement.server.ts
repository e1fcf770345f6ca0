/**
 * R06 education achievement score (spec 001 §7; docs/contract.md "Education achievement score"):
 * typed calls and their wire schemas. The upload goes as multipart; downloads answer the backend's
 * Response for a resource route to stream on.
 */
import { z } from "zod";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { seoulYear } from "~/utils/time";
import { downloadResourceFile } from "./file.server";
import { evalColumns } from "./people.server";
import { uploadReply, type EvalParams, obj, text, key, num, list, numOrNull, replyColumns, evalRow, messageReply } from "../wire";

export const wireAchievementPoint = obj({ year: num, basic: numOrNull, clinical: numOrNull });
export type WireAchievementPoint = z.infer<typeof wireAchievementPoint>;

const chartReply = obj({
  chartData: list(wireAchievementPoint),
  list: list(evalRow).optional(),
  columns: replyColumns,
});

export const wireArchive = obj({ year: num, dept: key, score: num, regDt: text, uptDt: text });

/**
 * The chart's points (one per year with a score); with evaluation params also the configured rows
 * and columns. Spec 001 §7 names only `chartData`: when `columns` is absent they come from
 * getEvalColumnsList.do and the rows are the points, each with the configured keys (null when a
 * point has no such key).
 */
export async function archiveChart(session: TokenHolder, params: EvalParams & { year?: number }) {
  const r = await legacyPost("/api/professor/getArchiveChart.do", params, chartReply, { session });
  if (!params.eiSeq || !params.menuSeq || r.columns) return r;
  const columns = await evalColumns(session, params.eiSeq, params.menuSeq, params.year ?? seoulYear());
  const list = r.chartData.map((p) => Object.fromEntries(columns.map((c) => [c.clm, (p as Record<string, unknown>)[c.clm] ?? null])));
  return { ...r, columns, list };
}

/** The score of a year and department, or null when none was entered. */
export async function archiveDetail(session: TokenHolder, year: number, dept: string) {
  return (await legacyPost("/api/professor/archiveDetail.do", { year, dept }, obj({ archive: wireArchive.nullable() }), { session })).archive;
}


/** Enters (or replaces) the score of a year and department; answers the server's message. */
export async function editArchive(session: TokenHolder, input: { year: number; dept: string; score: number }) {
  return (await legacyPost("/api/professor/editArchive.do", input, messageReply, { session, whole: true })).message;
}

/** Uploads one .xlsx; answers the counts, the failing rows and the server's message. */
export function uploadArchiveExcel(session: TokenHolder, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.append("file", file, file.name);
  return legacyPost("/api/professor/archiveExcelUpload.do", fd, uploadReply, { session, whole: true, timeoutMs });
}

/** Every score as a workbook (up to `year` in evaluation mode, with its configured columns). */
export function downloadArchiveExcel(session: TokenHolder, params: EvalParams & { year?: number }) {
  const q: Record<string, string> = {};
  if (params.year) q.year = String(params.year);
  if (params.eiSeq && params.menuSeq) Object.assign(q, { eiSeq: String(params.eiSeq), menuSeq: String(params.menuSeq) });
  return legacyDownload("/api/professor/archiveExcelDown.do", q, { session });
}

/** The score template in the professor template folder (GET /api/resourceFileDownload.do). */
export const ACHIEVEMENT_TEMPLATE = { folderName: "professor", fileName: "교육업적점수_업로드_양식.xlsx" } as const;

export function downloadArchiveTemplate(session: TokenHolder, year: number) {
  return downloadResourceFile(session, ACHIEVEMENT_TEMPLATE.folderName, ACHIEVEMENT_TEMPLATE.fileName, year);
}
