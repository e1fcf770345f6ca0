/**
 * E06 health and medical law scores (spec 002 §7 "Health and medical law"; docs/contract.md
 * "Health and medical law scores"):
 * - POST /api/medical/getCodeList.do {year} → {grdeList, subjList, yearList}: target grades
 *   (0000800000) and subjects (0001400000) of the year.
 * - POST /api/medical/list.do {year, value, tgetSt, eiSeq?, menuSeq?, page?, size?, sort?} → {list, total, yearList[, columns]}:
 *   one row per score set (year, term and round, targets, subject, number of users, average,
 *   total score); tgetSt keeps the sets aimed at any of the grades; value matches the term, the
 *   subject name or a student's number or name.
 * - POST /api/medical/detail.do {hlSeq} → the set with `users` as JSON text.
 * - POST /api/medical/preview.do {hlSeq} → {list: [{grdeNm, id, name, subjNm, smst, score}]}.
 * - POST /api/medical/edit.do {lawsInfo: {hlSeq?, year, smst, tgetSt, subj, totalScore, users}}:
 *   every rule of the dialog again (app/routes/_app.insert.eval.medical-law+/__schema.ts), the codes of the year, each
 *   user's usSeq against its number in the year; set and scores in one transaction (an edit
 *   replaces the set's scores); regId is the caller.
 * - POST /api/medical/delete.do {hlSeq} (soft: usyn 'N').
 * - GET /api/medical/excelDown.do?year&value&tgetSt[&eiSeq&menuSeq]: one row per student score
 *   (the upload's columns, so download → edit → upload round-trips); in evaluation mode one row
 *   per set with the configured columns.
 * - GET /api/medical/excelSampleDown.do?year: the upload's headers and one example row.
 * - POST /api/medical/excelUpload.do (multipart file): rows grouped by (year, term, subject, total
 *   score) into sets; a group that matches a stored set adds to it (a student's score is
 *   replaced), else a new set is registered.
 */
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { LAW_MAX_ROWS, medicalLawMessage, medicalLawSchema, type MedicalLawForm } from "../../routes/_app.insert.eval.medical-law+/__schema";
import { checkKey } from "../../schemas/student-rows";
import type { CellInput } from "../../utils/excel.server";
import type { Db, Tx } from "../db/client.server";
import { medicalLawScores, medicalLawSets, persons, students } from "../db/schema";
import { CODE } from "../db/seed-data";
import { requireAuth, route, type CallContext } from "../lib/context.server";
import { MEDICAL_LAW } from "../../calls/medical-law";
import { ApiError, fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { codeFilter, jsonText, likePattern, listYear, recordYear, requireConfirmedRows, searchText, seqField, studentFinder, yearStudentOf, type YearStudent } from "../lib/people.server";
import { importSheet, type StoredRecord, type UploadResult } from "../lib/sheet-import.server";
import { TOTAL, exampleSheet, keyedRoute, softDeleteBySeq, tableRoutes, type Table, type TableFilter } from "../lib/table-routes.server";
import { formatWireDate } from "../lib/time";
import { codeOfCell, codesForYear, type CodeItem } from "./code.server";

type SetRow = typeof medicalLawSets.$inferSelect;

const live = eq(medicalLawSets.usyn, "Y");
const splitCodes = (joined: string) => joined.split(",").map((c) => c.trim()).filter(Boolean);

// ---------------------------------------------------------------------------------------------
// Codes
// ---------------------------------------------------------------------------------------------

export interface LawCodes {
  grdeList: CodeItem[];
  subjList: CodeItem[];
}

export async function lawCodes(db: Db | Tx, year: number): Promise<LawCodes> {
  const [grdeList, subjList] = await Promise.all([codesForYear(db, CODE.grades, year), codesForYear(db, CODE.medicalLawSubjects, year)]);
  return { grdeList, subjList };
}

/** Years that have score sets, newest first. */
async function lawYears(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ year: medicalLawSets.year }).from(medicalLawSets).where(live);
  return rows.map((r) => r.year).sort((a, b) => b - a);
}

async function getCodeList(ctx: CallContext) {
  requireAuth(ctx);
  const { year } = parseInput(z.object({ year: listYear }), ctx.body);
  const [codes, yearList] = await Promise.all([lawCodes(ctx.db, year), lawYears(ctx.db)]);
  return ok({ ...codes, yearList });
}

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

export interface LawView {
  hlSeq: number;
  year: number;
  smst: string;
  tgetSt: string[];
  /** target grade names: '3학년, 4학년' */
  tgetNm: string;
  subj: string;
  subjNm: string;
  userCnt: number;
  /** the average score with two decimals, '' without scores */
  avgScore: string;
  totalScore: number;
  regId: number | null;
  regDt: string | null;
  uptDt: string | null;
}

const nameOf = (list: readonly CodeItem[], code: string | null) => (code ? list.find((c) => c.id === code)?.text ?? code : "");

function lawView(r: Omit<SetRow, "usyn"> & SetStats, codes: LawCodes): LawView {
  const tgetSt = splitCodes(r.tgetSt);
  return {
    hlSeq: r.hlSeq,
    year: r.year,
    smst: r.smst,
    tgetSt,
    tgetNm: tgetSt.map((c) => nameOf(codes.grdeList, c)).join(", "),
    subj: r.subj ?? "",
    subjNm: nameOf(codes.subjList, r.subj),
    userCnt: r.userCnt,
    avgScore: r.avg === null ? "" : r.avg.toFixed(2),
    totalScore: r.totalScore,
    regId: r.regId,
    regDt: formatWireDate(r.regDt),
    uptDt: formatWireDate(r.uptDt),
  };
}

// ---------------------------------------------------------------------------------------------
// List: the year's live sets, newest first
// ---------------------------------------------------------------------------------------------

const Filter = { year: listYear, value: searchText, tgetSt: codeFilter };

/** tgetSt keeps the sets aimed at any of the grades; value matches the term, the subject name or a student's number or name. */
function filterWhere(f: TableFilter<typeof Filter>, codes: LawCodes): SQL | undefined {
  const targets = f.tgetSt?.length ? or(...f.tgetSt.map((c) => sql`${c} = any(string_to_array(${medicalLawSets.tgetSt}, ','))`)) : undefined;
  let text: SQL | undefined;
  if (f.value) {
    const pattern = likePattern(f.value);
    const needle = f.value.toLowerCase();
    const subjects = codes.subjList.filter((c) => c.text.toLowerCase().includes(needle)).map((c) => c.id);
    text = or(
      ilike(medicalLawSets.smst, pattern),
      subjects.length ? inArray(medicalLawSets.subj, subjects) : undefined,
      sql`exists (select 1 from ${medicalLawScores} join ${students} on ${students.usSeq} = ${medicalLawScores.usSeq}
        where ${medicalLawScores.hlSeq} = ${medicalLawSets.hlSeq} and ${students.year} = ${medicalLawSets.year} and ${students.del} = 'N'
        and (${students.name} ilike ${pattern} or ${students.id} ilike ${pattern}))`,
    );
  }
  return and(live, eq(medicalLawSets.year, f.year), targets, text);
}

/** Number of users and the average score of a set (subqueries of its row, so lists sort by them). */
const setScores = (aggregate: SQL) => sql`(select ${aggregate} from ${medicalLawScores} where ${medicalLawScores.hlSeq} = ${medicalLawSets.hlSeq})`;
const statColumns = {
  userCnt: sql<number>`${setScores(sql`count(*)`)}`.mapWith(Number),
  avg: sql<number | null>`${setScores(sql`avg(${medicalLawScores.score})`)}`.mapWith(Number),
};
type SetStats = { userCnt: number; avg: number | null };

const { usyn: _usyn, ...setColumns } = getTableColumns(medicalLawSets);

const LAW_TABLE: Table<typeof Filter, LawView, LawCodes> = {
  filter: Filter,
  context: (db, f) => lawCodes(db, f.year),
  rows: (db, f, codes) =>
    db
      .select({ ...setColumns, ...statColumns, _total: TOTAL })
      .from(medicalLawSets)
      .where(filterWhere(f, codes))
      .$dynamic(),
  order: [desc(medicalLawSets.hlSeq)],
  // the names sort by their codes
  sortable: { ...setColumns, tgetNm: medicalLawSets.tgetSt, subjNm: medicalLawSets.subj, userCnt: statColumns.userCnt, avgScore: statColumns.avg },
  views: (_db, rows: (Omit<SetRow, "usyn"> & SetStats)[], codes) => rows.map((r) => lawView(r, codes)),
  extras: async (db) => ({ yearList: await lawYears(db) }),
};

// ---------------------------------------------------------------------------------------------
// Detail and preview
// ---------------------------------------------------------------------------------------------

const Key = z.object({ hlSeq: seqField });

async function findLive(db: Db | Tx, hlSeq: number): Promise<SetRow | null> {
  const [row] = await db.select().from(medicalLawSets).where(and(eq(medicalLawSets.hlSeq, hlSeq), live)).limit(1);
  return row ?? null;
}

export interface LawScoreRow {
  usSeq: number;
  id: string;
  name: string;
  grdeCd: string | null;
  score: number;
}

/**
 * The scores of sets with each student's number, name and grade in the set's year (a student
 * record deleted since keeps the person's number and an empty name), by set, by number.
 */
async function scoresOf(db: Db | Tx, sets: readonly { hlSeq: number }[]): Promise<Map<number, LawScoreRow[]>> {
  const out = new Map<number, LawScoreRow[]>();
  for (let i = 0; i < sets.length; i += 500) {
    const chunk = sets.slice(i, i + 500);
    const rows = await db
      .select({
        hlSeq: medicalLawScores.hlSeq,
        usSeq: medicalLawScores.usSeq,
        score: medicalLawScores.score,
        personId: persons.id,
        id: students.id,
        name: students.name,
        grdeCd: students.grdeCd,
      })
      .from(medicalLawScores)
      .innerJoin(medicalLawSets, eq(medicalLawSets.hlSeq, medicalLawScores.hlSeq))
      .innerJoin(persons, eq(persons.usSeq, medicalLawScores.usSeq))
      .leftJoin(students, yearStudentOf(medicalLawScores.usSeq, medicalLawSets.year))
      .where(inArray(medicalLawScores.hlSeq, chunk.map((s) => s.hlSeq)))
      .orderBy(asc(medicalLawScores.hlSeq), sql`coalesce(${students.id}, ${persons.id})`);
    for (const r of rows) {
      const item: LawScoreRow = { usSeq: r.usSeq, id: r.id ?? r.personId, name: r.name ?? "", grdeCd: r.grdeCd ?? null, score: r.score };
      const bucket = out.get(r.hlSeq);
      if (bucket) bucket.push(item);
      else out.set(r.hlSeq, [item]);
    }
  }
  return out;
}

async function detail(db: Db, hlSeq: number) {
  const set = await findLive(db, hlSeq);
  if (!set) return null;
  const scores = (await scoresOf(db, [set])).get(hlSeq) ?? [];
  const users = scores.map((s) => ({ usSeq: s.usSeq, id: s.id, name: s.name, score: s.score, status: "Y" }));
  return {
    hlSeq: set.hlSeq,
    year: set.year,
    smst: set.smst,
    tgetSt: splitCodes(set.tgetSt),
    subj: set.subj ?? "",
    totalScore: set.totalScore,
    regId: set.regId,
    regDt: formatWireDate(set.regDt),
    uptDt: formatWireDate(set.uptDt),
    users: JSON.stringify(users),
  };
}

async function preview(db: Db, hlSeq: number) {
  const set = await findLive(db, hlSeq);
  if (!set) return null;
  const [codes, scores] = await Promise.all([lawCodes(db, set.year), scoresOf(db, [set])]);
  const subjNm = nameOf(codes.subjList, set.subj);
  const rows = (scores.get(hlSeq) ?? []).map((s) => ({
    usSeq: s.usSeq,
    grdeNm: nameOf(codes.grdeList, s.grdeCd),
    id: s.id,
    name: s.name,
    subjNm,
    smst: set.smst,
    score: s.score,
  }));
  return { list: rows };
}

// ---------------------------------------------------------------------------------------------
// Save and delete
// ---------------------------------------------------------------------------------------------

const JsonObject = z.preprocess(jsonText, z.record(z.unknown(), { required_error: OWN_MSG.badRequest, invalid_type_error: OWN_MSG.badRequest }));

const EditBody = z.object({ lawsInfo: JsonObject });

const asText = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "number" || typeof v === "string" ? String(v) : "\u0000");
const notConfirmed = (status: unknown) => status === false || status === "N" || status === "n" || status === 0 || status === "false";

/** edit.do's lawsInfo as the dialog's form: a user counts as confirmed when it names its usSeq. */
export function formOfLawsInfo(info: Record<string, unknown>): Record<string, unknown> {
  const year = asText(info.year);
  const users = jsonText(info.users);
  if (!Array.isArray(users) || users.length > LAW_MAX_ROWS + 1) throw new ApiError(fail(400, Array.isArray(users) ? OWN_MSG.lawTooManyStudents : OWN_MSG.badRequest));
  const rows = users.map((u) => {
    const user = (u && typeof u === "object" ? u : {}) as Record<string, unknown>;
    const id = asText(user.id).trim();
    const usSeq = asText(user.usSeq).trim();
    return {
      id,
      name: asText(user.name),
      usSeq,
      checked: usSeq && !notConfirmed(user.status) ? checkKey(year, id) : "",
      score: asText(user.score),
    };
  });
  const tgetSt = Array.isArray(info.tgetSt) ? info.tgetSt.map(asText) : typeof info.tgetSt === "string" ? splitCodes(info.tgetSt) : [];
  return { hlSeq: asText(info.hlSeq), year, smst: asText(info.smst), tgetSt, subj: asText(info.subj), totalScore: asText(info.totalScore), rows };
}

/** The form's rules (the message of the first failing field in screen order), else the data. */
export function checkLawForm(form: unknown): MedicalLawForm {
  const parsed = medicalLawSchema.safeParse(form);
  if (!parsed.success) throw new ApiError(fail(400, medicalLawMessage(parsed.error.issues)));
  return parsed.data;
}

/** The codes must be the year's; each usSeq must be the student with that number in the year. */
async function checkAgainstYear(db: Db | Tx, d: MedicalLawForm, known?: Map<string, YearStudent>): Promise<void> {
  const year = Number(d.year);
  const codes = await lawCodes(db, year);
  const grades = new Set(codes.grdeList.map((c) => c.id));
  if (d.tgetSt.some((c) => !grades.has(c))) throw new ApiError(fail(400, MSG.lawTargetRequired));
  if (!codes.subjList.some((c) => c.id === d.subj)) throw new ApiError(fail(400, OWN_MSG.lawSubjectRequired));
  await requireConfirmedRows(db, year, d.rows, known);
}

const sortedCodes = (codes: Iterable<string>) => [...new Set(codes)].sort().join(",");

async function edit(ctx: CallContext): Promise<Envelope> {
  const auth = requireAuth(ctx);
  const { lawsInfo } = parseInput(EditBody, ctx.body);
  const d = checkLawForm(formOfLawsInfo(lawsInfo));
  await checkAgainstYear(ctx.db, d);
  const values = {
    year: Number(d.year),
    smst: d.smst,
    tgetSt: sortedCodes(d.tgetSt),
    subj: d.subj,
    totalScore: Number(d.totalScore),
    regId: auth.user.userSeq,
  };
  const scores = (hlSeq: number) => d.rows.map((r) => ({ hlSeq, usSeq: Number(r.usSeq), score: Number(r.score) }));
  const hlSeq = await ctx.db.transaction(async (tx) => {
    if (d.hlSeq) {
      const [row] = await tx
        .update(medicalLawSets)
        .set({ ...values, uptDt: sql`now()` })
        .where(and(eq(medicalLawSets.hlSeq, Number(d.hlSeq)), live))
        .returning({ hlSeq: medicalLawSets.hlSeq });
      if (!row) throw new ApiError(fail(404, MSG.createFailed));
      await tx.delete(medicalLawScores).where(eq(medicalLawScores.hlSeq, row.hlSeq));
      await tx.insert(medicalLawScores).values(scores(row.hlSeq));
      return row.hlSeq;
    }
    const [row] = await tx.insert(medicalLawSets).values(values).returning({ hlSeq: medicalLawSets.hlSeq });
    await tx.insert(medicalLawScores).values(scores(row.hlSeq));
    return row.hlSeq;
  });
  return ok({ hlSeq }, d.hlSeq ? MSG.updated : MSG.created);
}

// ---------------------------------------------------------------------------------------------
// Excel: one row per student score; the download's columns are the upload's
// ---------------------------------------------------------------------------------------------

const LAW_LABEL = "보건의료법규성적";
export const LAW_SAMPLE_FILE = "보건의료법규성적_업로드_양식.xlsx";

/** A downloaded row: a score with its set. */
interface ScoreLine {
  set: LawView;
  score: LawScoreRow;
}

interface SheetColumn {
  header: string;
  width?: number;
  value: (r: ScoreLine) => CellInput;
  sample: (year: number, codes: LawCodes, stu: YearStudent | null) => CellInput;
}

export const LAW_COLUMNS: readonly SheetColumn[] = [
  { header: "년도", value: (r) => r.set.year, sample: (year) => year },
  { header: "학기 및 차수", width: 16, value: (r) => r.set.smst, sample: () => "1학기 1차" },
  { header: "대상", width: 20, value: (r) => r.set.tgetNm, sample: (_y, c) => c.grdeList.slice(2, 4).map((g) => g.text).join(", ") },
  { header: "과목", width: 24, value: (r) => r.set.subjNm, sample: (_y, c) => c.subjList[0]?.text ?? "" },
  { header: "만점", value: (r) => r.set.totalScore, sample: () => 100 },
  { header: "학번", width: 14, value: (r) => r.score.id, sample: (year, _c, stu) => stu?.id ?? `${year}00001` },
  { header: "이름", width: 12, value: (r) => r.score.name, sample: (_y, _c, stu) => stu?.name ?? "홍길동" },
  { header: "점수", value: (r) => r.score.score, sample: () => 87 },
];
const H = { year: "년도", smst: "학기 및 차수", targets: "대상", subj: "과목", total: "만점", id: "학번", score: "점수" } as const;

/** The template: the upload's headers and one example row (a student of the year in a target grade). */
async function sampleResponse(db: Db, year: number): Promise<Response> {
  const codes = await lawCodes(db, year);
  const [stu] = await db
    .select({ usSeq: students.usSeq, id: students.id, name: students.name, grdeCd: students.grdeCd })
    .from(students)
    .where(and(eq(students.year, year), eq(students.del, "N"), inArray(students.grdeCd, codes.grdeList.slice(2, 4).map((g) => g.id).concat(["-"]))))
    .orderBy(asc(students.id))
    .limit(1);
  return exampleSheet(LAW_SAMPLE_FILE, LAW_LABEL, LAW_COLUMNS.map((c) => ({ ...c, value: c.sample(year, codes, stu ?? null) })));
}

interface ImportRecord {
  year: number;
  smst: string;
  tgetSt: string[];
  subj: string;
  totalScore: number;
  usSeq: number;
  score: number;
}

const groupKey = (r: { year: number; smst: string; subj: string | null; totalScore: number }) => `${r.year}\u0001${r.smst}\u0001${r.subj}\u0001${r.totalScore}`;

/** Validates every row with the dialog's rules and stores the valid ones as sets; answers the counts. */
export async function importLawScores(db: Db, bytes: Uint8Array, regId: number | null, postedYear?: number): Promise<UploadResult> {
  const codesByYear = new Map<number, Promise<LawCodes>>();
  const codesFor = (year: number) => {
    let p = codesByYear.get(year);
    if (!p) codesByYear.set(year, (p = lawCodes(db, year)));
    return p;
  };
  const findStudent = studentFinder(db);

  /** Each set (year, term, subject, full marks): the newest live one, its targets widened, else a new one; the scores upserted. */
  const saveScores = async (tx: Tx, records: (ImportRecord & { id: string })[]) => {
      const groups = new Map<string, (ImportRecord & { id: string })[]>();
      for (const r of records) {
        const k = groupKey(r);
        const g = groups.get(k);
        if (g) g.push(r);
        else groups.set(k, [r]);
      }
      for (const group of groups.values()) {
        const first = group[0];
        const targets = group.flatMap((r) => r.tgetSt);
        const [existing] = await tx
          .select()
          .from(medicalLawSets)
          .where(
            and(
              live,
              eq(medicalLawSets.year, first.year),
              eq(medicalLawSets.smst, first.smst),
              eq(medicalLawSets.subj, first.subj),
              eq(medicalLawSets.totalScore, first.totalScore),
            ),
          )
          .orderBy(desc(medicalLawSets.hlSeq))
          .limit(1);
        let hlSeq: number;
        if (existing) {
          hlSeq = existing.hlSeq;
          await tx
            .update(medicalLawSets)
            .set({ tgetSt: sortedCodes([...splitCodes(existing.tgetSt), ...targets]), regId, uptDt: sql`now()` })
            .where(eq(medicalLawSets.hlSeq, hlSeq));
        } else {
          const [row] = await tx
            .insert(medicalLawSets)
            .values({ year: first.year, smst: first.smst, tgetSt: sortedCodes(targets), subj: first.subj, totalScore: first.totalScore, regId })
            .returning({ hlSeq: medicalLawSets.hlSeq });
          hlSeq = row.hlSeq;
        }
        for (let i = 0; i < group.length; i += 500) {
          await tx
            .insert(medicalLawScores)
            .values(group.slice(i, i + 500).map((r) => ({ hlSeq, usSeq: r.usSeq, score: r.score })))
            .onConflictDoUpdate({ target: [medicalLawScores.hlSeq, medicalLawScores.usSeq], set: { score: sql`excluded.score` } });
        }
      }
  };

  return importSheet<ImportRecord & { id: string }>(
    db,
    {
      headers: LAW_COLUMNS.map((c) => c.header),
      year: postedYear,
      idOf: (cells) => cells[H.id] ?? "",
      read: async (cells) => {
        const yearParsed = recordYear.safeParse(cells[H.year]);
        const year = yearParsed.success ? yearParsed.data : null;
        const codes = year === null ? { grdeList: [], subjList: [] } : await codesFor(year);
        const id = (cells[H.id] ?? "").trim();
        const stu = (year !== null && (await findStudent(year, id))) || null;
        const form = {
          hlSeq: "",
          year: year === null ? cells[H.year] ?? "" : String(year),
          smst: cells[H.smst] ?? "",
          tgetSt: (cells[H.targets] ?? "").split(/[,，、/]/).map((t) => codeOfCell(codes.grdeList, t)).filter(Boolean),
          subj: codeOfCell(codes.subjList, cells[H.subj] ?? ""),
          totalScore: cells[H.total] ?? "",
          rows: [{ id, name: stu?.name ?? "", usSeq: stu ? String(stu.usSeq) : "", checked: stu ? checkKey(year, id) : "", score: cells[H.score] ?? "" }],
        };
        const parsed = medicalLawSchema.safeParse(form);
        if (!parsed.success) {
          const message = medicalLawMessage(parsed.error.issues);
          // on a sheet a number is not confirmed by a button: it is known in the year or not
          return { ok: false, message: message === MSG.lookupNotConfirmed ? MSG.lookupUnknown : message };
        }
        const d = parsed.data;
        await checkAgainstYear(db, d, new Map(stu ? [[id, stu]] : []));
        return {
          ok: true,
          record: { year: Number(d.year), smst: d.smst, tgetSt: d.tgetSt, subj: d.subj, totalScore: Number(d.totalScore), usSeq: stu!.usSeq, score: Number(d.rows[0].score), id },
        };
      },
      key: (r) => `${groupKey(r)}\u0001${r.id}`,
      duplicateMessage: MSG.duplicateStudentId,
      // the natural key (ADR 0061): the set (year, term, subject, full marks) and the student; the score
      // and the row's target grades (stored when the set lacks one of them) are its values
      store: {
        stored: async (tx, records) => {
          const found = await tx
            .select()
            .from(medicalLawSets)
            .where(and(live, inArray(medicalLawSets.year, [...new Set(records.map((r) => r.year))])))
            .orderBy(desc(medicalLawSets.hlSeq));
          const sets = new Map<string, (typeof found)[number]>();
          for (const f of found) if (!sets.has(groupKey(f))) sets.set(groupKey(f), f);
          const seqs = [...sets.values()].map((f) => f.hlSeq);
          const scores = seqs.length ? await tx.select().from(medicalLawScores).where(inArray(medicalLawScores.hlSeq, seqs)) : [];
          const byKey = new Map<string, StoredRecord<null>>();
          for (const r of records) {
            const set = sets.get(groupKey(r));
            const score = set && scores.find((x) => x.hlSeq === set.hlSeq && x.usSeq === r.usSeq);
            if (!set || !score) continue;
            const targets = splitCodes(set.tgetSt);
            byKey.set(`${groupKey(r)}\u0001${r.id}`, { ref: null, values: { score: score.score, tgetSt: r.tgetSt.every((t) => targets.includes(t)) ? r.tgetSt : targets } });
          }
          return byKey;
        },
        valuesOf: (r) => ({ score: r.score, tgetSt: r.tgetSt }),
        insert: saveScores,
        update: (tx, changed) => saveScores(tx, changed.map((c) => c.record)),
      },
    },
    bytes,
  );
}

export const { routes: medicalLawRoutes, getRoutes: medicalLawGetRoutes } = tableRoutes(LAW_TABLE, {
  list: MEDICAL_LAW.list,
  detail: { path: MEDICAL_LAW.detail, key: Key, run: (db, { hlSeq }) => detail(db, hlSeq), missing: MSG.detailFailed },
  save: { path: MEDICAL_LAW.save, run: edit },
  remove: softDeleteBySeq(MEDICAL_LAW.remove, "hlSeq", medicalLawSets, medicalLawSets.hlSeq),
  // one row per student score (the upload's columns); in evaluation mode one row per set
  excel: {
    download: MEDICAL_LAW.download,
    label: LAW_LABEL,
    columns: () => LAW_COLUMNS.map((c) => ({ header: c.header, width: c.width, value: c.value })),
    expand: async (db, sets) => {
      const scores = await scoresOf(db, sets);
      return sets.flatMap((set) => (scores.get(set.hlSeq) ?? []).map((score) => ({ set, score })));
    },
  },
  // the rows carry their years; a posted year (the list's) refuses the rows of another (ADR 0061)
  upload: { path: MEDICAL_LAW.upload, withYear: "optional", run: (ctx, bytes, year) => importLawScores(ctx.db, bytes, requireAuth(ctx).user.userSeq, year || undefined) },
  sample: { path: MEDICAL_LAW.sample, build: sampleResponse },
  more: [
    route(MEDICAL_LAW.codeList, "required", getCodeList),
    // the preview dialog: the set's scores with grade and subject names
    keyedRoute({ path: MEDICAL_LAW.preview, key: Key, run: (db, { hlSeq }) => preview(db, hlSeq), missing: MSG.detailFailed }),
  ],
});
