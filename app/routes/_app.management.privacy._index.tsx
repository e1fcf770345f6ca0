/**
 * R10 consent form list (spec 001 §2 "Privacy-consent forms", §7 list.do/copy.do/delete.do, §8).
 *
 * - Year (2025 … current year, newest first) and title filters are a GET form: the URL holds them.
 * - Each row links to edit, sending management and preview, and has a copy button (a native post:
 *   '복사 되었습니다.').
 * - Delete asks '정말 삭제하시겠습니까?' first: the row's link opens the question as URL state
 *   (`?dialog=delete&uiaSeq=`), a section without JavaScript and a Modal with it, whose button
 *   posts the deletion ('삭제되었습니다.' / '삭제 실패하였습니다.').
 */
import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { CsrfField } from "~/components/form/AppForm";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { FilterBar, readYear, SearchFilter, YearFilter } from "~/components/data-table/FilterBar";
import { pageOf, Pager, readPaging } from "~/components/data-table/Pager";
import { AlertRegion } from "~/components/layout/AlertRegion";

import { useRootData } from "~/components/layout/useRootData";
import { LegacyError } from "~/legacy/errors";
import * as privacyApi from "~/legacy/endpoints/privacy.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { LIST_PATH, rowActionSchema } from "~/schemas/privacy";
import { readForm, withUser } from "~/utils/context.server";
import { seoulYear } from "~/utils/time";
import privacyStyles from "~/styles/privacy.css";
import { agreeYears } from "./__privacy.server";
import { withParams } from "~/utils/url";
import { DeleteDialog } from "~/components/layout/DeleteDialog";

export const meta: MetaFunction = () => [{ title: "개인정보 동의서 관리 | 의과대학 교육평가 자료관리" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: privacyStyles }];

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const url = new URL(args.request.url);
    const years = agreeYears();
    const year = readYear(url, years, Math.max(seoulYear(), years[years.length - 1]));
    const value = (url.searchParams.get("value") ?? "").trim().slice(0, 100);
    // spec 001 §9: table page sizes 10, 20, 30, 50, default 20
    const { page, size } = readPaging(url);
    let rows: privacyApi.WireAgreeForm[] = [];
    let error: string | null = null;
    try {
      rows = await privacyApi.listForms(session, year, value);
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      error = e.message;
    }
    const askSeq = url.searchParams.get("dialog") === "delete" ? Number(url.searchParams.get("uiaSeq")) : NaN;
    const asking = rows.find((r) => r.uiaSeq === askSeq) ?? null;
    return json({
      years,
      year,
      value,
      page,
      size,
      total: rows.length,
      rows: pageOf(rows, page, size).map((r, i) => ({
        no: rows.length - ((page - 1) * size + i),
        uiaSeq: r.uiaSeq,
        uiaNm: r.uiaNm,
        usyn: r.usyn,
        regDt: r.regDt,
        uptDt: r.uptDt,
        rcptCnt: r.rcptCnt,
        sendCnt: r.sendCnt,
        agreeCnt: r.agreeCnt,
      })),
      error,
      confirmDelete: asking ? { uiaSeq: asking.uiaSeq, uiaNm: asking.uiaNm } : null,
    });
  });
}

/** The list URL with its filters, without the dialog. */
function backTo(request: Request): string {
  const q = new URL(request.url).searchParams;
  q.delete("dialog");
  q.delete("uiaSeq");
  q.delete("index");
  const s = q.toString();
  return s ? `${LIST_PATH}?${s}` : LIST_PATH;
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  return withUser(args, async ({ session }) => {
    const form = await readForm(request, session);
    const intent = String(form.get("intent") ?? "");
    const parsed = rowActionSchema.safeParse({ uiaSeq: form.get("uiaSeq") });
    if (!parsed.success || (intent !== "copy" && intent !== "delete")) {
      session.flash(OWN_MSG.badRequest, "error");
      return redirect(backTo(request));
    }
    const { uiaSeq } = parsed.data;
    try {
      if (intent === "copy") {
        await privacyApi.copyForm(session, uiaSeq);
        session.flash(MSG.copied, "info");
      } else {
        await privacyApi.deleteForm(session, uiaSeq);
        session.flash(MSG.agreeDeleted, "info");
      }
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      session.flash(intent === "delete" && e.status === 404 ? MSG.deleteFailed : e.message, "error");
    }
    return redirect(backTo(request));
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

function RowActions({ row, search }: { row: Row; search: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("uiaSeq") === String(row.uiaSeq);
  return (
    <Group gap={6} wrap="nowrap">
      <Button component={Link} to={`${LIST_PATH}/edit/${row.uiaSeq}`} size="compact-sm" variant="default" aria-label={`수정: ${row.uiaNm}`}>
        수정
      </Button>
      <Button component={Link} to={`${LIST_PATH}/send/${row.uiaSeq}`} size="compact-sm" variant="default" aria-label={`발송 관리: ${row.uiaNm}`}>
        발송 관리
      </Button>
      <Button component={Link} to={`${LIST_PATH}/preview/${row.uiaSeq}`} size="compact-sm" variant="default" aria-label={`미리보기: ${row.uiaNm}`}>
        미리보기
      </Button>
      <Form method="post" action={`${LIST_PATH}?index${search ? `&${search.slice(1)}` : ""}`} preventScrollReset>
        <CsrfField />
        <input type="hidden" name="uiaSeq" value={row.uiaSeq} />
        <Button type="submit" name="intent" value="copy" size="compact-sm" variant="default" loading={busy} aria-label={`복사: ${row.uiaNm}`}>
          복사
        </Button>
      </Form>
      <Button
        component={Link}
        to={withParams(search, { dialog: "delete", uiaSeq: String(row.uiaSeq) })}
        preventScrollReset
        size="compact-sm"
        variant="default"
        c="red.9"
        aria-label={`삭제: ${row.uiaNm}`}
      >
        삭제
      </Button>
    </Group>
  );
}

export default function PrivacyList() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const flash = useRootData()?.flash;
  const search = withParams(location.search, { dialog: null, uiaSeq: null });
  const closeTo = `${LIST_PATH}${search}`;

  const columns: DataColumn<Row>[] = [
    { key: "no", header: "번호", align: "center", width: 60 },
    {
      key: "uiaNm",
      header: "제목",
      wrap: true,
      cell: (r) => (
        <Anchor component={Link} to={`${LIST_PATH}/edit/${r.uiaSeq}`}>
          {r.uiaNm}
        </Anchor>
      ),
    },
    {
      key: "usyn",
      header: "사용여부",
      align: "center",
      cell: (r) => (
        <Text component="span" size="sm" fw={r.usyn === "Y" ? 700 : 400} c={r.usyn === "Y" ? "dark.9" : "dark.6"}>
          {r.usyn === "Y" ? "사용" : "미사용"}
        </Text>
      ),
    },
    { key: "counts", header: "대상 / 발송 / 동의", align: "center", cell: (r) => `${r.rcptCnt} / ${r.sendCnt} / ${r.agreeCnt}` },
    { key: "regDt", header: "등록일", align: "center", cell: (r) => (r.regDt ?? "").slice(0, 10) },
    { key: "actions", header: "관리", pinRight: true, cell: (r) => <RowActions row={r} search={search} /> },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          개인정보 동의서 관리
        </Title>
        <Button component={Link} to={`${LIST_PATH}/add`}>
          동의서 등록
        </Button>
      </Group>
      <AlertRegion message={data.error ?? flash?.text} kind={data.error ? "error" : flash?.kind} />
      <FilterBar resetTo={LIST_PATH} label="동의서 검색">
        <YearFilter years={data.years} value={data.year} />
        <SearchFilter value={data.value} label="제목" placeholder="동의서 제목" />
      </FilterBar>
      {data.confirmDelete ? (
        <DeleteDialog
          id="delete-dialog"
          title="동의서 삭제"
          subject={data.confirmDelete.uiaNm}
          action={`${LIST_PATH}?index${search ? `&${search.slice(1)}` : ""}`}
          fields={{ uiaSeq: data.confirmDelete.uiaSeq }}
          closeTo={closeTo}
          name="intent"
        />
      ) : null}
      <DataTable
        caption={`${data.year}년 개인정보 동의서 목록: 제목, 사용여부, 대상·발송·동의 인원, 등록일과 관리 기능`}
        columns={columns}
        rows={data.rows}
        rowKey={(r) => r.uiaSeq}
        emptyText={data.error ? MSG.noData : MSG.noData}
        testId="agree-list"
      />
      <Pager total={data.total} page={data.page} size={data.size} />
    </Stack>
  );
}
