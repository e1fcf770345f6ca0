/**
 * E04 patient safety course scores (spec 002 §2 screen 4, §3, §6) on the list kit: year and text
 * filters, the list (year, number, name, the seven scores, total with two decimals, grade,
 * registration date, edit and delete), register, and the Excel toolbar. In evaluation mode: the
 * server's columns and only the download.
 */
import { RowActions, ListPage, useListLinks, valueSearch, type ListReplyData } from "~/components/list/ListPage";
import type { DataColumn } from "~/components/data-table/DataTable";
import type { WirePssRow } from "./__calls.server";
import { PSS_ITEMS, PSS_PATH } from "./__schema";
import type { ListData } from "~/utils/list-url";
import { PSS_FORM_ID, PatientSafetyDialog, type PssDialogData, type PssReply } from "./__dialog";

type Row = WirePssRow & Record<string, unknown>;

const score = (v: unknown) => (v === null || v === undefined || v === "" ? "" : String(v));
/** The total with two decimals (spec 002 §5, §9). */
const total2 = (v: unknown) => (v === null || v === undefined || v === "" || Number.isNaN(Number(v)) ? "" : Number(v).toFixed(2));

export function PatientSafetyPage({ data, reply }: { data: ListData<{ value: string }, PssDialogData | Row | null>; reply?: PssReply & ListReplyData }) {
  const { closeTo, here } = useListLinks(PSS_PATH, "pssSeq");
  const who = (r: Row) => `${r.name} (${r.id})`;
  const columns: DataColumn<Row>[] = [
    { key: "year", header: "년도", align: "center", width: 60, sortable: true },
    { key: "id", header: "학번", align: "center", sortable: true },
    { key: "name", header: "이름", align: "center", sortable: true },
    ...PSS_ITEMS.map((item): DataColumn<Row> => ({ key: item.key, header: item.label, align: "right", cell: (r) => score(r[item.key]) })),
    { key: "total", header: "총점", align: "right", sortable: true, cell: (r) => total2(r.total) },
    { key: "grd", header: "등급", align: "center", sortable: true },
    { key: "regDt", header: "등록일", align: "center", width: 104, sortable: true, cell: (r) => (r.regDt ?? "").slice(0, 10) },
    { key: "actions", header: "관리", pinRight: true, cell: (r) => <RowActions path={PSS_PATH} keyName="pssSeq" seq={r.pssSeq} who={who(r)} /> },
  ];
  const open = data.dialog && (data.dialog.kind === "add" || data.dialog.kind === "edit") ? (data.dialog.data as PssDialogData) : null;
  return (
    <ListPage<Row>
      title="환자안전 교과목 성적"
      path={PSS_PATH}
      data={data}
      keyName="pssSeq"
      register="성적 등록"
      {...valueSearch(data.filter.value, "학번, 이름")}
      columns={columns}
      evalCell={(clm) => (clm === "total" ? (r) => total2(r.total) : undefined)}
      rowKey={(r) => r.pssSeq}
      caption={`${data.year}년 환자안전 교과목 성적 목록: 년도, 학번, 이름, 항목별 점수, 총점, 등급, 등록일과 관리 기능`}
      reply={reply}
      dialogFormId={PSS_FORM_ID}
      remove={{ title: "환자안전 교과목 성적 삭제", subject: (r) => `${r.year}년 ${r.name} (${r.id})` }}
      dialog={
        open ? (
          <PatientSafetyDialog key={`${open.mode}-${open.pssSeq ?? "new"}`} dialog={open} years={data.years} reply={reply} action={here} closeTo={closeTo} />
        ) : null
      }
      testId="pss-list"
      rowTestId="pss-row"
    />
  );
}
