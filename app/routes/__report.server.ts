/**
 * The one loader, action and Excel download of every synced report (issue 12), driven by the
 * report definitions (app/reports/definitions.ts) and built on the list kit:
 * - the loader: the list (listLoader: filters in the URL, paging 10/20/30/50, sorting, evaluation
 *   mode with the server's columns) plus the sync panel (history, last sync and its age, the button
 *   rule, the schedule's staleness) and the options of the select filters;
 * - the action: `intent=sync` presses the sync button (the rule checked here again before the call),
 *   then back to the same list with the result message (PRG: works without JavaScript);
 * - the Excel route (`/report-excel{path}`): the list's filter as the backend's workbook, named from
 *   its Content-Disposition; a failure goes back to the list with '엑셀 다운로드 실패하였습니다.'.
 * A path that is no report's (page or evaluation page) is 404.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as api from "~/legacy/endpoints/reports.server";
import { optionalCall } from "~/legacy/extension.server";
import { ageText, findReport, REPORTS, tabDef, yearChoices, type ReportDef, type ReportDialog, type ReportFilterState, type ReportMore, type SyncPanel } from "~/reports/definitions";
import { detailDialog } from "~/reports/details.server";
import { OWN_MSG } from "~/schemas/messages.ko";
import type { UserContext } from "~/utils/context.server";
import { safeRedirectTo } from "~/utils/safe-redirect";
import { excelDownload } from "~/utils/excel-download.server";
import { listAction } from "~/utils/list-action.server";
import { listLoader, readListState, type ListState } from "~/utils/list-loader.server";
import { readMulti, readText } from "~/utils/list-url";
import { seoulYear } from "~/utils/time";
import { reportChartSvg } from "~/utils/chart.server";
import { orLegacy } from "~/utils/legacy-errors.server";

function readFilter(def: ReportDef, url: URL): ReportFilterState {
  const selects: Record<string, string> = {};
  for (const f of def.filters) if (f.kind === "select") selects[f.name] = (url.searchParams.get(f.name) ?? "").slice(0, 50);
  const years = def.filters.some((f) => f.kind === "years") ? (readMulti(url, "year")?.filter((y) => /^\d{4}$/.test(y)) ?? null) : null;
  return { value: def.search ? readText(url) : "", years: years?.length ? years : null, selects };
}

/** The year filter's choices and default (ReportFilter "year": its first year, this or the previous year). */
function yearSpec(def: ReportDef) {
  const f = def.filters.find((x) => x.kind === "year");
  return { years: () => yearChoices(f?.kind === "year" ? f : undefined, seoulYear()).years, defaultYear: () => yearChoices(f?.kind === "year" ? f : undefined, seoulYear()).fallback };
}

/** The URL state options of a report's list (its loader and its Excel download read the same). */
const stateSpec = (def: ReportDef) => ({ filter: (url: URL) => readFilter(def, url), ...yearSpec(def), whole: def.whole, sortable: def.columns.filter((c) => c.sortable).map((c) => c.key), defaultSize: def.defaultSize });

/** The report's definitions by id, and by tab for a report with tabs ("E12:2"). */
const defsOf = (def: ReportDef): [string, ReportDef][] => (def.tabs ? def.tabs.map((t) => [`${def.id}:${t.id}`, tabDef(def, `tab=${t.id}`)]) : [[def.id, def]]);
const idOf = (def: ReportDef) => (def.tab ? `${def.id}:${def.tab}` : def.id);

/** The data call's body: the filters, paging and sorting (none for a report shown whole), the evaluation's ids. */
function bodyOf(def: ReportDef, state: ListState<ReportFilterState>): api.ReportFilterBody {
  const body: api.ReportFilterBody = { searchTxt: state.filter.value, ...(def.whole ? {} : state.query) };
  for (const f of def.filters) {
    if (f.kind === "year") body.year = state.year;
    else if (f.kind === "years") body.year = state.ev ? [state.ev.year] : (state.filter.years?.map(Number) ?? "");
    else body[f.param] = state.filter.selects[f.name] ?? "";
  }
  if (state.ev) {
    body.eiSeq = state.ev.eiSeq;
    body.menuSeq = state.ev.menuSeq;
  }
  return body;
}

/** The menu of the report's page (its sync call carries menuSeq). */
const menuSeqOf = (ctx: UserContext, def: ReportDef) => ctx.menus?.find((m) => m.menuUrl === def.path)?.menuSeq ?? null;

/** A wire time ('yyyy-MM-dd HH:mm:ss', Asia/Seoul) as an instant. */
const instant = (wire: string) => new Date(`${wire.replace(" ", "T")}+09:00`);

/** The sync panel of a sync state reply: last sync and its age, the button rule, the staleness warning. */
export function panelOf(info: api.WireSyncInfo): SyncPanel {
  const now = info.now ? instant(info.now) : new Date();
  const first = info.htList[0];
  const failed = first?.rsltCd === "F";
  const s = info.schedule;
  const slotDay = s?.lastSlot?.slice(0, 10) ?? "";
  const staleWarning = s?.stale && s.state !== "S" ? (s.state === "F" ? OWN_MSG.syncScheduleFailed : OWN_MSG.syncScheduleMissed).replace("{slot}", slotDay) : null;
  return {
    last: first?.regDt ? { regDt: first.regDt, age: ageText(instant(first.regDt), now), failed } : null,
    lastSuccess: failed && info.lastSuccessDt ? { regDt: info.lastSuccessDt, age: ageText(instant(info.lastSuccessDt), now) } : null,
    history: info.htList.slice(0, 10),
    running: info.running?.since ?? null,
    syncable: info.syncableDt ? { time: info.syncableDt.slice(11, 16), at: instant(info.syncableDt).toISOString() } : null,
    staleWarning,
    nextSlot: s?.nextSlot?.slice(0, 16) ?? null,
  };
}

/**
 * The sync panel. Its state call (getSyncInfo.do) is ours (docs/contract.md "Extensions"): on a
 * server without it the panel has no history and says so, and the button is the server's to judge.
 */
async function syncPanel(ctx: UserContext, def: ReportDef): Promise<SyncPanel> {
  const info = await optionalCall(SYNC_STATE, () => api.syncInfo(ctx.session, def));
  return info.value ? panelOf(info.value) : { ...panelOf({ htList: [] }), note: info.note };
}

const SYNC_STATE = "동기화 이력 조회";

function reportListLoader(def: ReportDef) {
  return listLoader<ReportFilterState, api.WireReportData, ReportDialog | null, ReportMore>({
    key: def.rowKey,
    ...stateSpec(def),
    // a detail dialog (ReportDef.detail, `?dialog=preview&<rowKey>=`): the row of the listed page, as its titled sections
    dialog: async (_ctx, d) => (def.detail && d.kind === "preview" && d.record ? detailDialog(def.id, d.record) : null),
    list: async (ctx, state) => {
      const reply = await api.reportData(ctx.session, def, bodyOf(def, state));
      const list = def.fromReply ? def.fromReply(reply) : def.list ? api.rowsOf(reply, def.list) : reply.list;
      return { ...reply, list: def.mapRow ? list.map(def.mapRow) : list };
    },
    more: async (ctx, _state, reply) => {
      const options: ReportMore["options"] = {};
      // a select's options: fixed, the answer of its own call (asked once for all selects sharing it), or the data reply's list
      const calls = new Map<string, Promise<api.WireReportData>>();
      for (const f of def.filters) {
        if (f.kind !== "select") continue;
        if (f.options) options[f.name] = [...f.options];
        else if (f.from) {
          const from = f.from;
          if (!calls.has(from.path)) calls.set(from.path, api.reportLists(ctx.session, from));
          options[f.name] = api.optionsOf(await calls.get(from.path)!, f.list);
        } else options[f.name] = reply ? api.optionsOf(reply, f.list) : [];
      }
      // the shapes' own lists of the data reply (E10 cardList, E14 sumList)
      const shaped: Pick<ReportMore, "cards" | "summary" | "chart"> = {};
      if (def.cards) shaped.cards = api.rowsOf(reply, def.cards.list);
      if (def.summary) shaped.summary = api.rowsOf(reply, def.summary.list);
      if (def.chart) shaped.chart = reportChartSvg(def.chart, reply?.list ?? []);
      return { sync: await syncPanel(ctx, def), options, ...shaped };
    },
    // a tab (E12) shows the configured columns that are its own (the server may answer the whole
    // configuration, or none: then the spec's getEvalColumnsList.do), as the lists do
    ...(def.tab
      ? { evalColumnKeys: def.columns.map((c) => c.key) }
      : {}),
  });
}

const loaders = new Map(REPORTS.flatMap(defsOf).map(([id, def]) => [id, reportListLoader(def)]));

/** The report of a request (its definition, as its open tab shows it, and evaluation ids), or 404. */
function reportOf(request: Request) {
  const url = new URL(request.url);
  const found = findReport(url.pathname);
  if (!found) throw new Response("Not Found", { status: 404 });
  return { ...found, def: tabDef(found.def, url.searchParams) };
}

export function reportLoader(args: LoaderFunctionArgs) {
  const { def, params } = reportOf(args.request);
  return loaders.get(idOf(def))!({ ...args, params });
}

/** The button: the rule again on the server (a real backend may not keep it), then the sync. */
function syncIntent(def: ReportDef) {
  return async (ctx: UserContext, _form: FormData, url: URL) => {
    const back = redirect(safeRedirectTo(`${url.pathname}${url.search}`));
    // a refused sync is the list's flash message
    await orLegacy(async () => {
      const panel = await syncPanel(ctx, def);
      if (panel.running) ctx.session.flash(OWN_MSG.syncRunning, "error");
      else if (panel.syncable) ctx.session.flash(OWN_MSG.syncCooldown.replace("{time}", panel.syncable.time), "error");
      else {
        const r = await api.syncReport(ctx.session, def, menuSeqOf(ctx, def));
        ctx.session.flash(OWN_MSG.syncDone.replace("{count}", (r.rowCnt ?? 0).toLocaleString("ko-KR")), "info");
      }
    }, (message) => ctx.session.flash(message, "error"));
    return back;
  };
}

const actions = new Map(REPORTS.map((def) => [def.id, listAction({ intents: { sync: syncIntent(def) } })]));

export function reportAction(args: ActionFunctionArgs) {
  const { def, params } = reportOf(args.request);
  return actions.get(def.id)!({ ...args, params });
}

/**
 * `/report-excel{path}/excel?…the list's filter` (ExcelToolbar's link; and eiSeq, menuSeq, year in evaluation mode): the
 * route guard judges the report's own path, as `{path}/excel?…` (an evaluation's download opens by
 * its indicator, utils/eval-access.server.ts).
 */
export function reportExcelLoader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const found = findReport(`/${(args.params["*"] ?? "").replace(/\/excel$/, "")}`);
  if (!found || found.params.eiSeq) throw new Response("Not Found", { status: 404 });
  const def = tabDef(found.def, url.searchParams);
  const asList = new URL(`${def.path}/excel${url.search}`, url);
  const request = new Request(asList, { headers: args.request.headers, method: "GET" });
  return excelDownload(
    { ...args, request },
    {
      listPath: def.path,
      years: yearSpec(def).years,
      template: async () => {
        throw new Response("Not Found", { status: 404 });
      },
      download: async (session, u) => {
        const eiSeq = u.searchParams.get("eiSeq");
        const params = eiSeq ? { eiSeq, menuSeq: u.searchParams.get("menuSeq") ?? "", year: u.searchParams.get("year") ?? "" } : {};
        const state = readListState(u, params, stateSpec(def));
        const { page: _p, size: _s, ...body } = bodyOf(def, state);
        return { res: await api.reportExcel(session, def, body), name: `${def.excel.fileName}.xlsx` };
      },
    },
  );
}
