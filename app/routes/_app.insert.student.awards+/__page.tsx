/**
 * R17 research participation and awards (spec 001 §2 "Awards and participation") on the list
 * kit: year and text search; the list of year, category, program, date (award date or period),
 * place, winners or participants (names and count) and the attachment (a download), with edit and
 * delete per row; register; the Excel toolbar (download, template of the year, upload). A year
 * without categories says '해당 년도에 등록된 공통코드가 없습니다.'. In evaluation mode: the
 * server's columns and only the download.
 */
import { Anchor, Text } from "~/components/ui/mantine";
import type { DataColumn } from "~/components/data-table/DataTable";
import { ListPage, RowActions, useListLinks, valueSearch, type ListReplyData } from "~/components/list/ListPage";
import { AWARD_CODE, AWARDS_PATH, AWARDS_TITLE } from "./__schema";
import { MSG } from "~/schemas/messages.ko";
import { formDialog, type ListData } from "~/utils/list-url";
import { AWARD_FORM_ID, AwardDialog, awardFileHref, type AwardDialogData, type AwardReply } from "./__dialog";

type Row = {
  paSeq: number;
  year: number;
  paSeCd: string;
  paSeType?: string;
  prgmNm?: string;
  awardDate?: string;
  prgmStde?: string;
  prgmEnde?: string;
  placeNm?: string;
  place?: string;
  orn?: string;
  flnm?: string;
  userCount?: number | null;
  users: { id: string; name: string }[];
} & Record<string, unknown>;

export type AwardsData = ListData<{ value: string }, AwardDialogData | Row | null, { noCodes: boolean }>;

const LIST = { path: AWARDS_PATH, keyName: "paSeq" } as const;
/** A link in a table cell is a touch target of its own: at least 24px high (axe target-size). */
const TARGET = { display: "inline-block", minHeight: 24, lineHeight: "24px" } as const;

/** An award's date, or a participation's period. */
const dateOf = (r: Row) => (r.paSeCd === AWARD_CODE ? r.awardDate ?? "" : r.prgmStde ? `${r.prgmStde} ~ ${r.prgmEnde ?? ""}` : "");

export function AwardsPage({ data, reply }: { data: AwardsData; reply?: AwardReply & ListReplyData }) {
  const { closeTo, here } = useListLinks(LIST.path, LIST.keyName);
  const who = (r: Row) => `${r.prgmNm ?? ""} (${r.paSeType ?? ""})`;
  const columns: DataColumn<Row>[] = [
    { key: "year", header: "년도", align: "center", width: 60, sortable: true },
    { key: "paSeType", header: "구분", align: "center", sortable: true },
    { key: "prgmNm", header: "프로그램명", wrap: true, sortable: true },
    { key: "awardDate", header: "수상일·참여기간", align: "center", cell: (r) => dateOf(r) || "-" },
    { key: "place", header: "장소", wrap: true, cell: (r) => (r.placeNm ? `${r.placeNm} · ${r.place ?? ""}` : "-") },
    {
      key: "users",
      header: "수상자·참여자",
      wrap: true,
      cell: (r) => (
        <Text size="sm" component="span">
          {r.users.map((u) => `${u.name}(${u.id})`).join(", ")}
        </Text>
      ),
    },
    { key: "userCount", header: "인원", align: "right", sortable: true, cell: (r) => `${r.userCount ?? r.users.length}명` },
    {
      key: "orn",
      header: "첨부파일",
      cell: (r) =>
        r.flnm ? (
          <Anchor href={awardFileHref(LIST.path, r.year, r.paSeq)} size="sm" aria-label={`첨부파일 내려받기: ${r.orn}`} style={TARGET}>
            {r.orn}
          </Anchor>
        ) : (
          "-"
        ),
    },
    { key: "actions", header: "관리", align: "center", pinRight: true, cell: (r) => <RowActions {...LIST} seq={r.paSeq} who={who(r)} stacked /> },
  ];
  const open = formDialog<AwardDialogData>(data.dialog);
  return (
    <ListPage<Row>
      {...LIST}
      data={data}
      title={AWARDS_TITLE}
      register="등록"
      {...valueSearch(data.filter.value, "프로그램명, 학번, 이름")}
      columns={columns}
      caption={`${data.year}년 ${AWARDS_TITLE} 목록: 년도, 구분, 프로그램명, 수상일·참여기간, 장소, 수상자·참여자, 인원, 첨부파일과 관리 기능`}
      reply={reply}
      dialogFormId={AWARD_FORM_ID}
      // the open dialog says it in its own '알림'
      notice={data.more?.noCodes && !open ? MSG.awardNoCodes : null}
      remove={{ title: `${AWARDS_TITLE} 삭제`, subject: (r) => `${String(r.year)}년 ${who(r as Row)}` }}
      dialog={open ? <AwardDialog key={`${open.mode}-${open.paSeq ?? "new"}`} path={LIST.path} dialog={open} years={data.years} reply={reply} action={here} closeTo={closeTo} /> : null}
      unit="건"
      testId="award-list"
      rowTestId="award-row"
    />
  );
}
