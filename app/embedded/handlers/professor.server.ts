/**
 * Professors and PBL tutors (spec 001 §7 "Students and professors"): code lists, the list (with
 * evaluation mode; paged and sorted by lib/table-routes.server.ts), the PBL-tutor list
 * (/api/tutor/getList.do: professors flagged tutorYn Y), the detail, save with an optional photo
 * (multipart), delete. Saves are re-validated with the form's own schema (app/schemas/professor.ts),
 * checks in the spec's order.
 */
import { and, asc, eq, getTableColumns, ilike, inArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { splitPhone } from "../../schemas/rules";
import { GENDERS, professorOrder, professorRecord, professorSchema, type ProfessorRecord } from "../../schemas/professor";
import type { Db, Tx } from "../db/client.server";
import { professors, type ProfessorRow } from "../db/schema";
import { CODE } from "../db/seed-data";
import type { CallContext, RouteDef } from "../lib/context.server";
import { ok, parseInput } from "../lib/envelope.server";
import {
  US_TY,
  codeFilter,
  dayWeek,
  likePattern,
  listYear,
  photoPath,
  requireCode,
  searchText,
} from "../lib/people.server";
import { listHandler, totalOf, type Table } from "../lib/table-routes.server";
import { personRecordCalls, personRoutes } from "../lib/person-routes.server";
import { formatWireDate } from "../lib/time";
import { codeNames, codesForYear, type CodeItem } from "./code.server";
import { searchCodeList } from "./student.server";

export const PROFESSOR_CODE_GROUPS = [CODE.employment, CODE.positions, CODE.departments, CODE.emailDomains] as const;

export interface ProfessorCodes {
  emplyList: CodeItem[];
  jobCdList: CodeItem[];
  dptCdList: CodeItem[];
  emailCdList: CodeItem[];
}

export async function professorCodes(db: Db | Tx, year: number): Promise<ProfessorCodes> {
  const [emplyList, jobCdList, dptCdList, emailCdList] = await Promise.all(PROFESSOR_CODE_GROUPS.map((g) => codesForYear(db, g, year)));
  return { emplyList, jobCdList, dptCdList, emailCdList };
}

async function getCodeListAll(ctx: CallContext) {
  const { year } = parseInput(z.object({ year: listYear }), ctx.body);
  return ok(await professorCodes(ctx.db, year));
}

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

export interface ProfessorView {
  usSeq: number;
  pfSeq: number;
  /** The legacy detail's name for the employee number. */
  pfId: string;
  year: number;
  id: string;
  name: string;
  gndr: string | null;
  gndrNm: string;
  emplyDate: string;
  emplyCd: string;
  emplyNm: string;
  rsgntDate: string | null;
  jobCd: string;
  jobNm: string;
  dptCd: string;
  dptNm: string;
  school: string;
  trngAgcy: string | null;
  telNo: string;
  email: string | null;
  emailCd: string | null;
  emailDomain: string;
  emailAddr: string;
  tutorYn: string;
  imgSrc: string | null;
  regDt: string | null;
  uptDt: string | null;
  dayWeek: string | null;
  /** The list's status text (employment status name). */
  status: string;
  /** The list's descriptive text: department and position. */
  txt: string;
}

export function professorView(r: ProfessorRow, names: Map<string, string>): ProfessorView {
  const name = (code: string | null) => (code ? names.get(code) ?? "" : "");
  const emailDomain = name(r.emailCd);
  return {
    usSeq: r.usSeq,
    pfSeq: r.pfSeq,
    pfId: r.id,
    year: r.year,
    id: r.id,
    name: r.name,
    gndr: r.gndr,
    gndrNm: GENDERS.find((g) => g.id === r.gndr)?.text ?? "",
    emplyDate: r.emplyDate,
    emplyCd: r.emplyCd,
    emplyNm: name(r.emplyCd),
    rsgntDate: r.rsgntDate,
    jobCd: r.jobCd,
    jobNm: name(r.jobCd),
    dptCd: r.dptCd,
    dptNm: name(r.dptCd),
    school: r.school,
    trngAgcy: r.trngAgcy,
    telNo: r.telNo,
    email: r.email,
    emailCd: r.emailCd,
    emailDomain,
    emailAddr: r.email && emailDomain ? `${r.email}@${emailDomain}` : r.email ?? "",
    tutorYn: r.tutorYn,
    imgSrc: photoPath(r.photoRovl, r.photoFlnm),
    regDt: formatWireDate(r.regDt),
    uptDt: formatWireDate(r.uptDt),
    dayWeek: dayWeek(r.regDt),
    status: name(r.emplyCd),
    txt: [name(r.dptCd), name(r.jobCd)].filter(Boolean).join(" · "),
  };
}

export interface ProfessorFilter {
  year: number;
  dpt: string[] | null;
  emply: string[] | null;
  value: string;
  /** PBL tutors only. */
  tutorOnly?: boolean;
}

export const ProfessorFilterFields = {
  year: listYear,
  dpt: codeFilter,
  emply: codeFilter,
  value: searchText,
};

function professorWhere(f: ProfessorFilter): SQL | undefined {
  return and(
    eq(professors.year, f.year),
    eq(professors.del, "N"),
    f.tutorOnly ? eq(professors.tutorYn, "Y") : undefined,
    f.dpt ? inArray(professors.dptCd, f.dpt) : undefined,
    f.emply ? inArray(professors.emplyCd, f.emply) : undefined,
    f.value ? or(ilike(professors.name, likePattern(f.value)), ilike(professors.id, likePattern(f.value))) : undefined,
  );
}

const listRow = (v: ProfessorView) => ({
  usSeq: v.usSeq,
  pfSeq: v.pfSeq,
  year: v.year,
  id: v.id,
  name: v.name,
  status: v.status,
  txt: v.txt,
  dptCd: v.dptCd,
  emplyCd: v.emplyCd,
  jobCd: v.jobCd,
  tutorYn: v.tutorYn,
  imgSrc: v.imgSrc,
});

const p = professors;

/** The year's records (PBL tutors only, or all): by department, then name and employee number. */
export function professorTable(tutorOnly: boolean): Table<typeof ProfessorFilterFields, ProfessorView, Map<string, string>> {
  return {
    filter: ProfessorFilterFields,
    context: (db, f) => codeNames(db, PROFESSOR_CODE_GROUPS, f.year),
    rows: (db, f) => db.select({ ...getTableColumns(p), _total: totalOf(p, professorWhere({ ...f, tutorOnly })) }).from(p).where(professorWhere({ ...f, tutorOnly })).$dynamic(),
    order: [asc(p.dptCd), asc(p.name), asc(p.id), asc(p.pfSeq)],
    // the texts sort by their codes: status by employment status, txt by department
    sortable: { usSeq: p.usSeq, pfSeq: p.pfSeq, year: p.year, id: p.id, name: p.name, status: p.emplyCd, txt: p.dptCd, dptCd: p.dptCd, emplyCd: p.emplyCd, jobCd: p.jobCd, tutorYn: p.tutorYn },
    evalSortable: {
      ...{ emplyDate: p.emplyDate, rsgntDate: p.rsgntDate, school: p.school, trngAgcy: p.trngAgcy, telNo: p.telNo },
      ...{ gndrNm: p.gndr, emplyNm: p.emplyCd, jobNm: p.jobCd, dptNm: p.dptCd, emailAddr: p.email },
    },
    views: (_db, rows: ProfessorRow[], names) => rows.map((r) => professorView(r, names)),
    wire: listRow,
  };
}

// ---------------------------------------------------------------------------------------------
// Detail, save, delete
// ---------------------------------------------------------------------------------------------

export function professorDetail(v: ProfessorView) {
  const [telNo1, telNo2, telNo3] = splitPhone(v.telNo);
  return { ...v, telNo1, telNo2, telNo3 };
}

/** Checks every code of a record against the year's lists, in the spec's order. */
export async function checkProfessorCodes(db: Db | Tx, year: number, r: ProfessorRecord, codes?: ProfessorCodes): Promise<void> {
  const c = codes ?? (await professorCodes(db, year));
  const set = (list: CodeItem[]) => new Set(list.map((x) => x.id));
  requireCode(r.emplyCd, set(c.emplyList), MSG.employmentRequired);
  requireCode(r.jobCd, set(c.jobCdList), MSG.positionRequired);
  requireCode(r.dptCd, set(c.dptCdList), MSG.affiliationRequired);
  requireCode(r.emailCd, set(c.emailCdList), MSG.domainRequired);
}

/**
 * The detail and the save (lib/person-routes.server.ts): an employee number is the record's own;
 * the photo comes as `file` or `imgFile`; an update without `tutorYn` keeps the PBL-tutor flag.
 */
const PROFESSOR_RECORD = personRecordCalls<ProfessorRecord, ProfessorRow>({
  table: professors,
  seq: "pfSeq",
  usTy: US_TY.professor,
  name: "professor",
  codeGroups: PROFESSOR_CODE_GROUPS,
  schema: professorSchema,
  order: professorOrder,
  record: professorRecord,
  checkCodes: (db, year, r) => checkProfessorCodes(db, year, r),
  detail: (row, names) => professorDetail(professorView(row, names)),
  idReadOnly: OWN_MSG.employeeIdReadOnly,
  idTaken: OWN_MSG.employeeIdTaken,
  updateOf: ({ tutorYn, ...rest }, body) => (body.tutorYn !== undefined && body.tutorYn !== "" ? { ...rest, tutorYn } : rest),
});

export const PROFESSOR_TABLE = professorTable(false);
export const TUTOR_TABLE = professorTable(true);

export const professorRoutes: RouteDef[] = [
  ...personRoutes("professor", professors, PROFESSOR_TABLE, { detail: PROFESSOR_RECORD.detail, edit: PROFESSOR_RECORD.edit, codeList: searchCodeList("2"), codeListAll: getCodeListAll }),
  { path: "/api/tutor/getList.do", auth: "required", handler: listHandler(TUTOR_TABLE) },
];
