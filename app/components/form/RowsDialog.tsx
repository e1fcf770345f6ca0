/**
 * The register/edit dialog of a score screen with student rows (spec 002 §4: re-learners, patient
 * safety, health and medical law): one native form in a Dialog with the '알림' (the server's
 * message, or the first failing field in screen order), the record's key, the screen's own fields,
 * the student lookup rows (StudentRows) and the save that asks '등록 하시겠습니까?' /
 * '수정 하시겠습니까?' first. The screen gives its fields and each row's own fields.
 */
import { Stack } from "~/components/ui/mantine";
import type { ReactNode } from "react";
import type { Validator } from "remix-validated-form";
import { Dialog } from "~/components/layout/Dialog";
import { AppForm, FormAlert } from "./AppForm";
import { SaveWithConfirm } from "./ConfirmSubmit";
import { FieldGroup } from "./fields";
import { StudentRows, type StudentRowsProps } from "./StudentRows";

export interface RowsDialogProps {
  id: string;
  title: string;
  closeTo: string;
  form: { id: string; validator: Validator<{ [field: string]: unknown }>; action: string; defaultValues: Record<string, unknown> };
  /** the server's message (or the screen's, e.g. a year without codes) */
  alert?: string | null;
  /** every field in screen order */
  order: readonly string[];
  /** hidden fields (the record's key) */
  hidden: Record<string, string | number>;
  /** the fields above the rows (the year first) */
  children: ReactNode;
  rows: StudentRowsProps;
  /** a legend over the rows */
  rowsLegend?: string;
  update: boolean;
  /** the save's question is being asked (without JavaScript, a step in the page) */
  pending: boolean;
}

export function RowsDialog({ id, title, closeTo, form, alert, order, hidden, children, rows, rowsLegend, update, pending }: RowsDialogProps) {
  const studentRows = <StudentRows {...rows} />;
  return (
    <Dialog id={id} title={title} closeTo={closeTo} size="xl">
      <AppForm id={form.id} validator={form.validator} action={form.action} defaultValues={form.defaultValues}>
        <FormAlert serverMessage={alert} order={order} />
        <Stack gap="sm">
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {children}
          {rowsLegend ? <FieldGroup legend={rowsLegend}>{studentRows}</FieldGroup> : studentRows}
          <SaveWithConfirm update={update} pending={pending} cancelHref={closeTo} />
        </Stack>
      </AppForm>
    </Dialog>
  );
}
