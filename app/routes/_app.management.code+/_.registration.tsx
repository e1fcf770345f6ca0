/**
 * P17 공통코드 등록/수정 (spec 000 §2 /management/code/registration?cmmnCd=, §4, §5 "Code";
 * administrators only): the category name; for a saved category the year (a code applies 1
 * January to 31 December of its year), the two-level code tree as one native form (each row's
 * label and usage; blank rows for new codes under a chosen parent; 'add rows' re-renders with the
 * input kept), the question before usage N (ConfirmQuestion, an alertdialog: confirm or cancel;
 * cancel puts Y back, new rows excepted; ADR 0059), the load from another year and the change history. The same without JavaScript.
 * Not nested in the list route (`+/_.` names it `code_.registration`): the form is a page of its
 * own, so the list is not drawn around it and the list's loader does not run for it.
 */
import { Anchor, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from "~/components/ui/mantine";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ConfirmQuestion } from "~/components/form/ConfirmSubmit";
import { DefaultSubmit } from "~/components/form/DefaultSubmit";
import { CsrfField, useFormReply } from "~/components/form/field-state";
import { HiddenFields } from "~/components/form/HiddenFields";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { PaperSection } from "~/components/layout/PaperSection";
import { useRootData } from "~/components/layout/useRootData";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { BLANK_ROWS, blankRow, CODE_FORM_PATH, CODE_GROUP_NAME_MAX, CODE_NAME_MAX, CODE_PATH, type CodeRow } from "./__schema";
import { codeFormAction, codeFormLoader, type CodeFormData } from "./__loader.server";

export const meta: MetaFunction = () => [{ title: "공통코드 등록/수정 | 의과대학 교육평가 자료관리" }];
export const loader = codeFormLoader;
export const action = codeFormAction;

type Reply = { rows?: CodeRow[]; stamp?: number; alert?: string; badRow?: number; confirm?: string; infoAlert?: string; infoConfirm?: boolean; usyn?: string; copyAlert?: string; copyYear?: string; cmmnNm?: string };

const USAGE = [
  { value: "Y", label: "Y (사용)" },
  { value: "N", label: "N (미사용)" },
];

/** A row of the form with its place (the rows' field names and labels count from it; new rows have no id to key by). */
type NumberedRow = CodeRow & { i: number };

function CodeRows({ rows, parents, badRow }: { rows: CodeRow[]; parents: CodeFormData["parents"]; badRow?: number }) {
  const parentName = new Map(parents.map((p) => [p.id, p.label]));
  const name = (i: number, k: string) => `rows[${i}].${k}`;
  // the minimum widths add up to the 640px the table had in its own scroll container
  const columns: DataColumn<NumberedRow>[] = [
    {
      key: "id",
      header: "코드",
      width: 110,
      // a new row says '신규' where a saved one shows its code (the specs find new rows by it)
      cell: (r) => (
        <>
          <input type="hidden" name={name(r.i, "id")} value={r.id} />
          <input type="hidden" name={name(r.i, "stored")} value={r.stored} />
          {r.id || "신규"}
        </>
      ),
    },
    {
      key: "parent",
      header: "상위 코드",
      width: 180,
      cell: (r) =>
        r.id ? (
          <>
            <input type="hidden" name={name(r.i, "parent")} value={r.parent} />
            {r.lvl === 2 ? `└ ${parentName.get(r.parent) ?? r.parent}` : "-"}
          </>
        ) : (
          <NativeSelect name={name(r.i, "parent")} aria-label={`상위 코드 ${r.i + 1}행`} defaultValue={r.parent} data={[{ value: "", label: "(없음: 1단계)" }, ...parents.map((p) => ({ value: p.id, label: p.label }))]} size="xs" />
        ),
    },
    {
      key: "label",
      header: "코드명",
      width: 220,
      cell: (r) => (
        <TextInput
          name={name(r.i, "label")}
          aria-label={`코드명 ${r.i + 1}행`}
          defaultValue={r.label}
          maxLength={CODE_NAME_MAX}
          size="xs"
          pl={r.lvl === 2 ? "md" : undefined}
          error={badRow === r.i ? true : undefined}
          autoFocus={badRow === r.i}
        />
      ),
    },
    {
      key: "usyn",
      header: "사용여부",
      width: 130,
      cell: (r) => <NativeSelect name={name(r.i, "usyn")} aria-label={`사용여부 ${r.i + 1}행`} defaultValue={r.usyn} data={USAGE} size="xs" error={badRow === r.i ? true : undefined} />,
    },
  ];
  return (
    <DataTable
      caption="코드 목록: 코드, 상위 코드, 코드명, 사용여부"
      columns={columns}
      rows={rows.map((r, i) => ({ ...r, i }))}
      rowKey={(r) => r.i}
      emptyText={MSG.noData}
      testId="code-rows"
      rowTestId="code-row"
      striped={false}
    />
  );
}

type HistoryRow = CodeFormData["history"][number];

const HISTORY_COLUMNS: DataColumn<HistoryRow>[] = [
  { key: "code", header: "코드" },
  { key: "codeNm", header: "변경 전 코드명", cell: (h) => h.codeNm || "-" },
  { key: "aftCodeNm", header: "변경 후 코드명" },
  { key: "usyn", header: "변경 전 사용여부", align: "center", cell: (h) => h.usyn || "-" },
  { key: "aftUsyn", header: "변경 후 사용여부", align: "center" },
  { key: "userNm", header: "변경자" },
  { key: "uptDt", header: "변경일시" },
];

export default function CodeFormRoute() {
  const data = useLoaderData() as CodeFormData;
  const reply = useFormReply() as Reply | undefined;
  const flash = useRootData()?.flash;
  const group = data.group;
  const here = `${CODE_FORM_PATH}${group ? `?cmmnCd=${group.cmmnCd}&year=${data.year}` : ""}`;
  // what every post of the page carries: the category (none yet when registering) and the year
  const keys = { cmmnCd: group?.cmmnCd ?? "", year: data.year };
  // the form is drawn anew (its inputs are uncontrolled) for each reply and for each loaded year or save
  const rows = reply?.rows ?? [...data.rows, ...Array.from({ length: BLANK_ROWS }, blankRow)];
  const pageAlert = data.loadError ?? reply?.alert ?? flash?.text;
  const pageKind = data.loadError || reply?.alert ? "error" : flash?.kind;
  // the reply whose question was answered or closed (with JavaScript the question is a modal)
  const [dismissed, setDismissed] = useState<Reply | undefined | null>(null);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {group ? "공통코드 수정" : "공통코드 등록"}
      </Title>
      <AlertRegion message={pageAlert} kind={pageKind} />

      <PaperSection titleId="code-info-title" title="코드 분류">
        <Form method="post" action={here}>
          <CsrfField />
          <HiddenFields values={keys} />
          <Group align="flex-end">
            <TextInput
              name="cmmnNm"
              label="코드 분류명"
              withAsterisk
              defaultValue={reply?.cmmnNm ?? group?.cmmnNm ?? ""}
              maxLength={CODE_GROUP_NAME_MAX}
              error={reply?.infoAlert}
              autoFocus={Boolean(reply?.infoAlert)}
              w={320}
            />
            {group ? (
              <>
                <input type="hidden" name="storedUsyn" value={group.usyn} />
                <NativeSelect name="usyn" label="사용여부" defaultValue={reply?.usyn ?? group.usyn} data={USAGE} w={140} />
                <Text size="sm">분류 코드 {group.cmmnCd}</Text>
              </>
            ) : null}
            <Button type="submit" name="intent" value="info">
              {group ? "분류 저장" : "등록"}
            </Button>
          </Group>
          <ConfirmQuestion
            action="info"
            name="분류 저장"
            question={OWN_MSG.codeGroupUsageQuestion}
            open={Boolean(reply?.infoConfirm) && dismissed !== reply}
            onClose={() => setDismissed(reply)}
            pending={Boolean(reply?.infoConfirm)}
            cancelHref={here}
          />
        </Form>
      </PaperSection>

      {group ? (
        <>
          <PaperSection titleId="code-year-title" title="적용 년도">
            <Group align="flex-end" gap="xl">
              <Form method="get" action={CODE_FORM_PATH}>
                <input type="hidden" name="cmmnCd" value={group.cmmnCd} />
                <Group align="flex-end" gap="xs">
                  <NativeSelect name="year" label="년도" defaultValue={String(data.year)} data={data.years.map((y) => ({ value: String(y), label: `${y}년` }))} w={110} />
                  <Button type="submit" variant="default">
                    조회
                  </Button>
                </Group>
              </Form>
              <Text size="sm" data-testid="code-period">
                적용기간 {data.year}-01-01 ~ {data.year}-12-31
              </Text>
              <Form method="post" action={here}>
                <CsrfField />
                <HiddenFields values={keys} />
                <Group align="flex-end" gap="xs">
                  <NativeSelect
                    name="copyYear"
                    label="불러올 년도"
                    defaultValue={reply?.copyYear ?? ""}
                    data={[{ value: "", label: "선택" }, ...data.years.filter((y) => y !== data.year).map((y) => ({ value: String(y), label: `${y}년` }))]}
                    error={reply?.copyAlert}
                    w={130}
                  />
                  <Button type="submit" name="intent" value="copy" variant="outline">
                    다른 년도에서 불러오기
                  </Button>
                </Group>
              </Form>
            </Group>
          </PaperSection>

          <PaperSection titleId="code-tree-title" title={<>{data.year}년 코드</>}>
            <Form method="post" action={here} key={reply?.stamp ?? `loaded-${data.year}-${data.rows.map((r) => `${r.id}:${r.label}:${r.usyn}`).join("|")}`} preventScrollReset>
              <CsrfField />
              <HiddenFields values={{ ...keys, rowCount: rows.length }} />
              {/* Enter in a row saves (the first submit button of the form) */}
              <DefaultSubmit intent="save">
                저장
              </DefaultSubmit>
              <CodeRows rows={rows} parents={data.parents} badRow={reply?.badRow} />
              {/* cancel puts the saved rows' usage back (the server answers it), new rows keep theirs */}
              <ConfirmQuestion
                action="save"
                name="저장"
                question={OWN_MSG.codeUsageQuestion}
                open={reply?.confirm === "usage" && dismissed !== reply}
                onClose={() => setDismissed(reply)}
                pending={reply?.confirm === "usage"}
                cancelIntent="cancelUsage"
              />
              <Group mt="sm">
                <Button type="submit" name="intent" value="save">
                  저장
                </Button>
                <Button type="submit" name="intent" value="addRows" variant="default">
                  행 추가
                </Button>
                <Anchor component={Link} to={CODE_PATH}>
                  목록으로
                </Anchor>
              </Group>
            </Form>
          </PaperSection>

          <PaperSection titleId="code-history-title" title={<>변경 이력 ({data.year}년)</>}>
            <DataTable caption="변경 이력" columns={HISTORY_COLUMNS} rows={data.history} rowKey={(h) => `${h.code}|${h.uptDt}|${h.aftCodeNm}|${h.aftUsyn}`} emptyText={MSG.noData} testId="code-history" rowTestId="history-row" striped />
          </PaperSection>
        </>
      ) : null}
    </Stack>
  );
}
