/**
 * Field pieces shared by the student and professor forms (spec 001 §5): digits-only ids, years,
 * 'YYYY-MM-DD' dates, the optional e-mail pair and the first failing message in screen order.
 * Used by the browser, the Remix actions, the embedded backend's edit.do and every Excel row.
 */
import { z, type ZodIssue } from "./zod";
import { MSG, OWN_MSG } from "./messages.ko";
import { fieldErrorsOf, firstError } from "./errors";
import { requiredText, splitPhone } from "./rules";

export const trimmedText = z.preprocess((v) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : ""), z.string());

/** A required text of at most `max` characters. */
export const requiredMax = (message: string, max: number) =>
  requiredText(message).pipe(z.string().max(max, OWN_MSG.textTooLong));

/** An optional text of at most `max` characters ('' when absent). */
export const optionalMax = (max: number) => trimmedText.pipe(z.string().max(max, OWN_MSG.textTooLong));

/** A common code: ten digits (spec 001 §5 select fields). */
export const CODE_RE = /^[0-9]{10}$/;

/** A required common code of a select; the empty and the malformed answer the same message. */
export const codeField = (message: string) => requiredText(message).pipe(z.string().regex(CODE_RE, message));

/** A required id of digits only (student or employee number). */
export const digitsId = (required: string, digits: string) =>
  requiredText(required).pipe(z.string().regex(/^[0-9]+$/, digits).max(20, digits));

/** A required four-digit year; the empty and the malformed answer the same message. */
export const yearText = (message: string) => requiredText(message).pipe(z.string().regex(/^[0-9]{4}$/, message));

/** 'YYYY-MM-DD' with month 01-12 and day 01-31 (spec 001 §5), and a day the month really has. */
export const DATE_RE = /^([0-9]{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

export function isCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isValidDateText(v: string): boolean {
  const m = DATE_RE.exec(v);
  return !!m && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** A required 'YYYY-MM-DD' date: `required` when empty, `format` when malformed. */
export const dateText = (required: string, format: string) =>
  requiredText(required).pipe(z.string().refine(isValidDateText, format));

/** The e-mail local part when given: no whitespace, address characters only. */
const EMAIL_LOCAL_RE = /^[A-Za-z0-9._%+-]+$/;

/**
 * Email and domain must both be given or both be empty (spec 001 §5): a local part without a
 * domain marks `emailCd` '도메인을 선택해주세요.', a domain without a local part marks `email`
 * '이메일을 입력해주세요.'.
 */
export function checkEmailPair(email: string, emailCd: string, ctx: z.RefinementCtx): void {
  if (email && !emailCd) ctx.addIssue({ code: "custom", path: ["emailCd"], message: MSG.domainRequired });
  if (!email && emailCd) ctx.addIssue({ code: "custom", path: ["email"], message: MSG.emailInputRequired });
  if (email) {
    if (/\s/.test(email)) ctx.addIssue({ code: "custom", path: ["email"], message: MSG.emailNoSpace });
    else if (!EMAIL_LOCAL_RE.test(email) || email.length > 64) ctx.addIssue({ code: "custom", path: ["email"], message: OWN_MSG.emailFormat });
  }
}

export { fieldErrorsOf } from "./errors";

/** The '알림' message: the first failing field's message in screen order. */
export function firstMessage(issues: readonly ZodIssue[], order: readonly string[]): string | undefined {
  return firstError(fieldErrorsOf(issues), order);
}

/** 'YYYY-MM-DD' → ['YYYY', 'MM', 'DD'] (missing parts are ''). */
export function dateParts(date: string | null | undefined): [string, string, string] {
  const [y = "", m = "", d = ""] = (date ?? "").split("-");
  return [y, m, d];
}

/** A joined birth date, 'YYYY-MM-DD' or 'YYYYMMDD', → its three parts. */
export function birthDateParts(brde: string | null | undefined): [string, string, string] {
  const v = (brde ?? "").trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  return compact ? [compact[1], compact[2], compact[3]] : dateParts(v);
}

/** A joined phone number, '010-1234-5678' or its 10-11 digits, → its three parts. */
export function phoneParts(telNo: string | null | undefined): [string, string, string] {
  const v = (telNo ?? "").trim();
  const digits = /^(01\d)(\d{3,4})(\d{4})$/.exec(v);
  return digits ? [digits[1], digits[2], digits[3]] : splitPhone(v);
}

const pad2 = (v: string) => v.padStart(2, "0");
export const joinDate = (y: string, m: string, d: string) => `${y}-${pad2(m)}-${pad2(d)}`;

/** 'Y' or 'N' ('', absent, 'on' of a checkbox are understood). */
export const ynField = (dflt: "Y" | "N") =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === "") return dflt;
    if (v === true || v === "on" || v === "true") return "Y";
    if (v === false || v === "false") return "N";
    return typeof v === "string" ? v.trim().toUpperCase() : v;
  }, z.enum(["Y", "N"], { errorMap: () => ({ message: OWN_MSG.badRequest }) }));

/**
 * A person form's schema (student, professor): the fields, and the rules across fields, checked
 * even when a field fails so every failing field is marked: the kind's own (`crossChecks` on the
 * trimmed `crossKeys`) and the e-mail pair. The parsed value keeps only what the record stores:
 * `finish` drops what the kind's status does not need, and the domain goes without an e-mail.
 */
export function personSchema<T extends z.ZodTypeAny, K extends string>(
  fields: T,
  crossKeys: readonly K[],
  crossChecks: (v: Record<K, string>, ctx: z.RefinementCtx) => void,
  finish: (d: z.output<T>) => Partial<z.output<T>>,
) {
  const cross = z
    .object(Object.fromEntries([...crossKeys, "email", "emailCd"].map((k) => [k, trimmedText])) as Record<K | "email" | "emailCd", typeof trimmedText>)
    .superRefine((v, ctx) => {
      crossChecks(v as Record<K, string>, ctx);
      checkEmailPair(v.email as string, v.emailCd as string, ctx);
    })
    .transform(() => ({}));
  return z.intersection(fields, cross).transform((d): z.output<T> => ({ ...d, ...finish(d), emailCd: d.email ? d.emailCd : "" }));
}
