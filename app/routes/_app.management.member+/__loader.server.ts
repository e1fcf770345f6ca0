/**
 * P16 사용자 관리 (spec 000 §2, §5 "User administration", §6 masking, §7; issue 16; ADR 0040): the
 * list's loader and action and the register/edit page's, administrators only (withAdmin).
 *
 * - The list (kit) shows approved users filtered by text (`?value=`) and approval state
 *   (`?aprYn=all|Y|N`); the unapproved ones are the 'join request' group above it, each with a
 *   checkbox for one approve post with the chosen permissions, and a detail dialog
 *   (`?dialog=preview&userSeq=`) to approve that one. Names, phones and e-mails reach the page
 *   masked only.
 * - The register/edit page (`/management/member/registration?seq=`) is a native form: the id
 *   duplicate check (new users), the field rules of spec 000 §5, the save, and the password reset
 *   to an initial value the server draws and shows once.
 * Approvals, saves (permission changes among them) and resets are written to the audit log.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as accountApi from "~/legacy/endpoints/account.server";
import { commonCodes } from "~/legacy/endpoints/code.server";
import * as api from "./__calls.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { AUTHORITIES, joinAuthorities, splitAuthorities, splitPhone } from "~/schemas/rules";
import { approveOrder, approveSchema, MEMBER_FORM_PATH, MEMBER_PATH, memberOrder, memberSchema, memberWire } from "./__schema";
import { audit, diffFields, diffText } from "~/utils/audit.server";
import { needsConfirmation } from "~/utils/confirm.server";
import { initialPassword } from "~/utils/initial-password.server";
import { readForm, withAdmin, type UserContext } from "~/utils/context.server";
import { formFailure, formValues, validateForm } from "~/utils/form.server";
import { listLoader } from "~/utils/list-loader.server";
import { factorState, removeFactor } from "~/utils/second-factor.server";
import { backToList } from "~/utils/list-action.server";
import { readText } from "~/utils/list-url";
import { clientAddress } from "~/utils/rate-limit.server";
import { seoulYear } from "~/utils/time";
import { seqParam } from "~/utils/url";
import { orMarkedFailure } from "~/utils/legacy-errors.server";

export type AprFilter = "all" | "Y" | "N";
const readApr = (url: URL): AprFilter => {
  const v = url.searchParams.get("aprYn");
  return v === "Y" || v === "N" ? v : "all";
};

const DEPT_GROUP = "0000300000";
const EMAIL_GROUP = "0000400000";

const authNames = (authTy: string) =>
  splitAuthorities(authTy)
    .map((c) => AUTHORITIES.find((a) => a.code === c)?.label ?? c)
    .join(", ");

/** The join requests matching the search (the 'join request' group; none when the filter asks for approved users only). */
async function joinRequests(ctx: UserContext, value: string, apr: AprFilter) {
  if (apr === "Y") return [];
  return (await api.listUsers(ctx.session, { searchTxt: value, aprYn: "N" })).list.map((u) => ({ ...u, authNm: authNames(u.authTy) }));
}

export const memberLoader = listLoader({
  admin: true,
  key: "userSeq",
  filter: (url) => ({ value: readText(url), aprYn: readApr(url) }),
  sortable: ["userId", "userNm", "dptNm", "usyn", "regDt"],
  list: async (ctx, { filter, query }) => {
    if (filter.aprYn === "N") return { list: [], total: 0 };
    const r = await api.listUsers(ctx.session, { searchTxt: filter.value, aprYn: "Y", ...query });
    return { ...r, list: r.list.map((u) => ({ ...u, authNm: authNames(u.authTy) })) };
  },
  // the approval detail of a join request (`?dialog=preview&userSeq=`), masked as the list is
  detail: async (ctx, seq) => (await joinRequests(ctx, "", "all")).find((u) => u.userSeq === seq) ?? null,
  more: async (ctx, { filter }) => ({ joins: await joinRequests(ctx, filter.value, filter.aprYn) }),
});

/** The list's action: the approval of one join request (its dialog) or of several (the group's checkboxes). */
export function memberAction(args: ActionFunctionArgs) {
  return withAdmin(args, async (ctx) => {
    const form = await readForm(args.request, ctx.session);
    const url = new URL(args.request.url);
    if (form.get("intent") !== "approve") return formFailure(form, OWN_MSG.badRequest);
    const v = await validateForm(withZod(approveSchema), form, approveOrder);
    if (!v.ok) return v.response;
    const seqs = v.data.userSeq.map(Number);
    const authTy = joinAuthorities(v.data.authTy);
    await api.approveUsers(ctx.session, seqs, authTy);
    await audit(
      { userId: ctx.user.userId, address: clientAddress(args.context) },
      { action: "admin", target: `${MEMBER_PATH} userSeq=${seqs.join(",")}`, detail: `가입 승인, 권한: ${authNames(authTy)}` },
    );
    ctx.session.flash(MSG.approved, "info");
    return redirect(backToList(url, "userSeq"));
  });
}

// ---------------------------------------------------------------------------------------------
// The register/edit page
// ---------------------------------------------------------------------------------------------

export interface MemberFormData {
  userSeq: number | null;
  /** the stored approval state of an existing user */
  aprYn: string;
  /** find-password is locked for the user (issue 37 item 6): the password reset lifts it */
  locked: boolean;
  /** the user has a second factor (ADR 0068): the page offers its reset */
  secondFactor: boolean;
  defaults: Record<string, unknown>;
  codes: { depts: { value: string; label: string }[]; domains: { value: string; label: string }[] };
}

async function memberCodes(ctx: UserContext) {
  const year = seoulYear();
  const [depts, domains] = await Promise.all([commonCodes(ctx.session, DEPT_GROUP, year), commonCodes(ctx.session, EMAIL_GROUP, year)]);
  return { depts: depts.map((c) => ({ value: c.id, label: c.text })), domains: domains.map((c) => ({ value: c.id, label: c.text })) };
}

/** The stored user as the form names its fields. */
function formOfUser(u: Awaited<ReturnType<typeof accountApi.getUser>>) {
  const [telNo1, telNo2, telNo3] = splitPhone(u.telNo);
  return {
    userSeq: String(u.userSeq),
    userId: u.userId,
    userNm: u.userNm,
    dptCd: u.dptCd,
    telNo1,
    telNo2,
    telNo3,
    email: u.email,
    emailCd: u.emailCd,
    authTy: splitAuthorities(u.authTy),
    usyn: u.usyn || "Y",
  };
}

const NEW_DEFAULTS = { userSeq: "", userId: "", userNm: "", dptCd: "", telNo1: "010", telNo2: "", telNo3: "", email: "", emailCd: "", authTy: [] as string[], usyn: "Y" };

export function memberFormLoader(args: LoaderFunctionArgs) {
  return withAdmin(args, async (ctx) => {
    const seq = seqParam(new URL(args.request.url).searchParams.get("seq") ?? "");
    // a user that is not there ('데이터가 없습니다.', 404) is the frame's error page, not an empty new form
    const [codes, user] = await Promise.all([memberCodes(ctx), seq ? accountApi.getUser(ctx.session, seq) : Promise.resolve(null)]);
    const secondFactor = user ? (await factorState(user.userId)).enrolled : false;
    const data: MemberFormData = { userSeq: user?.userSeq ?? null, aprYn: user?.aprYn ?? "Y", locked: user?.lockYn === "Y", secondFactor, defaults: user ? formOfUser(user) : NEW_DEFAULTS, codes };
    return json(data);
  });
}

/** The fields an audit row compares (the form's, masked by diffFields). */
const auditFields = (d: Record<string, unknown>) => ({
  userNm: d.userNm,
  dptCd: d.dptCd,
  telNo: d.telNo,
  email: d.email,
  emailCd: d.emailCd,
  authTy: d.authTy,
  usyn: d.usyn,
});

export function memberFormAction(args: ActionFunctionArgs) {
  return withAdmin(args, async (ctx) => {
    const form = await readForm(args.request, ctx.session);
    // the reset's confirmation posts `confirm=reset` (ConfirmSubmit)
    const confirmed = form.get("confirm");
    const intent = confirmed === "reset" || confirmed === "otpReset" ? confirmed : String(form.get("intent") ?? "save");
    const address = clientAddress(args.context);
    const seq = seqParam(String(form.get("userSeq") ?? ""));

    if (intent === "idcheck") {
      const userId = String(form.get("userId") ?? "").trim();
      const v = await validateForm(withZod(memberSchema.innerType().pick({ userId: true })), form, ["userId"]);
      if (!v.ok) return v.response;
      const taken = await accountApi.isIdTakenSignedIn(ctx.session, userId);
      const message = taken ? MSG.idDuplicated : MSG.idAvailable;
      return json({
        fieldErrors: taken ? { userId: message } : {},
        repopulateFields: { ...formValues(form), idCheckedFor: taken ? "" : userId },
        idCheck: { userId, available: !taken, message },
        formId: "member",
      });
    }

    if (intent === "reset") {
      if (!seq) return formFailure(form, OWN_MSG.badRequest);
      // it ends the user's sessions: asked first, with JavaScript or without (issue 35 §7)
      const asked = needsConfirmation(form, "reset");
      if (asked) return asked;
      // a reset also lifts a lock of find-password (issue 37 item 6, ADR 0064): the row says so
      const before = await accountApi.getUser(ctx.session, seq);
      const initPass = initialPassword();
      await api.resetPassword(ctx.session, seq, initPass);
      const detail = before.lockYn === "Y" ? "비밀번호 초기화, 비밀번호 찾기 잠금 해제" : "비밀번호 초기화";
      await audit({ userId: ctx.user.userId, address }, { action: "admin", target: `${MEMBER_FORM_PATH} userSeq=${seq}`, detail });
      return json({ done: MSG.reset, initPass });
    }

    if (intent === "otpReset") {
      // the user's second factor (ADR 0068): removed from the web tier's store, asked first;
      // the user enrols again at the next sign-in (required) or in the profile
      if (!seq) return formFailure(form, OWN_MSG.badRequest);
      const asked = needsConfirmation(form, "otpReset");
      if (asked) return asked;
      const target = await accountApi.getUser(ctx.session, seq);
      const had = await removeFactor(target.userId);
      if (had) await audit({ userId: ctx.user.userId, address }, { action: "secondFactor", target: target.userId, detail: `관리자 초기화 (${MEMBER_FORM_PATH} userSeq=${seq})` });
      return json({ done: had ? OWN_MSG.otpResetDone : OWN_MSG.otpResetNone });
    }

    if (intent !== "save") return formFailure(form, OWN_MSG.badRequest);
    const v = await validateForm(withZod(memberSchema), form, memberOrder);
    if (!v.ok) return v.response;
    const wire = memberWire(v.data);
    // a taken id and the administrator's own lock mark their fields
    return orMarkedFailure(form, { [MSG.idDuplicated]: "userId", [OWN_MSG.memberSelfLock]: "usyn" }, async () => {
      if (seq) {
        // the stored record decides the id and the approval state
        const current = await accountApi.getUser(ctx.session, seq);
        await api.saveUserAsAdmin(ctx.session, { ...wire, userSeq: seq, userId: current.userId, aprYn: current.aprYn || "Y" });
        const changed = diffText(diffFields(auditFields({ ...current, authTy: joinAuthorities(splitAuthorities(current.authTy)) }), auditFields(wire)));
        await audit({ userId: ctx.user.userId, address }, { action: "admin", target: `${MEMBER_FORM_PATH} userSeq=${seq}`, detail: changed || "(변경 없음)" });
        ctx.session.flash(MSG.updated, "info");
        return redirect(`${MEMBER_FORM_PATH}?seq=${seq}`);
      }
      const created = await api.saveUserAsAdmin(ctx.session, wire);
      await audit(
        { userId: ctx.user.userId, address },
        { action: "admin", target: `${MEMBER_FORM_PATH} userId=${wire.userId}`, detail: `사용자 등록, 권한: ${authNames(wire.authTy)}` },
      );
      if (created.initPass && created.userSeq) return json({ done: MSG.registered, initPass: created.initPass, createdSeq: created.userSeq });
      ctx.session.flash(MSG.registered, "info");
      return redirect(created.userSeq ? `${MEMBER_FORM_PATH}?seq=${created.userSeq}` : MEMBER_PATH);
    });
  });
}
