/**
 * E16 PBL 튜터 평가 (spec 002 §2 screen 16) on the list kit: the year and a student search (a GET
 * form); the students found, each a link that chooses it; the chosen student's tutor evaluations
 * with the default columns (student number, name, PBL … total, grade). In evaluation mode the
 * server's columns replace them, read-only.
 */
import { Anchor, Text } from "~/components/ui/mantine";
import { Link, useLocation } from "@remix-run/react";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { ListPage } from "~/components/list/ListPage";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { TUTOR_EVAL_COLUMNS, TUTOR_EVAL_PATH, TUTOR_EVAL_TITLE } from "./__schema";
import type { ListData } from "~/utils/list-url";
import { withParams } from "~/utils/url";
import type { TutorEvalFilter, TutorEvalMore } from "./__loader.server";

type Row = Record<string, unknown>;
export type TutorEvalData = ListData<TutorEvalFilter, null, TutorEvalMore>;
/** A link in a table cell is a touch target of its own: at least 24px high (axe target-size). */
const TARGET = { display: "inline-block", minHeight: 24, lineHeight: "24px" } as const;

const columns: DataColumn<Row>[] = TUTOR_EVAL_COLUMNS.map((c) => ({ key: c.clm, header: c.clmNm, sortable: true, align: c.clm === "name" || c.clm === "id" ? "left" : "center" }));

type Student = NonNullable<TutorEvalMore["students"]>[number];

function Students({ more }: { more: TutorEvalMore }) {
  const location = useLocation();
  if (!more.students) return null;
  // the minimum widths add up to the 320px the table had in its own scroll container
  const studentColumns: DataColumn<Student>[] = [
    { key: "id", header: "학번", width: 120 },
    { key: "name", header: "이름", width: 120 },
    {
      key: "choose",
      header: "선택",
      width: 80,
      // the chosen student's link carries aria-current (DataTable puts no attribute on a row)
      cell: (s) => (
        <Anchor
          component={Link}
          to={`${location.pathname}${withParams(location.search, { usSeq: String(s.usSeq), page: null, sort: null })}`}
          style={TARGET}
          aria-label={`${s.name}(${s.id}) 선택`}
          aria-current={more.student?.usSeq === s.usSeq ? "true" : undefined}
        >
          선택
        </Anchor>
      ),
    },
  ];
  return (
    <DataTable
      caption="학생 검색 결과"
      showCaption
      columns={studentColumns}
      rows={more.students}
      rowKey={(s) => s.usSeq}
      emptyText={more.studentsError ?? MSG.noSearchResult}
      testId="tutor-students"
      striped={false}
    />
  );
}

export function TutorEvalPage({ data }: { data: TutorEvalData }) {
  const more = data.more ?? { students: null, studentsError: null, student: null };
  const chosen = more.student;
  return (
    <ListPage
      title={TUTOR_EVAL_TITLE}
      path={TUTOR_EVAL_PATH}
      data={data}
      keyName="teSeq"
      search={{ value: data.filter.value, label: "학생 검색", placeholder: "학번 또는 이름" }}
      filterLabel="학생 검색"
      columns={columns}
      rowKey={(r) => String(r.teSeq)}
      caption={chosen ? `${chosen.name}(${chosen.id}) 튜터 평가` : TUTOR_EVAL_TITLE}
      showCaption={Boolean(chosen)}
      evalCaption={chosen ? `${chosen.name}(${chosen.id}) 튜터 평가 (${data.evalMode?.year}년, 평가 자료)` : undefined}
      rowTestId="tutor-eval-row"
    >
      <Students more={more} />
      {chosen ? null : <Text size="sm">{OWN_MSG.tutorPickStudent}</Text>}
    </ListPage>
  );
}
