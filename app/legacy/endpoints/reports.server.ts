/**
 * The synced reports' calls (spec 000 §7 "Synced reports", spec 002 §7; docs/contract.md "Synced
 * reports"), for every report definition (app/reports/definitions.ts): its sync call, its data call,
 * its Excel download, and the sync state (/api/sync/getSyncInfo.do, ours). The calls and their
 * reply schemas are defined in app/calls/reports.ts (ADR 0079); a report names its own.
 */
import { REPORT_STATE, type ReportListsCall, type WireReportData } from "~/calls/reports";
import type { ReportDef } from "~/reports/definitions";
import { callLegacy, downloadLegacy, type TokenHolder } from "../gateway.server";
import type { EvalParams, ListQuery } from "../wire";

export { optionsOf, rowsOf } from "~/calls/reports";
export type { WireReportData, WireSyncInfo } from "~/calls/reports";

/** Presses the report's sync button: pulls it from its system; answers the history, newest first. */
export function syncReport(session: TokenHolder, def: ReportDef, menuSeq: number | null) {
  return callLegacy(def.sync.call, { ...(menuSeq ? { menuSeq } : {}), ...def.sync.body }, { session, timeoutMs: 180_000 });
}

/** The report's sync history and state, without syncing. */
export function syncInfo(session: TokenHolder, def: ReportDef) {
  return callLegacy(REPORT_STATE.syncInfo, { syncUrl: def.sync.call.path, ...def.sync.body }, { session });
}

export interface ReportFilterBody extends Partial<EvalParams>, Partial<ListQuery> {
  searchTxt: string;
  year?: number | number[] | "";
  [param: string]: unknown;
}

/** The report's rows (a page of them when page and size are given). */
export function reportData(session: TokenHolder, def: ReportDef, body: ReportFilterBody) {
  return callLegacy(def.data.call, { ...body, ...def.data.body }, { session });
}

/** The lists of a report's select filters from their own call (E19 getCurrEndSrvyRsltSelectList.do {} → grdList, currList). */
export function reportLists(session: TokenHolder, call: ReportListsCall) {
  return callLegacy(call, {}, { session }) as Promise<WireReportData>;
}

/** The report's filter as a workbook (the file name in Content-Disposition): a GET with it as the query, or a POST of it. */
export function reportExcel(session: TokenHolder, def: ReportDef, body: ReportFilterBody) {
  return downloadLegacy(def.excel.call, { ...body, ...def.excel.body }, { session, timeoutMs: 120_000 });
}
