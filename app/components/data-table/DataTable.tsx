/**
 * The one table component (DESIGN.md "Record list"). Its head and footer are the markup of
 * mantine-react-table's head and footer inside a Mantine <Table>: the same elements, classes and data
 * attributes, so MRT's stylesheet and ours (docs/decisions/0012-list-table-layout.md) style them,
 * but as plain elements, without MRT's table instance or one Mantine component per cell. Its body
 * rows and cells are bare <tr>/<td> that app.css ("the list table's body") draws as Mantine's and
 * MRT's were (ADR 0052): a body has some 300 cells, and their classes and attributes were a third of
 * a list page's HTML. Every MRT feature that needs its instance (sorting, filters, toolbars, column
 * menus, virtualisation, resizing) is off here anyway.
 * - the rows are server-rendered and the page needs no JavaScript to show them;
 * - the table has a real <caption>.
 * Paging is the server's (see Pager), as are sorting and filtering. Selection is a column of
 * native checkboxes named `selectName`, so a selection posts with the form it is in, with or
 * without JavaScript.
 */
import { Link } from "@remix-run/react";
import { Checkbox, Text } from "~/components/ui/mantine";
import { Table } from "~/components/ui/Table";
import type { CSSProperties, ReactNode } from "react";

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

/** A row: any record (the cell functions read their own fields), as MRT's MRT_RowData was. */
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
}

/**
 * The class names of MRT's CSS modules (mantine-react-table 2.0.0-beta.9's styles.css, imported by
 * root.tsx) and of Mantine's components, as MRT's components put them on each element;
 * tests/unit/data-table.test.tsx checks that the stylesheet still has every MRT one.
 */
export const MRT_CLASS = {
  head: "MRT_TableHead-module_root__j9NkO MRT_TableHead-module_root-table-row-group__d9FO4",
  headRow: "MRT_TableHeadRow-module_root__hUKv4",
  headCell: "MRT_TableHeadCell-module_root__6y50a",
  headContent: "mrt-table-head-cell-content MRT_TableHeadCell-module_content__-pzSK",
  headContentAlign: { center: "MRT_TableHeadCell-module_content-center__c-17L", right: "MRT_TableHeadCell-module_content-right__NSRZU" },
  headLabels: "mrt-table-head-cell-labels MRT_TableHeadCell-module_labels__oiMSr",
  headLabelsAlign: { center: "MRT_TableHeadCell-module_labels-center__MM9q8", right: "MRT_TableHeadCell-module_labels-right__6ZJp-" },
  headLabelsData: "MRT_TableHeadCell-module_labels-data__PvFGO",
  headWrapper:
    "mrt-table-head-cell-content-wrapper MRT_TableHeadCell-module_content-wrapper__py6aJ MRT_TableHeadCell-module_content-wrapper-hidden-overflow__QY40r MRT_TableHeadCell-module_content-wrapper-nowrap__-4aIg",
  headActions: "mrt-table-head-cell-content-actions MRT_TableHeadCell-module_content-actions__utxbm",
  body: "MRT_TableBody-module_root__kGhRy",
  bodyNoRows: "MRT_TableBody-module_root-no-rows__iyi9K",
  bodyRow: "MRT_TableBodyRow-module_root__2c3D4",
  footer: "MRT_TableFooter-module_root__-JXpw",
  footerRow: "MRT_TableFooterRow-module_root__EuoPr",
  footerCell: "MRT_TableFooterCell-module_root__d8Scs",
} as const;

const T = Table.classes;
const cls = {
  thead: `${T.thead} mantine-Table-thead ${MRT_CLASS.head}`,
  headRow: `${T.tr} mantine-Table-tr ${MRT_CLASS.headRow}`,
  th: `${T.th} mantine-Table-th ${MRT_CLASS.headCell}`,
  flex: "m_8bffd616 mantine-Flex-root",
  tbody: `${T.tbody} mantine-Table-tbody ${MRT_CLASS.body}`,
  bodyRow: `${T.tr} mantine-Table-tr ${MRT_CLASS.bodyRow}`,
  tfoot: `mantine-Table-tfoot ${MRT_CLASS.footer}`,
  footerRow: `${T.tr} mantine-Table-tr ${MRT_CLASS.footerRow}`,
  footerCell: `${T.th} mantine-Table-th ${MRT_CLASS.footerCell}`,
};

/** what MRT's head cell puts on its label box (our stylesheet zeroes the padding it sets) */
const LABELS_STYLE = { "--mrt-table-head-cell-labels-padding-left": "1.75" } as CSSProperties;

function cellValue(row: Record<string, unknown>, key: string): ReactNode {
  const v = row[key];
  return v === null || v === undefined ? "" : String(v);
}

/**
 * A column as the table renders it. Its `width` is its minimum width: MRT's own width styles depend
 * on CSS variables that only its own table element defines (docs/decisions/0012-list-table-layout.md).
 */
interface Column<T> {
  id: string;
  header: ReactNode;
  align?: "left" | "center" | "right";
  width?: number;
  wrap?: boolean;
  pinRight?: boolean;
  cell: (row: T, index: number) => ReactNode;
  /** the class of its body cells: their alignment (app.css "the list table's body") */
  cellClass?: "ac" | "ar";
  footer?: ReactNode;
  /** a sortable column's current order ('none' when the list is not sorted by it) */
  ariaSort?: "ascending" | "descending" | "none";
  /** a multi-key sort's direction of this column (shown by the arrow when aria-sort is not on it) */
  sortDir?: "asc" | "desc";
}

const join = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(" ");

function HeadCell<T>({ column, index, rowSpan }: { column: Column<T>; index: number; rowSpan?: number }) {
  const align = column.align === "center" || column.align === "right" ? column.align : undefined;
  return (
    <th
      style={column.width ? { minWidth: column.width } : undefined}
      className={cls.th}
      data-with-column-border="true"
      colSpan={1}
      data-index={index}
      align="left"
      scope="col"
      data-pin-right={column.pinRight ? "" : undefined}
      aria-sort={column.ariaSort}
      rowSpan={rowSpan}
      data-sort-dir={column.sortDir}
    >
      <div className={join(MRT_CLASS.headContent, align && MRT_CLASS.headContentAlign[align], cls.flex)}>
        <div style={LABELS_STYLE} className={join(MRT_CLASS.headLabels, align && MRT_CLASS.headLabelsAlign[align], MRT_CLASS.headLabelsData, cls.flex)}>
          <div className={`${MRT_CLASS.headWrapper} ${cls.flex}`}>{column.header}</div>
        </div>
        <div className={`${MRT_CLASS.headActions} ${cls.flex}`} />
      </div>
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
}: DataTableProps<T>) {
  const list: Column<T>[] = columns.map((c) => {
    const sorted = c.sortable && sort ? sort.current.find((s) => s.key === c.key) : undefined;
    // a multi-key sort: the place of this key (1 = primary), shown when the sort has several keys or this one
    const place = sort?.multi && sorted ? sort.current.indexOf(sorted) + 1 : 0;
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
    align: c.align,
    cellClass: c.align === "center" ? "ac" : c.align === "right" ? "ar" : undefined,
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
  const rowAttrs = { "data-with-row-border": "true", "data-striped": striped ? "odd" : undefined, "data-hover": "true" } as const;

  return (
    // the browser's own horizontal scroll (ADR 0036: Mantine's ScrollArea brings floating-ui to every list)
    // a keyboard reaches and scrolls it when it overflows (WCAG 2.1.1; axe scrollable-region-focusable), named by the table
    <div className="table-scroll" tabIndex={0} role="region" aria-label={scrollLabel ?? caption}>
      <Table striped={striped} withTableBorder withColumnBorders highlightOnHover verticalSpacing="xs" data-testid={testId} className="data-table">
        <caption className={showCaption ? "table-caption" : "visually-hidden"}>{caption}</caption>
        <thead style={{ position: "relative" }} className={cls.thead}>
          {grouped ? (
            <>
              <tr className={cls.headRow} {...rowAttrs}>
                {list.map((c, i) => {
                  const g = groupOf(c.id);
                  if (!g) return <HeadCell key={c.id} column={c} index={i} rowSpan={2} />;
                  // a group's label once, over its run of columns
                  if (i > 0 && groupOf(list[i - 1].id) === g) return null;
                  let span = 1;
                  while (i + span < list.length && groupOf(list[i + span].id) === g) span++;
                  return (
                    <th key={`group-${g.label}`} scope="colgroup" colSpan={span} className={`${cls.th} column-group`} data-with-column-border="true">
                      {g.label}
                    </th>
                  );
                })}
              </tr>
              <tr className={cls.headRow} {...rowAttrs}>
                {list.map((c, i) => (groupOf(c.id) ? <HeadCell key={c.id} column={c} index={i} /> : null))}
              </tr>
            </>
          ) : (
            <tr className={cls.headRow} {...rowAttrs}>
              {list.map((c, i) => (
                <HeadCell key={c.id} column={c} index={i} />
              ))}
            </tr>
          )}
        </thead>
        {rows.length === 0 ? (
          <tbody className={`${cls.tbody} ${MRT_CLASS.bodyNoRows}`}>
            <tr className={`${cls.bodyRow} mrt-table-body-row`} {...rowAttrs} data-index={0}>
              <td className="mrt-table-body-cell" colSpan={list.length}>
                <Text ta="center" py="lg">
                  {emptyText}
                </Text>
              </td>
            </tr>
          </tbody>
        ) : (
          // bare rows and cells, drawn by app.css as Mantine's and MRT's were (ADR 0052)
          <tbody className={cls.tbody} data-striped={striped ? "" : undefined}>
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
          <tfoot className={cls.tfoot}>
            <tr className={cls.footerRow} data-with-row-border="true" data-hover="true">
              {list.map((c, i) => (
                <th
                  key={c.id}
                  style={{ minWidth: c.width, ["--mrt-cell-align" as string]: c.align ?? "left" }}
                  className={cls.footerCell}
                  data-with-column-border="true"
                  colSpan={1}
                  data-index={i}
                >
                  {c.footer}
                </th>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </Table>
    </div>
  );
}
