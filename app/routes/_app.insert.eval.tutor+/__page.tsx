/**
 * E16 PBL 튜터 평가 (spec 002 §2 screen 16) on the list kit: the year and a student search (a GET
 * form); the students found, each a link that chooses it; the chosen student's tutor evaluations
 * with the default columns (student number, name, PBL … total, grade). In evaluation mode the
 * server's columns replace them, read-only.
 */
import { Anchor, Text } from "~/components/ui/mantine";
import { Link, useLocation } from "@remix-run/react";
import type { DataColumn } from "~/components/data-table/DataTable";
import { ListPage } from "~/components/list/ListPage";
import { Table } from "~/components/ui/Table";
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

function Students({ more }: { more: TutorEvalMore }) {
  const location = useLocation();
  if (!more.students) return null;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder data-testid="tutor-students">
        <caption className="space-caption">학생 검색 결과</caption>
        <Table.Head titles={["학번", "이름", "선택"]} />
        <Table.Tbody>
          {more.students.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={3}>{more.studentsError ?? MSG.noSearchResult}</Table.Td>
            </Table.Tr>
          ) : (
            more.students.map((s) => (
              <Table.Tr key={s.usSeq} aria-current={more.student?.usSeq === s.usSeq ? "true" : undefined}>
                <Table.Td>{s.id}</Table.Td>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`${location.pathname}${withParams(location.search, { usSeq: String(s.usSeq), page: null, sort: null })}`} style={TARGET} aria-label={`${s.name}(${s.id}) 선택`}>
                    선택
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
