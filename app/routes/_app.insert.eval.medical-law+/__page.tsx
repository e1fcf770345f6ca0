/**
 * E06 health and medical law scores (spec 002 §2 screen 6) on the list kit: filters (year, target
 * grades with an exclusive '전체', text), the list of score sets (year, term and round, target
 * grades, subject, number of users, average, total score) with edit, preview and delete per row,
 * register, the Excel toolbar, and the add/edit and preview dialogs. In evaluation mode: the
 * server's columns and only the download.
 */
import { Text } from "~/components/ui/mantine";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { CheckFilter, SearchFilter } from "~/components/data-table/FilterBar";
import { Dialog } from "~/components/layout/Dialog";
import { ListPage, RowActions, useListLinks, type ListReplyData } from "~/components/list/ListPage";
import type { WireLawRow, WirePreviewRow } from "~/legacy/endpoints/medical-law.server";
import { LAW_PATH } from "./__schema";
import { MSG } from "~/schemas/messages.ko";
import { formDialog, type ListData } from "~/utils/list-url";
import { LAW_FORM_ID, LawForm, type LawDialogData, type LawReply } from "./__dialog";

type Row = WireLawRow & Record<string, unknown>;
type LawDialog = LawDialogData | { kind: "preview"; list: WirePreviewRow[] } | Row | null;
type LawData = ListData<{ value: string; tgetSt: string[] | null }, LawDialog, { grades: { id: string; text: string }[] }>;

/** The list's path and record key (the page, its row buttons and its links). */
const LIST = { path: LAW_PATH, keyName: "hlSeq" } as const;

const setLabel = (r: Row) => `${r.year}년 ${r.smst} ${r.subjNm}`.trim();

/** The set's students and scores (preview.do). */
const previewColumns: DataColumn<WirePreviewRow>[] = [
  { key: "grdeNm", header: "학년", align: "center" },
  { key: "id", header: "학번", align: "center" },
  { key: "name", header: "이름", align: "center" },
  { key: "subjNm", header: "과목", wrap: true },
  { key: "smst", header: "학기 및 차수", align: "center" },
  { key: "score", header: "점수", align: "right" },
];

export function MedicalLawScreen({ data, reply }: { data: LawData; reply?: LawReply & ListReplyData }) {
  const { closeTo, here } = useListLinks(LIST.path, LIST.keyName);
  const f = data.filter;
  const columns: DataColumn<Row>[] = [
    { key: "year", header: "년도", align: "center", sortable: true },
    { key: "smst", header: "학기 및 차수", align: "center", sortable: true },
    { key: "tgetNm", header: "대상 학년", align: "center", wrap: true, sortable: true },
    { key: "subjNm", header: "과목", wrap: true, sortable: true },
    { key: "userCnt", header: "인원", align: "right", sortable: true, cell: (r) => `${r.userCnt}명` },
    { key: "avgScore", header: "평균", align: "right", sortable: true },
    { key: "totalScore", header: "만점", align: "right", sortable: true },
    { key: "actions", header: "관리", pinRight: true, cell: (r) => <RowActions {...LIST} seq={r.hlSeq} who={setLabel(r)} actions={["edit", "preview", "delete"]} /> },
  ];
  const d = data.dialog;
  const form = formDialog<LawDialogData>(d);
  const preview = d?.kind === "preview" ? (d.data as { list: WirePreviewRow[] }) : null;
  return (
    <ListPage<Row>
      {...LIST}
      data={data}
      title="보건의료법규 성적"
      register="성적 등록"
      filters={
        <>
          <CheckFilter name="tgetSt" legend="대상 학년" options={(data.more?.grades ?? []).map((c) => ({ value: c.id, label: c.text }))} selected={f.tgetSt} />
          <SearchFilter value={f.value} label="검색어" placeholder="학기 및 차수, 과목, 학번, 이름" w={260} />
        </>
      }
      searching={Boolean(f.value || f.tgetSt)}
      excel={{ filters: { value: f.value, tgetSt: f.tgetSt } }}
      columns={columns}
      caption={`${data.year}년 보건의료법규 성적 목록: 년도, 학기 및 차수, 대상 학년, 과목, 인원, 평균, 만점과 관리 기능`}
      reply={reply}
      dialogFormId={LAW_FORM_ID}
      remove={{ title: "보건의료법규 성적 삭제", subject: (r) => setLabel(r as Row) }}
      dialog={
        form ? (
          <LawForm key={`${form.kind}-${form.hlSeq ?? ""}`} dialog={form} reply={reply} action={here} years={data.years} closeTo={closeTo} />
        ) : preview ? (
          <Dialog id="law-preview" title="보건의료법규 성적 미리보기" closeTo={closeTo} size="xl">
            <Text size="sm" data-testid="preview-total" mb="xs">
              전체 <b>{preview.list.length}</b>명
            </Text>
            <DataTable
              caption={preview.list[0] ? `${preview.list[0].smst} ${preview.list[0].subjNm} 학생별 성적: 학년, 학번, 이름, 과목, 학기 및 차수, 점수` : "학생별 성적"}
              columns={previewColumns}
              rows={preview.list}
              rowKey={(r) => r.id}
              emptyText={MSG.previewEmpty}
              testId="preview-table"
            />
          </Dialog>
        ) : null
      }
      testId="law-table"
      rowTestId="law-row"
    />
  );
}
