/**
 * P12 survey send management (spec 000 §2 /survey/send/list/{srSeq}, §4 "Survey send", §5 "Send",
 * §7 sendingUserList.do / sendUser.do / addUsers / student getCodeList.do / agree getUserList.do,
 * §8; issue 5).
 *
 * - Filters (GET, in the URL): year, enrolment status (only 0000600001, 0000600002, 0000600005),
 *   submitted Y/N, search text.
 * - The recipients in two groups, 'to send' (sendFlag N) and 'sent' (Y), each with a select-all
 *   box: without JavaScript the ticked box selects the whole group on the server; with it, it
 *   ticks the rows in place. Send and resend post the selection ('발송(재발송) 처리되었습니다.',
 *   '사용자를 선택해주세요.' without one).
 * - Delivery: the embedded backend has no SMTP client, so every send goes to the outbox: the sent
 *   group shows each recipient's personal link (signed, with an expiry) to pass on.
 * - The add-recipients dialog is URL state (`?dialog=add&dYear=&dValue=`).
 * - A list that cannot be loaded sends the user back to /survey with the message (spec 000 §8).
 */
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from "~/components/ui/mantine";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { CheckFilter, FilterBar, SearchFilter, SelectFilter, YearFilter } from "~/components/data-table/FilterBar";
import { Pager } from "~/components/data-table/Pager";
import { pageOf, readMulti, readPaging, readYear, yearRange } from "~/utils/list-url";
import { CsrfField, useFormReply } from "~/components/form/field-state";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import { PageHeading } from "~/components/layout/PageHeading";
import { AddSearchForm, SelectAllBox } from "~/components/send/SendParts";
import { useRootData } from "~/components/layout/useRootData";
import * as surveyApi from "~/legacy/endpoints/survey.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import surveyStyles from "~/styles/survey.css";
import { administers, readForm, withUser } from "~/utils/context.server";
import { maskEmail, maskPhone } from "~/utils/mask";
import { loadOutbox, newSendKey, personalUrl, sendSelection } from "~/utils/send.server";
import { seoulYear } from "~/utils/time";
import { withParams } from "~/utils/url";
import { failureOf, orLegacy, orRedirect } from "~/utils/legacy-errors.server";

export const meta: MetaFunction = () => [{ title: "설문 발송 관리 | 의과대학 교육평가 자료관리" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: surveyStyles }];

/** Spec 000 §7: only these enrolment statuses are offered. */
const SEND_ATTN = ["0000600001", "0000600002", "0000600005"];
const FIRST_YEAR = 2025;
const SEQ_RE = /^[1-9][0-9]{0,9}$/;
/** The submitted filter after 전체 (all). */
const SUBMITTED_OPTIONS = [
  { value: "Y", label: "제출" },
  { value: "N", label: "미제출" },
];

function srSeqOf(params: LoaderFunctionArgs["params"]): number {
  const v = params.srSeq ?? "";
  if (!SEQ_RE.test(v)) throw new Response("Not Found", { status: 404 });
  return Number(v);
}

interface Filters {
  year: number;
  attn: string[];
  agreeYn: string;
  value: string;
}

function readFilters(url: URL, years: number[]): Filters {
  const current = Math.max(seoulYear(), FIRST_YEAR);
  const attn = (readMulti(url, "attn") ?? []).filter((c) => SEND_ATTN.includes(c));
  const agree = url.searchParams.get("agreeYn") ?? "";
  return {
    year: readYear(url, years, current),
    attn,
    agreeYn: agree === "Y" || agree === "N" ? agree : "",
    value: (url.searchParams.get("value") ?? "").trim().slice(0, 100),
  };
}

const years = () => yearRange(FIRST_YEAR, Math.max(seoulYear(), FIRST_YEAR));

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async (ctx) => {
    const { session } = ctx;
    const srSeq = srSeqOf(args.params);
    const url = new URL(args.request.url);
    const ys = years();
    // a recipient's phone and e-mail are shown whole to administrators only: sending needs neither,
    // and an evaluation-committee member has no use for students' contact details (issue 37 item 7)
    const whole = administers(ctx);
    const f = readFilters(url, ys);

    // a send list that cannot be read goes back to the surveys with the message
    const list = await orRedirect(session, "/survey", () => surveyApi.sendingUsers(session, srSeq, f));
    // the status filter may fail alone; a server without the outbox leaves the send working, and
    // the page says what it lacks
    const [st, outbox] = await Promise.all([
      orLegacy(() => surveyApi.enrolmentStatuses(session, f.year), () => []),
      loadOutbox(() => surveyApi.sendOutbox(session, srSeq)),
    ]);
    const statuses = st.filter((s) => SEND_ATTN.includes(s.id));
    const linkOf = new Map((outbox.value?.list ?? []).map((o) => [o.usSeq, { link: personalUrl(url.origin, o.link), expiresAt: o.expiresAt, toAddr: o.toAddr && !whole ? maskEmail(o.toAddr) : o.toAddr }]));

    const rows = list.list.map((r) => ({ ...r, telNo: r.telNo && !whole ? maskPhone(r.telNo) : r.telNo, personal: linkOf.get(r.usSeq) ?? null }));

    // the add-recipients dialog
    let add: null | { year: number; value: string; total: number; page: number; size: number; rows: { usSeq: number; id: string; name: string; grde: string; status: string }[]; error: string | null } = null;
    if (url.searchParams.get("dialog") === "add") {
      const dYear = readYear(url, ys, f.year, "dYear");
      const dValue = (url.searchParams.get("dValue") ?? "").trim().slice(0, 100);
      const { page, size } = readPaging(url);
      add = { year: dYear, value: dValue, total: 0, page, size, rows: [], error: null };
      const a = add;
      // the dialog shows the server's message in place of the people
      a.error = await failureOf(async () => {
        const already = new Set((await surveyApi.sendingUsers(session, srSeq, { year: dYear, value: "", agreeYn: "", attn: [] })).list.map((r) => r.usSeq));
        const people = (await surveyApi.peopleToAdd(session, { year: dYear, value: dValue, attn: SEND_ATTN })).filter((p) => p.usTy === "1" && !already.has(p.usSeq));
        a.total = people.length;
        a.rows = pageOf(people, page, size).map((p) => ({ usSeq: p.usSeq, id: p.id, name: p.name, grde: p.grde, status: p.status }));
      });
    }

    return json({
      srSeq,
      srName: list.info?.srName ?? "",
      surveyStatus: list.info?.status ?? "",
      years: ys,
      filters: f,
      statuses,
      toSend: rows.filter((r) => r.sendFlag !== "Y"),
      sent: rows.filter((r) => r.sendFlag === "Y"),
      smtp: outbox.value?.smtp ?? false,
      outboxNote: outbox.note,
      add,
      sendKey: newSendKey(),
    });
  });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  return withUser(args, async (ctx) => {
    const { session } = ctx;
    const srSeq = srSeqOf(args.params);
    const url = new URL(request.url);
    const form = await readForm(request, session);
    const intent = String(form.get("intent") ?? "");
    const back = () => {
      const q = new URLSearchParams(url.search);
      for (const k of ["dialog", "dYear", "dValue", "page", "size", "index"]) q.delete(k);
      const s = q.toString();
      return `/survey/send/list/${srSeq}${s ? `?${s}` : ""}`;
    };
    const seqs = (name: string) => [...new Set(form.getAll(name).filter((v): v is string => typeof v === "string" && SEQ_RE.test(v)).map(Number))];

    if (intent === "add") {
      const users = seqs("addUsers");
      const posted = Number(form.get("year"));
      const year = Number.isInteger(posted) ? posted : seoulYear();
      if (users.length === 0) return json({ alert: MSG.surveySelectUsers, formId: "add" }, { status: 400 });
      // each of the page's forms shows its own '알림' (formId)
      return orLegacy(
        async () => {
          // the user's reach (issue 37 item 7, ADR 0067): whoever does not administer accounts adds
          // only the people the add dialog offers: the year's students in a send status (spec 000
          // §7), never a professor, a student of another status or another year's record
          if (!administers(ctx)) {
            const offered = new Set((await surveyApi.peopleToAdd(session, { year, value: "", attn: SEND_ATTN })).filter((p) => p.usTy === "1").map((p) => p.usSeq));
            if (users.some((u) => !offered.has(u))) return json({ alert: OWN_MSG.recipientOutsideReach, formId: "add" }, { status: 403 });
          }
          await surveyApi.addRecipients(session, srSeq, year, users);
          session.flash(MSG.added, "info");
          return redirect(back());
        },
        (alert) => json({ alert, formId: "add" }, { status: 400 }),
      );
    }

    if (intent === "send:N" || intent === "send:Y") {
      const group = intent.slice(5);
      return orLegacy(
        async () => {
          const f = readFilters(url, years());
          const list = async (q: Filters) => (await surveyApi.sendingUsers(session, srSeq, q)).list;
          const sent = await sendSelection(args, session, {
            selected: seqs("users"),
            // a ticked select-all box stands for the whole group as filtered on the page
            groups: form.get(`all${group}`) === "Y" ? [group] : [],
            // the survey's sending list of the page's year (ADR 0062)
            listOfYear: () => list({ year: f.year, value: "", agreeYn: "", attn: [] }),
            listShown: f.value || f.agreeYn || f.attn.length ? () => list(f) : null,
            send: (users, origin, key) => surveyApi.sendToUsers(session, srSeq, users, origin, key),
            sendKey: String(form.get("sendKey") ?? ""),
            page: `/survey/send/list/${srSeq}`,
            back: back(),
            none: MSG.surveySelectUsers,
          });
          return sent instanceof Response ? sent : json({ alert: sent.alert, formId: "send" }, { status: sent.status });
        },
        (alert) => json({ alert, formId: "send" }, { status: 400 }),
      );
    }
    return json({ alert: OWN_MSG.badRequest, formId: "send" }, { status: 400 });
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Recipient = Data["sent"][number];

/** One group of recipients with its select-all box and its send button. */
function RecipientGroup({ group, rows, title, button, columns }: { group: "N" | "Y"; rows: Recipient[]; title: string; button: string; columns: DataColumn<Recipient>[] }) {
  const box = useRef<HTMLDivElement>(null);
  const allId = `send-all-${group}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`send-group-${group}`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={`send-group-${group}`}>
          {title} ({rows.length}명)
        </Title>
        <Button type="submit" name="intent" value={`send:${group}`} disabled={rows.length === 0}>
          {button}
        </Button>
      </Group>
      <div ref={box} data-testid={`send-group-${group}`}>
        <SelectAllBox within={box} rows='input[name="users"]' id={allId} name={`all${group}`} value="Y" mb="xs" label={`${title} 전체 선택`} disabled={rows.length === 0} />
        <DataTable caption={`${title} 목록`} columns={columns} rows={rows} rowKey={(r) => r.usSeq} emptyText={MSG.noData} selectName="users" testId={`send-table-${group}`} />
      </div>
    </Paper>
  );
}

export default function SurveySend() {
  const data = useLoaderData<typeof loader>();
  const reply = useFormReply() as { alert?: string; formId?: string } | undefined;
  const location = useLocation();
  const flash = useRootData()?.flash;
  const f = data.filters;
  const base = `/survey/send/list/${data.srSeq}`;
  const pageSearch = withParams(location.search, { dialog: null, dYear: null, dValue: null, page: null, size: null });

  const common: DataColumn<Recipient>[] = [
    { key: "no", header: "번호", align: "center", cell: (_r, i) => i + 1 },
    { key: "id", header: "학번" },
    { key: "name", header: "이름" },
    { key: "grde", header: "학년" },
    { key: "status", header: "학적상태" },
    { key: "telNo", header: "연락처" },
    { key: "sendYn", header: "응답", align: "center", cell: (r) => (r.sendYn === "Y" ? "제출" : "미제출") },
  ];
  const sentColumns: DataColumn<Recipient>[] = [
    ...common,
    { key: "sendDt", header: "발송일시 (횟수)", cell: (r) => `${(r.sendDt ?? "").slice(0, 16)} (${r.sendCnt}회)` },
    {
      key: "personal",
      header: "개인 링크",
      wrap: true,
      cell: (r) =>
        r.personal ? (
          <Text component="span" className="survey-outbox-link" data-testid="personal-link">
            {r.personal.link}
          </Text>
        ) : (
          "-"
        ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeading
        title="설문 발송 관리"
        sub={
          <Text mt={4} fw={700}>
            {data.srName} <Text span c="dimmed" fw={400}>({data.surveyStatus})</Text>
          </Text>
        }
        actions={
          <>
            <Button component={Link} to={`${base}${withParams(location.search, { dialog: "add", page: null, size: null })}`} preventScrollReset>
              대상자 추가
            </Button>
            <Anchor component={Link} to={`/survey/result/${data.srSeq}`}>
              결과 보기
            </Anchor>
            <Anchor component={Link} to="/survey">
              목록
            </Anchor>
          </>
        }
      />
      <AlertRegion message={(reply?.formId === "send" ? reply.alert : null) ?? (data.add ? null : flash?.text)} kind={reply?.alert ? "error" : flash?.kind} />
      {data.outboxNote ? (
        <Text size="sm" c="dark.6" role="note" data-testid="outbox-note">
          {data.outboxNote}
        </Text>
      ) : !data.smtp ? (
        <Text size="sm" c="dark.6" role="note">
          메일 서버(SMTP)가 설정되어 있지 않아 발송하면 대상자마다 개인 링크가 만들어집니다. &lsquo;발송 완료&rsquo; 목록의 개인 링크를 문자나 메신저로 전달하세요. 링크는
          대상자 본인만 한 번 응답할 수 있습니다.
        </Text>
      ) : null}

      <FilterBar resetTo={base} label="발송 대상 검색">
        <YearFilter years={data.years} value={f.year} autoSubmit={false} />
        <CheckFilter name="attn" legend="학적상태" options={data.statuses.map((s) => ({ value: s.id, label: s.text }))} selected={f.attn.length ? f.attn : null} />
        <SelectFilter name="agreeYn" label="제출 여부" value={f.agreeYn} options={SUBMITTED_OPTIONS} w={110} />
        <SearchFilter name="value" label="이름 / 학번" value={f.value} />
      </FilterBar>

      {data.add ? (
        <Dialog id="add-dialog" title="대상자 추가" closeTo={`${base}${pageSearch}`}>
          <Stack gap="sm">
            <AlertRegion message={(reply?.formId === "add" ? reply.alert : null) ?? data.add.error} />
            <AddSearchForm label="추가할 학생 검색" keep={[...new URLSearchParams(pageSearch).entries()]} button="조회">
              <YearFilter name="dYear" label="학년도" years={data.years} value={data.add.year} autoSubmit={false} />
              <TextInput name="dValue" label="이름 / 학번" defaultValue={data.add.value} w={200} maxLength={100} />
            </AddSearchForm>
            <Form method="post" action={`${base}${withParams(location.search, {})}`} id="add-form">
              <CsrfField />
              <input type="hidden" name="year" value={data.add.year} />
              <DataTable
                caption={`${data.add.year}년 추가할 수 있는 학생 (재학·휴학·졸업, 이미 추가된 학생 제외)`}
                showCaption
                columns={[
                  { key: "id", header: "학번" },
                  { key: "name", header: "이름" },
                  { key: "grde", header: "학년" },
                  { key: "status", header: "학적상태" },
                ]}
                rows={data.add.rows}
                rowKey={(r) => r.usSeq}
                emptyText={MSG.noData}
                selectName="addUsers"
                testId="add-table"
              />
              <Group justify="flex-end" mt="sm">
                <Button type="submit" name="intent" value="add">
                  선택 추가
                </Button>
              </Group>
            </Form>
            <Pager total={data.add.total} page={data.add.page} size={data.add.size} unit="명" />
          </Stack>
        </Dialog>
      ) : null}

      <Form method="post" action={`${base}${pageSearch}`} id="send-form">
        <CsrfField />
        <input type="hidden" name="sendKey" value={data.sendKey} />
        <Stack gap="md">
          <RecipientGroup group="N" rows={data.toSend} title="발송 대상" button="선택 발송" columns={common} />
          <RecipientGroup group="Y" rows={data.sent} title="발송 완료" button="선택 재발송" columns={sentColumns} />
        </Stack>
      </Form>
    </Stack>
  );
}
