/**
 * The one page shell of record-list screens (DESIGN.md "Record list"), for the data of
 * `listLoader` (app/utils/list-loader.server.ts): title and register button, the '알림' region,
 * the filter bar (a GET form: year, the screen's own filters, search text), the Excel toolbar, the
 * open dialog, the table with sortable headers, and the pager. In evaluation mode the same screen
 * is read-only: the server's columns, the download only, nothing that writes.
 *
 * A screen gives its columns, its filters and its dialogs; the delete question is the shell's
 * (`?dialog=delete&<key>=`), as are the row buttons (`RowActions`). A master-detail screen (the
 * people lists) gives its own `list` of rows and the selected record's form as `aside`.
 */
import { Button } from "~/components/ui/mantine";
import { Form, Link, useFormAction, useLocation, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { EvalList } from "~/components/data-table/EvalList";
import { FilterBar, SearchFilter, YearFilter } from "~/components/data-table/FilterBar";
import { Pager } from "~/components/data-table/Pager";
import { excelLinks, ExcelToolbar, type ExcelUploadResult } from "~/components/excel/ExcelToolbar";
import { CsrfField } from "~/components/form/field-state";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { DeleteDialog } from "~/components/layout/DeleteDialog";
import { useRootData } from "~/components/layout/useRootData";
import { MSG } from "~/schemas/messages.ko";
import { dialogKeys, listSearch, sortText, type DialogKey, type DialogKind, type ListData } from "~/utils/list-url";
import { dialogOpenerKey, FOCUS_PARAM, openerProps, returnFocusKey, rowOpenerKey } from "~/utils/focus-return";
import { withParams } from "~/utils/url";
import { PageTitle, PlainButton, PlainGroup, PlainStack } from "~/components/ui/plain";

type Row = Record<string, unknown>;

/** The part of the list loader's data the shell reads. */
export type ListPageData = Omit<ListData<unknown, unknown, unknown>, "filter" | "more">;

/** An action's reply as the shell reads it: the upload's result, a failure's message, which form it was. */
export interface ListReplyData {
  excel?: ExcelUploadResult;
  excelError?: string;
  alert?: string;
  formId?: string;
}

export interface ListPageProps<T> {
  title: string;
  /** the list's path (evaluation pages are `${path}/${eiSeq}/${menuSeq}/${year}`) */
  path: string;
  data: ListPageData;
  /** the record key of the URL and of each row */
  keyName: string;
  /** the register button's label (opens `?dialog=add`); none = no register button */
  register?: string;
  /** the register button goes to this page instead (an editor of its own) */
  registerTo?: string;
  /** the year filter (default shown) */
  yearFilter?: boolean;
  /** the screen's own filter pieces, after the year */
  filters?: ReactNode;
  /** the search text box (its value is `filter.value`; its parameter `name`, default `value`) */
  search?: { value: string; placeholder?: string; label?: string; name?: string } | null;
  filterLabel?: string;
  /** the Excel toolbar: the download's filters, the upload (with its fields), the template */
  excel?: {
    filters?: Record<string, string | readonly string[] | null | undefined>;
    upload?: Record<string, string> | false;
    template?: boolean;
    failureNote?: string;
    /** the resource route when it is not `{path}/excel`'s (the synced reports share one) */
    path?: string;
    /** false: the download carries no year of its own (a multi-year filter passes its years in `filters`) */
    year?: false;
  };
  /** the table's columns (not needed when the screen shows its rows itself, see `list`) */
  columns?: DataColumn<T>[];
  /** evaluation mode: a column's own cell (e.g. two decimals) */
  evalCell?: (clm: string) => DataColumn<Row>["cell"] | undefined;
  /** a row's key (default: its `keyName`) */
  rowKey?: (row: T) => string | number;
  caption?: string;
  /** the caption shown above the table (default: for screen readers only); evaluation mode's own caption */
  showCaption?: boolean;
  evalCaption?: string;
  /** the screen's own rendering of the rows in place of the table (a list of links, say) */
  list?: ReactNode;
  /** master-detail: the list and its pager on the left, this (the selected record) on the right */
  aside?: ReactNode;
  /** the open dialog (register, edit, preview) of the screen, shown above the table */
  dialog?: ReactNode;
  /** the delete question's title and what is deleted, from the record */
  remove?: { title: string; subject: (record: Row) => ReactNode };
  /** the last action's reply, and the id of the screen's dialog form (its messages show in the dialog) */
  reply?: ListReplyData;
  dialogFormId?: string;
  /** the screen's own standing message (e.g. a year without codes), when nothing else is said */
  notice?: string | null;
  /** a student search in the URL: '검색 결과가 없습니다.' (spec 001 §9, 002 §8 'Empty student search'); else an empty table says '데이터가 없습니다.' (002 §8) */
  searching?: boolean;
  unit?: string;
  testId?: string;
  rowTestId?: string;
  /** shown between the toolbar and the table (a chart, a note) */
  children?: ReactNode;
  /** shown under the table and its pager (a second table) */
  after?: ReactNode;
  /** false: no pager (a list shown whole) */
  pager?: boolean;
  /** the order the list's call answers when asked for none (its header shows it: aria-sort) */
  initialSort?: { key: string; dir: "asc" | "desc" };
  /** a header click adds or turns its key in a sort of several keys (nextSort: the sort it links to) */
  multiSort?: (current: ListPageData["sort"], key: string) => ListPageData["sort"];
  /** grouped column headers */
  groups?: readonly { label: string; keys: readonly string[] }[];
  /** where the filter's reset goes (default: the list's path) */
  resetTo?: string;
  /** shown above the filter bar (a report's tabs) */
  nav?: ReactNode;
}

/**
 * The props of a list whose one filter besides the year is its search text (`filter.value`): the
 * search box, '검색 결과가 없습니다.' for an empty result while it holds text (`searching`), and the
 * Excel download of what the search shows.
 */
export function valueSearch(value: string, placeholder: string) {
  return { search: { value, placeholder }, searching: Boolean(value), excel: { filters: { value } } };
}

/** The list's links: the page without a dialog, and with one. */
export function useListLinks(path: string, keyName: DialogKey) {
  const location = useLocation();
  const { search, dialogHref } = useDialogLinks(path, keyName);
  // an index route's action is `?index` (a post without it goes to the parent route)
  const index = useFormAction(".").includes("?index");
  // the open dialog's opener takes the focus back when it closes (ADR 0059)
  const opener = dialogOpenerKey(location.search, dialogKeys(keyName));
  const back = opener ? withParams(search, { [FOCUS_PARAM]: opener }) : search;
  return {
    /** the list's own search (filters, page, sort) */
    search,
    /** the list again, the focus back on the open dialog's opener */
    closeTo: `${path}${back}`,
    /** where the list's own forms (delete, copy, upload) post (from an open dialog: its opener takes the focus back) */
    post: `${path}${index ? withParams(back, { index: "" }) : back}`,
    /** where an open dialog posts: this URL, so a refused post renders the dialog again */
    here: `${path}${location.search}`,
    dialogHref,
  };
}

/** The list's own search and its dialogs' links: all a row's buttons need (twenty rows a page). */
function useDialogLinks(path: string, keyName: DialogKey) {
  const search = listSearch(useLocation().search, keyName);
  const key = typeof keyName === "string" ? keyName : keyName[0];
  return {
    search,
    /** a dialog's link: its record's key, or its keys' values */
    dialogHref: (kind: DialogKind, seq?: number | string | Record<string, string>) =>
      `${path}${withParams(search, { dialog: kind, ...(seq === undefined ? {} : typeof seq === "object" ? seq : { [key]: String(seq) }) })}`,
  };
}

/** A row's numbering, newest first over the whole list (spec: '번호'). */
export const numberColumn = <T,>(data: Pick<ListPageData, "total" | "page" | "size">): DataColumn<T> => ({
  key: "no",
  header: "번호",
  align: "center",
  width: 60,
  cell: (_r, i) => data.total - ((data.page - 1) * data.size + i),
});

/** The row buttons' column ('관리'), pinned to the table's right edge. */
export const actionsColumn = <T,>(cell: (row: T) => ReactNode, header = "관리"): DataColumn<T> => ({ key: "actions", header, align: "center", pinRight: true, cell });

/**
 * A row's buttons, named after the row: links to the record's own pages (`links`; a link to this
 * list's dialog keeps the scroll), the screen's own controls (`children`), then 수정 and 삭제 (and
 * 미리보기) as links that open the list's dialog.
 */
export function RowActions({
  path,
  keyName,
  seq,
  who,
  actions = ["edit", "delete"],
  links = [],
  children,
  stacked = false,
}: {
  path: string;
  keyName: string;
  seq: number | string;
  who: string;
  actions?: readonly Exclude<DialogKind, "add">[];
  links?: readonly { label: string; to: string }[];
  children?: ReactNode;
  /** one under the other, smaller (a table with many columns) */
  stacked?: boolean;
}) {
  const { dialogHref } = useDialogLinks(path, keyName);
  const { search } = useLocation();
  const label = { edit: "수정", delete: "삭제", preview: "미리보기" } as const;
  // plain links styled as Mantine's default compact buttons (app.css `.row-button`): a page has
  // twenty rows of them, and as Button components they were a tenth of its render (ADR 0037)
  const button = (text: string, to: string, red?: boolean, opener?: string) => (
    <Link key={text} to={to} preventScrollReset={to.split("?")[0] === path} className="row-button" data-size={stacked ? "xs" : "sm"} data-red={red || undefined} aria-label={`${text}: ${who}`} {...(opener ? openerProps(search, opener) : null)}>
      {text}
    </Link>
  );
  const buttons = (
    <>
      {links.map((l) => button(l.label, l.to))}
      {children}
      {actions.map((a) => button(label[a], dialogHref(a, seq), a === "delete", rowOpenerKey(a, seq)))}
    </>
  );
  return (
    <div className="row-actions" data-stacked={stacked || undefined}>
      {buttons}
    </div>
  );
}

/** A row's one-click post to the list's action (copy and the like): `intent` with the record's key. */
export function RowPost({ path, keyName, seq, who, intent, label }: { path: string; keyName: string; seq: number; who: string; intent: string; label: string }) {
  const { post } = useListLinks(path, keyName);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get(keyName) === String(seq) && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" action={post} preventScrollReset>
      <CsrfField />
      <input type="hidden" name={keyName} value={seq} />
      <Button type="submit" name="intent" value={intent} size="compact-sm" variant="default" loading={busy} aria-label={`${label}: ${who}`}>
        {label}
      </Button>
    </Form>
  );
}

/** The page's '알림': an upload's failure, a failed list or detail, a failed post outside the dialog, or the flash message. */
function usePageAlert(data: ListPageData, reply: ListReplyData | undefined, dialogFormId: string | undefined, notice?: string | null) {
  const flash = useRootData()?.flash;
  const replyAlert = reply?.alert && (!data.dialog || !dialogFormId || reply.formId !== dialogFormId) ? reply.alert : null;
  const message = reply?.excelError ?? data.error ?? replyAlert ?? notice ?? flash?.text ?? null;
  const kind: "info" | "error" = flash && message === flash.text ? flash.kind : "error";
  return { message, kind };
}

export function ListPage<T extends Row>(props: ListPageProps<T>) {
  const { title, path, data, keyName, reply } = props;
  const location = useLocation();
  const countId = `list-count-${useId().replace(/:/g, "")}`;
  const { search, closeTo, post, dialogHref } = useListLinks(path, keyName);
  const alert = usePageAlert(data, reply, props.dialogFormId, props.notice);
  const ev = data.evalMode;
  const emptyText = props.searching ? MSG.noSearchResult : MSG.noData;
  const sortHref = (key: string, dir: "asc" | "desc") => {
    const next = props.multiSort ? props.multiSort(data.sort, key) : [{ key, dir }];
    return `${path}${withParams(search, { sort: next.length ? sortText(next) : null, page: null })}`;
  };

  const yearFilter = !ev && props.yearFilter !== false;
  // a page without filters (a chart page) has no filter bar
  const filterBar =
    yearFilter || props.filters || props.search ? (
      <FilterBar resetTo={props.resetTo ?? (ev ? location.pathname : path)} label={props.filterLabel ?? `${title} 검색`}>
        {yearFilter ? <YearFilter years={data.years} value={data.year} /> : null}
        {props.filters}
        {props.search ? <SearchFilter name={props.search.name} value={props.search.value} label={props.search.label ?? "검색어"} placeholder={props.search.placeholder} describedBy={props.pager === false ? undefined : countId} /> : null}
      </FilterBar>
    ) : null;
  const links = excelLinks(props.excel?.path ?? path, { year: props.excel?.year === false && !ev ? undefined : data.year, filters: props.excel?.filters, evalMode: ev });
  const toolbar = props.excel ? (
    <ExcelToolbar
      evalMode={Boolean(ev)}
      downloadHref={links.downloadHref}
      templateHref={props.excel.template === false ? undefined : links.templateHref}
      uploadAction={props.excel.upload === false ? undefined : post}
      uploadFields={props.excel.upload || { year: String(data.year) }}
      result={reply?.excel}
      failureNote={props.excel.failureNote}
    />
  ) : null;
  const paging = { total: data.total, page: data.page, size: data.size, unit: props.unit, id: countId };

  if (ev) {
    return (
      <EvalList
        title={title}
        year={ev.year}
        caption={props.evalCaption ?? `${title} (${ev.year}년, 평가 자료)`}
        showCaption={props.showCaption}
        columns={data.columns}
        rows={data.rows}
        rowKey={(r) => String(r[keyName] ?? r.id ?? JSON.stringify(r))}
        cell={props.evalCell}
        emptyText={emptyText}
        alert={alert}
        paging={props.pager === false ? undefined : paging}
        after={props.after}
      >
        {props.nav}
        {filterBar}
        {toolbar}
        {props.children}
      </EvalList>
    );
  }

  const record = data.dialog?.kind === "delete" ? (data.dialog.data as Row | null) : null;
  // the focus goes back to a dialog's opener (ADR 0059); when its row is gone (a confirmed delete)
  // the page's title takes it
  const back = returnFocusKey(location.search);
  // the register button's key: `add`, or the dialog its own link opens (the survey menu's `?dialog=link`)
  const registerKey = props.registerTo ? dialogOpenerKey(props.registerTo.split("?")[1] ?? "") : "add";
  const backRow = back && back !== registerKey ? back.slice(back.indexOf("-") + 1) : null;
  const titleTakesFocus = Boolean(backRow) && !data.dialog && !data.rows.some((r) => String(r[keyName]) === backRow);
  const rows = (
    <>
      {props.list ?? (
        <DataTable
          caption={props.caption ?? title}
          showCaption={props.showCaption}
          columns={props.columns ?? []}
          rows={data.rows as T[]}
          rowKey={props.rowKey ?? ((r) => String(r[keyName]))}
          emptyText={emptyText}
          sort={{ current: data.sort, href: sortHref, multi: Boolean(props.multiSort), initial: props.initialSort }}
          groups={props.groups}
          testId={props.testId}
          rowTestId={props.rowTestId}
        />
      )}
      {props.pager === false ? null : <Pager {...paging} />}
      {props.after}
    </>
  );
  return (
    <PlainStack gap="md">
      <PlainGroup justify="space-between" align="flex-end">
        <PageTitle autoFocus={titleTakesFocus}>{title}</PageTitle>
        {props.register ? (
          <PlainButton component={Link} to={props.registerTo ?? dialogHref("add")} preventScrollReset={!props.registerTo} {...(registerKey ? openerProps(location.search, registerKey) : null)}>
            {props.register}
          </PlainButton>
        ) : null}
      </PlainGroup>
      <AlertRegion message={alert.message} kind={alert.kind} />
      {props.nav}
      {filterBar}
      {toolbar}
      {props.children}
      {props.dialog}
      {record && props.remove && data.dialog?.seq ? (
        <DeleteDialog
          id="list-delete"
          title={props.remove.title}
          subject={props.remove.subject(record)}
          action={post}
          fields={{ [keyName]: data.dialog.seq }}
          closeTo={closeTo}
        />
      ) : null}
      {props.aside ? (
        <div className="list-with-aside">
          <div>{rows}</div>
          <div>{props.aside}</div>
        </div>
      ) : (
        rows
      )}
    </PlainStack>
  );
}
