/**
 * Students, professors and PBL tutors (spec 001 §7 "Students and professors"; docs/contract.md
 * "People" and "People: Excel"): typed calls and their wire schemas. Saves and uploads go as
 * multipart (a FormData); downloads answer the backend's Response for a resource route to stream on.
 */
import { z } from "zod";
import { birthDateParts, joinDate, phoneParts } from "~/schemas/person-fields";
import { joinPhone } from "~/schemas/rules";
import { legacyDownload, legacyPost, type TokenHolder } from "../gateway.server";
import { cachedCodes } from "./code.server";
import { asQuery, listOf, nothing, uploadReply, wireEvalColumn, type EvalParams, type ListQuery, obj, text, textOrNull, key, num, optNum, flag, list, codeList, numberList, replyColumns, noColumns, evalRow, numOrNull, personRecord } from "../wire";

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
 * A list (spec 001 §7: `-> result.list`): plain rows, or with eiSeq and menuSeq rows of the
 * configured columns. `total` and `columns` are the embedded backend's additions: without `total`
 * the count is the rows'; without `columns` the caller asks getEvalColumnsList.do (spec 001 §7).
 */
const peopleList = <T extends z.ZodTypeAny>(row: T, ev: EvalParams) =>
  ev.eiSeq && ev.menuSeq
    ? obj({ list: list(evalRow), total: optNum, columns: replyColumns })
    : obj({ list: list(row), total: optNum, columns: noColumns });

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
})
  .transform(withParts);
export type WireStudent = z.infer<typeof wireStudent>;

export const wireProfessor = personRecord("detail", {
  ...{ pfSeq: num, pfId: text, gndr: text, gndrNm: text },
  ...{ emplyDate: text, emplyCd: text, emplyNm: text, rsgntDate: text },
  ...{ jobCd: text, jobNm: text, dptCd: text, dptNm: text, school: text, trngAgcy: text },
  tutorYn: flag,
})
  .transform(withParts);
export type WireProfessor = z.infer<typeof wireProfessor>;

const searchCodes = obj({ afltnList: codeList, statusList: codeList, yearList: numberList });
const studentFormCodesWire = obj({
  attnList: codeList,
  grdeList: codeList,
  birthPlaceList: codeList,
  admsSlctnList: codeList,
  emailCdList: codeList,
});
const professorFormCodesWire = obj({ emplyList: codeList, jobCdList: codeList, dptCdList: codeList, emailCdList: codeList });

/**
 * A save's whole reply: the message ('등록되었습니다.' / '수정되었습니다.'). Spec 001 §7 names no result
 * for edit.do; the embedded backend's keys are read when present, never required.
 */
const savedReply = obj({
  message: text,
  result: obj({ usSeq: optNum, stSeq: optNum, pfSeq: optNum }).nullish(),
});

export const wireSchool = obj({ eduOffice: key, schoolName: key });
export type WireSchool = z.infer<typeof wireSchool>;
const schoolPage = obj({ list: list(wireSchool), total: num, page: optNum });

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

export interface StudentFilter extends EvalParams, ListQuery {
  year: number;
  /** grade codes, or 'all' */
  grde: string[] | "all";
  /** enrolment status codes; [] is every status */
  attn: string[];
  value: string;
}

export interface ProfessorFilter extends EvalParams, ListQuery {
  year: number;
  /** department codes, or 'all' */
  dpt: string[] | "all";
  /** employment status codes; [] is every status */
  emply: string[];
  value: string;
}

export type PeopleKind = "student" | "professor" | "tutor";

/**
 * The search panel's lists: usTy 1 grades and enrolment statuses, usTy 2 departments and employment
 * statuses. Every list page asks: kept a minute (code.server.ts cachedCodes).
 */
export function searchCodeLists(session: TokenHolder, usTy: 1 | 2, year: number) {
  const path = usTy === 1 ? "/api/student/getCodeList.do" : "/api/professor/getCodeList.do";
  return cachedCodes(session, `${path}:${year}`, () => legacyPost(path, { year, status: "", usTy }, searchCodes, { session }));
}

export function studentFormCodes(session: TokenHolder, year: number) {
  return legacyPost("/api/student/getCodeListAll.do", { year }, studentFormCodesWire, { session });
}

export function professorFormCodes(session: TokenHolder, year: number) {
  return legacyPost("/api/professor/getCodeListAll.do", { year }, professorFormCodesWire, { session });
}

export function listStudents(session: TokenHolder, filter: StudentFilter) {
  return legacyPost("/api/student/getList.do", filter, peopleList(wireStudentRow, filter), { session });
}

export function listProfessors(session: TokenHolder, filter: ProfessorFilter) {
  return legacyPost("/api/professor/getList.do", filter, peopleList(wireProfessorRow, filter), { session });
}

/** The PBL-tutor variant of the professor list. */
export function listTutors(session: TokenHolder, filter: ProfessorFilter) {
  return legacyPost("/api/tutor/getList.do", filter, peopleList(wireProfessorRow, filter), { session });
}

export async function getStudent(session: TokenHolder, usSeq: number, year: number) {
  return (await legacyPost("/api/student/getDetail.do", { usSeq, year }, obj({ student: wireStudent }), { session })).student;
}

export async function getProfessor(session: TokenHolder, usSeq: number, year: number) {
  return (await legacyPost("/api/professor/getDetail.do", { usSeq, year }, obj({ professor: wireProfessor }), { session }))
    .professor;
}

/**
 * The multipart body of a save: the form's fields, the joined fields spec 001 §7 names, year, usSeq
 * (update) and the photo. Students: `brdeOrg` ('YYYY-MM-DD') and `telNoOrg` ('010-1234-5678'), also
 * as `brde` and `telNo` (spec 001 §3 fields); professors: `telNo` joined with '-' (spec 001 §3).
 */
function saveForm(fields: Record<string, string>, year: number, usSeq: number | undefined, photoField: string, photo?: File | null, joined: Record<string, string> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [k, v] of Object.entries(joined)) fd.set(k, v);
  fd.set("year", String(year));
  if (usSeq) fd.set("usSeq", String(usSeq));
  if (photo && photo.size > 0) fd.append(photoField, photo, photo.name);
  return fd;
}

const phoneOf = (f: Record<string, string>) => (f.telNo1 || f.telNo2 || f.telNo3 ? joinPhone(f.telNo1 ?? "", f.telNo2 ?? "", f.telNo3 ?? "") : "");

/** The joined fields of a student save (spec 001 §7 `brdeOrg`, `telNoOrg`). */
export function studentWireFields(f: Record<string, string>): Record<string, string> {
  const brde = f.brdeY && f.brdeM && f.brdeD ? joinDate(f.brdeY, f.brdeM, f.brdeD) : "";
  const telNo = phoneOf(f);
  return { brde, brdeOrg: brde, telNo, telNoOrg: telNo };
}

/** The joined field of a professor save (spec 001 §3 `telNo`, 'three parts joined by '-''). */
export const professorWireFields = (f: Record<string, string>): Record<string, string> => ({ telNo: phoneOf(f) });

/**
 * Registers (no usSeq) or updates a student. Status 201 (a taken student number) and other
 * failures throw LegacyError with the server's message; success answers its message, and the
 * usSeq only when the server sends one (spec 001 §7 names none: callers must not need it).
 */
export async function saveStudent(session: TokenHolder, input: { fields: Record<string, string>; year: number; usSeq?: number; photo?: File | null }) {
  const body = saveForm(input.fields, input.year, input.usSeq, "imgFile", input.photo, studentWireFields(input.fields));
  const r = await legacyPost("/api/student/edit.do", body, savedReply, { session, whole: true });
  return { message: r.message, usSeq: r.result?.usSeq };
}

export async function saveProfessor(session: TokenHolder, input: { fields: Record<string, string>; year: number; usSeq?: number; photo?: File | null }) {
  const body = saveForm(input.fields, input.year, input.usSeq, "file", input.photo, professorWireFields(input.fields));
  const r = await legacyPost("/api/professor/edit.do", body, savedReply, { session, whole: true });
  return { message: r.message, usSeq: r.result?.usSeq };
}

export function deleteStudent(session: TokenHolder, usSeq: number, year: number) {
  return legacyPost("/api/student/delete.do", { usSeq, year }, nothing, { session });
}

export function deleteProfessor(session: TokenHolder, usSeq: number, year: number) {
  return legacyPost("/api/professor/delete.do", { usSeq, year }, nothing, { session });
}

/** The high-school dialog: 10 rows a page. */
export function searchHighSchools(session: TokenHolder, schoolName: string, page: number) {
  return legacyPost("/api/student/schoolSearch.do", { schoolName, page }, schoolPage, { session });
}

export async function evalColumns(session: TokenHolder, eiSeq: number, menuSeq: number, year: number) {
  return (await legacyPost("/api/eval/getEvalColumnsList.do", { eiSeq, menuSeq, year }, listOf(wireEvalColumn), { session })).list;
}

/** The Excel calls of each people list (spec 001 §7 '/api/{student|professor|tutor}/excelUpload.do', excelDown, excelSampleDown), written out whole so that the call inventory finds them. */
const PEOPLE_EXCEL: Record<PeopleKind, { upload: string; download: string; template: string }> = {
  student: { upload: "/api/student/excelUpload.do", download: "/api/student/excelDown.do", template: "/api/student/excelSampleDown.do" },
  professor: { upload: "/api/professor/excelUpload.do", download: "/api/professor/excelDown.do", template: "/api/professor/excelSampleDown.do" },
  tutor: { upload: "/api/tutor/excelUpload.do", download: "/api/tutor/excelDown.do", template: "/api/tutor/excelSampleDown.do" },
};

/** Uploads one .xlsx; answers the counts, the failing rows and the server's message. */
export function uploadPeopleExcel(session: TokenHolder, kind: PeopleKind, year: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return legacyPost(PEOPLE_EXCEL[kind].upload, fd, uploadReply, { session, whole: true, timeoutMs });
}

/** The bulk download of a list's filter (in evaluation mode only the configured columns). */
export function downloadPeopleExcel(session: TokenHolder, kind: "student", filter: StudentFilter): Promise<Response>;
export function downloadPeopleExcel(session: TokenHolder, kind: "professor" | "tutor", filter: ProfessorFilter): Promise<Response>;
export function downloadPeopleExcel(session: TokenHolder, kind: PeopleKind, filter: StudentFilter | ProfessorFilter) {
  return legacyDownload(PEOPLE_EXCEL[kind].download, asQuery({ ...filter }), { session });
}

export function downloadPeopleTemplate(session: TokenHolder, kind: PeopleKind, year: number) {
  return legacyDownload(PEOPLE_EXCEL[kind].template, { year: String(year) }, { session });
}

/** A stored photo for an <img> (GET /view/imgView.do). */
export function viewImage(session: TokenHolder, filePath: string) {
  return legacyDownload("/view/imgView.do", { filePath }, { session });
}
