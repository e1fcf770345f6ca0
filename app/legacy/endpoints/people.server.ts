/**
 * Students, professors and PBL tutors (spec 001 §7 "Students and professors"; docs/contract.md
 * "People" and "People: Excel"): typed calls and their wire schemas. Saves and uploads go as
 * multipart (a FormData); downloads answer the backend's Response for a resource route to stream on.
 */
import { joinDate } from "~/schemas/person-fields";
import { joinPhone } from "~/schemas/rules";
import { PROFESSOR, STUDENT, TUTOR } from "~/calls/people";
import { FILES } from "~/calls/file";
import { callLegacy, downloadLegacy, type TokenHolder } from "../gateway.server";
import { cachedCodes } from "./code.server";
import type { EvalParams, ListQuery } from "../wire";

export type { WireStudentRow, WireProfessorRow, WireStudent, WireProfessor, WireSchool } from "~/calls/people";

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
  const call = usTy === 1 ? STUDENT.codeList : PROFESSOR.codeList;
  return cachedCodes(session, `${call.path}:${year}`, () => callLegacy(call, { year, status: "", usTy }, { session }));
}

export function studentFormCodes(session: TokenHolder, year: number) {
  return callLegacy(STUDENT.codeListAll, { year }, { session });
}

export function professorFormCodes(session: TokenHolder, year: number) {
  return callLegacy(PROFESSOR.codeListAll, { year }, { session });
}

export function listStudents(session: TokenHolder, filter: StudentFilter) {
  return callLegacy(STUDENT.list, filter, { session });
}

export function listProfessors(session: TokenHolder, filter: ProfessorFilter) {
  return callLegacy(PROFESSOR.list, filter, { session });
}

/** The PBL-tutor variant of the professor list. */
export function listTutors(session: TokenHolder, filter: ProfessorFilter) {
  return callLegacy(TUTOR.list, filter, { session });
}

export async function getStudent(session: TokenHolder, usSeq: number, year: number) {
  return (await callLegacy(STUDENT.detail, { usSeq, year }, { session })).student;
}

export async function getProfessor(session: TokenHolder, usSeq: number, year: number) {
  return (await callLegacy(PROFESSOR.detail, { usSeq, year }, { session })).professor;
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
  const r = await callLegacy(STUDENT.save, body, { session });
  return { message: r.message, usSeq: r.result?.usSeq };
}

export async function saveProfessor(session: TokenHolder, input: { fields: Record<string, string>; year: number; usSeq?: number; photo?: File | null }) {
  const body = saveForm(input.fields, input.year, input.usSeq, "file", input.photo, professorWireFields(input.fields));
  const r = await callLegacy(PROFESSOR.save, body, { session });
  return { message: r.message, usSeq: r.result?.usSeq };
}

export function deleteStudent(session: TokenHolder, usSeq: number, year: number) {
  return callLegacy(STUDENT.remove, { usSeq, year }, { session });
}

export function deleteProfessor(session: TokenHolder, usSeq: number, year: number) {
  return callLegacy(PROFESSOR.remove, { usSeq, year }, { session });
}

/** The high-school dialog: 10 rows a page. */
export function searchHighSchools(session: TokenHolder, schoolName: string, page: number) {
  return callLegacy(STUDENT.schoolSearch, { schoolName, page }, { session });
}

/** The Excel calls of each people list (spec 001 §7 '/api/{student|professor|tutor}/excelUpload.do', excelDown, excelSampleDown). */
const PEOPLE_EXCEL = { student: STUDENT, professor: PROFESSOR, tutor: TUTOR } as const;

/** Uploads one .xlsx; answers the counts, the failing rows and the server's message. */
export function uploadPeopleExcel(session: TokenHolder, kind: PeopleKind, year: number, file: File, timeoutMs?: number) {
  const fd = new FormData();
  fd.set("year", String(year));
  fd.append("file", file, file.name);
  return callLegacy(PEOPLE_EXCEL[kind].upload, fd, { session, timeoutMs });
}

/** The bulk download of a list's filter (in evaluation mode only the configured columns). */
export function downloadPeopleExcel(session: TokenHolder, kind: "student", filter: StudentFilter): Promise<Response>;
export function downloadPeopleExcel(session: TokenHolder, kind: "professor" | "tutor", filter: ProfessorFilter): Promise<Response>;
export function downloadPeopleExcel(session: TokenHolder, kind: PeopleKind, filter: StudentFilter | ProfessorFilter) {
  if (kind === "student") return downloadLegacy(STUDENT.download, filter as StudentFilter, { session });
  return downloadLegacy(PEOPLE_EXCEL[kind].download, filter as ProfessorFilter, { session });
}

export function downloadPeopleTemplate(session: TokenHolder, kind: PeopleKind, year: number) {
  return downloadLegacy(PEOPLE_EXCEL[kind].sample, { year }, { session });
}

/** A stored photo for an <img> (GET /view/imgView.do). */
export function viewImage(session: TokenHolder, filePath: string) {
  return downloadLegacy(FILES.imgView, { filePath }, { session });
}
