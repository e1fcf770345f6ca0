/**
 * The sign-in page's loader and action (app/routes/_index.tsx), in a server module: the browser's
 * build of the route then reaches none of the schemas, zod or the messages file the action uses
 * (esbuild gives a page every module its route imports, used or not: ADR 0044).
 * Every rule of the four forms is checked here: the page's forms validate on the server only.
 */
import { FOCUS_PARAM } from "~/utils/focus-return";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import type { IdCheckState } from "~/components/form/IdCheckField";
import * as accountApi from "~/legacy/endpoints/account.server";
import { LegacyError, LegacyUnavailableError } from "~/legacy/errors";
import { changeSchema, changeWithCodeSchema, findSchema, idCheckSchema, loginSchema, signupSchema } from "~/schemas/account";
import { changeOrder, changeWithCodeOrder, findOrder, loginOrder, signupOrder } from "~/schemas/account-order";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { joinAuthorities, personWire } from "~/schemas/rules";
import { audit, maskTypedId } from "~/utils/audit.server";
import { authenticator } from "~/utils/auth.server";
import { readForm, safeRedirectTo, toSessionUser, withSession } from "~/utils/context.server";
import { formFailure, formValues, validateForm, type FormReply } from "~/utils/form.server";
import { failureOf, orFormFailure } from "~/utils/legacy-errors.server";
import { commonPasswordFailure } from "~/utils/password.server";
import { clientAddress, rateLimits, refusedForm } from "~/utils/rate-limit.server";
import { isKnownBrowser, rememberBrowser } from "~/utils/session.server";
import { SECOND_FACTOR_PATH, secondFactorNeed } from "~/utils/second-factor-flow.server";
import { seoulYear } from "~/utils/time";

const DIALOGS = ["signup", "find", "change"] as const;
type DialogName = (typeof DIALOGS)[number];

const DEPT_GROUP = "0000300000";
const EMAIL_GROUP = "0000400000";

async function codeOptions() {
  const year = seoulYear();
  const [depts, domains] = await Promise.all([accountApi.publicCodes(DEPT_GROUP, year), accountApi.publicCodes(EMAIL_GROUP, year)]);
  return {
    depts: depts.map((c) => ({ value: c.id, label: c.text })),
    domains: domains.map((c) => ({ value: c.id, label: c.text })),
  };
}

export async function signInLoader(args: LoaderFunctionArgs) {
  const { request } = args;
  return withSession(args, async (session) => {
    if (session.user) return redirect("/dashboard");
    // a right password waiting for its second factor (ADR 0068)
    if (session.secondFactorPending) return redirect(SECOND_FACTOR_PATH);
    const url = new URL(request.url);
    const asked = url.searchParams.get("dialog");
    let dialog: DialogName | null = (DIALOGS as readonly string[]).includes(asked ?? "") ? (asked as DialogName) : null;
    let notice: string | null = null;
    if (dialog === "change" && !session.passwordChange) {
      dialog = "find";
      notice = OWN_MSG.changeExpired;
    }
    let codes: Awaited<ReturnType<typeof codeOptions>> = { depts: [], domains: [] };
    // the dialog opens without its code lists when they cannot be read, with the message
    const codeError =
      dialog === "signup" || dialog === "find"
        ? await failureOf(async () => {
            codes = await codeOptions();
          })
        : null;
    // where find-password's one-time code went (issue 17): shown above the code field
    const pending = dialog === "change" ? session.passwordChange : null;
    const codeNotice = pending?.codeSent
      ? pending.codeSent === "smtp" && pending.codeTo
        ? OWN_MSG.resetCodeSentMail.replace("{to}", pending.codeTo)
        : OWN_MSG.resetCodeSentOutbox
      : null;
    return json({
      dialog,
      codeNotice,
      notice: notice ?? codeError,
      redirectTo: safeRedirectTo(url.searchParams.get("redirectTo"), ""),
      codes,
      // the e-mail field's notice while typing (the page carries no messages file, ADR 0044)
      noSpaceMessage: MSG.emailNoSpace,
    });
  });
}

export async function signInAction(args: ActionFunctionArgs) {
  const { request } = args;
  return withSession(args, async (session) => {
    const form = await readForm(request.clone(), session);
    // the pressed button names the intent; the form's id stands in when a script submitted it
    const intent = String(form.get("intent") ?? form.get("__rvfInternalFormId") ?? "login");
    const address = clientAddress(args.context);
    const limits = await rateLimits();

    if (intent === "login") {
      const v = await validateForm(withZod(loginSchema), form, loginOrder);
      if (!v.ok) return v.response;
      const refused = await limits.signInGate(v.data.userId, address, isKnownBrowser(request, v.data.userId));
      if (refused) return refusedForm(form, refused);
      return orFormFailure(form, async () => {
        const r = await authenticator.authenticate("form", request).catch(async (e: unknown) => {
          // the server refused these credentials (not: could not be reached): one more failure.
          // This catch stays (errors in one place, legacy-errors.server.ts): the kind of error
          // decides the rate limit and the audit row; the message itself is orFormFailure's
          if (e instanceof LegacyError && !(e instanceof LegacyUnavailableError) && e.status < 500) {
            await limits.signInFailed(v.data.userId, address);
            // the id typed, masked (a password typed into the id box is never kept; issue 37 item 3),
            // and never the password: the audit log's sign-in failures
            const typed = maskTypedId(v.data.userId);
            await audit({ userId: typed, address }, { action: "signInFailed", target: typed, outcome: "fail" });
          }
          throw e;
        });
        await limits.signInSucceeded(v.data.userId);
        await audit({ userId: r.userInfo.userId ?? v.data.userId, address }, { action: "signIn", target: v.data.userId });
        const csrf = session.csrfToken;
        session.signIn(toSessionUser(r.userInfo), { accessToken: r.userInfo.accessToken, refreshToken: r.reJwtToken, uid: r.UID ?? undefined }, r.autoLogin);
        // this browser is known for the account from now on (its address's failures do not lock it out)
        const known = { "Set-Cookie": rememberBrowser(request, v.data.userId) };
        // an enrolled second factor is asked next, a required one enrolled first (ADR 0068): the
        // sign-in waits, with the page's CSRF token, and no page of the app opens meanwhile
        const need = await secondFactorNeed(session);
        if (need) {
          session.holdForSecondFactor(need, csrf, safeRedirectTo(v.data.redirectTo));
          return redirect(SECOND_FACTOR_PATH, { headers: known });
        }
        return redirect(safeRedirectTo(v.data.redirectTo), { headers: known });
      });
    }

    if (intent === "idcheck") {
      const v = await validateForm(withZod(idCheckSchema), form, ["userId"]);
      if (!v.ok) return v.response;
      // with JavaScript the check is a fetcher that shows `alert` under the id
      const refused = await limits.take([{ rule: "idCheckAddress", address }]);
      if (refused) return refusedForm(form, refused, { formId: "signup" });
      return orFormFailure(form, async () => {
        const taken = await accountApi.isIdTaken(v.data.userId);
        const idCheck: IdCheckState = { userId: v.data.userId, available: !taken, message: taken ? MSG.idDuplicated : MSG.idAvailable };
        const repopulateFields = { ...formValues(form), idCheckedFor: taken ? "" : v.data.userId };
        const reply: FormReply = { fieldErrors: taken ? { userId: MSG.idDuplicated } : {}, repopulateFields, idCheck, formId: "signup" };
        return json(reply);
      });
    }

    if (intent === "signup") {
      const v = await validateForm(withZod(signupSchema), form, signupOrder);
      if (!v.ok) return v.response;
      const refused = await limits.take([{ rule: "signupAddress", address }]);
      if (refused) return refusedForm(form, refused);
      const d = v.data;
      const common = commonPasswordFailure(form, d.userPass);
      if (common) return common;
      return orFormFailure(form, async () => {
        await accountApi.signUp({ ...personWire(d), authTy: joinAuthorities(d.authTy), userPass: d.userPass });
        session.flash(OWN_MSG.signupDone, "info");
        // the focus goes back to the link that opened the dialog (ADR 0059)
        return redirect(`/?${FOCUS_PARAM}=signup`);
      });
    }

    if (intent === "find") {
      const v = await validateForm(withZod(findSchema), form, findOrder);
      if (!v.ok) return v.response;
      const refused = await limits.take([
        { rule: "findAddress", address },
        { rule: "findAccount", account: v.data.userId },
      ]);
      if (refused) return refusedForm(form, refused);
      return orFormFailure(form, async () => {
        const found = await accountApi.findUser(personWire(v.data));
        if (!found) return formFailure(form, MSG.userNotFound);
        // spec 000 §7 answers findInfo.userSeq; the embedded backend adds a change token and the
        // one-time code it sent (issue 17), which the change dialog then asks for
        session.setPasswordChange(found);
        return redirect("/?dialog=change");
      });
    }

    if (intent === "change") {
      // the user is the one find-password found, sealed in the session: the form carries only the
      // new password, so a tampered post cannot name another user (spec 000 §7 changePwd {userSeq, userPass})
      const pending = session.passwordChange;
      if (!pending) {
        session.flash(OWN_MSG.changeExpired, "error");
        return redirect("/?dialog=find");
      }
      const v = pending.codeSent
        ? await validateForm(withZod(changeWithCodeSchema), form, changeWithCodeOrder)
        : await validateForm(withZod(changeSchema), form, changeOrder);
      if (!v.ok) return v.response;
      const refused = await limits.take([
        { rule: "changeAddress", address },
        { rule: "changeAccount", account: `#${pending.userSeq}` },
      ]);
      if (refused) return refusedForm(form, refused);
      const common = commonPasswordFailure(form, v.data.userPass);
      if (common) return common;
      const code = "code" in v.data && typeof v.data.code === "string" ? v.data.code : undefined;
      return orFormFailure(form, async () => {
        await accountApi.changePassword({ userSeq: pending.userSeq, changeToken: pending.changeToken, code, userPass: v.data.userPass });
        session.setPasswordChange(null);
        session.flash(OWN_MSG.passwordChanged, "info");
        return redirect(`/?${FOCUS_PARAM}=find`);
      });
    }

    return formFailure(form, OWN_MSG.badRequest);
  });
}
