/**
 * E18 exam question analysis (spec 002 §2 screen 18, §6): year select and text search with reset,
 * the list (year, course, type, period, questions, total, mean±deviation, lowest, highest,
 * difficulty and discrimination with their classifications, registration date, manage), Excel
 * download; outside evaluation mode also register, template, upload, edit and delete. The dialog
 * (850 px wide with JavaScript, a page section without) and the delete question are URL state.
 * In evaluation mode the table shows the server's columns and nothing that changes data is rendered.
 */
import { Button, Group, Stack, Title } from "@mantine/core";
import type { SerializeFrom } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { FilterBar, SearchFilter, YearFilter } from "~/components/data-table/FilterBar";
import { Pager } from "~/components/data-table/Pager";
import { excelLinks, ExcelToolbar, type ExcelUploadResult } from "~/components/excel/ExcelToolbar";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import { useRootData } from "~/components/layout/useRootData";
import type { WireAnalysis } from "~/legacy/endpoints/analysis.server";
import type { AnalysisLoader } from "~/routes/__analysis.server";
import { ANALYSIS_PATH } from "~/schemas/exam-analysis";
import { MSG } from "~/schemas/messages.ko";
import { AnalysisForm, type AnalysisReply } from "./AnalysisForm";
import { withParams } from "~/utils/url";
import { DeleteDialog } from "~/components/layout/DeleteDialog";
import { EvalList } from "~/components/data-table/EvalList";

type Data = SerializeFrom<AnalysisLoader>;
type Row = SerializeFrom<WireAnalysis>;

const dash = (v: unknown) => (v === null || v === undefined || v === "" ? "-" : String(v));

export function ExamAnalysisPage() {
  const data = useLoaderData() as Data;
  const reply = useActionData() as (AnalysisReply & { excel?: ExcelUploadResult; excelError?: string }) | undefined;
  const location = useLocation();
  const flash = useRootData()?.flash;
  const f = data.filter;
  const listSearch = withParams(location.search, { dialog: null, eqaSeq: null });
  const closeTo = `${location.pathname}${listSearch}`;

  const filterBar = (
    <FilterBar resetTo={location.pathname} label="시험문항 분석 검색">
      {data.evalMode ? null : <YearFilter years={data.years} value={f.year} />}
      <SearchFilter value={f.value} label="검색어" placeholder="과정명, 시기" />
    </FilterBar>
  );
  const toolbar = (
    <ExcelToolbar
      evalMode={Boolean(data.evalMode)}
      {...excelLinks(ANALYSIS_PATH, { year: f.year, filters: { value: f.value }, evalMode: data.evalMode })}
      uploadAction={`${ANALYSIS_PATH}${listSearch}`}
      result={reply?.excel}
    />
  );

  if (data.evalMode) {
    return (
      <EvalList
        title="시험문항 분석"
        year={data.evalMode.year}
        caption={`시험문항 분석 (${data.evalMode.year}년, 평가 자료)`}
        columns={data.columns}
        rows={data.rows}
        rowKey={(r) => String(r.eqaSeq ?? JSON.stringify(r))}
        emptyText={MSG.noData}
        alert={{ message: data.error ?? flash?.text, kind: data.error ? "error" : flash?.kind }}
        paging={{ total: data.total, page: data.page, size: data.size }}
      >
        {filterBar}
        {toolbar}
      </EvalList>
    );
  }

  const rows = data.rows as Row[];
  const columns: DataColumn<Row>[] = [
    { key: "year", header: "년도", align: "center" },
    { key: "currNm", header: "과정명", width: 130, wrap: true },
    { key: "eqaSeNm", header: "구분", align: "center" },
    { key: "period", header: "시기", align: "center", width: 90 },
    { key: "qestCnt", header: "문항수", align: "right", cell: (r) => dash(r.qestCnt) },
    { key: "totalScore", header: "총점", align: "right", cell: (r) => dash(r.totalScore) },
    { key: "avgStdev", header: "평균±편차", align: "center", cell: (r) => dash(r.avgStdev) },
    { key: "minScore", header: "최저점", align: "right", cell: (r) => dash(r.minScore) },
    { key: "maxScore", header: "최고점", align: "right", cell: (r) => dash(r.maxScore) },
    { key: "grd", header: "난이도(구분)", align: "center", cell: (r) => dash(r.grd) },
    { key: "dscp", header: "분별도(구분)", align: "center", cell: (r) => dash(r.dscp) },
    { key: "regDt", header: "등록일", align: "center", cell: (r) => (r.regDt ?? "").slice(0, 10) },
    {
      key: "manage",
      header: "관리",
      align: "center",
      pinRight: true,
      cell: (r) => (
        <Group gap={6} wrap="nowrap" justify="center">
          <Button component={Link} to={withParams(listSearch, { dialog: "edit", eqaSeq: String(r.eqaSeq) })} preventScrollReset size="compact-sm" variant="default" aria-label={`수정: ${r.currNm} ${r.period}`}>
            수정
          </Button>
          <Button component={Link} to={withParams(listSearch, { dialog: "delete", eqaSeq: String(r.eqaSeq) })} preventScrollReset size="compact-sm" variant="default" c="red.9" aria-label={`삭제: ${r.currNm} ${r.period}`}>
            삭제
          </Button>
        </Group>
      ),
    },
  ];

  const dialog = data.dialog;
  const formAction = `${location.pathname}${location.search}`;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          시험문항 분석
        </Title>
        <Button component={Link} to={withParams(listSearch, { dialog: "add" })} preventScrollReset>
          등록
        </Button>
      </Group>
      <AlertRegion
        message={reply?.excelError ?? data.error ?? (reply?.alert && !dialog ? reply.alert : null) ?? flash?.text}
        kind={reply?.excelError || data.error || (reply?.alert && !dialog) ? "error" : flash?.kind}
      />
      {filterBar}
      {toolbar}
      {dialog && dialog.mode !== "delete" ? (
        <Dialog id="analysis-dialog" title={dialog.mode === "add" ? "시험문항 분석 등록" : "시험문항 분석 수정"} closeTo={closeTo} size="850px">
          <AnalysisForm key={`${dialog.mode}-${"eqaSeq" in dialog ? dialog.eqaSeq : ""}`} action={formAction} reply={reply} values={dialog.values} currentYear={data.currentYear} cancelHref={closeTo} />
        </Dialog>
      ) : null}
      {dialog && dialog.mode === "delete" ? (
        <DeleteDialog
          id="analysis-delete"
          title="시험문항 분석 삭제"
          subject={`${dialog.year}년 ${dialog.currNm} (${dialog.period})`}
          action={`${location.pathname}${listSearch}`}
          fields={{ eqaSeq: dialog.eqaSeq }}
          closeTo={closeTo}
          name="intent"
        />
      ) : null}
      <DataTable
        caption={`${f.year}년 시험문항 분석 목록: 과정명, 구분, 시기, 문항수, 총점, 평균±편차, 최저점, 최고점, 난이도, 분별도, 등록일과 관리 기능`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.eqaSeq}
        emptyText={MSG.noData}
        testId="analysis-table"
        rowTestId="analysis-row"
      />
      <Pager total={data.total} page={data.page} size={data.size} />
    </Stack>
  );
}
