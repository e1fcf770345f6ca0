/**
 * R09 the term register/edit dialog (spec 001 §2 "Committees", §4, §5 "Committee and term"): one
 * native form of the name and the operating start and end (typed 'YYYY-MM-DD'; the wire's
 * 'yyyy-MM-dd 00:00:00' and 'yyyy-MM-dd 23:59:59', spec 001 §9). The messages in the spec's order:
 * '기수명을 입력하세요.', '운영시작일을 선택하세요.', '운영종료일을 선택하세요.'; a start after the end
 * is '운영기간을 확인하세요.' with the field just changed cleared and the rest kept, answered by the
 * server with and without JavaScript (the form posts the dates it opened with, so the server knows
 * which one changed). With JavaScript the cleared field is cleared in the mounted form too.
 */
import { Group, Stack } from "~/components/ui/mantine";
import { withZod } from "@remix-validated-form/with-zod";
import { useEffect, useMemo, useRef } from "react";
import type { Validator } from "remix-validated-form";
import { AppForm, FormAlert } from "~/components/form/AppForm";
import { SaveWithoutConfirm } from "~/components/form/ConfirmSubmit";
import { DateField, TextField } from "~/components/form/fields";
import { Dialog } from "~/components/layout/Dialog";
import { MSG } from "~/schemas/messages.ko";
import { TERM_FORM_ID, termOrder, termPeriodOnServer, termSchema } from "~/schemas/committees";

export interface TermReply {
  formId?: string;
  alert?: string;
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
}

const zodValidator = withZod(termSchema);
/** The browser checks every rule but the period (the server answers it, clearing the changed field). */
const validator: Validator<Record<string, unknown>> = {
  ...zodValidator,
  validate: async (data) => {
    const r = await zodValidator.validate(data);
    if (r.error && termPeriodOnServer(r.error.fieldErrors)) return { data: undefined as never, error: undefined, submittedData: r.submittedData, formId: r.formId };
    return r;
  },
};

/** A number that changes with each reply object (a new post's answer), to re-mount the form. */
export function useReplyGeneration(reply: unknown): number {
  const last = useRef<unknown>(reply);
  const gen = useRef(0);
  return useMemo(() => {
    if (reply !== last.current) {
      last.current = reply;
      gen.current += 1;
    }
    return gen.current;
  }, [reply]);
}

export function TermDialog({ values, editing, reply, action, closeTo }: { values: Record<string, string>; editing: boolean; reply?: TermReply; action: string; closeTo: string }) {
  const posted = reply?.formId === TERM_FORM_ID ? reply : undefined;
  const shown = (posted?.repopulateFields as Record<string, string> | undefined) ?? values;
  // with JavaScript the form stays mounted: the field the server cleared is cleared here too
  useEffect(() => {
    for (const [field, message] of Object.entries(posted?.fieldErrors ?? {})) {
      const input = message === MSG.termPeriod ? document.getElementById(`${TERM_FORM_ID}-${field}`) : null;
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [posted]);
  return (
    <Dialog id="term-dialog" title={`기수 ${editing ? "수정" : "등록"}`} closeTo={closeTo}>
      <AppForm id={TERM_FORM_ID} validator={validator} action={action} defaultValues={shown}>
        <FormAlert serverMessage={posted?.alert ?? null} order={termOrder} />
        <Stack gap="sm">
          <input type="hidden" name="cmtSeq" value={values.cmtSeq} />
          <input type="hidden" name="ctSeq" value={values.ctSeq} />
          <input type="hidden" name="operStdtWas" value={shown.operStdt ?? ""} />
          <input type="hidden" name="operEndtWas" value={shown.operEndt ?? ""} />
          <TextField name="ctNm" label="기수명" required maxLength={100} />
          <Group align="flex-start" gap="md" wrap="wrap">
            <DateField name="operStdt" label="운영시작일" required />
            <DateField name="operEndt" label="운영종료일" required />
          </Group>
          <SaveWithoutConfirm update={editing} cancelHref={closeTo} />
        </Stack>
      </AppForm>
    </Dialog>
  );
}
