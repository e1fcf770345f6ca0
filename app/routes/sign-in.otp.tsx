/**
 * The sign-in's second step (issue 37 item 4, ADR 0068): after a right password, an account with
 * a second factor gives the 6-digit code of its authenticator app, or one of its recovery codes;
 * an account that must have one (administrators; everyone with MFA_REQUIRED=1) and has none
 * enrols it here first (QR code, the secret as text, the confirming code) and is shown its
 * recovery codes once. Until then the session holds the sign-in aside (session.server.ts
 * `holdForSecondFactor`): no page of the app opens. Codes are rate-limited and audited
 * (utils/second-factor-flow.server.ts `attemptCode`).
 */
import { Anchor, Button, Stack, Text, Title } from "~/components/ui/mantine";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { AppForm, FormAlert } from "~/components/form/AppForm";
import { TextField } from "~/components/form/fields";
import { EnrolForm, OtpCodeField, otpCodeValidator, RecoveryCodes, useFactorReply } from "~/components/auth/SecondFactor";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { PublicFrame, SignOutForm } from "~/components/layout/PublicFrame";
import { useRootData } from "~/components/layout/useRootData";
import { fillMessage, OWN_MSG } from "~/schemas/messages.ko";
import { otpCodeOrder, otpCodeSchema, recoveryCodeOrder, recoveryCodeSchema } from "~/schemas/second-factor";
import { readForm, withSession } from "~/utils/context.server";
import { formFailure, validateForm } from "~/utils/form.server";
import { retryAfterHeaders } from "~/utils/rate-limit.server";
import { attemptCode, enrolmentView } from "~/utils/second-factor-flow.server";
import { factorState } from "~/utils/second-factor.server";

export const headers = retryAfterHeaders;

export const meta: MetaFunction = () => [{ title: "2단계 인증 | 의과대학 교육평가 자료관리" }];

const recoveryValidator = withZod(recoveryCodeSchema);

export async function loader(args: LoaderFunctionArgs) {
  return withSession(args, async (session) => {
    // signed in: the step is over (the page after an enrolment shows its recovery codes here)
    if (session.user) return json({ need: "done" as const, next: "/dashboard", userId: session.user.userId, enrol: null });
    const pending = session.secondFactorPending;
    if (!pending) {
      session.flash(OWN_MSG.otpSignInExpired, "error");
      return redirect("/");
    }
    // a factor reset by an administrator meanwhile: the held sign-in ends, the password starts again
    if (pending.need === "verify" && !(await factorState(pending.user.userId)).enrolled) {
      session.signOut();
      session.flash(OWN_MSG.otpSignInExpired, "error");
      return redirect("/");
    }
    const enrol = pending.need === "enrol" ? await enrolmentView(session, pending.user.userId) : null;
    return json({ need: pending.need, next: pending.redirectTo ?? "/dashboard", userId: pending.user.userId, enrol });
  });
}

export async function action(args: ActionFunctionArgs) {
  return withSession(args, async (session) => {
    const form = await readForm(args.request, session);
    const pending = session.secondFactorPending;
    if (!pending) {
      session.flash(session.user ? OWN_MSG.badRequest : OWN_MSG.otpSignInExpired, "error");
      return redirect(session.user ? "/dashboard" : "/");
    }
    const userId = pending.user.userId;
    const next = pending.redirectTo ?? "/dashboard";
    const intent = String(form.get("intent") ?? "");

    if (intent === "enrol" && pending.need === "enrol") {
      const v = await validateForm(otpCodeValidator, form, otpCodeOrder);
      if (!v.ok) return v.response;
      const secret = session.enrolmentSecret;
      if (!secret) return formFailure(form, OWN_MSG.otpEnrolExpired);
      const r = await attemptCode(args, form, userId, "enrol", v.data.code, secret);
      if (!r.ok) return r.response;
      session.setEnrolmentSecret(null);
      session.completeSecondFactor();
      // the codes are shown once, on this answer (never in a URL or the session)
      return json({ enrolled: true, recoveryCodes: r.recoveryCodes ?? [], next });
    }

    if (intent === "totp" && pending.need === "verify") {
      const v = await validateForm(withZod(otpCodeSchema), form, otpCodeOrder);
      if (!v.ok) return v.response;
      const r = await attemptCode(args, form, userId, "totp", v.data.code);
      if (!r.ok) return r.response;
      session.completeSecondFactor();
      return redirect(next);
    }

    if (intent === "recovery" && pending.need === "verify") {
      const v = await validateForm(recoveryValidator, form, recoveryCodeOrder);
      if (!v.ok) return v.response;
      const r = await attemptCode(args, form, userId, "recovery", v.data.recovery);
      if (!r.ok) return r.response;
      session.completeSecondFactor();
      session.flash(fillMessage(OWN_MSG.recoveryUsed, { n: r.recoveryLeft ?? 0 }), "info");
      return redirect(next);
    }

    return formFailure(form, OWN_MSG.badRequest);
  });
}

export default function SecondFactorPage() {
  const data = useLoaderData<typeof loader>();
  const { reply, firstOf, alertOf } = useFactorReply<{ next: string }>();
  const flash = useRootData()?.flash;

  return (
    <PublicFrame size={520} heading={data.need === "enrol" ? "2단계 인증 등록" : "2단계 인증"}>
      {reply?.enrolled ? (
        <Stack gap="md">
          <AlertRegion message={OWN_MSG.otpEnrolled} kind="info" />
          <RecoveryCodes codes={reply.recoveryCodes} />
          <Anchor component={Link} to={reply.next} reloadDocument>
            복구 코드를 보관했습니다. 계속하기
          </Anchor>
        </Stack>
      ) : data.need === "done" ? (
        <Stack gap="md">
          <Text>로그인되었습니다.</Text>
          <Anchor component={Link} to={data.next}>
            대시보드로 이동
          </Anchor>
        </Stack>
      ) : data.need === "enrol" && data.enrol ? (
        <Stack gap="md">
          {flash ? <AlertRegion message={flash.text} kind={flash.kind} /> : null}
          <Text size="sm">{OWN_MSG.otpEnrolRequired}</Text>
          <EnrolForm action="/sign-in/otp" secret={data.enrol.secret} qr={data.enrol.qr} alert={alertOf("enrol")} focusCode={firstOf("enrol") === "code" || !reply} />
        </Stack>
      ) : (
        <Stack gap="lg">
          <Text size="sm">{data.userId} 계정에 등록한 인증 앱을 열고 표시된 6자리 코드를 입력하세요.</Text>
          <AppForm id="otp" validator={otpCodeValidator} action="/sign-in/otp">
            <input type="hidden" name="intent" value="totp" />
            <Stack gap="sm">
              <FormAlert serverMessage={alertOf("otp") ?? (flash?.kind === "error" ? flash.text : undefined)} order={otpCodeOrder} />
              <OtpCodeField autoFocus={firstOf("otp") === "code" || !reply} />
              <Button type="submit">확인</Button>
            </Stack>
          </AppForm>
          <Stack gap="xs" component="section" aria-labelledby="recovery-heading">
            <Title order={3} size="h5" id="recovery-heading">
              인증 앱을 쓸 수 없을 때
            </Title>
            <AppForm id="recovery" validator={recoveryValidator} action="/sign-in/otp">
              <input type="hidden" name="intent" value="recovery" />
              <Stack gap="sm">
                <FormAlert serverMessage={alertOf("recovery")} order={recoveryCodeOrder} />
                <TextField name="recovery" label="복구 코드" required autoComplete="off" autoFocus={firstOf("recovery") === "recovery"} description="등록할 때 받은 복구 코드 중 하나 (예: abcde-fghjk)" />
                <Button type="submit" variant="default">
                  복구 코드로 로그인
                </Button>
              </Stack>
            </AppForm>
          </Stack>
        </Stack>
      )}
      {data.need !== "done" && !reply?.enrolled ? <SignOutForm /> : null}
    </PublicFrame>
  );
}
