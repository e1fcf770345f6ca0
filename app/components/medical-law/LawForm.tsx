/**
 * E06 add/edit dialog (spec 002 §2 screen 6, §4, §5 "Medical law"): year, term and round, target
 * grades (checkboxes of the year's grades), subject (the year's subjects), total score, and the
 * student rows (StudentRows, several) each with a confirmed number and a score. A native post
 * that works without JavaScript; with it the same schema validates in the browser, the year's
 * code lists follow the year through a fetcher, and the save asks '등록 하시겠습니까?' /
 * '수정 하시겠습니까?' first (ConfirmSubmit, a step in the page without JavaScript).
 */
import { SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useState } from "react";
import { useField } from "remix-validated-form";
import { AppForm, FormAlert, useFieldId } from "~/components/form/AppForm";
import { SaveWithConfirm } from "~/components/form/ConfirmSubmit";
import { CheckboxGroupField, SelectField, TextField } from "~/components/form/fields";
import { StudentRows, type RowsReply } from "~/components/form/StudentRows";
import { useHydrated } from "~/components/layout/useHydrated";
import { useCsrfToken } from "~/components/layout/useRootData";
import { LAW_EXTRA_BLANK, LAW_SMST_MAX, SCORE_MAX_LENGTH, medicalLawOrder, medicalLawSchema } from "~/schemas/medical-law";
import { MSG } from "~/schemas/messages.ko";
import { blankRow, digitsOnly, rowField, type LookupRow } from "~/schemas/student-rows";

const lawValidator = withZod(medicalLawSchema);
export const LAW_FORM_ID = "law-form";

export interface LawCodeLists {
  year: number;
  grdeList: { id: string; text: string }[];
  subjList: { id: string; text: string }[];
}

export interface LawReply extends RowsReply {
  codes?: LawCodeLists | null;
}

export interface LawDialogData {
  kind: "add" | "edit";
  hlSeq: number | null;
  values: Record<string, unknown>;
  rows: LookupRow[] | null;
  codes: LawCodeLists;
}

/** A score: digits only, at most 3 (with JavaScript anything else is dropped while typing). */
function DigitsField({ name, label, required, autoFocus, defaultValue, w }: { name: string; label: string; required?: boolean; autoFocus?: boolean; defaultValue?: string; w?: number }) {
  const { error, getInputProps } = useField(name);
  const id = useFieldId(name);
  const props = getInputProps();
  return (
    <TextInput
      {...props}
      {...(defaultValue !== undefined ? { defaultValue } : {})}
      id={id}
      label={label}
      withAsterisk={required}
      error={error}
      autoFocus={autoFocus}
      inputMode="numeric"
      maxLength={SCORE_MAX_LENGTH}
      autoComplete="off"
      w={w}
      onInput={(e: React.FormEvent<HTMLInputElement>) => {
        const el = e.currentTarget;
        const clean = digitsOnly(el.value).slice(0, SCORE_MAX_LENGTH);
        if (clean !== el.value) el.value = clean;
      }}
    />
  );
}

export function LawForm({
  dialog,
  reply,
  action,
  years,
  cancelHref,
}: {
  dialog: LawDialogData;
  reply?: LawReply;
  /** where the form posts (the list URL with the dialog, so a re-render keeps it open) */
  action: string;
  years: readonly number[];
  cancelHref: string;
}) {
  const hydrated = useHydrated();
  const csrf = useCsrfToken();
  const codesFetcher = useFetcher<{ codes?: LawCodeLists | null }>();
  const posted = reply?.formId === LAW_FORM_ID ? reply : undefined;
  const values = (posted?.repopulateFields ?? dialog.values) as Record<string, unknown>;
  const [year, setYear] = useState(String(values.year ?? ""));
  const forYear = (c: LawCodeLists | null | undefined) => (c && String(c.year) === year ? c : null);
  const codes = forYear(codesFetcher.data?.codes) ?? forYear(posted?.codes) ?? dialog.codes;
  const first = posted?.fieldErrors ? medicalLawOrder.find((f) => posted.fieldErrors?.[f]) : undefined;
  const initialRows = posted?.rows?.length ? posted.rows : dialog.rows?.length ? dialog.rows : [blankRow({ ...LAW_EXTRA_BLANK })];
  const yearOptions = [...new Set([...years, Number(dialog.values.year) || 0])].filter(Boolean).sort((a, b) => b - a);
  const noCodes = codes.grdeList.length === 0 || codes.subjList.length === 0;
  const edit = dialog.kind === "edit";

  return (
    <AppForm id={LAW_FORM_ID} validator={lawValidator} action={action} defaultValues={dialog.values}>
      <FormAlert serverMessage={posted?.alert ?? (noCodes ? MSG.noYearCodes : null)} order={medicalLawOrder} />
      <input type="hidden" name="hlSeq" value={dialog.hlSeq ?? ""} />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            name="year"
            label="년도"
            required
            options={yearOptions.map((y) => ({ value: String(y), label: `${y}년` }))}
            autoFocus={first === "year"}
            onValueChange={(v) => {
              setYear(v);
              if (hydrated && /^[0-9]{4}$/.test(v)) codesFetcher.submit({ _csrf: csrf, intent: "codes", year: v }, { method: "post", action });
            }}
          />
          <TextField name="smst" label="학기 및 차수" required placeholder="예: 1학기 1차" maxLength={LAW_SMST_MAX} autoFocus={first === "smst"} />
        </SimpleGrid>
        <CheckboxGroupField name="tgetSt" legend="대상" required options={codes.grdeList.map((c) => ({ value: c.id, label: c.text }))} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField name="subj" label="과목" required placeholder="선택" options={codes.subjList.map((c) => ({ value: c.id, label: c.text }))} autoFocus={first === "subj"} />
          <DigitsField name="totalScore" label="만점" required autoFocus={first === "totalScore"} w={120} />
        </SimpleGrid>
        <fieldset className="law-students" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <legend>
            <Text component="span" size="sm" fw={500}>
              학생 및 점수
            </Text>
          </legend>
          <StudentRows
            initial={initialRows}
            year={year}
            multiple
            extraBlank={{ ...LAW_EXTRA_BLANK }}
            extra={(i, row) => <DigitsField name={rowField(i, "score")} label="점수" required defaultValue={row.score ?? ""} autoFocus={first === rowField(i, "score")} w={90} />}
          />
        </fieldset>
        <SaveWithConfirm update={edit} pending={posted?.confirm === "save"} cancelHref={cancelHref} />
      </Stack>
    </AppForm>
  );
}
