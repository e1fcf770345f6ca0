/**
 * A list in evaluation mode (DESIGN.md "Evaluation mode"): the screen's title with the
 * evaluation's year, the '알림' region, the filter and Excel pieces the screen passes (download
 * only), and a read-only table of the columns the server configured for this evaluation. No
 * register, edit, delete, upload or template control is rendered.
 */
import { Badge } from "~/components/ui/mantine";
import type { ReactNode } from "react";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { PageTitle, PlainStack } from "~/components/ui/plain";
import { DataTable, type DataColumn } from "./DataTable";
import { Pager } from "./Pager";

type Row = Record<string, unknown>;

export function EvalList({
  title,
  year,
  caption,
  columns,
  rows,
  rowKey = (r) => JSON.stringify(r),
  cell,
  emptyText,
  alert,
  children,
  paging,
  showCaption,
  after,
}: {
  title: string;
  year: number;
  caption: string;
  /** the server's columns ({clm, clmNm}) */
  columns: readonly { clm: string; clmNm: string }[] | null | undefined;
  rows: readonly unknown[];
  rowKey?: (row: Row) => string;
  /** a column's own cell rendering (e.g. two decimals) */
  cell?: (clm: string) => DataColumn<Row>["cell"] | undefined;
  emptyText: string;
  alert: { message?: string | null; kind?: "info" | "error" };
  /** the filter bar, the Excel toolbar, a chart: shown above the table in this order */
  children?: ReactNode;
  /** the list is paged (total, page, size, unit) */
  paging?: { total: number; page: number; size: number; unit?: string; id?: string };
  showCaption?: boolean;
  /** shown under the table (a second table) */
  after?: ReactNode;
}) {
  const tableColumns: DataColumn<Row>[] = (columns ?? []).map((c) => ({ key: c.clm, header: c.clmNm, cell: cell?.(c.clm) }));
  return (
    <PlainStack gap="md">
      <PageTitle>
        {title} <Badge variant="light">평가 {year}년</Badge>
      </PageTitle>
      <AlertRegion message={alert.message} kind={alert.kind} />
      {children}
      <DataTable caption={caption} showCaption={showCaption} columns={tableColumns} rows={rows as Row[]} rowKey={rowKey} emptyText={emptyText} testId="eval-table" />
      {paging ? <Pager total={paging.total} page={paging.page} size={paging.size} unit={paging.unit} id={paging.id} /> : null}
      {after}
    </PlainStack>
  );
}
