/**
 * P10 survey management list (spec 000 §2 /survey, §7 getSurveyList.do / copySurvey.do, §8, §9).
 *
 * - Year (2025 … current year) and search text are a GET form: the URL holds them; 20 rows a page.
 * - Columns: number, survey name, question count, in-use, status, author, register/modify date,
 *   actions (edit, copy link, send management, results) and a copy button.
 * - Copy posts intent=copy: '복사 되었습니다.', or '복사 실패하였습니다.' when no new id comes back.
 * - Copy link: with JavaScript the public answer link goes to the clipboard with a 2-second toast;
 *   without it `?dialog=link&seq=` shows the link selectable in the page.
 */
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useCallback, useState } from "react";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { FilterBar, SearchFilter, YearFilter } from "~/components/data-table/FilterBar";
import { pageOf, readPaging, readYear, yearRange } from "~/utils/list-url";
import { Pager } from "~/components/data-table/Pager";
import { CsrfField } from "~/components/form/AppForm";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import { useRootData } from "~/components/layout/useRootData";
import { CopyLinkButton, Toast } from "~/components/survey/CopyLink";
import { LegacyError } from "~/legacy/errors";
import * as surveyApi from "~/legacy/endpoints/survey.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import surveyStyles from "~/styles/survey.css";
import { readForm, withUser } from "~/utils/context.server";
import { seoulYear } from "~/utils/time";
import { withParams } from "~/utils/url";

export const meta: MetaFunction = () => [{ title: "설문 관리 | 의과대학 교육평가 자료관리" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: surveyStyles }];

const LIST_PATH = "/survey";
/** Spec 000 §9: year lists of list pages start at 2025. */
const FIRST_YEAR = 2025;

/** The public answer link of a survey on this site. */
function publicLink(origin: string, srSeq: number): string {
  return `${origin}/survey/ask/${srSeq}`;
}

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const url = new URL(args.request.url);
    const current = seoulYear();
    const years = yearRange(FIRST_YEAR, Math.max(current, FIRST_YEAR));
    const year = readYear(url, years, Math.max(current, FIRST_YEAR));
    const searchTxt = (url.searchParams.get("searchTxt") ?? "").trim().slice(0, 100);
    const { page, size } = readPaging(url);
    let rows: surveyApi.WireSurveySummary[] = [];
    let error: string | null = null;
    try {
      rows = (await surveyApi.surveyList(session, { searchTxt, year })).list;
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      error = e.message;
    }
    const linkSeq = url.searchParams.get("dialog") === "link" ? Number(url.searchParams.get("seq")) : NaN;
    const linking = rows.find((r) => r.srSeq === linkSeq) ?? null;
    return json({
      origin: url.origin,
      years,
      year,
      searchTxt,
      page,
      size,
      total: rows.length,
      rows: pageOf(rows, page, size).map((r, i) => ({
        no: rows.length - ((page - 1) * size + i),
        srSeq: r.srSeq,
        srName: r.srName,
        qestCnt: r.qestCnt,
        usyn: r.usyn,
        status: r.status,
        userNm: r.userNm,
        regDt: r.regDt,
        uptDt: r.uptDt,
        sendCnt: r.sendCnt,
        answerCnt: r.answerCnt,
      })),
      error,
      linkDialog: linking ? { srSeq: linking.srSeq, srName: linking.srName, url: publicLink(url.origin, linking.srSeq) } : null,
    });
  });
}

/** The list URL with its filters, without the dialog. */
function backTo(request: Request): string {
  const q = new URL(request.url).searchParams;
  for (const k of ["dialog", "seq", "index"]) q.delete(k);
  const s = q.toString();
  return s ? `${LIST_PATH}?${s}` : LIST_PATH;
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  return withUser(args, async ({ session }) => {
    const form = await readForm(request, session);
    const intent = String(form.get("intent") ?? "");
    const seq = Number(form.get("seq"));
    if (intent !== "copy" || !Number.isInteger(seq) || seq <= 0) {
      session.flash(OWN_MSG.badRequest, "error");
      return redirect(backTo(request));
    }
    try {
      const copy = await surveyApi.copySurvey(session, seq);
      if (copy) session.flash(MSG.copied, "info");
      else session.flash(MSG.surveyCopyFailed, "error");
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      session.flash(e.message, "error");
    }
    return redirect(backTo(request));
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

function RowActions({ row, search, origin, onCopied }: { row: Row; search: string; origin: string; onCopied: (m: string) => void }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("seq") === String(row.srSeq);
  return (
    <Group gap={6} wrap="nowrap">
      <Button component={Link} to={`${LIST_PATH}/registration?seq=${row.srSeq}`} size="compact-sm" variant="default" aria-label={`수정: ${row.srName}`}>
        수정
      </Button>
      <CopyLinkButton url={publicLink(origin, row.srSeq)} dialogHref={withParams(search, { dialog: "link", seq: String(row.srSeq) })} label={row.srName} onCopied={onCopied} />
      <Button component={Link} to={`${LIST_PATH}/send/list/${row.srSeq}`} size="compact-sm" variant="default" aria-label={`발송 관리: ${row.srName}`}>
        발송 관리
      </Button>
      <Button component={Link} to={`${LIST_PATH}/result/${row.srSeq}`} size="compact-sm" variant="default" aria-label={`결과 보기: ${row.srName}`}>
        결과 보기
      </Button>
      <Form method="post" action={`${LIST_PATH}?index${search ? `&${search.slice(1)}` : ""}`} preventScrollReset>
        <CsrfField />
        <input type="hidden" name="seq" value={row.srSeq} />
        <Button type="submit" name="intent" value="copy" size="compact-sm" variant="light" loading={busy} aria-label={`복사: ${row.srName}`}>
          복사
        </Button>
      </Form>
    </Group>
  );
}

export default function SurveyList() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const flash = useRootData()?.flash;
  const [toast, setToast] = useState<string | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  const search = withParams(location.search, { dialog: null, seq: null });

  const columns: DataColumn<Row>[] = [
    { key: "no", header: "번호", align: "center", width: 60 },
    {
      key: "srName",
      header: "설문명",
      wrap: true,
      cell: (r) => (
        <Anchor component={Link} to={`${LIST_PATH}/registration?seq=${r.srSeq}`}>
          {r.srName}
        </Anchor>
      ),
    },
    { key: "qestCnt", header: "문항수", align: "center" },
    { key: "usyn", header: "사용여부", align: "center", cell: (r) => (r.usyn === "Y" ? "사용" : "미사용") },
    { key: "status", header: "상태", align: "center" },
    { key: "answers", header: "응답 / 발송", align: "center", cell: (r) => `${r.answerCnt} / ${r.sendCnt}` },
    { key: "userNm", header: "작성자", align: "center" },
    {
      key: "regDt",
      header: "등록일 / 수정일",
      align: "center",
      cell: (r) => (
        <>
          {(r.regDt ?? "").slice(0, 10)}
          <Text component="span" size="xs" c="dimmed" display="block">
            {(r.uptDt ?? "").slice(0, 10)}
          </Text>
        </>
      ),
    },
    { key: "actions", header: "관리", pinRight: true, cell: (r) => <RowActions row={r} search={search} origin={data.origin} onCopied={setToast} /> },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          설문 관리
        </Title>
        <Button component={Link} to={`${LIST_PATH}/registration`}>
          설문 등록
        </Button>
      </Group>
      <AlertRegion message={data.error ?? flash?.text} kind={data.error ? "error" : flash?.kind} />
      <FilterBar resetTo={LIST_PATH} label="설문 검색">
        <YearFilter years={data.years} value={data.year} />
        <SearchFilter name="searchTxt" label="설문명" value={data.searchTxt} />
      </FilterBar>
      {data.linkDialog ? (
        <Dialog id="link-dialog" title="설문 링크 복사" closeTo={`${LIST_PATH}${search}`}>
          <Stack gap="xs">
            <Text size="sm">
              아래 링크를 선택해 복사하세요. 이 링크로 누구나 「{data.linkDialog.srName}」에 응답할 수 있습니다.
            </Text>
            <TextInput label="설문 응답 링크" readOnly value={data.linkDialog.url} classNames={{ input: "survey-link-box" }} onFocus={(e) => e.currentTarget.select()} data-testid="survey-link" />
          </Stack>
        </Dialog>
      ) : null}
      <DataTable caption={`${data.year}년 설문 목록`} columns={columns} rows={data.rows} rowKey={(r) => r.srSeq} emptyText={MSG.noData} testId="survey-list" />
      <Pager total={data.total} page={data.page} size={data.size} />
      <Toast message={toast} onDone={clearToast} />
    </Stack>
  );
}
