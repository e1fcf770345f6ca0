/**
 * The change-password form, reached from a successful find-password (spec 000 §4). When the server
 * sent a one-time code (issue 17, ADR 0024) the form says where it went and asks for it first.
 * Validated on the server only (ADR 0044), which answers each field's message.
 */
import { Anchor, Button, Stack } from "~/components/ui/mantine";
import { Link } from "@remix-run/react";
import { AppForm, serverValidated } from "~/components/form/ServerValidatedForm";
import { TextField } from "~/components/form/fields";
import { PasswordField } from "~/components/form/PasswordField";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { changeOrder, changeWithCodeOrder } from "~/schemas/account-order";
import { firstInvalidOf, type FormReplyLike } from "./SignupForm";

export function ChangeForm({ reply, codeNotice }: { reply?: FormReplyLike; codeNotice?: string | null }) {
  const withCode = Boolean(codeNotice);
  const first = firstInvalidOf(reply, withCode ? changeWithCodeOrder : changeOrder);
  return (
    <AppForm id="change" validator={serverValidated} action="/?index&dialog=change">
      <input type="hidden" name="intent" value="change" />
      <AlertRegion message={reply?.alert} />
      <Stack gap="sm">
        {withCode ? (
          <TextField
            name="code"
            label="인증번호"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus={!first || first === "code"}
            description={codeNotice ?? undefined}
          />
        ) : null}
        <PasswordField
          name="userPass"
          label="새 비밀번호"
          required
          autoComplete="new-password"
          autoFocus={withCode ? first === "userPass" : first !== "userPassChk"}
          description="영문, 숫자, 특수문자 또는 대소문자를 섞어 8자 이상 64자 이하"
        />
        <PasswordField name="userPassChk" label="새 비밀번호 확인" required autoComplete="new-password" autoFocus={first === "userPassChk"} />
        <Button type="submit">변경</Button>
        {withCode ? (
          <Anchor component={Link} to="/?dialog=find" size="sm" preventScrollReset>
            인증번호 다시 받기
          </Anchor>
        ) : null}
      </Stack>
    </AppForm>
  );
}
