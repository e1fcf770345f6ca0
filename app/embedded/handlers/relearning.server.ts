/**
 * E01 Re-learner selection (spec 002 §3 "Re-learner", §5, §7 "Re-learner"; docs/contract.md
 * "Re-learners"):
 * - POST /api/relearning/list.do {year, value, eiSeq?, menuSeq?, page?, size?, sort?} -> {list (subj as JSON text), subj,
 *   total, columns?}: the year's re-learners with one Y/N flag per subject of the year (code group
 *   0001500000); a year without subjects answers subj [] and the message '해당년도에 등록된 공통코드가
 *   없습니다.'.
 * - POST /api/relearning/edit.do {year, data: [{rlSeq?, usSeq, id, name, status, subj}]}: validated
 *   again with the dialog's own schema (app/routes/_app.insert.eval.relearning+/__schema.ts), then every usSeq against its
 *   number in the year; (year, student) is upserted with its flags, all in one transaction.
 * - POST /api/relearning/detail.do {row: {rlSeq}} -> the record with subj as JSON text.
 * - POST /api/relearning/delete.do {row: {rlSeq}}.
 * - GET /api/relearning/excelDown.do, excelSampleDown.do; POST (multipart) excelUpload.do.
 * Re-learners are kept per (year, person); a deleted one is marked usyn N and comes back when the
 * same student is added again.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage } from "../../schemas/person-fields";
import { RELEARN_MAX_ROWS, relearningSchema, reYnField, rowFlags, subjField, type RelearnSubject } from "../../routes/_app.insert.eval.relearning+/__schema";
import { STUDENT_NO, checkKey } from "../../schemas/student-rows";
import { xlsxResponse, type ExcelColumn } from "../../utils/excel.server";
import type { Db, Tx } from "../db/client.server";
import { relearnerSubjects, relearners } from "../db/schema";
import { RELEARNING } from "../../calls/relearning";
import { CODE } from "../db/seed-data";
import { requireAuth, type CallContext } from "../lib/context.server";
import { ApiError, fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { jsonText, listYear, numberOrNameOf, personNumberOf, recordYear, requireConfirmedRows, searchText, seqField, studentFinder, yearStudentNameOf } from "../lib/people.server";
import { RowError, importSheet, type UploadResult } from "../lib/sheet-import.server";
import { TOTAL, markDeleted, tableRoutes, tableViews, type Table, type TableFilter } from "../lib/table-routes.server";
import { listCodes } from "./code.server";

// ---------------------------------------------------------------------------------------------
// Subjects and views
// ---------------------------------------------------------------------------------------------

/** The re-learner subjects of exactly `year` (no fallback to another year: spec 002 §5). */
export async function relearnSubjects(db: Db | Tx, year: number): Promise<RelearnSubject[]> {
  return (await listCodes(db, CODE.relearnSubjects, year)).map((c) => ({ subjCd: c.id, subjNm: c.text }));
}

export interface RelearnerView {
  rlSeq: number;
  year: number;
  usSeq: number;
  usyn: string;
  id: string;
  name: string;
  /** flag per subject of the year, in the subjects' order */
  subj: { subjCd: string; reYn: "Y" | "N"; subjNm: string }[];
}

const Filter = { year: listYear, value: searchText };
/** The list's filter; a detail names its record (rlSeq). */
type RelearnFilter = TableFilter<typeof Filter> & { rlSeq?: number };

const live = eq(relearners.usyn, "Y");
const rowColumns = { rlSeq: relearners.rlSeq, year: relearners.year, usSeq: relearners.usSeq, usyn: relearners.usyn, id: personNumberOf(relearners.usSeq), name: yearStudentNameOf(relearners.usSeq, relearners.year) };

const relearnerRows = (db: Db | Tx, f: RelearnFilter) =>
  db
    .select({ ...rowColumns, _total: TOTAL })
    .from(relearners)
    .where(and(eq(relearners.year, f.year), live, numberOrNameOf(relearners.usSeq, relearners.year, f.value), f.rlSeq ? eq(relearners.rlSeq, f.rlSeq) : undefined))
    .$dynamic();

/** Selected re-learners with their flag for every subject of the year. */
async function relearnerViews(db: Db | Tx, rows: Awaited<ReturnType<typeof relearnerRows>>, subjects: readonly RelearnSubject[]): Promise<RelearnerView[]> {
  if (!rows.length) return [];
  const flags = await db
    .select({ rlSeq: relearnerSubjects.rlSeq, subjCd: relearnerSubjects.subjCd, reYn: relearnerSubjects.reYn })
    .from(relearnerSubjects)
    .where(inArray(relearnerSubjects.rlSeq, rows.map((r) => r.rlSeq)));
  const flagged = new Set(flags.filter((fl) => fl.reYn === "Y").map((fl) => `${fl.rlSeq}:${fl.subjCd}`));
  return rows.map(({ _total, ...r }) => ({
    ...r,
    name: r.name ?? "",
    subj: subjects.map((s) => ({ subjCd: s.subjCd, subjNm: s.subjNm, reYn: flagged.has(`${r.rlSeq}:${s.subjCd}`) ? "Y" : "N" })),
  }));
}

/** The wire form of a re-learner: `subj` as JSON text, `status` the confirmed flag (stored ones are). */
const wireRow = (v: RelearnerView) => ({
  rlSeq: v.rlSeq,
  year: v.year,
  usSeq: v.usSeq,
  usyn: v.usyn,
  id: v.id,
  name: v.name,
  status: true,
  subj: JSON.stringify(v.subj),
});

/**
 * The keys an evaluation may configure: year, id, name, reSubjNm (the names of the subjects
 * flagged Y), reCnt (how many), and each subject code (its Y/N).
 */
const evalRow = (v: RelearnerView): Record<string, unknown> => {
  const flagged = v.subj.filter((s) => s.reYn === "Y");
  return {
    year: v.year,
    id: v.id,
    name: v.name,
    reSubjNm: flagged.map((s) => s.subjNm).join(", "),
    reCnt: flagged.length,
    ...Object.fromEntries(v.subj.map((s) => [s.subjCd, s.reYn])),
  };
};

/** The year's re-learners (number or name matching the text), by student number. */
const RELEARN_TABLE: Table<typeof Filter, RelearnerView, RelearnSubject[]> = {
  filter: Filter,
  context: (db, f) => relearnSubjects(db, f.year),
  rows: relearnerRows,
  order: [asc(rowColumns.id), asc(relearners.rlSeq)],
  sortable: rowColumns,
  views: relearnerViews,
  wire: wireRow,
  evalRow,
  extras: async (_db, _f, subjects) => ({ subj: subjects }),
  message: (subjects) => (subjects.length ? undefined : MSG.noYearCodes),
};

/** `row` is the list row (or just its rlSeq). */
const RowBody = z.object({
  row: z.preprocess((v) => (v !== null && typeof v === "object" ? v : { rlSeq: v }), z.object({ rlSeq: seqField }).passthrough()),
});

async function findRelearner(db: Db | Tx, rlSeq: number): Promise<RelearnerView | null> {
  const [head] = await db.select({ year: relearners.year }).from(relearners).where(and(eq(relearners.rlSeq, rlSeq), live));
  if (!head) return null;
  const filter: RelearnFilter = { year: head.year, value: "", rlSeq };
  const [view] = await tableViews(RELEARN_TABLE, db, filter, await relearnSubjects(db, head.year));
  return view ?? null;
}

// ---------------------------------------------------------------------------------------------
// Save (edit.do) and the upsert the upload shares
// ---------------------------------------------------------------------------------------------

interface SaveRow {
  usSeq: number;
  flags: { subjCd: string; reYn: "Y" | "N" }[];
}

/** Upserts (year, student) with a flag for every subject of the year, in the caller's transaction. */
async function upsertRelearners(tx: Tx, year: number, rows: readonly SaveRow[]): Promise<number[]> {
  const seqs: number[] = [];
  for (const r of rows) {
    const [saved] = await tx
      .insert(relearners)
      .values({ year, usSeq: r.usSeq, usyn: "Y" })
      .onConflictDoUpdate({ target: [relearners.year, relearners.usSeq], set: { usyn: "Y", uptDt: sql`now()` } })
      .returning({ rlSeq: relearners.rlSeq });
    await tx.delete(relearnerSubjects).where(eq(relearnerSubjects.rlSeq, saved.rlSeq));
    if (r.flags.length) await tx.insert(relearnerSubjects).values(r.flags.map((f) => ({ rlSeq: saved.rlSeq, subjCd: f.subjCd, reYn: f.reYn })));
    seqs.push(saved.rlSeq);
  }
  return seqs;
}

const idText = z.preprocess((v) => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v), z.string().max(50));

const WireLearner = z
  .object({
    rlSeq: z.preprocess((v) => (v === "" || v === null || v === 0 ? undefined : v), seqField.optional()),
    usSeq: z.preprocess((v) => (v === undefined || v === null ? "" : String(v)), z.string().max(12)),
    id: idText,
    name: idText.optional(),
    /** the confirmed flag of the lookup (true, 'Y' or 'true') */
    status: z.union([z.boolean(), z.string().max(10)]).optional(),
    subj: z.preprocess(
      jsonText,
      z
        .array(z.object({ subjCd: z.string().regex(/^[0-9]{1,20}$/), reYn: z.unknown() }).passthrough())
        .max(100)
        .default([]),
    ),
  })
  .passthrough();

const EditBody = z.object({
  year: recordYear,
  data: z.preprocess(jsonText, z.array(WireLearner).max(RELEARN_MAX_ROWS).default([])),
});

const confirmedFlag = (v: unknown) => v === true || v === "Y" || v === "true";

async function edit(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const { year, data } = parseInput(EditBody, ctx.body, ["year"]);
  // the dialog's own rules, on the wire rows mapped to the dialog's fields
  const form = {
    year: String(year),
    rlSeq: "",
    rows: data.map((d) => ({
      id: d.id.trim(),
      name: d.name ?? "",
      usSeq: d.usSeq,
      checked: confirmedFlag(d.status) ? checkKey(year, d.id) : "",
      ...Object.fromEntries(d.subj.map((s) => [subjField(s.subjCd), s.reYn])),
    })),
  };
  const order = ["year", "rows", ...form.rows.map((_, i) => `rows.${i}.id`)];
  const parsed = relearningSchema.safeParse(form);
  if (!parsed.success) throw new ApiError(fail(400, firstMessage(parsed.error.issues, order) ?? OWN_MSG.badRequest));

  const subjects = await relearnSubjects(ctx.db, year);
  if (!subjects.length) throw new ApiError(fail(400, MSG.noYearCodes));
  const known = new Set(subjects.map((s) => s.subjCd));
  if (data.some((d) => d.subj.some((s) => !known.has(s.subjCd)))) throw new ApiError(fail(400, OWN_MSG.badRequest));

  // every number again: it must be the year's, and the confirmation (usSeq) must be that number's
  await requireConfirmedRows(ctx.db, year, parsed.data.rows);

  // an edit names its record: it must be there, in the year, for the same student
  const editing = data.filter((d) => d.rlSeq !== undefined);
  if (editing.length) {
    const found = await ctx.db
      .select({ rlSeq: relearners.rlSeq, year: relearners.year, usSeq: relearners.usSeq })
      .from(relearners)
      .where(and(inArray(relearners.rlSeq, editing.map((d) => d.rlSeq!)), live));
    const bySeq = new Map(found.map((f) => [f.rlSeq, f]));
    for (const d of editing) {
      const rec = bySeq.get(d.rlSeq!);
      if (!rec || rec.year !== year) throw new ApiError(fail(404, MSG.noData));
      if (rec.usSeq !== Number(d.usSeq)) throw new ApiError(fail(400, OWN_MSG.badRequest));
    }
  }

  const rows: SaveRow[] = parsed.data.rows.map((r) => ({ usSeq: Number(r.usSeq), flags: rowFlags(r, subjects) }));
  const rlSeqs = await ctx.db.transaction((tx) => upsertRelearners(tx, year, rows));
  return ok({ rlSeqs }, editing.length ? MSG.updated : MSG.created);
}

// ---------------------------------------------------------------------------------------------
// Excel
// ---------------------------------------------------------------------------------------------

const H = { year: "년도", id: "학번", name: "이름" } as const;

/** The download's (and the template's, and the upload's) columns: year, number, name, one Y/N per subject. */
function sheetColumns(subjects: readonly RelearnSubject[]): ExcelColumn<RelearnerView>[] {
  return [
    { header: H.year, width: 8, value: (v) => v.year },
    { header: H.id, width: 14, value: (v) => v.id },
    { header: H.name, width: 12, value: (v) => v.name },
    ...subjects.map((s, i) => ({ header: s.subjNm, width: Math.max(10, s.subjNm.length * 2 + 2), value: (v: RelearnerView) => v.subj[i]?.reYn ?? "N" })),
  ];
}

export const RELEARN_SAMPLE_FILE = "재학습자_업로드_양식.xlsx";

/** The template: the year's subjects as columns and one example row (first subject Y). */
async function sampleResponse(db: Db, year: number): Promise<Response> {
  const subjects = await relearnSubjects(db, year);
  if (!subjects.length) throw new ApiError(fail(400, MSG.noYearCodes));
  const example: RelearnerView = {
    rlSeq: 0,
    year,
    usSeq: 0,
    usyn: "Y",
    id: `${year}00001`,
    name: "홍길동",
    subj: subjects.map((s, i) => ({ subjCd: s.subjCd, subjNm: s.subjNm, reYn: i === 0 ? "Y" : "N" })),
  };
  return xlsxResponse(RELEARN_SAMPLE_FILE, { sheetName: "재학습자", columns: sheetColumns(subjects), rows: [example] });
}

interface UploadRow {
  id: string;
  usSeq: number;
  flags: { subjCd: string; reYn: "Y" | "N" }[];
}

/** Reads every row of the workbook (number known in the year, flags Y/N) and stores the valid ones. */
export async function importRelearners(db: Db, year: number, bytes: Uint8Array): Promise<UploadResult> {
  const subjects = await relearnSubjects(db, year);
  if (!subjects.length) throw new ApiError(fail(400, MSG.noYearCodes));
  const findStudent = studentFinder(db);
  return importSheet<UploadRow>(
    db,
    {
      headers: [H.id, ...subjects.map((s) => s.subjNm)],
      year,
      idOf: (cells) => cells[H.id] ?? "",
      read: async (cells) => {
        const id = (cells[H.id] ?? "").trim();
        if (!id) throw new RowError(OWN_MSG.studentIdRequired);
        if (!STUDENT_NO.test(id) || id.length > 20) throw new RowError(OWN_MSG.studentIdDigits);
        const flags = subjects.map((s) => {
          const parsed = reYnField.safeParse(cells[s.subjNm] ?? "");
          if (!parsed.success) throw new RowError(OWN_MSG.relearnFlagYn);
          return { subjCd: s.subjCd, reYn: parsed.data };
        });
        const student = await findStudent(year, id);
        if (!student) throw new RowError(MSG.lookupUnknown);
        return { ok: true, record: { id, usSeq: student.usSeq, flags } };
      },
      // the natural key: the student within the year (ADR 0061); a row of another year is refused before it is read
      key: (r) => r.id,
      duplicateMessage: MSG.duplicateStudentId,
      store: {
        stored: async (tx, records) => {
          const found = await tx
            .select({ rlSeq: relearners.rlSeq, usSeq: relearners.usSeq, usyn: relearners.usyn })
            .from(relearners)
            .where(and(eq(relearners.year, year), inArray(relearners.usSeq, records.map((r) => r.usSeq))));
          const flags = found.length
            ? await tx.select().from(relearnerSubjects).where(inArray(relearnerSubjects.rlSeq, found.map((f) => f.rlSeq)))
            : [];
          const idOf = new Map(records.map((r) => [r.usSeq, r.id]));
          return new Map(
            found.map((f) => {
              const mine = new Map(flags.filter((x) => x.rlSeq === f.rlSeq).map((x) => [x.subjCd, x.reYn]));
              return [idOf.get(f.usSeq)!, { ref: f.rlSeq, values: { usyn: f.usyn, flags: subjects.map((s) => mine.get(s.subjCd) ?? "N") } }];
            }),
          );
        },
        valuesOf: (r) => ({ usyn: "Y", flags: subjects.map((s) => r.flags.find((f) => f.subjCd === s.subjCd)?.reYn ?? "N") }),
        insert: async (tx, records) => {
          await upsertRelearners(tx, year, records);
        },
        update: async (tx, changed) => {
          await upsertRelearners(tx, year, changed.map((c) => c.record));
        },
      },
    },
    bytes,
  );
}

export const { routes: relearningRoutes, getRoutes: relearningGetRoutes } = tableRoutes(RELEARN_TABLE, {
  list: RELEARNING.list,
  detail: {
    path: RELEARNING.detail,
    key: RowBody,
    run: async (db, { row }) => {
      const found = await findRelearner(db, row.rlSeq);
      return found && wireRow(found);
    },
    missing: MSG.noData,
  },
  save: { path: RELEARNING.save, run: edit },
  remove: {
    path: RELEARNING.remove,
    key: RowBody,
    run: async (db, { row }) => {
      const deleted = await markDeleted(db, relearners, and(eq(relearners.rlSeq, row.rlSeq), live));
      return deleted ? { deleted } : null;
    },
    done: MSG.deletedScore,
    missing: MSG.noData,
  },
  excel: {
    download: RELEARNING.download,
    label: "재학습자목록",
    columns: sheetColumns,
  },
  upload: { path: RELEARNING.upload, withYear: true, run: (ctx, bytes, year) => importRelearners(ctx.db, year, bytes) },
  sample: { path: RELEARNING.sample, build: sampleResponse },
});
