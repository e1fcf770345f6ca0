/**
 * P04 messenger (spec 000 §2 "Messenger", §5 "Message", §6, §7 Messages, §9).
 *
 * - The inbox grows by 30 (`?limit=30|60|…`) for as long as there are more: a 'more' link without
 *   JavaScript; with it, reaching the bottom of the list follows the same link in place (scroll
 *   position kept).
 * - Delete by selection posts the ticked rows (intent=delete).
 * - The send dialog is URL state (`?dialog=send`, intent=send). Users whose authority is exactly
 *   '1' get no send button, no dialog, and the action refuses their send.
 * - intent=readAll is the header bell's 'mark all read' form; it goes back to `redirectTo`.
 *
 * Message bodies are HTML that the legacy server may store unfiltered: they are sanitised here, in
 * the loader, before they reach the page.
 */
import { Anchor, Button, Group, Paper, Stack, Text, Title } from "~/components/ui/mantine";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useEffect, useRef } from "react";
import { useField } from "remix-validated-form";
import { AppForm } from "~/components/form/AppForm";
import { CheckboxGroupField } from "~/components/form/fields";
import { TextareaField } from "~/components/form/TextareaField";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import { useHydrated } from "~/components/layout/useHydrated";
import { useRootData } from "~/components/layout/useRootData";
import * as messageApi from "~/legacy/endpoints/message.server";
import {
  deleteOrder,
  deleteSchema,
  INBOX_PAGE,
  inboxLimit,
  MESSAGE_MAX_CHARS,
  messageLength,
  plainTextToHtml,
  sendOrder,
  sendSchema,
} from "~/schemas/message";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { AUTHORITIES, joinAuthorities, splitAuthorities } from "~/schemas/rules";
import { readForm, safeRedirectTo, withUser, type SessionUser } from "~/utils/context.server";
import { formFailure, validateForm, type FormReply } from "~/utils/form.server";
import { orFormFailure, orLegacy } from "~/utils/legacy-errors.server";
import { sanitizeRichHtml } from "~/utils/sanitize.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "메신저 | 의과대학 교육평가 자료관리" }];

const sendValidator = withZod(sendSchema);
const deleteValidator = withZod(deleteSchema);
const targetOptions = AUTHORITIES.map((a) => ({ value: a.code, label: a.label }));

/** Spec 000 §6: the send button hides when the authority is exactly 1. */
const maySend = (user: Pick<SessionUser, "authTy">) => joinAuthorities(splitAuthorities(user.authTy)) !== "1";

/** The inbox URL for a page size (30 is the default and leaves the query out). */
function inboxHref(limit: number, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  if (limit > INBOX_PAGE) q.set("limit", String(limit));
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return s ? `/messenger?${s}` : "/messenger";
}

/** Sanitised message HTML (images without alt get alt="" in the sanitiser). */
function messageHtml(raw: string): string {
  return sanitizeRichHtml(raw);
}

/**
 * Up to `limit` messages; asks again from where the server stopped while it answers fewer than
 * asked (a server may cap one answer, the embedded backend at 200), until `limit` or the inbox's
 * total is reached or an answer brings nothing new.
 */
async function loadInbox(session: Parameters<typeof messageApi.receivedMessages>[0], userSeq: number, limit: number) {
  const first = await messageApi.receivedMessages(session, userSeq, { limit });
  const list = [...first.list];
  let { total, unread } = first;
  const seen = new Set(list.map((m) => m.mhSeq));
  while (list.length < Math.min(limit, total)) {
    const next = await messageApi.receivedMessages(session, userSeq, { limit: limit - list.length, offset: list.length });
    // a server that ignored the offset would answer the same page again: stop rather than repeat it
    const fresh = next.list.filter((m) => !seen.has(m.mhSeq));
    if (fresh.length === 0) break;
    for (const m of fresh) seen.add(m.mhSeq);
    list.push(...fresh);
    total = next.total;
    unread = next.unread;
  }
  return { list: list.slice(0, limit), total, unread };
}

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session, user }) => {
    const url = new URL(args.request.url);
    const limit = inboxLimit(url.searchParams.get("limit"));
    const canSend = maySend(user);
    const dialog = canSend && url.searchParams.get("dialog") === "send" ? ("send" as const) : null;
    // the page shows the server's message in place of the inbox
    const inbox = await orLegacy(() => loadInbox(session, user.userSeq, limit), (loadError) => ({ total: 0, unread: 0, list: [], loadError }));
    return json({
      limit,
      total: inbox.total,
      unread: inbox.unread,
      rows: inbox.list.map((m) => ({
        mhSeq: m.mhSeq,
        sender: m.userNm || m.userId,
        senderId: m.userId,
        html: messageHtml(m.msg),
        regDt: m.regDt,
        read: m.readYn === "Y",
      })),
      canSend,
      dialog,
      loadError: "loadError" in inbox ? inbox.loadError : null,
    });
  });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  return withUser(args, async ({ session, user }) => {
    const form = await readForm(request, session);
    const intent = String(form.get("intent") ?? "");
    const limit = inboxLimit(new URL(request.url).searchParams.get("limit"));

    if (intent === "readAll") {
      await orLegacy(() => messageApi.markAllRead(session), (message) => session.flash(message, "error"));
      return redirect(safeRedirectTo(form.get("redirectTo"), "/messenger"));
    }

    if (intent === "delete") {
      const v = await validateForm(deleteValidator, form, deleteOrder);
      if (!v.ok) return v.response;
      return orFormFailure(form, async () => {
        await messageApi.deleteMessages(session, v.data.selected);
        session.flash(MSG.deleted, "info");
        return redirect(inboxHref(limit));
      });
    }

    if (intent === "send") {
      if (!maySend(user)) return formFailure(form, OWN_MSG.messageSendForbidden, {}, {}, 403);
      const v = await validateForm(sendValidator, form, sendOrder);
      if (!v.ok) return v.response;
      return orFormFailure(form, async () => {
        await messageApi.sendMessage(session, plainTextToHtml(v.data.msg.trim()), v.data.authTyList, user.authTy);
        session.flash(MSG.registered, "info");
        return redirect(inboxHref(limit));
      });
    }

    return formFailure(form, OWN_MSG.badRequest);
  });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The inbox form's '알림' region: a client-side 'nothing selected' first, then the server's word. */
function InboxAlert({ message, kind }: { message?: string | null; kind?: "info" | "error" }) {
  const { error } = useField("selected");
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

function Inbox({ data, reply, flash }: { data: LoaderData; reply?: FormReply; flash?: { kind: "info" | "error"; text: string } | null }) {
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

type InboxRow = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

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

function SendForm({ limit, reply }: { limit: number; reply?: FormReply }) {
  const first = reply?.fieldErrors ? sendOrder.find((f) => reply.fieldErrors[f]) : undefined;
  return (
    <AppForm id="send" validator={sendValidator} action={inboxHref(limit, { dialog: "send" })}>
      <input type="hidden" name="intent" value="send" />
      <AlertRegion message={reply?.alert} />
      <Stack gap="sm">
        <TextareaField
          name="msg"
          label="내용"
          required
          rows={8}
          maxLength={MESSAGE_MAX_CHARS}
          countOf={messageLength}
          description={`최대 ${MESSAGE_MAX_CHARS}자까지 입력할 수 있습니다.`}
          autoFocus={first === "msg"}
        />
        <CheckboxGroupField name="authTyList" legend="대상" options={targetOptions} required />
        <Group justify="flex-end">
          <Button type="submit">보내기</Button>
        </Group>
      </Stack>
    </AppForm>
  );
}

export default function Messenger() {
  const data = useLoaderData<typeof loader>();
  const reply = useFormReply() as FormReply | undefined;
  const flash = useRootData()?.flash;
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
      {data.dialog === "send" ? (
        <Dialog id="send-dialog" title="메시지 보내기" closeTo={inboxHref(data.limit)}>
          <SendForm limit={data.limit} reply={sendReply} />
        </Dialog>
      ) : null}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="inbox-title">
        <Title order={2} size="h4" id="inbox-title" mb="sm">
          받은 메시지
        </Title>
        <Inbox data={data} reply={pageReply} flash={data.dialog ? null : flash} />
      </Paper>
    </Stack>
  );
}
