/**
 * R15 volunteer activity and R16 international health-care activity (spec 001 §2 "Volunteer and
 * health-care lists") on the list kit, one page for both kinds: year and text search; the list of
 * year, student number, name, grade, period, hours, place (health-care: country and school) and
 * attachments (each a download), with edit and delete per row; register; the Excel toolbar (the
 * download's sheet is also the upload's form). In evaluation mode: the server's columns and only
 * the download.
 */
import { Anchor, Stack } from "~/components/ui/mantine";
import type { DataColumn } from "~/components/data-table/DataTable";
import { ListPage, RowActions, useListLinks, type ListReplyData } from "~/components/list/ListPage";
import { ACTIVITY_KINDS, wireName, type ActivityFile, type ActivityKind } from "~/schemas/activities";
import { formDialog, type ListData } from "~/utils/list-url";
import { withParams } from "~/utils/url";
import { ACTIVITY_FORM_ID, ActivityDialog, type ActivityDialogData, type ActivityReply } from "./ActivityDialog";

type Row = { year: number; id: string; name: string; grdeNm?: string; dbFileList: ActivityFile[] } & Record<string, unknown>;
/** A link in a table cell is a touch target of its own: at least 24px high (axe target-size). */
const TARGET = { display: "inline-block", minHeight: 24, lineHeight: "24px" } as const;

export type ActivityData = ListData<{ value: string }, ActivityDialogData | Row | null, null>;

/** An attachment's download link (the resource route checks that it is the record's). */
export const fileHref = (path: string, year: number | string, seq: number | string, fileSeq: number) => `${path}/file${withParams("", { year: String(year), seq: String(seq), file: String(fileSeq) })}`;

export function ActivityPage({ kind, data, reply }: { kind: ActivityKind; data: ActivityData; reply?: ActivityReply & ListReplyData }) {
  const def = ACTIVITY_KINDS[kind];
  const list = { path: def.path, keyName: def.seqKey } as const;
  const { closeTo, here } = useListLinks(list.path, list.keyName);
  const w = (f: Parameters<typeof wireName>[1]) => wireName(kind, f);
  const who = (r: Row) => `${r.name} (${r.id}) ${String(r[w("stde")] ?? "")}`;
  const places: DataColumn<Row>[] =
    kind === "medical"
      ? [
          { key: w("country"), header: "국가", align: "center" },
          { key: w("school"), header: "활동기관(학교)", wrap: true },
        ]
      : [{ key: w("place"), header: "장소", wrap: true }];
  const columns: DataColumn<Row>[] = [
    { key: "year", header: "년도", align: "center", width: 60, sortable: true },
    { key: "id", header: "학번", align: "center", sortable: true },
    { key: "name", header: "이름", align: "center", sortable: true },
    { key: "grdeNm", header: "학년", align: "center" },
    { key: w("stde"), header: "시작일", align: "center", sortable: true },
    { key: w("ende"), header: "종료일", align: "center", sortable: true },
    { key: w("time"), header: "활동시간", align: "right", sortable: true },
    ...places,
    {
      key: "dbFileList",
      header: "첨부파일",
      cell: (r) =>
        r.dbFileList.length ? (
          <Stack gap={2}>
            {r.dbFileList.map((f) => (
              <Anchor key={f.fileSeq} href={fileHref(def.path, r.year, String(r[def.seqKey]), f.fileSeq)} size="sm" aria-label={`첨부파일 내려받기: ${f.orn}`} style={TARGET}>
                {f.orn}
              </Anchor>
            ))}
          </Stack>
        ) : (
          "-"
        ),
    },
    { key: "actions", header: "관리", align: "center", pinRight: true, cell: (r) => <RowActions {...list} seq={String(r[def.seqKey])} who={who(r)} stacked /> },
  ];
  const open = formDialog<ActivityDialogData>(data.dialog);
  return (
    <ListPage<Row>
      {...list}
      data={data}
      title={def.title}
      register="등록"
      search={{ value: data.filter.value, placeholder: "학번, 이름" }}
      searching={Boolean(data.filter.value)}
      excel={{ filters: { value: data.filter.value }, template: false }}
      columns={columns}
      caption={`${data.year}년 ${def.title} 목록: 년도, 학번, 이름, 학년, 기간, 활동시간, ${kind === "medical" ? "국가, 활동기관" : "장소"}, 첨부파일과 관리 기능`}
      reply={reply}
      dialogFormId={ACTIVITY_FORM_ID}
      remove={{ title: `${def.title} 삭제`, subject: (r) => `${String(r.year)}년 ${who(r as Row)}` }}
      dialog={open ? <ActivityDialog key={`${open.mode}-${open.seq ?? "new"}`} kind={kind} dialog={open} years={data.years} reply={reply} action={here} closeTo={closeTo} /> : null}
      unit="건"
      testId="activity-list"
      rowTestId="activity-row"
    />
  );
}
