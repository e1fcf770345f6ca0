/**
 * What the student, professor and PBL-tutor calls share: wire fields (year, seq, multi-selects),
 * persons (one usSeq per student or employee number), the evaluation column configuration, the
 * photo of a record and the wire form of its fields.
 */
import { and, asc, eq, getTableName, ilike, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { birthDateParts, phoneParts } from "../../schemas/person-fields";
import type { Db, Tx } from "../db/client.server";
import { evalColumns, persons, professors, students } from "../db/schema";
import { ApiError, fail } from "./envelope.server";
import { formatWireDate, seoulYear } from "./time";
import type { FileStorage } from "./storage.server";
import { checkPhoto, singleFile, type CheckedFile } from "./upload.server";

export const US_TY = { student: "1", professor: "2" } as const;

// ---------------------------------------------------------------------------------------------
// Wire fields
// ---------------------------------------------------------------------------------------------

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** The record year: required, '2025' or 2025 ('년도를 선택해주세요.'). */
export const recordYear = z.preprocess(
  (v) => (blank(v) ? undefined : v),
  z.coerce
    .number({ required_error: MSG.yearRequired, invalid_type_error: MSG.yearRequired })
    .int(MSG.yearRequired)
    .min(1900, MSG.yearRequired)
    .max(2999, MSG.yearRequired),
);

/** A list filter year: blank is the current year in Asia/Seoul. */
export const listYear = z
  .preprocess((v) => (blank(v) ? undefined : v), z.coerce.number().int().min(1900).max(2999).optional())
  .transform((y) => y ?? seoulYear());

export const seqField = z.coerce.number().int().positive().max(2_147_483_647);
/** An optional seq: '', 0 and null are absent. */
export const optionalSeq = z.preprocess((v) => (blank(v) || v === 0 || v === "0" ? undefined : v), seqField.optional());

/**
 * A multi-select of codes: absent, '', 'all' (alone or among the values) or [] is no filter (null);
 * a comma-joined string is accepted (GET downloads).
 */
export const codeFilter = z
  .preprocess((v) => {
    if (blank(v)) return null;
    const list = Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : v;
    return Array.isArray(list) ? list.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "") : list;
  }, z.array(z.string().max(20)).max(100).nullable())
  .transform((list) => (!list || list.length === 0 || list.some((x) => x.toLowerCase() === "all") ? null : list));

export const searchText = z.preprocess((v) => (blank(v) ? "" : typeof v === "number" ? String(v) : v), z.string().max(100)).transform((s) => s.trim());

/** Evaluation mode: both eiSeq and menuSeq given. */
export const evalParams = {
  eiSeq: optionalSeq,
  menuSeq: optionalSeq,
};

/** JSON text as its value (wire fields that may come as JSON text); text that is not JSON stays as it is (and fails its schema). */
export function jsonText(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** '%' and '_' in a search text match themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------------------------------------
// Persons
// ---------------------------------------------------------------------------------------------

/** The usSeq of every id (created when missing), for one person type. */
export async function ensurePersons(tx: Db | Tx, usTy: string, ids: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, number>();
  for (let i = 0; i < unique.length; i += 1000) {
    const batch = unique.slice(i, i + 1000);
    await tx
      .insert(persons)
      .values(batch.map((id) => ({ usTy, id })))
      .onConflictDoNothing();
    const rows = await tx
      .select({ usSeq: persons.usSeq, id: persons.id })
      .from(persons)
      .where(and(eq(persons.usTy, usTy), inArray(persons.id, batch)));
    for (const r of rows) out.set(r.id, r.usSeq);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Evaluation columns
// ---------------------------------------------------------------------------------------------

export interface EvalColumn {
  clm: string;
  clmNm: string;
}

/**
 * The columns evaluation `eiSeq` shows of menu `menuSeq` in `year`: that year's configuration, or
 * the latest earlier year's, or the earliest later one's; [] when the menu has none.
 */
export async function evalColumnsFor(db: Db | Tx, eiSeq: number, menuSeq: number, year: number): Promise<EvalColumn[]> {
  const rows = await db
    .select({ year: evalColumns.year, clm: evalColumns.clm, clmNm: evalColumns.clmNm })
    .from(evalColumns)
    .where(and(eq(evalColumns.eiSeq, eiSeq), eq(evalColumns.menuSeq, menuSeq)))
    .orderBy(asc(evalColumns.year), asc(evalColumns.sort), asc(evalColumns.clm));
  if (!rows.length) return [];
  const years = [...new Set(rows.map((r) => r.year))];
  const earlier = years.filter((y) => y <= year);
  const chosen = earlier.length ? earlier[earlier.length - 1] : years[0];
  return rows.filter((r) => r.year === chosen).map(({ clm, clmNm }) => ({ clm, clmNm }));
}

/**
 * The columns of an evaluation-mode Excel download: as evalColumnsFor, but an evaluation with no
 * column configured for the menu has nothing to write, and answers status 404 with the reason in
 * `errorMessage` as well as `message` (spec 002 §8: the screen shows that errorMessage).
 */
export async function downloadColumnsFor(db: Db | Tx, eiSeq: number, menuSeq: number, year: number): Promise<EvalColumn[]> {
  const columns = await evalColumnsFor(db, eiSeq, menuSeq, year);
  if (!columns.length) throw new ApiError({ status: 404, message: OWN_MSG.evalNoColumns, errorMessage: OWN_MSG.evalNoColumns });
  return columns;
}

/** Only the configured columns of a row (an unknown column is null). */
export function pickColumns(row: Record<string, unknown>, columns: readonly EvalColumn[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c.clm, row[c.clm] ?? null]));
}

// ---------------------------------------------------------------------------------------------
// Photos
// ---------------------------------------------------------------------------------------------

/** The `filePath` of /view/imgView.do for a stored photo, or null. */
export const photoPath = (rovl: string | null, flnm: string | null) => (rovl && flnm ? `${rovl}/${flnm}` : null);

/** The photo folder: 'photo/yyyy/MM' (Asia/Seoul). */
export function photoRovl(now: Date = new Date()): string {
  return `photo/${formatWireDate(now)!.slice(0, 7).replace("-", "/")}`;
}

/**
 * The request's photo ('imgFile', or 'file' as the professor call names it), checked: .png or .jpg
 * by name and content, at most 10 MB. Null when none came.
 */
export async function readPhoto(files: Record<string, File[]>): Promise<CheckedFile | null> {
  const file = singleFile(files, ["imgFile", "file"]);
  return file ? checkPhoto(file) : null;
}

/** Stores a checked photo in the photo folder; answers the record's photo columns. */
export async function putPhoto(storage: FileStorage, photo: CheckedFile | null): Promise<{ photoRovl: string; photoFlnm: string } | null> {
  if (!photo) return null;
  const key = await storage.put(photo.bytes, { orn: photo.name, mime: photo.mime, rovl: photoRovl() });
  return { photoRovl: key.rovl, photoFlnm: key.flnm };
}

// ---------------------------------------------------------------------------------------------
// Wire forms of record fields
// ---------------------------------------------------------------------------------------------

const WEEKDAYS = ["일", "월", "화", "수", "목", "금", "토"];

/** The weekday (Asia/Seoul) of a registration time: '월'. */
export function dayWeek(d: Date | null): string | null {
  const wire = formatWireDate(d);
  if (!wire) return null;
  const [y, m, day] = wire.slice(0, 10).split("-").map(Number);
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, day)).getUTCDay()];
}

/**
 * Flat form fields from the joined wire fields, when the flat ones are absent: the birth date from
 * `brdeOrg` or `brde` → brdeY/M/D, the phone from `telNoOrg` or `telNo` → telNo1/2/3 (spec 001 §7
 * names `brdeOrg` and `telNoOrg` for the student save, `telNo` joined with '-' for the professor's).
 */
export function flattenWireFields(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  const joined = (...keys: string[]) => keys.map((k) => body[k]).find((v): v is string => typeof v === "string" && v.trim() !== "");
  const brde = joined("brdeOrg", "brde");
  if (blank(out.brdeY) && blank(out.brdeM) && blank(out.brdeD) && brde) [out.brdeY, out.brdeM, out.brdeD] = birthDateParts(brde);
  const telNo = joined("telNoOrg", "telNo");
  if (blank(out.telNo1) && blank(out.telNo2) && blank(out.telNo3) && telNo) [out.telNo1, out.telNo2, out.telNo3] = phoneParts(telNo);
  return out;
}

/** Refuses with `message` unless `code` is among `allowed` (an empty or absent code is left to the schema). */
export function requireCode(code: string | null | undefined, allowed: ReadonlySet<string>, message: string): void {
  if (code && !allowed.has(code)) throw new ApiError(fail(400, message));
}

// ---------------------------------------------------------------------------------------------
// Students by number (score entry: the lookup rows of spec 002 §4)
// ---------------------------------------------------------------------------------------------

export interface YearStudent {
  usSeq: number;
  id: string;
  name: string;
  grdeCd: string | null;
}

const yearStudent = { usSeq: students.usSeq, id: students.id, name: students.name, grdeCd: students.grdeCd };

/**
 * Join condition of a record keyed by (usSeq, year) with the student's live record of that year
 * (left-joined: a record keeps its person's number when the student record was deleted since).
 */
export const yearStudentOf = (usSeq: AnyColumn, year: AnyColumn) => and(eq(students.usSeq, usSeq), eq(students.year, year), eq(students.del, "N"));

/** A search text matching the person's number or the student's name (substring, case-insensitive); none matches all. */
export const numberOrName = (text: string) => (text ? or(ilike(persons.id, likePattern(text)), ilike(students.name, likePattern(text))) : undefined);

/*
 * The same two fields of a record keyed by (usSeq, year), looked up row by row instead of joined.
 * A list page shows 20 of a year's records: joined, the planner hashes every person (629 in the demo)
 * and every student of the year (414) to name 40; looked up, each shown row costs one index probe
 * (E04's list query: 1.8 → 0.9 ms in PGlite, ADR 0052). Postgres compares the expressions, so
 * sorting by one of them reuses the selected value.
 */

/**
 * A column with its table's name, wherever it is written: Drizzle leaves it out in the select list of
 * a one-table query, where inside a subquery it would name the subquery's own column.
 */
const qualified = (c: AnyColumn) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;

/** The person's number (the record's usSeq references persons: always one). */
export const personNumberOf = (usSeq: AnyColumn) => sql<string>`(select ${qualified(persons.id)} from ${persons} where ${qualified(persons.usSeq)} = ${qualified(usSeq)})`;

/** The name of the student's live record of that year; null when it was deleted since. */
export const yearStudentNameOf = (usSeq: AnyColumn, year: AnyColumn) =>
  sql<string | null>`(select ${qualified(students.name)} from ${students} where ${qualified(students.usSeq)} = ${qualified(usSeq)} and ${qualified(students.year)} = ${qualified(year)} and ${qualified(students.del)} = 'N')`;

/** `numberOrName` on the looked-up fields. */
export const numberOrNameOf = (usSeq: AnyColumn, year: AnyColumn, text: string) =>
  text ? or(ilike(personNumberOf(usSeq), likePattern(text)), ilike(yearStudentNameOf(usSeq, year), likePattern(text))) : undefined;

/** The live student records of `year` matching `where` for each batch of at most 1000 keys. */
async function liveStudents<K>(db: Db | Tx, year: number, keys: readonly K[], where: (batch: K[]) => SQL): Promise<YearStudent[]> {
  const unique = [...new Set(keys)];
  const out: YearStudent[] = [];
  for (let i = 0; i < unique.length; i += 1000) {
    const batch = unique.slice(i, i + 1000);
    out.push(...(await db.select(yearStudent).from(students).where(and(eq(students.year, year), eq(students.del, "N"), where(batch)))));
  }
  return out;
}

/** The live student records of `year` with these student numbers, by number. */
export async function studentsByNumber(db: Db | Tx, year: number, ids: readonly string[]): Promise<Map<string, YearStudent>> {
  const rows = await liveStudents(db, year, ids.filter((id) => /^[0-9]{1,20}$/.test(id)), (batch) => inArray(students.id, batch));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A professor's live record of a year, as the seminar participants' lookup finds it. */
export interface YearProfessor {
  usSeq: number;
  id: string;
  name: string;
}

/** The live professor records of `year` with these employee numbers, by number (spec 001 §7 getPfInfo.do). */
export async function professorsByNumber(db: Db | Tx, year: number, ids: readonly string[]): Promise<Map<string, YearProfessor>> {
  const unique = [...new Set(ids.filter((id) => /^[0-9]{1,20}$/.test(id)))];
  const out = new Map<string, YearProfessor>();
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select({ usSeq: professors.usSeq, id: professors.id, name: professors.name })
      .from(professors)
      .where(and(eq(professors.year, year), eq(professors.del, "N"), inArray(professors.id, unique.slice(i, i + 1000))));
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

/**
 * Every live student of `year` by number, for a reader that finds students row by row (uploads):
 * each year's records are read once, a number that is not digits is never found.
 */
export function studentFinder(db: Db | Tx): (year: number, id: string) => Promise<YearStudent | undefined> {
  const years = new Map<number, Promise<Map<string, YearStudent>>>();
  return async (year, id) => {
    let found = years.get(year);
    if (!found) {
      found = db
        .select(yearStudent)
        .from(students)
        .where(and(eq(students.year, year), eq(students.del, "N")))
        .then((rows) => new Map(rows.map((r) => [r.id, r])));
      years.set(year, found);
    }
    return /^[0-9]{1,20}$/.test(id) ? (await found).get(id) : undefined;
  };
}

/** A score row's student as the screen sends it: the number and the usSeq its lookup confirmed. */
export interface ClaimedStudent {
  id: string;
  usSeq: unknown;
}

/**
 * How a row stands against the year's students: no number ('empty'), no confirmation
 * ('unconfirmed'), a number the year does not have ('unknown'), a confirmation of another student
 * ('mismatch': the number was changed afterwards, or the usSeq forged), or 'ok'.
 */
export type Confirmation = "empty" | "unconfirmed" | "unknown" | "mismatch" | "ok";

/**
 * The one rule of score rows (spec 002 §4 lookup rows): a row's usSeq must be the live student with
 * that number in `year`. Answers each row's state, in order; `known` saves the look-up when the
 * caller has the students already.
 */
export async function confirmRows(db: Db | Tx, year: number, rows: readonly ClaimedStudent[], known?: Map<string, YearStudent>): Promise<Confirmation[]> {
  const found = known ?? (await studentsByNumber(db, year, rows.map((r) => r.id.trim())));
  return rows.map((r) => {
    const id = r.id.trim();
    if (!id) return "empty";
    const usSeq = typeof r.usSeq === "string" && r.usSeq.trim() ? Number(r.usSeq) : r.usSeq;
    if (!usSeq) return "unconfirmed";
    const student = found.get(id);
    if (!student) return "unknown";
    return student.usSeq === usSeq ? "ok" : "mismatch";
  });
}

/**
 * Refuses the first row that is not confirmed (status 400): a number the year does not have
 * '해당년도에 등록된 학번이 없습니다.', any other '학번을 입력 후 확인버튼을 클릭하세요.'.
 */
export async function requireConfirmedRows(db: Db | Tx, year: number, rows: readonly ClaimedStudent[], known?: Map<string, YearStudent>): Promise<void> {
  for (const state of await confirmRows(db, year, rows, known)) {
    if (state === "unknown" || state === "empty") throw new ApiError(fail(400, MSG.lookupUnknown));
    if (state !== "ok") throw new ApiError(fail(400, MSG.lookupNotConfirmed));
  }
}
