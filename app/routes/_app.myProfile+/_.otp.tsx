/**
 * The user's own second factor (issue 37 item 4, ADR 0068), in the profile area: enrol an
 * authenticator app (QR code, the secret as text, the confirming code; the ten recovery codes
 * shown once), or disable it with the current password and a code, unless the account must have
 * one (administrators; everyone with MFA_REQUIRED=1). Rate-limited and audited like the sign-in's
 * step (utils/second-factor-flow.server.ts); native forms, without JavaScript too.
 */
import { Anchor, Button, Group, Paper, Stack, Text, Title } from "~/components/ui/mantine";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { AppForm, FormAlert } from "~/components/form/AppForm";
import { PasswordField } from "~/components/form/PasswordField";
import { EnrolForm, OtpCodeField, otpCodeValidator, RecoveryCodes, useFactorReply } from "~/components/auth/SecondFactor";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { useRootData } from "~/components/layout/useRootData";
import { OWN_MSG } from "~/schemas/messages.ko";
import { otpCodeOrder, otpDisableOrder, otpDisableSchema } from "~/schemas/second-factor";
import { readForm, withUser } from "~/utils/context.server";
import { checkCurrentPassword } from "~/utils/current-password.server";
import { formFailure, validateForm } from "~/utils/form.server";
import { retryAfterHeaders } from "~/utils/rate-limit.server";
import { attemptCode, enrolmentView, isAdministrator, MY_FACTOR_PATH } from "~/utils/second-factor-flow.server";
import { factorState, isRequired, removeFactor } from "~/utils/second-factor.server";

export const headers = retryAfterHeaders;

export const meta: MetaFunction = () => [{ title: "2단계 인증 | 의과대학 교육평가 자료관리" }];

const disableValidator = withZod(otpDisableSchema);

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session, user }) => {
    const [state, admin] = await Promise.all([factorState(user.userId), isAdministrator(session)]);
    const enrol = state.enrolled ? null : await enrolmentView(session, user.userId);
    return json({ ...state, required: isRequired(admin), enrol });
  });
}

export async function action(args: ActionFunctionArgs) {
  return withUser(args, async ({ session, user }) => {
    const form = await readForm(args.request, session);
    const intent = String(form.get("intent") ?? "");
    const state = await factorState(user.userId);

    if (intent === "enrol") {
      if (state.enrolled) return formFailure(form, OWN_MSG.otpAlreadyEnrolled);
      const v = await validateForm(otpCodeValidator, form, otpCodeOrder);
      if (!v.ok) return v.response;
      const secret = session.enrolmentSecret;
      if (!secret) return formFailure(form, OWN_MSG.otpEnrolExpired);
      const r = await attemptCode(args, form, user.userId, "enrol", v.data.code, secret);
      if (!r.ok) return r.response;
      session.setEnrolmentSecret(null);
      return json({ enrolled: true, recoveryCodes: r.recoveryCodes ?? [] });
    }

    if (intent === "disable") {
      if (isRequired(await isAdministrator(session))) return formFailure(form, OWN_MSG.otpCannotDisable);
      if (!state.enrolled) return redirect(MY_FACTOR_PATH);
      const v = await validateForm(disableValidator, form, otpDisableOrder);
      if (!v.ok) return v.response;
      // the password is a guess against the account: limited as a sign-in (issue 37 item 5)
      const refused = await checkCurrentPassword(args, form, user.userId, v.data.currentPass);
      if (refused) return refused;
      const r = await attemptCode(args, form, user.userId, "disable", v.data.code);
      if (!r.ok) return r.response;
      await removeFactor(user.userId);
      session.flash(OWN_MSG.otpDisabled, "info");
      return redirect(MY_FACTOR_PATH);
    }

    return formFailure(form, OWN_MSG.badRequest);
  });
}

export default function MySecondFactorPage() {
  const data = useLoaderData<typeof loader>();
  const { reply, firstOf, alertOf } = useFactorReply();
  const flash = useRootData()?.flash;

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} size="h2">
        2단계 인증
      </Title>
      {flash && !reply ? <AlertRegion message={flash.text} kind={flash.kind} /> : null}
      <Anchor component={Link} to="/myProfile">
        내 정보로 돌아가기
      </Anchor>
      <Paper withBorder p="lg" radius="md">
        {reply?.enrolled ? (
          <Stack gap="md">
            <AlertRegion message={OWN_MSG.otpEnrolled} kind="info" />
            <RecoveryCodes codes={reply.recoveryCodes} />
          </Stack>
        ) : data.enrolled ? (
          <Stack gap="md">
            <Text data-testid="otp-state">사용 중입니다. 로그인할 때 비밀번호 다음에 인증 앱의 코드를 입력합니다. 남은 복구 코드: {data.recoveryLeft}개</Text>
            {data.required ? (
              <Text size="sm">{OWN_MSG.otpCannotDisable}</Text>
            ) : (
              <AppForm id="disable" validator={disableValidator} action={MY_FACTOR_PATH}>
                <input type="hidden" name="intent" value="disable" />
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    2단계 인증 해제
                  </Title>
                  <FormAlert serverMessage={alertOf("disable")} order={otpDisableOrder} />
                  <PasswordField name="currentPass" label="현재 비밀번호" required autoComplete="current-password" autoFocus={firstOf("disable") === "currentPass"} />
                  <OtpCodeField autoFocus={firstOf("disable") === "code"} />
                  <Group>
                    <Button type="submit" color="red">
                      해제
                    </Button>
                  </Group>
                </Stack>
              </AppForm>
            )}
          </Stack>
        ) : data.enrol ? (
          <Stack gap="md">
            <Text data-testid="otp-state">{data.required ? OWN_MSG.otpEnrolRequired : "사용하지 않습니다. 등록하면 로그인할 때 비밀번호 다음에 인증 앱의 코드를 입력합니다."}</Text>
            <EnrolForm action={MY_FACTOR_PATH} secret={data.enrol.secret} qr={data.enrol.qr} alert={alertOf("enrol")} focusCode={firstOf("enrol") === "code"} />
          </Stack>
        ) : null}
      </Paper>
    </Stack>
  );
}
