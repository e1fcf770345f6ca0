/**
 * The student form (spec 001 §2 "Student form", §4, §5 "Student save"): one schema for the
 * browser, the Remix action, the embedded backend's /api/student/edit.do and every row of a
 * student Excel upload. Fields are the flat form fields (birth date as brdeY/brdeM/brdeD, phone as
 * telNo1/telNo2/telNo3, e-mail as email + emailCd). `studentOrder` is the screen order: the
 * '알림' message is the first failing field's message, and every failing field is marked.
 *
 * Enrolment rules (§4): 0000600001-3 need a grade, 0000600005 (graduated) needs a graduation
 * year, 0000600004 and 0000600006 need neither. The parsed value keeps only what the status
 * needs (grdeCd / grdtnYear become '' otherwise).
 */
import { z } from "./zod";
import { MSG, OWN_MSG } from "./messages.ko";
import { CODE_RE, codeField as code, digitsId, isCalendarDate, joinDate, personSchema, requiredMax, trimmedText, yearText, ynField } from "./person-fields";
import { joinPhone, phonePartField, phonePrefixField, requiredText } from "./rules";
import { seoulYear } from "../utils/time";

/** Enrolment status codes (common-code group 0000600000). */
export const ENROLMENT = {
  enrolled: "0000600001",
  leave: "0000600002",
  repeating: "0000600003",
  expelled: "0000600004",
  graduated: "0000600005",
  withdrawn: "0000600006",
} as const;

/** Statuses that need a grade. */
export const GRADE_STATUSES: readonly string[] = [ENROLMENT.enrolled, ENROLMENT.leave, ENROLMENT.repeating];
export const needsGrade = (attnCd: string) => GRADE_STATUSES.includes(attnCd);
export const needsGraduationYear = (attnCd: string) => attnCd === ENROLMENT.graduated;

/**
 * The admission years a student may have (spec 001 §9): 2020 to the current year (Asia/Seoul) + 10,
 * newest first, as the form's select lists them. Checked wherever a student is saved (the form,
 * the Remix action, the embedded edit.do, every Excel row), so a forged or typed year outside the
 * list is refused with the range in the message.
 */
export const ADMS_YEAR_FIRST = 2020;
export function admsYears(current = seoulYear()): number[] {
  const last = current + 10;
  return Array.from({ length: last - ADMS_YEAR_FIRST + 1 }, (_, i) => last - i);
}
const admsYearRangeMessage = (current = seoulYear()) =>
  OWN_MSG.admsYearRange.replace("{first}", String(ADMS_YEAR_FIRST)).replace("{last}", String(current + 10));
const admsYearField = yearText(OWN_MSG.admsYearRequired).superRefine((v, ctx) => {
  const current = seoulYear();
  const year = Number(v);
  if (year < ADMS_YEAR_FIRST || year > current + 10) ctx.addIssue({ code: "custom", message: admsYearRangeMessage(current) });
});

const MONTH_RE = /^(0?[1-9]|1[0-2])$/;
const DAY_RE = /^(0?[1-9]|[12][0-9]|3[01])$/;

/** The fields, in screen order (spec 001 §2). */
const studentFields = z.object({
  name: requiredMax(MSG.nameRequired, 50),
  admsYear: admsYearField,
  brdeY: yearText(OWN_MSG.birthDateRequired),
  brdeM: requiredText(OWN_MSG.birthDateRequired).pipe(z.string().regex(MONTH_RE, OWN_MSG.birthDateRequired)),
  brdeD: requiredText(OWN_MSG.birthDateRequired).pipe(z.string().regex(DAY_RE, OWN_MSG.birthDateRequired)),
  highSchool: requiredMax(OWN_MSG.highSchoolRequired, 100),
  admsSlctn: code(OWN_MSG.admsSlctnRequired),
  email: trimmedText,
  emailCd: trimmedText,
  id: digitsId(OWN_MSG.studentIdRequired, OWN_MSG.studentIdDigits),
  attnCd: code(OWN_MSG.attnRequired),
  grdeCd: trimmedText,
  grdtnYear: trimmedText,
  birthPlace: code(OWN_MSG.birthPlaceRequired),
  hsGrdtnYear: yearText(OWN_MSG.hsGrdtnYearRequired),
  telNo1: phonePrefixField(MSG.phoneAllRequired),
  telNo2: phonePartField(MSG.phoneAllRequired),
  telNo3: phonePartField(MSG.phoneAllRequired),
  cohortYn: ynField("N"),
});

/** The fields in screen order, as declared above: the '알림' message is the first failing one's. */
export const studentOrder = Object.keys(studentFields.shape) as readonly (keyof typeof studentFields.shape)[];

/** Rules across fields (the birth date, the grade and graduation year of the status; and the e-mail pair). */
export const studentSchema = personSchema(
  studentFields,
  ["brdeY", "brdeM", "brdeD", "attnCd", "grdeCd", "grdtnYear"],
  (v, ctx) => {
    if (/^[0-9]{4}$/.test(v.brdeY) && MONTH_RE.test(v.brdeM) && DAY_RE.test(v.brdeD)) {
      if (!isCalendarDate(Number(v.brdeY), Number(v.brdeM), Number(v.brdeD))) {
        ctx.addIssue({ code: "custom", path: ["brdeD"], message: OWN_MSG.birthDateInvalid });
      }
    }
    if (needsGrade(v.attnCd) && !CODE_RE.test(v.grdeCd)) {
      ctx.addIssue({ code: "custom", path: ["grdeCd"], message: OWN_MSG.gradeRequired });
    }
    if (needsGraduationYear(v.attnCd) && !/^[0-9]{4}$/.test(v.grdtnYear)) {
      ctx.addIssue({ code: "custom", path: ["grdtnYear"], message: OWN_MSG.grdtnYearRequired });
    }
  },
  (d) => ({
    brdeM: d.brdeM.padStart(2, "0"),
    brdeD: d.brdeD.padStart(2, "0"),
    grdeCd: needsGrade(d.attnCd) ? d.grdeCd : "",
    grdtnYear: needsGraduationYear(d.attnCd) ? d.grdtnYear : "",
  }),
);
export type StudentForm = z.output<typeof studentSchema>;

/** The record as stored and answered: birth date 'YYYY-MM-DD', phone 'a-b-c', '' as null. */
export function studentRecord(d: StudentForm) {
  return {
    id: d.id,
    name: d.name,
    admsYear: Number(d.admsYear),
    attnCd: d.attnCd,
    grdeCd: d.grdeCd || null,
    grdtnYear: d.grdtnYear ? Number(d.grdtnYear) : null,
    brde: joinDate(d.brdeY, d.brdeM, d.brdeD),
    birthPlace: d.birthPlace,
    highSchool: d.highSchool,
    hsGrdtnYear: Number(d.hsGrdtnYear),
    admsSlctn: d.admsSlctn,
    email: d.email || null,
    emailCd: d.emailCd || null,
    telNo: joinPhone(d.telNo1, d.telNo2, d.telNo3),
    cohortYn: d.cohortYn,
  };
}
export type StudentRecord = ReturnType<typeof studentRecord>;
