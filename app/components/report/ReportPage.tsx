/**
 * The one page of every synced report (issue 12), from its definition (app/reports/definitions.ts)
 * and the report loader's data: breadcrumb, the list kit's page (filters as a GET form, Excel
 * download, the table with its number formats, paging; evaluation mode read-only with the
 * server's columns) and, above the table, the sync panel (SyncPanel).
 */
import { Anchor } from "~mantine/components/Anchor/Anchor";
import { Group } from "~mantine/components/Group/Group";
import { NativeSelect } from "~mantine/components/NativeSelect/NativeSelect";
import { Link } from "@remix-run/react";
import type { DataColumn } from "~/components/data-table/DataTable";
import { CheckFilter } from "~/components/data-table/FilterBar";
import { ListPage, type ListReplyData } from "~/components/list/ListPage";
import { excelRoute, formatCell, type ReportData, type ReportDef } from "~/reports/definitions";

import { SyncPanel } from "./SyncPanel";

type Row = Record<string, unknown>;

const NUMERIC = new Set(["int", "dec1", "dec2"]);

function columnsOf(def: ReportDef, data: ReportData): DataColumn<Row>[] {
  const cols: DataColumn<Row>[] = def.columns.map((c) => ({
    key: c.key,
    header: c.label,
    sortable: c.sortable,
    wrap: c.wrap,
    width: c.width,
    align: NUMERIC.has(c.format ?? "text") ? "right" : undefined,
    cell: (row: Row) => formatCell(row[c.key], c.format),
  }));
  if (def.numbered) cols.unshift({ key: "__no", header: "번호", align: "center", cell: (_row, i) => String((data.page - 1) * data.size + i + 1) });
  return cols;
}

export function Breadcrumb({ trail, title }: { trail: readonly string[]; title: string }) {
  return (
    <nav aria-label="현재 위치" className="breadcrumb">
      <ol>
        {trail.map((t, i) => (
          <li key={`${t}-${i}`}>
            {i === 0 ? (
              <Anchor component={Link} to="/dashboard" size="sm">
                {t}
              </Anchor>
            ) : (
              t
            )}
          </li>
        ))}
        <li aria-current="page">{title}</li>
      </ol>
    </nav>
  );
}

export function ReportPage({ def, data, reply }: { def: ReportDef; data: ReportData; reply?: ListReplyData }) {
  const f = data.filter;
  const ev = data.evalMode;
  const hasYear = def.filters.some((x) => x.kind === "year");
  const multiYear = def.filters.some((x) => x.kind === "years");
  const evalCell = (clm: string) => {
    const c = def.columns.find((x) => x.key === clm);
    return c?.format && c.format !== "text" ? (row: Row) => formatCell(row[clm], c.format) : undefined;
  };
  const filters = ev ? null : (
    <>
      {multiYear ? <CheckFilter name="year" legend="년도" options={data.years.map((y) => ({ value: String(y), label: `${y}년` }))} selected={f.years} /> : null}
      {def.filters.map((x) =>
        x.kind === "select" ? (
          <NativeSelect
            key={x.name}
            name={x.name}
            label={x.label}
            defaultValue={f.selects[x.name] ?? ""}
            data={[{ value: "", label: "전체" }, ...(data.more?.options[x.name] ?? []).map((o) => ({ value: o.id, label: o.text }))]}
            w={200}
          />
        ) : null,
      )}
    </>
  );
  const excelFilters: Record<string, string | readonly string[] | null> = { value: f.value, ...f.selects };
  if (multiYear) excelFilters.year = f.years;
  return (
    <>
      <Group mb={4}>
        <Breadcrumb trail={def.breadcrumb} title={def.title} />
      </Group>
      <ListPage<Row>
        title={def.title}
        path={def.path}
        data={data}
        keyName={def.rowKey}
        yearFilter={hasYear}
        filters={filters}
        search={def.search ? { value: f.value, placeholder: def.search } : null}
        excel={{ path: excelRoute(def), filters: excelFilters, upload: false, template: false, ...(hasYear ? {} : { year: false as const }) }}
        columns={columnsOf(def, data)}
        evalCell={evalCell}
        rowKey={(r) => String(r[def.rowKey] ?? JSON.stringify(r))}
        caption={`${def.title} 목록`}
        reply={reply}
        testId="report-table"
        rowTestId="report-row"
      >
        {data.more?.sync ? <SyncPanel def={def} panel={data.more.sync} readOnly={Boolean(ev)} /> : null}
      </ListPage>
    </>
  );
}
