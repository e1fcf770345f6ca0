/**
 * P03 profile edit (spec 000 §2 /myProfile, §5 "Profile edit", §7 getUserInfo.do / insertUserInfo.do).
 * The ID is shown disabled and never sent; the server saves with the stored one. A new password
 * is optional; giving one ends the session (the user signs in again with it).
 *
 * - The save asks '저장 하시겠습니까?' (ConfirmSubmit): a modal with JavaScript, a confirmation
 *   step without it. Passwords are never sent back in a page, so a new password typed before that
 *   step waits in the sealed session (10 minutes, with a nonce the step posts back) and is saved
 *   with the confirmation.
 * - A new password needs the current one (issue 17): the server refuses a wrong one with
 *   '현재 비밀번호가 일치하지 않습니다.', the other values kept; a common password is refused too.
 * - Changing the e-mail or the phone needs the current password too (issue 37 item 1, ADR 0064):
 *   find-password sends its code there. The web tier checks the current password through the
 *   spec's sign-in call, rate-limited as a sign-in (utils/current-password.server.ts), before the
 *   confirmation step; the backend is told it as well (`currentPass`, ours), tells the address
 *   registered before the change, and the change is written to the audit log (masked).
 * - Authorities are the administrators' to change: for anyone else the boxes are shown disabled
 *   with the stored values, which the form posts as they are; a forged change is refused with
 *   '해당 메뉴는 접근할 수 없습니다.' here and by the server.
 */
import { Anchor, Group, Paper, Stack, TextInput, Title } from "~/components/ui/mantine";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { AppForm } from "~/components/form/AppForm";
import { ConfirmSubmit } from "~/components/form/ConfirmSubmit";
import { CheckboxGroupField, EmailField, PhoneField, SelectField, TextField } from "~/components/form/fields";
import { NEW_PASSWORD_RULE, PasswordChangeFields } from "~/components/form/PasswordField";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { useRootData } from "~/components/layout/useRootData";
import * as accountApi from "~/legacy/endpoints/account.server";
import * as authApi from "~/legacy/endpoints/auth.server";
import { commonCodes } from "~/legacy/endpoints/code.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { profileOrder, profileSchema } from "~/schemas/profile";
import { AUTHORITIES, joinAuthorities, joinPhone, PHONE_PREFIXES, splitAuthorities, splitPhone } from "~/schemas/rules";
import { needsConfirmation } from "~/utils/confirm.server";
import { commonPasswordFailure } from "~/utils/password.server";
import { audit, diffFields, diffText } from "~/utils/audit.server";
import { checkCurrentPassword } from "~/utils/current-password.server";
import { clientAddress, retryAfterHeaders } from "~/utils/rate-limit.server";
import { administers, readForm, withUser } from "~/utils/context.server";
import { formFailure, validateForm, type FormReply } from "~/utils/form.server";
import { seoulYear } from "~/utils/time";
import { orLegacy, orMarkedFailure, quietly } from "~/utils/legacy-errors.server";
import { useFormReply } from "~/components/form/field-state";

export const headers = retryAfterHeaders;

export const meta: MetaFunction = () => [{ title: "내 정보 | 의과대학 교육평가 자료관리" }];

const validator = withZod(profileSchema);
const DEPT_GROUP = "0000300000";
const EMAIL_GROUP = "0000400000";
const authOptions = AUTHORITIES.map((a) => ({ value: a.code, label: a.label }));
/** The posted field that names the password kept for the confirmation step. */
const PENDING_FIELD = "pendingPass";

export async function loader(args: LoaderFunctionArgs) {
  return withUser(args, async (ctx) => {
    const { session, user } = ctx;
    const year = seoulYear();
    // the page shows the server's message in its own place, without the form
    return orLegacy(async () => {
      const [info, depts, domains] = await Promise.all([
        accountApi.getUser(session, user.userSeq),
        commonCodes(session, DEPT_GROUP, year),
        commonCodes(session, EMAIL_GROUP, year),
      ]);
      const [telNo1, telNo2, telNo3] = splitPhone(info.telNo);
      return json({
        loadError: null,
        userId: info.userId,
        canEditAuthority: administers(ctx),
        defaults: {
          userNm: info.userNm,
          dptCd: info.dptCd,
          telNo1,
          telNo2,
          telNo3,
          email: info.email,
          emailCd: info.emailCd,
          authTy: splitAuthorities(info.authTy),
        },
        codes: {
          depts: depts.map((c) => ({ value: c.id, label: c.text })),
          domains: domains.map((c) => ({ value: c.id, label: c.text })),
        },
      });
    }, (loadError) => json({ loadError, userId: user.userId, canEditAuthority: administers(ctx), defaults: null, codes: { depts: [], domains: [] } }));
  });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  return withUser(args, async (ctx) => {
    const { session, user } = ctx;
    const form = await readForm(request, session);
    // a password kept for the confirmation step is used by that step's post only, and only once
    const pending = session.takePendingPassword(String(form.get(PENDING_FIELD) ?? ""));
    const v = await validateForm(validator, form, profileOrder);
    if (!v.ok) return v.response;
    const d = v.data;
    const common = commonPasswordFailure(form, d.userPass);
    if (common) return common;
    // a wrong current password marks its field (the server's message)
    return orMarkedFailure(form, { [OWN_MSG.currentPassWrong]: "currentPass" }, async () => {
      // the stored record decides the id and the usage flag, whatever the browser sent
      const current = await accountApi.getUser(session, user.userSeq);
      // authorities are the administrators' to change (the server refuses it too)
      if (!administers(ctx) && joinAuthorities(d.authTy) !== joinAuthorities(splitAuthorities(current.authTy))) {
        return formFailure(form, MSG.menuForbidden, {}, {}, 403);
      }
      const telNo = joinPhone(d.telNo1, d.telNo2, d.telNo3);
      // issue 37 item 1: the e-mail and phone are where find-password sends its code, so changing
      // them needs the current password, as a new password does
      const contactChanged = telNo !== (current.telNo ?? "") || d.email !== (current.email ?? "") || d.emailCd !== (current.emailCd ?? "");
      const needsPassword = Boolean(d.userPass) || contactChanged;
      // a password kept for the confirmation step was checked when it was kept
      const checked = pending?.currentPass;
      const currentPass = d.currentPass || checked;
      if (needsPassword && !currentPass) {
        const message = d.userPass ? OWN_MSG.currentPassRequired : OWN_MSG.contactNeedsCurrentPass;
        return formFailure(form, message, { currentPass: message });
      }
      if (needsPassword && !checked) {
        // rate-limited as a sign-in, checked by the spec's own call (utils/current-password.server.ts)
        const refused = await checkCurrentPassword(args, form, current.userId || user.userId, currentPass!);
        if (refused) return refused;
      }
      // without JavaScript the page asks first; typed passwords wait in the session for the answer
      if (form.get("confirm") !== "save") {
        const keep = needsPassword ? { [PENDING_FIELD]: session.setPendingPassword(d.userPass, currentPass), pendingNew: Boolean(d.userPass) } : {};
        const confirm = needsConfirmation(form, "save", keep);
        if (confirm) return confirm;
      }
      const userPass = d.userPass || pending?.userPass || undefined;
      await accountApi.saveUser(session, {
        userSeq: current.userSeq,
        userId: current.userId,
        userNm: d.userNm,
        dptCd: d.dptCd,
        telNo,
        email: d.email,
        emailCd: d.emailCd,
        authTy: joinAuthorities(d.authTy),
        usyn: current.usyn || "Y",
        ...(userPass || contactChanged ? { currentPass } : {}),
        ...(userPass ? { userPass } : {}),
      });
      // issue 37 item 1: who changed what of the account, masked (audit.server.ts); never a password
      const before = { userNm: current.userNm, dptCd: current.dptCd, telNo: current.telNo, email: current.email, emailCd: current.emailCd, authTy: current.authTy };
      const changed = diffText(diffFields(before, { userNm: d.userNm, dptCd: d.dptCd, telNo, email: d.email, emailCd: d.emailCd, authTy: joinAuthorities(d.authTy) }));
      // every save of the profile is a row (ADR 0067), one that changed nothing says so
      const detail = [changed, userPass ? "비밀번호 변경" : ""].filter(Boolean).join(", ") || "(변경 없음)";
      await audit({ userId: user.userId, address: clientAddress(args.context) }, { action: "recordChange", target: `/myProfile userSeq=${current.userSeq}`, detail });

      if (userPass) {
        // a new password ends this session too: the user signs in again with it
        await quietly(() => authApi.logout(session));
        session.signOut();
        session.flash(OWN_MSG.passwordChanged, "info");
        return redirect("/");
      }

      // the header shows the new name and department at once
      const saved = await orLegacy(() => accountApi.getUser(session, user.userSeq), () => null);
      session.updateUser(saved ? { userNm: saved.userNm, dptNm: saved.dptNm || null, authTy: saved.authTy || user.authTy } : { userNm: d.userNm });
      session.flash(MSG.updated, "info");
      return redirect("/myProfile");
    });
  });
}

export default function MyProfile() {
  const data = useLoaderData<typeof loader>();
  const reply = useFormReply() as (FormReply & { confirm?: string; [PENDING_FIELD]?: string; pendingNew?: boolean }) | undefined;
  const flash = useRootData()?.flash;
  const first = reply?.fieldErrors ? profileOrder.find((f) => reply.fieldErrors[f]) : undefined;
  const alert = reply?.alert ?? data.loadError ?? flash?.text;
  const alertKind = reply?.alert || data.loadError ? "error" : flash?.kind;
  const pendingPass = reply?.[PENDING_FIELD];

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} size="h2">
        내 정보
      </Title>
      <AlertRegion message={alert} kind={alertKind} />
      <Anchor component={Link} to="/myProfile/otp">
        2단계 인증 설정
      </Anchor>
      {data.defaults ? (
        <Paper withBorder p="lg" radius="md">
          <AppForm id="profile" validator={validator} action="/myProfile" defaultValues={data.defaults}>
            {pendingPass ? <input type="hidden" name={PENDING_FIELD} value={pendingPass} /> : null}
            <Stack gap="sm">
              <TextInput id="profile-userId" label="아이디" value={data.userId} disabled readOnly />
              <TextField name="userNm" label="이름" required autoComplete="name" autoFocus={first === "userNm"} />
              <SelectField name="dptCd" label="소속" required placeholder="소속 선택" options={data.codes.depts} autoFocus={first === "dptCd"} />
              <PhoneField required prefixes={PHONE_PREFIXES} />
              <EmailField required domains={data.codes.domains} noSpaceMessage={MSG.emailNoSpace} />
              <CheckboxGroupField
                name="authTy"
                legend="권한"
                options={authOptions}
                required={data.canEditAuthority}
                readOnly={!data.canEditAuthority}
                note={data.canEditAuthority ? undefined : OWN_MSG.authorityAdminOnly}
              />
              <PasswordChangeFields
                autoFocus={first}
                current={{ description: "비밀번호, 이메일, 연락처를 바꿀 때 입력하세요." }}
                newDescription={pendingPass && reply?.pendingNew ? OWN_MSG.passwordPending : `변경할 때만 입력하세요. ${NEW_PASSWORD_RULE}이며, 저장하면 다시 로그인합니다.`}
              />
              <Group justify="flex-end" mt="sm">
                <ConfirmSubmit action="save" label="저장" question={MSG.confirmSave} pending={reply?.confirm === "save"} cancelHref="/myProfile" />
              </Group>
            </Stack>
          </AppForm>
        </Paper>
      ) : null}
    </Stack>
  );
}
