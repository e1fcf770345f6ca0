/**
 * E04 patient safety course scores (spec 002 §2 screen 4, §3, §6): year and text filters (a GET
 * form), the list (year, number, name, the seven scores, total with two decimals, grade,
 * registration date, edit and delete), register, and the Excel toolbar (download, template,
 * upload). Dialogs are URL state (`?dialog=insert|update|delete`). In evaluation mode: a read-only
 * table of the server's columns and only the download.
 */
import { Button, Group, Stack, Title } from "@mantine/core";
import type { SerializeFrom } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { FilterBar, SearchFilter, YearFilter } from "~/components/data-table/FilterBar";
import { Pager } from "~/components/data-table/Pager";
import { excelLinks, ExcelToolbar, type ExcelUploadResult } from "~/components/excel/ExcelToolbar";

import { AlertRegion } from "~/components/layout/AlertRegion";

import { useRootData } from "~/components/layout/useRootData";
import type { WirePssRow } from "~/legacy/endpoints/patient-safety.server";
import { MSG } from "~/schemas/messages.ko";
import { PSS_ITEMS, PSS_PATH } from "~/schemas/patient-safety";
import type { PatientSafetyData } from "~/routes/__patient-safety.server";
import { PSS_FORM_ID, PatientSafetyDialog, type PssReply } from "./PatientSafetyDialog";
import { withParams } from "~/utils/url";
import { DeleteDialog } from "~/components/layout/DeleteDialog";
import { EvalList } from "~/components/data-table/EvalList";

type Data = SerializeFrom<PatientSafetyData>;
type Row = SerializeFrom<WirePssRow>;

const score = (v: unknown) => (v === null || v === undefined || v === "" ? "" : String(v));
/** The total with two decimals (spec 002 §5, §9). */
const total2 = (v: unknown) => (v === null || v === undefined || v === "" || Number.isNaN(Number(v)) ? "" : Number(v).toFixed(2));

function RowActions({ row, search }: { row: Row; search: string }) {
  const who = `${row.name} (${row.id})`;
  return (
    <Group gap={6} wrap="nowrap">
      <Button component={Link} to={withParams(search, { dialog: "update", pssSeq: String(row.pssSeq) })} preventScrollReset size="compact-sm" variant="default" aria-label={`수정: ${who}`}>
        수정
      </Button>
      <Button component={Link} to={withParams(search, { dialog: "delete", pssSeq: String(row.pssSeq) })} preventScrollReset size="compact-sm" variant="default" c="red.9" aria-label={`삭제: ${who}`}>
        삭제
      </Button>
    </Group>
  );
}

export function PatientSafetyPage() {
  const data = useLoaderData() as Data;
  const reply = useActionData() as (PssReply & { excel?: ExcelUploadResult; excelError?: string }) | undefined;
  const location = useLocation();
  const flash = useRootData()?.flash;
  const ev = data.evalMode;
  const search = withParams(location.search, { dialog: null, pssSeq: null, index: null });
  const closeTo = `${PSS_PATH}${search}`;
  const emptyText = data.value ? MSG.noSearchResult : MSG.noData;

  const toolbar = (
    <ExcelToolbar
      evalMode={Boolean(ev)}
      {...excelLinks(PSS_PATH, { year: data.year, filters: { value: data.value }, evalMode: ev })}
      uploadAction={`${PSS_PATH}${search}`}
      uploadFields={{ year: String(data.year) }}
      result={reply?.excel}
    />
  );
  const filterBar = (
    <FilterBar resetTo={ev ? location.pathname : PSS_PATH} label="환자안전 교과목 성적 검색">
      {ev ? null : <YearFilter years={data.years} value={data.year} />}
      <SearchFilter value={data.value} label="검색어" placeholder="학번, 이름" />
    </FilterBar>
  );

  if (ev) {
    return (
      <EvalList
        title="환자안전 교과목 성적"
        year={ev.year}
        caption={`환자안전 교과목 성적 (${ev.year}년, 평가 자료)`}
        columns={data.columns}
        rows={data.rows}
        rowKey={(r) => String(r.id ?? JSON.stringify(r))}
        cell={(clm) => (clm === "total" ? (r) => total2(r.total) : undefined)}
        emptyText={emptyText}
        alert={{ message: data.error ?? flash?.text, kind: data.error ? "error" : flash?.kind }}
        paging={{ total: data.total, page: data.page, size: data.size }}
      >
        {filterBar}
        {toolbar}
      </EvalList>
    );
  }

  const rows = data.rows as unknown as Row[];
  // the dialog shows its own messages; the upload and a failed detail show theirs here
  const pageAlert = reply?.excelError ?? data.error ?? (reply?.alert && (!data.dialog || reply.formId !== PSS_FORM_ID) ? reply.alert : null) ?? flash?.text;
  const pageAlertKind = flash && pageAlert === flash.text ? flash.kind : "error";

  const columns: DataColumn<Row>[] = [
    { key: "year", header: "년도", align: "center", width: 60 },
    { key: "id", header: "학번", align: "center" },
    { key: "name", header: "이름", align: "center" },
    ...PSS_ITEMS.map((item): DataColumn<Row> => ({ key: item.key, header: item.label, align: "right", cell: (r) => score(r[item.key]) })),
    { key: "total", header: "총점", align: "right", cell: (r) => total2(r.total) },
    { key: "grd", header: "등급", align: "center" },
    { key: "regDt", header: "등록일", align: "center", width: 104, cell: (r) => (r.regDt ?? "").slice(0, 10) },
    { key: "actions", header: "관리", pinRight: true, cell: (r) => <RowActions row={r} search={search} /> },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          환자안전 교과목 성적
        </Title>
        <Button component={Link} to={`${PSS_PATH}${withParams(search, { dialog: "insert" })}`} preventScrollReset>
          성적 등록
        </Button>
      </Group>
      <AlertRegion message={pageAlert} kind={pageAlertKind} />
      {filterBar}
      {toolbar}
      {data.dialog ? (
        <PatientSafetyDialog
          key={`${data.dialog.mode}-${data.dialog.pssSeq ?? "new"}`}
          dialog={data.dialog}
          years={data.years}
          reply={reply}
          action={`${PSS_PATH}${location.search}`}
          closeTo={closeTo}
        />
      ) : null}
      {data.askDelete ? (
        <DeleteDialog
          id="pss-delete"
          title="환자안전 교과목 성적 삭제"
          subject={`${data.askDelete.year}년 ${data.askDelete.name} (${data.askDelete.id})`}
          action={`${PSS_PATH}${search}`}
          fields={{ pssSeq: data.askDelete.pssSeq }}
          closeTo={closeTo}
        />
      ) : null}
      <DataTable
        caption={`${data.year}년 환자안전 교과목 성적 목록: 년도, 학번, 이름, 항목별 점수, 총점, 등급, 등록일과 관리 기능`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.pssSeq}
        emptyText={emptyText}
        testId="pss-list"
        rowTestId="pss-row"
      />
      <Pager total={data.total} page={data.page} size={data.size} />
    </Stack>
  );
}
