/**
 * R08 committees (spec 001 §2 "Committees") on the list kit: search by name; the list of founding
 * year, name (a link to the committee's detail, R09), operating status, terms and registration
 * date, with edit and delete per row; register; the list's Excel download. In evaluation mode: the
 * server's columns and only the download.
 */
import { Anchor } from "~/components/ui/mantine";
import { Link } from "@remix-run/react";
import type { DataColumn } from "~/components/data-table/DataTable";
import { ListPage, RowActions, useListLinks, type ListReplyData } from "~/components/list/ListPage";
import { COMMITTEE_DETAIL_PATH, COMMITTEE_PATH, COMMITTEE_TITLE, oprSttName } from "~/schemas/committees";
import { formDialog, type ListData } from "~/utils/list-url";
import { COMMITTEE_FORM_ID, CommitteeDialog, type CommitteeDialogData } from "./__dialog";

type Row = { cmtSeq: number; cmtNm: string; year: number; oprStt: string; oprSttNm?: string; termCnt?: number | null; regDt?: string } & Record<string, unknown>;
/** A link in a table cell is a touch target of its own: at least 24px high (axe target-size). */
const TARGET = { display: "inline-block", minHeight: 24, lineHeight: "24px" } as const;

export type CommitteeData = ListData<{ value: string }, CommitteeDialogData | Row | null, null>;

export function CommitteePage({ data, reply }: { data: CommitteeData; reply?: ListReplyData & { repopulateFields?: Record<string, unknown> } }) {
  const list = { path: COMMITTEE_PATH, keyName: "cmtSeq" } as const;
  const { closeTo, here } = useListLinks(list.path, list.keyName);
  const columns: DataColumn<Row>[] = [
    { key: "year", header: "설립연도", align: "center", sortable: true },
    {
      key: "cmtNm",
      header: "위원회명",
      sortable: true,
      wrap: true,
      cell: (r) => (
        <Anchor component={Link} to={`${COMMITTEE_DETAIL_PATH}/${r.cmtSeq}`} size="sm" style={TARGET} data-testid="committee-link">
          {r.cmtNm}
        </Anchor>
      ),
    },
    { key: "oprSttNm", header: "운영상태", align: "center", sortable: true, cell: (r) => oprSttName(r.oprStt) || r.oprSttNm || r.oprStt },
    { key: "termCnt", header: "기수", align: "right", sortable: true, cell: (r) => r.termCnt ?? "-" },
    { key: "regDt", header: "등록일", align: "center", sortable: true, cell: (r) => (r.regDt ?? "").slice(0, 10) },
    { key: "actions", header: "관리", align: "center", pinRight: true, cell: (r) => <RowActions {...list} seq={r.cmtSeq} who={r.cmtNm} /> },
  ];
  const open = formDialog<CommitteeDialogData>(data.dialog);
  return (
    <ListPage<Row>
      {...list}
      data={data}
      title={COMMITTEE_TITLE}
      register="등록"
      yearFilter={false}
      search={{ value: data.filter.value, placeholder: "위원회명", label: "위원회명 검색" }}
      searching={Boolean(data.filter.value)}
      excel={{ filters: { value: data.filter.value }, upload: false, template: false, year: false }}
      columns={columns}
      caption={`${COMMITTEE_TITLE} 목록: 설립연도, 위원회명, 운영상태, 기수, 등록일과 관리 기능`}
      reply={reply}
      dialogFormId={COMMITTEE_FORM_ID}
      remove={{ title: `${COMMITTEE_TITLE} 삭제`, subject: (r) => `${String(r.cmtNm)} (${String(r.year)}년 설립)` }}
      dialog={open ? <CommitteeDialog key={`${open.mode}-${open.cmtSeq ?? "new"}`} dialog={open} reply={reply} action={here} closeTo={closeTo} /> : null}
      unit="건"
      testId="committee-list"
      rowTestId="committee-row"
    />
  );
}
