/**
 * E01 Re-learner selection (spec 002 §2 screen 1) on the list kit: year and text search; the list
 * of year, student number, name and one reYn column per subject of the year (○ / – with 예 / 아니오
 * for screen readers), with edit and delete per row; register; the Excel toolbar. A year without
 * subject codes says '해당년도에 등록된 공통코드가 없습니다.'. In evaluation mode: the server's
 * columns and only the download.
 */
import { Text } from "~/components/ui/mantine";
import type { DataColumn } from "~/components/data-table/DataTable";
import { ListPage, RowActions, useListLinks, valueSearch, type ListReplyData } from "~/components/list/ListPage";
import { MSG } from "~/schemas/messages.ko";
import { RELEARNING_PATH, type RelearnSubject } from "./__schema";
import { formDialog, type ListData } from "~/utils/list-url";
import { RELEARN_FORM_ID, RelearnerDialog, type RelearnDialogData, type RelearnReply } from "./__dialog";

type Row = { rlSeq: number; year: number; id: string; name: string } & Record<string, unknown>;
type RelearnData = ListData<{ value: string }, RelearnDialogData | Row | null, { subjects: RelearnSubject[]; noCodes: boolean }>;

/** The list's path and record key (the page, its row buttons and its links). */
const LIST = { path: RELEARNING_PATH, keyName: "rlSeq" } as const;

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

export function RelearningPage({ data, reply }: { data: RelearnData; reply?: RelearnReply & ListReplyData }) {
  const { closeTo, here } = useListLinks(LIST.path, LIST.keyName);
  const who = (r: Row) => `${r.name} (${r.id})`;
  const columns: DataColumn<Row>[] = [
    { key: "year", header: "년도", align: "center", width: 60, sortable: true },
    { key: "id", header: "학번", align: "center", sortable: true },
    { key: "name", header: "이름", align: "center", sortable: true },
    ...(data.more?.subjects ?? []).map((s): DataColumn<Row> => ({ key: s.subjCd, header: s.subjNm, align: "center", cell: (r) => <Flag yn={r[s.subjCd]} /> })),
    // stacked, so that the subject columns and these fit the page without scrolling sideways
    { key: "actions", header: "관리", align: "center", pinRight: true, cell: (r) => <RowActions {...LIST} seq={r.rlSeq} who={who(r)} stacked /> },
  ];
  const open = formDialog<RelearnDialogData>(data.dialog);
  return (
    <ListPage<Row>
      {...LIST}
      data={data}
      title="재학습자 선정 자료"
      register="재학습자 등록"
      {...valueSearch(data.filter.value, "학번, 이름")}
      columns={columns}
      caption={`${data.year}년 재학습자 목록: 년도, 학번, 이름, 과목별 재학습 여부와 관리 기능`}
      reply={reply}
      dialogFormId={RELEARN_FORM_ID}
      // the open dialog says it in its own '알림'
      notice={data.more?.noCodes && !open ? MSG.noYearCodes : null}
      remove={{ title: "재학습자 삭제", subject: (r) => `${r.year}년 ${who(r as Row)}` }}
      dialog={open ? <RelearnerDialog key={`${open.mode}-${open.rlSeq ?? "new"}`} dialog={open} years={data.years} reply={reply} action={here} closeTo={closeTo} /> : null}
      unit="명"
      testId="relearn-list"
      rowTestId="relearn-row"
    />
  );
}
