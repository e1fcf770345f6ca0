/**
 * The change-password form, reached from a successful find-password (spec 000 §4). When the server
 * sent a one-time code (issue 17, ADR 0024) the form says where it went and asks for it first.
 * Validated on the server only (ADR 0044), which answers each field's message.
 */
import { Anchor, Button, Stack } from "~/components/ui/mantine";
import { Link } from "@remix-run/react";
import { AppForm, serverValidated } from "~/components/form/ServerValidatedForm";
import { OneTimeCodeField } from "~/components/form/fields";
import { PasswordChangeFields } from "~/components/form/PasswordField";
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
          <OneTimeCodeField label="인증번호" maxLength={6} autoFocus={!first || first === "code"} description={codeNotice ?? undefined} />
        ) : null}
        <PasswordChangeFields required current={false} autoFocus={withCode || first === "userPassChk" ? first : "userPass"} />
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
