/**
 * 계정 메일 보관함 (issue 17, ADR 0024; a screen of ours under 설정, administrators only): the
 * account e-mails the embedded backend made, newest first — find-password's one-time codes and
 * the notices that a password changed. Without a mail server (SMTP_URL) they are kept here, as
 * survey and consent links are kept on their send pages, for an administrator to pass on after
 * checking who asks; a code shows only while it can still be used (10 minutes, unused).
 */
import { Paper, Stack, Text, Title } from "~/components/ui/mantine";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
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

type MailRow = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const COLUMNS: DataColumn<MailRow>[] = [
  { key: "regDt", header: "일시" },
  { key: "userId", header: "받는 사람", cell: (m) => (m.userId ? `${m.userNm} (${m.userId})` : "-") },
  { key: "toAddr", header: "받는 곳", cell: (m) => m.toAddr || "이메일 없음" },
  { key: "kind", header: "종류", cell: (m) => KIND[m.kind] ?? m.kind },
  { key: "body", header: "내용", wrap: true, width: 240, cell: (m) => <span style={{ whiteSpace: "pre-wrap" }}>{m.body}</span> },
  { key: "status", header: "처리", cell: (m) => STATE[m.status] ?? m.status },
];

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
        <DataTable caption="계정 메일" columns={COLUMNS} rows={data.rows} rowKey={(m) => m.amSeq} emptyText={MSG.noData} testId="account-mails" rowTestId="account-mail" striped />
      </Paper>
    </Stack>
  );
}
