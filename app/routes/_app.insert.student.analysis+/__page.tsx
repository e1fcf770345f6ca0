/**
 * P18 학생 분석 (ADR 0042): the year's students by grade and enrolment status, what each grade
 * holds on average, and each student's line — charts over tables of the same numbers. On the list
 * kit: the year, grade and status filters and the search are the URL's; the student table sorts and
 * pages in the URL; the Excel download has all three tables.
 */
import { Stack } from "~/components/ui/mantine";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { CheckFilter } from "~/components/data-table/FilterBar";
import { ListPage, numberColumn } from "~/components/list/ListPage";
import { ChartPanel } from "~/components/report/ChartPanel";
import { sortText } from "~/utils/list-url";
import { analysisCharts, ANALYSIS_PATH, ANALYSIS_TITLE, GRADE_ACTIVITY_COLUMNS, STUDENT_COLUMNS, type AnalysisData, type GradeAnalysisRow } from "./__analysis";

type Row = Record<string, unknown>;

const shown = (v: unknown) => (v === null || v === undefined || v === "" ? "-" : typeof v === "number" ? v.toLocaleString("ko-KR") : String(v));

const options = (codes: readonly { id: string; text: string }[]) => codes.map((c) => ({ value: c.id, label: c.text }));

function GradeTable({ caption, testId, columns, rows }: { caption: string; testId: string; columns: DataColumn<Row>[]; rows: GradeAnalysisRow[] }) {
  return (
    <DataTable
      caption={caption}
      showCaption
      testId={testId}
      columns={[{ key: "grade", header: "학년" }, ...columns]}
      rows={rows}
      rowKey={(r) => String(r.grade)}
      emptyText="데이터가 없습니다."
      scrollLabel={caption}
    />
  );
}

export function AnalysisPage({ data }: { data: AnalysisData }) {
  const more = data.more ?? { grades: [], statuses: [], byGrade: [], unread: null };
  const f = data.filter;
  const { enrolment: enrolmentChart, hours: hoursChart } = analysisCharts(more.statuses);
  const number = (key: string, header: string): DataColumn<Row> => ({ key, header, align: "right", cell: (r) => shown(r[key]) });
  const studentColumns: DataColumn<Row>[] = [
    numberColumn<Row>(data),
    ...STUDENT_COLUMNS.map((c): DataColumn<Row> => ("number" in c ? { ...number(c.key, c.header), sortable: true } : { key: c.key, header: c.header, sortable: true })),
  ];
  return (
    <ListPage<Row>
      title={ANALYSIS_TITLE}
      path={ANALYSIS_PATH}
      data={data}
      keyName="id"
      filters={
        <>
          <CheckFilter name="grde" legend="학년" options={options(more.grades)} selected={f.grde} />
          <CheckFilter name="attn" legend="학적상태" options={options(more.statuses)} selected={f.attn.length ? f.attn : null} />
        </>
      }
      search={{ value: f.value, placeholder: "이름, 학번" }}
      searching={Boolean(f.value)}
      excel={{ filters: { value: f.value, grde: f.grde, attn: f.attn, sort: data.sort.length ? sortText(data.sort) : null }, upload: false }}
      notice={more.unread}
      columns={studentColumns}
      rowKey={(r) => String(r.id)}
      caption="학생별 활동과 성적"
      showCaption
      testId="analysis-students"
      rowTestId="analysis-student"
      unit="명"
    >
      <Stack gap="lg" data-testid="analysis-summary">
        <ChartPanel chart={enrolmentChart} rows={more.byGrade} svg={more.charts?.enrolment} id="enrolment-chart" />
        <GradeTable
          caption="학년별 학적 현황 (명)"
          testId="analysis-enrolment"
          columns={[...more.statuses.map((s) => number(s.id, s.text)), number("total", "합계")]}
          rows={more.byGrade}
        />
        <ChartPanel chart={hoursChart} rows={more.byGrade} svg={more.charts?.hours} id="hours-chart" />
        <GradeTable caption="학년별 활동과 성적" testId="analysis-grades" columns={GRADE_ACTIVITY_COLUMNS.map((c) => number(c.key, c.header))} rows={more.byGrade} />
      </Stack>
    </ListPage>
  );
}
