/**
 * The find-password form: a matching user opens the change-password dialog (spec 000 §4).
 * Validated on the server only (ADR 0044).
 */
import { Button, Stack } from "~/components/ui/mantine";
import { AppForm, serverValidated } from "~/components/form/ServerValidatedForm";
import { EmailField, PhoneField, SelectField, TextField } from "~/components/form/fields";
import { AlertRegion } from "~/components/layout/AlertRegion";
import type { CodeOptions, FormReplyLike } from "./SignupForm";

/** the department preselected in the find dialog (spec 000 §9) */
export const DEFAULT_FIND_DEPT = "0000900002";

export function FindForm({ reply, codes, prefixes, notice, noSpaceMessage }: { reply?: FormReplyLike; codes: CodeOptions; prefixes: readonly string[]; notice?: string | null; noSpaceMessage: string }) {
  const defaultDept = codes.depts.some((d) => d.value === DEFAULT_FIND_DEPT) ? DEFAULT_FIND_DEPT : "";
  return (
    <AppForm id="find" validator={serverValidated} action="/?index&dialog=find" defaultValues={{ dptCd: defaultDept, telNo1: "010" }}>
      <input type="hidden" name="intent" value="find" />
      <AlertRegion message={reply?.alert ?? notice} />
      <Stack gap="sm">
        <TextField name="userId" label="아이디" required autoComplete="username" />
        <TextField name="userNm" label="이름" required autoComplete="name" />
        <SelectField name="dptCd" label="소속" required placeholder="소속 선택" options={codes.depts} />
        <PhoneField required prefixes={prefixes} />
        <EmailField required domains={codes.domains} noSpaceMessage={noSpaceMessage} />
        <Button type="submit">확인</Button>
      </Stack>
    </AppForm>
  );
}
