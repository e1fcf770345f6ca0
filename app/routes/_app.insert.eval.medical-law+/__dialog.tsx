/**
 * E06 add/edit dialog (spec 002 §2 screen 6, §4, §5 "Medical law"): year, term and round, target
 * grades (checkboxes of the year's grades), subject (the year's subjects), total score, and the
 * student rows (several) each with a confirmed number and a score. A native post that works
 * without JavaScript; with it the same schema validates in the browser, the year's code lists
 * follow the year through a fetcher, and scores keep digits only as they are typed.
 */
import { SimpleGrid } from "~/components/ui/mantine";
import { useFetcher } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useState } from "react";
import { RowsDialog } from "~/components/form/RowsDialog";
import { CheckboxGroupField, SelectField, TextField } from "~/components/form/fields";
import type { RowsReply } from "~/components/form/StudentRows";
import { useHydrated } from "~/components/layout/useHydrated";
import { useCsrfToken } from "~/components/layout/useRootData";
import { LAW_EXTRA_BLANK, LAW_SMST_MAX, SCORE_MAX_LENGTH, medicalLawOrder, medicalLawSchema } from "./__schema";
import { MSG } from "~/schemas/messages.ko";
import { digitsOnly, rowField, type LookupRow } from "~/schemas/student-rows";

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

/** A score: digits only, at most 3. */
const keepScore = (v: string) => digitsOnly(v).slice(0, SCORE_MAX_LENGTH);

export function LawForm({ dialog, reply, action, years, closeTo }: { dialog: LawDialogData; reply?: LawReply; action: string; years: readonly number[]; closeTo: string }) {
  const hydrated = useHydrated();
  const csrf = useCsrfToken();
  const codesFetcher = useFetcher<{ codes?: LawCodeLists | null }>();
  const posted = reply?.formId === LAW_FORM_ID ? reply : undefined;
  const [year, setYear] = useState(String((posted?.repopulateFields ?? dialog.values).year ?? ""));
  const forYear = (c: LawCodeLists | null | undefined) => (c && String(c.year) === year ? c : null);
  const codes = forYear(codesFetcher.data?.codes) ?? forYear(posted?.codes) ?? dialog.codes;
  const first = posted?.fieldErrors ? medicalLawOrder.find((f) => posted.fieldErrors?.[f]) : undefined;
  const yearOptions = [...new Set([...years, Number(dialog.values.year) || 0])].filter(Boolean).sort((a, b) => b - a);
  const noCodes = codes.grdeList.length === 0 || codes.subjList.length === 0;
  const score = { inputMode: "numeric", maxLength: SCORE_MAX_LENGTH, autoComplete: "off", keep: keepScore, required: true } as const;
  const chooseYear = (v: string) => {
    setYear(v);
    if (hydrated && /^[0-9]{4}$/.test(v)) codesFetcher.submit({ _csrf: csrf, intent: "codes", year: v }, { method: "post", action });
  };

  return (
    <RowsDialog
      id="law-dialog"
      title={dialog.kind === "edit" ? "보건의료법규 성적 수정" : "보건의료법규 성적 등록"}
      closeTo={closeTo}
      form={{ id: LAW_FORM_ID, validator: lawValidator, action, defaultValues: dialog.values }}
      alert={posted?.alert ?? (noCodes ? MSG.noYearCodes : null)}
      order={medicalLawOrder}
      hidden={{ hlSeq: dialog.hlSeq ?? "" }}
      rows={{
        initial: posted?.rows?.length ? posted.rows : (dialog.rows ?? []),
        year,
        multiple: true,
        extraBlank: { ...LAW_EXTRA_BLANK },
        extra: (i, row) => <TextField name={rowField(i, "score")} label="점수" defaultValue={String(row.score ?? "")} autoFocus={first === rowField(i, "score")} w={90} {...score} />,
      }}
      rowsLegend="학생 및 점수"
      update={dialog.kind === "edit"}
      pending={posted?.confirm === "save"}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField name="year" label="년도" required options={yearOptions.map((y) => ({ value: String(y), label: `${y}년` }))} autoFocus={first === "year"} onValueChange={chooseYear} />
        <TextField name="smst" label="학기 및 차수" required placeholder="예: 1학기 1차" maxLength={LAW_SMST_MAX} autoFocus={first === "smst"} />
      </SimpleGrid>
      <CheckboxGroupField name="tgetSt" legend="대상" required options={codes.grdeList.map((c) => ({ value: c.id, label: c.text }))} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField name="subj" label="과목" required placeholder="선택" options={codes.subjList.map((c) => ({ value: c.id, label: c.text }))} autoFocus={first === "subj"} />
        <TextField name="totalScore" label="만점" autoFocus={first === "totalScore"} w={120} {...score} />
      </SimpleGrid>
    </RowsDialog>
  );
}
