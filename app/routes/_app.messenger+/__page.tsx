/**
 * P04 messenger's page (spec 000 §2 "Messenger", §6, §9).
 *
 * - The inbox grows by 30 (`?limit=30|60|…`) for as long as there are more: a 'more' link without
 *   JavaScript; with it, reaching the bottom of the list follows the same link in place (scroll
 *   position kept).
 * - Delete by selection posts the ticked rows (intent=delete).
 * - The send button opens the send dialog (`__dialog.tsx`); users whose authority is exactly '1'
 *   get no button (the loader's `canSend`).
 */
import { Anchor, Button, Group, Paper, Stack, Text, Title } from "~/components/ui/mantine";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useEffect, useRef } from "react";
import { AppForm } from "~/components/form/AppForm";
import { useFieldState } from "~/components/form/field-state";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { useHydrated } from "~/components/layout/useHydrated";
import { MSG } from "~/schemas/messages.ko";
import type { FormReply } from "~/utils/form.server";
import type { InboxRow, MessengerData } from "./__loader.server";
import { SendDialog } from "./__dialog";
import { deleteSchema, INBOX_PAGE, inboxHref } from "./__schema";

const deleteValidator = withZod(deleteSchema);

type Flash = { kind: "info" | "error"; text: string } | null;

/** The inbox form's '알림' region: a client-side 'nothing selected' first, then the server's word. */
function InboxAlert({ message, kind }: { message?: string | null; kind?: "info" | "error" }) {
  const { error } = useFieldState("selected");
  return <AlertRegion message={error ?? message} kind={error ? "error" : kind} />;
}

/** With JavaScript, reaching the sentinel below the list follows the 'more' link in place. */
function useGrowOnScroll(nextHref: string | null) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  useEffect(() => {
    const el = ref.current;
    if (!el || !nextHref || !idle || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          navigate(nextHref, { preventScrollReset: true, replace: true });
        }
      },
      { rootMargin: "0px 0px 200px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [nextHref, idle, navigate]);
  return ref;
}

function Inbox({ data, reply, flash }: { data: MessengerData; reply?: FormReply; flash?: Flash }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const shown = data.rows.length;
  const hasMore = data.total > shown && shown >= data.limit;
  const params = new URLSearchParams(location.search);
  params.set("limit", String(data.limit + INBOX_PAGE));
  params.delete("dialog");
  const nextHref = hasMore ? `/messenger?${params}` : null;
  const sentinel = useGrowOnScroll(nextHref);
  const kept = new Set(
    ([] as unknown[]).concat(reply?.repopulateFields?.selected ?? []).map(String),
  );
  const alert = reply?.alert ?? data.loadError ?? flash?.text;
  const kind = reply?.alert || data.loadError ? "error" : flash?.kind;

  return (
    <AppForm id="inbox" validator={deleteValidator} action={inboxHref(data.limit)} preventScrollReset>
      <input type="hidden" name="intent" value="delete" />
      <InboxAlert message={alert} kind={kind} />
      <Group justify="space-between" mb="sm">
        <Text data-testid="inbox-count">
          전체 <strong>{data.total}</strong>건 · 읽지 않음 <strong>{data.unread}</strong>건
          {data.total > 0 ? ` · ${shown}건 표시` : ""}
        </Text>
        <Button type="submit" variant="default" color="red" disabled={shown === 0}>
          선택 삭제
        </Button>
      </Group>
      <DataTable
        caption={`받은 메시지 목록: 최근 메시지부터 ${INBOX_PAGE}건씩 보여 줍니다.`}
        showCaption
        testId="inbox"
        rowTestId="message-row"
        columns={inboxColumns}
        rows={data.rows}
        rowKey={(m) => m.mhSeq}
        emptyText={data.loadError ? MSG.noData : MSG.noReceivedMessages}
        selectName="selected"
        selectedKeys={kept}
        selectLabel={(m) => `선택: ${m.sender}, ${m.regDt}`}
      />
      <div ref={sentinel} aria-hidden="true" style={{ height: 1 }} />
      {nextHref ? (
        <Group justify="center" mt="md">
          <Anchor component={Link} to={nextHref} preventScrollReset data-testid="inbox-more">
            {hydrated ? "더 보기 (아래로 스크롤하면 자동으로 불러옵니다)" : "더 보기"}
          </Anchor>
        </Group>
      ) : null}
    </AppForm>
  );
}

const inboxColumns: DataColumn<InboxRow>[] = [
  {
    key: "sender",
    header: "보낸 사람",
    width: 140,
    cell: (m) => (
      <Text component="span" fw={m.read ? undefined : 700} size="sm">
        {m.sender}
        {m.senderId && m.senderId !== m.sender ? (
          <Text component="span" size="xs" c="dimmed" display="block">
            {m.senderId}
          </Text>
        ) : null}
      </Text>
    ),
  },
  { key: "html", header: "내용", wrap: true, cell: (m) => <div className="message-html" data-testid="message-html" dangerouslySetInnerHTML={{ __html: m.html }} /> },
  { key: "regDt", header: "받은 날짜", width: 170, cell: (m) => <span style={{ whiteSpace: "nowrap" }}>{m.regDt}</span> },
  {
    key: "read",
    header: "읽음",
    width: 90,
    cell: (m) => (
      <Text component="span" size="sm" fw={m.read ? undefined : 700} style={{ whiteSpace: "nowrap" }}>
        {m.read ? "읽음" : "안 읽음"}
      </Text>
    ),
  },
];

/** The page: the title and send button, the send dialog when open, the inbox. */
export function MessengerPage({ data, reply, flash }: { data: MessengerData; reply?: FormReply; flash?: Flash }) {
  const replyFor = (formId: string) => (reply && reply.formId === formId ? reply : undefined);
  const sendReply = replyFor("send");
  // a refused send (no dialog to show it in) and any other reply go to the page's region
  const pageReply = reply && reply.formId !== "send" ? reply : sendReply && !data.dialog ? sendReply : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          메신저
        </Title>
        {data.canSend ? (
          <Button component={Link} to={inboxHref(data.limit, { dialog: "send" })} preventScrollReset>
            메시지 보내기
          </Button>
        ) : null}
      </Group>
      {/* without JavaScript the dialog is a section above the (long) list; with it, a modal */}
      {data.dialog === "send" ? <SendDialog limit={data.limit} reply={sendReply} /> : null}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="inbox-title">
        <Title order={2} size="h4" id="inbox-title" mb="sm">
          받은 메시지
        </Title>
        <Inbox data={data} reply={pageReply} flash={data.dialog ? null : flash} />
      </Paper>
    </Stack>
  );
}
