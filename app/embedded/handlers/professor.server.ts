/**
 * Professors and PBL tutors (spec 001 §7 "Students and professors"): code lists, the list (with
 * evaluation mode; paged and sorted by lib/table-routes.server.ts), the PBL-tutor list
 * (/api/tutor/getList.do: professors flagged tutorYn Y), the detail, save with an optional photo
 * (multipart), delete. Saves are re-validated with the form's own schema (app/schemas/professor.ts),
 * checks in the spec's order.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { splitPhone } from "../../schemas/rules";
import { GENDERS, professorOrder, professorRecord, professorSchema, type ProfessorRecord } from "../../schemas/professor";
import type { Db, Tx } from "../db/client.server";
import { professors, type ProfessorRow } from "../db/schema";
import { CODE } from "../db/seed-data";
import { route, type RouteDef } from "../lib/context.server";
import { PROFESSOR, TUTOR } from "../../calls/people";
import { US_TY, codeFilter, listYear, searchText } from "../lib/people.server";
import { listHandler, type Table } from "../lib/table-routes.server";
import { codeNamer, personCodeLists, personListRow, personRoutes, personRows, personView, type PersonKind, type PersonViewFields } from "../lib/person-routes.server";
import { codeNames, type CodeItem } from "./code.server";
import { searchCodeList } from "./student.server";

/** The form's code lists of a professor record, and their checks on a save in the spec's order. */
const PROFESSOR_CODES = personCodeLists<keyof ProfessorCodes, ProfessorRecord>(
  { emplyList: CODE.employment, jobCdList: CODE.positions, dptCdList: CODE.departments, emailCdList: CODE.emailDomains },
  [
    ["emplyCd", "emplyList", MSG.employmentRequired],
    ["jobCd", "jobCdList", MSG.positionRequired],
    ["dptCd", "dptCdList", MSG.affiliationRequired],
    ["emailCd", "emailCdList", MSG.domainRequired],
  ],
);

export const PROFESSOR_CODE_GROUPS = PROFESSOR_CODES.groups;

export interface ProfessorCodes {
  emplyList: CodeItem[];
  jobCdList: CodeItem[];
  dptCdList: CodeItem[];
  emailCdList: CodeItem[];
}

export const professorCodes: (db: Db | Tx, year: number) => Promise<ProfessorCodes> = PROFESSOR_CODES.read;

/** Checks every code of a record against the year's lists, in the spec's order. */
export const checkProfessorCodes: (db: Db | Tx, year: number, r: ProfessorRecord, codes?: ProfessorCodes) => Promise<void> = PROFESSOR_CODES.check;

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

/** A professor's view: the common fields (personView) and the professor's own with their code names. */
export interface ProfessorView extends PersonViewFields {
  pfSeq: number;
  /** The legacy detail's name for the employee number. */
  pfId: string;
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
  tutorYn: string;
  /** The list's status text (employment status name). */
  status: string;
  /** The list's descriptive text: department and position. */
  txt: string;
}

export function professorView(r: ProfessorRow, names: Map<string, string>): ProfessorView {
  const name = codeNamer(names);
  return {
    ...personView(r, name),
    ...{ pfSeq: r.pfSeq, pfId: r.id, gndr: r.gndr, gndrNm: GENDERS.find((g) => g.id === r.gndr)?.text ?? "" },
    ...{ emplyDate: r.emplyDate, emplyCd: r.emplyCd, emplyNm: name(r.emplyCd), rsgntDate: r.rsgntDate },
    ...{ jobCd: r.jobCd, jobNm: name(r.jobCd), dptCd: r.dptCd, dptNm: name(r.dptCd) },
    ...{ school: r.school, trngAgcy: r.trngAgcy, tutorYn: r.tutorYn },
    status: name(r.emplyCd),
    txt: [name(r.dptCd), name(r.jobCd)].filter(Boolean).join(" · "),
  };
}

export const ProfessorFilterFields = {
  year: listYear,
  dpt: codeFilter,
  emply: codeFilter,
  value: searchText,
};

const listRow = (v: ProfessorView) => ({ ...personListRow(v), pfSeq: v.pfSeq, dptCd: v.dptCd, emplyCd: v.emplyCd, jobCd: v.jobCd, tutorYn: v.tutorYn });

const p = professors;

/** The year's records (PBL tutors only, or all): by department, then name and employee number. */
export function professorTable(tutorOnly: boolean): Table<typeof ProfessorFilterFields, ProfessorView, Map<string, string>> {
  return {
    filter: ProfessorFilterFields,
    context: (db, f) => codeNames(db, PROFESSOR_CODE_GROUPS, f.year),
    rows: (db, f) =>
      personRows(p, f, [tutorOnly ? eq(p.tutorYn, "Y") : undefined, f.dpt ? inArray(p.dptCd, f.dpt) : undefined, f.emply ? inArray(p.emplyCd, f.emply) : undefined])(db),
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

/**
 * A professor's record of a year (lib/person-routes.server.ts): an employee number is the record's
 * own; the photo comes as `file` or `imgFile`; an update without `tutorYn` keeps the PBL-tutor flag.
 */
const PROFESSOR_KIND: PersonKind<ProfessorRecord, ProfessorRow> = {
  ...{ table: professors, seq: "pfSeq", usTy: US_TY.professor, name: "professor", calls: PROFESSOR, codes: PROFESSOR_CODES },
  ...{ schema: professorSchema, order: professorOrder, record: professorRecord },
  detail: (row, names) => professorDetail(professorView(row, names)),
  ...{ idReadOnly: OWN_MSG.employeeIdReadOnly, idTaken: OWN_MSG.employeeIdTaken },
  updateOf: ({ tutorYn, ...rest }, body) => (body.tutorYn !== undefined && body.tutorYn !== "" ? { ...rest, tutorYn } : rest),
};

export const PROFESSOR_TABLE = professorTable(false);
export const TUTOR_TABLE = professorTable(true);

export const professorRoutes: RouteDef[] = [
  ...personRoutes(PROFESSOR_KIND, PROFESSOR_TABLE, searchCodeList("2")),
  route(TUTOR.list, "required", listHandler(TUTOR_TABLE)),
];
