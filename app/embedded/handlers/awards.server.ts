/**
 * R17 research participation and awards (spec 001 §3 "Award or participation program", §4, §5
 * "Awards and participation", §7 "Student activity", §9; docs/contract.md "Awards and
 * participation"), on the table kit (lib/table-routes.server.ts):
 * - POST /api/awards/getPrgmList.do {year, searchTxt, eiSeq?, menuSeq?, page?, size?, sort?,
 *   paSeq?} -> {list, total[, columns]}: the year's programs (name, or a winner's number or name,
 *   matching the text), each with its category name (paSeType), place name, attachment, users.
 * - POST /api/awards/getPrgmInfo.do {paSeq} -> {info}: one program with its users.
 * - POST /api/awards/editAwards.do multipart {data (JSON), file}: the dialog's own rules again (the
 *   same schema), the category among the year's codes of 0001300000, every user the year's student
 *   with the confirmed usSeq and the same name, the attachment (extension, signature, 10 MB);
 *   `fileDelYn` Y removes the saved one (a new file replaces it); all in one transaction.
 * - POST /api/awards/deletePrgm.do {paSeq}: marks the program usyn N.
 * - GET /api/awards/excelDown.do (the list's filter; evaluation mode: the configured columns), GET
 *   /api/awards/excelSampleDown.do?year (the year is required: its categories name the example),
 *   POST (multipart) /api/awards/excelUpload.do {year, file}: one row per winner or participant;
 *   consecutive rows with the same program cells are one program.
 */
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  AWARD_CODE,
  AWARD_CODE_GROUP,
  AWARD_FILE_EXTENSIONS,
  AWARD_LABELS as H,
  PARTICIPATION_CODE,
  PLACE_CODES,
  awardOrder,
  awardSchema,
  placeName,
  rowsOfUsers,
  type AwardForm,
} from "../../routes/_app.insert.student.awards+/__schema";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage } from "../../schemas/person-fields";
import { checkKey } from "../../schemas/student-rows";
import { xlsxResponse, type ExcelColumn } from "../../utils/excel.server";
import type { Db, Tx } from "../db/client.server";
import { awardPrograms, awardUsers, persons, students } from "../db/schema";
import { requireAuth, type CallContext, type GetRouteDef } from "../lib/context.server";
import { ApiError, fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { jsonText, likePattern, listYear, numberOrName, optionalSeq, recordYear, searchText, seqField, studentFinder, yearStudentOf } from "../lib/people.server";
import { RowError, importSheet, type StoredRecord, type UploadResult } from "../lib/sheet-import.server";
import { attachmentSelect, checkOneAttachment, savedAttachment, wireFile } from "../lib/attachment.server";
import { TOTAL, markDeleted, tableRoutes, type Table, type TableFilter } from "../lib/table-routes.server";
import { formatWireDate } from "../lib/time";
import { requireStudent } from "./activities.server";
import { codeOfCell, listCodes, type CodeItem } from "./code.server";
import { AWARDS } from "../../calls/awards";
import { getRoute } from "../lib/context.server";


export const AWARD_SAMPLE_FILE = "연구참여및수상_업로드_양식.xlsx";

const live = eq(awardPrograms.usyn, "Y");

/** The year's categories (exactly that year's codes: a year without them says so, spec 001 §5). */
export const awardCategories = (db: Db | Tx, year: number) => listCodes(db, AWARD_CODE_GROUP, year);

const Filter = { year: listYear, searchTxt: searchText, paSeq: optionalSeq };
type AwardFilter = TableFilter<typeof Filter>;

const rowColumns = {
  paSeq: awardPrograms.paSeq,
  year: awardPrograms.year,
  paSeCd: awardPrograms.paSeCd,
  prgmNm: awardPrograms.prgmNm,
  awardDate: awardPrograms.awardDate,
  prgmStde: awardPrograms.prgmStde,
  prgmEnde: awardPrograms.prgmEnde,
  placeCd: awardPrograms.placeCd,
  place: awardPrograms.place,
  prgmDate: awardPrograms.prgmDate,
  ...attachmentSelect(awardPrograms),
  regDt: awardPrograms.regDt,
};
type ProgramRow = { [K in keyof typeof rowColumns]: (typeof rowColumns)[K]["_"]["data"] | null };

export interface AwardUserView {
  id: string;
  name: string;
  usSeq: number;
  paSeq: number;
  rsrchSbj: string;
  status: "Y";
}

/** A program as the wire answers it (spec 001 §3), with prgmNm and the users' names for the list. */
export interface AwardView {
  paSeq: number;
  paSeCd: string;
  paSeType: string;
  year: number;
  prgmNm: string;
  awardDate: string;
  prgmStde: string;
  prgmEnde: string;
  prgmDate: string;
  placeCd: string;
  placeNm: string;
  place: string;
  file: string | null;
  fileName: string;
  orn: string;
  flnm: string;
  rovl: string;
  userCount: number;
  userNames: string;
  regDt: string | null;
  users: AwardUserView[];
}

/** The programs whose name, or one of whose users' number or name, matches the text. */
function matching(db: Db | Tx, text: string) {
  if (!text) return undefined;
  const byUser = db
    .select({ paSeq: awardUsers.paSeq })
    .from(awardUsers)
    .innerJoin(awardPrograms, eq(awardPrograms.paSeq, awardUsers.paSeq))
    .innerJoin(persons, eq(persons.usSeq, awardUsers.usSeq))
    .leftJoin(students, yearStudentOf(awardUsers.usSeq, awardPrograms.year))
    .where(numberOrName(text));
  return or(ilike(awardPrograms.prgmNm, likePattern(text)), inArray(awardPrograms.paSeq, byUser));
}

/** The users of programs, in their order (the person's number; the name of the program year's student). */
async function usersOf(db: Db | Tx, paSeqs: readonly number[]): Promise<Map<number, AwardUserView[]>> {
  const out = new Map<number, AwardUserView[]>();
  if (!paSeqs.length) return out;
  const rows = await db
    .select({ paSeq: awardUsers.paSeq, usSeq: awardUsers.usSeq, rsrchSbj: awardUsers.rsrchSbj, id: persons.id, name: students.name })
    .from(awardUsers)
    .innerJoin(awardPrograms, eq(awardPrograms.paSeq, awardUsers.paSeq))
    .innerJoin(persons, eq(persons.usSeq, awardUsers.usSeq))
    .leftJoin(students, yearStudentOf(awardUsers.usSeq, awardPrograms.year))
    .where(inArray(awardUsers.paSeq, [...paSeqs]))
    .orderBy(asc(awardUsers.paSeq), asc(awardUsers.sort), asc(persons.id));
  for (const r of rows) {
    const list = out.get(r.paSeq) ?? [];
    list.push({ id: r.id, name: r.name ?? "", usSeq: r.usSeq, paSeq: r.paSeq, rsrchSbj: r.rsrchSbj, status: "Y" });
    out.set(r.paSeq, list);
  }
  return out;
}

const table: Table<typeof Filter, AwardView, Map<string, string>> = {
  filter: Filter,
  context: async (db, f) => new Map((await awardCategories(db, f.year)).map((c) => [c.id, c.text])),
  rows: (db, f) =>
    db
      .select({ ...rowColumns, _total: TOTAL })
      .from(awardPrograms)
      .where(and(eq(awardPrograms.year, f.year), live, matching(db, f.searchTxt), f.paSeq ? eq(awardPrograms.paSeq, f.paSeq) : undefined))
      .$dynamic(),
  // the newest date first (an award's date, a participation's start)
  order: [sql`coalesce(${awardPrograms.awardDate}, ${awardPrograms.prgmStde}) desc nulls last`, asc(awardPrograms.paSeq)],
  sortable: {
    paSeq: awardPrograms.paSeq,
    year: awardPrograms.year,
    paSeType: awardPrograms.paSeCd,
    prgmNm: awardPrograms.prgmNm,
    awardDate: awardPrograms.awardDate,
    prgmStde: awardPrograms.prgmStde,
    // the outer row's key written out: drizzle renders a one-table select's columns unqualified, and
    // an unqualified pa_seq inside the subquery is award_users' own (every user would be counted)
    userCount: sql`(select count(*) from award_users u where u.pa_seq = "award_programs"."pa_seq")`,
    regDt: awardPrograms.regDt,
  },
  views: async (db, list: ProgramRow[], names) => {
    const users = await usersOf(db, list.map((r) => r.paSeq!));
    return list.map((r): AwardView => {
      const us = users.get(r.paSeq!) ?? [];
      return {
        paSeq: r.paSeq!,
        paSeCd: r.paSeCd ?? "",
        paSeType: names.get(r.paSeCd ?? "") ?? "",
        year: r.year!,
        prgmNm: r.prgmNm ?? "",
        awardDate: r.awardDate ?? "",
        prgmStde: r.prgmStde ?? "",
        prgmEnde: r.prgmEnde ?? "",
        prgmDate: r.prgmDate ?? "",
        placeCd: r.placeCd ?? "",
        placeNm: placeName(r.placeCd),
        place: r.place ?? "",
        file: r.fileFlnm ?? null,
        fileName: r.fileOrn ?? "",
        ...wireFile(r),
        userCount: us.length,
        userNames: us.map((u) => u.name).join(", "),
        regDt: formatWireDate(r.regDt),
        users: us,
      };
    });
  },
  // evaluation mode: the date (award date, or the period) and the users' names
  evalRow: (v) => ({ ...v, period: v.paSeCd === AWARD_CODE ? v.awardDate : v.prgmStde ? `${v.prgmStde} ~ ${v.prgmEnde}` : "" }),
};

/** One live program of any year (null when there is none). */
export async function findProgram(db: Db | Tx, paSeq: number): Promise<AwardView | null> {
  const [row] = await db.select({ year: awardPrograms.year }).from(awardPrograms).where(and(eq(awardPrograms.paSeq, paSeq), live));
  if (!row) return null;
  const c = await table.context!(db, { year: row.year, searchTxt: "", paSeq } as AwardFilter);
  const rows = await table.rows(db, { year: row.year, searchTxt: "", paSeq } as AwardFilter, c);
  const views = await table.views(db, (await rows) as ProgramRow[], c);
  return views[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Save
// ---------------------------------------------------------------------------------------------

/** The form's field names as the schema's issue paths say them ('rows.0.id'). */
const ORDER = awardOrder.map((f) => f.replace(/\[(\d+)\]/g, ".$1"));

const WireUsers = z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(z.record(z.unknown())).max(1000));

/** The wire program → the dialog's form fields (the same schema checks it). */
function formOfData(data: Record<string, unknown>, year: number): Record<string, unknown> {
  const s = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "object" ? "" : String(v));
  const users = parseInput(WireUsers, data.users);
  return {
    year: String(year),
    paSeq: s(data.paSeq),
    paSeCd: s(data.paSeCd),
    prgmNm: s(data.prgmNm),
    awardDate: s(data.awardDate),
    prgmStde: s(data.prgmStde),
    prgmEnde: s(data.prgmEnde),
    placeCd: s(data.placeCd),
    place: s(data.place),
    prgmDate: s(data.prgmDate),
    rows: rowsOfUsers(year, users.map((u) => ({ id: s(u.id), name: s(u.name), usSeq: s(u.usSeq), rsrchSbj: s(u.rsrchSbj) }))),
    fileDel: s(data.fileDelYn) === "Y" ? "Y" : "",
  };
}

/** The checked form's program values as stored (a field of the other category is not kept). */
function storedProgram(d: AwardForm) {
  const award = d.paSeCd === AWARD_CODE;
  return {
    paSeCd: d.paSeCd,
    prgmNm: d.prgmNm,
    awardDate: award ? d.awardDate : null,
    prgmStde: award ? null : d.prgmStde,
    prgmEnde: award ? null : d.prgmEnde,
    placeCd: award ? null : d.placeCd,
    place: award ? "" : d.place,
    prgmDate: award ? "" : d.prgmDate,
  };
}

/** The category must be one of the year's codes (spec 001 §5). */
async function requireCategory(db: Db | Tx, year: number, paSeCd: string): Promise<CodeItem[]> {
  const codes = await awardCategories(db, year);
  if (!codes.some((c) => c.id === paSeCd)) throw new ApiError(fail(400, MSG.awardNoCodes));
  return codes;
}

const SaveBody = z.object({ data: z.unknown() });

async function saveProgram(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const { data } = parseInput(SaveBody, ctx.body);
  const rec = jsonText(data);
  if (!rec || typeof rec !== "object" || Array.isArray(rec)) return fail(400, OWN_MSG.badRequest);
  const body = rec as Record<string, unknown>;
  const year = parseInput(z.object({ year: recordYear }), body, ["year"]).year;
  const parsed = awardSchema.safeParse(formOfData(body, year));
  if (!parsed.success) return fail(400, firstMessage(parsed.error.issues, ORDER) ?? OWN_MSG.badRequest);
  const d = parsed.data;
  const seq = d.paSeq ? Number(d.paSeq) : null;
  await requireCategory(ctx.db, year, d.paSeCd);
  // every user the year's student, confirmed, with the student's name
  const users: { usSeq: number; rsrchSbj: string }[] = [];
  for (const row of d.rows) users.push({ usSeq: await requireStudent(ctx.db, year, row.id, Number(row.usSeq), row.name), rsrchSbj: row.rsrchSbj });
  const added = await checkOneAttachment(ctx.files.file ?? [], AWARD_FILE_EXTENSIONS);

  const paSeq = await ctx.db.transaction(async (tx) => {
    const values = storedProgram(d);
    // the attachments' folder 'awards/yyyy/MM'
    const file = await savedAttachment(tx, added, "awards", d.fileDel === "Y");
    let at: number;
    if (seq) {
      const done = await tx
        .update(awardPrograms)
        .set({ ...values, ...file, uptDt: sql`now()` })
        .where(and(eq(awardPrograms.paSeq, seq), eq(awardPrograms.year, year), live))
        .returning({ paSeq: awardPrograms.paSeq });
      if (!done.length) throw new ApiError(fail(404, OWN_MSG.awardNotFound));
      at = seq;
      await tx.delete(awardUsers).where(eq(awardUsers.paSeq, seq));
    } else {
      const [made] = await tx.insert(awardPrograms).values({ ...values, ...file, year }).returning({ paSeq: awardPrograms.paSeq });
      at = made.paSeq;
    }
    await tx.insert(awardUsers).values(users.map((u, i) => ({ paSeq: at, usSeq: u.usSeq, rsrchSbj: u.rsrchSbj, sort: i })));
    return at;
  });
  return ok({ paSeq }, seq ? MSG.updated : MSG.created);
}

// ---------------------------------------------------------------------------------------------
// Excel
// ---------------------------------------------------------------------------------------------

/** One sheet row: a program and one of its users. */
type SheetRow = { p: AwardView; u: AwardUserView };

/** The download's columns; the upload reads the same headers (year from the form). */
const SHEET_COLUMNS: ExcelColumn<SheetRow>[] = [
  { header: H.year, width: 8, value: (r) => r.p.year },
  { header: H.paSeCd, width: 10, value: (r) => r.p.paSeType || r.p.paSeCd },
  { header: H.prgmNm, width: 30, value: (r) => r.p.prgmNm },
  { header: H.awardDate, width: 12, value: (r) => r.p.awardDate },
  { header: H.prgmStde, width: 12, value: (r) => r.p.prgmStde },
  { header: H.prgmEnde, width: 12, value: (r) => r.p.prgmEnde },
  { header: H.placeCd, width: 10, value: (r) => r.p.placeNm },
  { header: H.place, width: 20, value: (r) => r.p.place },
  { header: H.prgmDate, width: 24, value: (r) => r.p.prgmDate },
  { header: H.id, width: 14, value: (r) => r.u.id },
  { header: H.name, width: 12, value: (r) => r.u.name },
  { header: H.rsrchSbj, width: 30, value: (r) => r.u.rsrchSbj },
  { header: "첨부파일", width: 24, value: (r) => r.p.orn },
];

/** The template: an award row and a participation row named with the year's categories. */
async function sampleResponse(db: Db, year: number): Promise<Response> {
  const codes = await awardCategories(db, year);
  const name = (id: string) => codes.find((c) => c.id === id)?.text;
  if (!name(AWARD_CODE) && !name(PARTICIPATION_CODE)) throw new ApiError(fail(400, MSG.awardNoCodes));
  const base = { paSeq: 0, year, prgmDate: "", placeCd: "", placeNm: "", place: "", file: null, fileName: "", orn: "", flnm: "", rovl: "", userCount: 1, userNames: "", regDt: null, users: [] };
  const user = (id: string, name: string, rsrchSbj: string): AwardUserView => ({ id, name, usSeq: 0, paSeq: 0, rsrchSbj, status: "Y" });
  const rows: SheetRow[] = [];
  if (name(AWARD_CODE)) {
    rows.push({ p: { ...base, paSeCd: AWARD_CODE, paSeType: name(AWARD_CODE)!, prgmNm: "학생 연구 경진대회", awardDate: `${year}-06-15`, prgmStde: "", prgmEnde: "" }, u: user(`${year}00001`, "홍길동", "최우수상") });
  }
  if (name(PARTICIPATION_CODE)) {
    rows.push({
      p: { ...base, paSeCd: PARTICIPATION_CODE, paSeType: name(PARTICIPATION_CODE)!, prgmNm: "기초의학 연구 참여 프로그램", awardDate: "", prgmStde: `${year}-03-02`, prgmEnde: `${year}-06-30`, placeCd: "1", placeNm: "교내", place: "기초의학관", prgmDate: "매주 수요일 14:00-17:00" },
      u: user(`${year}00002`, "김철수", "세포 신호전달 연구"),
    });
  }
  return xlsxResponse(AWARD_SAMPLE_FILE, { sheetName: "연구참여 및 수상", columns: SHEET_COLUMNS.filter((c) => c.header !== "첨부파일" && c.header !== H.year), rows });
}

/** A program's natural key: category, name and dates. */
const programKey = (p: { paSeCd: string; prgmNm: string; awardDate: string | null; prgmStde: string | null; prgmEnde: string | null }) =>
  JSON.stringify([p.paSeCd, p.prgmNm.trim(), p.awardDate ?? "", p.prgmStde ?? "", p.prgmEnde ?? ""]);

/** The year's live programs by natural key (the first of two with one key). */
async function storedPrograms(tx: Tx, year: number) {
  const found = await tx.select().from(awardPrograms).where(and(eq(awardPrograms.year, year), live)).orderBy(asc(awardPrograms.paSeq));
  const byKey = new Map<string, (typeof found)[number]>();
  for (const p of found) if (!byKey.has(programKey(p))) byKey.set(programKey(p), p);
  return byKey;
}

interface UploadRecord {
  /** the program's natural key: rows with the same key (one after another or not) make one program */
  key: string;
  program: ReturnType<typeof storedProgram>;
  usSeq: number;
  rsrchSbj: string;
}

/** Reads every row (the year's category, the student of the year by number and name, the dialog's rules) and stores the valid ones. */
export async function importAwards(db: Db, year: number, bytes: Uint8Array): Promise<UploadResult> {
  const codes = await awardCategories(db, year);
  if (!codes.length) throw new ApiError(fail(400, MSG.awardNoCodes));
  const findStudent = studentFinder(db);
  return importSheet<UploadRecord>(
    db,
    {
      headers: [H.paSeCd, H.prgmNm, H.id, H.name],
      year,
      idOf: (cells) => cells[H.id] ?? "",
      read: async (cells) => {
        const cell = (h: string) => (cells[h] ?? "").trim();
        const date = (h: string) => cell(h).slice(0, 10).replace(/[./]/g, "-");
        const id = cell(H.id);
        if (!id) throw new RowError(OWN_MSG.studentIdRequired);
        const student = await findStudent(year, id);
        if (!student) throw new RowError(MSG.lookupUnknown);
        if (cell(H.name) !== student.name) throw new RowError(MSG.activityNameMismatch);
        const paSeCd = codeOfCell(codes, cell(H.paSeCd));
        if (!codes.some((c) => c.id === paSeCd)) throw new RowError(MSG.awardNoCodes);
        const placeCell = cell(H.placeCd);
        const form = {
          year: String(year),
          paSeq: "",
          paSeCd,
          prgmNm: cell(H.prgmNm),
          awardDate: date(H.awardDate),
          prgmStde: date(H.prgmStde),
          prgmEnde: date(H.prgmEnde),
          placeCd: PLACE_CODES.find((p) => p.label === placeCell || p.value === placeCell)?.value ?? placeCell,
          place: cell(H.place),
          prgmDate: cell(H.prgmDate),
          rows: [{ id, name: student.name, usSeq: String(student.usSeq), checked: checkKey(year, id), rsrchSbj: cell(H.rsrchSbj) }],
          fileDel: "",
        };
        const parsed = awardSchema.safeParse(form);
        if (!parsed.success) throw new RowError(firstMessage(parsed.error.issues, ORDER) ?? OWN_MSG.badRequest);
        const program = storedProgram(parsed.data);
        return { ok: true, record: { key: programKey(program), program, usSeq: student.usSeq, rsrchSbj: parsed.data.rows[0].rsrchSbj } };
      },
      // the natural key (ADR 0061): the program (category, name, dates) and the student; a student
      // twice in one program is a duplicate (spec 001 §5); the place, schedule and subject are values
      key: (r) => `${r.key}\u0000${r.usSeq}`,
      duplicateMessage: MSG.duplicateStudentId,
      store: {
        stored: async (tx) => {
          const programs = await storedPrograms(tx, year);
          const users = programs.size
            ? await tx.select().from(awardUsers).where(inArray(awardUsers.paSeq, [...programs.values()].map((p) => p.paSeq)))
            : [];
          const byKey = new Map<string, StoredRecord<{ paSeq: number; usSeq: number }>>();
          for (const [key, p] of programs) {
            for (const u of users.filter((x) => x.paSeq === p.paSeq)) {
              byKey.set(`${key}\u0000${u.usSeq}`, { ref: { paSeq: p.paSeq, usSeq: u.usSeq }, values: { placeCd: p.placeCd, place: p.place, prgmDate: p.prgmDate, rsrchSbj: u.rsrchSbj } });
            }
          }
          return byKey;
        },
        valuesOf: (r) => ({ placeCd: r.program.placeCd, place: r.program.place, prgmDate: r.program.prgmDate, rsrchSbj: r.rsrchSbj }),
        insert: async (tx, records) => {
          const programs = await storedPrograms(tx, year);
          const groups = new Map<string, UploadRecord[]>();
          for (const r of records) groups.set(r.key, [...(groups.get(r.key) ?? []), r]);
          for (const [key, group] of groups) {
            let paSeq = programs.get(key)?.paSeq;
            if (paSeq === undefined) [{ paSeq }] = await tx.insert(awardPrograms).values({ ...group[0].program, year }).returning({ paSeq: awardPrograms.paSeq });
            const [{ last }] = await tx.select({ last: sql<number>`coalesce(max(${awardUsers.sort}), -1)`.mapWith(Number) }).from(awardUsers).where(eq(awardUsers.paSeq, paSeq));
            await tx.insert(awardUsers).values(group.map((r, i) => ({ paSeq: paSeq!, usSeq: r.usSeq, rsrchSbj: r.rsrchSbj, sort: last + 1 + i })));
          }
        },
        update: async (tx, changed) => {
          for (const { record, ref } of changed) {
            const { placeCd, place, prgmDate } = record.program;
            await tx.update(awardPrograms).set({ placeCd, place, prgmDate, uptDt: sql`now()` }).where(eq(awardPrograms.paSeq, ref.paSeq));
            await tx.update(awardUsers).set({ rsrchSbj: record.rsrchSbj }).where(and(eq(awardUsers.paSeq, ref.paSeq), eq(awardUsers.usSeq, ref.usSeq)));
          }
        },
      },
    },
    bytes,
  );
}

// ---------------------------------------------------------------------------------------------
// The routes
// ---------------------------------------------------------------------------------------------

const Key = z.object({ paSeq: seqField });
const DeleteKey = z.object({ paSeq: z.coerce.number({ invalid_type_error: MSG.deleteFailed }).int(MSG.deleteFailed).positive(MSG.deleteFailed) });

const screen = tableRoutes(table, {
  list: AWARDS.list,
  detail: { path: AWARDS.info, key: Key, run: async (db, { paSeq }) => {
      const info = await findProgram(db, paSeq);
      return info ? { info } : null;
    }, missing: OWN_MSG.awardNotFound },
  save: { path: AWARDS.save, run: saveProgram, multipart: true },
  remove: {
    path: AWARDS.remove,
    key: DeleteKey,
    badKey: MSG.deleteFailed,
    run: async (db, { paSeq }) => ((await markDeleted(db, awardPrograms, and(eq(awardPrograms.paSeq, paSeq), live))) ? { paSeq } : null),
    done: MSG.deleteDone,
    missing: MSG.deleteFailed,
  },
  excel: {
    download: AWARDS.download,
    label: "연구참여및수상",
    columns: () => SHEET_COLUMNS,
    expand: async (_db, views) => views.flatMap((p) => p.users.map((u) => ({ p, u }))),
  },
  upload: { path: AWARDS.upload, withYear: true, run: (ctx, bytes, year) => importAwards(ctx.db, year, bytes) },
});

/** The template needs its year (spec 001 §5): none is '년도를 선택해주세요.'. */
const SampleQuery = z.object({ year: recordYear });

export const awardPostRoutes = screen.routes;
export const awardGetRoutes: GetRouteDef[] = [
  ...screen.getRoutes,
  getRoute(AWARDS.sample, "required", async (ctx) => {
    requireAuth(ctx);
    return sampleResponse(ctx.db, parseInput(SampleQuery, ctx.body, ["year"]).year);
  }),
];
