/**
 * Field rules of spec 000 §5, shared by the browser, the Remix actions and the embedded backend,
 * so that the server re-validates exactly what the client checks.
 */
import { z } from "./zod";
import { PHONE_PREFIXES } from "./choices";
import { MSG, OWN_MSG, RANGE_MSG, fillMessage } from "./messages.ko";

export { AUTHORITIES, filterNumberInput, PHONE_PREFIXES } from "./choices";

/** Letters, digits, comma, underscore and hyphen only. */
export const ID_RE = /^[A-Za-z0-9,_-]+$/;
/** Korean or English letters only: no spaces, no digits. */
export const NAME_RE = /^[A-Za-z가-힣ㄱ-ㅎㅏ-ㅣ]+$/;
export const PHONE_PART_RE = /^[0-9]{1,4}$/;

/** Issue 17: a maximum length (OWN_MSG.passwordTooLong names it); spec 000 §9 gives the minimum, 8. */
export const PASSWORD_MAX_LENGTH = 64;

/**
 * At least 8 characters, no whitespace, at least two letters, a digit, and either a special
 * character or both upper- and lower-case letters.
 */
export function isValidPassword(pw: string): boolean {
  if (pw.length < 8 || /\s/.test(pw)) return false;
  const letters = (pw.match(/[A-Za-z]/g) ?? []).length;
  if (letters < 2 || !/[0-9]/.test(pw)) return false;
  const special = /[^A-Za-z0-9\s]/.test(pw);
  const mixedCase = /[a-z]/.test(pw) && /[A-Z]/.test(pw);
  return special || mixedCase;
}

const optionalText = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string());
const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

/** A required text field with the given empty message. */
export const requiredText = (message: string) =>
  z.preprocess(trimmed, z.string({ required_error: message, invalid_type_error: message }).min(1, message));

export const userIdField = (required: string) =>
  requiredText(required).pipe(z.string().regex(ID_RE, MSG.idFormat).max(50, MSG.idFormat));
export const userNmField = (required: string) =>
  requiredText(required).pipe(z.string().regex(NAME_RE, MSG.nameFormat).max(50, MSG.nameFormat));
export const passwordField = (required: string) =>
  z
    .string({ required_error: required })
    .min(1, required)
    .refine(isValidPassword, MSG.passwordFormat)
    .refine((pw) => pw.length <= PASSWORD_MAX_LENGTH, OWN_MSG.passwordTooLong);
/**
 * A password change's fields and their rules (spec 000 §5; issue 17: a new password needs the
 * current one, which the server checks), one schema for the forms with the block
 * (components/form/PasswordField.tsx `PasswordChangeFields`): with `required` (its empty message)
 * all three must be given (the forced change); without it they are the profile's, for a change
 * only, checked once either new-password field is filled. Checked as a whole, so every failing
 * field is marked.
 */
export const passwordChangeFields = (required?: string) =>
  z
    .object({ currentPass: optionalText, userPass: optionalText, userPassChk: optionalText })
    .superRefine((v, ctx) => {
      if (!required && !v.userPass && !v.userPassChk) return;
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (!v.currentPass) issue("currentPass", OWN_MSG.currentPassRequired);
      if (required && !v.userPass) issue("userPass", required);
      else if (!isValidPassword(v.userPass)) issue("userPass", MSG.passwordFormat);
      else if (v.userPass.length > PASSWORD_MAX_LENGTH) issue("userPass", OWN_MSG.passwordTooLong);
      if (required && !v.userPassChk) issue("userPassChk", required);
      else if (v.userPass !== v.userPassChk) issue("userPassChk", MSG.passwordMismatch);
    });
export const phonePrefixField = (required: string) =>
  z.enum(PHONE_PREFIXES, { errorMap: () => ({ message: required }) });
export const phonePartField = (required: string) =>
  requiredText(required).pipe(z.string().regex(PHONE_PART_RE, OWN_MSG.phoneFormat));
/** The e-mail local part: whitespace is refused with its own message (the client strips it). */
export const emailLocalField = (required: string) =>
  z
    .string({ required_error: required })
    .min(1, required)
    .refine((v) => !/\s/.test(v), MSG.emailNoSpace)
    .pipe(z.string().regex(/^[A-Za-z0-9._%+-]+$/, OWN_MSG.emailFormat).max(64, OWN_MSG.emailFormat));

/** Parses '010-1234-5678' into its three parts (missing parts are empty). */
export function splitPhone(telNo: string | null | undefined): [string, string, string] {
  const [a = "010", b = "", c = ""] = (telNo ?? "").split("-");
  return [a || "010", b, c];
}
export const joinPhone = (a: string, b: string, c: string) => `${a}-${b}-${c}`;

/** A person form's fields as the account calls send them (spec 000 §7: sign-up, find ID, insertUserInfo.do). */
export interface PersonFormFields {
  userId: string;
  userNm: string;
  dptCd: string;
  telNo1: string;
  telNo2: string;
  telNo3: string;
  email: string;
  emailCd: string;
}
export function personWire(d: PersonFormFields) {
  return {
    userId: d.userId,
    userNm: d.userNm,
    dptCd: d.dptCd,
    telNo: joinPhone(d.telNo1, d.telNo2, d.telNo3),
    email: d.email,
    emailCd: d.emailCd,
  };
}

/** Authority codes as stored: comma-joined, sorted, unique. */
export function joinAuthorities(codes: readonly string[]): string {
  return [...new Set(codes)].filter((c) => c === "1" || c === "2").sort().join(",");
}
export const splitAuthorities = (authTy: string | null | undefined) =>
  (authTy ?? "").split(",").map((s) => s.trim()).filter(Boolean);

/**
 * The user record as the sign-up and profile calls send it on the wire (spec 000 §7). Used by the
 * embedded backend to re-validate whatever a client sends.
 */
export const userWireFields = {
  userId: userIdField(MSG.requiredFields),
  userNm: userNmField(MSG.requiredFields),
  dptCd: requiredText(MSG.deptRequired),
  telNo: z
    .string({ required_error: MSG.phoneRequired })
    .refine((t) => {
      const [a, b, c] = t.split("-");
      return (PHONE_PREFIXES as readonly string[]).includes(a) && PHONE_PART_RE.test(b ?? "") && PHONE_PART_RE.test(c ?? "");
    }, MSG.phoneRequired),
  email: emailLocalField(MSG.emailRequired),
  emailCd: requiredText(MSG.emailRequired),
  authTy: z
    .string({ required_error: MSG.authRequired })
    .refine((a) => splitAuthorities(a).length > 0 && splitAuthorities(a).every((c) => c === "1" || c === "2"), MSG.authRequired),
};

// ---------------------------------------------------------------------------------------------
// Limits and ranges (issue 35; ADR 0057): the messages say what is allowed
// ---------------------------------------------------------------------------------------------

/** '{item}은(는) {max}자 이하로 입력해주세요.' */
export const tooLongMessage = (item: string, max: number) => fillMessage(RANGE_MSG.itemTooLong, { item, max });

/** '{item}은(는) {min}부터 {max}까지 입력해주세요.' */
export const countRangeMessage = (item: string, min: number, max: number) => fillMessage(RANGE_MSG.countRange, { item, min, max });

/** '년도는 {first}년부터 {last}년까지 선택할 수 있습니다.' */
export const yearRangeMessage = (first: number, last: number) => fillMessage(RANGE_MSG.yearRange, { first, last });

/**
 * The window of the dates of a record of a year: from January 1 of the year `before` years earlier
 * to the last day of `endMonth` of the year `after` years later. Each screen states its own in its
 * schema (a school year runs from March to February, so an activity of 2026 may end in February 2027).
 */
export interface DateWindow {
  before: number;
  after: number;
  /** the last month of the window's last year (1–12) */
  endMonth: number;
}

/** The first and last day 'YYYY-MM-DD' of a year's window. */
export function dateWindowOf(year: number, w: DateWindow): { from: string; to: string } {
  const last = new Date(Date.UTC(year + w.after, w.endMonth, 0)).getUTCDate();
  return { from: `${year - w.before}-01-01`, to: `${year + w.after}-${String(w.endMonth).padStart(2, "0")}-${String(last).padStart(2, "0")}` };
}

/** Whether a wire date lies in a year's window (a year that is not a number has no window: false). */
export function inDateWindow(date: string, year: number, w: DateWindow): boolean {
  if (!Number.isInteger(year)) return false;
  const { from, to } = dateWindowOf(year, w);
  return date >= from && date <= to;
}

/** '{item}은(는) {from}부터 {to}까지의 날짜로 입력해주세요.' for a year's window. */
export const dateWindowMessage = (item: string, year: number, w: DateWindow) => fillMessage(RANGE_MSG.dateWindow, { item, ...dateWindowOf(year, w) });

/** A time 'HH:mm' of 00:00–23:59. */
export const TIME_RE = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
