/**
 * The second factor's steps as the pages take them (ADR 0068): who must give one after the
 * password, the enrolment's secret and QR code, and one attempt at a code, rate-limited like
 * sign-in (rate-limit.server.ts `secondFactorGate`) and audited (audit.server.ts, actions
 * '2단계 인증' and '2단계 인증 실패'). The sign-in's step is /sign-in/otp, the user's own
 * enrolment and disable /myProfile/otp, an administrator's reset the user's page of P16.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { OWN_MSG } from "~/schemas/messages.ko";
import { audit } from "./audit.server";
import { administers } from "./context.server";
import { formFailure } from "./form.server";
import { menusOf } from "./guard.server";
import { clientAddress, rateLimits, refusedForm } from "./rate-limit.server";
import { authUri, enrol, factorState, groupedSecret, isRequired, newSecret, qrSvg, requiredForEveryone, useRecoveryCode, verifyCode } from "./second-factor.server";
import type { SecondFactorNeed, Session } from "./session.server";

/** The sign-in's second step. */
export const SECOND_FACTOR_PATH = "/sign-in/otp";
/** The user's own second-factor page (the profile area). */
export const MY_FACTOR_PATH = "/myProfile/otp";

/**
 * Whether the signed-in user is an administrator (ADR 0040, 0053): the backend's `adminYn` when it
 * says, else (a legacy server, which has no such flag) the menu list holding user management.
 */
export async function isAdministrator(session: Session): Promise<boolean> {
  const user = session.user;
  if (!user) return false;
  if (user.adminYn === "Y" || user.adminYn === "N") return user.adminYn === "Y";
  return administers({ user, menus: await menusOf(session) });
}

/**
 * What a sign-in whose password was right waits for: the code of an enrolled factor, the
 * enrolment of a required one (administrators; everyone with MFA_REQUIRED=1), or nothing.
 */
export async function secondFactorNeed(session: Session): Promise<SecondFactorNeed | null> {
  const user = session.user;
  if (!user) return null;
  if ((await factorState(user.userId)).enrolled) return "verify";
  if (requiredForEveryone() || isRequired(await isAdministrator(session))) return "enrol";
  return null;
}

export interface EnrolmentView {
  /** the secret in groups of four, for typing into an app without a camera */
  secret: string;
  /** the QR code of the otpauth:// address: an SVG drawn on the server, as a data: address for an <img> */
  qr: string;
}

/** The secret being enrolled (a new one kept in the session for 10 minutes) and its QR code. */
export async function enrolmentView(session: Session, userId: string): Promise<EnrolmentView> {
  let secret = session.enrolmentSecret;
  if (!secret) {
    secret = await newSecret();
    session.setEnrolmentSecret(secret);
  }
  const svg = await qrSvg(authUri(secret, userId));
  return { secret: groupedSecret(secret), qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

export type AttemptKind = "totp" | "recovery" | "enrol" | "disable";

const PASSED: Record<AttemptKind, string> = { totp: "로그인: 인증 앱 코드", recovery: "로그인: 복구 코드 사용", enrol: "등록", disable: "해제" };
const FAILED: Record<AttemptKind, string> = { totp: "로그인: 인증 앱 코드 불일치", recovery: "로그인: 복구 코드 불일치", enrol: "등록: 확인 코드 불일치", disable: "해제: 확인 코드 불일치" };

export type Attempt = { ok: false; response: Response } | { ok: true; recoveryCodes?: string[]; recoveryLeft?: number };

/**
 * One attempt at a code for `userId`: refused (429) when the account or the address has given too
 * many wrong codes; a wrong code is counted, audited and answered on its field with the input
 * kept; a right one clears the account's count and is audited. `enrol` confirms the secret being
 * enrolled and answers the new recovery codes.
 */
export async function attemptCode(
  args: Pick<ActionFunctionArgs, "context">,
  form: FormData,
  userId: string,
  kind: AttemptKind,
  value: string,
  enrolSecret?: string,
): Promise<Attempt> {
  const address = clientAddress(args.context);
  const limits = await rateLimits();
  const refused = await limits.secondFactorGate(userId, address);
  if (refused) return { ok: false, response: refusedForm(form, refused) };
  let recoveryCodes: string[] | undefined;
  let ok: boolean;
  if (kind === "enrol") {
    recoveryCodes = enrolSecret ? ((await enrol(userId, enrolSecret, value)) ?? undefined) : undefined;
    ok = Boolean(recoveryCodes);
  } else if (kind === "recovery") ok = (await useRecoveryCode(userId, value)) === "ok";
  else ok = (await verifyCode(userId, value)) === "ok";
  if (!ok) {
    await limits.secondFactorFailed(userId, address);
    await audit({ userId, address }, { action: "secondFactorFailed", target: userId, detail: FAILED[kind] });
    const [field, message] = kind === "recovery" ? ["recovery", OWN_MSG.recoveryWrong] : ["code", OWN_MSG.otpWrong];
    return { ok: false, response: formFailure(form, message, { [field]: message }) };
  }
  await limits.secondFactorSucceeded(userId);
  const recoveryLeft = kind === "recovery" ? (await factorState(userId)).recoveryLeft : undefined;
  await audit({ userId, address }, { action: "secondFactor", target: userId, detail: recoveryLeft === undefined ? PASSED[kind] : `${PASSED[kind]} (남은 복구 코드 ${recoveryLeft}개)` });
  return { ok: true, ...(recoveryCodes ? { recoveryCodes } : {}), ...(recoveryLeft !== undefined ? { recoveryLeft } : {}) };
}
