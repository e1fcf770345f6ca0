/**
 * The forced password change (issue 17, ADR 0024): an account whose password someone else set —
 * the first administrator of a database started without demo data, with INITIAL_ADMIN_PASSWORD or
 * a generated password — signs in to this page and nowhere else (withUser sends every other page
 * here; the embedded backend refuses every other call) until it has a password of its own. Asks
 * for the current password and the new one twice; success ends the session, as a profile password
 * change does (spec 000 §5), and the user signs in with the new password.
 */
import { Button, Stack, Text } from "~/components/ui/mantine";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { AppForm } from "~/components/form/AppForm";
import { PasswordChangeFields } from "~/components/form/PasswordField";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { PublicFrame, SignOutForm } from "~/components/layout/PublicFrame";
import * as accountApi from "~/legacy/endpoints/account.server";
import * as authApi from "~/legacy/endpoints/auth.server";
import { forcedChangeOrder, forcedChangeSchema } from "~/schemas/account";
import { OWN_MSG } from "~/schemas/messages.ko";
import { readForm, withSession } from "~/utils/context.server";
import { validateForm, type FormReply } from "~/utils/form.server";
import { commonPasswordFailure } from "~/utils/password.server";
import { checkCurrentPassword } from "~/utils/current-password.server";
import { retryAfterHeaders } from "~/utils/rate-limit.server";
import { orMarkedFailure, quietly } from "~/utils/legacy-errors.server";

export const headers = retryAfterHeaders;

export const meta: MetaFunction = () => [{ title: "비밀번호 변경 | 의과대학 교육평가 자료관리" }];

const validator = withZod(forcedChangeSchema);

export async function loader(args: LoaderFunctionArgs) {
  return withSession(args, async (session) => {
    if (!session.user) return redirect("/");
    if (!session.user.pwChange) return redirect("/dashboard");
    return json({ userId: session.user.userId });
  });
}

export async function action(args: ActionFunctionArgs) {
  return withSession(args, async (session) => {
    const form = await readForm(args.request, session);
    if (!session.user) return redirect("/");
    if (!session.user.pwChange) return redirect("/dashboard");
    const v = await validateForm(validator, form, forcedChangeOrder);
    if (!v.ok) return v.response;
    const common = commonPasswordFailure(form, v.data.userPass);
    if (common) return common;
    // a wrong current password, or the same one again, marks its field (the server's message)
    const fieldOf = { [OWN_MSG.currentPassWrong]: "currentPass", [OWN_MSG.passwordSameAsCurrent]: "userPass" };
    // issue 37 item 5: the current password is a guess against the account, limited as a sign-in
    const refused = await checkCurrentPassword(args, form, session.user.userId, v.data.currentPass);
    if (refused) return refused;
    return orMarkedFailure(form, fieldOf, async () => {
      await accountApi.changeMyPassword(session, { currentPass: v.data.currentPass, userPass: v.data.userPass });
      // the server ended every session of the user: this one signs out and signs in again
      await quietly(() => authApi.logout(session));
      session.signOut();
      session.flash(OWN_MSG.passwordChanged, "info");
      return redirect("/");
    });
  });
}

export default function ChangePasswordPage() {
  const reply = useActionData<typeof action>() as FormReply | undefined;
  const first = reply?.fieldErrors ? forcedChangeOrder.find((f) => reply.fieldErrors[f]) : undefined;
  return (
    <PublicFrame size={460} heading="비밀번호 변경">
      <Text size="sm" mb="md">
        {OWN_MSG.passwordChangeRequired}
      </Text>
      <AlertRegion message={reply?.alert} />
      <AppForm id="forced-change" validator={validator} action="/change-password">
        <Stack gap="sm">
          <PasswordChangeFields required autoFocus={first ?? "currentPass"} />
          <Button type="submit">변경</Button>
        </Stack>
      </AppForm>
      <SignOutForm />
    </PublicFrame>
  );
}
