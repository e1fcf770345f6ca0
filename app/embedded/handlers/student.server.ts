/**
 * Students (spec 001 §7 "Students and professors"): code lists, the list (with evaluation mode;
 * paged and sorted by lib/table-routes.server.ts), the detail, save with an optional photo
 * (multipart), delete, and the high-school search of the student form. Saves are re-validated with
 * the form's own schema (app/schemas/student.ts).
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { studentOrder, studentRecord, studentSchema, type StudentRecord } from "../../schemas/student";
import { dateParts } from "../../schemas/person-fields";
import { splitPhone } from "../../schemas/rules";
import type { Db, Tx } from "../db/client.server";
import { professors, students, type StudentRow } from "../db/schema";
import { CODE } from "../db/seed-data";
import { route, type CallContext, type RouteDef } from "../lib/context.server";
import { STUDENT } from "../../calls/people";
import { ok, parseInput } from "../lib/envelope.server";
import { US_TY, codeFilter, listYear, searchText } from "../lib/people.server";
import { searchSchools } from "../lib/schools.server";
import type { Table } from "../lib/table-routes.server";
import { codeNamer, personCodeLists, personRoutes, personListRow, personRows, personView, type PersonKind, type PersonViewFields } from "../lib/person-routes.server";
import { seoulYear } from "../lib/time";
import { codesForYear, codeNames, type CodeItem } from "./code.server";

// ---------------------------------------------------------------------------------------------
// Codes
// ---------------------------------------------------------------------------------------------

/** The form's code lists of a student record, and their checks on a save in screen order. */
const STUDENT_CODES = personCodeLists<keyof StudentCodes, StudentRecord>(
  { attnList: CODE.enrolment, grdeList: CODE.grades, birthPlaceList: CODE.hometowns, admsSlctnList: CODE.admissionTypes, emailCdList: CODE.emailDomains },
  [
    ["admsSlctn", "admsSlctnList", OWN_MSG.admsSlctnRequired],
    ["emailCd", "emailCdList", MSG.domainRequired],
    ["attnCd", "attnList", OWN_MSG.attnRequired],
    ["grdeCd", "grdeList", OWN_MSG.gradeRequired],
    ["birthPlace", "birthPlaceList", OWN_MSG.birthPlaceRequired],
  ],
);

/** The code groups of a student record. */
export const STUDENT_CODE_GROUPS = STUDENT_CODES.groups;

export interface StudentCodes {
  attnList: CodeItem[];
  grdeList: CodeItem[];
  birthPlaceList: CodeItem[];
  admsSlctnList: CodeItem[];
  emailCdList: CodeItem[];
}

export const studentCodes: (db: Db | Tx, year: number) => Promise<StudentCodes> = STUDENT_CODES.read;

/** Checks every code of a record against the year's lists, in screen order. */
export const checkStudentCodes: (db: Db | Tx, year: number, r: StudentRecord, codes?: StudentCodes) => Promise<void> = STUDENT_CODES.check;

/** Years that have records of the person type, and the current year, newest first. */
export async function recordYears(db: Db | Tx, usTy: string): Promise<number[]> {
  const table = usTy === US_TY.student ? students : professors;
  const rows = await db.selectDistinct({ year: table.year }).from(table).where(eq(table.del, "N"));
  return [...new Set([seoulYear(), ...rows.map((r) => r.year)])].sort((a, b) => b - a);
}

const CodeListBody = z.object({
  year: listYear,
  usTy: z.preprocess((v) => (v === undefined || v === null || v === "" ? undefined : String(v)), z.enum(["1", "2"]).optional()),
});

/**
 * /api/student/getCodeList.do (and /api/professor/getCodeList.do with usTy 2): the search
 * panel's lists. usTy 1: afltnList = grades, statusList = enrolment statuses; usTy 2: afltnList =
 * departments, statusList = employment statuses. yearList: years with records, newest first.
 */
export function searchCodeList(defaultUsTy: "1" | "2") {
  return async (ctx: CallContext) => {
    const body = parseInput(CodeListBody, ctx.body);
    const usTy = body.usTy ?? defaultUsTy;
    const [afltn, status] = usTy === US_TY.student ? [CODE.grades, CODE.enrolment] : [CODE.departments, CODE.employment];
    const [afltnList, statusList, yearList] = await Promise.all([
      codesForYear(ctx.db, afltn, body.year),
      codesForYear(ctx.db, status, body.year),
      recordYears(ctx.db, usTy),
    ]);
    return ok({ afltnList, statusList, yearList });
  };
}

// ---------------------------------------------------------------------------------------------
// Views: a record with its code names, as lists, details, Excel and evaluation columns show it
// ---------------------------------------------------------------------------------------------

/** A student's view: the common fields (personView) and the student's own with their code names. */
export interface StudentView extends PersonViewFields {
  stSeq: number;
  admsYear: number;
  attnCd: string;
  attnNm: string;
  grdeCd: string | null;
  grdeNm: string;
  grdtnYear: number | null;
  brde: string;
  birthPlace: string;
  birthPlaceNm: string;
  highSchool: string;
  hsGrdtnYear: number;
  admsSlctn: string;
  admsSlctnNm: string;
  cohortYn: string;
  /** The list's status text (enrolment status name). */
  status: string;
  /** The list's descriptive text: grade or graduation, admission year, admission type. */
  txt: string;
}

export function studentView(r: StudentRow, names: Map<string, string>): StudentView {
  const name = codeNamer(names);
  const grdeNm = name(r.grdeCd);
  const stage = grdeNm || (r.grdtnYear ? `${r.grdtnYear}년 졸업` : "");
  return {
    ...personView(r, name),
    stSeq: r.stSeq,
    admsYear: r.admsYear,
    ...{ attnCd: r.attnCd, attnNm: name(r.attnCd), grdeCd: r.grdeCd, grdeNm, grdtnYear: r.grdtnYear },
    ...{ brde: r.brde, birthPlace: r.birthPlace, birthPlaceNm: name(r.birthPlace) },
    ...{ highSchool: r.highSchool, hsGrdtnYear: r.hsGrdtnYear, admsSlctn: r.admsSlctn, admsSlctnNm: name(r.admsSlctn) },
    cohortYn: r.cohortYn,
    status: name(r.attnCd),
    txt: [stage, `${r.admsYear}학번`, name(r.admsSlctn)].filter(Boolean).join(" · "),
  };
}

export const StudentFilterFields = {
  year: listYear,
  grde: codeFilter,
  attn: codeFilter,
  value: searchText,
};

/** The list row outside evaluation mode. */
const listRow = (v: StudentView) => ({ ...personListRow(v), stSeq: v.stSeq, grdeCd: v.grdeCd, attnCd: v.attnCd });

const s = students;

/** The year's records: by grade (graduates and others last), then student number; code names from the year's lists. */
export const STUDENT_TABLE: Table<typeof StudentFilterFields, StudentView, Map<string, string>> = {
  filter: StudentFilterFields,
  context: (db, f) => codeNames(db, STUDENT_CODE_GROUPS, f.year),
  rows: (db, f) => personRows(s, f, [f.grde ? inArray(s.grdeCd, f.grde) : undefined, f.attn ? inArray(s.attnCd, f.attn) : undefined])(db),
  order: [sql`${s.grdeCd} asc nulls last`, asc(s.id), asc(s.stSeq)],
  // the texts sort by their codes: status by enrolment status, txt by grade
  sortable: { usSeq: s.usSeq, stSeq: s.stSeq, year: s.year, id: s.id, name: s.name, status: s.attnCd, txt: s.grdeCd, grdeCd: s.grdeCd, attnCd: s.attnCd },
  evalSortable: {
    ...{ admsYear: s.admsYear, grdtnYear: s.grdtnYear, brde: s.brde, highSchool: s.highSchool, hsGrdtnYear: s.hsGrdtnYear },
    ...{ telNo: s.telNo, cohortYn: s.cohortYn, regDt: s.regDt, uptDt: s.uptDt },
    attnNm: s.attnCd,
    grdeNm: s.grdeCd,
    birthPlaceNm: s.birthPlace,
    admsSlctnNm: s.admsSlctn,
    emailAddr: s.email,
  },
  views: (_db, rows: StudentRow[], names) => rows.map((r) => studentView(r, names)),
  wire: listRow,
};

// ---------------------------------------------------------------------------------------------
// Detail, save, delete
// ---------------------------------------------------------------------------------------------

/** The detail: the view plus the form's flat fields (brdeY/M/D, telNo1/2/3). */
export function studentDetail(v: StudentView) {
  const [brdeY, brdeM, brdeD] = dateParts(v.brde);
  const [telNo1, telNo2, telNo3] = splitPhone(v.telNo);
  return { ...v, brdeY, brdeM, brdeD, telNo1, telNo2, telNo3 };
}

/** A student's record of a year (lib/person-routes.server.ts): a student number is the record's own. */
const STUDENT_KIND: PersonKind<StudentRecord, StudentRow> = {
  ...{ table: students, seq: "stSeq", usTy: US_TY.student, name: "student", calls: STUDENT, codes: STUDENT_CODES },
  ...{ schema: studentSchema, order: studentOrder, record: studentRecord },
  detail: (row, names) => studentDetail(studentView(row, names)),
  ...{ idReadOnly: OWN_MSG.studentIdReadOnly, idTaken: OWN_MSG.studentIdTaken },
};

// ---------------------------------------------------------------------------------------------
// High-school search
// ---------------------------------------------------------------------------------------------

const SchoolSearchBody = z.object({
  schoolName: searchText,
  page: z.preprocess((v) => (v === undefined || v === null || v === "" ? 1 : v), z.coerce.number().int().min(1).max(10_000)),
});

async function schoolSearch(ctx: CallContext) {
  const body = parseInput(SchoolSearchBody, ctx.body);
  return ok(await searchSchools(ctx.db, body.schoolName, body.page));
}

export const studentRoutes: RouteDef[] = [
  ...personRoutes(STUDENT_KIND, STUDENT_TABLE, searchCodeList("1")),
  route(STUDENT.schoolSearch, "required", schoolSearch),
];
