/**
 * R12 consent sending management (spec 001 §2, §3 "Sending user", §4 consent sending, §5, §7,
 * §8, §9).
 *
 * - Filters (a GET form): year (2025 … now), agreement (동의 / 미동의, multi), status (the five
 *   codes of §9 from getCodeList.do, multi), search text.
 * - The people on the form's list in two groups, unsent (sendFlag N) and sent (Y), each with
 *   'select the whole group': a native checkbox (groupAll=N|Y) that the server expands to the
 *   group under the current filters, and with JavaScript also ticks the group's rows.
 * - Send / resend the selection (sendUser.do): '발송(재발송) 처리되었습니다.'; nothing selected:
 *   '사용자를 선택해주세요.'. Each person shows agreeYn and agreeDt.
 * - Add recipients: a URL-state dialog (?dialog=add) searching the people of a year
 *   (getUserList.do) and adding the ticked ones (addUsers.do).
 * - Delivery: no mail server is configured, so the outbox lists each person's personal link.
 * - A load error goes back to /management/privacy with the message.
 */
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from "~/components/ui/mantine";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useRef } from "react";
import { AppForm } from "~/components/form/AppForm";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { CheckFilter, FilterBar, SearchFilter, SelectFilter, YearFilter } from "~/components/data-table/FilterBar";
import { readMulti, readYear } from "~/utils/list-url";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import { PageHeading } from "~/components/layout/PageHeading";
import { AddSearchForm, OutboxTable, SelectAllBox } from "~/components/send/SendParts";
import { useRootData } from "~/components/layout/useRootData";
import * as privacyApi from "~/legacy/endpoints/privacy.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { addUsersOrder, addUsersSchema, AGREE_STATUS_CODES, AGREE_YN_OPTIONS, LIST_PATH, sendOrder, sendSchema, US_TY_LABEL } from "~/schemas/privacy";
import { readForm, withUser } from "~/utils/context.server";
import { formFailure, validateForm, type FormReply } from "~/utils/form.server";
import { loadOutbox, newSendKey, personalUrl, sendSelection } from "~/utils/send.server";
import { seoulYear } from "~/utils/time";
import privacyStyles from "~/styles/privacy.css";
import { agreeYears, seqParam } from "./__loader.server";
import { failureOf, orRedirect } from "~/utils/legacy-errors.server";
import { useFieldState, useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "동의서 발송 관리 | 의과대학 교육평가 자료관리" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: privacyStyles }];

const sendValidator = withZod(sendSchema);
const addValidator = withZod(addUsersSchema);
const DIALOG_PAGE = 10;
const FILTER_KEYS = ["year", "value", "agreeYn", "attn"] as const;
/** The add dialog's person types after 전체 (all). */
const US_TY_OPTIONS = Object.entries(US_TY_LABEL).map(([value, label]) => ({ value, label }));

interface Filters {
  year: number;
  value: string;
  agreeYn: string[] | null;
  attn: string[] | null;
}

function readFilters(url: URL, years: number[]): Filters {
  const agree = readMulti(url, "agreeYn")?.filter((v) => v === "Y" || v === "N") ?? null;
  const attn = readMulti(url, "attn")?.filter((v) => (AGREE_STATUS_CODES as readonly string[]).includes(v)) ?? null;
  return {
    year: readYear(url, years, Math.max(seoulYear(), years[years.length - 1])),
    value: (url.searchParams.get("value") ?? "").trim().slice(0, 100),
    agreeYn: agree && agree.length ? agree : null,
    attn: attn && attn.length ? attn : null,
  };
}

/** The page's own URL with its filters only (no dialog). */
function pageHref(uiaSeq: number, url: URL, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const k of FILTER_KEYS) for (const v of url.searchParams.getAll(k)) q.append(k, v);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return `${LIST_PATH}/send/${uiaSeq}${s ? `?${s}` : ""}`;
}

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const uiaSeq = seqParam(args.params.uiaSeq);
    const url = new URL(args.request.url);
    const years = agreeYears();
    const f = readFilters(url, years);
    // a form that cannot be read goes back to the list with the message; a server without the
    // outbox leaves the send working
    const [users, status, outbox] = await orRedirect(session, LIST_PATH, () =>
      Promise.all([privacyApi.sendingUsers(session, { uiaSeq, ...f }), privacyApi.statusCodes(session, f.year), loadOutbox(() => privacyApi.outbox(session, uiaSeq))]),
    );
    const { list, info } = users;
    const codes = [...status.emplyList, ...status.attnList].filter((c) => (AGREE_STATUS_CODES as readonly string[]).includes(c.id));

    let add: null | {
      year: number;
      usTy: string;
      value: string;
      page: number;
      pages: number;
      total: number;
      rows: { usSeq: number; usTy: string; id: string; name: string; dpt: string; grde: string; status: string; added: boolean }[];
      error: string | null;
    } = null;
    if (url.searchParams.get("dialog") === "add") {
      const uyear = readYear(url, years, f.year, "uyear");
      const usTy = ["1", "2"].includes(url.searchParams.get("utype") ?? "") ? String(url.searchParams.get("utype")) : "";
      const uvalue = (url.searchParams.get("uvalue") ?? "").trim().slice(0, 100);
      add = { year: uyear, usTy, value: uvalue, page: 1, pages: 1, total: 0, rows: [], error: null };
      const a = add;
      // the dialog shows the server's message in place of the people
      a.error = await failureOf(async () => {
        const people = await privacyApi.peopleOfYear(session, { year: uyear, value: uvalue, usTy, uiaSeq });
        const pages = Math.max(1, Math.ceil(people.length / DIALOG_PAGE));
        const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("upage") ?? "1", 10) || 1), pages);
        Object.assign(a, {
          page,
          pages,
          total: people.length,
          rows: people.slice((page - 1) * DIALOG_PAGE, page * DIALOG_PAGE).map((p) => ({
            usSeq: p.usSeq,
            usTy: p.usTy,
            id: p.id,
            name: p.name,
            dpt: p.dpt || p.grde,
            grde: p.grde,
            status: p.status,
            added: p.addedYn === "Y",
          })),
        });
      });
    }

    const origin = url.origin;
    const row = (u: privacyApi.WireSendingUser) => ({
      usSeq: u.usSeq,
      usTy: u.usTy,
      id: u.id,
      name: u.name,
      belong: u.usTy === "2" ? u.dpt : u.grde,
      status: u.status,
      telNo: u.telNo,
      agreeYn: u.agreeYn,
      agreeDt: u.agreeDt,
      sendDt: u.sendDt,
      sendCnt: u.sendCnt,
    });
    return json({
      uiaSeq,
      uiaNm: info?.uiaNm ?? "",
      usyn: info?.usyn ?? "Y",
      years,
      filters: f,
      codes: codes.map((c) => ({ value: c.id, label: c.text })),
      unsent: list.filter((u) => u.sendFlag !== "Y").map(row),
      sent: list.filter((u) => u.sendFlag === "Y").map(row),
      outbox: {
        note: outbox.note,
        smtp: outbox.value?.smtp ?? false,
        rows: (outbox.value?.list ?? []).map((o) => ({
          obSeq: o.obSeq,
          name: o.name,
          id: o.id,
          toAddr: o.toAddr,
          channel: o.channel,
          regDt: o.regDt,
          expDt: o.expDt,
          url: personalUrl(origin, o.link),
        })),
      },
      add,
      self: pageHref(uiaSeq, url),
      sendKey: newSendKey(),
    });
  });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  return withUser(args, async ({ session }) => {
    const uiaSeq = seqParam(args.params.uiaSeq);
    const url = new URL(request.url);
    const form = await readForm(request, session);
    const intent = String(form.get("intent") ?? "send");

    if (intent === "add") {
      const v = await validateForm(addValidator, form, addUsersOrder);
      if (!v.ok) return v.response;
      await privacyApi.addUsers(session, uiaSeq, v.data.year, v.data.users);
      session.flash(MSG.added, "info");
      return redirect(pageHref(uiaSeq, url));
    }

    if (intent !== "send") return formFailure(form, OWN_MSG.badRequest);
    const v = await validateForm(sendValidator, form, sendOrder);
    if (!v.ok) return v.response;
    const f = readFilters(url, agreeYears());
    const list = async (q: Filters) => (await privacyApi.sendingUsers(session, { uiaSeq, ...q })).list;
    const sent = await sendSelection(args, session, {
      selected: v.data.selected,
      groups: v.data.groupAll,
      // the form's sending list of the page's year (ADR 0062)
      listOfYear: () => list({ year: f.year, value: "", agreeYn: null, attn: null }),
      listShown: f.value || f.agreeYn || f.attn ? () => list(f) : null,
      send: (users, origin, key) => privacyApi.sendUsers(session, uiaSeq, users, origin, key),
      sendKey: String(form.get("sendKey") ?? ""),
      page: `${LIST_PATH}/send/${uiaSeq}`,
      back: pageHref(uiaSeq, url),
      none: MSG.agreeSelectUser,
    });
    if (sent instanceof Response) return sent;
    return sent.status === 404 ? formFailure(form, sent.alert, {}, {}, 404) : formFailure(form, sent.alert, { selected: sent.alert });
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Person = Data["unsent"][number];
type AddPerson = NonNullable<Data["add"]>["rows"][number];

const agreeLabel = (yn: string | null) => (yn === "Y" ? "동의" : yn === "N" ? "비동의" : "미응답");

/** The send form's '알림' region: the server's word, else (with JavaScript) 'nothing selected'. */
function SendAlert({ message, kind }: { message?: string | null; kind?: "info" | "error" }) {
  const { error } = useFieldState("selected");
  return <AlertRegion message={error ?? message} kind={error ? "error" : kind} />;
}

function SendGroup({ legend, flag, rows, kept, keptGroups }: { legend: string; flag: "N" | "Y"; rows: Person[]; kept: Set<string>; keptGroups: Set<string> }) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const columns: DataColumn<Person>[] = [
    {
      key: "select",
      header: "선택",
      align: "center",
      width: 56,
      cell: (r) => (
        <Checkbox
          name="selected"
          value={String(r.usSeq)}
          defaultChecked={kept.has(String(r.usSeq))}
          aria-label={`선택: ${r.name} (${r.id})`}
          data-group={flag}
          size="sm"
        />
      ),
    },
    { key: "usTy", header: "구분", align: "center", cell: (r) => US_TY_LABEL[r.usTy] ?? "" },
    { key: "id", header: "학번/사번", align: "center" },
    { key: "name", header: "이름", align: "center" },
    { key: "belong", header: "소속/학년" },
    { key: "status", header: "상태", align: "center" },
    { key: "telNo", header: "연락처", align: "center" },
    { key: "agreeYn", header: "동의여부", align: "center", cell: (r) => <span data-testid="agree-yn">{agreeLabel(r.agreeYn)}</span> },
    { key: "agreeDt", header: "동의일시", align: "center", cell: (r) => <span data-testid="agree-dt">{r.agreeDt}</span> },
    ...(flag === "Y"
      ? [
          { key: "sendDt", header: "최근 발송일시", align: "center" as const },
          { key: "sendCnt", header: "발송 횟수", align: "center" as const },
        ]
      : []),
  ];
  return (
    <fieldset className="send-group" ref={ref} data-testid={flag === "Y" ? "sent-group" : "unsent-group"}>
      <legend>
        {legend} ({rows.length}명)
      </legend>
      <SelectAllBox
        within={ref}
        rows={`input[name="selected"][data-group="${flag}"]`}
        name="groupAll"
        value={flag}
        defaultChecked={keptGroups.has(flag)}
        disabled={rows.length === 0}
        label={`${legend} 전체 선택 (검색 조건에 맞는 ${rows.length}명)`}
        mb="sm"
      />
      {rows.length === 0 ? (
        <Text size="sm" ta="center" py="md" c="dark.6">
          {MSG.noData}
        </Text>
      ) : (
        <DataTable
          caption={`${legend} 대상자: 구분, 학번/사번, 이름, 소속/학년, 상태, 연락처, 동의여부와 동의일시`}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.usSeq}
          emptyText={MSG.noData}
          testId={flag === "Y" ? "sent-table" : "unsent-table"}
        />
      )}
    </fieldset>
  );
}

function AddDialog({ data, reply }: { data: Data; reply?: FormReply }) {
  const add = data.add!;
  const location = useLocation();
  const keepFilters = [...new URLSearchParams(location.search).entries()].filter(([k]) => (FILTER_KEYS as readonly string[]).includes(k));
  const pageLink = (p: number) => {
    const q = new URLSearchParams(location.search);
    q.set("upage", String(p));
    return `?${q}`;
  };
  const closeTo = data.self;
  const first = reply?.fieldErrors ? addUsersOrder.find((f) => reply.fieldErrors[f]) : undefined;
  // a column of its own rather than the table's selection column: a person already on the list
  // shows '추가됨' where the others have their box
  const columns: DataColumn<AddPerson>[] = [
    {
      key: "select",
      header: "선택",
      cell: (p, i) =>
        p.added ? (
          <Text size="xs" c="dark.6">
            추가됨
          </Text>
        ) : (
          <Checkbox name="users" value={String(p.usSeq)} aria-label={`추가: ${p.name} (${p.id})`} autoFocus={first === "users" && i === 0} />
        ),
    },
    { key: "usTy", header: "구분", cell: (p) => US_TY_LABEL[p.usTy] ?? "" },
    { key: "id", header: "학번/사번" },
    { key: "name", header: "이름" },
    { key: "dpt", header: "소속/학년" },
    { key: "status", header: "상태" },
  ];
  return (
    <Dialog id="add-dialog" title="발송 대상 추가" closeTo={closeTo} size="xl">
      <AddSearchForm label="추가할 사람 검색" keep={keepFilters} button="검색">
        <YearFilter name="uyear" years={data.years} value={add.year} autoSubmit={false} />
        <SelectFilter name="utype" label="구분" value={add.usTy} options={US_TY_OPTIONS} w={100} />
        <TextInput name="uvalue" label="이름 또는 학번/사번" defaultValue={add.value} maxLength={100} w={200} />
      </AddSearchForm>
      <div style={{ marginTop: 16 }} />
      <AppForm id="add-form" validator={addValidator} action={`${data.self}${data.self.includes("?") ? "&" : "?"}dialog=add`}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="year" value={add.year} />
        <AddAlert message={reply?.alert ?? add.error} />
        <DataTable
          caption={`${add.year}년 ${add.usTy ? US_TY_LABEL[add.usTy] : "학생·교수"} ${add.total}명 (${add.page}/${add.pages}쪽)`}
          showCaption
          columns={columns}
          rows={add.rows}
          rowKey={(p) => p.usSeq}
          emptyText={MSG.noSearchResult}
          testId="add-table"
        />
        <Group justify="space-between" mt="sm">
          <Group gap="xs">
            {add.page > 1 ? (
              <Anchor component={Link} to={pageLink(add.page - 1)} preventScrollReset>
                이전 쪽
              </Anchor>
            ) : null}
            {add.page < add.pages ? (
              <Anchor component={Link} to={pageLink(add.page + 1)} preventScrollReset>
                다음 쪽
              </Anchor>
            ) : null}
          </Group>
          <Button type="submit">선택 추가</Button>
        </Group>
      </AppForm>
    </Dialog>
  );
}

function AddAlert({ message }: { message?: string | null }) {
  const { error } = useFieldState("users");
  return <AlertRegion message={error ?? message} />;
}

export default function PrivacySend() {
  const data = useLoaderData<typeof loader>();
  const reply = useFormReply() as FormReply | undefined;
  const flash = useRootData()?.flash;
  const location = useLocation();
  const addReply = reply?.formId === "add-form" ? reply : undefined;
  const sendReply = reply && reply.formId !== "add-form" ? reply : undefined;
  const kept = new Set(([] as unknown[]).concat(sendReply?.repopulateFields?.selected ?? []).map(String));
  const keptGroups = new Set(([] as unknown[]).concat(sendReply?.repopulateFields?.groupAll ?? []).map(String));
  const addHref = `${data.self}${data.self.includes("?") ? "&" : "?"}dialog=add`;

  return (
    <Stack gap="md">
      <PageHeading
        title="동의서 발송 관리"
        sub={
          <Text mt={4} fw={500} data-testid="form-title">
            {data.uiaNm}
            {data.usyn === "N" ? " (미사용: 발송할 수 없습니다)" : ""}
          </Text>
        }
        actions={
          <>
            <Button component={Link} to={`${LIST_PATH}/preview/${data.uiaSeq}`} variant="default">
              미리보기
            </Button>
            <Button component={Link} to={LIST_PATH} variant="default">
              목록
            </Button>
          </>
        }
      />

      <FilterBar resetTo={`${LIST_PATH}/send/${data.uiaSeq}`} label="발송 대상 검색">
        <YearFilter years={data.years} value={data.filters.year} />
        <CheckFilter name="agreeYn" legend="동의여부" options={AGREE_YN_OPTIONS} selected={data.filters.agreeYn} />
        <CheckFilter name="attn" legend="상태" options={data.codes} selected={data.filters.attn} />
        <SearchFilter value={data.filters.value} label="이름 또는 학번/사번" />
      </FilterBar>

      {data.add ? <AddDialog data={data} reply={addReply} /> : null}

      {/* a new page (after sending, adding, filtering) starts the form afresh: no stale 'nothing selected' */}
      <AppForm key={location.key} id="send-form" validator={sendValidator} action={data.self} preventScrollReset>
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="sendKey" value={data.sendKey} />
        <SendAlert message={sendReply?.alert ?? (data.add ? null : flash?.text)} kind={sendReply?.alert ? "error" : flash?.kind} />
        <Group justify="space-between" mb="sm">
          <Text size="sm">
            전체 <b>{data.unsent.length + data.sent.length}</b>명 · 미발송 <b>{data.unsent.length}</b>명 · 발송 <b>{data.sent.length}</b>명
          </Text>
          <Group gap="sm">
            <Button component={Link} to={addHref} variant="default" preventScrollReset>
              대상 추가
            </Button>
            <Button type="submit" disabled={data.usyn === "N"}>
              선택 발송(재발송)
            </Button>
          </Group>
        </Group>
        <Stack gap="md">
          <SendGroup legend="미발송" flag="N" rows={data.unsent} kept={kept} keptGroups={keptGroups} />
          <SendGroup legend="발송" flag="Y" rows={data.sent} kept={kept} keptGroups={keptGroups} />
        </Stack>
      </AppForm>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="outbox-title">
        <Title order={2} size="h4" id="outbox-title">
          발송 내역 (보관함)
        </Title>
        {data.outbox.note ? (
          <Text size="sm" c="dark.6" mt={4} data-testid="outbox-note">
            {data.outbox.note}
          </Text>
        ) : (
          <OutboxTable outbox={data.outbox} />
        )}
      </Paper>
    </Stack>
  );
}
