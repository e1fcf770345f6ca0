/**
 * The one table component (DESIGN.md "Record list"). It wraps mantine-react-table but renders
 * only MRT's head, body and footer inside our own Mantine <Table>, so that
 * - the rows are server-rendered and the page needs no JavaScript to show them;
 * - the table has a real <caption> (MRT's own table cannot take one);
 * - the toolbars, column menus and virtualisation, costly to server-render, are not built.
 * Paging is the server's (see Pager), as are sorting and filtering. Selection is a column of
 * native checkboxes named `selectName`, so a selection posts with the form it is in, with or
 * without JavaScript.
 */
import { Checkbox, ScrollArea, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { MRT_TableBody, MRT_TableFooter, MRT_TableHead, useMantineReactTable, type MRT_ColumnDef, type MRT_RowData } from "mantine-react-table";
import { useMemo, type ReactNode } from "react";

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
  /** footer content (sums and the like) */
  footer?: ReactNode;
  /** the header is a link that sorts the list by this column (see `sort`) */
  sortable?: boolean;
}

/** Sorting in the URL: the current order and the link of a header (first click ascending, then descending). */
export interface TableSort {
  current: readonly { key: string; dir: "asc" | "desc" }[];
  href: (key: string, dir: "asc" | "desc") => string;
}

export interface DataTableProps<T extends MRT_RowData> {
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
  /** the first row's number (for a running '번호' column: pageStart + index) */
  testId?: string;
  striped?: boolean;
  sort?: TableSort;
}

/**
 * MRT sizes cells with CSS variables that only its own table element defines; inside our <Table>
 * they are undefined, which voided the widths and put two dead declarations on every cell. The
 * column's width is its minimum width instead.
 */
const sizeStyle = (width?: number) => ({ minWidth: width, width: undefined });

function cellValue(row: Record<string, unknown>, key: string): ReactNode {
  const v = row[key];
  return v === null || v === undefined ? "" : String(v);
}

export function DataTable<T extends MRT_RowData>({
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
}: DataTableProps<T>) {
  const defs = useMemo<MRT_ColumnDef<T>[]>(() => {
    const list: MRT_ColumnDef<T>[] = columns.map((c) => {
      const sorted = c.sortable && sort ? sort.current.find((s) => s.key === c.key) : undefined;
      return {
      id: c.key,
      header: c.header,
      ...(c.sortable && sort
        ? {
            Header: () => (
              <Link to={sort.href(c.key, sorted?.dir === "asc" ? "desc" : "asc")} preventScrollReset className="sort-link">
                {c.header}
              </Link>
            ),
          }
        : {}),
      accessorFn: (row: T) => (row as Record<string, unknown>)[c.key] as never,
      Cell: ({ row }) => (c.cell ? c.cell(row.original, row.index) : cellValue(row.original as Record<string, unknown>, c.key)),
      Footer: c.footer !== undefined ? () => c.footer : undefined,
      mantineTableHeadCellProps: {
        align: c.align,
        scope: "col",
        style: sizeStyle(c.width),
        ...(c.pinRight ? { "data-pin-right": "" } : {}),
        ...(c.sortable && sort ? { "aria-sort": sorted ? (sorted.dir === "asc" ? "ascending" : "descending") : "none" } : {}),
      } as never,
      mantineTableBodyCellProps: {
        align: c.align,
        style: sizeStyle(c.width),
        ...(c.wrap ? { "data-wrap": "" } : {}),
        ...(c.pinRight ? { "data-pin-right": "" } : {}),
      } as never,
      mantineTableFooterCellProps: { style: sizeStyle(c.width) } as never,
      };
    });
    if (selectName) {
      list.unshift({
        id: "__select",
        header: "선택",
        Header: () => <span className="visually-hidden">선택</span>,
        Cell: ({ row }) => (
          <Checkbox
            id={`${selectName}-${rowKey(row.original)}`}
            name={selectName}
            value={String(rowKey(row.original))}
            form={selectForm}
            defaultChecked={selectedKeys?.has(String(rowKey(row.original)))}
            aria-label={selectLabel ? selectLabel(row.original) : `${row.index + 1}번째 행 선택`}
            size="sm"
          />
        ),
        mantineTableHeadCellProps: { scope: "col", style: sizeStyle(48) } as never,
        mantineTableBodyCellProps: { style: sizeStyle(48) } as never,
      });
    }
    return list;
  }, [columns, selectName, selectForm, rowKey, selectedKeys, selectLabel, sort]);

  const hasFooter = columns.some((c) => c.footer !== undefined);
  const table = useMantineReactTable<T>({
    columns: defs,
    data: rows,
    getRowId: (row) => String(rowKey(row)),
    layoutMode: "semantic",
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enablePagination: false,
    enableSorting: false,
    enableColumnActions: false,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enableHiding: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableTopToolbar: false,
    enableBottomToolbar: false,
    enableRowSelection: false,
    enableTableFooter: hasFooter,
    enableColumnResizing: false,
    mantineTableBodyRowProps: rowTestId ? ({ "data-testid": rowTestId } as never) : undefined,
    renderEmptyRowsFallback: () => (
      <Text ta="center" py="lg">
        {emptyText}
      </Text>
    ),
  });

  return (
    <ScrollArea type="auto" offsetScrollbars="x">
      <Table striped={striped} withTableBorder withColumnBorders highlightOnHover verticalSpacing="xs" data-testid={testId} className="data-table">
        <caption className={showCaption ? "table-caption" : "visually-hidden"}>{caption}</caption>
        <MRT_TableHead table={table} />
        <MRT_TableBody table={table} tableProps={{}} />
        {hasFooter ? <MRT_TableFooter table={table} /> : null}
      </Table>
    </ScrollArea>
  );
}
