/**
 * The messenger's send dialog (spec 000 §5 "Message"): the content and the target authorities.
 * It is URL state (`?dialog=send`) and posts intent=send; the loader opens it only for users who
 * may send. Without JavaScript it is a section above the (long) list; with it, a modal.
 */
import { Button, Group, Stack } from "~/components/ui/mantine";
import { withZod } from "@remix-validated-form/with-zod";
import { AppForm } from "~/components/form/AppForm";
import { CheckboxGroupField } from "~/components/form/fields";
import { TextareaField } from "~/components/form/TextareaField";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import type { FormReply } from "~/utils/form.server";
import { AUTHORITIES } from "~/schemas/rules";
import { inboxHref, MESSAGE_MAX_CHARS, messageLength, sendOrder, sendSchema } from "./__schema";

const sendValidator = withZod(sendSchema);
const targetOptions = AUTHORITIES.map((a) => ({ value: a.code, label: a.label }));

function SendForm({ limit, reply }: { limit: number; reply?: FormReply }) {
  const first = reply?.fieldErrors ? sendOrder.find((f) => reply.fieldErrors[f]) : undefined;
  return (
    <AppForm id="send" validator={sendValidator} action={inboxHref(limit, { dialog: "send" })}>
      <input type="hidden" name="intent" value="send" />
      <AlertRegion message={reply?.alert} />
      <Stack gap="sm">
        <TextareaField
          name="msg"
          label="내용"
          required
          rows={8}
          maxLength={MESSAGE_MAX_CHARS}
          countOf={messageLength}
          description={`최대 ${MESSAGE_MAX_CHARS}자까지 입력할 수 있습니다.`}
          autoFocus={first === "msg"}
        />
        <CheckboxGroupField name="authTyList" legend="대상" options={targetOptions} required />
        <Group justify="flex-end">
          <Button type="submit">보내기</Button>
        </Group>
      </Stack>
    </AppForm>
  );
}

/** The dialog for the inbox at `limit`; closing it goes back to that inbox. */
export function SendDialog({ limit, reply }: { limit: number; reply?: FormReply }) {
  return (
    <Dialog id="send-dialog" title="메시지 보내기" closeTo={inboxHref(limit)}>
      <SendForm limit={limit} reply={reply} />
    </Dialog>
  );
}
