/**
 * R15/R16 the register/edit dialog (spec 001 §4 "Volunteer and health-care modals", §5): one
 * native multipart form. The year, the student number looked up with the confirm button (name and
 * usSeq filled; changing the year clears the looked-up student, editing the number after a lookup
 * undoes it), the dates, the hours, the place (health-care: country and school), content,
 * evaluation, organisation, its phone in three parts, the manager's position and name, and the
 * attachments: each saved one with its download link and a remove checkbox (removed on save), and
 * a file input per free slot (at most 3 in all). Works the same without JavaScript; the server
 * checks everything again.
 */
import { Group, Stack, Text, TextInput } from "~/components/ui/mantine";
import { withZod } from "@remix-validated-form/with-zod";
import { useMemo, useState } from "react";
import { SaveWithoutConfirm } from "~/components/form/ConfirmSubmit";
import { AppForm, FormAlert, useFieldId } from "~/components/form/AppForm";
import { useFieldState } from "~/components/form/field-state";
import { SavedFile, acceptOf } from "~/components/form/AttachmentField";
import { DateField, FieldGroup, TextField, RecordYearField } from "~/components/form/fields";
import { TextareaField } from "~/components/form/TextareaField";
import { StudentRows, type RowsReply } from "~/components/form/StudentRows";
import { Dialog } from "~/components/layout/Dialog";
import { ACTIVITY_FILE_EXTENSIONS, ACTIVITY_KINDS, ACTIVITY_TEXT_MAX, ACTIVITY_LABELS as L, ACTIVITY_MAX_FILES, FILES_FIELD, REMOVE_FIELD, activityOrder, activitySchema, type ActivityFile, type ActivityKind } from "~/schemas/activities";
import { digitsOnly, type LookupRow } from "~/schemas/student-rows";
import type { ActivityDialogData } from "~/routes/__activities.server";
import { fileHref } from "./ActivityPage";

export type { ActivityDialogData };
export const ACTIVITY_FORM_ID = "activity-form";

export type ActivityReply = RowsReply;

const ACCEPT = acceptOf(ACTIVITY_FILE_EXTENSIONS);

/** The organisation's phone: three parts of at most 4 digits (spec 001 §5, §9). */
function TelParts() {
  const parts = [useFieldState("tel1"), useFieldState("tel2"), useFieldState("tel3")];
  const ids = [useFieldId("tel1"), useFieldId("tel2"), useFieldId("tel3")];
  const error = parts.map((p) => p.error).find(Boolean);
  const errorId = `${ids[0]}-group-error`;
  const names = ["앞자리", "가운데 자리", "끝자리"];
  return (
    <FieldGroup legend={L.tel} error={error} errorId={errorId}>
      <Group gap={6} wrap="nowrap" mt={4} align="flex-start">
        {parts.map((p, i) => (
          <Group key={i} gap={6} wrap="nowrap">
            {i > 0 ? <span aria-hidden>-</span> : null}
            <TextInput
              {...p.getInputProps()}
              id={ids[i]}
              aria-label={`${L.tel} ${names[i]}`}
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              w={80}
              error={p.error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onInput={(e: React.FormEvent<HTMLInputElement>) => {
                const el = e.currentTarget;
                const clean = digitsOnly(el.value).slice(0, 4);
                if (clean !== el.value) el.value = clean;
              }}
            />
          </Group>
        ))}
      </Group>
    </FieldGroup>
  );
}

/** The attachments: saved ones (download, remove) and a file input per free slot. */
function Attachments({ path, year, seq, files, removed, error }: { path: string; year: number; seq: number | null; files: readonly ActivityFile[]; removed: readonly string[]; error?: string }) {
  const errorId = `${ACTIVITY_FORM_ID}-files-error`;
  return (
    <FieldGroup legend={`첨부파일 (최대 ${ACTIVITY_MAX_FILES}개, 파일당 10MB: ${ACTIVITY_FILE_EXTENSIONS.join(", ")})`} error={error} errorId={errorId} errorRole="alert">
      <Stack gap={6} mt={4}>
        {files.map((f) => (
          <SavedFile key={f.fileSeq} href={seq ? fileHref(path, year, seq, f.fileSeq) : null} orn={f.orn} removeName={REMOVE_FIELD} removeValue={String(f.fileSeq)} removed={removed.includes(String(f.fileSeq))} />
        ))}
        {Array.from({ length: ACTIVITY_MAX_FILES }, (_, i) => (
          <input
            key={i}
            type="file"
            name={FILES_FIELD}
            accept={ACCEPT}
            id={`${ACTIVITY_FORM_ID}-file-${i + 1}`}
            aria-label={`새 첨부파일 ${i + 1}`}
            aria-describedby={error ? errorId : undefined}
          />
        ))}
        <Text size="xs" c="dark.6">
          저장된 파일과 새 파일을 합쳐 {ACTIVITY_MAX_FILES}개까지 첨부할 수 있습니다. 삭제를 선택한 파일은 저장할 때 지워집니다.
        </Text>
      </Stack>
    </FieldGroup>
  );
}

export function ActivityDialog({ kind, dialog, years, reply, action, closeTo }: { kind: ActivityKind; dialog: ActivityDialogData; years: readonly number[]; reply?: ActivityReply; action: string; closeTo: string }) {
  const def = ACTIVITY_KINDS[kind];
  const validator = useMemo(() => withZod(activitySchema(kind)), [kind]);
  const editing = dialog.mode === "edit";
  const posted = reply?.formId === ACTIVITY_FORM_ID || reply?.rows ? reply : undefined;
  const startYear = String(posted?.repopulateFields?.year ?? dialog.year);
  const [year, setYear] = useState(startYear);
  const initial: LookupRow[] = posted?.rows ?? (dialog.row ? [dialog.row] : []);
  // changing the year clears the looked-up student (spec 001 §4): the rows start again, blank
  const rows = year === startYear ? initial : [];
  const fileError = posted?.fieldErrors?.[FILES_FIELD];
  // a refused post keeps the files ticked for removal (the chosen new files must be chosen again)
  const removedField = posted?.repopulateFields?.[REMOVE_FIELD];
  const removed = (Array.isArray(removedField) ? removedField : removedField ? [removedField] : []).map(String);
  return (
    <Dialog id="activity-dialog" title={`${def.title} ${editing ? "수정" : "등록"}`} closeTo={closeTo} size="xl">
      <AppForm id={ACTIVITY_FORM_ID} validator={validator} action={action} encType="multipart/form-data" defaultValues={dialog.values}>
        <FormAlert serverMessage={posted?.alert} order={activityOrder(kind)} />
        <Stack gap="sm">
          <input type="hidden" name="seq" value={dialog.seq ?? ""} />
          <RecordYearField editing={editing} label={L.year} years={years} onValueChange={setYear} />
          <StudentRows key={year === startYear ? "start" : year} initial={rows} year={year} />
          <Group align="flex-start" gap="md" wrap="wrap">
            <DateField name="stde" label={L.stde} required />
            <DateField name="ende" label={L.ende} required />
            <TextField name="time" label={`${L.time} (시간)`} required inputMode="numeric" maxLength={3} w={140} keep={(v) => digitsOnly(v).slice(0, 3)} />
          </Group>
          <Group align="flex-start" gap="md" wrap="wrap" grow>
            {def.placeFields.map((f) => (
              <TextField key={f} name={f} label={L[f]} required maxLength={ACTIVITY_TEXT_MAX[f]} />
            ))}
          </Group>
          <TextareaField name="cntnt" label={L.cntnt} maxLength={ACTIVITY_TEXT_MAX.cntnt} rows={3} />
          <TextareaField name="eval" label={L.eval} maxLength={ACTIVITY_TEXT_MAX.eval} rows={2} />
          <Group align="flex-start" gap="md" wrap="wrap">
            <TextField name="org" label={L.org} maxLength={ACTIVITY_TEXT_MAX.org} w={260} />
            <TelParts />
          </Group>
          <Group align="flex-start" gap="md" wrap="wrap">
            <TextField name="mngrPstn" label={L.mngrPstn} maxLength={ACTIVITY_TEXT_MAX.mngrPstn} w={180} />
            <TextField name="mngrNm" label={L.mngrNm} maxLength={ACTIVITY_TEXT_MAX.mngrNm} w={180} />
          </Group>
          <Attachments path={def.path} year={dialog.year} seq={dialog.seq} files={dialog.files} removed={removed} error={fileError} />
          <SaveWithoutConfirm update={editing} cancelHref={closeTo} />
        </Stack>
      </AppForm>
    </Dialog>
  );
}
