/**
 * 감사 로그 (issue 17 "Audit log (PIPA technical safeguards)", ADR 0028; a screen of ours under 설정,
 * administrators only): who signed in or failed to, changed, deleted, downloaded, uploaded or sent
 * what, and when, newest first. The filters (period, user id, action, target) are a GET form, so
 * they work without JavaScript; the Excel download takes the same filter. What the rows show is
 * masked as in user management when it was written.
 */
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "~/components/ui/mantine";
import { Table } from "~/components/ui/Table";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ExcelToolbar } from "~/components/excel/ExcelToolbar";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { MSG } from "~/schemas/messages.ko";
import { AUDIT_PAGE_SIZE, auditLoader } from "./__audit.server";

export const meta: MetaFunction = () => [{ title: "감사 로그 | 의과대학 교육평가 자료관리" }];

export const loader = (args: LoaderFunctionArgs) => auditLoader(args);

function query(filter: Record<string, string | undefined>, page?: number): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v);
  if (page && page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export default function AuditLogPage() {
  const data = useLoaderData<typeof loader>();
  const f = data.filter;
  const pages = Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE));
  const excelQuery = new URLSearchParams(query(f).slice(1));
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
      <Group justify="space-between">
        <Text size="sm" c="dark.6" data-testid="audit-total">
          총 {data.total}건
        </Text>
        <ExcelToolbar downloadHref={`/management/audit/excel?${excelQuery.toString()}`} />
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table withTableBorder striped data-testid="audit-log">
          <caption className="visually-hidden">감사 로그: 일시, 사용자, 작업, 대상, 내용, 결과, 접속 주소</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">일시</Table.Th>
              <Table.Th scope="col">사용자</Table.Th>
              <Table.Th scope="col">작업</Table.Th>
              <Table.Th scope="col">대상</Table.Th>
              <Table.Th scope="col">내용</Table.Th>
              <Table.Th scope="col">결과</Table.Th>
              <Table.Th scope="col">접속 주소</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7} ta="center">
                  {MSG.noData}
                </Table.Td>
              </Table.Tr>
            ) : (
              data.rows.map((r) => (
                <Table.Tr key={r.alSeq} data-testid="audit-row">
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{r.at}</Table.Td>
                  <Table.Td>{r.userId ?? "-"}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{r.actionNm}</Table.Td>
                  <Table.Td>{r.target}</Table.Td>
                  <Table.Td style={{ whiteSpace: "pre-wrap" }}>{r.detail}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }} data-testid="audit-outcome">{r.outcomeNm}</Table.Td>
                  <Table.Td>{r.address}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <nav aria-label="페이지">
        <Group gap="sm">
          {data.page > 1 ? <Link to={query(f, data.page - 1)}>이전</Link> : null}
          <Text size="sm">
            {data.page} / {pages}
          </Text>
          {data.page < pages ? <Link to={query(f, data.page + 1)}>다음</Link> : null}
        </Group>
      </nav>
    </Stack>
  );
}
