/**
 * E04 patient safety course scores (spec 002 §7 "Patient safety"; docs/contract.md "Patient safety
 * scores"): typed calls (their definitions and wire schemas: ./__calls.ts, beside this module). The embedded backend's side of these calls stays in
 * the backend's tier (ADR 0073): app/embedded/handlers/patient-safety.server.ts, its demo rows in
 * app/embedded/db/seed-patient-safety.server.ts.
 */
import { PATIENT_SAFETY } from "./__calls";
import { PSS_TEMPLATE, type PssMode } from "./__schema";
import { callLegacy, downloadLegacy, type TokenHolder } from "~/legacy/gateway.server";
import type { YearListFilter } from "~/legacy/wire";
import { downloadResourceFile } from "~/legacy/endpoints/file.server";

export type { WirePssRow } from "./__calls";

export type PssFilter = YearListFilter;

export function listScores(session: TokenHolder, filter: PssFilter) {
  return callLegacy(PATIENT_SAFETY.list, filter, { session });
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
  const r = await callLegacy(PATIENT_SAFETY.save, input, { session });
  return { message: r.message };
}

export function deleteScore(session: TokenHolder, seq: number) {
  return callLegacy(PATIENT_SAFETY.remove, { seq }, { session });
}

/** The list's filter as a workbook (in evaluation mode only the configured columns). */
export function downloadScores(session: TokenHolder, filter: PssFilter) {
  const ev = filter.eiSeq && filter.menuSeq ? { eiSeq: filter.eiSeq, menuSeq: filter.menuSeq } : {};
  return downloadLegacy(PATIENT_SAFETY.download, { year: filter.year, searchTxt: filter.searchTxt, ...ev }, { session });
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
  return callLegacy(PATIENT_SAFETY.upload, fd, { session, timeoutMs });
}
