/**
 * 감사 로그 (issue 17 "Audit log (PIPA technical safeguards)", ADR 0028; a screen of ours under 설정,
 * administrators only): who signed in or failed to, changed, deleted, downloaded, uploaded or sent
 * what, and when, newest first. The filters (period, user id, action, target) are a GET form, so
 * they work without JavaScript; the Excel download takes the same filter. What the rows show is
 * masked as in user management when it was written.
 */
import { Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from "~/components/ui/mantine";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { Pager } from "~/components/data-table/Pager";
import { ExcelToolbar } from "~/components/excel/ExcelToolbar";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { MSG } from "~/schemas/messages.ko";
import { AUDIT_PAGE_SIZE, auditLoader } from "./__loader.server";

export const meta: MetaFunction = () => [{ title: "감사 로그 | 의과대학 교육평가 자료관리" }];

export const loader = (args: LoaderFunctionArgs) => auditLoader(args);

function query(filter: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v);
  return q.toString();
}

type AuditRow = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const COLUMNS: DataColumn<AuditRow>[] = [
  { key: "at", header: "일시" },
  { key: "userId", header: "사용자", cell: (r) => r.userId ?? "-" },
  { key: "actionNm", header: "작업" },
  { key: "target", header: "대상", wrap: true },
  { key: "detail", header: "내용", wrap: true, width: 240, cell: (r) => <span style={{ whiteSpace: "pre-wrap" }}>{r.detail}</span> },
  { key: "outcomeNm", header: "결과", cell: (r) => <span data-testid="audit-outcome">{r.outcomeNm}</span> },
  { key: "address", header: "접속 주소" },
];

export default function AuditLogPage() {
  const data = useLoaderData<typeof loader>();
  const f = data.filter;
  const excelQuery = new URLSearchParams(query(f));
  excelQuery.set("type", "download");
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        감사 로그
      </Title>
      <AlertRegion message={data.alert} kind="error" />
      <Paper withBorder p="md" radius="md">
        <Form method="get" role="search" aria-label="감사 로그 검색">
          <Group align="flex-end" wrap="wrap">
            <TextInput type="date" name="from" label="시작일" defaultValue={f.from} />
            <TextInput type="date" name="to" label="종료일" defaultValue={f.to} />
            <TextInput name="userId" label="사용자 아이디" defaultValue={f.userId} maxLength={100} />
            <NativeSelect name="action" label="작업" defaultValue={f.action} data={[{ value: "", label: "전체" }, ...data.actions]} />
            <TextInput name="target" label="대상" defaultValue={f.target} maxLength={100} />
            <Button type="submit">검색</Button>
          </Group>
        </Form>
      </Paper>
      <Group justify="flex-end">
        <ExcelToolbar downloadHref={`/management/audit/excel?${excelQuery.toString()}`} />
      </Group>
      <DataTable caption="감사 로그" columns={COLUMNS} rows={data.rows} rowKey={(r) => r.alSeq} emptyText={MSG.noData} testId="audit-log" rowTestId="audit-row" striped />
      <Pager total={data.total} page={data.page} size={AUDIT_PAGE_SIZE} sizeChoice={false} />
    </Stack>
  );
}
