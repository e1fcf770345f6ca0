/**
 * P16 사용자 등록/수정 (spec 000 §2 /management/member/registration?seq=, §5 "User
 * administration"; administrators only): id (duplicate check for a new user; fixed once
 * registered), name, department, phone parts, e-mail parts, permissions and usage, a native form
 * post that keeps the input on error. An existing user's password can be reset, after a question
 * (it ends the user's sessions), to a random initial value: it is shown once here and must be
 * changed at the next sign-in (ADR 0040, ADR 0063).
 */
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from "~/components/ui/mantine";
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { AppForm, FormAlert } from "~/components/form/AppForm";
import { ConfirmSubmit } from "~/components/form/ConfirmSubmit";
import { DefaultSubmit } from "~/components/form/DefaultSubmit";
import { CheckboxGroupField, EmailField, PhoneField, SelectField, TextField } from "~/components/form/fields";
import { IdCheckField, type IdCheckReply } from "~/components/form/IdCheckField";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { useRootData } from "~/components/layout/useRootData";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { AUTHORITIES, PHONE_PREFIXES } from "~/schemas/rules";
import { MEMBER_FORM_PATH, MEMBER_PATH, memberOrder, memberSchema } from "./__schema";
import { z } from "~/schemas/zod";
import { memberFormAction, memberFormLoader, type MemberFormData } from "./__loader.server";
import { useFormReply } from "~/components/form/field-state";

export const meta: MetaFunction = () => [{ title: "사용자 등록/수정 | 의과대학 교육평가 자료관리" }];
export const loader = memberFormLoader;
export const action = memberFormAction;

const validator = withZod(memberSchema);
const resetValidator = withZod(z.object({ userSeq: z.string() }));
const authOptions = AUTHORITIES.map((a) => ({ value: a.code, label: a.label }));
const usynOptions = [
  { value: "Y", label: "사용" },
  { value: "N", label: "미사용" },
];

type Reply = IdCheckReply & { done?: string; initPass?: string | null; createdSeq?: number; confirm?: string };

/** The initial password, shown once after a reset or a registration. */
function InitialPassword({ pass }: { pass: string }) {
  const [before, after] = OWN_MSG.memberInitPass.split("{pass}");
  return (
    <Paper withBorder p="md" radius="md" bg="yellow.0" data-testid="init-pass">
      <Text size="sm">
        {before}
        <code data-testid="init-pass-value" style={{ fontSize: "1rem", fontWeight: 700 }}>
          {pass}
        </code>
        {after}
      </Text>
    </Paper>
  );
}

export default function MemberFormRoute() {
  const data = useLoaderData() as MemberFormData;
  const reply = useFormReply() as Reply | undefined;
  const flash = useRootData()?.flash;
  const isNew = data.userSeq === null;
  const first = reply?.fieldErrors ? memberOrder.find((f) => reply.fieldErrors?.[f]) : undefined;
  // the page's '알림' tells what was done; a refused save says why in the form's own (a user that could not be read is the frame's error page)
  const alert = reply?.alert ? null : reply?.done ?? flash?.text;
  const kind = reply?.done ? "info" : flash?.kind;
  const action = `${MEMBER_FORM_PATH}${isNew ? "" : `?seq=${data.userSeq}`}`;

  if (reply?.createdSeq) {
    // a new user: registered, with the initial password shown once
    return (
      <Stack gap="lg" maw={720}>
        <Title order={1} size="h2">
          사용자 등록
        </Title>
        <AlertRegion message={reply.done} kind="info" />
        {reply.initPass ? <InitialPassword pass={reply.initPass} /> : null}
        <Group>
          <Anchor component={Link} to={`${MEMBER_FORM_PATH}?seq=${reply.createdSeq}`}>
            등록한 사용자 보기
          </Anchor>
          <Anchor component={Link} to={MEMBER_PATH}>
            목록으로
          </Anchor>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        {isNew ? "사용자 등록" : "사용자 수정"}
      </Title>
      <AlertRegion message={alert} kind={kind} />
      {reply?.initPass ? <InitialPassword pass={reply.initPass} /> : null}
      <Paper withBorder p="lg" radius="md">
        <AppForm id="member" validator={validator} action={action} defaultValues={data.defaults}>
          {/* Enter in any field saves, not the duplicate check: the default button comes first */}
          <DefaultSubmit intent="save">
            저장
          </DefaultSubmit>
          <input type="hidden" name="userSeq" value={data.userSeq ?? ""} />
          <FormAlert serverMessage={reply?.alert} order={memberOrder} />
          <Stack gap="sm">
            {isNew ? (
              <IdCheckField reply={reply} action={MEMBER_FORM_PATH} autoFocus={first === "userId"} />
            ) : (
              <>
                <input type="hidden" name="userId" value={String(data.defaults.userId ?? "")} />
                <TextInput id="member-userId-shown" label="아이디" value={String(data.defaults.userId ?? "")} disabled readOnly />
              </>
            )}
            <TextField name="userNm" label="이름" required autoComplete="off" autoFocus={first === "userNm"} />
            <SelectField name="dptCd" label="소속" required placeholder="소속 선택" options={data.codes.depts} autoFocus={first === "dptCd"} />
            <PhoneField required prefixes={PHONE_PREFIXES} />
            <EmailField required domains={data.codes.domains} noSpaceMessage={MSG.emailNoSpace} />
            <CheckboxGroupField name="authTy" legend="권한" options={authOptions} required />
            <SelectField name="usyn" label="사용여부" required options={usynOptions} autoFocus={first === "usyn"} />
            {!isNew && data.aprYn !== "Y" ? (
              <Text size="sm" c="dark.6">
                {OWN_MSG.memberPendingNote}
              </Text>
            ) : null}
            <Group>
              <Button type="submit" name="intent" value="save">
                저장
              </Button>
              <Anchor component={Link} to={MEMBER_PATH}>
                목록으로
              </Anchor>
            </Group>
          </Stack>
        </AppForm>
      </Paper>
      {isNew ? null : (
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="reset-title">
          <Title order={2} size="h4" id="reset-title" mb="xs">
            비밀번호 초기화
          </Title>
          {data.locked ? (
            <Text size="sm" mb="xs" fw={700} data-testid="member-locked">
              {OWN_MSG.memberLockedNote}
            </Text>
          ) : null}
          <Text size="sm" mb="sm">
            {OWN_MSG.memberResetNote}
          </Text>
          {/* it ends the user's sessions: asked first, a modal with JavaScript, a step in the page without */}
          <AppForm id="member-reset" validator={resetValidator} action={action}>
            <input type="hidden" name="userSeq" value={data.userSeq ?? ""} />
            <ConfirmSubmit action="reset" label="비밀번호 초기화" question={OWN_MSG.memberResetQuestion} pending={reply?.confirm === "reset"} color="red" variant="outline" cancelHref={action} />
          </AppForm>
        </Paper>
      )}
      {isNew ? null : (
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="otp-reset-title">
          <Title order={2} size="h4" id="otp-reset-title" mb="xs">
            2단계 인증
          </Title>
          <Text size="sm" mb="sm" data-testid="member-otp">
            {data.secondFactor ? "인증 앱을 등록하였습니다. 인증 앱을 잃어버린 사용자는 본인 확인 후 초기화하면 다음 로그인 때 다시 등록합니다." : "등록하지 않았습니다."}
          </Text>
          {data.secondFactor ? (
            <AppForm id="member-otp-reset" validator={resetValidator} action={action}>
              <input type="hidden" name="userSeq" value={data.userSeq ?? ""} />
              <ConfirmSubmit action="otpReset" label="2단계 인증 초기화" question={OWN_MSG.otpResetQuestion} pending={reply?.confirm === "otpReset"} color="red" variant="outline" cancelHref={action} />
            </AppForm>
          ) : null}
        </Paper>
      )}
    </Stack>
  );
}
