/**
 * E04 the patient safety score dialog (spec 002 §4, §5 "Patient safety"): insert (the year and
 * several student rows; rows are added and removed, the first stays) or update (the record's one
 * student, its number fixed). Each row has the seven scores, the total (read-only, the sum with two
 * decimals: live with JavaScript, recomputed on every post without it, and by the server on save)
 * and the grade. Scores keep digits, one decimal point with two decimals and a minus as they are
 * typed, and values beyond ±100 become ±100 (JavaScript); the server refuses the rest with the same
 * messages. Save asks '등록 하시겠습니까?' / '수정 하시겠습니까?' first.
 */
import { Group } from "~mantine/components/Group/Group";
import { NativeSelect } from "~mantine/components/NativeSelect/NativeSelect";
import { Stack } from "~mantine/components/Stack/Stack";
import { Text } from "~mantine/components/Text/Text";
import { TextInput } from "~mantine/components/TextInput/TextInput";

import { withZod } from "@remix-validated-form/with-zod";
import { useState } from "react";
import { useField } from "remix-validated-form";
import { AppForm, FormAlert, useFieldId } from "~/components/form/AppForm";
import { SaveWithConfirm } from "~/components/form/ConfirmSubmit";
import { SelectField } from "~/components/form/fields";
import { StudentRows, type RowsReply } from "~/components/form/StudentRows";
import { Dialog } from "~/components/layout/Dialog";

import { BLANK_SCORES, PSS_GRADES, PSS_ITEMS, PSS_MAX_ROWS, cleanScore, patientSafetySchema, pssOrder, totalText, type PssItem, type PssItemKey } from "~/schemas/patient-safety";
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
const LIMIT: Record<PssItemKey, string> = {
  attn: "0점 이하 (감점)",
  quiz: "최대 30점",
  rcgnSrvy: "최대 25점",
  ptntSftyRprt: "최대 30점",
  group1: "그룹 합계 최대 15점",
  group2: "그룹 합계 최대 15점",
  prtcDgr: "0점 이하 (감점)",
};

function ScoreInput({ name, item, value, onValue }: { name: string; item: PssItem; value: string; onValue: (v: string) => void }) {
  const { error, getInputProps } = useField(name);
  const id = useFieldId(name);
  return (
    <TextInput
      {...getInputProps({ onChange: (e: React.ChangeEvent<HTMLInputElement>) => onValue(cleanScore(e.currentTarget.value)), value })}
      id={id}
      label={item.label}
      description={LIMIT[item.key]}
      inputMode="decimal"
      autoComplete="off"
      maxLength={7}
      error={error}
      w={104}
      size="xs"
    />
  );
}

/** A row's scores, total and grade. */
function ScoreFields({ index, row }: { index: number; row: LookupRow }) {
  const [values, setValues] = useState<Record<PssItemKey, string>>(
    () => Object.fromEntries(PSS_ITEMS.map((i) => [i.key, String(row[i.key] ?? "")])) as Record<PssItemKey, string>,
  );
  const totalName = rowField(index, "total");
  const total = useField(totalName);
  const totalId = useFieldId(totalName);
  const grdName = rowField(index, "grd");
  const grd = useField(grdName);
  const grdId = useFieldId(grdName);
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" style={{ flexBasis: "100%" }} className="pss-scores">
      {PSS_ITEMS.map((item) => (
        <ScoreInput
          key={item.key}
          name={rowField(index, item.key)}
          item={item}
          value={values[item.key]}
          onValue={(v) => setValues((s) => ({ ...s, [item.key]: v }))}
        />
      ))}
      <TextInput
        id={totalId}
        name={totalName}
        label="총점"
        description="합계 (자동 계산)"
        value={totalText(values)}
        readOnly
        error={total.error}
        w={104}
        size="xs"
        data-testid={`pss-total-${index}`}
      />
      <NativeSelect
        {...grd.getInputProps()}
        defaultValue={String(row.grd ?? "")}
        id={grdId}
        label="등급"
        description="H, HP, PS, NP"
        data={[{ value: "", label: "선택" }, ...PSS_GRADES.map((g) => ({ value: g, label: g }))]}
        error={grd.error}
        w={104}
        size="xs"
      />
    </Group>
  );
}

export function PatientSafetyDialog({
  dialog,
  years,
  reply,
  action,
  closeTo,
}: {
  dialog: PssDialogData;
  years: readonly number[];
  reply?: PssReply;
  action: string;
  closeTo: string;
}) {
  const update = dialog.mode === "update";
  const [year, setYear] = useState(String(reply?.repopulateFields?.year ?? dialog.year));
  const rows = reply?.rows?.length ? reply.rows : dialog.row ? [dialog.row] : [blankRow(BLANK_SCORES)];
  return (
    <Dialog id="pss-dialog" title={update ? "환자안전 교과목 성적 수정" : "환자안전 교과목 성적 등록"} closeTo={closeTo} size="xl">
      <AppForm id={PSS_FORM_ID} validator={validator} action={action} defaultValues={{ year: String(dialog.year), mode: dialog.mode }}>
        <FormAlert serverMessage={reply?.alert} order={ORDER} />
        <Stack gap="sm">
          <input type="hidden" name="mode" value={dialog.mode} />
          {update ? (
            <>
              <input type="hidden" name="pssSeq" value={dialog.pssSeq ?? ""} />
              <input type="hidden" name="year" value={dialog.year} />
              <Text size="sm">
                <Text component="span" fw={600}>
                  년도
                </Text>{" "}
                {dialog.year}년
              </Text>
            </>
          ) : (
            <SelectField
              name="year"
              label="년도"
              required
              options={years.map((y) => ({ value: String(y), label: `${y}년` }))}
              onValueChange={setYear}
              w={140}
            />
          )}
          <StudentRows
            initial={rows}
            year={year}
            multiple={!update}
            fixed={update}
            extraBlank={BLANK_SCORES}
            extra={(i, row) => <ScoreFields index={i} row={row} />}
          />
          <SaveWithConfirm update={update} pending={reply?.confirm === "save"} cancelHref={closeTo} />
        </Stack>
      </AppForm>
    </Dialog>
  );
}
