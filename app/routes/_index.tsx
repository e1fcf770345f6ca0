/**
 * P01: sign-in, with sign-up, find-password and change-password as URL-state dialogs
 * (/?dialog=signup|find|change) that work without JavaScript (spec 000 §2 '/', §4, §5).
 * Every post that reaches the legacy server is rate limited (issue 17,
 * docs/decisions/0023-rate-limits.md): a refusal is 429 with `Retry-After` and the wait in the
 * form's '알림' region, every typed value kept.
 * The four forms validate on the server only (ADR 0044: the page's JavaScript budget): the action
 * (__sign-in.server.ts) checks every rule and its reply marks the fields, with JavaScript or without it.
 */
import { Anchor, Button, Container, Group, Paper, Stack, Text, Title, Box } from "~/components/ui/mantine";
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AppForm, serverValidated } from "~/components/form/ServerValidatedForm";
import { CheckboxField, TextField } from "~/components/form/fields";
import { PasswordField } from "~/components/form/PasswordField";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { Dialog } from "~/components/layout/Dialog";
import { useRootData } from "~/components/layout/useRootData";
import { SignupForm, type IdCheckState } from "~/components/auth/SignupForm";
import { FindForm } from "~/components/auth/FindForm";
import { ChangeForm } from "~/components/auth/ChangeForm";
import { loginOrder } from "~/schemas/account-order";
import { PHONE_PREFIXES } from "~/schemas/choices";
import type { FormReply } from "~/utils/form.server";
import { retryAfterHeaders } from "~/utils/rate-limit.server";
import { signInAction, signInLoader } from "./__sign-in.server";

export const meta: MetaFunction = () => [{ title: "로그인 | 의과대학 교육평가 자료관리" }];
export const headers = retryAfterHeaders;
export const loader = signInLoader;
export const action = signInAction;

type ActionReply = (FormReply & { idCheck?: IdCheckState }) | undefined;

export default function SignIn() {
  const { dialog, notice, codeNotice, redirectTo, codes, noSpaceMessage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionReply;
  const root = useRootData();
  const replyFor = (formId: string) => (actionData && (actionData.formId ?? "login") === formId ? actionData : undefined);
  const loginReply = replyFor("login");
  const firstInvalid = loginReply ? loginOrder.find((f) => loginReply.fieldErrors?.[f]) : undefined;
  const flash = root?.flash;
  // a closed dialog gives the focus back to the link that opened it (ADR 0059: `focus=`, the
  // opener's autofocus and data-return-focus, as utils/focus-return.ts's openerProps; written out
  // here, the page's script budget has no room for that module's chunk, ADR 0044)
  const back = new URLSearchParams(useLocation().search).get("focus");
  const closeTo = (opener: string) => `/?focus=${opener}`;
  const openerProps = (opener: string) => (back === opener ? { autoFocus: true, "data-return-focus": "" } : null);

  return (
    <Box bg="gray.0" mih="100vh" py={{ base: "lg", sm: 60 }}>
      <Container size={460} component="main" id="main">
        <Title order={1} ta="center" size="h2" mb={4}>
          의과대학 교육평가 자료관리
        </Title>
        <Text ta="center" c="dimmed" mb="lg">
          교육평가·인증 자료 입력과 조회
        </Text>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Title order={2} size="h3" mb="md">
            로그인
          </Title>
          <AlertRegion message={loginReply?.alert ?? (dialog ? null : flash?.text)} kind={loginReply?.alert ? "error" : flash?.kind} />
          <AppForm id="login" validator={serverValidated} action="/?index">
            <input type="hidden" name="intent" value="login" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Stack gap="sm">
              <TextField name="userId" label="아이디" autoComplete="username" autoFocus={firstInvalid === "userId"} />
              {/* refused credentials (no field marked): the password is typed again, so it takes the focus */}
              <PasswordField name="userPass" label="비밀번호" autoComplete="current-password" autoFocus={firstInvalid === "userPass" || Boolean(loginReply?.alert && !firstInvalid)} />
              <CheckboxField name="autoLogin" label="로그인 상태 유지" />
              <Button type="submit" fullWidth>
                로그인
              </Button>
            </Stack>
          </AppForm>
          <Group justify="space-between" mt="md">
            <Anchor component={Link} to="/?dialog=signup" preventScrollReset {...openerProps("signup")}>
              회원가입
            </Anchor>
            <Anchor component={Link} to="/?dialog=find" preventScrollReset {...openerProps("find")}>
              비밀번호 찾기
            </Anchor>
          </Group>
        </Paper>
        {dialog === "signup" ? (
          <Dialog id="signup-dialog" title="회원가입" closeTo={closeTo("signup")}>
            <SignupForm reply={replyFor("signup")} codes={codes} prefixes={PHONE_PREFIXES} notice={notice} noSpaceMessage={noSpaceMessage} />
          </Dialog>
        ) : null}
        {dialog === "find" ? (
          <Dialog id="find-dialog" title="비밀번호 찾기" closeTo={closeTo("find")}>
            <FindForm reply={replyFor("find")} codes={codes} prefixes={PHONE_PREFIXES} notice={notice ?? (flash?.kind === "error" ? flash.text : null)} noSpaceMessage={noSpaceMessage} />
          </Dialog>
        ) : null}
        {dialog === "change" ? (
          <Dialog id="change-dialog" title="비밀번호 변경" closeTo={closeTo("find")}>
            <ChangeForm reply={replyFor("change")} codeNotice={codeNotice} />
          </Dialog>
        ) : null}
      </Container>
    </Box>
  );
}
