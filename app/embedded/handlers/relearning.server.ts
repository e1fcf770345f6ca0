/**
 * E01 Re-learner selection (spec 002 §3 "Re-learner", §5, §7 "Re-learner"; docs/contract.md
 * "Re-learners"):
 * - POST /api/relearning/list.do {year, value, eiSeq?, menuSeq?} -> {list (subj as JSON text), subj,
 *   total, columns?}: the year's re-learners with one Y/N flag per subject of the year (code group
 *   0001500000); a year without subjects answers subj [] and the message '해당년도에 등록된 공통코드가
 *   없습니다.'.
 * - POST /api/relearning/edit.do {year, data: [{rlSeq?, usSeq, id, name, status, subj}]}: validated
 *   again with the dialog's own schema (app/schemas/relearning.ts), then every usSeq against its
 *   number in the year; (year, student) is upserted with its flags, all in one transaction.
 * - POST /api/relearning/detail.do {row: {rlSeq}} -> the record with subj as JSON text.
 * - POST /api/relearning/delete.do {row: {rlSeq}}.
 * - GET /api/relearning/excelDown.do, excelSampleDown.do; POST (multipart) excelUpload.do.
 * Re-learners are kept per (year, person); a deleted one is marked usyn N and comes back when the
 * same student is added again.
 */
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage } from "../../schemas/person-fields";
import { RELEARN_MAX_ROWS, relearningSchema, reYnField, rowFlags, subjField, type RelearnSubject } from "../../schemas/relearning";
import { STUDENT_NO, checkKey } from "../../schemas/student-rows";
import { xlsxResponse, type CellInput, type ExcelColumn } from "../../utils/excel.server";
import type { Db, Tx } from "../db/client.server";
import { persons, relearnerSubjects, relearners, students } from "../db/schema";
import { CODE } from "../db/seed-data";
import { requireAuth, type CallContext, type GetRouteDef, type RouteDef } from "../lib/context.server";
import { ApiError, fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { downloadColumnsFor, evalColumnsFor, evalParams, likePattern, listYear, pickColumns, recordYear, searchText, seqField, studentsByNumber, type EvalColumn } from "../lib/people.server";
import { RowError, importSheet, type UploadResult, yearUploadHandler } from "../lib/sheet-import.server";
import { MAX_UPLOAD_BODY_BYTES } from "../lib/upload.server";
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

interface Filter {
  year: number;
  value: string;
}

function relearnerWhere(f: Filter, extra?: SQL): SQL | undefined {
  return and(
    eq(relearners.year, f.year),
    eq(relearners.usyn, "Y"),
    f.value ? or(ilike(persons.id, likePattern(f.value)), ilike(students.name, likePattern(f.value))) : undefined,
    extra,
  );
}

/** One page of the filtered re-learners (by student number), with their flags. */
async function relearnerPage(db: Db | Tx, f: Filter, subjects: readonly RelearnSubject[], limit: number, offset: number, extra?: SQL): Promise<RelearnerView[]> {
  const rows = await db
    .select({ rlSeq: relearners.rlSeq, year: relearners.year, usSeq: relearners.usSeq, usyn: relearners.usyn, id: persons.id, name: students.name })
    .from(relearners)
    .innerJoin(persons, eq(persons.usSeq, relearners.usSeq))
    .leftJoin(students, and(eq(students.usSeq, relearners.usSeq), eq(students.year, relearners.year), eq(students.del, "N")))
    .where(relearnerWhere(f, extra))
    .orderBy(asc(persons.id), asc(relearners.rlSeq))
    .limit(limit)
    .offset(offset);
  if (!rows.length) return [];
  const flags = await db
    .select({ rlSeq: relearnerSubjects.rlSeq, subjCd: relearnerSubjects.subjCd, reYn: relearnerSubjects.reYn })
    .from(relearnerSubjects)
    .where(inArray(relearnerSubjects.rlSeq, rows.map((r) => r.rlSeq)));
  const byRow = new Map<number, Map<string, string>>();
  for (const fl of flags) {
    const m = byRow.get(fl.rlSeq) ?? new Map<string, string>();
    m.set(fl.subjCd, fl.reYn);
    byRow.set(fl.rlSeq, m);
  }
  return rows.map((r) => ({
    ...r,
    name: r.name ?? "",
    subj: subjects.map((s) => ({ subjCd: s.subjCd, subjNm: s.subjNm, reYn: byRow.get(r.rlSeq)?.get(s.subjCd) === "Y" ? "Y" : "N" })),
  }));
}

/** Every filtered re-learner, a page at a time (Excel downloads). */
async function* relearnerPages(db: Db, f: Filter, subjects: readonly RelearnSubject[], pageSize = 1000): AsyncGenerator<RelearnerView[]> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await relearnerPage(db, f, subjects, pageSize, offset);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
  }
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

// ---------------------------------------------------------------------------------------------
// list, detail, delete
// ---------------------------------------------------------------------------------------------

const FilterFields = { year: listYear, value: searchText };
const ListBody = z.object({ ...FilterFields, ...evalParams });

async function list(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const body = parseInput(ListBody, ctx.body);
  const subjects = await relearnSubjects(ctx.db, body.year);
  const views = await relearnerPage(ctx.db, body, subjects, 100_000, 0);
  const message = subjects.length ? undefined : MSG.noYearCodes;
  if (body.eiSeq && body.menuSeq) {
    const columns: EvalColumn[] = await evalColumnsFor(ctx.db, body.eiSeq, body.menuSeq, body.year);
    return ok({ list: views.map((v) => pickColumns(evalRow(v), columns)), subj: subjects, total: views.length, columns }, message);
  }
  return ok({ list: views.map(wireRow), subj: subjects, total: views.length }, message);
}

/** `row` is the list row (or just its rlSeq). */
const RowBody = z.object({
  row: z.preprocess((v) => (v !== null && typeof v === "object" ? v : { rlSeq: v }), z.object({ rlSeq: seqField }).passthrough()),
});

async function findRelearner(db: Db | Tx, rlSeq: number): Promise<RelearnerView | null> {
  const [head] = await db.select({ year: relearners.year }).from(relearners).where(and(eq(relearners.rlSeq, rlSeq), eq(relearners.usyn, "Y")));
  if (!head) return null;
  const subjects = await relearnSubjects(db, head.year);
  const [view] = await relearnerPage(db, { year: head.year, value: "" }, subjects, 1, 0, eq(relearners.rlSeq, rlSeq));
  return view ?? null;
}

async function detail(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const { row } = parseInput(RowBody, ctx.body);
  const found = await findRelearner(ctx.db, row.rlSeq);
  if (!found) throw new ApiError(fail(404, MSG.noData));
  return ok(wireRow(found));
}

async function remove(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const { row } = parseInput(RowBody, ctx.body);
  const done = await ctx.db
    .update(relearners)
    .set({ usyn: "N", uptDt: sql`now()` })
    .where(and(eq(relearners.rlSeq, row.rlSeq), eq(relearners.usyn, "Y")))
    .returning({ rlSeq: relearners.rlSeq });
  if (!done.length) throw new ApiError(fail(404, MSG.noData));
  return ok({ deleted: done.length }, MSG.deletedScore);
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

const jsonText = (v: unknown) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

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
  const byNumber = await studentsByNumber(ctx.db, year, parsed.data.rows.map((r) => r.id));
  for (const r of parsed.data.rows) {
    const st = byNumber.get(r.id);
    if (!st) throw new ApiError(fail(400, MSG.lookupUnknown));
    if (st.usSeq !== Number(r.usSeq)) throw new ApiError(fail(400, MSG.lookupNotConfirmed));
  }

  // an edit names its record: it must be there, in the year, for the same student
  const editing = data.filter((d) => d.rlSeq !== undefined);
  if (editing.length) {
    const found = await ctx.db
      .select({ rlSeq: relearners.rlSeq, year: relearners.year, usSeq: relearners.usSeq })
      .from(relearners)
      .where(and(inArray(relearners.rlSeq, editing.map((d) => d.rlSeq!)), eq(relearners.usyn, "Y")));
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

const DownloadQuery = z.object({ ...FilterFields, ...evalParams });

async function excelDown(ctx: CallContext): Promise<Response> {
  requireAuth(ctx);
  const q = parseInput(DownloadQuery, ctx.body);
  const subjects = await relearnSubjects(ctx.db, q.year);
  let columns: ExcelColumn<RelearnerView>[] = sheetColumns(subjects);
  if (q.eiSeq && q.menuSeq) {
    const configured = await downloadColumnsFor(ctx.db, q.eiSeq, q.menuSeq, q.year);
    columns = configured.map((c) => ({ header: c.clmNm, value: (v: RelearnerView) => (evalRow(v)[c.clm] ?? null) as CellInput }));
  }
  return xlsxResponse(`재학습자목록_${q.year}.xlsx`, { sheetName: "재학습자목록", columns, pages: relearnerPages(ctx.db, q, subjects) });
}

export const RELEARN_SAMPLE_FILE = "재학습자_업로드_양식.xlsx";

const SampleQuery = z.object({ year: listYear });

async function excelSampleDown(ctx: CallContext): Promise<Response> {
  requireAuth(ctx);
  const { year } = parseInput(SampleQuery, ctx.body);
  const subjects = await relearnSubjects(ctx.db, year);
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
  // the year's live student numbers, read once (a year has hundreds, a sheet may have thousands of rows)
  let numbers: Promise<Map<string, number>> | null = null;
  const yearStudents = () =>
    (numbers ??= db
      .select({ id: students.id, usSeq: students.usSeq })
      .from(students)
      .where(and(eq(students.year, year), eq(students.del, "N")))
      .then((rows) => new Map(rows.map((r) => [r.id, r.usSeq]))));
  return importSheet<UploadRow>(
    db,
    {
      headers: [H.id, ...subjects.map((s) => s.subjNm)],
      idOf: (cells) => cells[H.id] ?? "",
      read: async (cells) => {
        const id = (cells[H.id] ?? "").trim();
        if (!id) throw new RowError(OWN_MSG.studentIdRequired);
        if (!STUDENT_NO.test(id) || id.length > 20) throw new RowError(OWN_MSG.studentIdDigits);
        const yearCell = (cells[H.year] ?? "").trim();
        if (yearCell && yearCell !== String(year)) throw new RowError(OWN_MSG.relearnYearMismatch);
        const flags = subjects.map((s) => {
          const parsed = reYnField.safeParse(cells[s.subjNm] ?? "");
          if (!parsed.success) throw new RowError(OWN_MSG.relearnFlagYn);
          return { subjCd: s.subjCd, reYn: parsed.data };
        });
        const usSeq = (await yearStudents()).get(id);
        if (usSeq === undefined) throw new RowError(MSG.lookupUnknown);
        return { ok: true, record: { id, usSeq, flags } };
      },
      key: (r) => r.id,
      duplicateMessage: MSG.duplicateStudentId,
      save: async (tx, records) => {
        await upsertRelearners(tx, year, records);
      },
    },
    bytes,
  );
}

const excelUpload = yearUploadHandler((ctx, year, bytes) => importRelearners(ctx.db, year, bytes));

export const relearningRoutes: RouteDef[] = [
  { path: "/api/relearning/list.do", auth: "required", handler: list },
  { path: "/api/relearning/edit.do", auth: "required", handler: edit },
  { path: "/api/relearning/detail.do", auth: "required", handler: detail },
  { path: "/api/relearning/delete.do", auth: "required", handler: remove },
  { path: "/api/relearning/excelUpload.do", auth: "required", handler: excelUpload, multipartMaxBytes: MAX_UPLOAD_BODY_BYTES },
];

export const relearningGetRoutes: GetRouteDef[] = [
  { path: "/api/relearning/excelDown.do", auth: "required", handler: excelDown },
  { path: "/api/relearning/excelSampleDown.do", auth: "required", handler: excelSampleDown },
];
