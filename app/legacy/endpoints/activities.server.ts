/**
 * R15 volunteer and R16 international health-care activity (spec 001 §7 "Student activity";
 * docs/contract.md "Student activities"): typed calls for either kind, with wire schemas in the
 * spec's shape (vaSeq … / gaSeq …, dbFileList). The list rows are kept as the wire gives them
 * (prefixed fields); the screen reads them through the kind's prefix.
 */
import { ACTIVITY_KINDS, type ActivityFile, type ActivityKind } from "~/schemas/activities";
import type { WireActivity } from "~/calls/activities";
import { callLegacy, downloadLegacy, type TokenHolder } from "../gateway.server";
import type { EvalParams, ListQuery } from "../wire";

export type { WireActivity } from "~/calls/activities";

export interface ActivityFilter extends EvalParams, ListQuery {
  year: number;
  searchTxt: string;
  /** one record (the file download finds its attachment through it) */
  seq?: number;
}

/** The year's records of the kind (in evaluation mode rows of the configured columns plus `columns`). */
export function listActivities(session: TokenHolder, kind: ActivityKind, filter: ActivityFilter) {
  const def = ACTIVITY_KINDS[kind];
  const { seq, ...body } = filter;
  return callLegacy(def.calls.list, seq ? { ...body, [def.seqKey]: seq } : body, { session });
}

/** One record of the year (null when there is none). */
export async function findActivity(session: TokenHolder, kind: ActivityKind, year: number, seq: number): Promise<WireActivity | null> {
  const r = await listActivities(session, kind, { year, searchTxt: "", seq });
  const key = ACTIVITY_KINDS[kind].seqKey;
  return ((r.list as WireActivity[]).find((row) => Number(row[key]) === seq) as WireActivity | undefined) ?? null;
}


/** Saves a record with its new files (multipart: mode, year, the info JSON, files); answers the server's message. */
export async function saveActivity(session: TokenHolder, kind: ActivityKind, input: { mode: "insert" | "update"; year: number; info: Record<string, unknown>; files: readonly File[] }): Promise<string> {
  const def = ACTIVITY_KINDS[kind];
  const fd = new FormData();
  fd.set("mode", input.mode);
  fd.set("year", String(input.year));
  fd.set(def.infoField, JSON.stringify(input.info));
  for (const f of input.files) fd.append("files", f, f.name);
  const r = await callLegacy(def.calls.save, fd, { session, timeoutMs: 60_000 });
  return r.message;
}

export function deleteActivity(session: TokenHolder, kind: ActivityKind, seq: number) {
  return callLegacy(ACTIVITY_KINDS[kind].calls.remove, { seq }, { session });
}

/** Uploads one .xlsx of the kind's records for the year. */
export function uploadActivityExcel(session: TokenHolder, kind: ActivityKind, year: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return callLegacy(ACTIVITY_KINDS[kind].calls.upload, fd, { session, timeoutMs });
}

/** The bulk download of the filter (in evaluation mode only the configured columns). */
export function downloadActivityExcel(session: TokenHolder, kind: ActivityKind, filter: ActivityFilter & { sort?: string }) {
  return downloadLegacy(ACTIVITY_KINDS[kind].calls.download, { year: filter.year, searchTxt: filter.searchTxt, eiSeq: filter.eiSeq, menuSeq: filter.menuSeq, sort: filter.sort }, { session });
}

export type { ActivityFile };
