/**
 * P16 사용자 관리 (spec 000 §2 "User management"): the filter (search text, approval state), the
 * 'join request' group of unapproved applicants (a checkbox per row, the permissions to grant and
 * one approve post; each applicant's detail opens the approval dialog), and the approved users on
 * the list kit with a link to each one's edit page. Personal fields arrive masked from the server.
 */
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from "~/components/ui/mantine";
import { Form, Link } from "@remix-run/react";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { SearchFilter, SelectFilter } from "~/components/data-table/FilterBar";
import { CsrfField } from "~/components/form/field-state";
import { FieldGroup } from "~/components/form/fields";
import { Dialog } from "~/components/layout/Dialog";
import { ListPage, numberColumn, useListLinks, type ListReplyData } from "~/components/list/ListPage";
import { MSG } from "~/schemas/messages.ko";
import { AUTHORITIES, splitAuthorities } from "~/schemas/rules";
import { MEMBER_FORM_PATH, MEMBER_PATH, MEMBER_TITLE } from "./__schema";
import type { ListData } from "~/utils/list-url";

export type MemberRow = {
  userSeq: number;
  userId: string;
  userNm: string;
  dptNm: string;
  telNo: string;
  email: string;
  emailNm: string;
  authTy: string;
  authNm: string;
  usyn: string;
  aprYn: string;
  regDt: string;
} & Record<string, unknown>;

export type MemberData = ListData<{ value: string; aprYn: "all" | "Y" | "N" }, MemberRow | null, { joins: MemberRow[] } | null>;
export type MemberReply = ListReplyData & { fieldErrors?: Record<string, string>; repopulateFields?: Record<string, unknown> };

const LIST = { path: MEMBER_PATH, keyName: "userSeq" } as const;
const APPROVE_FORM = "member-approve";
/** The approval filter after 전체 (all). */
const APPROVAL_OPTIONS = [
  { value: "Y", label: "승인" },
  { value: "N", label: "미승인 (가입 요청)" },
];
const TARGET = { display: "inline-block", minHeight: 24, lineHeight: "24px" } as const;
const emailOf = (r: MemberRow) => (r.email ? `${r.email}${r.emailNm ? `@${r.emailNm}` : ""}` : "");

/** The permissions to grant, checked as the applicant asked (or as the failed post had them); `form` ties the boxes to a form elsewhere. */
function AuthChoice({ idPrefix, checked, error, form }: { idPrefix: string; checked: readonly string[]; error?: string; form?: string }) {
  return (
    <FieldGroup legend="승인할 권한" required error={error} errorId={`${idPrefix}-error`}>
      <Group gap="md" mt={4}>
        {AUTHORITIES.map((a) => (
          <Checkbox
            key={a.code}
            id={`${idPrefix}-${a.code}`}
            name="authTy"
            value={a.code}
            label={a.label}
            form={form}
            defaultChecked={checked.includes(a.code)}
            aria-describedby={error ? `${idPrefix}-error` : undefined}
          />
        ))}
      </Group>
    </FieldGroup>
  );
}

function JoinRequests({ rows, reply, post }: { rows: MemberRow[]; reply?: MemberReply; post: string }) {
  const { dialogHref } = useListLinks(LIST.path, LIST.keyName);
  const posted = reply?.repopulateFields;
  const postedList = (k: string) => {
    const v = posted?.[k];
    return Array.isArray(v) ? v.map(String) : v ? [String(v)] : [];
  };
  const fromGroup = posted && !posted.single;
  const columns: DataColumn<MemberRow>[] = [
    { key: "userId", header: "아이디" },
    { key: "userNm", header: "이름" },
    { key: "dptNm", header: "소속" },
    { key: "telNo", header: "연락처" },
    { key: "email", header: "이메일", cell: emailOf },
    { key: "authNm", header: "신청 권한" },
    { key: "regDt", header: "신청일", align: "center", cell: (r) => r.regDt.slice(0, 10) },
    {
      key: "detail",
      header: "상세",
      align: "center",
      cell: (r) => (
        <Link to={dialogHref("preview", r.userSeq)} preventScrollReset className="row-button" data-size="sm" aria-label={`승인 상세: ${r.userId}`}>
          상세
        </Link>
      ),
    },
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="join-requests-title" data-testid="join-requests">
      <Title order={2} size="h4" id="join-requests-title" mb="sm">
        가입 요청 ({rows.length}건)
      </Title>
      <Form method="post" action={post} id={APPROVE_FORM} preventScrollReset>
        <CsrfField />
      </Form>
      <DataTable<MemberRow>
        caption="가입 요청: 선택, 아이디, 이름, 소속, 연락처, 이메일, 신청 권한, 신청일, 상세"
        columns={columns}
        rows={rows}
        rowKey={(r) => String(r.userSeq)}
        emptyText={MSG.noData}
        selectName="userSeq"
        selectForm={APPROVE_FORM}
        selectedKeys={new Set(fromGroup ? postedList("userSeq") : [])}
        selectLabel={(r) => `선택: ${r.userId}`}
        rowTestId="join-row"
      />
      {rows.length ? (
        <Group align="flex-end" mt="sm" gap="lg">
          <AuthChoice idPrefix="join-auth" form={APPROVE_FORM} checked={fromGroup ? postedList("authTy") : []} />
          <Button type="submit" form={APPROVE_FORM} name="intent" value="approve">
            선택 승인
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

function ApproveDialog({ row, reply, action, closeTo }: { row: MemberRow; reply?: MemberReply; action: string; closeTo: string }) {
  const posted = reply?.repopulateFields?.single ? reply : undefined;
  const postedAuth = posted?.repopulateFields?.authTy;
  const checked = posted ? (Array.isArray(postedAuth) ? postedAuth.map(String) : postedAuth ? [String(postedAuth)] : []) : splitAuthorities(row.authTy);
  return (
    <Dialog id="member-approve" title="가입 승인" closeTo={closeTo}>
      {posted?.alert ? (
        <Text role="alert" c="red.9" size="sm" mb="sm">
          {posted.alert}
        </Text>
      ) : null}
      <dl className="approve-detail" data-testid="approve-detail">
        <dt>아이디</dt>
        <dd>{row.userId}</dd>
        <dt>이름</dt>
        <dd>{row.userNm}</dd>
        <dt>소속</dt>
        <dd>{row.dptNm}</dd>
        <dt>연락처</dt>
        <dd>{row.telNo}</dd>
        <dt>이메일</dt>
        <dd>{emailOf(row)}</dd>
        <dt>신청 권한</dt>
        <dd>{row.authNm}</dd>
        <dt>신청일</dt>
        <dd>{row.regDt}</dd>
      </dl>
      <Form method="post" action={action} preventScrollReset>
        <CsrfField />
        <input type="hidden" name="userSeq" value={row.userSeq} />
        <input type="hidden" name="single" value="1" />
        <Stack gap="sm" mt="sm">
          <AuthChoice idPrefix="approve-auth" checked={checked} error={posted?.fieldErrors?.authTy} />
          <Group>
            <Button type="submit" name="intent" value="approve">
              승인
            </Button>
          </Group>
        </Stack>
      </Form>
    </Dialog>
  );
}

export function MemberPage({ data, reply }: { data: MemberData; reply?: MemberReply }) {
  const { closeTo, here, post } = useListLinks(LIST.path, LIST.keyName);
  const f = data.filter;
  const joins = data.more?.joins ?? [];
  const columns: DataColumn<MemberRow>[] = [
    numberColumn<MemberRow>(data),
    {
      key: "userId",
      header: "아이디",
      sortable: true,
      cell: (r) => (
        <Anchor component={Link} to={`${MEMBER_FORM_PATH}?seq=${r.userSeq}`} size="sm" style={TARGET} aria-label={`수정: ${r.userId}`}>
          {r.userId}
        </Anchor>
      ),
    },
    { key: "userNm", header: "이름", sortable: true },
    { key: "dptNm", header: "소속", sortable: true },
    { key: "telNo", header: "연락처" },
    { key: "email", header: "이메일", cell: emailOf },
    { key: "authNm", header: "권한" },
    { key: "usyn", header: "사용여부", align: "center", sortable: true, cell: (r) => (r.usyn === "Y" ? "사용" : "미사용") },
    { key: "regDt", header: "등록일", align: "center", sortable: true, cell: (r) => r.regDt.slice(0, 10) },
  ];
  const record = data.dialog?.kind === "preview" ? (data.dialog.data as MemberRow | null) : null;
  // a refused approval comes back here: in the dialog when it came from there, else in the page's '알림'
  const pageReply = reply?.repopulateFields?.single && record ? { ...reply, alert: undefined } : reply;
  return (
    <ListPage<MemberRow>
      {...LIST}
      data={data}
      title={MEMBER_TITLE}
      register="등록"
      registerTo={MEMBER_FORM_PATH}
      // the user list answers newest first (docs/contract.md)
      initialSort={{ key: "regDt", dir: "desc" }}
      yearFilter={false}
      filters={
        <>
          <SelectFilter name="aprYn" label="승인 상태" value={f.aprYn} allValue="all" options={APPROVAL_OPTIONS} w={170} />
          <SearchFilter value={f.value} label="검색어" placeholder="아이디, 이름" />
        </>
      }
      searching={Boolean(f.value)}
      columns={columns}
      caption={`${MEMBER_TITLE} 목록: 번호, 아이디, 이름, 소속, 연락처, 이메일, 권한, 사용여부, 등록일`}
      list={f.aprYn === "N" ? <></> : undefined}
      pager={f.aprYn !== "N"}
      reply={pageReply}
      dialog={record ? <ApproveDialog row={record} reply={reply} action={here} closeTo={closeTo} /> : null}
      unit="명"
      testId="member-list"
      rowTestId="member-row"
    >
      {f.aprYn === "Y" ? null : <JoinRequests rows={joins} reply={reply} post={post} />}
    </ListPage>
  );
}
