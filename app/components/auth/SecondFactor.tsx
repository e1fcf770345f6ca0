/**
 * The second factor's parts that the sign-in step (/sign-in/otp) and the profile's page
 * (/myProfile/otp) share (ADR 0068): the code field, the enrolment (QR code, the secret as text,
 * the confirming code) and the recovery codes shown once. Native forms: they work without
 * JavaScript; the server checks every rule (app/schemas/second-factor.ts).
 */
import { Button, Group, Stack, Text, Title } from "~/components/ui/mantine";
import { useActionData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { AppForm, FormAlert } from "~/components/form/AppForm";
import { OneTimeCodeField } from "~/components/form/fields";
import { otpCodeOrder, otpCodeSchema } from "~/schemas/second-factor";
import type { FormReply } from "~/utils/form.server";

export const otpCodeValidator = withZod(otpCodeSchema);

/** A second-factor page's reply: a refused form's, or an enrolment's recovery codes (shown once) and `Done`. */
export type FactorReply<Done> =
  | (FormReply & { enrolled?: undefined })
  | (Done & { enrolled: true; recoveryCodes: string[]; alert?: undefined; formId?: undefined; fieldErrors?: undefined });

/**
 * The page's reply with, for each of its forms (by id), the field it refused first and its
 * message (a reply that names no form is every form's: the wait after too many codes, say).
 */
export function useFactorReply<Done extends object = object>() {
  const reply = useActionData() as FactorReply<Done> | undefined;
  const firstOf = (formId: string) => (reply && !reply.enrolled && reply.formId === formId && reply.fieldErrors ? Object.keys(reply.fieldErrors)[0] : undefined);
  const alertOf = (formId: string) => (reply && !reply.enrolled && (reply.formId === formId || !reply.formId) ? reply.alert : undefined);
  return { reply, firstOf, alertOf };
}

/** The 6-digit code of the authenticator app (the sign-in's step, the enrolment, the disabling). */
export function OtpCodeField({ autoFocus }: { autoFocus?: boolean }) {
  return <OneTimeCodeField label="인증 코드" maxLength={7} autoFocus={autoFocus} description="인증 앱에 표시된 숫자 6자리" />;
}

/**
 * Enrolment: the QR code (an image with its text alternative), the same secret as text for a
 * screen reader, a keyboard or a device without a camera, and the code that confirms it.
 */
export function EnrolForm({ action, secret, qr, alert, focusCode }: { action: string; secret: string; qr: string; alert?: string | null; focusCode?: boolean }) {
  return (
    <Stack gap="sm">
      <Text size="sm">1. 휴대폰의 인증 앱(Google Authenticator, Microsoft Authenticator 등)에서 계정을 추가하고 아래 QR 코드를 찍으세요.</Text>
      <img
        src={qr}
        width={200}
        height={200}
        alt="2단계 인증 등록용 QR 코드. 찍을 수 없으면 아래의 설정 키를 인증 앱에 직접 입력하세요."
        style={{ alignSelf: "flex-start", background: "#fff" }}
      />
      <Text size="sm">
        QR 코드를 찍을 수 없으면 인증 앱에서 &lsquo;설정 키 입력&rsquo;을 고르고 이 키를 입력하세요(시간 기준):
      </Text>
      <p data-testid="otp-secret" style={{ margin: 0, fontFamily: "monospace", fontSize: "1.1rem", letterSpacing: "0.05em" }}>
        <span className="visually-hidden">설정 키: </span>
        {secret}
      </p>
      <Text size="sm">2. 인증 앱에 표시된 6자리 코드를 입력하고 &lsquo;등록&rsquo;을 누르세요.</Text>
      <AppForm id="enrol" validator={otpCodeValidator} action={action}>
        <input type="hidden" name="intent" value="enrol" />
        <Stack gap="sm">
          <FormAlert serverMessage={alert} order={otpCodeOrder} />
          <OtpCodeField autoFocus={focusCode} />
          <Group>
            <Button type="submit">등록</Button>
          </Group>
        </Stack>
      </AppForm>
    </Stack>
  );
}

/** The recovery codes, shown once after an enrolment. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Stack gap="xs" data-testid="recovery-codes">
      <Title order={2} size="h4">
        복구 코드
      </Title>
      <Text size="sm">인증 앱을 쓸 수 없을 때 코드 대신 하나씩 입력합니다. 각 코드는 한 번만 쓸 수 있습니다.</Text>
      <ul style={{ fontFamily: "monospace", margin: 0 }}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </Stack>
  );
}
