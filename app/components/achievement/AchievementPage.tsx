/**
 * R06 education achievement score (spec 001 §2 "Professor achievement screen"): a chart of the
 * score by year for 기초 and 임상 (JavaScript only) and a table with the same numbers (what works
 * without JavaScript), the score entry dialog (year 2010 … current year, department, score digits
 * only; URL state, a Modal with JavaScript and a page section without), and Excel download,
 * template and upload. In evaluation mode: read-only, the server's columns, no entry, template or
 * upload at all.
 */
import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import type { SerializeFrom } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useMemo } from "react";
import { useField } from "remix-validated-form";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { excelLinks, ExcelToolbar, type ExcelUploadResult } from "~/components/excel/ExcelToolbar";
import { AppForm, FormAlert, useFieldId } from "~/components/form/AppForm";
import { SelectField } from "~/components/form/fields";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import { useRootData } from "~/components/layout/useRootData";
import type { AchievementLoader } from "~/routes/__achievement.server";
import { ACHIEVEMENT_DEPTS, ACHIEVEMENT_PATH, SCORE_MAX_LENGTH, achievementOrder, achievementSchema, achievementYears } from "~/schemas/achievement";
import { filterNumberInput } from "~/schemas/exam-analysis";
import { MSG } from "~/schemas/messages.ko";
import { AchievementChart, type ChartPoint } from "./AchievementChart";
import { withParams } from "~/utils/url";
import { EvalList } from "~/components/data-table/EvalList";

type Data = SerializeFrom<AchievementLoader>;

interface Reply {
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
  alert?: string;
  excel?: ExcelUploadResult;
  excelError?: string;
}

/** The score: digits only (kept so while typing with JavaScript; refused by the schema without). */
function ScoreField({ autoFocus }: { autoFocus?: boolean }) {
  const { error, getInputProps } = useField("score");
  const id = useFieldId("score");
  return (
    <TextInput
      {...getInputProps()}
      id={id}
      label="점수"
      withAsterisk
      inputMode="numeric"
      maxLength={SCORE_MAX_LENGTH}
      autoComplete="off"
      autoFocus={autoFocus}
      error={error}
      onInput={(e: React.FormEvent<HTMLInputElement>) => {
        const el = e.currentTarget;
        const next = filterNumberInput(el.value, 0, SCORE_MAX_LENGTH);
        if (next !== el.value) el.value = next;
      }}
    />
  );
}

function ScoreForm({ action, reply, values, currentYear, cancelHref }: { action: string; reply?: Reply; values: Record<string, string>; currentYear: number; cancelHref: string }) {
  const validator = useMemo(() => withZod(achievementSchema(currentYear)), [currentYear]);
  const first = reply?.fieldErrors ? achievementOrder.find((f) => reply.fieldErrors?.[f]) : undefined;
  return (
    <AppForm id="achievement-form" validator={validator} action={action} encType="multipart/form-data" defaultValues={values}>
      <FormAlert serverMessage={reply?.alert} order={achievementOrder} />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <SelectField
            name="year"
            label="년도"
            required
            placeholder="선택"
            options={achievementYears(currentYear).map((y) => ({ value: String(y), label: `${y}년` }))}
            autoFocus={first === "year"}
          />
          <SelectField name="dept" label="소속" required placeholder="선택" options={ACHIEVEMENT_DEPTS.map((d) => ({ value: d, label: d }))} autoFocus={first === "dept"} />
          <ScoreField autoFocus={first === "score"} />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button component={Link} to={cancelHref} variant="default" preventScrollReset>
            취소
          </Button>
          <Button type="submit" name="intent" value="save">
            저장
          </Button>
        </Group>
      </Stack>
    </AppForm>
  );
}

const scoreText = (v: number | null) => (v === null ? "-" : String(v));

export function AchievementPage() {
  const data = useLoaderData() as Data;
  const reply = useActionData() as Reply | undefined;
  const location = useLocation();
  const flash = useRootData()?.flash;
  const points = data.chart as ChartPoint[];
  const pageSearch = withParams(location.search, { dialog: null, year: null, dept: null });
  const closeTo = `${location.pathname}${pageSearch}`;

  const toolbar = (
    <ExcelToolbar
      evalMode={Boolean(data.evalMode)}
      {...excelLinks(ACHIEVEMENT_PATH, { year: data.evalMode?.year, evalMode: data.evalMode })}
      uploadAction={`${ACHIEVEMENT_PATH}${pageSearch}`}
      result={reply?.excel}
    />
  );
  const chart = (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        연도별 교육업적 점수
      </Title>
      <AchievementChart points={points} />
    </Paper>
  );

  if (data.evalMode) {
    return (
      <EvalList
        title="교육업적 점수"
        year={data.evalMode.year}
        caption={`교육업적 점수 (${data.evalMode.year}년까지, 평가 자료)`}
        showCaption
        columns={data.columns}
        rows={data.rows ?? []}
        rowKey={(r) => String(r.year ?? JSON.stringify(r))}
        emptyText={MSG.noData}
        alert={{ message: data.error ?? flash?.text, kind: data.error ? "error" : flash?.kind }}
      >
        {toolbar}
        {chart}
      </EvalList>
    );
  }

  const editLink = (p: ChartPoint, dept: (typeof ACHIEVEMENT_DEPTS)[number]) => (
    <Button
      component={Link}
      to={withParams(pageSearch, { dialog: "score", year: String(p.year), dept })}
      preventScrollReset
      size="compact-sm"
      variant="default"
      aria-label={`${dept} 수정: ${p.year}년`}
    >
      {dept} 수정
    </Button>
  );
  const columns: DataColumn<ChartPoint>[] = [
    { key: "year", header: "년도", align: "center" },
    { key: "basic", header: "기초", align: "right", cell: (p) => scoreText(p.basic) },
    { key: "clinical", header: "임상", align: "right", cell: (p) => scoreText(p.clinical) },
    {
      key: "manage",
      header: "점수 수정",
      align: "center",
      cell: (p) => (
        <Group gap={6} justify="center" wrap="nowrap">
          {editLink(p, "기초")}
          {editLink(p, "임상")}
        </Group>
      ),
    },
  ];
  const dialog = data.dialog;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          교육업적 점수
        </Title>
        <Button component={Link} to={withParams(pageSearch, { dialog: "score" })} preventScrollReset>
          점수 입력
        </Button>
      </Group>
      <AlertRegion
        message={reply?.excelError ?? data.error ?? (reply?.alert && !dialog ? reply.alert : null) ?? flash?.text}
        kind={reply?.excelError || data.error || (reply?.alert && !dialog) ? "error" : flash?.kind}
      />
      {toolbar}
      {chart}
      <DataTable
        caption="연도별 교육업적 점수 (기초, 임상)"
        showCaption
        columns={columns}
        rows={points}
        rowKey={(p) => p.year}
        emptyText={MSG.noData}
        testId="achievement-table"
        rowTestId="achievement-row"
      />
      {dialog ? (
        <Dialog
          id="achievement-dialog"
          title={dialog.existing ? `${dialog.values.year}년 ${dialog.values.dept} 점수 수정` : "교육업적 점수 입력"}
          closeTo={closeTo}
          size="lg"
        >
          <ScoreForm
            key={`${dialog.values.year}-${dialog.values.dept}`}
            action={`${location.pathname}${location.search}`}
            reply={reply}
            values={dialog.values}
            currentYear={data.currentYear}
            cancelHref={closeTo}
          />
        </Dialog>
      ) : null}
    </Stack>
  );
}
