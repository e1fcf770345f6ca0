/**
 * E04 patient safety course scores (spec 002 §7 "Patient safety"; docs/contract.md "Patient safety
 * scores"):
 * - POST /api/eval/getPtntSftyScreList.do {year, searchTxt, eiSeq?, menuSeq?} → {list, total} or, in
 *   evaluation mode, {list (configured columns), total, columns};
 * - POST /api/eval/savePtntSftyScre.do {mode 'insert'|'update', year, data [{id, name, usSeq, attn,
 *   quiz, rcgnSrvy, ptntSftyRprt, group1, group2, prtcDgr, grd}], pssSeq (update)}: every rule of the
 *   dialog again (app/schemas/patient-safety.ts), each usSeq checked against its number in the year,
 *   the total computed here, all rows in one transaction;
 * - POST /api/eval/delPtntSftyScre.do {seq};
 * - GET /api/eval/ptntSftyScreExcelDown.do?year&searchTxt[&eiSeq&menuSeq] (the list, streamed);
 * - POST /api/eval/ptntSftyScreExcelUpload.do (multipart {year, file}): each row validated with the
 *   same rules, the student found by number in the row's year; a (year, student) with a record is
 *   updated, others are registered;
 * - the upload template through GET /api/resourceFileDownload.do (PSS_TEMPLATE).
 */
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { PSS_ITEMS, PSS_ITEM_KEYS, PSS_MAX_ROWS, PSS_TEMPLATE, duplicateRows, pssScoresSchema, pssWireOrder, studentIssues, totalText, type PssItemKey, type PssMode, type StudentState } from "../../schemas/patient-safety";
import { firstMessage } from "../../schemas/person-fields";
import { xlsxResponse, type CellInput, type ExcelColumn } from "../../utils/excel.server";
import { isUniqueViolation, type Db, type Tx } from "../db/client.server";
import { patientSafetyScores, persons, students } from "../db/schema";
import { requireAuth, type CallContext, type GetRouteDef, type RouteDef } from "../lib/context.server";
import { fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { downloadColumnsFor, evalColumnsFor, evalParams, likePattern, listYear, optionalSeq, pickColumns, recordYear, searchText, seqField, studentsByNumber, type EvalColumn } from "../lib/people.server";
import { importSheet, RowError, yearUploadHandler } from "../lib/sheet-import.server";
import { formatWireDate } from "../lib/time";
import { MAX_UPLOAD_BODY_BYTES } from "../lib/upload.server";
import type { ResourceTemplate } from "./file.server";

// ---------------------------------------------------------------------------------------------
// The view of a record
// ---------------------------------------------------------------------------------------------

export interface PssView {
  pssSeq: number;
  year: number;
  id: string;
  name: string;
  usSeq: number;
  attn: number | null;
  quiz: number | null;
  rcgnSrvy: number | null;
  ptntSftyRprt: number | null;
  group1: number | null;
  group2: number | null;
  prtcDgr: number | null;
  total: number;
  grd: string | null;
  usyn: string;
  regDt: string | null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

const viewColumns = {
  pssSeq: patientSafetyScores.pssSeq,
  year: patientSafetyScores.year,
  usSeq: patientSafetyScores.usSeq,
  id: persons.id,
  name: students.name,
  attn: patientSafetyScores.attn,
  quiz: patientSafetyScores.quiz,
  rcgnSrvy: patientSafetyScores.rcgnSrvy,
  ptntSftyRprt: patientSafetyScores.ptntSftyRprt,
  group1: patientSafetyScores.group1,
  group2: patientSafetyScores.group2,
  prtcDgr: patientSafetyScores.prtcDgr,
  total: patientSafetyScores.total,
  grd: patientSafetyScores.grd,
  usyn: patientSafetyScores.usyn,
  regDt: patientSafetyScores.regDt,
};

/** A selected row (numeric columns come as text; the name from a left join). */
interface ViewRow {
  pssSeq: number;
  year: number;
  usSeq: number;
  id: string;
  name: string | null;
  attn: string | null;
  quiz: string | null;
  rcgnSrvy: string | null;
  ptntSftyRprt: string | null;
  group1: string | null;
  group2: string | null;
  prtcDgr: string | null;
  total: string;
  grd: string | null;
  usyn: string;
  regDt: Date;
}

function toView(r: ViewRow): PssView {
  return {
    pssSeq: r.pssSeq,
    year: r.year,
    id: r.id,
    name: r.name ?? "",
    usSeq: r.usSeq,
    attn: num(r.attn),
    quiz: num(r.quiz),
    rcgnSrvy: num(r.rcgnSrvy),
    ptntSftyRprt: num(r.ptntSftyRprt),
    group1: num(r.group1),
    group2: num(r.group2),
    prtcDgr: num(r.prtcDgr),
    total: Number(r.total),
    grd: r.grd,
    usyn: r.usyn,
    regDt: formatWireDate(r.regDt),
  };
}

interface PssFilter {
  year: number;
  searchTxt: string;
}

const FilterFields = { year: listYear, searchTxt: searchText };

/** One page of a year's records (number or name matching the text), by student number. */
async function pssPage(db: Db | Tx, f: PssFilter, limit: number, offset: number): Promise<PssView[]> {
  const rows = await db
    .select(viewColumns)
    .from(patientSafetyScores)
    .innerJoin(persons, eq(persons.usSeq, patientSafetyScores.usSeq))
    .leftJoin(students, and(eq(students.usSeq, patientSafetyScores.usSeq), eq(students.year, patientSafetyScores.year), eq(students.del, "N")))
    .where(
      and(
        eq(patientSafetyScores.year, f.year),
        eq(patientSafetyScores.usyn, "Y"),
        f.searchTxt ? or(ilike(persons.id, likePattern(f.searchTxt)), ilike(students.name, likePattern(f.searchTxt))) : undefined,
      ),
    )
    .orderBy(asc(persons.id), asc(patientSafetyScores.pssSeq))
    .limit(limit)
    .offset(offset);
  return rows.map(toView);
}

async function* pssPages(db: Db, f: PssFilter, pageSize = 1000): AsyncGenerator<PssView[]> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await pssPage(db, f, pageSize, offset);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
  }
}

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

const ListBody = z.object({ ...FilterFields, ...evalParams });

async function getList(ctx: CallContext) {
  requireAuth(ctx);
  const body = parseInput(ListBody, ctx.body);
  const views = await pssPage(ctx.db, body, 100_000, 0);
  if (body.eiSeq && body.menuSeq) {
    const columns: EvalColumn[] = await evalColumnsFor(ctx.db, body.eiSeq, body.menuSeq, body.year);
    return ok({ list: views.map((v) => pickColumns({ ...v }, columns)), total: views.length, columns });
  }
  return ok({ list: views, total: views.length });
}

// ---------------------------------------------------------------------------------------------
// Save
// ---------------------------------------------------------------------------------------------

const wireText = z.preprocess((v) => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v), z.string().max(50)).transform((s) => s.trim());
/** A row's usSeq: 0 when absent (never confirmed), -1 when it is not a usSeq at all. */
const wireUsSeq = z.unknown().transform((v) => {
  if (v === undefined || v === null || v === "" || v === 0 || v === "0") return 0;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : -1;
});
const badRequest = () => ({ message: OWN_MSG.badRequest });

/** The shape of a save (the students are checked against the database, then the scores). */
const SaveShape = z.object({
  mode: z.enum(["insert", "update"], { errorMap: badRequest }),
  year: recordYear,
  pssSeq: optionalSeq,
  data: z
    .array(z.object({ id: wireText, name: wireText, usSeq: wireUsSeq }).passthrough(), { errorMap: badRequest })
    .min(1, MSG.oneStudentRequired)
    .max(PSS_MAX_ROWS, OWN_MSG.badRequest),
});

const SaveScores = z.object({ data: z.array(pssScoresSchema) });

interface PssRecord {
  usSeq: number;
  scores: Record<PssItemKey, string | null>;
  total: string;
  grd: string | null;
}

/** A validated row as stored: blank scores null, the total computed here. */
function pssRecord(usSeq: number, row: z.output<typeof pssScoresSchema>): PssRecord {
  const scores = Object.fromEntries(PSS_ITEM_KEYS.map((k) => [k, row[k] === "" ? null : row[k]])) as Record<PssItemKey, string | null>;
  return { usSeq, scores, total: totalText(row), grd: row.grd || null };
}

const alreadyRegistered = (id: string) => OWN_MSG.pssAlreadyRegistered.replace("{id}", id);

async function save(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const shape = parseInput(SaveShape, ctx.body);
  const mode: PssMode = shape.mode;
  const { year } = shape;
  if (mode === "update" && !shape.pssSeq) return fail(400, OWN_MSG.badRequest);
  if (mode === "update" && shape.data.length !== 1) return fail(400, OWN_MSG.badRequest);

  // the students, in the spec's order: numbers, confirmations, numbers matching their usSeq
  const known = await studentsByNumber(ctx.db, year, shape.data.map((r) => r.id));
  const states: StudentState[] = shape.data.map((r) => {
    if (!r.id) return "empty";
    if (!r.usSeq) return "unconfirmed";
    return known.get(r.id)?.usSeq === r.usSeq ? "ok" : "mismatch";
  });
  const studentProblems = studentIssues(mode, states);
  if (studentProblems.length) return fail(400, studentProblems[0].message);
  if (duplicateRows(shape.data.map((r) => r.id)).length) return fail(400, MSG.duplicateStudentId);

  // the scores, with the dialog's rules
  const scores = parseInput(SaveScores, { data: ctx.body.data }, pssWireOrder(shape.data.length));
  const records = scores.data.map((row, i) => pssRecord(shape.data[i].usSeq, row));

  try {
    return await ctx.db.transaction(async (tx) => {
      const now = new Date();
      if (mode === "update") {
        const [current] = await tx
          .select({ pssSeq: patientSafetyScores.pssSeq, year: patientSafetyScores.year })
          .from(patientSafetyScores)
          .where(eq(patientSafetyScores.pssSeq, shape.pssSeq!))
          .limit(1);
        if (!current || current.year !== year) return fail(404, OWN_MSG.pssNotFound);
        const r = records[0];
        await tx
          .update(patientSafetyScores)
          .set({ usSeq: r.usSeq, ...r.scores, total: r.total, grd: r.grd, uptDt: now })
          .where(eq(patientSafetyScores.pssSeq, current.pssSeq));
        return ok({ pssSeq: current.pssSeq }, MSG.updated);
      }
      const taken = await tx
        .select({ usSeq: patientSafetyScores.usSeq })
        .from(patientSafetyScores)
        .where(and(eq(patientSafetyScores.year, year), inArray(patientSafetyScores.usSeq, records.map((r) => r.usSeq))));
      if (taken.length) {
        const takenSeqs = new Set(taken.map((t) => t.usSeq));
        const first = shape.data.find((r) => takenSeqs.has(r.usSeq));
        return fail(400, alreadyRegistered(first?.id ?? ""));
      }
      const inserted = await tx
        .insert(patientSafetyScores)
        .values(records.map((r) => ({ year, usSeq: r.usSeq, ...r.scores, total: r.total, grd: r.grd })))
        .returning({ pssSeq: patientSafetyScores.pssSeq });
      return ok({ pssSeqs: inserted.map((r) => r.pssSeq) }, MSG.created);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const id = shape.data.length === 1 ? shape.data[0].id : "";
      return fail(400, alreadyRegistered(id));
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Delete
// ---------------------------------------------------------------------------------------------

const DeleteBody = z.object({ seq: seqField });

async function remove(ctx: CallContext) {
  requireAuth(ctx);
  const parsed = DeleteBody.safeParse(ctx.body);
  if (!parsed.success) return fail(400, MSG.deleteFailed);
  const { seq } = parsed.data;
  const done = await ctx.db.delete(patientSafetyScores).where(eq(patientSafetyScores.pssSeq, seq)).returning({ pssSeq: patientSafetyScores.pssSeq });
  return done.length ? ok({ deleted: done.length }, MSG.deletedScore) : fail(404, MSG.deleteFailed);
}

// ---------------------------------------------------------------------------------------------
// Excel
// ---------------------------------------------------------------------------------------------

const H = { year: "년도", id: "학번", name: "이름", total: "총점", grd: "등급", regDt: "등록일" } as const;

/** The upload's headers (and the template's): year, number, name, the seven scores, grade. */
export const PSS_UPLOAD_HEADERS = [H.year, H.id, H.name, ...PSS_ITEMS.map((i) => i.label), H.grd] as const;

const scoreCell = (v: number | null): CellInput => v;

/** The download's columns: the upload's, plus the total and the registration date. */
const EXPORT_COLUMNS: ExcelColumn<PssView>[] = [
  { header: H.year, value: (v) => v.year, width: 8 },
  { header: H.id, value: (v) => v.id, width: 14 },
  { header: H.name, value: (v) => v.name, width: 12 },
  ...PSS_ITEMS.map((item): ExcelColumn<PssView> => ({ header: item.label, value: (v) => scoreCell(v[item.key]) })),
  { header: H.total, value: (v) => v.total },
  { header: H.grd, value: (v) => v.grd ?? "", width: 8 },
  { header: H.regDt, value: (v) => v.regDt ?? "", width: 20 },
];

const DownQuery = z.object({ ...FilterFields, ...evalParams });

async function excelDown(ctx: CallContext): Promise<Response> {
  requireAuth(ctx);
  const q = parseInput(DownQuery, ctx.body);
  let columns: ExcelColumn<PssView>[] = EXPORT_COLUMNS;
  if (q.eiSeq && q.menuSeq) {
    const configured = await downloadColumnsFor(ctx.db, q.eiSeq, q.menuSeq, q.year);
    columns = configured.map((c) => ({ header: c.clmNm, value: (v: PssView) => ((v as unknown as Record<string, CellInput>)[c.clm] ?? null) }));
  }
  return xlsxResponse(`환자안전교과목성적_${q.year}.xlsx`, { sheetName: "환자안전 교과목 성적", columns, pages: pssPages(ctx.db, q) });
}

/** The template: the upload's headers and one example row. */
async function templateResponse(_db: Db, year: number): Promise<Response> {
  const sample: Record<string, CellInput> = {
    [H.year]: year,
    [H.id]: `${year}00001`,
    [H.name]: "홍길동",
    출석: -1,
    퀴즈: 27.5,
    인식조사: 22,
    성찰보고서: 26.25,
    그룹평가1: 7,
    그룹평가2: 6.5,
    참여도: 0,
    [H.grd]: "HP",
  };
  return xlsxResponse(PSS_TEMPLATE.fileName, {
    sheetName: "환자안전 교과목 성적",
    columns: PSS_UPLOAD_HEADERS.map((h) => ({ header: h, value: () => sample[h] })),
    rows: [null],
  });
}

export const patientSafetyTemplates: ResourceTemplate[] = [{ ...PSS_TEMPLATE, build: templateResponse }];

/** Every live student of a year by number (the upload resolves its rows with it). */
async function yearStudents(db: Db, year: number) {
  const rows = await db
    .select({ usSeq: students.usSeq, id: students.id, name: students.name })
    .from(students)
    .where(and(eq(students.year, year), eq(students.del, "N")));
  return new Map(rows.map((r) => [r.id, r]));
}

const UPLOAD_ORDER = [...PSS_ITEM_KEYS, "total", "grd"];

interface UploadRecord extends PssRecord {
  year: number;
}

/** Validates every row of the workbook and stores the valid ones (insert or update by year and student). */
export async function importPatientSafety(db: Db, postedYear: number, bytes: Uint8Array) {
  const byYear = new Map<number, Promise<Map<string, { usSeq: number; id: string; name: string }>>>();
  const studentsOf = (year: number) => {
    let found = byYear.get(year);
    if (!found) {
      found = yearStudents(db, year);
      byYear.set(year, found);
    }
    return found;
  };
  return importSheet<UploadRecord>(
    db,
    {
      headers: PSS_UPLOAD_HEADERS,
      idOf: (cells) => cells[H.id] ?? "",
      read: async (cells) => {
        const yearCell = (cells[H.year] ?? "").trim();
        if (yearCell && !/^[0-9]{4}$/.test(yearCell)) throw new RowError(MSG.yearRequired);
        const year = yearCell ? Number(yearCell) : postedYear;
        const id = (cells[H.id] ?? "").trim();
        if (!id) throw new RowError(MSG.pssIdRequired);
        const student = /^[0-9]{1,20}$/.test(id) ? (await studentsOf(year)).get(id) : undefined;
        if (!student) throw new RowError(MSG.lookupUnknown);
        const name = (cells[H.name] ?? "").trim();
        if (name && name !== student.name) throw new RowError(MSG.pssMismatch);
        const fields: Record<string, string> = { grd: cells[H.grd] ?? "" };
        for (const item of PSS_ITEMS) fields[item.key] = cells[item.label] ?? "";
        const parsed = pssScoresSchema.safeParse(fields);
        if (!parsed.success) return { ok: false, message: firstMessage(parsed.error.issues, UPLOAD_ORDER) ?? OWN_MSG.badRequest };
        return { ok: true, record: { ...pssRecord(student.usSeq, parsed.data), year } };
      },
      key: (r) => `${r.year}:${r.usSeq}`,
      duplicateMessage: MSG.duplicateStudentId,
      save: async (tx, records) => {
        for (let i = 0; i < records.length; i += 500) {
          await tx
            .insert(patientSafetyScores)
            .values(records.slice(i, i + 500).map((r) => ({ year: r.year, usSeq: r.usSeq, ...r.scores, total: r.total, grd: r.grd })))
            .onConflictDoUpdate({
              target: [patientSafetyScores.year, patientSafetyScores.usSeq],
              set: {
                ...Object.fromEntries(PSS_ITEM_KEYS.map((k) => [k, sql.raw(`excluded."${patientSafetyScores[k].name}"`)])),
                total: sql.raw(`excluded."total"`),
                grd: sql.raw(`excluded."grd"`),
                usyn: "Y",
                uptDt: sql`now()`,
              },
            });
        }
      },
    },
    bytes,
  );
}

const excelUpload = yearUploadHandler((ctx, year, bytes) => importPatientSafety(ctx.db, year, bytes));

export const patientSafetyRoutes: RouteDef[] = [
  { path: "/api/eval/getPtntSftyScreList.do", auth: "required", handler: getList },
  { path: "/api/eval/savePtntSftyScre.do", auth: "required", handler: save },
  { path: "/api/eval/delPtntSftyScre.do", auth: "required", handler: remove },
  { path: "/api/eval/ptntSftyScreExcelUpload.do", auth: "required", handler: excelUpload, multipartMaxBytes: MAX_UPLOAD_BODY_BYTES },
];

export const patientSafetyGetRoutes: GetRouteDef[] = [{ path: "/api/eval/ptntSftyScreExcelDown.do", auth: "required", handler: excelDown }];
