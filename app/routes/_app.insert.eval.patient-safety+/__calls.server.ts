/**
 * E04 patient safety course scores (spec 002 §7 "Patient safety"; docs/contract.md "Patient safety
 * scores"): typed calls and their wire schemas. The embedded backend's side of these calls stays in
 * the backend's tier (ADR 0073): app/embedded/handlers/patient-safety.server.ts, its demo rows in
 * app/embedded/db/seed-patient-safety.server.ts.
 */
import { z } from "zod";
import { PSS_TEMPLATE, type PssMode } from "./__schema";
import { legacyDownload, legacyPost, type TokenHolder } from "~/legacy/gateway.server";
import { nothing, uploadReply, obj, text, key, num, numOrNull, evalOrPlainList, flag, messageReply, type YearListFilter } from "~/legacy/wire";
import { downloadResourceFile } from "~/legacy/endpoints/file.server";

const score = numOrNull.transform((v) => (v === undefined ? null : v));

export const wirePssRow = obj({
  pssSeq: num,
  year: num,
  id: key,
  name: text,
  usSeq: num,
  attn: score,
  quiz: score,
  rcgnSrvy: score,
  ptntSftyRprt: score,
  group1: score,
  group2: score,
  prtcDgr: score,
  total: num,
  grd: text,
  usyn: flag,
  regDt: text,
});
export type WirePssRow = z.infer<typeof wirePssRow>;

/**
 * The list (spec 002 §7: `result.list, result.columns`): plain rows, or in evaluation mode rows of
 * the configured columns plus `columns`. `total` is the embedded backend's addition, optional.
 */
const pssList = evalOrPlainList(wirePssRow);

export type PssFilter = YearListFilter;

export function listScores(session: TokenHolder, filter: PssFilter) {
  return legacyPost("/api/eval/getPtntSftyScreList.do", filter, pssList, { session });
}

/** A row of a save: the student (number, name, usSeq from the lookup), the scores as typed, the grade. */
export interface PssSaveRow {
  id: string;
  name: string;
  usSeq: number | null;
  attn: string;
  quiz: string;
  rcgnSrvy: string;
  ptntSftyRprt: string;
  group1: string;
  group2: string;
  prtcDgr: string;
  grd: string;
}


/** Registers several students (insert) or updates one record (update, with pssSeq). */
export async function saveScores(session: TokenHolder, input: { mode: PssMode; year: number; pssSeq?: number; data: PssSaveRow[] }) {
  const r = await legacyPost("/api/eval/savePtntSftyScre.do", input, messageReply, { session, whole: true });
  return { message: r.message };
}

export function deleteScore(session: TokenHolder, seq: number) {
  return legacyPost("/api/eval/delPtntSftyScre.do", { seq }, nothing, { session });
}

/** The list's filter as a workbook (in evaluation mode only the configured columns). */
export function downloadScores(session: TokenHolder, filter: PssFilter) {
  const query: Record<string, string> = { year: String(filter.year), searchTxt: filter.searchTxt };
  if (filter.eiSeq && filter.menuSeq) Object.assign(query, { eiSeq: String(filter.eiSeq), menuSeq: String(filter.menuSeq) });
  return legacyDownload("/api/eval/ptntSftyScreExcelDown.do", query, { session });
}

/** The upload template (GET /api/resourceFileDownload.do). */
export function downloadTemplate(session: TokenHolder, year: number) {
  return downloadResourceFile(session, PSS_TEMPLATE.folderName, PSS_TEMPLATE.fileName, year);
}

/** Uploads one .xlsx; answers the counts, the failing rows and the server's message. */
export function uploadScores(session: TokenHolder, year: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return legacyPost("/api/eval/ptntSftyScreExcelUpload.do", fd, uploadReply, { session, whole: true, timeoutMs });
}
