/**
 * R01/R03/R05: the student, professor and PBL-tutor document screen (spec 001 §2) on the list
 * kit. Search panel (year, an 'all'-exclusive group of grades or departments, statuses, text), the
 * result list on the left with its count in 명 (a row is a link to `?dialog=edit&usSeq=`, so the
 * detail opens without JavaScript), the detail form on the right, register (the add page) and the
 * Excel toolbar. In evaluation mode: the kit's read-only table of the configured columns.
 */
import { Link } from "@remix-run/react";
import { Group, Paper, Text, Title } from "~/components/ui/mantine";
import { CheckFilter } from "~/components/data-table/FilterBar";
import { ListPage, useListLinks, type ListReplyData } from "~/components/list/ListPage";
import { MSG } from "~/schemas/messages.ko";
import { PEOPLE, type PeopleFilter, type PeopleKind, type PeopleMore, type PersonDetail } from "~/schemas/people";
import type { ListData } from "~/utils/list-url";
import { ProfessorForm, StudentForm, type PersonReply } from "./PersonForm";

type Row = { usSeq: number; id: string; name: string; status: string; txt: string };

export interface PeopleDocumentProps {
  kind: PeopleKind;
  data: ListData<PeopleFilter, PersonDetail | null, PeopleMore>;
  reply?: PersonReply & ListReplyData;
}

export function PeopleDocument({ kind, data, reply }: PeopleDocumentProps) {
  const { label, path, addPath, afltn, status } = PEOPLE[kind];
  const { closeTo, here, dialogHref } = useListLinks(path, "usSeq");
  const f = data.filter;
  const codes = data.more?.codes ?? { afltnList: [], statusList: [] };
  const options = (list: typeof codes.afltnList) => list.map((c) => ({ value: c.id, label: c.text }));
  const searching = Boolean(f.value || f.afltn || f.status.length);
  const person = data.dialog?.data ?? null;
  const form = person ? { action: here, reply, values: person.values, imgSrc: person.imgSrc, mode: "edit" as const, cancelHref: closeTo, deleteHref: dialogHref("delete", person.usSeq) } : null;
  const rows = data.rows as Row[];

  const list = (
    <Paper withBorder component="section" aria-labelledby="people-list-title">
      <Group justify="space-between" px="sm" py={8} className="list-head">
        <Title order={2} size="h5" id="people-list-title">
          검색 결과
        </Title>
        <Text size="sm" data-testid="people-count">
          {data.total}명
        </Text>
      </Group>
      {rows.length === 0 ? (
        <Text p="md">{searching ? MSG.noSearchResult : MSG.noData}</Text>
      ) : (
        <ul className="people-list" data-testid="people-list">
          {rows.map((r) => (
            <li key={r.usSeq}>
              <Link className="person-row" to={dialogHref("edit", r.usSeq)} aria-current={r.usSeq === person?.usSeq ? "true" : undefined} preventScrollReset>
                {/* plain elements (app.css): twenty rows of Mantine components were a fifth of the page's render (ADR 0037) */}
                <span className="person-head">
                  <span className="status-badge">{r.status}</span>
                  <b>{r.name}</b>
                  <span className="dimmed">{r.id}</span>
                </span>
                {r.txt ? <span className="person-meta">{r.txt}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );

  const detail = (
    <Paper withBorder p="md" component="section" aria-labelledby="person-detail-title">
      <Title order={2} size="h4" id="person-detail-title" mb="sm">
        {person ? `${person.title} 상세` : "상세 정보"}
      </Title>
      {person && form ? (
        person.codes.kind === "student" ? (
          <StudentForm key={person.usSeq} {...form} codes={person.codes} currentYear={data.more?.currentYear ?? data.year} />
        ) : (
          <ProfessorForm key={person.usSeq} {...form} codes={person.codes} />
        )
      ) : (
        <Text>검색 후 대상을 선택하면 {kind === "student" ? "학적상태나 학년을" : "재직상태나 소속을"} 변경할 수 있습니다.</Text>
      )}
    </Paper>
  );

  return (
    <ListPage<Row>
      title={`${label} 관리`}
      path={path}
      data={data}
      keyName="usSeq"
      register={kind === "tutor" ? "교수 등록" : `${label} 등록`}
      registerTo={`${addPath}?year=${data.year}`}
      filters={
        <>
          <CheckFilter name={afltn} legend={kind === "student" ? "학년" : "소속"} options={options(codes.afltnList)} selected={f.afltn} />
          <CheckFilter name={status} legend={kind === "student" ? "학적상태" : "재직상태"} options={options(codes.statusList)} selected={f.status.length ? f.status : null} />
        </>
      }
      search={{ value: f.value, placeholder: kind === "student" ? "이름, 학번" : "이름, 사번" }}
      searching={searching}
      excel={{ filters: { value: f.value, [afltn]: f.afltn, [status]: f.status }, failureNote: kind === "student" ? MSG.uploadStudentHint : undefined }}
      reply={reply}
      dialogFormId={kind === "student" ? "student-form" : "professor-form"}
      remove={{ title: `${label} 삭제`, subject: (r) => `${data.year}년 ${String(r.title)}` }}
      list={list}
      aside={detail}
      unit="명"
    />
  );
}
