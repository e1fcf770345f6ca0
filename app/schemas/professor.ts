/**
 * The professor form (spec 001 §2 "Professor form", §4, §5 "Professor save"): one schema for the
 * browser, the Remix action, the embedded backend's /api/professor/edit.do and every row of a
 * professor or PBL-tutor Excel upload. `professorOrder` puts the eleven checks of §5 in the
 * spec's order, so the first failing one is the '알림' message:
 *
 *  1 name, 2 id, 3 hire date, 4 hire date format, 5 employment status, 6 resignation date when
 *  resigned (required, then format), 7 position, 8 department, 9 alma mater, 10 all phone parts,
 *  11 e-mail without domain / domain without e-mail.
 *
 * The resignation date counts only for status 0001100003; for any other status it is dropped.
 * Gender (M/W) and training institution are optional.
 */
import { z } from "./zod";
import { MSG, OWN_MSG } from "./messages.ko";
import { codeField as code, dateText, digitsId, isValidDateText, optionalMax, personSchema, requiredMax, trimmedText, ynField } from "./person-fields";
import { joinPhone, phonePartField, phonePrefixField } from "./rules";

/** Employment status codes (common-code group 0001100000); 0001100003 is resigned. */
export const EMPLOYMENT = { employed: "0001100001", onLeave: "0001100002", resigned: "0001100003", dispatched: "0001100004" } as const;
export const isResigned = (emplyCd: string) => emplyCd === EMPLOYMENT.resigned;

export const GENDERS = [
  { id: "M", text: "남" },
  { id: "W", text: "여" },
] as const;

/** The fields, in the order of the eleven checks of spec 001 §5 (gender and training institution in screen place). */
const professorFields = z.object({
  name: requiredMax(MSG.nameRequired, 50),
  id: digitsId(MSG.employeeIdRequired, OWN_MSG.employeeIdDigits),
  gndr: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v ?? ""),
    z.enum(["", "M", "W"], { errorMap: () => ({ message: OWN_MSG.genderInvalid }) }),
  ),
  emplyDate: dateText(MSG.hireDateRequired, MSG.hireDateFormat),
  emplyCd: code(MSG.employmentRequired),
  rsgntDate: trimmedText,
  jobCd: code(MSG.positionRequired),
  dptCd: code(MSG.affiliationRequired),
  school: requiredMax(MSG.almaMaterRequired, 100),
  trngAgcy: optionalMax(100),
  telNo1: phonePrefixField(MSG.phoneAllRequired),
  telNo2: phonePartField(MSG.phoneAllRequired),
  telNo3: phonePartField(MSG.phoneAllRequired),
  email: trimmedText,
  emailCd: trimmedText,
  tutorYn: ynField("N"),
});

/** The checks in order: the fields' names as declared above. */
export const professorOrder = Object.keys(professorFields.shape) as readonly (keyof typeof professorFields.shape)[];

/** Check 6 (and check 11, the e-mail pair): across fields, run even when another field fails. */
export const professorSchema = personSchema(
  professorFields,
  ["emplyCd", "rsgntDate"],
  (v, ctx) => {
    if (!isResigned(v.emplyCd)) return;
    if (!v.rsgntDate) ctx.addIssue({ code: "custom", path: ["rsgntDate"], message: MSG.resignDateRequired });
    else if (!isValidDateText(v.rsgntDate)) ctx.addIssue({ code: "custom", path: ["rsgntDate"], message: MSG.resignDateFormat });
  },
  (d) => ({ rsgntDate: isResigned(d.emplyCd) ? d.rsgntDate : "" }),
);
export type ProfessorForm = z.output<typeof professorSchema>;

/** The record as stored and answered: phone 'a-b-c', '' as null. */
export function professorRecord(d: ProfessorForm) {
  return {
    id: d.id,
    name: d.name,
    gndr: d.gndr || null,
    emplyDate: d.emplyDate,
    emplyCd: d.emplyCd,
    rsgntDate: d.rsgntDate || null,
    jobCd: d.jobCd,
    dptCd: d.dptCd,
    school: d.school,
    trngAgcy: d.trngAgcy || null,
    telNo: joinPhone(d.telNo1, d.telNo2, d.telNo3),
    email: d.email || null,
    emailCd: d.emailCd || null,
    tutorYn: d.tutorYn,
  };
}
export type ProfessorRecord = ReturnType<typeof professorRecord>;
