/**
 * The one page shell of record-list screens (DESIGN.md "Record list"), for the data of
 * `listLoader` (app/utils/list-loader.server.ts): title and register button, the '알림' region,
 * the filter bar (a GET form: year, the screen's own filters, search text), the Excel toolbar, the
 * open dialog, the table with sortable headers, and the pager. In evaluation mode the same screen
 * is read-only: the server's columns, the download only, nothing that writes.
 *
 * A screen gives its columns, its filters and its dialogs; the delete question is the shell's
 * (`?dialog=delete&<key>=`), as are the row buttons (`RowActions`).
 */
import { Button, Group, Stack, Title } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { EvalList } from "~/components/data-table/EvalList";
import { FilterBar, SearchFilter, YearFilter } from "~/components/data-table/FilterBar";
import { Pager } from "~/components/data-table/Pager";
import { excelLinks, ExcelToolbar, type ExcelUploadResult } from "~/components/excel/ExcelToolbar";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { DeleteDialog } from "~/components/layout/DeleteDialog";
import { useRootData } from "~/components/layout/useRootData";
import { MSG } from "~/schemas/messages.ko";
import { listSearch, sortText, type DialogKind, type ListData } from "~/utils/list-url";
import { withParams } from "~/utils/url";

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
  /** the year filter (default shown) */
  yearFilter?: boolean;
  /** the screen's own filter pieces, after the year */
  filters?: ReactNode;
  /** the search text box (its value is `filter.value`) */
  search?: { value: string; placeholder: string; label?: string } | null;
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
  columns: DataColumn<T>[];
  /** evaluation mode: a column's own cell (e.g. two decimals) */
  evalCell?: (clm: string) => DataColumn<Row>["cell"] | undefined;
  rowKey: (row: T) => string | number;
  caption: string;
  /** the open dialog (register, edit, preview) of the screen, shown above the table */
  dialog?: ReactNode;
  /** the delete question's title and what is deleted, from the record */
  remove?: { title: string; subject: (record: Row) => ReactNode };
  /** the last action's reply, and the id of the screen's dialog form (its messages show in the dialog) */
  reply?: ListReplyData;
  dialogFormId?: string;
  /** search text in the URL: '검색 결과가 없습니다.' instead of '데이터가 없습니다.' */
  searching?: boolean;
  unit?: string;
  testId?: string;
  rowTestId?: string;
  /** shown between the toolbar and the table (a chart, a note) */
  children?: ReactNode;
}

/** The list's links: the page without a dialog, and with one. */
export function useListLinks(path: string, keyName: string) {
  const location = useLocation();
  const search = listSearch(location.search, keyName);
  return {
    /** the list's own search (filters, page, sort) */
    search,
    closeTo: `${path}${search}`,
    /** where an open dialog posts: this URL, so a refused post renders the dialog again */
    here: `${path}${location.search}`,
    dialogHref: (kind: DialogKind, seq?: number | string) => `${path}${withParams(search, { dialog: kind, ...(seq !== undefined ? { [keyName]: String(seq) } : {}) })}`,
  };
}

/** A row's buttons: 수정 and 삭제 (and 미리보기) as links that open the dialog, named after the row. */
export function RowActions({ path, keyName, seq, who, actions = ["edit", "delete"] }: { path: string; keyName: string; seq: number | string; who: string; actions?: readonly Exclude<DialogKind, "add">[] }) {
  const { dialogHref } = useListLinks(path, keyName);
  const label = { edit: "수정", delete: "삭제", preview: "미리보기" } as const;
  return (
    <Group gap={6} wrap="nowrap">
      {actions.map((a) => (
        <Button key={a} component={Link} to={dialogHref(a, seq)} preventScrollReset size="compact-sm" variant="default" c={a === "delete" ? "red.9" : undefined} aria-label={`${label[a]}: ${who}`}>
          {label[a]}
        </Button>
      ))}
    </Group>
  );
}

/** The page's '알림': an upload's failure, a failed list or detail, a failed post outside the dialog, or the flash message. */
function usePageAlert(data: ListPageData, reply: ListReplyData | undefined, dialogFormId: string | undefined) {
  const flash = useRootData()?.flash;
  const replyAlert = reply?.alert && (!data.dialog || !dialogFormId || reply.formId !== dialogFormId) ? reply.alert : null;
  const message = reply?.excelError ?? data.error ?? replyAlert ?? flash?.text ?? null;
  const kind: "info" | "error" = flash && message === flash.text ? flash.kind : "error";
  return { message, kind };
}

export function ListPage<T extends Row>(props: ListPageProps<T>) {
  const { title, path, data, keyName, reply } = props;
  const location = useLocation();
  const { search, closeTo, dialogHref } = useListLinks(path, keyName);
  const alert = usePageAlert(data, reply, props.dialogFormId);
  const ev = data.evalMode;
  const emptyText = props.searching ? MSG.noSearchResult : MSG.noData;
  const sortHref = (key: string, dir: "asc" | "desc") => `${path}${withParams(search, { sort: sortText([{ key, dir }]), page: null })}`;

  const filterBar = (
    <FilterBar resetTo={ev ? location.pathname : path} label={props.filterLabel ?? `${title} 검색`}>
      {ev || props.yearFilter === false ? null : <YearFilter years={data.years} value={data.year} />}
      {props.filters}
      {props.search ? <SearchFilter value={props.search.value} label={props.search.label ?? "검색어"} placeholder={props.search.placeholder} /> : null}
    </FilterBar>
  );
  const links = excelLinks(props.excel?.path ?? path, { year: props.excel?.year === false && !ev ? undefined : data.year, filters: props.excel?.filters, evalMode: ev });
  const toolbar = props.excel ? (
    <ExcelToolbar
      evalMode={Boolean(ev)}
      downloadHref={links.downloadHref}
      templateHref={props.excel.template === false ? undefined : links.templateHref}
      uploadAction={props.excel.upload === false ? undefined : `${path}${search}`}
      uploadFields={props.excel.upload || { year: String(data.year) }}
      result={reply?.excel}
      failureNote={props.excel.failureNote}
    />
  ) : null;
  const paging = { total: data.total, page: data.page, size: data.size, unit: props.unit };

  if (ev) {
    return (
      <EvalList
        title={title}
        year={ev.year}
        caption={`${title} (${ev.year}년, 평가 자료)`}
        columns={data.columns}
        rows={data.rows}
        rowKey={(r) => String(r[keyName] ?? r.id ?? JSON.stringify(r))}
        cell={props.evalCell}
        emptyText={emptyText}
        alert={alert}
        paging={paging}
      >
        {filterBar}
        {toolbar}
        {props.children}
      </EvalList>
    );
  }

  const record = data.dialog?.kind === "delete" ? (data.dialog.data as Row | null) : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {title}
        </Title>
        {props.register ? (
          <Button component={Link} to={dialogHref("add")} preventScrollReset>
            {props.register}
          </Button>
        ) : null}
      </Group>
      <AlertRegion message={alert.message} kind={alert.kind} />
      {filterBar}
      {toolbar}
      {props.children}
      {props.dialog}
      {record && props.remove && data.dialog?.seq ? (
        <DeleteDialog
          id="list-delete"
          title={props.remove.title}
          subject={props.remove.subject(record)}
          action={closeTo}
          fields={{ [keyName]: data.dialog.seq }}
          closeTo={closeTo}
        />
      ) : null}
      <DataTable
        caption={props.caption}
        columns={props.columns}
        rows={data.rows as T[]}
        rowKey={props.rowKey}
        emptyText={emptyText}
        sort={{ current: data.sort, href: sortHref }}
        testId={props.testId}
        rowTestId={props.rowTestId}
      />
      <Pager {...paging} />
    </Stack>
  );
}
