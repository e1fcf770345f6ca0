/**
 * R10 consent form list (spec 001 §2 "Privacy-consent forms", §7 list.do/copy.do/delete.do, §8)
 * on the list kit.
 *
 * - Year (2025 … current year, newest first) and title filters are a GET form: the URL holds them;
 *   20 rows a page.
 * - Each row links to edit, sending management and preview, and has a copy button (a native post:
 *   '복사 되었습니다.').
 * - Delete asks '정말 삭제하시겠습니까?' first (`?dialog=delete&uiaSeq=`, the list's delete
 *   question), whose button posts the deletion ('삭제되었습니다.' / '삭제 실패하였습니다.').
 */
import { Anchor, Text } from "~/components/ui/mantine";
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { DataColumn } from "~/components/data-table/DataTable";
import { actionsColumn, ListPage, numberColumn, RowActions, RowPost, type ListReplyData } from "~/components/list/ListPage";
import type { WireAgreeForm } from "~/legacy/endpoints/privacy.server";
import { LIST_PATH } from "~/schemas/privacy";
import privacyStyles from "~/styles/privacy.css";
import type { ListData } from "~/utils/list-url";
import { privacyListAction, privacyListLoader } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "개인정보 동의서 관리 | 의과대학 교육평가 자료관리" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: privacyStyles }];
export const loader = privacyListLoader;
export const action = privacyListAction;

type Row = WireAgreeForm & Record<string, unknown>;
/** The list's path and record key, as the kit's pieces take them. */
const LIST = { path: LIST_PATH, keyName: "uiaSeq" } as const;

export default function PrivacyList() {
  const data = useLoaderData() as ListData<{ value: string }>;
  const reply = useFormReply() as ListReplyData | undefined;
  const columns: DataColumn<Row>[] = [
    numberColumn(data),
    { key: "uiaNm", header: "제목", wrap: true, sortable: true, cell: (r) => <Anchor component={Link} to={`${LIST_PATH}/edit/${r.uiaSeq}`}>{r.uiaNm}</Anchor> },
    {
      key: "usyn",
      header: "사용여부",
      align: "center",
      sortable: true,
      cell: (r) => (
        <Text component="span" size="sm" fw={r.usyn === "Y" ? 700 : 400} c={r.usyn === "Y" ? "dark.9" : "dark.6"}>
          {r.usyn === "Y" ? "사용" : "미사용"}
        </Text>
      ),
    },
    { key: "counts", header: "대상 / 발송 / 동의", align: "center", cell: (r) => `${r.rcptCnt} / ${r.sendCnt} / ${r.agreeCnt}` },
    { key: "regDt", header: "등록일", align: "center", sortable: true, cell: (r) => (r.regDt ?? "").slice(0, 10) },
    actionsColumn((r) => (
      <RowActions
        {...LIST}
        seq={r.uiaSeq}
        who={r.uiaNm}
        actions={["delete"]}
        links={[
          { label: "수정", to: `${LIST_PATH}/edit/${r.uiaSeq}` },
          { label: "발송 관리", to: `${LIST_PATH}/send/${r.uiaSeq}` },
          { label: "미리보기", to: `${LIST_PATH}/preview/${r.uiaSeq}` },
        ]}
      >
        <RowPost {...LIST} seq={r.uiaSeq} who={r.uiaNm} intent="copy" label="복사" />
      </RowActions>
    )),
  ];

  return (
    <ListPage<Row>
      {...LIST}
      title="개인정보 동의서 관리"
      data={data}
      register="동의서 등록"
      registerTo={`${LIST_PATH}/add`}
      search={{ label: "제목", placeholder: "동의서 제목", value: data.filter.value }}
      filterLabel="동의서 검색"
      columns={columns}
      rowKey={(r) => r.uiaSeq}
      caption={`${data.year}년 개인정보 동의서 목록: 제목, 사용여부, 대상·발송·동의 인원, 등록일과 관리 기능`}
      reply={reply}
      remove={{ title: "동의서 삭제", subject: (r) => String(r.uiaNm) }}
      testId="agree-list"
    />
  );
}
