/**
 * Students, professors and PBL tutors (spec 001 §7 "Students and professors"; docs/contract.md
 * "People" and "People: Excel"): one definition per call of /api/student/*, /api/professor/* and
 * /api/tutor/* (the student activity calls are app/calls/activities' own), and the wire schemas
 * their replies are read with. Saves and uploads go as multipart; downloads answer a file.
 */
import { z } from "zod";
import { birthDateParts, phoneParts } from "~/schemas/person-fields";
import { codeList, evalOrPlainList, flag, key, list, num, numberList, numOrNull, obj, optNum, personRecord, text, textOrNull, uploadReply } from "~/legacy/wire";
import { defineCall, evalFields, pageFields } from "./define";

// ---------------------------------------------------------------------------------------------
// Wire schemas
// ---------------------------------------------------------------------------------------------

export const wireStudentRow = personRecord("row", { stSeq: num, grdeCd: textOrNull, attnCd: text });
export type WireStudentRow = z.infer<typeof wireStudentRow>;

/**
 * A professor row. Spec 001 §3 gives pfSeq only to the detail ('The detail response also has pfSeq,
 * pfId, year'); `tutorYn` is ours (the PBL-tutor flag): both optional.
 */
export const wireProfessorRow = personRecord("row", { pfSeq: optNum, dptCd: text, emplyCd: text, jobCd: text, tutorYn: flag });
export type WireProfessorRow = z.infer<typeof wireProfessorRow>;

/**
 * The form's split fields, from the joined ones spec 001 §3 gives (`brde` year-month-day, `telNo`
 * in three parts) when a reply carries only those.
 */
function withParts<T extends { brde?: string; brdeY?: string; brdeM?: string; brdeD?: string; telNo: string; telNo1: string; telNo2: string; telNo3: string }>(v: T): T {
  const out = { ...v };
  if (!out.telNo1 && !out.telNo2 && !out.telNo3 && out.telNo) [out.telNo1, out.telNo2, out.telNo3] = phoneParts(out.telNo);
  if (out.brde !== undefined && !out.brdeY && !out.brdeM && !out.brdeD && out.brde) [out.brdeY, out.brdeM, out.brdeD] = birthDateParts(out.brde);
  return out;
}

export const wireStudent = personRecord("detail", {
  stSeq: num,
  admsYear: num,
  ...{ attnCd: text, attnNm: text, grdeCd: textOrNull, grdeNm: text, grdtnYear: numOrNull },
  ...{ brde: text, brdeY: text, brdeM: text, brdeD: text, birthPlace: text, birthPlaceNm: text },
  ...{ highSchool: text, hsGrdtnYear: numOrNull, admsSlctn: text, admsSlctnNm: text },
  cohortYn: flag,
}).transform(withParts);
export type WireStudent = z.infer<typeof wireStudent>;

export const wireProfessor = personRecord("detail", {
  ...{ pfSeq: num, pfId: text, gndr: text, gndrNm: text },
  ...{ emplyDate: text, emplyCd: text, emplyNm: text, rsgntDate: text },
  ...{ jobCd: text, jobNm: text, dptCd: text, dptNm: text, school: text, trngAgcy: text },
  tutorYn: flag,
}).transform(withParts);
export type WireProfessor = z.infer<typeof wireProfessor>;

const searchCodes = obj({ afltnList: codeList, statusList: codeList, yearList: numberList });
const studentFormCodes = obj({ attnList: codeList, grdeList: codeList, birthPlaceList: codeList, admsSlctnList: codeList, emailCdList: codeList });
const professorFormCodes = obj({ emplyList: codeList, jobCdList: codeList, dptCdList: codeList, emailCdList: codeList });

/**
 * A save's whole reply: the message ('등록되었습니다.' / '수정되었습니다.'). Spec 001 §7 names no result
 * for edit.do; the embedded backend's keys are read when present, never required.
 */
const savedReply = obj({ message: text, result: obj({ usSeq: optNum, stSeq: optNum, pfSeq: optNum }).nullish() });

export const wireSchool = obj({ eduOffice: key, schoolName: key });
export type WireSchool = z.infer<typeof wireSchool>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** 'all' or the checked codes */
const codesOrAll = z.union([z.array(z.string()), z.literal("all")]);
const studentFilter = { year: z.number(), value: z.string(), grde: codesOrAll, attn: z.array(z.string()), ...evalFields };
const professorFilter = { year: z.number(), value: z.string(), dpt: codesOrAll, emply: z.array(z.string()), ...evalFields };
const codeListRequest = z.object({ year: z.number(), status: z.string(), usTy: z.number() });
const yearOnly = z.object({ year: z.number() });
const recordKey = z.object({ usSeq: z.number(), year: z.number() });
const uploadRequest = z.object({ year: z.string(), file: z.unknown() });
const s = z.string().optional();
/** the form's fields as text, the joined ones spec 001 §7 names, year, usSeq (update) and the photo (imgFile) */
const studentSave = z.object({
  ...{ name: s, admsYear: s, brdeY: s, brdeM: s, brdeD: s, highSchool: s, admsSlctn: s, email: s, emailCd: s, id: s },
  ...{ attnCd: s, grdeCd: s, grdtnYear: s, birthPlace: s, hsGrdtnYear: s, telNo1: s, telNo2: s, telNo3: s, cohortYn: s },
  ...{ brde: s, brdeOrg: s, telNo: s, telNoOrg: s, year: z.string(), usSeq: s, imgFile: z.unknown() },
});
/** the form's fields as text, telNo joined with '-', year, usSeq (update) and the photo (file) */
const professorSave = z.object({
  ...{ name: s, id: s, gndr: s, emplyDate: s, emplyCd: s, rsgntDate: s, jobCd: s, dptCd: s, school: s, trngAgcy: s },
  ...{ telNo1: s, telNo2: s, telNo3: s, email: s, emailCd: s, tutorYn: s },
  ...{ telNo: s, year: z.string(), usSeq: s, file: z.unknown() },
});

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

export const STUDENT = {
  /** the search panel's grades (afltnList) and enrolment statuses (statusList), usTy 1 */
  codeList: defineCall("/api/student/getCodeList.do", { spec: "spec 000 §7", request: codeListRequest, reply: searchCodes }),
  /** the form's code lists of the year */
  codeListAll: defineCall("/api/student/getCodeListAll.do", { spec: "spec 001 §7", request: yearOnly, reply: studentFormCodes }),
  /** the year's students (in evaluation mode rows of the configured columns plus `columns`) */
  list: defineCall("/api/student/getList.do", { spec: "spec 001 §7", request: z.object({ ...studentFilter, ...pageFields }), reply: evalOrPlainList(wireStudentRow) }),
  detail: defineCall("/api/student/getDetail.do", { spec: "spec 001 §7", request: recordKey, reply: obj({ student: wireStudent }) }),
  /** multipart: registers (no usSeq) or updates */
  save: defineCall("/api/student/edit.do", { spec: "spec 001 §7", kind: "upload", request: studentSave, reply: savedReply, whole: true }),
  remove: defineCall("/api/student/delete.do", { spec: "spec 001 §7", request: recordKey }),
  /** the high-school dialog: 10 rows a page */
  schoolSearch: defineCall("/api/student/schoolSearch.do", { spec: null, request: z.object({ schoolName: z.string(), page: z.number() }), reply: obj({ list: list(wireSchool), total: num, page: optNum }) }),
  upload: defineCall("/api/student/excelUpload.do", { spec: "spec 001 §7", kind: "upload", request: uploadRequest, reply: uploadReply, whole: true }),
  /** the list's filter (in evaluation mode only the configured columns) */
  download: defineCall("/api/student/excelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ ...studentFilter, ...pageFields }) }),
  /** the year's upload template */
  sample: defineCall("/api/student/excelSampleDown.do", { spec: "spec 001 §7", kind: "download", request: yearOnly }),
} as const;

export const PROFESSOR = {
  /** the search panel's departments (afltnList) and employment statuses (statusList), usTy 2 */
  codeList: defineCall("/api/professor/getCodeList.do", { spec: "spec 001 §7", request: codeListRequest, reply: searchCodes }),
  /** the form's code lists of the year */
  codeListAll: defineCall("/api/professor/getCodeListAll.do", { spec: "spec 001 §7", request: yearOnly, reply: professorFormCodes }),
  /** the year's professors (in evaluation mode rows of the configured columns plus `columns`) */
  list: defineCall("/api/professor/getList.do", { spec: "spec 001 §7", request: z.object({ ...professorFilter, ...pageFields }), reply: evalOrPlainList(wireProfessorRow) }),
  detail: defineCall("/api/professor/getDetail.do", { spec: "spec 001 §7", request: recordKey, reply: obj({ professor: wireProfessor }) }),
  /** multipart: registers (no usSeq) or updates */
  save: defineCall("/api/professor/edit.do", { spec: "spec 001 §7", kind: "upload", request: professorSave, reply: savedReply, whole: true }),
  remove: defineCall("/api/professor/delete.do", { spec: "spec 001 §7", request: recordKey }),
  upload: defineCall("/api/professor/excelUpload.do", { spec: "spec 001 §7", kind: "upload", request: uploadRequest, reply: uploadReply, whole: true }),
  /** the list's filter (in evaluation mode only the configured columns) */
  download: defineCall("/api/professor/excelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ ...professorFilter, ...pageFields }) }),
  /** the year's upload template */
  sample: defineCall("/api/professor/excelSampleDown.do", { spec: "spec 001 §7", kind: "download", request: yearOnly }),
} as const;

/** The PBL tutors: professors flagged tutorYn Y (their records are the professors'). */
export const TUTOR = {
  /** the year's tutors, as the professor list */
  list: defineCall("/api/tutor/getList.do", { spec: null, request: z.object({ ...professorFilter, ...pageFields }), reply: evalOrPlainList(wireProfessorRow) }),
  upload: defineCall("/api/tutor/excelUpload.do", { spec: "spec 001 §7", kind: "upload", request: uploadRequest, reply: uploadReply, whole: true }),
  /** the list's filter (in evaluation mode only the configured columns) */
  download: defineCall("/api/tutor/excelDown.do", { spec: "spec 001 §7", kind: "download", request: z.object({ ...professorFilter, ...pageFields }) }),
  /** the year's upload template */
  sample: defineCall("/api/tutor/excelSampleDown.do", { spec: "spec 001 §7", kind: "download", request: yearOnly }),
} as const;
