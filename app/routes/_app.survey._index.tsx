/**
 * P10 survey management list (spec 000 §2 /survey, §7 getSurveyList.do / copySurvey.do, §8, §9) on
 * the list kit.
 *
 * - Year (2025 … current year) and survey name (`searchTxt`) are a GET form: the URL holds them;
 *   20 rows a page.
 * - Columns: number, survey name, question count, in-use, status, answers / sent, author,
 *   register/modify date, actions (edit, send management, results, copy link, copy).
 * - Copy posts intent=copy: '복사 되었습니다.', or '복사 실패하였습니다.' when no new id comes back.
 * - Copy link: with JavaScript the public answer link goes to the clipboard with a 2-second toast;
 *   without it `?dialog=preview&srSeq=` shows the link selectable in the page.
 */
import { Anchor } from "~mantine/components/Anchor/Anchor";
import { Stack } from "~mantine/components/Stack/Stack";
import { Text } from "~mantine/components/Text/Text";
import { TextInput } from "~mantine/components/TextInput/TextInput";
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useCallback, useState } from "react";
import type { DataColumn } from "~/components/data-table/DataTable";
import { Dialog } from "~/components/layout/Dialog";
import { actionsColumn, ListPage, numberColumn, RowActions, RowPost, useListLinks, type ListReplyData } from "~/components/list/ListPage";
import { CopyLinkButton, Toast } from "~/components/survey/CopyLink";
import type * as surveyApi from "~/legacy/endpoints/survey.server";
import { surveyListAction, surveyListLoader } from "./__survey-list.server";
import { MSG } from "~/schemas/messages.ko";
import surveyStyles from "~/styles/survey.css";
import type { ListData } from "~/utils/list-url";
import { surveyLink } from "~/utils/url";

export const meta: MetaFunction = () => [{ title: "설문 관리 | 의과대학 교육평가 자료관리" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: surveyStyles }];

const LIST_PATH = "/survey";
const KEY = "srSeq";
/** The list's path and record key, as the kit's pieces take them. */
const LIST = { path: LIST_PATH, keyName: KEY } as const;


export const loader = surveyListLoader;
export const action = surveyListAction;

type Row = surveyApi.WireSurveySummary & Record<string, unknown>;
type Data = ListData<{ searchTxt: string }, { srName: string; url: string } | null, string>;

export default function SurveyList() {
  const data = useLoaderData() as Data;
  const reply = useActionData() as ListReplyData | undefined;
  const { closeTo, dialogHref } = useListLinks(LIST.path, LIST.keyName);
  const [toast, setToast] = useState<string | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  const editPage = (r: Row) => `${LIST_PATH}/registration?seq=${r.srSeq}`;
  const link = data.dialog?.data;

  const columns: DataColumn<Row>[] = [
    numberColumn(data),
    { key: "srName", header: "설문명", wrap: true, sortable: true, cell: (r) => <Anchor component={Link} to={editPage(r)}>{r.srName}</Anchor> },
    { key: "qestCnt", header: "문항수", align: "center", sortable: true },
    { key: "usyn", header: "사용여부", align: "center", sortable: true, cell: (r) => (r.usyn === "Y" ? "사용" : "미사용") },
    { key: "status", header: "상태", align: "center", sortable: true },
    { key: "answers", header: "응답 / 발송", align: "center", cell: (r) => `${r.answerCnt} / ${r.sendCnt}` },
    { key: "userNm", header: "작성자", align: "center", sortable: true },
    {
      key: "regDt",
      header: "등록일 / 수정일",
      align: "center",
      sortable: true,
      cell: (r) => (
        <>
          {(r.regDt ?? "").slice(0, 10)}
          <Text component="span" size="xs" c="dimmed" display="block">
            {(r.uptDt ?? "").slice(0, 10)}
          </Text>
        </>
      ),
    },
    actionsColumn((r) => (
      <RowActions
        {...LIST}
        seq={r.srSeq}
        who={r.srName}
        actions={[]}
        links={[
          { label: "수정", to: editPage(r) },
          { label: "발송 관리", to: `${LIST_PATH}/send/list/${r.srSeq}` },
          { label: "결과 보기", to: `${LIST_PATH}/result/${r.srSeq}` },
        ]}
      >
        <CopyLinkButton url={surveyLink(data.more ?? "", r.srSeq)} dialogHref={dialogHref("preview", r.srSeq)} label={r.srName} onCopied={setToast} />
        <RowPost {...LIST} seq={r.srSeq} who={r.srName} intent="copy" label="복사" />
      </RowActions>
    )),
  ];

  return (
    <>
      <ListPage<Row>
        {...LIST}
        title="설문 관리"
        data={data}
        register="설문 등록"
        registerTo={`${LIST_PATH}/registration`}
        search={{ name: "searchTxt", label: "설문명", value: data.filter.searchTxt }}
        filterLabel="설문 검색"
        columns={columns}
        rowKey={(r) => r.srSeq}
        caption={`${data.year}년 설문 목록`}
        reply={reply}
        dialog={
          link ? (
            <Dialog id="link-dialog" title="설문 링크 복사" closeTo={closeTo}>
              <Stack gap="xs">
                <Text size="sm">아래 링크를 선택해 복사하세요. 이 링크로 누구나 「{link.srName}」에 응답할 수 있습니다.</Text>
                <TextInput label="설문 응답 링크" readOnly value={link.url} classNames={{ input: "survey-link-box" }} onFocus={(e) => e.currentTarget.select()} data-testid="survey-link" />
              </Stack>
            </Dialog>
          ) : null
        }
        testId="survey-list"
      />
      <Toast message={toast} onDone={clearToast} />
    </>
  );
}
