/**
 * 계정 메일 보관함 (issue 17, ADR 0024; a screen of ours under 설정, administrators only): the
 * account e-mails the embedded backend made, newest first — find-password's one-time codes and
 * the notices that a password changed. Without a mail server (SMTP_URL) they are kept here, as
 * survey and consent links are kept on their send pages, for an administrator to pass on after
 * checking who asks; a code shows only while it can still be used (10 minutes, unused).
 */
import { Paper, Stack, Text, Title } from "~/components/ui/mantine";
import { Table } from "~/components/ui/Table";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AlertRegion } from "~/components/layout/AlertRegion";
import * as accountApi from "~/legacy/endpoints/account.server";
import { MSG } from "~/schemas/messages.ko";
import { withAdmin } from "~/utils/context.server";
import { orLegacy } from "~/utils/legacy-errors.server";

export const meta: MetaFunction = () => [{ title: "계정 메일 보관함 | 의과대학 교육평가 자료관리" }];

const KIND: Record<string, string> = { reset_code: "비밀번호 찾기 인증번호", password_changed: "비밀번호 변경 안내", contact_changed: "연락처 변경 안내", account_locked: "계정 잠금 안내" };
const STATE: Record<string, string> = { sent: "메일 발송", kept: "보관 (전달 필요)", failed: "발송 실패 (보관)", pending: "처리 중" };

export async function loader(args: LoaderFunctionArgs) {
  return withAdmin(args, async ({ session }) => {
    // the page shows the server's message in place of the outbox
    let loadError: string | null = null;
    const r = await orLegacy(
      () => accountApi.accountMails(session),
      (message) => {
        loadError = message;
        return { smtp: false, list: [] };
      },
    );
    const rows = r.list.map((m) => ({
      amSeq: m.amSeq,
      regDt: m.regDt,
      userId: m.userId,
      userNm: m.userNm,
      toAddr: m.toAddr,
      kind: m.kind,
      body: m.body,
      status: m.status,
    }));
    return json({ loadError: loadError as string | null, smtp: Boolean(r.smtp), rows });
  });
}

export default function AccountMailPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        계정 메일 보관함
      </Title>
      <AlertRegion message={data.loadError} kind="error" />
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dark.6" mb="sm">
          {data.smtp
            ? "메일 서버로 보낸 계정 메일입니다. 인증번호는 가려서 보관합니다."
            : "메일 서버(SMTP)가 설정되어 있지 않아 계정 메일을 이곳에 보관합니다. 인증번호는 본인임을 확인한 뒤에만 전달하세요. 인증번호는 10분 동안 한 번만 쓸 수 있고, 그 뒤에는 가려집니다."}
        </Text>
        <Table.ScrollContainer minWidth={760}>
          <Table withTableBorder striped data-testid="account-mails">
            <caption className="visually-hidden">계정 메일: 일시, 받는 사람, 받는 곳, 종류, 내용, 처리</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">일시</Table.Th>
                <Table.Th scope="col">받는 사람</Table.Th>
                <Table.Th scope="col">받는 곳</Table.Th>
                <Table.Th scope="col">종류</Table.Th>
                <Table.Th scope="col">내용</Table.Th>
                <Table.Th scope="col">처리</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6} ta="center">
                    {MSG.noData}
                  </Table.Td>
                </Table.Tr>
              ) : (
                data.rows.map((m) => (
                  <Table.Tr key={m.amSeq} data-testid="account-mail">
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{m.regDt}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{m.userId ? `${m.userNm} (${m.userId})` : "-"}</Table.Td>
                    <Table.Td>{m.toAddr || "이메일 없음"}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{KIND[m.kind] ?? m.kind}</Table.Td>
                    <Table.Td style={{ whiteSpace: "pre-wrap" }}>{m.body}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{STATE[m.status] ?? m.status}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
