/**
 * E04 patient safety course scores (spec 002 §7 "Patient safety"; docs/contract.md "Patient safety
 * scores"):
 * - POST /api/eval/getPtntSftyScreList.do {year, searchTxt, eiSeq?, menuSeq?, page?, size?, sort?} → {list, total} or, in
 *   evaluation mode, {list (configured columns), total, columns};
 * - POST /api/eval/savePtntSftyScre.do {mode 'insert'|'update', year, data [{id, name, usSeq, attn,
 *   quiz, rcgnSrvy, ptntSftyRprt, group1, group2, prtcDgr, grd}], pssSeq (update)}: every rule of the
 *   dialog again (app/routes/_app.insert.eval.patient-safety+/__schema.ts), each usSeq checked against its number in the year,
 *   the total computed here, all rows in one transaction;
 * - POST /api/eval/delPtntSftyScre.do {seq};
 * - GET /api/eval/ptntSftyScreExcelDown.do?year&searchTxt[&eiSeq&menuSeq] (the list, streamed);
 * - POST /api/eval/ptntSftyScreExcelUpload.do (multipart {year, file}): each row validated with the
 *   same rules, the student found by number in the row's year; a (year, student) with a record is
 *   updated, others are registered;
 * - the upload template through GET /api/resourceFileDownload.do (PSS_TEMPLATE).
 */
import { and, asc, eq, inArray, sql, type AnyColumn } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { PSS_ITEMS, PSS_ITEM_KEYS, PSS_MAX_ROWS, PSS_TEMPLATE, duplicateRows, pssScoresSchema, pssWireOrder, studentIssues, totalText, type PssItemKey, type PssMode } from "../../routes/_app.insert.eval.patient-safety+/__schema";
import { firstMessage } from "../../schemas/person-fields";
import type { CellInput, ExcelColumn } from "../../utils/excel.server";
import { isUniqueViolation, type Db, type Tx } from "../db/client.server";
import { patientSafetyScores } from "../db/schema";
import { requireAuth, type CallContext } from "../lib/context.server";
import { PATIENT_SAFETY } from "../../routes/_app.insert.eval.patient-safety+/__calls";
import { fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { confirmRows, listYear, numberOrNameOf, optionalSeq, personNumberOf, recordYear, searchText, seqField, studentFinder, yearStudentNameOf } from "../lib/people.server";
import { importSheet, RowError } from "../lib/sheet-import.server";
import { TOTAL, exampleSheet, tableRoutes, type Table, type TableFilter } from "../lib/table-routes.server";
import { formatWireDate } from "../lib/time";

// ---------------------------------------------------------------------------------------------
// The list: a year's records (number or name matching the text), by student number
// ---------------------------------------------------------------------------------------------

/** A numeric column as a JSON number (null stays null). */
const numeric = (c: AnyColumn) => sql<number | null>`${c}`.mapWith(Number);

/** The list row's columns; each is also a sort key. */
const viewColumns = {
  pssSeq: patientSafetyScores.pssSeq,
  year: patientSafetyScores.year,
  id: personNumberOf(patientSafetyScores.usSeq),
  name: yearStudentNameOf(patientSafetyScores.usSeq, patientSafetyScores.year),
  usSeq: patientSafetyScores.usSeq,
  ...(Object.fromEntries(PSS_ITEM_KEYS.map((k) => [k, numeric(patientSafetyScores[k])])) as Record<PssItemKey, ReturnType<typeof numeric>>),
  total: sql<number>`${patientSafetyScores.total}`.mapWith(Number),
  grd: patientSafetyScores.grd,
  usyn: patientSafetyScores.usyn,
  regDt: patientSafetyScores.regDt,
};

const Filter = { year: listYear, searchTxt: searchText };

const pssRows = (db: Db | Tx, f: TableFilter<typeof Filter>) =>
  db
    .select({ ...viewColumns, _total: TOTAL })
    .from(patientSafetyScores)
    .where(and(eq(patientSafetyScores.year, f.year), eq(patientSafetyScores.usyn, "Y"), numberOrNameOf(patientSafetyScores.usSeq, patientSafetyScores.year, f.searchTxt)))
    .$dynamic();

type ViewRow = Awaited<ReturnType<typeof pssRows>>[number];

/** A record as the list shows it (the name of the student's record in the year; '' when deleted since). */
export type PssView = Omit<ViewRow, "_total" | "name" | "regDt"> & { name: string; regDt: string | null };

const PSS_TABLE: Table<typeof Filter, PssView, undefined> = {
  filter: Filter,
  rows: pssRows,
  order: [asc(viewColumns.id), asc(patientSafetyScores.pssSeq)],
  sortable: viewColumns,
  views: (_db, rows: ViewRow[]) => rows.map(({ _total, ...r }) => ({ ...r, name: r.name ?? "", regDt: formatWireDate(r.regDt) })),
};

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
  // (a number the year does not have is a mismatch here: the spec's messages do not tell them apart)
  const states = (await confirmRows(ctx.db, year, shape.data)).map((s) => (s === "unknown" ? "mismatch" : s));
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
// Excel
// ---------------------------------------------------------------------------------------------

const SHEET = "환자안전 교과목 성적";
const H = { year: "년도", id: "학번", name: "이름", total: "총점", grd: "등급", regDt: "등록일" } as const;

/** The upload's headers (and the template's): year, number, name, the seven scores, grade. */
export const PSS_UPLOAD_HEADERS = [H.year, H.id, H.name, ...PSS_ITEMS.map((i) => i.label), H.grd] as const;

/** The download's columns: the upload's, plus the total and the registration date. */
const EXPORT_COLUMNS: ExcelColumn<PssView>[] = [
  { header: H.year, value: (v) => v.year, width: 8 },
  { header: H.id, value: (v) => v.id, width: 14 },
  { header: H.name, value: (v) => v.name, width: 12 },
  ...PSS_ITEMS.map((item): ExcelColumn<PssView> => ({ header: item.label, value: (v) => v[item.key] })),
  { header: H.total, value: (v) => v.total },
  { header: H.grd, value: (v) => v.grd ?? "", width: 8 },
  { header: H.regDt, value: (v) => v.regDt ?? "", width: 20 },
];

/** The template: the upload's headers and one example row. */
async function templateResponse(_db: Db, year: number): Promise<Response> {
  const sample: Record<string, CellInput> = { [H.year]: year, [H.id]: `${year}00001`, [H.name]: "홍길동", [H.grd]: "HP" };
  const scores: Record<PssItemKey, number> = { attn: -1, quiz: 27.5, rcgnSrvy: 22, ptntSftyRprt: 26.25, group1: 7, group2: 6.5, prtcDgr: 0 };
  for (const item of PSS_ITEMS) sample[item.label] = scores[item.key];
  return exampleSheet(PSS_TEMPLATE.fileName, SHEET, PSS_UPLOAD_HEADERS.map((header) => ({ header, value: sample[header] })));
}

const UPLOAD_ORDER = [...PSS_ITEM_KEYS, "total", "grd"];

interface UploadRecord extends PssRecord {
  year: number;
}

/** Inserts the records, or updates the stored row of the year and the student. */
async function storeScores(tx: Tx, records: UploadRecord[]) {
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
}

/** Validates every row of the workbook and stores the valid ones (insert or update by year and student, ADR 0061). */
export async function importPatientSafety(db: Db, postedYear: number, bytes: Uint8Array) {
  const findStudent = studentFinder(db);
  return importSheet<UploadRecord>(
    db,
    {
      headers: PSS_UPLOAD_HEADERS,
      year: postedYear,
      idOf: (cells) => cells[H.id] ?? "",
      read: async (cells) => {
        const yearCell = (cells[H.year] ?? "").trim();
        if (yearCell && !/^[0-9]{4}$/.test(yearCell)) throw new RowError(MSG.yearRequired);
        const year = yearCell ? Number(yearCell) : postedYear;
        const id = (cells[H.id] ?? "").trim();
        if (!id) throw new RowError(MSG.pssIdRequired);
        const student = await findStudent(year, id);
        if (!student) throw new RowError(MSG.lookupUnknown);
        const name = (cells[H.name] ?? "").trim();
        if (name && name !== student.name) throw new RowError(MSG.pssMismatch);
        const fields: Record<string, string> = { grd: cells[H.grd] ?? "" };
        for (const item of PSS_ITEMS) fields[item.key] = cells[item.label] ?? "";
        const parsed = pssScoresSchema.safeParse(fields);
        if (!parsed.success) return { ok: false, message: firstMessage(parsed.error.issues, UPLOAD_ORDER) ?? OWN_MSG.badRequest };
        return { ok: true, record: { ...pssRecord(student.usSeq, parsed.data), year } };
      },
      // the natural key: the year and the student (ADR 0061)
      key: (r) => `${r.year}:${r.usSeq}`,
      duplicateMessage: MSG.duplicateStudentId,
      store: {
        stored: async (tx, records) => {
          const found = await tx
            .select()
            .from(patientSafetyScores)
            .where(and(eq(patientSafetyScores.year, postedYear), inArray(patientSafetyScores.usSeq, records.map((r) => r.usSeq))));
          // a deleted row (usyn 'N') is stored again by the upload: compared as changed
          return new Map(found.map((row) => [`${row.year}:${row.usSeq}`, { ref: null, values: { ...row, usyn: row.usyn } }]));
        },
        valuesOf: (r) => ({ ...r.scores, total: r.total, grd: r.grd, usyn: "Y" }),
        insert: (tx, records) => storeScores(tx, records),
        update: (tx, changed) => storeScores(tx, changed.map((c) => c.record)),
      },
    },
    bytes,
  );
}

export const {
  routes: patientSafetyRoutes,
  getRoutes: patientSafetyGetRoutes,
  templates: patientSafetyTemplates,
} = tableRoutes(PSS_TABLE, {
  list: PATIENT_SAFETY.list,
  save: { path: PATIENT_SAFETY.save, run: save },
  remove: {
    path: PATIENT_SAFETY.remove,
    key: z.object({ seq: seqField }),
    badKey: MSG.deleteFailed,
    run: async (db, { seq }) => {
      const done = await db.delete(patientSafetyScores).where(eq(patientSafetyScores.pssSeq, seq)).returning({ pssSeq: patientSafetyScores.pssSeq });
      return done.length ? { deleted: done.length } : null;
    },
    done: MSG.deletedScore,
    missing: MSG.deleteFailed,
  },
  excel: {
    download: PATIENT_SAFETY.download,
    label: SHEET,
    fileName: (f) => `환자안전교과목성적_${f.year}.xlsx`,
    columns: () => EXPORT_COLUMNS,
  },
  upload: { path: PATIENT_SAFETY.upload, withYear: true, run: (ctx, bytes, year) => importPatientSafety(ctx.db, year, bytes) },
  sample: { template: PSS_TEMPLATE, build: templateResponse },
});
