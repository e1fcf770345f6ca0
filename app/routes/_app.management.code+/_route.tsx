/**
 * P17 공통코드 관리 (spec 000 §2 "Code management", menu 96, administrators only): the code
 * categories on the list kit, searched by name or id; each opens its register/edit page.
 */
import { Anchor } from "~/components/ui/mantine";
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { DataColumn } from "~/components/data-table/DataTable";
import { ListPage, numberColumn } from "~/components/list/ListPage";
import { CODE_FORM_PATH, CODE_PATH, CODE_TITLE } from "./__schema";
import type { ListData } from "~/utils/list-url";
import { codeListLoader } from "./__loader.server";

export const meta: MetaFunction = () => [{ title: "공통코드 관리 | 의과대학 교육평가 자료관리" }];
export const loader = codeListLoader;

type Row = { cmmnCd: string; cmmnNm: string; usyn: string; regCnt: number; regDt?: string } & Record<string, unknown>;
const TARGET = { display: "inline-block", minHeight: 24, lineHeight: "24px" } as const;

export default function CodeListRoute() {
  const data = useLoaderData() as ListData<{ value: string }, null, null>;
  const columns: DataColumn<Row>[] = [
    numberColumn<Row>(data),
    { key: "cmmnCd", header: "분류 코드", align: "center", sortable: true },
    {
      key: "cmmnNm",
      header: "코드 분류",
      sortable: true,
      wrap: true,
      cell: (r) => (
        <Anchor component={Link} to={`${CODE_FORM_PATH}?cmmnCd=${r.cmmnCd}`} size="sm" style={TARGET}>
          {r.cmmnNm}
        </Anchor>
      ),
    },
    { key: "regCnt", header: "올해 코드 수", align: "right", sortable: true, cell: (r) => <span data-testid="code-count">{String(r.regCnt ?? 0)}</span> },
    { key: "usyn", header: "사용여부", align: "center", sortable: true, cell: (r) => (r.usyn === "Y" ? "사용" : "미사용") },
  ];
  return (
    <ListPage<Row>
      path={CODE_PATH}
      keyName="cmmnCd"
      data={data}
      title={CODE_TITLE}
      register="등록"
      registerTo={CODE_FORM_PATH}
      yearFilter={false}
      search={{ value: data.filter.value, placeholder: "코드 분류, 분류 코드", label: "검색어" }}
      searching={Boolean(data.filter.value)}
      columns={columns}
      caption={`${CODE_TITLE} 목록: 번호, 분류 코드, 코드 분류, 올해 코드 수, 사용여부`}
      unit="건"
      testId="code-list"
      rowTestId="code-row"
    />
  );
}
