/**
 * The one loader of record-list screens (DESIGN.md "Record list", "Evaluation mode"): a screen
 * declares its key, filters and calls; this reads the list's URL state (year, filters, paging,
 * sorting, evaluation mode, the open dialog), makes the calls, turns a LegacyError into the page's
 * '알림' message and answers one data shape (`ListData`) that the page shell (`ListPage`) shows.
 *
 * Paging: the list call is asked for `page`, `size` and `sort`. A reply whose `total` is larger
 * than its list was paged (and sorted) by the server; any other reply is the whole list (a real
 * legacy server answers whole lists), which is sorted and sliced here.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { evalColumns } from "~/legacy/endpoints/eval-indicators.server";
import { LegacyError } from "~/legacy/errors";
import { unreadableRows, type WireEvalColumn } from "~/legacy/wire";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { withAdmin, withUser, type UserContext } from "./context.server";
import { listYears, pageOf, readDialog, readPaging, readSort, readYear, sortRows, sortText, type DialogKind, type EvalMode, type ListData, type ListDialog, type SortKey } from "./list-url";
import { seoulYear } from "./time";
import { evalParams } from "./url";

/** What the list's URL says, handed to the screen's calls. */
export interface ListState<F> {
  url: URL;
  /** the evaluation (read-only mode), or null */
  ev: EvalMode | null;
  year: number;
  /** the screen's own filters */
  filter: F;
  page: number;
  size: number;
  sort: SortKey[];
  /** page, size and sort as a list call's body carries them */
  query: { page: number; size: number; sort?: string };
}

/** The part of a list reply the kit reads; the rest is the screen's (see `more`). */
export interface ListReply {
  list: readonly unknown[];
  total?: number | null;
  columns?: readonly WireEvalColumn[] | null;
  /** years that have records (added to the year choices) */
  yearList?: readonly number[];
}

export interface ListLoaderSpec<F, R extends ListReply, D, X> {
  /** an administration list (ADR 0040): anyone but an administrator is refused (withAdmin) */
  admin?: boolean;
  /** the record's key in the URL (`?dialog=edit&<key>=`) and in each row */
  key: string;
  /** the year choices (default 2025 … the current year) */
  years?: () => number[];
  /** the year when the URL names none (default this year if it is a choice, else the newest choice) */
  defaultYear?: () => number;
  /** years the URL may ask for besides the choices (a list whose reply adds the years it has records of) */
  acceptYears?: () => number[];
  /** the screen's own filters, read from the URL */
  filter?: (url: URL) => F;
  /** the columns a header click may sort by */
  sortable?: readonly string[];
  /** default page size (spec: 20 unless it says 10) */
  defaultSize?: number;
  /** a few rows shown whole: one page, whatever the URL says (a statistics report) */
  whole?: boolean;
  list: (ctx: UserContext, state: ListState<F>) => Promise<R>;
  /** evaluation mode: the columns when the list reply carries none; default the configured ones (getEvalColumnsList.do) */
  evalColumns?: (ctx: UserContext, ev: EvalMode) => Promise<readonly WireEvalColumn[]>;
  /**
   * evaluation mode: the keys this table has (a tab of a report: one evaluation configures both
   * tabs, and each shows the configured columns that are its own); default every configured column
   */
  evalColumnKeys?: readonly string[];
  /**
   * The record an edit, delete or preview dialog is about when it is not taken from the list's
   * rows (a detail call); a missing record is null.
   */
  detail?: (ctx: UserContext, seq: number, state: ListState<F>) => Promise<Record<string, unknown> | null>;
  /** The message of a record that cannot be read (default '데이터 조회에 실패하였습니다.'; spec 001 §8 seminars: '데이터가 없습니다.'). */
  detailMissing?: string;
  /** What an open dialog needs; the record is the row (or `detail`'s answer), null for add. */
  dialog?: (ctx: UserContext, d: { kind: DialogKind; seq: number | null; record: Record<string, unknown> | null }, state: ListState<F>, reply: R | null) => Promise<D>;
  /** More of the screen's own data (code lists, a chart, a selected record), from the reply too. */
  more?: (ctx: UserContext, state: ListState<F>, reply: R | null) => Promise<X> | X;
}

/** A LegacyError's message, or the error itself thrown on (a bug is not a page message). */
export async function orMessage<T>(work: () => Promise<T>, message?: string): Promise<{ value: T; error: null } | { value: null; error: string }> {
  try {
    return { value: await work(), error: null };
  } catch (e) {
    if (!(e instanceof LegacyError)) throw e;
    return { value: null, error: message ?? e.message };
  }
}

/** The page size of a list shown whole (more rows than a statistics report has). */
export const WHOLE_SIZE = 10_000;

/** The URL state of a list (also what its Excel download and action read). */
export function readListState<F>(url: URL, params: Record<string, string | undefined>, spec: Pick<ListLoaderSpec<F, ListReply, unknown, unknown>, "years" | "defaultYear" | "acceptYears" | "filter" | "sortable" | "defaultSize" | "whole">): ListState<F> {
  const ev = evalParams(params);
  const years = spec.years?.() ?? listYears();
  const year = ev?.year ?? readYear(url, [...years, ...(spec.acceptYears?.() ?? [])], spec.defaultYear?.() ?? (years.includes(seoulYear()) ? seoulYear() : years[0]));
  const { page, size } = spec.whole ? { page: 1, size: WHOLE_SIZE } : readPaging(url, spec.defaultSize);
  const sort = readSort(url, spec.sortable ?? []);
  return {
    url,
    ev,
    year,
    filter: spec.filter ? spec.filter(url) : ({} as F),
    page,
    size,
    sort,
    query: { page, size, ...(sort.length ? { sort: sortText(sort) } : {}) },
  };
}

/** A reply's rows of the asked page, and the list's total (see the file's comment). */
export function pageRows(reply: ListReply, page: number, size: number, sort: readonly SortKey[]) {
  const list = reply.list as Record<string, unknown>[];
  if (typeof reply.total === "number" && reply.total > list.length) return { rows: list.slice(0, size), total: reply.total };
  return { rows: pageOf(sortRows(list, sort), page, size), total: list.length };
}

/** Evaluation mode's columns when a list reply carries none (spec §7 sends only the rows): the configured ones. */
const defaultEvalColumns = (ctx: UserContext, ev: EvalMode) => evalColumns(ctx.session, ev.eiSeq, ev.menuSeq, ev.year);

export function listLoader<F = Record<string, never>, R extends ListReply = ListReply, D = null, X = null>(spec: ListLoaderSpec<F, R, D, X>) {
  return (args: LoaderFunctionArgs) =>
    (spec.admin ? withAdmin : withUser)(args, async (ctx) => {
      const state = readListState(new URL(args.request.url), args.params, spec);
      const { ev } = state;
      const listed = await orMessage(() => spec.list(ctx, state));
      let error = listed.error;
      const reply = listed.value;
      const { rows, total } = reply ? pageRows(reply, state.page, state.size, state.sort) : { rows: [], total: 0 };
      // rows of the reply that could not be read were left out (app/legacy/wire.ts `list`): the page says so
      const unreadable = reply ? unreadableRows(reply.list) : 0;
      if (unreadable) error ??= OWN_MSG.unreadableRows.replace("{count}", unreadable.toLocaleString("ko-KR"));

      let columns: WireEvalColumn[] | null = null;
      if (ev && reply) {
        if (reply.columns) columns = [...reply.columns];
        else {
          const c = await orMessage(() => (spec.evalColumns ?? defaultEvalColumns)(ctx, ev));
          columns = c.value ? [...c.value] : [];
          error ??= c.error;
        }
        const keys = spec.evalColumnKeys;
        if (keys) columns = columns.filter((c) => keys.includes(c.clm));
      }

      // evaluation mode is read-only: no dialog opens
      let dialog: ListDialog<D> | null = null;
      const asked = ev ? null : readDialog(state.url, spec.key);
      if (asked) {
        const opened = await orMessage(async () => {
          let record: Record<string, unknown> | null = null;
          if (asked.seq !== null) {
            record = spec.detail ? await spec.detail(ctx, asked.seq, state) : ((reply?.list as Record<string, unknown>[] | undefined)?.find((r) => Number(r[spec.key]) === asked.seq) ?? null);
            // spec 002 §8: a record that cannot be read is '상세 조회 실패하였습니다.'
            if (!record) throw new LegacyError(spec.detailMissing ?? MSG.detailFailed, 404);
          }
          const data = spec.dialog ? await spec.dialog(ctx, { ...asked, record }, state, reply) : (record as D);
          return { ...asked, data };
        }, spec.detailMissing ?? MSG.detailFailed);
        dialog = opened.value;
        error ??= opened.error;
      }

      const more = spec.more ? await orMessage(async () => spec.more!(ctx, state, reply)) : { value: null, error: null };
      error ??= more.error;

      const base = spec.years?.() ?? listYears();
      // years with records are added, none before the list's first (filters start at 2025: spec 002 §9)
      const stored = (reply?.yearList ?? []).filter((y) => y >= Math.min(...base));
      const years = [...new Set([...base, ...stored, state.year])].sort((a, b) => b - a);
      const data: ListData<F, D, X> = {
        evalMode: ev,
        years,
        year: state.year,
        filter: state.filter,
        page: state.page,
        size: state.size,
        sort: state.sort,
        total,
        rows,
        columns,
        dialog,
        error,
        more: more.value,
      };
      return json(data);
    });
}
