/**
 * The synced reports' calls (spec 000 §7 "Synced reports", spec 002 §7; docs/contract.md "Synced
 * reports"), for every report definition (app/reports/definitions.ts): its sync call, its data call,
 * its Excel download, and the sync state (/api/sync/getSyncInfo.do, ours).
 */
import { z } from "zod";
import type { ReportDef } from "~/reports/definitions";
import { legacyDownload, legacyPost, legacyPostDownload, type TokenHolder } from "../gateway.server";
import { type EvalParams, type ListQuery, obj, text, list, numberList, evalRow, bool, replyColumns, code, maybeNum, maybeText } from "../wire";

/** A sync history entry (spec 000 §3: regDt, userNm, codeNm, apiSe; the rest ours). */
export const wireSyncEntry = obj({
  regDt: text,
  userNm: text,
  codeNm: text,
  apiSe: text,
  rsltCd: maybeText,
  rowCnt: maybeNum,
  message: maybeText,
});
export type WireSyncEntry = z.infer<typeof wireSyncEntry>;

const syncReply = obj({ htList: list(wireSyncEntry), rowCnt: maybeNum });

const syncInfoReply = obj({
  htList: list(wireSyncEntry),
  now: maybeText,
  running: obj({ since: maybeText }).nullish(),
  lastSuccessDt: maybeText,
  syncableDt: maybeText,
  schedule: obj({
      lastSlot: maybeText,
      nextSlot: maybeText,
      state: maybeText,
      message: maybeText,
      stale: bool(),
    })
    .nullish(),
});
export type WireSyncInfo = z.infer<typeof syncInfoReply>;

const option = code;

const dataReply = obj({
  // R18's reply has no list (chartData and stCntList: ReportDef.fromReply)
  list: list(evalRow),
  total: maybeNum,
  yearList: numberList.optional(),
  columns: replyColumns,
})
  .catchall(z.unknown());
export type WireReportData = z.infer<typeof dataReply>;

/** The lists of a data reply a select filter offers (currList, grdList …). */
export function optionsOf(reply: WireReportData, name: string) {
  const parsed = list(option).safeParse(reply[name]);
  return parsed.success ? parsed.data.map((o) => ({ id: o.id, text: o.text })) : [];
}

/** A list of rows of a data reply (E10 cardList, E14 sumList); anything else is none. */
export function rowsOf(reply: WireReportData | null, name: string): Record<string, unknown>[] {
  const parsed = list(evalRow).safeParse(reply?.[name]);
  return parsed.success ? parsed.data : [];
}

/** Presses the report's sync button: pulls it from its system; answers the history, newest first. */
export function syncReport(session: TokenHolder, def: ReportDef, menuSeq: number | null) {
  return legacyPost(def.sync.path, { ...(menuSeq ? { menuSeq } : {}), ...def.sync.body }, syncReply, { session, timeoutMs: 180_000 });
}

/** The report's sync history and state, without syncing. */
export function syncInfo(session: TokenHolder, def: ReportDef) {
  return legacyPost("/api/sync/getSyncInfo.do", { syncUrl: def.sync.path, ...def.sync.body }, syncInfoReply, { session });
}

export interface ReportFilterBody extends Partial<EvalParams>, Partial<ListQuery> {
  searchTxt: string;
  year?: number | number[] | "";
  [param: string]: unknown;
}

/** The report's rows (a page of them when page and size are given). */
export function reportData(session: TokenHolder, def: ReportDef, body: ReportFilterBody) {
  return legacyPost(def.data.path, { ...body, ...def.data.body }, dataReply, { session });
}

/** The lists of a report's select filters from their own call (E19 getCurrEndSrvyRsltSelectList.do {} → grdList, currList). */
export function reportLists(session: TokenHolder, call: { path: string; body?: Record<string, string | number> }) {
  return legacyPost(call.path, { ...call.body }, z.record(z.unknown()), { session }) as Promise<WireReportData>;
}

/** The report's filter as a workbook (the file name in Content-Disposition). */
export function reportExcel(session: TokenHolder, def: ReportDef, body: ReportFilterBody) {
  const all = { ...body, ...def.excel.body };
  if (def.excel.method === "POST") return legacyPostDownload(def.excel.path, all, { session, timeoutMs: 120_000 });
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) {
    if (v === undefined || v === null || v === "") continue;
    query[k] = Array.isArray(v) ? v.join(",") : String(v);
  }
  return legacyDownload(def.excel.path, query, { session, timeoutMs: 120_000 });
}
