/**
 * The sign-up form. The ID duplicate check (IdCheckField) works both ways: without JavaScript its
 * button posts the whole form with intent=idcheck and the form comes back with every field kept;
 * with JavaScript a fetcher checks only the ID. Editing the ID forgets the check (spec 000 §4).
 * Validated on the server only (ADR 0044): the page carries neither zod nor the schemas, and the
 * server's reply marks the fields with the same messages with JavaScript as without it.
 */
import { Button, Stack } from "~/components/ui/mantine";
import { AppForm, serverValidated } from "~/components/form/ServerValidatedForm";
import { DefaultSubmit } from "~/components/form/DefaultSubmit";
import { IdCheckField, type IdCheckState } from "~/components/form/IdCheckField";
import { CheckboxGroupField, EmailField, PhoneField, SelectField, TextField } from "~/components/form/fields";
import { PasswordField } from "~/components/form/PasswordField";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { AUTHORITIES } from "~/schemas/choices";

export type { IdCheckState };

export interface FormReplyLike {
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
  alert?: string;
  idCheck?: IdCheckState;
}

export interface CodeOptions {
  depts: { value: string; label: string }[];
  domains: { value: string; label: string }[];
}

const authOptions = AUTHORITIES.map((a) => ({ value: a.code, label: a.label }));

export function firstInvalidOf(reply: FormReplyLike | undefined, order: readonly string[]) {
  return reply?.fieldErrors ? order.find((f) => reply.fieldErrors?.[f]) : undefined;
}

export function SignupForm({ reply, codes, prefixes, notice, noSpaceMessage }: { reply?: FormReplyLike; codes: CodeOptions; prefixes: readonly string[]; notice?: string | null; noSpaceMessage: string }) {
  // the field the reply refused first takes the focus: the form kit's rule (its fieldErrors come in
  // screen order, signupOrder), for the phone, e-mail and 권한 parts too
  return (
    <AppForm id="signup" validator={serverValidated} action="/?index&dialog=signup">
      {/* Enter in any field submits the form, not the duplicate check: the default button comes first */}
      <DefaultSubmit intent="signup">
        가입 신청
      </DefaultSubmit>
      <AlertRegion message={reply?.alert ?? notice} />
      <Stack gap="sm">
        <IdCheckField reply={reply} action="/?index&dialog=signup" />
        <TextField name="userNm" label="이름" required autoComplete="name" />
        <SelectField name="dptCd" label="소속" required placeholder="소속 선택" options={codes.depts} />
        <PhoneField required prefixes={prefixes} />
        <EmailField required domains={codes.domains} noSpaceMessage={noSpaceMessage} />
        <CheckboxGroupField name="authTy" legend="권한" options={authOptions} required />
        <PasswordField name="userPass" label="비밀번호" required autoComplete="new-password" description="영문, 숫자, 특수문자 또는 대소문자를 섞어 8자 이상" />
        <PasswordField name="userPassChk" label="비밀번호 확인" required autoComplete="new-password" />
        <Button type="submit" name="intent" value="signup">
          가입 신청
        </Button>
      </Stack>
    </AppForm>
  );
}
