/**
 * E01 Re-learner selection (spec 002 §2 screen 1): year and text search with reset; the list of
 * year, student number, name and one reYn column per subject of the year (○ / – with 예 / 아니오
 * for screen readers), with edit and delete per row; register; Excel download, template and
 * upload. A year without subject codes says '해당년도에 등록된 공통코드가 없습니다.'.
 * Evaluation mode: the server's columns, read-only (no register, edit, delete, upload or template
 * in the HTML at all).
 */
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import type { SerializeFrom } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { FilterBar, SearchFilter, YearFilter } from "~/components/data-table/FilterBar";
import { Pager } from "~/components/data-table/Pager";
import { excelLinks, ExcelToolbar, type ExcelUploadResult } from "~/components/excel/ExcelToolbar";
import { AppForm } from "~/components/form/AppForm";
import { ConfirmSubmit } from "~/components/form/ConfirmSubmit";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { useRootData } from "~/components/layout/useRootData";
import { MSG } from "~/schemas/messages.ko";
import { RELEARNING_PATH, relearnRowActionSchema } from "~/schemas/relearning";
import type { RelearningData } from "~/routes/__relearning.server";
import { RELEARN_FORM_ID, RelearnerDialog, type RelearnReply } from "./RelearnerDialog";
import { withParams } from "~/utils/url";
import { EvalList } from "~/components/data-table/EvalList";

type Data = SerializeFrom<RelearningData>;
type Reply = RelearnReply & { excel?: ExcelUploadResult; excelError?: string };
type Row = { rlSeq: number; year: number; id: string; name: string } & Record<string, unknown>;

const deleteValidator = withZod(relearnRowActionSchema);

/** A reYn cell: a mark for the eye, 예 / 아니오 for screen readers. */
function Flag({ yn }: { yn: unknown }) {
  const yes = yn === "Y";
  return (
    <Text component="span" size="sm" fw={yes ? 700 : 400} c={yes ? "indigo.9" : "dark.6"} data-yn={yes ? "Y" : "N"}>
      <span aria-hidden="true">{yes ? "○" : "–"}</span>
      <span className="visually-hidden">{yes ? "예" : "아니오"}</span>
    </Text>
  );
}

function RowActions({ row, search, reply, closeTo }: { row: Row; search: string; reply?: Reply; closeTo: string }) {
  const formId = `relearn-delete-${row.rlSeq}`;
  const who = `${row.name} (${row.id})`;
  return (
    // small and stacked, so that the subject columns and these fit the page without scrolling sideways
    <Stack gap={4} align="center">
        <Button
          component={Link}
          to={`${RELEARNING_PATH}${withParams(search, {
            dialog: "edit",
            rlSeq: String(row.rlSeq),
          })}`}
          preventScrollReset
          variant="default"
          size="compact-xs"
          aria-label={`수정: ${who}`}
        >
          수정
        </Button>
        <AppForm id={formId} validator={deleteValidator} action={`${RELEARNING_PATH}${search}`} preventScrollReset>
          <input type="hidden" name="rlSeq" value={row.rlSeq} />
          <ConfirmSubmit
            action="delete"
            label="삭제"
            ariaLabel={`삭제: ${who}`}
            question={MSG.confirmDelete}
            pending={reply?.confirm === "delete" && reply.formId === formId}
            color="red.9"
            variant="default"
            size="compact-xs"
            cancelHref={closeTo}
          />
        </AppForm>
    </Stack>
  );
}

export function RelearningPage() {
  const data = useLoaderData() as Data;
  const reply = useActionData() as Reply | undefined;
  const location = useLocation();
  const flash = useRootData()?.flash;
  const search = withParams(location.search, { dialog: null, rlSeq: null });
  const closeTo = `${location.pathname}${search}`;
  const ev = data.evalMode;

  const toolbar = (
    <ExcelToolbar
      evalMode={Boolean(ev)}
      {...excelLinks(RELEARNING_PATH, { year: data.year, filters: { value: data.value }, evalMode: ev })}
      uploadAction={`${RELEARNING_PATH}${search}`}
      uploadFields={{ year: String(data.year) }}
      result={reply?.excel}
    />
  );
  const filterBar = (
    <FilterBar resetTo={ev ? location.pathname : RELEARNING_PATH} label="재학습자 검색">
      {ev ? null : <YearFilter years={data.years} value={data.year} />}
      <SearchFilter value={data.value} label="검색어" placeholder="학번, 이름" />
    </FilterBar>
  );
  const emptyText = data.value ? MSG.noSearchResult : MSG.noData;

  if (ev) {
    return (
      <EvalList
        title="재학습자 선정 자료"
        year={ev.year}
        caption={`재학습자 선정 자료 (${ev.year}년, 평가 자료)`}
        columns={data.columns}
        rows={data.rows}
        rowKey={(r) => String(r.id ?? JSON.stringify(r))}
        emptyText={emptyText}
        alert={{ message: data.error ?? (data.noCodes ? MSG.noYearCodes : null) ?? flash?.text, kind: data.error || data.noCodes ? "error" : flash?.kind }}
        paging={{ total: data.total, page: data.page, size: data.size, unit: "명" }}
      >
        {filterBar}
        {toolbar}
      </EvalList>
    );
  }

  const rows = data.rows as Row[];
  const dialogOpen = Boolean(data.dialog);
  // the dialog shows its own messages; a row's delete and the upload show theirs here
  const pageAlert =
    reply?.excelError ??
    data.error ??
    (reply?.alert && (!dialogOpen || reply.formId !== RELEARN_FORM_ID) ? reply.alert : null) ??
    (data.noCodes && !dialogOpen ? MSG.noYearCodes : null) ??
    flash?.text;
  const pageAlertKind = flash && pageAlert === flash.text ? flash.kind : "error";

  const columns: DataColumn<Row>[] = [
    { key: "year", header: "년도", align: "center", width: 60 },
    { key: "id", header: "학번", align: "center" },
    { key: "name", header: "이름", align: "center" },
    ...data.subjects.map(
      (s): DataColumn<Row> => ({
        key: s.subjCd,
        header: s.subjNm,
        align: "center",
        cell: (r) => <Flag yn={r[s.subjCd]} />,
      })
    ),
    {
      key: "actions",
      header: "관리",
      align: "center",
      pinRight: true,
      cell: (r) => <RowActions row={r} search={search} reply={reply} closeTo={closeTo} />,
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          재학습자 선정 자료
        </Title>
        <Button
          component={Link}
          to={`${RELEARNING_PATH}${withParams(search, {
            dialog: "add",
            rlSeq: null,
          })}`}
          preventScrollReset
        >
          재학습자 등록
        </Button>
      </Group>
      <AlertRegion message={pageAlert} kind={pageAlertKind} />
      {filterBar}
      {toolbar}
      {data.dialog ? (
        <RelearnerDialog
          key={`${data.dialog.mode}-${data.dialog.rlSeq ?? "new"}`}
          dialog={data.dialog}
          years={data.years}
          reply={reply}
          action={`${RELEARNING_PATH}${location.search}`}
          closeTo={closeTo}
        />
      ) : null}
      <DataTable
        caption={`${data.year}년 재학습자 목록: 년도, 학번, 이름, 과목별 재학습 여부와 관리 기능`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.rlSeq}
        emptyText={emptyText}
        testId="relearn-list"
        rowTestId="relearn-row"
      />
      <Pager total={data.total} page={data.page} size={data.size} unit="명" />
    </Stack>
  );
}
