/**
 * E04 the patient safety score dialog (spec 002 §4, §5 "Patient safety") on the score screens'
 * RowsDialog: insert (the year and several student rows; rows are added and removed, the first
 * stays) or update (the record's one student, its number and year fixed). Each row has the seven
 * scores, the total (read-only, the sum with two decimals: live with JavaScript, recomputed on every
 * post without it, and by the server on save) and the grade. Scores keep digits, one decimal point
 * with two decimals and a minus as they are typed, and values beyond ±100 become ±100
 * (JavaScript); the server refuses the rest with the same messages. Save asks '등록 하시겠습니까?' /
 * '수정 하시겠습니까?' first.
 */
import { Group, TextInput } from "~/components/ui/mantine";
import { withZod } from "@remix-validated-form/with-zod";
import { useState } from "react";
import { useFieldId, useFieldState, type MinimalInputProps } from "~/components/form/field-state";
import { SelectField, TextField } from "~/components/form/fields";
import { RowsDialog } from "~/components/form/RowsDialog";
import type { RowsReply } from "~/components/form/StudentRows";
import { BLANK_SCORES, PSS_GRADES, PSS_ITEMS, PSS_MAX_ROWS, cleanScore, patientSafetySchema, pssOrder, totalText, type PssItemKey } from "./__schema";
import { blankRow, rowField, type LookupRow } from "~/schemas/student-rows";

const validator = withZod(patientSafetySchema);
export const PSS_FORM_ID = "pss-form";
/** Every field of the largest dialog, in screen order (the first failing one is the '알림'). */
const ORDER = pssOrder(PSS_MAX_ROWS);

export type PssReply = RowsReply;

export interface PssDialogData {
  mode: "insert" | "update";
  year: number;
  pssSeq: number | null;
  row: LookupRow | null;
}

/** What a score's field says of its limit. */
const LIMIT: Record<PssItemKey | "total" | "grd", string> = {
  attn: "0점 이하 (감점)",
  quiz: "최대 30점",
  rcgnSrvy: "최대 25점",
  ptntSftyRprt: "최대 30점",
  group1: "그룹 합계 최대 15점",
  group2: "그룹 합계 최대 15점",
  prtcDgr: "0점 이하 (감점)",
  total: "합계 (자동 계산)",
  grd: "H, HP, PS, NP",
};

/** One small field of a row: a score (controlled, so the total follows it) or the read-only total. */
function ScoreInput({ name, label, hint, value, onValue, testId }: { name: string; label: string; hint: string; value: string; onValue?: (v: string) => void; testId?: string }) {
  const { error, getInputProps, focus } = useFieldState(name);
  // the value passed through the form's props: a controlled input gets no default from them
  const props = onValue ? getInputProps<MinimalInputProps & { value: string }>({ onChange: (e: React.ChangeEvent<HTMLInputElement>) => onValue(cleanScore(e.currentTarget.value)), value }) : { name, value, readOnly: true };
  return (
    <TextInput
      {...props}
      id={useFieldId(name)}
      label={label}
      description={hint}
      inputMode="decimal"
      autoComplete="off"
      maxLength={7}
      error={error}
      autoFocus={focus}
      w={104}
      size="xs"
      data-testid={testId}
    />
  );
}

/** A row's scores, total and grade. */
function ScoreFields({ index, row }: { index: number; row: LookupRow }) {
  const [values, setValues] = useState(() => Object.fromEntries(PSS_ITEMS.map((i) => [i.key, String(row[i.key] ?? "")])) as Record<PssItemKey, string>);
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" style={{ flexBasis: "100%" }} className="pss-scores">
      {PSS_ITEMS.map(({ key, label }) => (
        <ScoreInput key={key} name={rowField(index, key)} label={label} hint={LIMIT[key]} value={values[key]} onValue={(v) => setValues((s) => ({ ...s, [key]: v }))} />
      ))}
      <ScoreInput name={rowField(index, "total")} label="총점" hint={LIMIT.total} value={totalText(values)} testId={`pss-total-${index}`} />
      <SelectField name={rowField(index, "grd")} label="등급" description={LIMIT.grd} size="xs" w={104} defaultValue={String(row.grd ?? "")} options={[{ value: "", label: "선택" }, ...PSS_GRADES.map((g) => ({ value: g, label: g }))]} />
    </Group>
  );
}

export function PatientSafetyDialog({ dialog, years, reply, action, closeTo }: { dialog: PssDialogData; years: readonly number[]; reply?: PssReply; action: string; closeTo: string }) {
  const update = dialog.mode === "update";
  const [year, setYear] = useState(String(reply?.repopulateFields?.year ?? dialog.year));
  return (
    <RowsDialog
      id="pss-dialog"
      title={update ? "환자안전 교과목 성적 수정" : "환자안전 교과목 성적 등록"}
      closeTo={closeTo}
      form={{ id: PSS_FORM_ID, validator, action, defaultValues: { year: String(dialog.year), mode: dialog.mode } }}
      alert={reply?.alert}
      order={ORDER}
      hidden={{ mode: dialog.mode, ...(update ? { pssSeq: dialog.pssSeq ?? "" } : {}) }}
      rows={{ initial: reply?.rows?.length ? reply.rows : dialog.row ? [dialog.row] : [blankRow(BLANK_SCORES)], year, multiple: !update, fixed: update, extraBlank: BLANK_SCORES, extra: (i, row) => <ScoreFields index={i} row={row} /> }}
      update={update}
      pending={reply?.confirm === "save"}
    >
      {update ? (
        <TextField name="year" label="년도" readOnly w={120} />
      ) : (
        <SelectField name="year" label="년도" required options={years.map((y) => ({ value: String(y), label: `${y}년` }))} onValueChange={setYear} w={140} />
      )}
    </RowsDialog>
  );
}
