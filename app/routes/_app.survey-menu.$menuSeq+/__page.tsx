/**
 * P07 survey list page of a SURVEY menu (spec 000 §2 "Survey list page", §4 "Survey link") on the
 * list kit: the surveys linked to the menu (number, survey name, question count, in-use, status,
 * author, register/modify date; edit, copy link, send management, view results) and the
 * survey-link dialog (`?dialog=link`): the year's surveys, 10 a page with its own pager; a linked
 * one (linkYn Y) is marked and refused when pressed, another asks '이 설문을 메뉴에 연결하시겠습니까?'
 * first (ConfirmSubmit: a modal with JavaScript, the question in the page without it).
 */
import { Group, Stack, Text, Button } from "~/components/ui/mantine";
import { Link } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useCallback, useState, type ReactNode } from "react";
import { z } from "zod";
import { AppForm } from "~/components/form/AppForm";
import { ConfirmSubmit } from "~/components/form/ConfirmSubmit";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import { ListPage, RowActions, useListLinks, type ListReplyData } from "~/components/list/ListPage";
import type { LinkRow, SurveyMenuMore } from "./__loader.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import type { ListData } from "~/utils/list-url";
import { surveyLink, withParams } from "~/utils/url";
import { CopyLinkButton, LinkCopyDialog, Toast } from "~/components/survey/CopyLink";
import { surveyColumns, type SurveyRow } from "~/components/survey/SurveyColumns";

export type SurveyMenuData = ListData<{ searchTxt: string }, { srName: string; url: string } | null, SurveyMenuMore>;
export type SurveyMenuReply = ListReplyData & { linkAlert?: string; confirm?: string; repopulateFields?: Record<string, unknown> };

const KEY = "srSeq";
const linkValidator = withZod(z.object({ srSeq: z.string() }));

/** One survey's 'link' button: a linked one posts straight (and is refused), another asks first. */
function LinkButton({ row, action, pending, cancelHref }: { row: LinkRow; action: string; pending: boolean; cancelHref: string }) {
  const label = `연결: ${row.srName}`;
  return (
    <AppForm id={`link-form-${row.srSeq}`} validator={linkValidator} action={action} preventScrollReset>
      <input type="hidden" name={KEY} value={row.srSeq} />
      {row.linkYn === "Y" ? (
        <Button type="submit" name="intent" value="link" size="compact-sm" variant="default" aria-label={label}>
          연결
        </Button>
      ) : (
        <ConfirmSubmit action="link" label="연결" ariaLabel={label} question={OWN_MSG.surveyConfirmLink} pending={pending} cancelHref={cancelHref} size="compact-sm" variant="default" idKey={row.srSeq} />
      )}
    </AppForm>
  );
}

/** The link dialog's table: the year's surveys, each with whether it is linked and its 'link' button. */
function linkColumns(button: (row: LinkRow) => ReactNode): DataColumn<LinkRow>[] {
  return [
    { key: "srName", header: "설문명", wrap: true },
    { key: "status", header: "상태" },
    { key: "userNm", header: "작성자" },
    { key: "regDt", header: "등록일", cell: (r) => r.regDt.slice(0, 10) },
    { key: "linkYn", header: "연결 여부", cell: (r) => (r.linkYn === "Y" ? "연결됨" : "미연결") },
    { key: "link", header: "연결", cell: button },
  ];
}

function LinkDialog({ link, year, path, reply, here, closeTo }: { link: NonNullable<SurveyMenuMore["link"]>; year: number; path: string; reply?: SurveyMenuReply; here: string; closeTo: string }) {
  const { search } = useListLinks(path, KEY);
  const pages = Math.max(1, Math.ceil(link.total / 10));
  const pageHref = (p: number) => `${path}${withParams(search, { dialog: "link", linkPage: p > 1 ? String(p) : null })}`;
  const asked = reply?.confirm === "link" ? String(reply.repopulateFields?.[KEY] ?? "") : "";
  return (
    <Dialog id="survey-link-dialog" title="설문 연결" closeTo={closeTo} size="xl">
      <Stack gap="sm">
        <AlertRegion message={reply?.linkAlert ?? null} />
        <Text size="sm">{year}년 설문 가운데 이 메뉴에 연결할 설문을 고르세요. 이미 메뉴에 연결된 설문은 다시 연결할 수 없습니다.</Text>
        <DataTable
          caption={`${year}년 설문: 설문명, 상태, 작성자, 등록일, 연결 여부와 연결`}
          columns={linkColumns((r) => <LinkButton row={r} action={here} pending={asked === String(r.srSeq)} cancelHref={here} />)}
          rows={link.rows}
          rowKey={(r) => r.srSeq}
          emptyText={MSG.noData}
          testId="link-table"
          rowTestId="link-row"
          striped={false}
        />
        <Group gap="sm" justify="center" aria-label="설문 연결 페이지">
          {link.page > 1 ? (
            <Link to={pageHref(link.page - 1)} preventScrollReset className="row-button">
              이전
            </Link>
          ) : null}
          <Text size="sm" data-testid="link-pages">
            {link.page} / {pages} 페이지 (총 {link.total}건)
          </Text>
          {link.page < pages ? (
            <Link to={pageHref(link.page + 1)} preventScrollReset className="row-button">
              다음
            </Link>
          ) : null}
        </Group>
      </Stack>
    </Dialog>
  );
}

export function SurveyMenuPage({ data, reply }: { data: SurveyMenuData; reply?: SurveyMenuReply }) {
  const more = data.more;
  const path = `/survey-menu/${more?.menuSeq ?? 0}`;
  const { closeTo, dialogHref, here, search } = useListLinks(path, [KEY, "linkPage"]);
  const [toast, setToast] = useState<string | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  // comm=Y: the editor goes back to this page after saving (spec 000 §2)
  const editPage = (r: SurveyRow) => `/survey/registration?seq=${r.srSeq}&comm=Y`;
  const columns = surveyColumns(data, {
    editPage,
    actions: (r) => (
      <RowActions path={path} keyName={KEY} seq={r.srSeq} who={r.srName} actions={[]} links={[{ label: "수정", to: editPage(r) }]}>
        <CopyLinkButton url={surveyLink(more?.origin ?? "", r.srSeq)} dialogHref={dialogHref("preview", r.srSeq)} label={r.srName} onCopied={setToast} />
        <Link to={`/survey/send/list/${r.srSeq}`} className="row-button" aria-label={`발송 관리: ${r.srName}`}>
          발송 관리
        </Link>
        <Link to={`/survey/result/${r.srSeq}`} className="row-button" aria-label={`결과 보기: ${r.srName}`}>
          결과 보기
        </Link>
      </RowActions>
    ),
  });
  const copy = data.dialog?.data;
  return (
    <>
      <ListPage<SurveyRow>
        path={path}
        keyName={KEY}
        title={more?.menuNm ?? "설문"}
        data={data}
        register="설문 연결"
        registerTo={`${path}${withParams(search, { dialog: "link" })}`}
        search={{ name: "searchTxt", label: "설문명", value: data.filter.searchTxt }}
        filterLabel="설문 검색"
        columns={columns}
        rowKey={(r) => r.srSeq}
        caption={`${data.year}년 이 메뉴에 연결된 설문 목록`}
        reply={reply}
        dialog={
          more?.link ? (
            <LinkDialog link={more.link} year={data.year} path={path} reply={reply} here={here} closeTo={closeTo} />
          ) : copy ? (
            <LinkCopyDialog link={copy} closeTo={closeTo} />
          ) : null
        }
        testId="survey-menu-list"
        rowTestId="survey-menu-row"
      />
      <Toast message={toast} onDone={clearToast} />
    </>
  );
}
