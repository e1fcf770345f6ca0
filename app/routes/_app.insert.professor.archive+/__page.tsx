/**
 * R06 education achievement score (spec 001 §2 "Professor achievement screen") on the list kit: a
 * line chart of the score by year for 기초 and 임상, drawn on the server (ADR 0043: it shows with or
 * without JavaScript and is hidden from assistive technology), a table with the same numbers for
 * everyone, the score entry dialog (year 2010 … current year, department, score digits only), and
 * Excel download, template and upload. In evaluation mode: read-only, the server's columns, no
 * entry, template or upload at all.
 */
import { Paper, SimpleGrid, Stack, Title } from "~/components/ui/mantine";
import { withZod } from "@remix-validated-form/with-zod";
import { useMemo } from "react";
import type { DataColumn } from "~/components/data-table/DataTable";
import { AppForm, FormAlert } from "~/components/form/AppForm";
import { CancelAndSubmit } from "~/components/form/DialogFoot";
import { NumberTextField, SelectField } from "~/components/form/fields";
import { Dialog } from "~/components/layout/Dialog";
import { ListPage, RowActions, useListLinks, type ListReplyData } from "~/components/list/ListPage";
import { ACHIEVEMENT_DEPTS, ACHIEVEMENT_KEYS, ACHIEVEMENT_PATH, ACHIEVEMENT_SERIES, SCORE_MAX_LENGTH, achievementOrder, achievementSchema, achievementYears, type AchievementDialog } from "./__schema";
import type { ListData } from "~/utils/list-url";
import { StaticChart } from "~/components/chart/StaticChart";

type Reply = ListReplyData & { fieldErrors?: Record<string, string> };
/** a row: a year's point of the chart */
type Row = { year: number; basic: number | null; clinical: number | null } & Record<string, unknown>;

function ScoreForm({ action, reply, dialog, cancelHref }: { action: string; reply?: Reply; dialog: AchievementDialog; cancelHref: string }) {
  const validator = useMemo(() => withZod(achievementSchema(dialog.currentYear)), [dialog.currentYear]);
  const first = reply?.fieldErrors ? achievementOrder.find((f) => reply.fieldErrors?.[f]) : undefined;
  return (
    <AppForm id="achievement-form" validator={validator} action={action} encType="multipart/form-data" defaultValues={dialog.values}>
      <FormAlert serverMessage={reply?.alert} order={achievementOrder} />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <SelectField name="year" label="년도" required placeholder="선택" options={achievementYears(dialog.currentYear).map((y) => ({ value: String(y), label: `${y}년` }))} autoFocus={first === "year"} />
          <SelectField name="dept" label="소속" required placeholder="선택" options={ACHIEVEMENT_DEPTS.map((d) => ({ value: d, label: d }))} autoFocus={first === "dept"} />
          <NumberTextField name="score" label="점수" required maxLength={SCORE_MAX_LENGTH} autoFocus={first === "score"} />
        </SimpleGrid>
        <CancelAndSubmit justify="flex-end" mt="sm" cancelHref={cancelHref} label="저장" />
      </Stack>
    </AppForm>
  );
}

/** The page's path and row key (a year) as the kit's pieces take them; the dialog's keys are year and department. */
const LIST = { path: ACHIEVEMENT_PATH, keyName: "year" } as const;
const scoreText = (v: number | null) => (v === null ? "-" : String(v));

export function AchievementPage({ data, reply }: { data: ListData<Record<string, never>, AchievementDialog | null, string | null>; reply?: Reply }) {
  const { closeTo, here, dialogHref } = useListLinks(ACHIEVEMENT_PATH, ACHIEVEMENT_KEYS);
  const columns: DataColumn<Row>[] = [
    { key: "year", header: "년도", align: "center", sortable: true },
    { key: "basic", header: "기초", align: "right", sortable: true, cell: (p) => scoreText(p.basic) },
    { key: "clinical", header: "임상", align: "right", sortable: true, cell: (p) => scoreText(p.clinical) },
    {
      key: "manage",
      header: "점수 수정",
      align: "center",
      cell: (p) => (
        <RowActions
          {...LIST}
          seq={p.year}
          who={`${p.year}년`}
          actions={[]}
          links={ACHIEVEMENT_DEPTS.map((dept) => ({ label: `${dept} 수정`, to: dialogHref("edit", { year: String(p.year), dept }) }))}
        />
      ),
    },
  ];
  const dialog = data.dialog?.data ?? null;
  return (
    <ListPage<Row>
      {...LIST}
      title="교육업적 점수"
      data={data}
      register="점수 입력"
      yearFilter={false}
      excel={{ upload: {} }}
      columns={columns}
      rowKey={(p) => p.year}
      caption="연도별 교육업적 점수 (기초, 임상)"
      evalCaption={`교육업적 점수 (${data.evalMode?.year}년까지, 평가 자료)`}
      showCaption
      reply={reply}
      dialogFormId="achievement-form"
      dialog={
        dialog ? (
          <Dialog id="achievement-dialog" title={dialog.existing ? `${dialog.values.year}년 ${dialog.values.dept} 점수 수정` : "교육업적 점수 입력"} closeTo={closeTo} size="lg">
            <ScoreForm key={`${dialog.values.year}-${dialog.values.dept}`} action={here} reply={reply} dialog={dialog} cancelHref={closeTo} />
          </Dialog>
        ) : null
      }
      testId="achievement-table"
      rowTestId="achievement-row"
    >
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          연도별 교육업적 점수
        </Title>
        {data.more ? <StaticChart svg={data.more} series={ACHIEVEMENT_SERIES} testId="achievement-chart" /> : null}
      </Paper>
    </ListPage>
  );
}
