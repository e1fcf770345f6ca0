/**
 * The synced reports' `.do` routes (spec 000 §7 "Synced reports", spec 002 §7; docs/contract.md
 * "Synced reports"), made from reports/catalog.server.ts, so every report answers the same way:
 *
 * - the sync call (e.g. POST /api/lms/getWeekEndExam.do {menuSeq}): a button press (apiSe SELF)
 *   pulls the report from its source and replaces its rows → {htList, rowCnt}; a sync already
 *   running is status 409 (OWN_MSG.syncRunning), a press within 10 minutes of the last successful
 *   sync status 429 (OWN_MSG.syncCooldown), a failed pull status 500 (OWN_MSG.syncFailed, the
 *   report keeps its rows, the history gets the failed entry);
 * - the data call (e.g. POST /api/lms/getWeekenExamList.do {searchTxt, year, …}) → {list, total,
 *   yearList, …lists}; with page and size it answers that page (sort 'field:asc,…'), without them
 *   the whole list; with eiSeq, menuSeq (evaluation mode) only the configured columns and
 *   `columns`;
 * - the Excel call (GET with the data call's filter as query, or POST with it or with `list`) →
 *   the workbook, its name in Content-Disposition;
 * - POST /api/sync/getSyncInfo.do {syncUrl, …the sync call's own fields} (ours): the history
 *   (newest first), whether a sync runs, the button rule's time and the schedule's state, so a
 *   page shows them without syncing.
 */
import { and, eq, ilike, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { CallDef } from "../../calls/define";
import { REPORT_STATE } from "../../calls/reports";
import type { ReportDef } from "../../reports/definitions";
import { OWN_MSG } from "../../schemas/messages.ko";
import { xlsxResponse, type ExcelColumn } from "../../utils/excel.server";
import type { Db } from "../db/client.server";
import { reportRows, reportSyncs } from "../db/schema";
import { getRoute, requireAuth, route, type CallContext, type GetRouteDef, type RouteDef } from "../lib/context.server";
import { ApiError, fail, HttpError, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { evalColumnsFor, likePattern, optionalSeq, pickColumns, searchText } from "../lib/people.server";
import { formatWireDate, seoulYear } from "../lib/time";
import { CATALOG, definitionOf, matches, type CatalogReport } from "../reports/catalog.server";
import { scheduleState } from "../reports/schedule.server";
import { orderedRows, type RowsQuery } from "../reports/sort-order.server";
import { API_SE, API_SE_NAME, COOLDOWN_MS, cooldownUntil, historyOf, lastSuccess, runningSince, runSync, SyncBusyError, SyncCooldownError, SyncFailedError } from "../reports/sync.server";

const blank = (v: unknown) => v === undefined || v === null || v === "";

/** A year filter: one year, a list (a multi-select), a comma-joined text (GET) or blank/'all' (every year). */
export const yearsFilter = z
  .preprocess((v) => {
    if (blank(v)) return null;
    const list = Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : [v];
    const values = list.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => !blank(x));
    if (!values.length || values.some((x) => String(x).toLowerCase() === "all")) return null;
    return values;
  }, z.array(z.coerce.number().int().min(1900).max(2999)).max(50).nullable())
  .transform((v) => (v && v.length ? [...new Set(v)] : null));

const sortSpec = z
  .string()
  .max(200)
  .optional()
  .transform((s) =>
    (s ?? "")
      .split(",")
      .map((p) => p.split(":"))
      .filter(([k, d]) => /^[A-Za-z][A-Za-z0-9_]{0,40}$/.test(k ?? "") && (d === undefined || d === "asc" || d === "desc"))
      .slice(0, 3)
      .map(([key, dir]) => ({ key, dir: (dir ?? "asc") as "asc" | "desc" })),
  );

const filterValue = z.preprocess((v) => (blank(v) || v === "all" ? "" : String(v)), z.string().max(50));

const dataBody = z
  .object({
    searchTxt: searchText.optional().default(""),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    size: z.coerce.number().int().min(1).max(100).optional(),
    sort: sortSpec,
    eiSeq: optionalSeq,
    menuSeq: optionalSeq,
  })
  .passthrough();

interface Query extends RowsQuery {
  where: SQL;
  /** the filter without the search text (E23's averages follow the year only) */
  base: SQL;
  years: number[] | null;
}

/** The rows a data or Excel call asks for. */
function queryOf(report: CatalogReport, body: Record<string, unknown>, searchTxt: string): Query {
  const conds: SQL[] = [eq(reportRows.report, report.key)];
  let years: number[] | null = null;
  let upTo = false;
  let byField = false;
  for (const f of report.filters) {
    if (f.kind === "year") {
      years = parseInput(yearsFilter, body[f.param]);
      upTo = false;
    } else if (f.kind === "upTo") {
      years = parseInput(yearsFilter, body[f.param]);
      upTo = true;
    } else {
      const value = parseInput(filterValue, body[f.param]);
      if (value) conds.push(sql`${reportRows.data}->>${f.field} = ${value}`);
      byField ||= Boolean(value);
    }
  }
  const yearCond = (year: AnyPgColumn) => (!years ? undefined : upTo ? lte(year, Math.max(...years)) : inArray(year, years));
  const onYear = yearCond(reportRows.year);
  if (onYear) conds.push(onYear);
  const base = and(...conds)!;
  if (searchTxt) conds.push(ilike(reportRows.search, likePattern(searchTxt.toLowerCase())));
  return { where: and(...conds)!, base, years, byYear: byField || searchTxt ? null : yearCond };
}

/** The configured columns of an evaluation (their year: the chosen one, else the current). */
async function evalColumnsOf(db: Db, body: { eiSeq?: number; menuSeq?: number }, years: number[] | null) {
  if (!body.eiSeq || !body.menuSeq) return null;
  return evalColumnsFor(db, body.eiSeq, body.menuSeq, years?.[0] ?? seoulYear());
}

/** The select lists of a report (distinct id/text pairs of its rows, for the chosen years). */
async function listsOf(db: Db, report: CatalogReport, years: number[] | null) {
  const lists: Record<string, { id: string; text: string }[]> = {};
  for (const l of report.lists ?? []) {
    const found = await db
      .selectDistinct({ id: sql<string>`${reportRows.data}->>${l.id}`, text: sql<string>`${reportRows.data}->>${l.text}` })
      .from(reportRows)
      .where(and(eq(reportRows.report, report.key), years ? inArray(reportRows.year, years) : undefined));
    lists[l.name] = found.filter((x) => x.id).sort((a, b) => a.text.localeCompare(b.text, "ko", { numeric: true }));
  }
  return lists;
}

async function listData(ctx: CallContext, report: CatalogReport): Promise<Envelope> {
  const body = parseInput(dataBody, ctx.body);
  const q = queryOf(report, ctx.body, body.searchTxt);
  const shape = report.shape;
  const yearListOf = async () =>
    report.yearly
      ? (await ctx.db.selectDistinct({ year: reportRows.year }).from(reportRows).where(and(eq(reportRows.report, report.key), isNotNull(reportRows.year)))).map((r) => r.year!).sort((a, b) => b - a)
      : [];
  if (shape?.reply) {
    // a reply of its own shape (R18: chartData, stCntList) from the filter's rows, whole
    const rows = await orderedRows(ctx.db, report.key, q, body.sort);
    const columns = await evalColumnsOf(ctx.db, body, q.years);
    return ok({ ...shape.reply(rows), yearList: await yearListOf(), ...(columns ? { columns } : {}) });
  }
  const paged = body.page !== undefined && body.size !== undefined;
  const columns = await evalColumnsOf(ctx.db, body, q.years);
  /** the filter's rows (a page of them when asked), sorted, and their count */
  const listed = async () => {
    const rows = await orderedRows(ctx.db, report.key, q, body.sort, paged ? { limit: body.size!, offset: (body.page! - 1) * body.size! } : undefined);
    const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(reportRows).where(q.where);
    return { list: rows.map((r) => (columns ? pickColumns(r, columns) : r)), total: Number(n) };
  };
  if (shape?.data) {
    // a reply of its own lists (E12 tab1List or tab2List by tabNum, E23 list1 and list2), paged and sorted by the shape
    const page = paged ? { page: body.page!, size: body.size! } : null;
    // the shape's own `columns` (E12: the open tab's configured ones) stand for the evaluation's
    const reply = await shape.data({ db: ctx.db, key: report.key, where: q.where, base: q.base, years: q.years, body: ctx.body, sort: body.sort, page, list: listed, columns });
    return ok({ ...(columns ? { columns } : {}), ...reply, yearList: await yearListOf() });
  }
  const { list, total: n } = await listed();
  const yearList = await yearListOf();
  const lists = await listsOf(ctx.db, report, q.years);
  // the shape's own lists (E10 cardList, E14 sumList)
  const extras = shape?.extras ? await shape.extras({ db: ctx.db, key: report.key, where: q.where, base: q.base, years: q.years }) : {};
  return ok({ list, total: Number(n), yearList, ...lists, ...extras, ...(columns ? { columns } : {}) });
}

/** A history entry as the wire carries it. */
function historyItem(h: typeof reportSyncs.$inferSelect) {
  return {
    shSeq: h.shSeq,
    regDt: formatWireDate(h.regDt),
    userNm: h.userNm,
    codeNm: API_SE_NAME[h.apiSe as keyof typeof API_SE_NAME] ?? h.apiSe,
    apiSe: h.apiSe,
    rsltCd: h.rsltCd,
    rowCnt: h.rowCnt,
    message: h.message,
  };
}

const hhmm = (d: Date) => formatWireDate(d)!.slice(11, 16);

async function sync(ctx: CallContext, report: CatalogReport): Promise<Envelope> {
  const auth = requireAuth(ctx);
  try {
    const r = await runSync(ctx.db, report, {
      apiSe: API_SE.self,
      user: { userSeq: auth.user.userSeq, userNm: auth.user.userNm },
      now: ctx.deps.reports.now,
      sources: ctx.deps.reports.sources,
    });
    const htList = (await historyOf(ctx.db, report.key)).map(historyItem);
    return ok({ htList, rowCnt: r.rowCnt });
  } catch (e) {
    if (e instanceof SyncBusyError) return fail(409, OWN_MSG.syncRunning);
    if (e instanceof SyncCooldownError) return fail(429, OWN_MSG.syncCooldown.replace("{time}", hhmm(e.until)));
    if (e instanceof SyncFailedError) return fail(500, `${OWN_MSG.syncFailed} (${e.message})`);
    throw e;
  }
}

/** A catalog entry with its web definition (its calls and their fixed fields, app/calls/reports.ts). */
interface Served {
  report: CatalogReport;
  def: ReportDef;
}

const SERVED: readonly Served[] = CATALOG.flatMap((report) => {
  const def = definitionOf(report);
  return def ? [{ report, def }] : [];
});

/** The report a call (sync, data, Excel) and the body's own fields (ceType, assessmentMethods) name, or none. */
function servedBy(pick: (def: ReportDef) => { call: CallDef; body?: Record<string, string | number> }, path: string, body: Record<string, unknown>): CatalogReport | undefined {
  return SERVED.find((s) => pick(s.def).call.path === path && matches(pick(s.def).body, body))?.report;
}

/** The report a sync call (and its own fields) names. */
function bySync(path: string, body: Record<string, unknown>): CatalogReport {
  const report = servedBy((d) => d.sync, path, body);
  if (!report) throw new ApiError(fail(400, OWN_MSG.badRequest));
  return report;
}

async function syncInfo(ctx: CallContext): Promise<Envelope> {
  const syncUrl = typeof ctx.body.syncUrl === "string" ? ctx.body.syncUrl : "";
  const report = bySync(syncUrl, ctx.body);
  const now = ctx.deps.reports.now();
  const [history, since, until, success] = await Promise.all([
    historyOf(ctx.db, report.key),
    runningSince(ctx.db, report.key, now),
    cooldownUntil(ctx.db, report.key, now),
    lastSuccess(ctx.db, report.key),
  ]);
  const schedule = await scheduleState(ctx.db, report.key, now);
  return ok({
    htList: history.map(historyItem),
    now: formatWireDate(now),
    running: since ? { since: formatWireDate(since) } : null,
    lastSuccessDt: formatWireDate(success),
    /** the button rule: a press is refused until then (null: it may sync now) */
    syncableDt: formatWireDate(until),
    cooldownMinutes: COOLDOWN_MS / 60_000,
    schedule: {
      lastSlot: formatWireDate(schedule.slot),
      nextSlot: formatWireDate(schedule.next),
      /** S ran and succeeded, F ran and failed, N did not run */
      state: schedule.state,
      message: schedule.message,
      /** no successful sync since the last slot: the rows may be stale */
      stale: schedule.stale,
    },
  });
}

const EXCEL_PAGE = 2_000;

async function excel(ctx: CallContext, report: CatalogReport): Promise<Response> {
  const spec = report.excel!;
  const body = parseInput(dataBody, ctx.body);
  const q = queryOf(report, ctx.body, body.searchTxt);
  const columns = await evalColumnsOf(ctx.db, body, q.years);
  // a shape's own first sheet (E12's period outcomes: their columns and rows, by tabNum)
  const own = report.shape?.excelSheet ? await report.shape.excelSheet({ db: ctx.db, key: report.key, where: q.where, base: q.base, years: q.years }, ctx.body, body.sort, columns) : null;
  const sheet: ExcelColumn<Record<string, unknown>>[] = (own?.columns ?? (columns ? columns.map((c) => [c.clm, c.clmNm] as const) : spec.columns)).map(([key, header]) => ({
    header,
    value: (row) => {
      const v = row[key];
      return typeof v === "number" || typeof v === "string" ? v : v === null || v === undefined ? "" : String(v);
    },
  }));
  // a caller may post the rows (spec 002 §7: {list, …}; the reflection journal's {list1, list2, list3})
  const posted = Array.isArray(ctx.body.list) ? ctx.body.list : Array.isArray(ctx.body.list1) ? ctx.body.list1 : null;
  const given = posted ? (posted as Record<string, unknown>[]) : null;
  const db = ctx.db;
  async function* pages() {
    if (given) {
      yield report.excelRow ? given.map(report.excelRow) : given;
      return;
    }
    if (own?.rows) {
      yield own.rows;
      return;
    }
    for (let offset = 0; ; offset += EXCEL_PAGE) {
      const rows = await orderedRows(db, report.key, q, body.sort, { limit: EXCEL_PAGE, offset });
      if (rows.length) yield rows.map((r) => (report.excelRow ? report.excelRow(r) : r));
      if (rows.length < EXCEL_PAGE) return;
    }
  }
  const year = q.years?.length === 1 ? `_${q.years[0]}` : "";
  // a shape's workbook: more tables as further sheets, sums as footer rows (E10 the cards, E14 the summary and its sums)
  const shaped = report.shape?.workbook ? report.shape.workbook(report.shape.extras ? await report.shape.extras({ db, key: report.key, where: q.where, base: q.base, years: q.years }) : {}, ctx.body) : {};
  return xlsxResponse(`${spec.fileName}${own?.suffix ?? ""}${year}.xlsx`, { sheetName: own?.sheetName ?? report.label, columns: sheet, pages: pages(), ...shaped });
}

/** The report of an Excel call (and its own fields: assessmentMethods, ceType). */
function byExcel(path: string, body: Record<string, unknown>): CatalogReport {
  const report = servedBy((d) => d.excel, path, body);
  if (!report?.excel) throw new HttpError(400, OWN_MSG.badRequest);
  return report;
}

/** The distinct calls of the served reports (several reports share one: the comprehensive evaluations, the exams' download). */
const callsOf = <D extends CallDef>(pick: (def: ReportDef) => D | undefined): D[] => [...new Set(SERVED.map((s) => pick(s.def)).filter((c): c is D => Boolean(c)))];

/** A select filter's lists from their own call (E19 getCurrEndSrvyRsltSelectList.do {}): the report whose filter names it. */
const listsCalls = SERVED.flatMap(({ report, def }) => [...new Set(def.filters.flatMap((f) => (f.kind === "select" && f.from ? [f.from] : [])))].map((call) => ({ call, report })));

export const reportRoutes: RouteDef[] = [
  ...callsOf((d) => d.sync.call).map((call) => route(call, "required", (ctx) => sync(ctx, bySync(call.path, ctx.body)))),
  ...callsOf((d) => d.data.call).map((call) =>
    route(call, "required", (ctx) => {
      const report = servedBy((d) => d.data, call.path, ctx.body);
      if (!report) throw new ApiError(fail(400, OWN_MSG.badRequest));
      return listData(ctx, report);
    }),
  ),
  route(REPORT_STATE.syncInfo, "required", syncInfo),
  ...listsCalls.map(({ call, report }) => route(call, "required", async (ctx) => ok(await listsOf(ctx.db, report, null)))),
];

export const reportGetRoutes: GetRouteDef[] = callsOf((d) => (d.excel.call.kind === "download" ? d.excel.call : undefined)).map((call) => getRoute(call, "required", (ctx) => excel(ctx, byExcel(call.path, ctx.body))));

/** The POST downloads (spec 002 §7: e.g. BasicmdEvalListExcelDown.do {list, ceType} → blob): a JSON body, a file answered. */
export const reportPostDownloadRoutes: GetRouteDef[] = callsOf((d) => (d.excel.call.kind === "postDownload" ? d.excel.call : undefined)).map((call) => getRoute(call, "required", (ctx) => excel(ctx, byExcel(call.path, ctx.body))));
