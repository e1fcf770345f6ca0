/** The change-password form, reached from a successful find-password (spec 000 §4). */
import { Button, Stack } from "@mantine/core";
import { withZod } from "@remix-validated-form/with-zod";
import { AppForm } from "~/components/form/AppForm";
import { PasswordField } from "~/components/form/fields";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { changeOrder, changeSchema } from "~/schemas/account";
import { firstInvalidOf, type FormReplyLike } from "./SignupForm";

const validator = withZod(changeSchema);

export function ChangeForm({ reply }: { reply?: FormReplyLike }) {
  const first = firstInvalidOf(reply, changeOrder);
  return (
    <AppForm id="change" validator={validator} action="/?index&dialog=change">
      <input type="hidden" name="intent" value="change" />
      <AlertRegion message={reply?.alert} />
      <Stack gap="sm">
        <PasswordField name="userPass" label="새 비밀번호" required autoComplete="new-password" autoFocus={first !== "userPassChk"} description="영문, 숫자, 특수문자 또는 대소문자를 섞어 8자 이상" />
        <PasswordField name="userPassChk" label="새 비밀번호 확인" required autoComplete="new-password" autoFocus={first === "userPassChk"} />
        <Button type="submit">변경</Button>
      </Stack>
    </AppForm>
  );
}
