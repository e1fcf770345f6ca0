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
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useState } from "react";
import { ListPage, RowActions, RowPost, useListLinks, type ListReplyData } from "~/components/list/ListPage";
import { surveyColumns, type SurveyRow } from "~/components/survey/SurveyColumns";
import { CopyLinkButton, LinkCopyDialog, Toast } from "~/components/survey/CopyLink";
import { surveyListAction, surveyListLoader } from "./__loader.server";
import surveyStyles from "~/styles/survey.css";
import type { ListData } from "~/utils/list-url";
import { surveyLink } from "~/utils/url";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "설문 관리 | 의과대학 교육평가 자료관리" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: surveyStyles }];

const LIST_PATH = "/survey";
const KEY = "srSeq";
/** The list's path and record key, as the kit's pieces take them. */
const LIST = { path: LIST_PATH, keyName: KEY } as const;


export const loader = surveyListLoader;
export const action = surveyListAction;

type Row = SurveyRow;
type Data = ListData<{ searchTxt: string }, { srName: string; url: string } | null, string>;

export default function SurveyList() {
  const data = useLoaderData() as Data;
  const reply = useFormReply() as ListReplyData | undefined;
  const { closeTo, dialogHref } = useListLinks(LIST.path, LIST.keyName);
  const [toast, setToast] = useState<string | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  const editPage = (r: Row) => `${LIST_PATH}/registration?seq=${r.srSeq}`;
  const link = data.dialog?.data;

  const columns = surveyColumns(data, {
    editPage,
    answers: true,
    actions: (r) => (
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
    ),
  });

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
        dialog={link ? <LinkCopyDialog link={link} closeTo={closeTo} /> : null}
        testId="survey-list"
      />
      <Toast message={toast} onDone={clearToast} />
    </>
  );
}
