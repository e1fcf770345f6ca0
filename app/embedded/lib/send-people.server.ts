/**
 * The people the sending screens show (issue 38: one "send to people"): a person of a year as the
 * consent forms' people of a year list it (PersonDto: agree getUserList.do, sendingUserList.do),
 * whose fields the surveys' recipients share (RecipientDto in handlers/survey.server.ts), the live
 * student and professor records of a year, their code names, the text match and the order.
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.server";
import { commCodes, professors, students } from "../db/schema";

/** The code groups whose names a person shows. */
export const CODE_GROUPS = {
  departments: "0000300000",
  emailDomains: "0000400000",
  enrolment: "0000600000",
  grades: "0000800000",
  employment: "0001100000",
} as const;

/** A person on a sending screen: the fields the consent forms' people and the surveys' recipients share. */
export interface SendPerson {
  usSeq: number;
  /** '1' student, '2' professor. */
  usTy: string;
  id: string;
  name: string;
  /** Professors: the department; students: '' (their grade is in grde). */
  dpt: string;
  /** Students: the grade (or graduation year); professors: ''. */
  grde: string;
  /** The enrolment or employment status name. */
  status: string;
  telNo: string;
  email: string;
}

/** A person of a year as the consent forms list them: with the status's code. */
export interface PersonDto extends SendPerson {
  statusCd: string;
}

interface PersonRow {
  usSeq: number;
  usTy: string;
  id: string;
  name: string;
  grdeCd: string | null;
  grdtnYear: number | null;
  dptCd: string | null;
  statusCd: string;
  telNo: string;
  email: string | null;
  emailCd: string | null;
}

export async function codeMap(db: Db | Tx, year: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: commCodes.code, codeNm: commCodes.codeNm, year: commCodes.year })
    .from(commCodes)
    .where(inArray(commCodes.cmmnCd, Object.values(CODE_GROUPS)))
    .orderBy(asc(commCodes.year));
  // the year's own names win; other years fill codes the year lacks
  const map = new Map<string, string>();
  for (const r of rows) if (r.year !== year) map.set(r.code, r.codeNm);
  for (const r of rows) if (r.year === year) map.set(r.code, r.codeNm);
  return map;
}

/** The live student and professor records of `year` (optionally only these people). */
export async function peopleOfYear(db: Db | Tx, year: number, only?: readonly number[]): Promise<PersonRow[]> {
  if (only && only.length === 0) return [];
  // the columns both tables have, and each kind's own: a student's grade, a professor's department
  const live = (t: typeof students | typeof professors, own: Record<"usTy" | "grdeCd" | "grdtnYear" | "dptCd" | "statusCd", SQL.Aliased | AnyPgColumn>) =>
    db
      .select({ usSeq: t.usSeq, id: t.id, name: t.name, ...own, telNo: t.telNo, email: t.email, emailCd: t.emailCd })
      .from(t)
      .where(and(eq(t.year, year), eq(t.del, "N"), only ? inArray(t.usSeq, [...only]) : undefined));
  const [a, b] = await Promise.all([
    live(students, {
      usTy: sql<string>`'1'`.as("us_ty"),
      grdeCd: students.grdeCd,
      grdtnYear: students.grdtnYear,
      dptCd: sql<string | null>`null::varchar`.as("dpt_cd"),
      statusCd: students.attnCd,
    }),
    live(professors, {
      usTy: sql<string>`'2'`.as("us_ty"),
      grdeCd: sql<string | null>`null::varchar`.as("grde_cd"),
      grdtnYear: sql<number | null>`null::integer`.as("grdtn_year"),
      dptCd: professors.dptCd,
      statusCd: professors.emplyCd,
    }),
  ]);
  return [...a, ...b] as PersonRow[];
}

export function toPersonDto(r: PersonRow, names: Map<string, string>): PersonDto {
  const domain = r.emailCd ? names.get(r.emailCd) : undefined;
  return {
    usSeq: r.usSeq,
    usTy: r.usTy,
    id: r.id,
    name: r.name,
    dpt: r.dptCd ? names.get(r.dptCd) ?? "" : "",
    grde: r.grdeCd ? names.get(r.grdeCd) ?? "" : r.grdtnYear ? `${r.grdtnYear} 졸업` : "",
    status: names.get(r.statusCd) ?? "",
    statusCd: r.statusCd,
    telNo: r.telNo ?? "",
    email: r.email && domain ? `${r.email}@${domain}` : "",
  };
}

export const matchesText = (p: Pick<PersonDto, "id" | "name">, value: string) => {
  if (!value) return true;
  const v = value.toLowerCase();
  return p.name.toLowerCase().includes(v) || p.id.toLowerCase().includes(v);
};

export const sortPeople = <T extends Pick<PersonDto, "usTy" | "name" | "id">>(list: T[]) =>
  list.sort((a, b) => a.usTy.localeCompare(b.usTy) || a.name.localeCompare(b.name, "ko") || a.id.localeCompare(b.id));
