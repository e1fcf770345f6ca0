/**
 * E18 exam question analysis (spec 002 §2 screen 18, §6) on the list kit: year select and text
 * search, the list (year, course, type, period, questions, total, mean±deviation, lowest, highest,
 * difficulty and discrimination with their classifications, registration date, manage), register,
 * edit and delete, and the Excel toolbar. The dialog is 850 px wide with JavaScript (a page section
 * without). In evaluation mode: the server's columns and only the download.
 */
import type { SerializeFrom } from "@remix-run/node";
import type { DataColumn } from "~/components/data-table/DataTable";
import { Dialog } from "~/components/layout/Dialog";
import { actionsColumn, ListPage, RowActions, useListLinks, type ListReplyData } from "~/components/list/ListPage";
import type { WireAnalysis } from "./__calls.server";
import { ANALYSIS_PATH, type AnalysisDialog } from "./__schema";
import type { ListData } from "~/utils/list-url";
import { ANALYSIS_FORM_ID, AnalysisForm, type AnalysisReply } from "./__dialog";

type Row = SerializeFrom<WireAnalysis> & Record<string, unknown>;

/** The list's path and record key, as the kit's pieces take them. */
const LIST = { path: ANALYSIS_PATH, keyName: "eqaSeq" } as const;
const dash = (v: unknown) => (v === null || v === undefined || v === "" ? "-" : String(v));
const num = (key: string, header: string): DataColumn<Row> => ({ key, header, align: "right", sortable: true, cell: (r) => dash(r[key]) });

export function ExamAnalysisPage({ data, reply }: { data: ListData<{ value: string }, AnalysisDialog | Row | null>; reply?: AnalysisReply & ListReplyData }) {
  const { closeTo, here } = useListLinks(LIST.path, LIST.keyName);
  const columns: DataColumn<Row>[] = [
    // one year's list: its year column is not a sort key
    { key: "year", header: "년도", align: "center" },
    { key: "currNm", header: "과정명", width: 130, wrap: true, sortable: true },
    { key: "eqaSeNm", header: "구분", align: "center", sortable: true },
    { key: "period", header: "시기", align: "center", width: 90, sortable: true },
    num("qestCnt", "문항수"),
    num("totalScore", "총점"),
    { key: "avgStdev", header: "평균±편차", align: "center", cell: (r) => dash(r.avgStdev) },
    num("minScore", "최저점"),
    num("maxScore", "최고점"),
    { key: "grd", header: "난이도(구분)", align: "center", cell: (r) => dash(r.grd) },
    { key: "dscp", header: "분별도(구분)", align: "center", cell: (r) => dash(r.dscp) },
    { key: "regDt", header: "등록일", align: "center", sortable: true, cell: (r) => (r.regDt ?? "").slice(0, 10) },
    actionsColumn((r) => <RowActions {...LIST} seq={r.eqaSeq} who={`${r.currNm} ${r.period}`} />),
  ];
  const open = data.dialog && (data.dialog.kind === "add" || data.dialog.kind === "edit") ? { kind: data.dialog.kind, seq: data.dialog.seq, ...(data.dialog.data as AnalysisDialog) } : null;
  return (
    <ListPage<Row>
      {...LIST}
      title="시험문항 분석"
      data={data}
      register="등록"
      search={{ value: data.filter.value, placeholder: "과정명, 시기" }}
      excel={{ filters: { value: data.filter.value } }}
      columns={columns}
      rowKey={(r) => r.eqaSeq}
      caption={`${data.year}년 시험문항 분석 목록: 과정명, 구분, 시기, 문항수, 총점, 평균±편차, 최저점, 최고점, 난이도, 분별도, 등록일과 관리 기능`}
      reply={reply}
      dialogFormId={ANALYSIS_FORM_ID}
      remove={{ title: "시험문항 분석 삭제", subject: (r) => `${r.year}년 ${r.currNm} (${r.period})` }}
      dialog={
        open ? (
          <Dialog id="analysis-dialog" title={open.kind === "add" ? "시험문항 분석 등록" : "시험문항 분석 수정"} closeTo={closeTo} size="850px">
            <AnalysisForm key={`${open.kind}-${open.seq ?? ""}`} action={here} reply={reply} dialog={open} cancelHref={closeTo} />
          </Dialog>
        ) : null
      }
      testId="analysis-table"
      rowTestId="analysis-row"
    />
  );
}
