/**
 * E01 the re-learner add/edit dialog (spec 002 §4, §5 "Re-learner"): the year and student lookup
 * rows, each with one checkbox per subject of the year (checked = reYn Y). Adding takes several
 * students (rows are added and removed; the first stays); editing shows the record's one student,
 * its number fixed, and no add button. Save asks '등록 하시겠습니까?' / '수정 하시겠습니까?' first.
 * With JavaScript, choosing another year reloads that year's subjects (the URL's `year`) and undoes
 * every confirmation; without it the year is read on the next post.
 */
import { Checkbox, Group, Stack, Text } from "@mantine/core";
import { useLocation, useNavigate } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useState } from "react";
import { AppForm, FormAlert } from "~/components/form/AppForm";
import { SaveWithConfirm } from "~/components/form/ConfirmSubmit";
import { SelectField, TextField } from "~/components/form/fields";
import { StudentRows, type RowsReply } from "~/components/form/StudentRows";
import { Dialog } from "~/components/layout/Dialog";
import { useHydrated } from "~/components/layout/useHydrated";
import { MSG } from "~/schemas/messages.ko";
import { relearningOrder, relearningSchema, subjField, type RelearnSubject } from "~/schemas/relearning";
import { blankRow, rowField, type LookupRow } from "~/schemas/student-rows";

const validator = withZod(relearningSchema);
export const RELEARN_FORM_ID = "relearning-form";

export type RelearnReply = RowsReply;

export interface RelearnDialogData {
  mode: "add" | "edit";
  year: number;
  rlSeq: number | null;
  subjects: RelearnSubject[];
  row: LookupRow | null;
}

/** The subject flags of row `index`. */
function SubjectFlags({ index, row, subjects }: { index: number; row: LookupRow; subjects: readonly RelearnSubject[] }) {
  if (!subjects.length) return null;
  return (
    <fieldset className="relearn-flags" style={{ border: 0, padding: 0, margin: 0, minWidth: 0, flexBasis: "100%" }}>
      <legend>
        <Text component="span" size="sm" fw={500}>
          재학습 과목 (학생 {index + 1})
        </Text>
      </legend>
      <Group gap="md" mt={4} wrap="wrap">
        {subjects.map((s) => (
          <Checkbox
            key={s.subjCd}
            id={`${RELEARN_FORM_ID}-r${index}-${s.subjCd}`}
            name={rowField(index, subjField(s.subjCd))}
            value="Y"
            defaultChecked={row[subjField(s.subjCd)] === "Y"}
            label={s.subjNm}
            size="sm"
          />
        ))}
      </Group>
    </fieldset>
  );
}

export function RelearnerDialog({
  dialog,
  years,
  reply,
  action,
  closeTo,
}: {
  dialog: RelearnDialogData;
  years: readonly number[];
  reply?: RelearnReply;
  action: string;
  closeTo: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const editing = dialog.mode === "edit";
  const posted = reply?.formId === RELEARN_FORM_ID || reply?.rows ? reply : undefined;
  const [year, setYear] = useState(String(posted?.repopulateFields?.year ?? dialog.year));
  const initial = posted?.rows ?? (dialog.row ? [dialog.row] : [blankRow()]);
  const noCodes = dialog.subjects.length === 0 ? MSG.noYearCodes : null;

  const chooseYear = (value: string) => {
    setYear(value);
    if (!hydrated) return;
    // that year's subjects (the list behind follows the year too)
    const q = new URLSearchParams(location.search);
    q.set("year", value);
    q.delete("page");
    navigate(`${location.pathname}?${q}`, { replace: true, preventScrollReset: true });
  };

  return (
    <Dialog id="relearn-dialog" title={editing ? "재학습자 수정" : "재학습자 등록"} closeTo={closeTo} size="xl">
      <AppForm id={RELEARN_FORM_ID} validator={validator} action={action} defaultValues={{ year: String(dialog.year) }}>
        <FormAlert serverMessage={posted?.alert ?? noCodes} order={relearningOrder} />
        <Stack gap="sm">
          <input type="hidden" name="rlSeq" value={dialog.rlSeq ?? ""} />
          {editing ? (
            <TextField name="year" label="년도" readOnly w={120} />
          ) : (
            <SelectField name="year" label="년도" required options={years.map((y) => ({ value: String(y), label: `${y}년` }))} w={140} onValueChange={chooseYear} />
          )}
          <StudentRows
            initial={initial}
            year={year}
            multiple={!editing}
            fixed={editing}
            extra={(i, row) => <SubjectFlags index={i} row={row} subjects={dialog.subjects} />}
          />
          <SaveWithConfirm update={editing} pending={posted?.confirm === "save"} cancelHref={closeTo} />
        </Stack>
      </AppForm>
    </Dialog>
  );
}
