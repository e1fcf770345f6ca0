/**
 * R17 the register/edit dialog (spec 001 §2 "Awards and participation", §4 "Awards", §5): one
 * native multipart form. The year (adding: changing it clears the looked-up students, spec 001 §4,
 * and with JavaScript loads that year's categories), the category of the year (0001300001 award:
 * the award date; 0001300002 participation: start and end dates, place on or off campus, the place
 * and the schedule), the program's name, the winners or participants (student number confirmed
 * with the button, the research subject or award detail; rows added and removed, the last one
 * stays) and one attachment (saved one: its download link and a remove checkbox).
 *
 * Without JavaScript the category's fields appear after '적용' (a post that brings the dialog back
 * with every value kept, and the codes of the year chosen in it); the rows' buttons post the same
 * way. The server checks everything again.
 */
import { Button, Group, Stack, Text, TextInput } from "~/components/ui/mantine";
import { useLocation, useNavigate } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useState } from "react";
import { SaveWithoutConfirm } from "~/components/form/ConfirmSubmit";
import { AppForm, FormAlert } from "~/components/form/AppForm";
import { AttachmentField } from "~/components/form/AttachmentField";
import { DateField, FieldGroup, SelectField, TextField, RecordYearField } from "~/components/form/fields";
import { PlaceFields } from "~/components/form/PlaceFields";
import { STUDENT_PERSON, StudentRows, type RowsReply } from "~/components/form/StudentRows";
import { Dialog } from "~/components/layout/Dialog";
import { useHydrated } from "~/components/layout/useHydrated";
import type { AwardCode, AwardDialogData } from "./__loader.server";
import {
  AWARD_CODE,
  AWARD_FILE_EXTENSIONS,
  AWARD_FILE_FIELD,
  AWARD_FILE_REMOVE,
  AWARD_LABELS as L,
  AWARDS_TITLE,
  PARTICIPATION_CODE,
  awardOrder,
  awardSchema,
  oneRowMessage,
} from "./__schema";
import { MSG } from "~/schemas/messages.ko";
import { rowField, type LookupRow } from "~/schemas/student-rows";
import { withParams } from "~/utils/url";

export type { AwardDialogData };
export const AWARD_FORM_ID = "award-form";

export type AwardReply = RowsReply & { codes?: AwardCode[] };

const validator = withZod(awardSchema);

/** An attachment's download link (the resource route reads the program's file). */
export const awardFileHref = (path: string, year: number | string, paSeq: number | string) => `${path}/file${withParams("", { year: String(year), paSeq: String(paSeq) })}`;

/** The research subject or award detail of row `index`. */
function RowSubject({ index, row, award }: { index: number; row: LookupRow; award: boolean }) {
  return (
    <TextInput
      name={rowField(index, "rsrchSbj")}
      id={`${AWARD_FORM_ID}-r${index}-rsrchSbj`}
      label={award ? "수상내용" : "연구주제"}
      defaultValue={row.rsrchSbj ?? ""}
      maxLength={200}
      w={220}
    />
  );
}

export function AwardDialog({ path, dialog, years, reply, action, closeTo }: { path: string; dialog: AwardDialogData; years: readonly number[]; reply?: AwardReply; action: string; closeTo: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const editing = dialog.mode === "edit";
  const posted = reply?.formId === AWARD_FORM_ID || reply?.rows ? reply : undefined;
  const startYear = String(posted?.repopulateFields?.year ?? dialog.year);
  const [year, setYear] = useState(startYear);
  const [category, setCategory] = useState(String(posted?.repopulateFields?.paSeCd ?? dialog.values.paSeCd ?? ""));
  // the codes of the year chosen in the dialog (a step's reply), else of the dialog's year
  const codes = posted?.codes ?? dialog.codes;
  const initial: LookupRow[] = posted?.rows ?? dialog.rows;
  // changing the year clears the looked-up students (spec 001 §4): the rows start again, blank
  const rows = year === startYear ? initial : [];
  const award = category === AWARD_CODE;
  const participation = category === PARTICIPATION_CODE;
  const removedField = posted?.repopulateFields?.[AWARD_FILE_REMOVE];

  const chooseYear = (value: string) => {
    setYear(value);
    // that year's categories (the list behind follows the year too)
    if (hydrated) navigate(`${location.pathname}${withParams(location.search, { year: value, page: null })}`, { replace: true, preventScrollReset: true });
  };

  return (
    <Dialog id="award-dialog" title={`${AWARDS_TITLE} ${editing ? "수정" : "등록"}`} closeTo={closeTo} size="xl">
      <AppForm id={AWARD_FORM_ID} validator={validator} action={action} encType="multipart/form-data" defaultValues={dialog.values}>
        <FormAlert serverMessage={posted?.alert ?? (codes.length ? null : MSG.awardNoCodes)} order={awardOrder} />
        <Stack gap="sm">
          <input type="hidden" name="paSeq" value={dialog.paSeq ?? ""} />
          <Group align="flex-end" gap="md" wrap="wrap">
            <RecordYearField editing={editing} label={L.year} years={years} onValueChange={chooseYear} />
            <SelectField name="paSeCd" label={L.paSeCd} required placeholder="선택" options={codes.map((c) => ({ value: c.id, label: c.text }))} w={160} onValueChange={setCategory} />
            {hydrated ? null : (
              <Button type="submit" name="intent" value="category" formNoValidate variant="default" mb={1} aria-label="구분 적용">
                적용
              </Button>
            )}
          </Group>
          <TextField name="prgmNm" label={L.prgmNm} required maxLength={200} />
          {award ? <DateField name="awardDate" label={L.awardDate} required /> : null}
          {participation ? (
            <>
              <Group align="flex-start" gap="md" wrap="wrap">
                <DateField name="prgmStde" label={L.prgmStde} required />
                <DateField name="prgmEnde" label={L.prgmEnde} required />
              </Group>
              <PlaceFields codeLabel={L.placeCd} placeLabel={L.place} />
              <TextField name="prgmDate" label={L.prgmDate} maxLength={500} />
            </>
          ) : null}
          {!award && !participation ? (
            <Text size="sm" c="dark.6">
              구분을 선택하면 {hydrated ? "" : "'적용'을 누른 뒤 "}수상일 또는 참여 기간·장소를 입력할 수 있습니다.
            </Text>
          ) : null}
          <FieldGroup legend={participation ? "참여자" : "수상자"} error={posted?.fieldErrors?.rows}>
            <StudentRows
              key={year === startYear ? "start" : year}
              initial={rows}
              year={year}
              multiple
              extraBlank={{ rsrchSbj: "" }}
              addLabel={participation ? "참여자 추가" : "수상자 추가"}
              person={{ ...STUDENT_PERSON, noun: participation ? "참여자" : "수상자" }}
              lastRowMessage={oneRowMessage(category)}
              extra={(i, row) => <RowSubject index={i} row={row} award={!participation} />}
            />
          </FieldGroup>
          <AttachmentField
            formId={AWARD_FORM_ID}
            label="첨부파일"
            name={AWARD_FILE_FIELD}
            removeName={AWARD_FILE_REMOVE}
            extensions={AWARD_FILE_EXTENSIONS}
            saved={dialog.file ? { orn: dialog.file.orn, href: dialog.paSeq ? awardFileHref(path, dialog.year, dialog.paSeq) : null } : null}
            removed={removedField === "Y"}
            error={posted?.fieldErrors?.[AWARD_FILE_FIELD]}
          />
          <SaveWithoutConfirm update={editing} cancelHref={closeTo} />
        </Stack>
      </AppForm>
    </Dialog>
  );
}
