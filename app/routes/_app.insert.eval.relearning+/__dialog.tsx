/**
 * E01 the re-learner add/edit dialog (spec 002 §4, §5 "Re-learner"): the year and student lookup
 * rows, each with one checkbox per subject of the year (checked = reYn Y). Adding takes several
 * students (rows are added and removed; the first stays); editing shows the record's one student,
 * its number fixed, and no add button. With JavaScript, choosing another year reloads that year's
 * subjects (the URL's `year`) and undoes every confirmation; without it the year is read on the
 * next post.
 */
import { Checkbox, Group } from "~/components/ui/mantine";
import { useLocation, useNavigate } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useState } from "react";
import { RowsDialog } from "~/components/form/RowsDialog";
import { FieldGroup, SelectField, TextField } from "~/components/form/fields";
import type { RowsReply } from "~/components/form/StudentRows";
import { useHydrated } from "~/components/layout/useHydrated";
import { MSG } from "~/schemas/messages.ko";
import { relearningOrder, relearningSchema, subjField, type RelearnSubject } from "./__schema";
import { rowField, type LookupRow } from "~/schemas/student-rows";
import { withParams } from "~/utils/url";

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
    <FieldGroup legend={`재학습 과목 (학생 ${index + 1})`} grow>
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
    </FieldGroup>
  );
}

export function RelearnerDialog({ dialog, years, reply, action, closeTo }: { dialog: RelearnDialogData; years: readonly number[]; reply?: RelearnReply; action: string; closeTo: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const editing = dialog.mode === "edit";
  const posted = reply?.formId === RELEARN_FORM_ID || reply?.rows ? reply : undefined;
  const [year, setYear] = useState(String(posted?.repopulateFields?.year ?? dialog.year));

  const chooseYear = (value: string) => {
    setYear(value);
    // that year's subjects (the list behind follows the year too)
    if (hydrated) navigate(`${location.pathname}${withParams(location.search, { year: value, page: null })}`, { replace: true, preventScrollReset: true });
  };

  return (
    <RowsDialog
      id="relearn-dialog"
      title={editing ? "재학습자 수정" : "재학습자 등록"}
      closeTo={closeTo}
      form={{ id: RELEARN_FORM_ID, validator, action, defaultValues: { year: String(dialog.year) } }}
      alert={posted?.alert ?? (dialog.subjects.length ? null : MSG.noYearCodes)}
      order={relearningOrder}
      hidden={{ rlSeq: dialog.rlSeq ?? "" }}
      rows={{ initial: posted?.rows ?? (dialog.row ? [dialog.row] : []), year, multiple: !editing, fixed: editing, extra: (i, row) => <SubjectFlags index={i} row={row} subjects={dialog.subjects} /> }}
      update={editing}
      pending={posted?.confirm === "save"}
    >
      {editing ? (
        <TextField name="year" label="년도" readOnly w={120} />
      ) : (
        <SelectField name="year" label="년도" required options={years.map((y) => ({ value: String(y), label: `${y}년` }))} w={140} onValueChange={chooseYear} />
      )}
    </RowsDialog>
  );
}
