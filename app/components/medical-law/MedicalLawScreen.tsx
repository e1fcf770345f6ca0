/**
 * E06 health and medical law scores (spec 002 §2 screen 6): filters (year, target grades with an
 * exclusive '전체', text), the list of score sets (year, term and round, target grades, subject,
 * number of users, average, total score) with per-row edit, preview and delete, the Excel toolbar,
 * and the add/edit and preview dialogs as URL state. In evaluation mode: the server's columns,
 * read-only (no register, edit, delete, upload or template in the HTML at all).
 */
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import type { SerializeFrom } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { CheckFilter, FilterBar, SearchFilter, YearFilter } from "~/components/data-table/FilterBar";
import { Pager } from "~/components/data-table/Pager";
import { excelLinks, ExcelToolbar, type ExcelUploadResult } from "~/components/excel/ExcelToolbar";
import { AppForm } from "~/components/form/AppForm";
import { ConfirmSubmit } from "~/components/form/ConfirmSubmit";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import { useRootData } from "~/components/layout/useRootData";
import { LAW_PATH, medicalLawDeleteSchema } from "~/schemas/medical-law";
import { MSG } from "~/schemas/messages.ko";
import type { lawLoader } from "~/routes/__medical-law.server";
import { LawForm, type LawDialogData, type LawReply } from "./LawForm";
import { withParams } from "~/utils/url";
import { EvalList } from "~/components/data-table/EvalList";

type Data = SerializeFrom<typeof lawLoader>;
type Reply = LawReply & { excel?: ExcelUploadResult; excelError?: string };

interface LawRow {
  hlSeq: number;
  year: number;
  smst: string;
  tgetNm: string;
  subjNm: string;
  userCnt: number;
  avgScore: string;
  totalScore: number;
}

interface PreviewRow {
  grdeNm: string;
  id: string;
  name: string;
  subjNm: string;
  smst: string;
  score: string;
}

const deleteValidator = withZod(medicalLawDeleteSchema);

const setLabel = (r: LawRow) => `${r.year}년 ${r.smst} ${r.subjNm}`.trim();

function RowActions({ row, search, reply }: { row: LawRow; search: string; reply?: Reply }) {
  const listHref = `${LAW_PATH}${search}`;
  const label = setLabel(row);
  const asking = reply?.confirm === "delete" && String(reply.repopulateFields?.hlSeq ?? "") === String(row.hlSeq);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" className="law-actions">
      <Button component={Link} to={withParams(search, { dialog: "edit", hlSeq: String(row.hlSeq) })} preventScrollReset variant="default" aria-label={`수정: ${label}`}>
        수정
      </Button>
      <Button component={Link} to={withParams(search, { dialog: "preview", hlSeq: String(row.hlSeq) })} preventScrollReset variant="default" aria-label={`미리보기: ${label}`}>
        미리보기
      </Button>
      <AppForm id={`law-delete-${row.hlSeq}`} validator={deleteValidator} action={listHref} preventScrollReset>
        <input type="hidden" name="hlSeq" value={row.hlSeq} />
        <ConfirmSubmit action="delete" label="삭제" ariaLabel={`삭제: ${label}`} question={MSG.confirmDelete} pending={asking} color="red" variant="default" cancelHref={listHref} />
      </AppForm>
    </Group>
  );
}

function Preview({ list }: { list: PreviewRow[] }) {
  const first = list[0];
  const columns: DataColumn<PreviewRow>[] = [
    { key: "grdeNm", header: "학년", align: "center" },
    { key: "id", header: "학번", align: "center" },
    { key: "name", header: "이름", align: "center" },
    { key: "subjNm", header: "과목", wrap: true },
    { key: "smst", header: "학기 및 차수", align: "center" },
    { key: "score", header: "점수", align: "right" },
  ];
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="preview-total">
        전체 <b>{list.length}</b>명
      </Text>
      <DataTable
        caption={first ? `${first.smst} ${first.subjNm} 학생별 성적: 학년, 학번, 이름, 과목, 학기 및 차수, 점수` : "학생별 성적"}
        columns={columns}
        rows={list}
        rowKey={(r) => r.id}
        emptyText={MSG.previewEmpty}
        testId="preview-table"
      />
    </Stack>
  );
}

export function MedicalLawScreen() {
  const data = useLoaderData() as Data;
  const reply = useActionData() as Reply | undefined;
  const location = useLocation();
  const flash = useRootData()?.flash;
  const f = data.filter;
  const search = withParams(location.search, { dialog: null, hlSeq: null });
  const listHref = `${LAW_PATH}${search}`;


  const filterBar = (
    <FilterBar resetTo={data.evalMode ? location.pathname : LAW_PATH} label="보건의료법규 성적 검색">
      {data.evalMode ? null : <YearFilter years={data.years} value={f.year} />}
      <CheckFilter name="tgetSt" legend="대상 학년" options={data.grades.map((c) => ({ value: c.id, label: c.text }))} selected={f.tgetSt} />
      <SearchFilter value={f.value} label="검색어" placeholder="학기 및 차수, 과목, 학번, 이름" w={260} />
    </FilterBar>
  );

  const toolbar = (
    <ExcelToolbar
      evalMode={Boolean(data.evalMode)}
      {...excelLinks(LAW_PATH, { year: f.year, filters: { value: f.value, tgetSt: f.tgetSt }, evalMode: data.evalMode })}
      uploadAction={listHref}
      uploadFields={{ year: String(f.year) }}
      result={reply?.excel}
    />
  );

  if (data.evalMode) {
    return (
      <EvalList
        title="보건의료법규 성적"
        year={data.evalMode.year}
        caption={`보건의료법규 성적 (${data.evalMode.year}년, 평가 자료)`}
        columns={data.columns}
        rows={data.rows}
        emptyText={f.value || f.tgetSt ? MSG.noSearchResult : MSG.noData}
        alert={{ message: data.error ?? flash?.text, kind: data.error ? "error" : flash?.kind }}
        paging={{ total: data.total, page: data.page, size: data.size }}
      >
        {filterBar}
        {toolbar}
      </EvalList>
    );
  }

  const rows = data.rows as unknown as LawRow[];
  const columns: DataColumn<LawRow>[] = [
    { key: "year", header: "년도", align: "center" },
    { key: "smst", header: "학기 및 차수", align: "center" },
    { key: "tgetNm", header: "대상 학년", align: "center", wrap: true },
    { key: "subjNm", header: "과목", wrap: true },
    { key: "userCnt", header: "인원", align: "right", cell: (r) => `${r.userCnt}명` },
    { key: "avgScore", header: "평균", align: "right" },
    { key: "totalScore", header: "만점", align: "right" },
    { key: "actions", header: "관리", pinRight: true, cell: (r) => <RowActions row={r} search={search} reply={reply} /> },
  ];
  const dialog = data.dialog;
  const deleteAsked = reply?.confirm === "delete";

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          보건의료법규 성적
        </Title>
        <Button component={Link} to={withParams(search, { dialog: "add" })} preventScrollReset>
          성적 등록
        </Button>
      </Group>
      <AlertRegion
        message={reply?.excelError ?? data.error ?? (!dialog && !deleteAsked ? reply?.alert : null) ?? flash?.text}
        kind={reply?.excelError || data.error || (!dialog && reply?.alert) ? "error" : flash?.kind}
      />
      {filterBar}
      {toolbar}
      {dialog && dialog.kind !== "preview" ? (
        <Dialog id="law-dialog" title={dialog.kind === "edit" ? "보건의료법규 성적 수정" : "보건의료법규 성적 등록"} closeTo={listHref} size="xl">
          <LawForm key={`${dialog.kind}-${dialog.hlSeq ?? ""}`} dialog={dialog as LawDialogData} reply={reply} action={`${LAW_PATH}${location.search}`} years={data.years} cancelHref={listHref} />
        </Dialog>
      ) : null}
      {dialog && dialog.kind === "preview" ? (
        <Dialog id="law-preview" title="보건의료법규 성적 미리보기" closeTo={listHref} size="xl">
          <Preview list={dialog.list as PreviewRow[]} />
        </Dialog>
      ) : null}
      <DataTable
        caption={`${f.year}년 보건의료법규 성적 목록: 년도, 학기 및 차수, 대상 학년, 과목, 인원, 평균, 만점과 관리 기능`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.hlSeq}
        emptyText={f.value || f.tgetSt ? MSG.noSearchResult : MSG.noData}
        rowTestId="law-row"
        testId="law-table"
      />
      <Pager total={data.total} page={data.page} size={data.size} />
    </Stack>
  );
}
