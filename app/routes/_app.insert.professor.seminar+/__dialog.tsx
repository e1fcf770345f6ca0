/**
 * R07 the register/edit dialog (spec 001 §2 "Seminars", §4 "Seminar member", §5 "Seminar"): one
 * native multipart form. The year (register only; its category codes follow it), the category
 * (code group 0001800000 of the year; a year without codes says '해당년도에 등록된 공통코드가
 * 없습니다.'), start and end dates, the place (on or off campus, and its name), the schedule (the
 * saved one with its download link and a remove checkbox; a new file replaces it) and the
 * participants: professors, each an employee number confirmed with its button (name filled;
 * editing the number or changing the year undoes it), added and removed by row (the last one
 * cannot go: '한명의 참여자는 등록되어야합니다.'). Works the same without JavaScript; the server
 * checks everything again.
 */
import { Group, Stack, Text } from "~/components/ui/mantine";
import { useFetcher } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useState } from "react";
import { SaveWithoutConfirm } from "~/components/form/ConfirmSubmit";
import { AppForm, FormAlert } from "~/components/form/AppForm";
import { AttachmentField } from "~/components/form/AttachmentField";
import { DateField, FieldGroup, SelectField, RecordYearField } from "~/components/form/fields";
import { PlaceFields } from "~/components/form/PlaceFields";
import { StudentRows, type RowsPerson, type RowsReply } from "~/components/form/StudentRows";
import { Dialog } from "~/components/layout/Dialog";
import { useHydrated } from "~/components/layout/useHydrated";
import { useCsrfToken } from "~/components/layout/useRootData";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { FILE_FIELD, REMOVE_FIELD, SEMINAR_FILE_EXTENSIONS, SEMINAR_LABELS as L, SEMINAR_TITLE, seminarOrder, seminarSchema } from "./__schema";
import type { LookupRow } from "~/schemas/student-rows";
import type { SeminarCodes, SeminarDialogData } from "./__loader.server";
import { withParams } from "~/utils/url";

export type { SeminarDialogData };
export const SEMINAR_FORM_ID = "seminar-form";

export interface SeminarReply extends RowsReply {
  codes?: SeminarCodes | null;
}

const validator = withZod(seminarSchema);

/** The participants are professors, by employee number (spec 001 §5 "Seminar" messages). */
const PROFESSOR: RowsPerson = { noun: "참여자", idLabel: "사번", needsId: MSG.employeeLookupNeedsId, changed: OWN_MSG.employeeLookupChanged };

/** The schedule's download link (the resource route reads the seminar's saved file). */
export const scheduleHref = (path: string, year: number | string, smSeq: number | string) => `${path}/file${withParams("", { year: String(year), smSeq: String(smSeq) })}`;

export function SeminarDialog({ path, dialog, years, reply, action, closeTo }: { path: string; dialog: SeminarDialogData; years: readonly number[]; reply?: SeminarReply; action: string; closeTo: string }) {
  const hydrated = useHydrated();
  const csrf = useCsrfToken();
  const codesFetcher = useFetcher<{ codes?: SeminarCodes | null }>();
  const editing = dialog.mode === "edit";
  const posted = reply?.formId === SEMINAR_FORM_ID || reply?.rows ? reply : undefined;
  const startYear = String(posted?.repopulateFields?.year ?? dialog.year);
  const [year, setYear] = useState(startYear);
  const forYear = (c: SeminarCodes | null | undefined) => (c && String(c.year) === year ? c : null);
  const codes = forYear(codesFetcher.data?.codes) ?? forYear(posted?.codes) ?? (String(dialog.codes.year) === year ? dialog.codes : null);
  const initial: LookupRow[] = posted?.rows ?? dialog.rows;
  // changing the year undoes every participant's confirmation (spec 001 §4): the rows start again, blank
  const rows = year === startYear ? initial : [];
  const noCodes = codes !== null && codes.list.length === 0;
  const yearOptions = [...new Set([...years, dialog.year])].sort((a, b) => b - a);
  const chooseYear = (v: string) => {
    setYear(v);
    if (hydrated && /^[0-9]{4}$/.test(v)) codesFetcher.submit({ _csrf: csrf, intent: "codes", year: v }, { method: "post", action });
  };
  return (
    <Dialog id="seminar-dialog" title={`${SEMINAR_TITLE} ${editing ? "수정" : "등록"}`} closeTo={closeTo} size="xl">
      <AppForm id={SEMINAR_FORM_ID} validator={validator} action={action} encType="multipart/form-data" defaultValues={dialog.values}>
        <FormAlert serverMessage={posted?.alert ?? (noCodes ? MSG.noYearCodes : null)} order={seminarOrder} />
        <Stack gap="sm">
          <input type="hidden" name="smSeq" value={dialog.smSeq ?? ""} />
          <Group align="flex-start" gap="md" wrap="wrap">
            <RecordYearField editing={editing} label={L.year} years={yearOptions} onValueChange={chooseYear} />
            <SelectField key={codes ? `codes-${codes.year}` : "codes"} name="smSe" label={L.smSe} required placeholder="선택" options={(codes?.list ?? []).map((c) => ({ value: c.id, label: c.text }))} w={260} />
          </Group>
          <Group align="flex-start" gap="md" wrap="wrap">
            <DateField name="smStde" label={L.smStde} required />
            <DateField name="smEnde" label={L.smEnde} required />
          </Group>
          <PlaceFields codeLabel={L.placeCd} placeLabel={L.place} />
          <AttachmentField
            formId={SEMINAR_FORM_ID}
            label={L.file}
            name={FILE_FIELD}
            removeName={REMOVE_FIELD}
            extensions={SEMINAR_FILE_EXTENSIONS}
            saved={dialog.file ? { orn: dialog.file.orn, href: dialog.smSeq ? scheduleHref(path, dialog.year, dialog.smSeq) : null } : null}
            removed={posted?.repopulateFields?.[REMOVE_FIELD] === "Y"}
            error={posted?.fieldErrors?.[FILE_FIELD]}
          />
          <FieldGroup legend={L.users}>
            <StudentRows key={year === startYear ? "start" : year} initial={rows} year={year} multiple person={PROFESSOR} lastRowMessage={MSG.oneParticipantRequired} addLabel="참여자 추가" />
          </FieldGroup>
          <Text size="xs" c="dark.6">
            참여자는 해당 년도에 등록된 교수의 사번을 입력한 뒤 확인 버튼으로 이름을 확인합니다.
          </Text>
          <SaveWithoutConfirm update={editing} cancelHref={closeTo} />
        </Stack>
      </AppForm>
    </Dialog>
  );
}
