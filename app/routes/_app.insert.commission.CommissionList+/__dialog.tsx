/**
 * R08 the committee register/edit dialog (spec 001 §2 "Committees", §5 "Committee and term"): one
 * native form of the founding year (1990 … this year, spec 001 §9), the name and the operating
 * status (Y operating, N not). The messages in the spec's order: '설립연도를 입력하세요.',
 * '위원회명을 입력하세요.', '운영상태를 선택하세요.'. Works the same without JavaScript; the server
 * checks everything again.
 */
import { Group, Stack } from "~/components/ui/mantine";
import { withZod } from "@remix-validated-form/with-zod";
import { AppForm, FormAlert } from "~/components/form/AppForm";
import { SaveWithoutConfirm } from "~/components/form/ConfirmSubmit";
import { SelectField, TextField } from "~/components/form/fields";
import { Dialog } from "~/components/layout/Dialog";
import type { ListReplyData } from "~/components/list/ListPage";
import type { CommitteeDialogData } from "./__loader.server";
import { COMMITTEE_LABELS as L, COMMITTEE_TITLE, OPR_STATUSES, committeeOrder, committeeSchemaOf } from "~/schemas/committees";
import { seoulYear } from "~/utils/time";

export type { CommitteeDialogData };
export const COMMITTEE_FORM_ID = "committee-form";

export function CommitteeDialog({ dialog, reply, action, closeTo }: { dialog: CommitteeDialogData; reply?: ListReplyData & { repopulateFields?: Record<string, unknown> }; action: string; closeTo: string }) {
  const editing = dialog.mode === "edit";
  const posted = reply?.formId === COMMITTEE_FORM_ID ? reply : undefined;
  const validator = withZod(committeeSchemaOf(seoulYear()));
  return (
    <Dialog id="committee-dialog" title={`${COMMITTEE_TITLE} ${editing ? "수정" : "등록"}`} closeTo={closeTo}>
      <AppForm id={COMMITTEE_FORM_ID} validator={validator} action={action} defaultValues={dialog.values}>
        <FormAlert serverMessage={posted?.alert ?? null} order={committeeOrder} />
        <Stack gap="sm">
          <input type="hidden" name="cmtSeq" value={dialog.cmtSeq ?? ""} />
          <Group align="flex-start" gap="md" wrap="wrap">
            <SelectField name="year" label={L.year} required placeholder="선택" options={dialog.foundingYears.map((y) => ({ value: String(y), label: `${y}년` }))} w={160} />
            <SelectField name="oprStt" label={L.oprStt} required placeholder="선택" options={OPR_STATUSES.map((o) => ({ value: o.value, label: o.label }))} w={160} />
          </Group>
          <TextField name="cmtNm" label={L.cmtNm} required maxLength={100} />
          <SaveWithoutConfirm update={editing} cancelHref={closeTo} />
        </Stack>
      </AppForm>
    </Dialog>
  );
}
