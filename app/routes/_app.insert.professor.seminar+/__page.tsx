/**
 * R07 seminars (spec 001 §2 "Seminars") on the list kit: year and text search; the list of
 * category, period, place (on or off campus and its name), participants and the schedule (a
 * download), with edit and delete per row; register; the Excel toolbar (download, the year's
 * upload sample, upload). In evaluation mode: the server's columns and only the download.
 */
import { Anchor, Text } from "~/components/ui/mantine";
import type { DataColumn } from "~/components/data-table/DataTable";
import { ListPage, RowActions, useListLinks, valueSearch, type ListReplyData } from "~/components/list/ListPage";
import { SEMINAR_PATH, SEMINAR_TITLE, placeName } from "./__schema";
import { formDialog, type ListData } from "~/utils/list-url";
import { SEMINAR_FORM_ID, SeminarDialog, scheduleHref, type SeminarDialogData, type SeminarReply } from "./__dialog";

type Row = { smSeq: number; year: number; smSeNm?: string; smSe: string; smStde: string; smEnde: string; placeNm?: string; placeCd: string; place: string; orn?: string; flnm?: string; userCnt?: number | null; userNm?: string } & Record<string, unknown>;
/** A link in a table cell is a touch target of its own: at least 24px high (axe target-size). */
const TARGET = { display: "inline-block", minHeight: 24, lineHeight: "24px" } as const;

export type SeminarData = ListData<{ value: string }, SeminarDialogData | Row | null, null>;

export function SeminarPage({ data, reply }: { data: SeminarData; reply?: SeminarReply & ListReplyData }) {
  const list = { path: SEMINAR_PATH, keyName: "smSeq" } as const;
  const { closeTo, here } = useListLinks(list.path, list.keyName);
  const who = (r: Row) => `${r.smSeNm || r.smSe} ${r.smStde}`;
  const columns: DataColumn<Row>[] = [
    { key: "smSe", header: "구분", sortable: true, cell: (r) => r.smSeNm || r.smSe },
    { key: "smStde", header: "시작일", align: "center", sortable: true },
    { key: "smEnde", header: "종료일", align: "center", sortable: true },
    { key: "placeCd", header: "장소 구분", align: "center", sortable: true, cell: (r) => placeName(r.placeCd) || r.placeNm || r.placeCd },
    { key: "place", header: "장소", wrap: true, sortable: true },
    { key: "userCnt", header: "참여자 수", align: "right", sortable: true },
    { key: "userNm", header: "참여자", wrap: true, cell: (r) => <Text size="sm">{r.userNm || "-"}</Text> },
    {
      key: "orn",
      header: "일정표",
      cell: (r) =>
        r.flnm ? (
          <Anchor href={scheduleHref(SEMINAR_PATH, r.year, r.smSeq)} size="sm" aria-label={`일정표 내려받기: ${r.orn}`} style={TARGET}>
            {r.orn}
          </Anchor>
        ) : (
          "-"
        ),
    },
    { key: "actions", header: "관리", align: "center", pinRight: true, cell: (r) => <RowActions {...list} seq={r.smSeq} who={who(r)} stacked /> },
  ];
  const open = formDialog<SeminarDialogData>(data.dialog);
  return (
    <ListPage<Row>
      {...list}
      data={data}
      title={SEMINAR_TITLE}
      register="등록"
      {...valueSearch(data.filter.value, "구분, 장소, 참여자")}
      columns={columns}
      caption={`${data.year}년 ${SEMINAR_TITLE} 목록: 구분, 기간, 장소, 참여자, 일정표와 관리 기능`}
      reply={reply}
      dialogFormId={SEMINAR_FORM_ID}
      remove={{ title: `${SEMINAR_TITLE} 삭제`, subject: (r) => `${String(r.year)}년 ${who(r as Row)} (${String(r.place ?? "")})` }}
      dialog={open ? <SeminarDialog key={`${open.mode}-${open.smSeq ?? "new"}`} path={SEMINAR_PATH} dialog={open} years={data.years} reply={reply} action={here} closeTo={closeTo} /> : null}
      unit="건"
      testId="seminar-list"
      rowTestId="seminar-row"
    />
  );
}
