/**
 * One declaration for a record screen's `.do` routes: the list (paged and sorted in SQL, with
 * evaluation mode), the detail, the save, the delete, and the Excel download, upload and template.
 * The screens differ in their tables, filters, views and saves; how a list pages, sorts, counts,
 * picks an evaluation's columns, streams its workbook, and how a detail or a delete answers, is
 * written here once (docs/contract.md "Paging and sorting", "Evaluation mode").
 */
import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";
import { z, type ZodRawShape, type ZodTypeAny } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { xlsxResponse, type CellInput, type ExcelColumn } from "../../utils/excel.server";
import type { Db, Tx } from "../db/client.server";
import type { ResourceTemplate } from "../handlers/file.server";
import type { CallDef } from "../../calls/define";
import { requireAuth, type AuthInfo, type CallContext, type GetRouteDef, type RouteDef } from "./context.server";
import { fail, ok, parseInput, type Envelope } from "./envelope.server";
import { downloadColumnsFor, evalColumnsFor, evalParams, listYear, pickColumns, seqField, type EvalColumn } from "./people.server";
import { uploadHandler, yearUploadHandler, type UploadResult, type UploadYearMode } from "./sheet-import.server";
import { MAX_UPLOAD_BODY_BYTES } from "./upload.server";

// ---------------------------------------------------------------------------------------------
// Paging and sorting
// ---------------------------------------------------------------------------------------------

/** Rows one page may have. */
export const LIST_MAX_SIZE = 100;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** An optional whole number in [min, max] (a JSON number or digits); anything else is `message`. */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === "string" && /^\s*[0-9]{1,9}\s*$/.test(v) ? Number(v) : v),
    z.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message).optional(),
  );

/**
 * `page` (from 1) and `size` (1 … 100) of a list call: both, or `size` alone (page 1), answer that
 * page; neither, the whole list. `sort`: 'key:asc|desc' joined by ','.
 */
export const PagingFields = {
  page: wholeNumber(OWN_MSG.listPage, 1, 1_000_000),
  size: wholeNumber(OWN_MSG.listSize, 1, LIST_MAX_SIZE),
  sort: z.preprocess((v) => (blank(v) ? undefined : v), z.string({ invalid_type_error: OWN_MSG.badRequest }).max(500, OWN_MSG.badRequest).optional()),
};

/** A page number without a size is refused with the size's message (no silent default size). */
const pageNeedsSize = (b: { page?: number; size?: number }, ctx: z.RefinementCtx) => {
  if (b.page !== undefined && b.size === undefined) ctx.addIssue({ code: "custom", path: ["size"], message: OWN_MSG.listSize });
};

/** The keys a list sorts by (its rows' keys) and what ORDER BY uses for each. */
export type Sortable = Readonly<Record<string, AnyColumn | SQL>>;

/**
 * ORDER BY of a `sort` text ('name:desc,id'): keys of `sortable` (in evaluation mode only the
 * shown ones), each once, direction asc by default, nulls last; other parts are ignored. Keys only
 * select among the definition's expressions, so nothing of the text reaches the SQL. The list's
 * own order follows and breaks ties (it ends with a unique key: pages are stable).
 */
export function sortOrder(sortable: Sortable, text: string | undefined, shown: readonly string[] | null, fallback: readonly SQL[]): SQL[] {
  const used = new Set<string>();
  const order: SQL[] = [];
  for (const part of (text ?? "").split(",")) {
    const m = /^\s*([A-Za-z][A-Za-z0-9_]{0,39})\s*(?::\s*(asc|desc)\s*)?$/i.exec(part);
    if (!m || used.has(m[1]) || !Object.hasOwn(sortable, m[1]) || (shown && !shown.includes(m[1]))) continue;
    used.add(m[1]);
    order.push(sql`${sortable[m[1]]} ${sql.raw(m[2]?.toLowerCase() === "desc" ? "desc" : "asc")} nulls last`);
  }
  return [...order, ...fallback];
}

/** Select it as `_total` beside a list's columns: the count of all matching rows (one query answers page and total). */
export const TOTAL = sql<number>`count(*) over ()`.mapWith(Number);

/**
 * `TOTAL` for a list of one table's rows, as a subquery with the list's own condition. The window
 * count holds every matching row, all its columns, until the page is sorted out of them; on a wide
 * table that is most of the query (the student list: 2.0 → 1.6 ms in PGlite, ADR 0052).
 */
export const totalOf = (table: PgTable, where: SQL | undefined) => sql<number>`(select count(*) from ${table}${where ? sql` where ${where}` : sql``})`.mapWith(Number);

interface Window {
  limit: number;
  offset: number;
}

/** The ordered rows of a dynamic select, one window of them when given. */
function fetchRows(query: PgSelect, order: readonly SQL[], window?: Window): Promise<Record<string, unknown>[]> {
  const ordered = query.orderBy(...order);
  return window ? ordered.limit(window.limit).offset(window.offset) : ordered;
}

// ---------------------------------------------------------------------------------------------
// The definition
// ---------------------------------------------------------------------------------------------

export type TableFilter<S extends ZodRawShape> = z.output<z.ZodObject<S>>;

export interface TableDef<S extends ZodRawShape, R, V, C = undefined> {
  /** The filter fields of the list (the download takes them too, as query parameters). */
  filter: S;
  /** What rows and views of one filter need besides the rows (code names, the year's subjects …). */
  context?: (db: Db | Tx, f: TableFilter<S>) => Promise<C>;
  /** The filtered rows, with `_total: TOTAL` among the fields: a `$dynamic()` select, ordered and paged here. */
  rows: (db: Db | Tx, f: TableFilter<S>, c: C) => PgSelect;
  /** The list's own order, ending with a unique key. */
  order: readonly SQL[];
  /** The sort keys: keys of the list's rows → the column or expression ORDER BY uses. */
  sortable: Sortable;
  /** More sort keys of evaluation mode, whose rows have other keys (only the configured ones apply). */
  evalSortable?: Sortable;
  /** Selected rows → views (one batch: a page, or the download's thousand). */
  views: (db: Db | Tx, rows: R[], c: C) => V[] | Promise<V[]>;
  /** A list row outside evaluation mode (default: the view). */
  wire?: (v: V, c: C) => unknown;
  /** The keys an evaluation may configure (default: the view's). */
  evalRow?: (v: V, c: C) => Record<string, unknown>;
  /** The year whose evaluation columns apply (default: the filter's `year`). */
  evalYear?: (f: TableFilter<S>) => number;
  /** Where the rows go in the reply (default 'list'); another name keeps them there in evaluation mode too. */
  listKey?: string;
  /** More fields of the list reply (yearList, the year's subjects …). */
  extras?: (db: Db, f: TableFilter<S>, c: C) => Promise<Record<string, unknown>>;
  /** The list reply's message (a year without codes …). */
  message?: (c: C) => string | undefined;
}

export type Table<S extends ZodRawShape, V, C> = TableDef<S, any, V, C>;

type EvalFilter = { eiSeq?: number; menuSeq?: number };

/**
 * Evaluation mode (both eiSeq and menuSeq): the columns that evaluation shows of the menu in `year`;
 * null outside it.
 */
export async function evalMode(db: Db | Tx, q: EvalFilter, year: number): Promise<EvalColumn[] | null> {
  return q.eiSeq && q.menuSeq ? evalColumnsFor(db, q.eiSeq, q.menuSeq, year) : null;
}

const yearOf = <S extends ZodRawShape, V, C>(def: Table<S, V, C>, f: TableFilter<S>) => def.evalYear?.(f) ?? (f as { year: number }).year;

async function contextOf<S extends ZodRawShape, V, C>(def: Table<S, V, C>, db: Db | Tx, f: TableFilter<S>): Promise<C> {
  return def.context ? def.context(db, f) : (undefined as C);
}

/** The ORDER BY of a list call: its sort keys (in evaluation mode the configured ones), then its own order. */
function orderOf<S extends ZodRawShape, V, C>(def: Table<S, V, C>, sort: string | undefined, columns: EvalColumn[] | null): SQL[] {
  if (!columns) return sortOrder(def.sortable, sort, null, def.order);
  return sortOrder({ ...def.sortable, ...def.evalSortable }, sort, columns.map((col) => col.clm), def.order);
}

/** The views of a filter in the list's own order (a detail finds its record with a key filter). */
export async function tableViews<S extends ZodRawShape, V, C>(def: Table<S, V, C>, db: Db | Tx, f: TableFilter<S>, c: C, window?: Window): Promise<V[]> {
  return def.views(db, await fetchRows(def.rows(db, f, c), def.order, window), c);
}

/** The list call: {list, total[, columns], …extras}. */
export function listHandler<S extends ZodRawShape, V, C>(def: Table<S, V, C>) {
  const Body = z.object({ ...def.filter, ...evalParams, ...PagingFields }).superRefine(pageNeedsSize);
  return async (ctx: CallContext): Promise<Envelope> => {
    requireAuth(ctx);
    const body = parseInput(Body, ctx.body) as TableFilter<S> & EvalFilter & { page?: number; size?: number; sort?: string };
    const columns = await evalMode(ctx.db, body, yearOf(def, body));
    const c = await contextOf(def, ctx.db, body);
    const order = orderOf(def, body.sort, columns);
    const query = () => def.rows(ctx.db, body, c);
    let rows: Record<string, unknown>[];
    let total: number;
    if (body.size) {
      const page = body.page ?? 1;
      rows = await fetchRows(query(), order, { limit: body.size, offset: (page - 1) * body.size });
      // past the last page there is no row to carry the count: ask for the first one
      const counter = rows[0] ?? (page > 1 ? (await fetchRows(query(), order, { limit: 1, offset: 0 }))[0] : undefined);
      total = Number(counter?._total ?? 0);
    } else {
      rows = await fetchRows(query(), order);
      total = rows.length;
    }
    const views = await def.views(ctx.db, rows, c);
    const listKey = def.listKey ?? "list";
    const wire = views.map((v) => (def.wire ? def.wire(v, c) : v));
    const extras = def.extras ? await def.extras(ctx.db, body, c) : {};
    const result = columns
      ? { ...(listKey === "list" ? {} : { [listKey]: wire }), list: views.map((v) => pickColumns(def.evalRow ? def.evalRow(v, c) : (v as Record<string, unknown>), columns)), columns }
      : { [listKey]: wire };
    return ok({ ...result, total, ...extras }, def.message?.(c));
  };
}

// ---------------------------------------------------------------------------------------------
// Excel download
// ---------------------------------------------------------------------------------------------

export interface TableSheet<S extends ZodRawShape, V, C, X = V> {
  /** The sheet's name; the file is '{label}_{year}.xlsx' unless `fileName` says otherwise. */
  label: string;
  fileName?: (f: TableFilter<S>) => string;
  /** The columns outside evaluation mode. */
  columns: (c: C) => readonly ExcelColumn<X>[];
  /** A batch of views → the sheet's rows (default: the views themselves). */
  expand?: (db: Db, views: V[], c: C) => Promise<X[]>;
}

const DOWNLOAD_BATCH = 1000;

/**
 * The download (GET, the list's filter and sort as query parameters): every matching record,
 * streamed a thousand at a time; in evaluation mode one row per record with the configured columns.
 */
export function downloadHandler<S extends ZodRawShape, V, C, X>(def: Table<S, V, C>, sheet: TableSheet<S, V, C, X>) {
  const Query = z.object({ ...def.filter, ...evalParams, sort: PagingFields.sort });
  return async (ctx: CallContext): Promise<Response> => {
    requireAuth(ctx);
    const q = parseInput(Query, ctx.body) as TableFilter<S> & EvalFilter & { sort?: string };
    // an evaluation with no configured column answers its errorMessage (spec 002 §8), as people downloads do
    const configured = q.eiSeq && q.menuSeq ? await downloadColumnsFor(ctx.db, q.eiSeq, q.menuSeq, yearOf(def, q)) : null;
    const c = await contextOf(def, ctx.db, q);
    const order = orderOf(def, q.sort, configured);
    async function* pages(): AsyncGenerator<V[]> {
      for (let offset = 0; ; offset += DOWNLOAD_BATCH) {
        const rows = await fetchRows(def.rows(ctx.db, q, c), order, { limit: DOWNLOAD_BATCH, offset });
        if (rows.length) yield await def.views(ctx.db, rows, c);
        if (rows.length < DOWNLOAD_BATCH) return;
      }
    }
    const file = sheet.fileName?.(q) ?? `${sheet.label}_${(q as { year: number }).year}.xlsx`;
    const sheetName = sheet.label;
    if (configured) {
      const cell = (v: V, clm: string) => ((def.evalRow ? def.evalRow(v, c) : (v as Record<string, unknown>))[clm] ?? null) as CellInput;
      const columns: ExcelColumn<V>[] = configured.map((col) => ({ header: col.clmNm, value: (v) => cell(v, col.clm) }));
      return xlsxResponse(file, { sheetName, columns, pages: pages() });
    }
    const expand = sheet.expand;
    async function* expanded(): AsyncGenerator<X[]> {
      for await (const views of pages()) {
        const rows = expand ? await expand(ctx.db, views, c) : (views as unknown as X[]);
        if (rows.length) yield rows;
      }
    }
    return xlsxResponse(file, { sheetName, columns: sheet.columns(c), pages: expanded() });
  };
}

/** An upload template: the upload's headers and one example row. */
export function exampleSheet(fileName: string, sheetName: string, cells: readonly { header: string; width?: number; value: CellInput }[]): Response {
  return xlsxResponse(fileName, { sheetName, columns: cells.map((c) => ({ header: c.header, width: c.width, value: () => c.value })), rows: [null] });
}

// ---------------------------------------------------------------------------------------------
// Keyed calls: detail and delete
// ---------------------------------------------------------------------------------------------

/** The route fields of a call's definition (app/calls, ADR 0079): its path, and the reply schema CHECK_REPLIES reads. */
export const at = (c: CallDef): { path: string; call: CallDef } => ({ path: c.path, call: c });

export interface KeyedCall<K extends ZodTypeAny> {
  path: CallDef;
  key: K;
  /** The result for the key, or null when there is no such record. */
  run: (db: Db, key: z.output<K>, auth: AuthInfo) => Promise<unknown>;
  /** The message of status 404 (no such record). */
  missing: string;
}

export interface DeleteCall<K extends ZodTypeAny> extends KeyedCall<K> {
  /** The success message. */
  done: string;
  /** A key that does not parse answers status 400 with this message (default: the key's own). */
  badKey?: string;
}

function keyedHandler<K extends ZodTypeAny>(call: KeyedCall<K>, done?: string, badKey?: string) {
  return async (ctx: CallContext): Promise<Envelope> => {
    const auth = requireAuth(ctx);
    let key: z.output<K>;
    if (badKey) {
      const parsed = call.key.safeParse(ctx.body);
      if (!parsed.success) return fail(400, badKey);
      key = parsed.data;
    } else {
      key = parseInput(call.key, ctx.body);
    }
    const result = await call.run(ctx.db, key, auth);
    return result === null ? fail(404, call.missing) : ok(result, done);
  };
}

/** A call that answers the record of a key (status 404 with `missing` when there is none). */
export const keyedRoute = <K extends ZodTypeAny>(call: KeyedCall<K>): RouteDef => ({ ...at(call.path), auth: "required", handler: keyedHandler(call) });

/**
 * The delete of a score record by its seq, body {[name]: seq}: soft (usyn 'N' on the live row),
 * answering {[name]} and '삭제되었습니다.', or 404 '삭제 실패하였습니다.'.
 */
export function softDeleteBySeq<N extends string>(path: CallDef, name: N, table: PgTable & { usyn: AnyColumn; uptDt: AnyColumn }, seq: AnyColumn): DeleteCall<ZodTypeAny> {
  return {
    path,
    key: z.object({ [name]: seqField }),
    run: async (db, key: Record<string, number>) => ((await markDeleted(db, table, and(eq(seq, key[name]), eq(table.usyn, "Y")))) ? { [name]: key[name] } : null),
    done: MSG.deletedScore,
    missing: MSG.deleteFailed,
  };
}

/** A soft delete: marks the live rows `where` selects as deleted (usyn 'N'); answers how many. */
export async function markDeleted(db: Db | Tx, table: PgTable & { usyn: AnyColumn; uptDt: AnyColumn }, where: SQL | undefined): Promise<number> {
  const done = await db
    .update(table)
    .set({ usyn: "N", uptDt: sql`now()` } as never)
    .where(where)
    .returning({ one: sql`1` });
  return done.length;
}

// ---------------------------------------------------------------------------------------------
// The routes of a screen
// ---------------------------------------------------------------------------------------------

export interface TableRoutes<S extends ZodRawShape, V, C, X, KD extends ZodTypeAny, KR extends ZodTypeAny> {
  /** POST call of the list. */
  list: CallDef;
  detail?: KeyedCall<KD>;
  save?: { path: CallDef; run: (ctx: CallContext) => Promise<Envelope>; multipart?: boolean };
  remove?: DeleteCall<KR>;
  /** The download (GET `download`). */
  excel?: TableSheet<S, V, C, X> & { download: CallDef };
  /** The upload (multipart {file}, or {year, file} with `withYear`; "optional": the year when posted, else 0). */
  upload?: { path: CallDef; withYear: UploadYearMode; run: (ctx: CallContext, bytes: Uint8Array, year: number) => Promise<UploadResult>; hint?: string };
  /** The template: a GET path (query year) and/or a name for /api/resourceFileDownload.do. */
  sample?: { path?: CallDef; template?: { folderName: string; fileName: string }; build: (db: Db, year: number) => Promise<Response> };
  /** The screen's other POST calls (code lists, previews …). */
  more?: RouteDef[];
}

export interface ScreenRoutes {
  routes: RouteDef[];
  getRoutes: GetRouteDef[];
  templates: ResourceTemplate[];
}

const SampleQuery = z.object({ year: listYear });

/** Every route of a screen from its table definition and its calls. */
export function tableRoutes<S extends ZodRawShape, V, C, X = V, KD extends ZodTypeAny = ZodTypeAny, KR extends ZodTypeAny = ZodTypeAny>(
  def: Table<S, V, C>,
  r: TableRoutes<S, V, C, X, KD, KR>,
): ScreenRoutes {
  const routes: RouteDef[] = [{ ...at(r.list), auth: "required", handler: listHandler(def) }];
  const getRoutes: GetRouteDef[] = [];
  if (r.detail) routes.push(keyedRoute(r.detail));
  if (r.save) routes.push({ ...at(r.save.path), auth: "required", handler: r.save.run, ...(r.save.multipart ? { multipartMaxBytes: MAX_UPLOAD_BODY_BYTES } : {}) });
  if (r.remove) routes.push({ ...at(r.remove.path), auth: "required", handler: keyedHandler(r.remove, r.remove.done, r.remove.badKey) });
  if (r.upload) {
    const { run, hint } = r.upload;
    const handler = r.upload.withYear === true ? yearUploadHandler((ctx, year, bytes) => run(ctx, bytes, year), hint) : uploadHandler(run, hint, r.upload.withYear);
    routes.push({ ...at(r.upload.path), auth: "required", handler, multipartMaxBytes: MAX_UPLOAD_BODY_BYTES });
  }
  routes.push(...(r.more ?? []));
  if (r.excel) getRoutes.push({ ...at(r.excel.download), auth: "required", handler: downloadHandler(def, r.excel) });
  const sample = r.sample;
  if (sample?.path) {
    getRoutes.push({
      ...at(sample.path),
      auth: "required",
      handler: async (ctx) => {
        requireAuth(ctx);
        return sample.build(ctx.db, parseInput(SampleQuery, ctx.body).year);
      },
    });
  }
  const templates = sample?.template ? [{ ...sample.template, build: sample.build }] : [];
  return { routes, getRoutes, templates };
}
