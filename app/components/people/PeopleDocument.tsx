/**
 * R01/R03/R05: the student, professor and PBL-tutor document screen. Search panel (year, an
 * 'all'-exclusive group of grades or departments, statuses, text), the result list on the left
 * with its count in 명 (a row is a link, so the detail opens without JavaScript), the detail form
 * on the right, register and the Excel toolbar. In evaluation mode: a read-only table of the
 * configured columns, and no register, edit, delete, upload or template in the HTML at all.
 */
import { Badge, Box, Button, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { DataTable } from "~/components/data-table/DataTable";
import { CheckFilter, FilterBar, SearchFilter, YearFilter } from "~/components/data-table/FilterBar";
import { Pager } from "~/components/data-table/Pager";
import { excelLinks, ExcelToolbar, type ExcelUploadResult } from "~/components/excel/ExcelToolbar";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { useRootData } from "~/components/layout/useRootData";
import { MSG } from "~/schemas/messages.ko";
import type { documentLoader } from "~/routes/__people.server";
import { ProfessorForm, StudentForm, type PersonReply } from "./PersonForm";

type Data = SerializeFrom<ReturnType<typeof documentLoader>>;

const LABEL = { student: "학생", professor: "교수", tutor: "PBL 튜터" } as const;
const PATH = { student: "/insert/student/document", professor: "/insert/professor/document", tutor: "/insert/tutor/document" } as const;
const ADD = { student: "/insert/student/add", professor: "/insert/professor/add", tutor: "/insert/professor/add" } as const;

function query(search: string, changes: Record<string, string | null>) {
  const q = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) if (v === null) q.delete(k);
  else q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

export function PeopleDocument() {
  const data = useLoaderData() as Data;
  const reply = useActionData() as (PersonReply & { excel?: ExcelUploadResult; excelError?: string }) | undefined;
  const location = useLocation();
  const flash = useRootData()?.flash;
  const kind = data.kind;
  const label = LABEL[kind];
  const base = PATH[kind];
  const f = data.filter;
  const afltnName = kind === "student" ? "grde" : "dpt";
  const statusName = kind === "student" ? "attn" : "emply";

  const filterBar = (
    <FilterBar resetTo={data.evalMode ? location.pathname : base}>
      {data.evalMode ? null : <YearFilter years={data.years} value={f.year} />}
      <CheckFilter name={afltnName} legend={kind === "student" ? "학년" : "소속"} options={data.searchCodes.afltnList.map((c) => ({ value: c.id, label: c.text }))} selected={f.afltn} />
      <CheckFilter name={statusName} legend={kind === "student" ? "학적상태" : "재직상태"} options={data.searchCodes.statusList.map((c) => ({ value: c.id, label: c.text }))} selected={f.status.length ? f.status : null} />
      <SearchFilter value={f.value} label="검색어" placeholder={kind === "student" ? "이름, 학번" : "이름, 사번"} />
    </FilterBar>
  );

  const toolbar = (
    <ExcelToolbar
      evalMode={Boolean(data.evalMode)}
      {...excelLinks(base, { year: f.year, filters: { value: f.value, [afltnName]: f.afltn, [statusName]: f.status }, evalMode: data.evalMode })}
      uploadAction={`${base}${query(location.search, { usSeq: null })}`}
      uploadFields={{ year: String(f.year) }}
      result={reply?.excel}
      failureNote={kind === "student" ? MSG.uploadStudentHint : undefined}
    />
  );

  if (data.evalMode) {
    const columns = (data.columns ?? []).map((c) => ({ key: c.clm, header: c.clmNm }));
    return (
      <Stack>
        <Title order={1} size="h2">
          {label} 현황 <Badge variant="light">평가 {data.evalMode.year}년</Badge>
        </Title>
        <AlertRegion message={data.error ?? flash?.text} kind={data.error ? "error" : flash?.kind} />
        {filterBar}
        {toolbar}
        <DataTable
          caption={`${label} 현황 (${data.evalMode.year}년, 평가 자료)`}
          columns={columns}
          rows={data.rows as Record<string, unknown>[]}
          rowKey={(r) => String(r.usSeq ?? r.id ?? JSON.stringify(r))}
          emptyText={f.value ? MSG.noSearchResult : MSG.noData}
          testId="eval-table"
        />
        <Pager total={data.total} page={data.page} size={data.size} unit="명" />
      </Stack>
    );
  }

  const rows = data.rows as { usSeq: number; id: string; name: string; status: string; txt: string }[];
  const selected = data.detail?.usSeq;
  const action = `${base}${location.search}`;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {label} 관리
        </Title>
        <Button component={Link} to={`${ADD[kind]}?year=${f.year}`}>
          {kind === "tutor" ? "교수 등록" : `${label} 등록`}
        </Button>
      </Group>
      <AlertRegion message={reply?.excelError ?? data.error ?? (reply?.alert && !data.detail ? reply.alert : null) ?? flash?.text} kind={reply?.excelError || data.error ? "error" : flash?.kind} />
      {filterBar}
      {toolbar}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
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
              <Text p="md">{f.value || f.afltn || f.status.length ? MSG.noSearchResult : MSG.noData}</Text>
            ) : (
              <ul className="people-list" data-testid="people-list">
                {rows.map((r) => (
                  <li key={r.usSeq}>
                    <Link className="person-row" to={query(location.search, { usSeq: String(r.usSeq) })} aria-current={r.usSeq === selected ? "true" : undefined} preventScrollReset>
                      <Group gap="xs" wrap="nowrap">
                        <Badge variant="light" color="gray" radius="sm" className="status-badge">
                          {r.status}
                        </Badge>
                        <Text size="sm" fw={700}>
                          {r.name}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {r.id}
                        </Text>
                      </Group>
                      {r.txt ? (
                        <Text size="xs" c="dimmed" mt={2}>
                          {r.txt}
                        </Text>
                      ) : null}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <Box px="sm" pb="sm">
              <Pager total={data.total} page={data.page} size={data.size} unit="명" />
            </Box>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" component="section" aria-labelledby="person-detail-title">
            <Title order={2} size="h4" id="person-detail-title" mb="sm">
              {data.detail ? `${data.detail.title} 상세` : "상세 정보"}
            </Title>
            {data.detail && data.codes ? (
              data.codes.kind === "student" ? (
                <StudentForm key={data.detail.usSeq} action={action} reply={reply} values={data.detail.values} imgSrc={data.detail.imgSrc} codes={data.codes} currentYear={data.currentYear} mode="edit" cancelHref={`${base}${query(location.search, { usSeq: null })}`} />
              ) : (
                <ProfessorForm key={data.detail.usSeq} action={action} reply={reply} values={data.detail.values} imgSrc={data.detail.imgSrc} codes={data.codes} mode="edit" cancelHref={`${base}${query(location.search, { usSeq: null })}`} />
              )
            ) : (
              <Text>검색 후 대상을 선택하면 {kind === "student" ? "학적상태나 학년을" : "재직상태나 소속을"} 변경할 수 있습니다.</Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
