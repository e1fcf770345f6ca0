/**
 * The one page of every synced report (issue 12), from its definition (app/reports/definitions.ts)
 * and the report loader's data: breadcrumb, the list kit's page (filters as a GET form, Excel
 * download, the table with its number formats, paging; evaluation mode read-only with the
 * server's columns) and, above the table, the sync panel (SyncPanel).
 *
 * The shapes of issue 13, each a definition option: a bar chart over the table (`chart`: drawn
 * after hydration, its code loaded only by pages that have one, with a text alternative; the table
 * is the content), summary cards (`cards`), several tables by a field (`sections`), a second table
 * with a footer row of column sums (`summary`), a few rows shown whole (`whole`: no pager).
 * Part 2: grouped column headers (`groups`), tabs as URL state (`tabs`, ReportTabs.tsx; the route
 * passes the open tab's definition, `tabDef`), a sort of several keys (`multiSort`), the second
 * table above the list (`summary.above`), E05's 'load data' (`loadData`), and a detail dialog per
 * row (`detail`: `?dialog=preview&<rowKey>=`, a link per row or on a long text's cell; the Dialog
 * in the page without JavaScript, modal with it; its titled sections built on the server).
 */
import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from "~/components/ui/mantine";
import { Link } from "@remix-run/react";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { CheckFilter } from "~/components/data-table/FilterBar";
import { Dialog } from "~/components/layout/Dialog";
import { ListPage, useListLinks, type ListReplyData } from "~/components/list/ListPage";
import { MSG } from "~/schemas/messages.ko";
import { columnSums, excelRoute, formatCell, nextMultiSort, shortened, textLength, type ReportColumn, type ReportData, type ReportDef, type ReportDialog } from "~/reports/definitions";

import { ChartPanel } from "./ChartPanel";
import { LoadDataButton, ReportTabLinks } from "./ReportTabs";
import { sortText } from "~/utils/list-url";
import { SyncPanel } from "./SyncPanel";

type Row = Record<string, unknown>;

const NUMERIC = new Set(["int", "dec1", "dec2"]);

const tableColumns = (columns: readonly ReportColumn[]): DataColumn<Row>[] =>
  columns.map((c) => ({
    key: c.key,
    header: c.label,
    wrap: c.wrap,
    width: c.width,
    align: NUMERIC.has(c.format ?? "text") ? "right" : undefined,
    cell: (row: Row) => formatCell(row[c.key], c.format),
  }));

/** Summary cards (ReportDef.cards), one per row of the reply's list. */
function Cards({ def, cards }: { def: ReportDef; cards: Row[] }) {
  const spec = def.cards!;
  return (
    <section aria-labelledby="report-cards-title">
      <Title order={2} size="h4" mb="sm" id="report-cards-title">
        {spec.heading}
      </Title>
      {cards.length ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {cards.map((c) => (
            <Paper key={spec.title(c)} withBorder p="sm" component="li" data-testid="report-card">
              <Title order={3} size="h5" mb={4}>
                {spec.title(c)}
              </Title>
              <dl style={{ margin: 0 }}>
                {spec.items.map((item) => (
                  <Group key={item.key} justify="space-between" gap="xs" wrap="nowrap">
                    <Text component="dt" size="sm">
                      {item.label}
                    </Text>
                    <Text component="dd" size="sm" fw={700} m={0} data-testid={`card-${item.key}`}>
                      {formatCell(c[item.key], item.format)}
                      {c[item.key] === null || c[item.key] === undefined ? "" : (item.unit ?? "")}
                    </Text>
                  </Group>
                ))}
              </dl>
            </Paper>
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm">{MSG.noData}</Text>
      )}
    </section>
  );
}

/** The rows as several tables (ReportDef.sections), each titled. */
function Sections({ def, rows }: { def: ReportDef; rows: Row[] }) {
  const spec = def.sections!;
  return (
    <Stack gap="lg">
      {spec.tables.map((t) => (
        <section key={t.value} aria-labelledby={`report-section-${t.value}`}>
          <Title order={2} size="h4" mb="xs" id={`report-section-${t.value}`}>
            {t.title}
          </Title>
          <DataTable
            caption={`${def.title}: ${t.title}`}
            columns={tableColumns(def.columns)}
            rows={rows.filter((r) => String(r[spec.field]) === t.value)}
            rowKey={(r) => String(r[def.rowKey] ?? JSON.stringify(r))}
            emptyText={MSG.noData}
            testId={`report-section-${t.value}`}
            rowTestId="report-row"
          />
        </section>
      ))}
    </Stack>
  );
}

/** The second table (ReportDef.summary) with its footer row of column sums. */
function Summary({ def, rows }: { def: ReportDef; rows: Row[] }) {
  const spec = def.summary!;
  const sums = spec.sums ? columnSums(rows, spec.sums.keys) : null;
  const columns = tableColumns(spec.columns).map((c, i) => {
    if (!spec.sums || !rows.length) return c;
    const col = spec.columns[i];
    return { ...c, footer: i === 0 ? spec.sums.label : spec.sums.keys.includes(col.key) ? formatCell(sums![col.key], col.format ?? "int") : "" };
  });
  return (
    <section aria-labelledby="report-summary-title">
      <Title order={2} size="h4" mb="xs" id="report-summary-title">
        {spec.title}
      </Title>
      <DataTable caption={`${def.title}: ${spec.title}`} columns={columns} rows={rows} rowKey={spec.rowKey} emptyText={MSG.noData} testId="report-summary" rowTestId="summary-row" groups={spec.groups} scrollLabel={spec.title} />
    </section>
  );
}

function columnsOf(def: ReportDef, data: ReportData, detailHref: (row: Row) => string): DataColumn<Row>[] {
  const detail = def.detail;
  const cols: DataColumn<Row>[] = def.columns.map((c) => ({
    key: c.key,
    header: c.label,
    sortable: c.sortable,
    wrap: c.wrap,
    width: c.width,
    align: NUMERIC.has(c.format ?? "text") ? "right" : undefined,
    cell: (row: Row) => {
      const value = formatCell(row[c.key], c.format);
      // a long text (ReportDetail.longText) shows its start and a link opening the row's dialog with it whole
      if (!detail?.longText || !c.wrap || textLength(value) < detail.longText) return value;
      return (
        <>
          {shortened(value)}{" "}
          <Anchor component={Link} to={detailHref(row)} preventScrollReset size="sm" aria-label={`${c.label} 전체 보기: ${detail.who(row)}`} data-testid="long-text-link">
            전체 보기
          </Anchor>
        </>
      );
    },
  }));
  if (def.numbered) cols.unshift({ key: "__no", header: "번호", align: "center", cell: (_row, i) => String((data.page - 1) * data.size + i + 1) });
  if (detail?.link) {
    const label = detail.link;
    cols.push({
      key: "__detail",
      header: label,
      align: "center",
      pinRight: true,
      cell: (row) => (
        <Button component={Link} to={detailHref(row)} preventScrollReset size="compact-sm" variant="default" aria-label={`${label}: ${detail.who(row)}`}>
          {label}
        </Button>
      ),
    });
  }
  return cols;
}

/** A row's detail dialog (ReportDef.detail; made by the loader): its titled sections, label/value lines or small tables. */
function DetailDialog({ detail, closeTo }: { detail: ReportDialog; closeTo: string }) {
  const { title } = detail;
  return (
    <Dialog id="report-detail" title={title} closeTo={closeTo} size="xl">
      <Stack gap="md" data-testid="report-detail">
        {detail.sections.map((s, i) => (
          <section key={`${s.title}-${i}`} aria-labelledby={`report-detail-${i}`} data-testid="detail-section">
            <Title order={3} size="h5" mb={6} id={`report-detail-${i}`}>
              {s.title}
            </Title>
            {"items" in s ? (
              <dl style={{ margin: 0 }}>
                {s.items.map((item) => (
                  <Group key={item.label} gap="sm" align="flex-start" wrap="nowrap" mb={4}>
                    <Text component="dt" size="sm" fw={700} w={130} style={{ flexShrink: 0 }}>
                      {item.label}
                    </Text>
                    <Text component="dd" size="sm" m={0} style={{ whiteSpace: "pre-wrap" }} data-testid={`detail-${item.label}`}>
                      {item.value}
                    </Text>
                  </Group>
                ))}
              </dl>
            ) : (
              <DataTable
                caption={`${title}: ${s.title}`}
                columns={tableColumns(s.columns)}
                rows={s.rows.map((r, n) => ({ ...r, __n: n }))}
                rowKey={(r) => String(r.__n)}
                emptyText={MSG.previewEmpty}
                testId={`detail-table-${i}`}
              />
            )}
          </section>
        ))}
      </Stack>
    </Dialog>
  );
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
  const { closeTo, dialogHref } = useListLinks(def.path, def.rowKey);
  const detailHref = (row: Row) => dialogHref("preview", String(row[def.rowKey]));
  const detail = def.detail && data.dialog?.kind === "preview" ? data.dialog.data : null;
  const ev = data.evalMode;
  const hasYear = def.filters.some((x) => x.kind === "year");
  const multiYear = def.filters.some((x) => x.kind === "years");
  const evalCell = (clm: string) => {
    const c = def.columns.find((x) => x.key === clm);
    return c?.format && c.format !== "text" ? (row: Row) => formatCell(row[clm], c.format) : undefined;
  };
  const tabField = def.tab ? <input type="hidden" name="tab" value={def.tab} /> : null;
  const filters = ev ? null : (
    <>
      {tabField}
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
  const more = data.more;
  const shapes = (
    <>
      {data.more?.sync ? <SyncPanel def={def} panel={data.more.sync} readOnly={Boolean(ev)} /> : null}
      {def.cards ? <Cards def={def} cards={more?.cards ?? []} /> : null}
      {def.chart ? <ChartPanel chart={def.chart} rows={data.rows} svg={more?.chart} /> : null}
      {def.loadData ? <LoadDataButton evaluation={Boolean(ev)} /> : null}
      {def.summary?.above ? <Summary def={def} rows={more?.summary ?? []} /> : null}
    </>
  );
  const summary = def.summary && !def.summary.above ? <Summary def={def} rows={more?.summary ?? []} /> : null;
  const excelFilters: Record<string, string | readonly string[] | null> = { value: f.value, ...f.selects };
  if (multiYear) excelFilters.year = f.years;
  // a report with tabs: the open tab's filter, Excel file and reset
  if (def.tab) excelFilters.tab = def.tab;
  // a sort of several keys: the file in the order on screen
  if (def.multiSort && data.sort.length) excelFilters.sort = sortText(data.sort);

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
        columns={columnsOf(def, data, detailHref)}
        evalCell={evalCell}
        rowKey={(r) => String(r[def.rowKey] ?? JSON.stringify(r))}
        caption={`${def.title} 목록`}
        reply={reply}
        testId="report-table"
        rowTestId="report-row"
        list={def.sections && !ev ? <Sections def={def} rows={data.rows} /> : undefined}
        pager={!def.whole}
        after={summary}
        multiSort={def.multiSort ? nextMultiSort : undefined}
        groups={def.groups}
        resetTo={def.tab && !ev ? `${def.path}?tab=${def.tab}` : undefined}
        nav={<ReportTabLinks def={def} />}
        dialog={detail ? <DetailDialog detail={detail} closeTo={closeTo} /> : undefined}
      >
        {shapes}
      </ListPage>
    </>
  );
}
