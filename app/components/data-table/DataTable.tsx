/**
 * The one table component (DESIGN.md "Record list"): a plain <table> drawn by its own stylesheet
 * (DataTable.module.css; ADR 0055) as it was drawn when it wrote the classes of Mantine's Table and
 * mantine-react-table (docs/decisions/0012-list-table-layout.md, ADRs 0015 and 0052). Its body rows
 * and cells are bare <tr>/<td>: a body has some 300 cells, and their classes and attributes were a
 * third of a list page's HTML (ADR 0052).
 * - the rows are server-rendered and the page needs no JavaScript to show them;
 * - the table has a real <caption>.
 * Paging is the server's (see Pager), as are sorting and filtering. Selection is a column of
 * native checkboxes named `selectName`, so a selection posts with the form it is in, with or
 * without JavaScript.
 */
import { Link } from "@remix-run/react";
import { Checkbox, Text } from "~/components/ui/mantine";
import type { ReactNode } from "react";
import s from "./DataTable.module.css";

export interface DataColumn<T> {
  /** the field of the row (also the column id) */
  key: string;
  header: string;
  /** how a cell shows; default: the field's value as text */
  cell?: (row: T, index: number) => ReactNode;
  align?: "left" | "center" | "right";
  /** minimum width in px */
  width?: number;
  /** free text (titles, subjects, message bodies): wraps between words; every other cell stays on one line */
  wrap?: boolean;
  /** stays in view at the right edge while a wide table scrolls sideways (the row's buttons) */
  pinRight?: boolean;
  /** footer content (sums and the like), aligned as the column's cells */
  footer?: ReactNode;
  /** the header is a link that sorts the list by this column (see `sort`) */
  sortable?: boolean;
}

/** Sorting in the URL: the current order and the link of a header (first click ascending, then descending). */
export interface TableSort {
  current: readonly { key: string; dir: "asc" | "desc" }[];
  href: (key: string, dir: "asc" | "desc") => string;
  /**
   * the order the list comes in when the URL asks for none (its call's own order, e.g. newest
   * first): its header carries aria-sort and the arrow then too (issue 36, WCAG 1.3.1)
   */
  initial?: { key: string; dir: "asc" | "desc" };
  /**
   * a sort of several keys (the href adds or turns the key): each sorted header shows its place
   * and direction; aria-sort is on the primary key's header only
   */
  multi?: boolean;
}

/** A group label over some columns: a two-row header, the label spanning its columns. */
export interface ColumnGroupHeader {
  label: string;
  keys: readonly string[];
}

/** A row: any record (the cell functions read their own fields). */
export type RowData = Record<string, any>;

export interface DataTableProps<T extends RowData> {
  caption: string;
  /** show the caption (default: only to screen readers) */
  showCaption?: boolean;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  emptyText: string;
  /** a native checkbox column posting the row keys under this name */
  selectName?: string;
  /** the form the checkboxes belong to, when the table is not inside it */
  selectForm?: string;
  /** keys ticked when the page renders (a selection kept after a failed post) */
  selectedKeys?: ReadonlySet<string>;
  /** the accessible name of a row's checkbox */
  selectLabel?: (row: T) => string;
  /** data-testid of every body row */
  rowTestId?: string;
  /** data-testid of the table */
  testId?: string;
  striped?: boolean;
  sort?: TableSort;
  /** grouped headers (a second header row under the groups' labels) */
  groups?: readonly ColumnGroupHeader[];
  /**
   * a wide table without links or inputs (a statistics table): its scrolling box is a named region
   * the keyboard can reach (a table with sort links is reached through them)
   */
  scrollLabel?: string;
  /**
   * the head stays at the top of the box the table scrolls in, which is then the caller's (a list
   * that scrolls beyond a few rows, in a named region the keyboard can reach): the table has no
   * scrolling box of its own, which would hold the head instead (a sticky head sticks in its
   * nearest scrolling box)
   */
  stickyHeader?: boolean;
}

function cellValue(row: Record<string, unknown>, key: string): ReactNode {
  const v = row[key];
  return v === null || v === undefined ? "" : String(v);
}

/** A column as the table renders it. Its `width` is its minimum width (docs/decisions/0012-list-table-layout.md). */
interface Column<T> {
  id: string;
  header: ReactNode;
  width?: number;
  wrap?: boolean;
  pinRight?: boolean;
  cell: (row: T, index: number) => ReactNode;
  /** the class of its cells: their alignment */
  cellClass?: string;
  footer?: ReactNode;
  /** a sortable column's current order ('none' when the list is not sorted by it) */
  ariaSort?: "ascending" | "descending" | "none";
  /** a multi-key sort's direction of this column (shown by the arrow when aria-sort is not on it) */
  sortDir?: "asc" | "desc";
}

function HeadCell<T>({ column, rowSpan }: { column: Column<T>; rowSpan?: number }) {
  return (
    <th
      style={column.width ? { minWidth: column.width } : undefined}
      scope="col"
      data-pin-right={column.pinRight ? "" : undefined}
      aria-sort={column.ariaSort}
      rowSpan={rowSpan}
      data-sort-dir={column.sortDir}
    >
      <div className={column.cellClass ? `${s.label} ${column.cellClass}` : s.label}>{column.header}</div>
    </th>
  );
}

export function DataTable<T extends RowData>({
  caption,
  showCaption,
  columns,
  rows,
  rowKey,
  emptyText,
  selectName,
  selectForm,
  selectedKeys,
  selectLabel,
  rowTestId,
  testId,
  striped = true,
  sort,
  groups,
  scrollLabel,
  stickyHeader,
}: DataTableProps<T>) {
  const current = sort ? (sort.current.length ? sort.current : sort.initial ? [sort.initial] : []) : [];
  const list: Column<T>[] = columns.map((c) => {
    const sorted = c.sortable && sort ? current.find((s) => s.key === c.key) : undefined;
    // a multi-key sort: the place of this key (1 = primary), shown when the sort has several keys or this one
    const place = sort?.multi && sorted ? current.indexOf(sorted) + 1 : 0;
    const ariaSort = c.sortable && sort ? (sorted && (!sort.multi || place === 1) ? (sorted.dir === "asc" ? "ascending" : "descending") : sort.multi && sorted ? undefined : "none") : undefined;
    return {
      id: c.key,
    header:
      c.sortable && sort ? (
        <Link to={sort.href(c.key, sorted?.dir === "asc" ? "desc" : "asc")} preventScrollReset className="sort-link">
          {c.header}
          {place ? (
            <span className="sort-place" data-testid="sort-place">
              <span aria-hidden="true">{place}</span>
              <span className="visually-hidden">
                {` (정렬 ${place}순위, ${sorted!.dir === "asc" ? "오름차순" : "내림차순"})`}
              </span>
            </span>
          ) : null}
        </Link>
      ) : (
        c.header
      ),
    ariaSort,
    sortDir: place ? sorted!.dir : undefined,
    cellClass: c.align === "center" ? s.ac : c.align === "right" ? s.ar : undefined,
    width: c.width,
    wrap: c.wrap,
    pinRight: c.pinRight,
    cell: c.cell ?? ((row: T) => cellValue(row, c.key)),
    footer: c.footer,
    };
  });
  if (selectName) {
    list.unshift({
      id: "__select",
      header: <span className="visually-hidden">선택</span>,
      width: 48,
      cell: (row, index) => (
        <Checkbox
          id={`${selectName}-${rowKey(row)}`}
          name={selectName}
          value={String(rowKey(row))}
          form={selectForm}
          defaultChecked={selectedKeys?.has(String(rowKey(row)))}
          aria-label={selectLabel ? selectLabel(row) : `${index + 1}번째 행 선택`}
          size="sm"
        />
      ),
    });
  }
  const hasFooter = columns.some((c) => c.footer !== undefined);
  const groupOf = (key: string) => groups?.find((g) => g.keys.includes(key));
  const grouped = Boolean(groups?.length) && list.some((c) => groupOf(c.id));

  // the browser's own horizontal scroll (ADR 0036: Mantine's ScrollArea brings floating-ui to every list)
  // a keyboard reaches and scrolls it when it overflows (WCAG 2.1.1; axe scrollable-region-focusable), named by the table;
  // a sticky head's table scrolls in the caller's box instead (see `stickyHeader`)
  const scroll = stickyHeader ? {} : { className: "table-scroll", tabIndex: 0, role: "region", "aria-label": scrollLabel ?? caption };
  return (
    <div {...scroll}>
      <table className={s.table} data-testid={testId}>
        <caption className={showCaption ? "table-caption" : "visually-hidden"}>{caption}</caption>
        <thead className={stickyHeader ? `${s.head} ${s.sticky}` : s.head}>
          {grouped ? (
            <>
              <tr>
                {list.map((c, i) => {
                  const g = groupOf(c.id);
                  if (!g) return <HeadCell key={c.id} column={c} rowSpan={2} />;
                  // a group's label once, over its run of columns
                  if (i > 0 && groupOf(list[i - 1].id) === g) return null;
                  let span = 1;
                  while (i + span < list.length && groupOf(list[i + span].id) === g) span++;
                  return (
                    <th key={`group-${g.label}`} scope="colgroup" colSpan={span} className={s.group}>
                      {g.label}
                    </th>
                  );
                })}
              </tr>
              <tr>{list.map((c) => (groupOf(c.id) ? <HeadCell key={c.id} column={c} /> : null))}</tr>
            </>
          ) : (
            <tr>
              {list.map((c) => (
                <HeadCell key={c.id} column={c} />
              ))}
            </tr>
          )}
        </thead>
        {rows.length === 0 ? (
          <tbody className={`${s.body} ${s.empty}`}>
            <tr>
              <td colSpan={list.length}>
                <Text ta="center" py="lg">
                  {emptyText}
                </Text>
              </td>
            </tr>
          </tbody>
        ) : (
          <tbody className={s.body} data-striped={striped ? "" : undefined}>
            {rows.map((row, r) => (
              <tr key={rowKey(row)} data-testid={rowTestId}>
                {list.map((c) => (
                  <td key={c.id} style={c.width ? { minWidth: c.width } : undefined} className={c.cellClass} data-wrap={c.wrap ? "" : undefined} data-pin-right={c.pinRight ? "" : undefined}>
                    {c.cell(row, r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        )}
        {hasFooter ? (
          <tfoot className={s.foot}>
            <tr>
              {list.map((c) => (
                <th key={c.id} style={c.width ? { minWidth: c.width } : undefined} className={c.cellClass}>
                  {c.footer}
                </th>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
