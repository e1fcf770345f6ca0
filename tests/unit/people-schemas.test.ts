/** The student and professor form schemas (spec 001 §4, §5): every message, the order, the state rules. */
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { fieldErrorsOf, firstMessage, isValidDateText } from "~/schemas/person-fields";
import { EMPLOYMENT, professorOrder, professorRecord, professorSchema } from "~/schemas/professor";
import { admsYears, ENROLMENT, studentOrder, studentRecord, studentSchema } from "~/schemas/student";
import { seoulYear } from "~/utils/time";

const student = (over: Record<string, unknown> = {}) => ({
  name: "김서연",
  admsYear: "2024",
  brdeY: "2005",
  brdeM: "3",
  brdeD: "7",
  highSchool: "경기고등학교",
  admsSlctn: "0000700001",
  email: "seoyeon.kim",
  emailCd: "0000400001",
  id: "202471001",
  attnCd: ENROLMENT.enrolled,
  grdeCd: "0000800003",
  grdtnYear: "",
  birthPlace: "0001000001",
  hsGrdtnYear: "2024",
  telNo1: "010",
  telNo2: "1234",
  telNo3: "5678",
  cohortYn: "Y",
  ...over,
});

const professor = (over: Record<string, unknown> = {}) => ({
  name: "박정호",
  id: "2008003",
  gndr: "M",
  emplyDate: "2008-03-01",
  emplyCd: EMPLOYMENT.employed,
  rsgntDate: "",
  jobCd: "0000500001",
  dptCd: "0000300009",
  school: "서울대학교 의과대학",
  trngAgcy: "서울대학교병원",
  telNo1: "010",
  telNo2: "2222",
  telNo3: "3333",
  email: "jungho.park",
  emailCd: "0000400007",
  ...over,
});

function studentAlert(input: Record<string, unknown>) {
  const r = studentSchema.safeParse(input);
  return r.success ? undefined : firstMessage(r.error.issues, studentOrder);
}
function studentErrors(input: Record<string, unknown>) {
  const r = studentSchema.safeParse(input);
  return r.success ? {} : fieldErrorsOf(r.error.issues);
}
function professorAlert(input: Record<string, unknown>) {
  const r = professorSchema.safeParse(input);
  return r.success ? undefined : firstMessage(r.error.issues, professorOrder);
}

describe("student form", () => {
  it("accepts a complete form and answers the stored record", () => {
    const r = studentSchema.parse(student());
    expect(studentRecord(r)).toEqual({
      id: "202471001",
      name: "김서연",
      admsYear: 2024,
      attnCd: ENROLMENT.enrolled,
      grdeCd: "0000800003",
      grdtnYear: null,
      brde: "2005-03-07",
      birthPlace: "0001000001",
      highSchool: "경기고등학교",
      hsGrdtnYear: 2024,
      admsSlctn: "0000700001",
      email: "seoyeon.kim",
      emailCd: "0000400001",
      telNo: "010-1234-5678",
      cohortYn: "Y",
    });
  });

  it.each([
    ["name", "", MSG.nameRequired],
    ["admsYear", "", OWN_MSG.admsYearRequired],
    ["admsYear", "24", OWN_MSG.admsYearRequired],
    ["brdeY", "", OWN_MSG.birthDateRequired],
    ["brdeM", "", OWN_MSG.birthDateRequired],
    ["brdeM", "13", OWN_MSG.birthDateRequired],
    ["brdeD", "", OWN_MSG.birthDateRequired],
    ["brdeD", "32", OWN_MSG.birthDateRequired],
    ["highSchool", "  ", OWN_MSG.highSchoolRequired],
    ["admsSlctn", "", OWN_MSG.admsSlctnRequired],
    ["id", "", OWN_MSG.studentIdRequired],
    ["id", "2024-71", OWN_MSG.studentIdDigits],
    ["id", "A2024", OWN_MSG.studentIdDigits],
    ["attnCd", "", OWN_MSG.attnRequired],
    ["birthPlace", "", OWN_MSG.birthPlaceRequired],
    ["hsGrdtnYear", "", OWN_MSG.hsGrdtnYearRequired],
    ["telNo1", "", MSG.phoneAllRequired],
    ["telNo1", "012", MSG.phoneAllRequired],
    ["telNo2", "", MSG.phoneAllRequired],
    ["telNo3", "", MSG.phoneAllRequired],
    ["telNo2", "12a4", OWN_MSG.phoneFormat],
    ["telNo3", "12345", OWN_MSG.phoneFormat],
  ])("%s = %j: %s", (field, value, message) => {
    expect(studentErrors(student({ [field]: value }))[field]).toBe(message);
    expect(studentAlert(student({ [field]: value }))).toBe(message);
  });

  it("takes an admission year from 2020 to the current year (Asia/Seoul) + 10 only (spec 001 §9)", () => {
    const last = seoulYear() + 10;
    const range = `입학년도는 2020년부터 ${last}년 사이에서 선택해주세요.`;
    expect(admsYears()).toHaveLength(last - 2020 + 1);
    expect(admsYears()[0]).toBe(last);
    expect(admsYears().at(-1)).toBe(2020);
    expect(admsYears(2026)).toEqual(Array.from({ length: 17 }, (_, i) => 2036 - i));
    for (const ok of ["2020", String(seoulYear()), String(last)]) expect(studentAlert(student({ admsYear: ok }))).toBeUndefined();
    for (const bad of ["2019", "1999", String(last + 1), "9999"]) {
      expect(studentErrors(student({ admsYear: bad })).admsYear).toBe(range);
      expect(studentAlert(student({ admsYear: bad }))).toBe(range);
    }
  });

  it("refuses a birth date that does not exist", () => {
    expect(studentAlert(student({ brdeM: "2", brdeD: "30" }))).toBe(OWN_MSG.birthDateInvalid);
    expect(studentAlert(student({ brdeY: "2004", brdeM: "02", brdeD: "29" }))).toBeUndefined();
  });

  it("needs e-mail and domain together or neither", () => {
    expect(studentErrors(student({ emailCd: "" })).emailCd).toBe(MSG.domainRequired);
    expect(studentErrors(student({ email: "" })).email).toBe(MSG.emailInputRequired);
    expect(studentAlert(student({ email: "", emailCd: "" }))).toBeUndefined();
    expect(studentErrors(student({ email: "a b" })).email).toBe(MSG.emailNoSpace);
    expect(studentErrors(student({ email: "김" })).email).toBe(OWN_MSG.emailFormat);
  });

  describe("enrolment rules (spec 001 §4)", () => {
    it.each([ENROLMENT.enrolled, ENROLMENT.leave, ENROLMENT.repeating])("%s needs a grade", (attnCd) => {
      expect(studentAlert(student({ attnCd, grdeCd: "" }))).toBe(OWN_MSG.gradeRequired);
      const r = studentSchema.parse(student({ attnCd, grdtnYear: "2030" }));
      expect(r.grdtnYear).toBe("");
      expect(studentRecord(r).grdeCd).toBe("0000800003");
    });

    it("0000600005 (graduated) needs a graduation year, and keeps no grade", () => {
      expect(studentAlert(student({ attnCd: ENROLMENT.graduated, grdeCd: "", grdtnYear: "" }))).toBe(OWN_MSG.grdtnYearRequired);
      expect(studentAlert(student({ attnCd: ENROLMENT.graduated, grdtnYear: "30" }))).toBe(OWN_MSG.grdtnYearRequired);
      const rec = studentRecord(studentSchema.parse(student({ attnCd: ENROLMENT.graduated, grdtnYear: "2030" })));
      expect(rec.grdtnYear).toBe(2030);
      expect(rec.grdeCd).toBeNull();
    });

    it.each([ENROLMENT.expelled, ENROLMENT.withdrawn])("%s needs neither", (attnCd) => {
      const rec = studentRecord(studentSchema.parse(student({ attnCd, grdeCd: "", grdtnYear: "" })));
      expect(rec.grdeCd).toBeNull();
      expect(rec.grdtnYear).toBeNull();
    });
  });

  it("marks every failing field and alerts the first in screen order", () => {
    const errors = studentErrors({});
    for (const f of ["name", "admsYear", "brdeY", "highSchool", "admsSlctn", "id", "attnCd", "birthPlace", "hsGrdtnYear", "telNo1"]) {
      expect(errors[f], f).toBeTruthy();
    }
    expect(studentAlert({})).toBe(MSG.nameRequired);
    expect(studentAlert(student({ highSchool: "", telNo2: "" }))).toBe(OWN_MSG.highSchoolRequired);
    expect(studentAlert(student({ id: "", admsYear: "" }))).toBe(OWN_MSG.admsYearRequired);
  });

  it("cohort consent is Y or N, N when absent", () => {
    expect(studentSchema.parse(student({ cohortYn: "" })).cohortYn).toBe("N");
    expect(studentSchema.parse(student({ cohortYn: "on" })).cohortYn).toBe("Y");
    expect(studentSchema.safeParse(student({ cohortYn: "X" })).success).toBe(false);
  });
});

describe("professor form: the eleven checks of spec 001 §5 in order", () => {
  it("accepts a complete form and answers the stored record", () => {
    expect(professorRecord(professorSchema.parse(professor()))).toMatchObject({
      id: "2008003",
      gndr: "M",
      emplyDate: "2008-03-01",
      rsgntDate: null,
      telNo: "010-2222-3333",
      trngAgcy: "서울대학교병원",
      tutorYn: "N",
    });
  });

  it("alerts each check when it is the only one failing", () => {
    expect(professorAlert(professor({ name: " " }))).toBe(MSG.nameRequired);
    expect(professorAlert(professor({ id: "" }))).toBe(MSG.employeeIdRequired);
    expect(professorAlert(professor({ emplyDate: "" }))).toBe(MSG.hireDateRequired);
    expect(professorAlert(professor({ emplyDate: "2008-3-1" }))).toBe(MSG.hireDateFormat);
    expect(professorAlert(professor({ emplyCd: "" }))).toBe(MSG.employmentRequired);
    expect(professorAlert(professor({ emplyCd: EMPLOYMENT.resigned }))).toBe(MSG.resignDateRequired);
    expect(professorAlert(professor({ emplyCd: EMPLOYMENT.resigned, rsgntDate: "2025/01/01" }))).toBe(MSG.resignDateFormat);
    expect(professorAlert(professor({ jobCd: "" }))).toBe(MSG.positionRequired);
    expect(professorAlert(professor({ dptCd: "" }))).toBe(MSG.affiliationRequired);
    expect(professorAlert(professor({ school: "" }))).toBe(MSG.almaMaterRequired);
    expect(professorAlert(professor({ telNo3: "" }))).toBe(MSG.phoneAllRequired);
    expect(professorAlert(professor({ telNo1: "02" }))).toBe(MSG.phoneAllRequired);
    expect(professorAlert(professor({ emailCd: "" }))).toBe(MSG.domainRequired);
    expect(professorAlert(professor({ email: "" }))).toBe(MSG.emailInputRequired);
  });

  it("alerts the earliest check when several fail", () => {
    const all = { name: "", id: "", emplyDate: "x", emplyCd: EMPLOYMENT.resigned, jobCd: "", dptCd: "", school: "", telNo2: "", emailCd: "" };
    const steps: [string, string][] = [
      ["name", MSG.nameRequired],
      ["id", MSG.employeeIdRequired],
      ["emplyDate", MSG.hireDateFormat],
      ["rsgntDate", MSG.resignDateRequired],
      ["jobCd", MSG.positionRequired],
      ["dptCd", MSG.affiliationRequired],
      ["school", MSG.almaMaterRequired],
      ["telNo2", MSG.phoneAllRequired],
      ["emailCd", MSG.domainRequired],
    ];
    const input: Record<string, unknown> = professor(all);
    for (const [field, message] of steps) {
      expect(professorAlert(input)).toBe(message);
      input[field] = professor()[field as keyof ReturnType<typeof professor>] ?? "";
      if (field === "emplyDate") input.emplyDate = "2008-03-01";
      if (field === "rsgntDate") input.rsgntDate = "2025-02-28";
    }
    expect(professorAlert(input)).toBeUndefined();
    expect(professorOrder.slice(0, 6)).toEqual(["name", "id", "gndr", "emplyDate", "emplyCd", "rsgntDate"]);
  });

  it("the resignation date counts only for 0001100003", () => {
    const r = professorSchema.parse(professor({ emplyCd: EMPLOYMENT.onLeave, rsgntDate: "not a date" }));
    expect(professorRecord(r).rsgntDate).toBeNull();
    const resigned = professorSchema.parse(professor({ emplyCd: EMPLOYMENT.resigned, rsgntDate: "2025-02-28" }));
    expect(professorRecord(resigned).rsgntDate).toBe("2025-02-28");
  });

  it("ids are digits only; gender M, W or none", () => {
    expect(professorAlert(professor({ id: "P2008" }))).toBe(OWN_MSG.employeeIdDigits);
    expect(professorAlert(professor({ gndr: "X" }))).toBe(OWN_MSG.genderInvalid);
    expect(professorRecord(professorSchema.parse(professor({ gndr: "" }))).gndr).toBeNull();
    expect(professorRecord(professorSchema.parse(professor({ gndr: "w" }))).gndr).toBe("W");
  });
});

describe("date format YYYY-MM-DD (month 01-12, day 01-31)", () => {
  it.each([
    ["2024-03-01", true],
    ["2024-12-31", true],
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2024-13-01", false],
    ["2024-00-10", false],
    ["2024-01-32", false],
    ["2024-1-01", false],
    ["20240301", false],
    ["2024.03.01", false],
    [" 2024-03-01", false],
  ])("%s → %s", (text, valid) => {
    expect(isValidDateText(text)).toBe(valid);
  });
});
