/**
 * E18 exam question analysis (spec 002 §7 "Exam analysis"; docs/contract.md "Exam question
 * analysis"):
 * - POST /api/analysis/list.do {year, value, eiSeq?, menuSeq?, page?, size?, sort?} → {list, total, yearList[, columns]}
 * - POST /api/analysis/detail.do {eqaSeq} → {analysis}
 * - POST /api/analysis/edit.do {eqaSeq?, year, eqaSe, currNm, period, numbers…} (insert or update;
 *   every rule of §5 again, with the dialog's own schema)
 * - POST /api/analysis/delete.do {eqaSeq}
 * - POST /api/analysis/excelUpload.do (multipart file): rows by the upload's headers; a row with a
 *   번호 (eqaSeq) updates that analysis, a row without one registers a new one
 * - GET /api/analysis/excelDown.do?year&value[&eiSeq&menuSeq], and the template by name through
 *   /api/resourceFileDownload.do ('analysis' / '시험문항분석_업로드_양식.xlsx').
 * Records are deleted softly (usyn 'N').
 */
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { DSCP_CLASSES, EQA_TYPES, GRD_CLASSES, analysisDisplay, examAnalysisOrder, examAnalysisSchema, grdClassName, type EqaNumberName, type ExamAnalysisForm } from "../../routes/_app.eval.monitor.analysis+/__schema";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage } from "../../schemas/person-fields";
import type { CellInput } from "../../utils/excel.server";
import type { Db, Tx } from "../db/client.server";
import { examAnalyses } from "../db/schema";
import { ANALYSIS } from "../../routes/_app.eval.monitor.analysis+/__calls";
import { requireAuth, type CallContext } from "../lib/context.server";
import { fail, ok, parseInput } from "../lib/envelope.server";
import { likePattern, listYear, optionalSeq, searchText, seqField } from "../lib/people.server";
import { importSheet, type StoredRecord, type UploadResult } from "../lib/sheet-import.server";
import { TOTAL, exampleSheet, softDeleteBySeq, tableRoutes, type Table } from "../lib/table-routes.server";
import { formatWireDate, seoulYear } from "../lib/time";

type AnalysisRow = typeof examAnalyses.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

const num = (v: string | number | null) => (v === null || v === undefined ? null : Number(v));

export interface AnalysisView {
  eqaSeq: number;
  year: number;
  currNm: string;
  eqaSe: string;
  eqaSeNm: string;
  period: string;
  qestCnt: number | null;
  totalScore: number | null;
  avgStdevSt: number | null;
  avgStdevEn: number | null;
  /** '72.5±8.3' or '' */
  avgStdev: string;
  minScore: number | null;
  maxScore: number | null;
  grdSt: number | null;
  grdEn: number | null;
  grdSe: string | null;
  grdSeNm: string;
  /** '0.40~0.80 (A 적정)' or '' */
  grd: string;
  dscpSt: number | null;
  dscpEn: number | null;
  dscpSe: string | null;
  dscpSeNm: string;
  /** '0.20~0.40 (A 양호)' or '' */
  dscp: string;
  qestRate: number | null;
  regDt: string | null;
  uptDt: string | null;
}

export function analysisView(r: AnalysisRow): AnalysisView {
  const grdSe = r.grdSe?.trim() || null;
  const dscpSe = r.dscpSe?.trim() || null;
  const v = {
    avgStdevSt: num(r.avgStdevSt),
    avgStdevEn: num(r.avgStdevEn),
    grdSt: num(r.grdSt),
    grdEn: num(r.grdEn),
    dscpSt: num(r.dscpSt),
    dscpEn: num(r.dscpEn),
  };
  const shown = analysisDisplay({ eqaSe: r.eqaSe, ...v, grdSe, dscpSe });
  return {
    eqaSeq: r.eqaSeq,
    year: r.year,
    currNm: r.currNm,
    eqaSe: r.eqaSe,
    eqaSeNm: shown.eqaSeNm,
    period: r.period,
    qestCnt: r.qestCnt,
    totalScore: r.totalScore,
    ...v,
    avgStdev: shown.avgStdev,
    minScore: r.minScore,
    maxScore: r.maxScore,
    grdSe,
    grdSeNm: shown.grdSeNm,
    grd: shown.grd,
    dscpSe,
    dscpSeNm: shown.dscpSeNm,
    dscp: shown.dscp,
    qestRate: num(r.qestRate),
    regDt: formatWireDate(r.regDt),
    uptDt: formatWireDate(r.uptDt),
  };
}

// ---------------------------------------------------------------------------------------------
// List: the live analyses of a year (course name or period matching the text), newest first
// ---------------------------------------------------------------------------------------------

const live = eq(examAnalyses.usyn, "Y");

/** Years that have analyses, newest first. */
async function analysisYears(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ year: examAnalyses.year }).from(examAnalyses).where(live);
  return rows.map((r) => r.year).sort((a, b) => b - a);
}

const Filter = { year: listYear, value: searchText };
const t = examAnalyses;
const { usyn: _usyn, ...analysisColumns } = getTableColumns(t);

const ANALYSIS_TABLE: Table<typeof Filter, AnalysisView, undefined> = {
  filter: Filter,
  rows: (db, f) => {
    const text = f.value ? or(ilike(t.currNm, likePattern(f.value)), ilike(t.period, likePattern(f.value))) : undefined;
    return db.select({ ...getTableColumns(t), _total: TOTAL }).from(t).where(and(live, eq(t.year, f.year), text)).$dynamic();
  },
  order: [desc(t.regDt), desc(t.eqaSeq)],
  // the joined texts sort by their first number, the names by their code
  sortable: {
    ...analysisColumns,
    eqaSeNm: t.eqaSe,
    avgStdev: t.avgStdevSt,
    grd: t.grdSt,
    grdSeNm: t.grdSe,
    dscp: t.dscpSt,
    dscpSeNm: t.dscpSe,
  },
  views: (_db, rows: AnalysisRow[]) => rows.map(analysisView),
  extras: async (db) => ({ yearList: await analysisYears(db) }),
};

// ---------------------------------------------------------------------------------------------
// Detail, save, delete
// ---------------------------------------------------------------------------------------------

const Key = z.object({ eqaSeq: seqField });

async function findLive(db: Db | Tx, eqaSeq: number): Promise<AnalysisRow | null> {
  const [row] = await db.select().from(examAnalyses).where(and(eq(examAnalyses.eqaSeq, eqaSeq), live)).limit(1);
  return row ?? null;
}

const dec = (v: number | null) => (v === null ? null : String(v));

/** The table's values of a validated form. */
function rowValues(d: ExamAnalysisForm) {
  return {
    year: d.year,
    currNm: d.currNm,
    eqaSe: d.eqaSe,
    period: d.period,
    qestCnt: d.qestCnt,
    totalScore: d.totalScore,
    avgStdevSt: dec(d.avgStdevSt),
    avgStdevEn: dec(d.avgStdevEn),
    minScore: d.minScore,
    maxScore: d.maxScore,
    grdSt: dec(d.grdSt),
    grdEn: dec(d.grdEn),
    grdSe: d.grdSe,
    dscpSt: dec(d.dscpSt),
    dscpEn: dec(d.dscpEn),
    dscpSe: d.dscpSe,
    qestRate: dec(d.qestRate),
  };
}

async function edit(ctx: CallContext) {
  requireAuth(ctx);
  const { eqaSeq } = parseInput(z.object({ eqaSeq: optionalSeq }), { eqaSeq: ctx.body.eqaSeq });
  const d = parseInput(examAnalysisSchema(seoulYear()), ctx.body, examAnalysisOrder);
  const values = rowValues(d);
  if (eqaSeq) {
    const [row] = await ctx.db
      .update(examAnalyses)
      .set({ ...values, uptDt: sql`now()` })
      .where(and(eq(examAnalyses.eqaSeq, eqaSeq), live))
      .returning({ eqaSeq: examAnalyses.eqaSeq });
    if (!row) return fail(404, MSG.createFailed);
    return ok({ eqaSeq: row.eqaSeq }, MSG.updated);
  }
  const [row] = await ctx.db.insert(examAnalyses).values(values).returning({ eqaSeq: examAnalyses.eqaSeq });
  return ok({ eqaSeq: row.eqaSeq }, MSG.created);
}

// ---------------------------------------------------------------------------------------------
// Excel: the download's columns are the upload's (plus 등록일), so download → edit → upload
// round-trips; 번호 ties a row to its analysis
// ---------------------------------------------------------------------------------------------

const ANALYSIS_LABEL = "시험문항분석";

interface SheetColumn {
  header: string;
  width?: number;
  /** The form field the cell fills ('eqaSeq' for 번호). */
  field: string;
  value: (v: AnalysisView) => CellInput;
  /** The cell as the form's text (codes from their names). */
  read?: (cell: string) => string;
  sample: (year: number) => CellInput;
}

/** A code from its letter or name: 'A', 'a', '적정', 'A 적정', 'A(적정)'. */
function codeFromCell(list: readonly { value: string; label: string }[], cell: string): string {
  const t = cell.trim();
  if (!t) return "";
  const byName = list.find((c) => c.label === t);
  if (byName) return byName.value;
  const m = /^([A-Za-z0-9])(?:$|[\s(.:-])/.exec(t);
  if (m && list.some((c) => c.value === m[1].toUpperCase())) return m[1].toUpperCase();
  return t;
}

const numberColumn = (field: EqaNumberName, header: string, sample: number | null): SheetColumn => ({
  header,
  field,
  value: (v) => v[field],
  sample: () => sample,
});

export const ANALYSIS_COLUMNS: readonly SheetColumn[] = [
  { header: "번호", field: "eqaSeq", value: (v) => v.eqaSeq, sample: () => null },
  { header: "년도", field: "year", value: (v) => v.year, sample: (year) => year },
  { header: "과정명", field: "currNm", width: 24, value: (v) => v.currNm, sample: () => "심혈관계" },
  { header: "구분", field: "eqaSe", value: (v) => v.eqaSeNm, read: (c) => codeFromCell(EQA_TYPES, c), sample: () => "주말" },
  { header: "시기", field: "period", width: 14, value: (v) => v.period, sample: () => "3주차" },
  numberColumn("qestCnt", "문항수", 40),
  numberColumn("totalScore", "총점", 100),
  numberColumn("avgStdevSt", "평균", 72.5),
  numberColumn("avgStdevEn", "표준편차", 8.3),
  numberColumn("minScore", "최저점", 41),
  numberColumn("maxScore", "최고점", 97),
  numberColumn("grdSt", "난이도 시작값", 0.4),
  numberColumn("grdEn", "난이도 끝값", 0.8),
  { header: "난이도 구분", field: "grdSe", value: (v) => v.grdSeNm, read: (c) => codeFromCell(GRD_CLASSES, c), sample: () => "적정" },
  numberColumn("dscpSt", "분별도 시작값", 0.2),
  numberColumn("dscpEn", "분별도 끝값", 0.4),
  { header: "분별도 구분", field: "dscpSe", value: (v) => v.dscpSeNm, read: (c) => codeFromCell(DSCP_CLASSES, c), sample: () => "양호" },
  numberColumn("qestRate", "문항비율", 62.5),
];

type ImportRecord = { eqaSeq: number | null; values: ReturnType<typeof rowValues> };

/** An analysis's natural key: year, course, type and period. */
const naturalKey = (v: { year: number; currNm: string; eqaSe: string; period: string }) => JSON.stringify([v.year, v.currNm.trim(), v.eqaSe, v.period.trim()]);
const analysisKey = (r: ImportRecord) => (r.eqaSeq !== null ? `#${r.eqaSeq}` : naturalKey(r.values));

export async function importAnalyses(db: Db, bytes: Uint8Array): Promise<UploadResult> {
  const schema = examAnalysisSchema(seoulYear());
  const seen = new Set<number>();
  return importSheet<ImportRecord>(
    db,
    {
      headers: ANALYSIS_COLUMNS.map((c) => c.header),
      idOf: (cells) => cells["과정명"] ?? "",
      read: async (cells) => {
        const fields: Record<string, string> = {};
        for (const c of ANALYSIS_COLUMNS) {
          const cell = cells[c.header] ?? "";
          fields[c.field] = c.read ? c.read(cell) : cell;
        }
        const parsed = schema.safeParse(fields);
        if (!parsed.success) return { ok: false, message: firstMessage(parsed.error.issues, examAnalysisOrder) ?? OWN_MSG.badRequest };
        let eqaSeq: number | null = null;
        if (fields.eqaSeq) {
          const seq = seqField.safeParse(fields.eqaSeq);
          if (!seq.success || !(await findLive(db, seq.data))) return { ok: false, message: OWN_MSG.eqaNotFound };
          // a 번호 repeated in the sheet fails from its second row (rows without one are new analyses)
          if (seen.has(seq.data)) return { ok: false, message: OWN_MSG.eqaDuplicateSeq };
          seen.add(seq.data);
          eqaSeq = seq.data;
        }
        return { ok: true, record: { eqaSeq, values: rowValues(parsed.data) } };
      },
      // the natural key (ADR 0061): the record's 번호 when the row has one (a download's rows), else the
      // year, course, type and period; the row's year is its own (the call posts none)
      key: analysisKey,
      duplicateMessage: OWN_MSG.excelDuplicateRow,
      store: {
        stored: async (tx, records) => {
          const years = [...new Set(records.map((r) => r.values.year))];
          const found = await tx
            .select()
            .from(examAnalyses)
            .where(and(live, inArray(examAnalyses.year, years)))
            .orderBy(asc(examAnalyses.eqaSeq));
          const bySeq = new Set(records.map((r) => r.eqaSeq).filter((x) => x !== null));
          const byKey = new Map<string, StoredRecord<number>>();
          for (const row of found) {
            const stored = { ref: row.eqaSeq, values: row as Record<string, unknown> };
            if (!byKey.has(naturalKey(row))) byKey.set(naturalKey(row), stored);
            byKey.set(`#${row.eqaSeq}`, stored);
          }
          // a 번호 of another year than its row's (the row's year was changed)
          for (const seq of bySeq) {
            if (!byKey.has(`#${seq}`)) {
              const row = await findLive(tx, seq);
              if (row) byKey.set(`#${seq}`, { ref: row.eqaSeq, values: row as Record<string, unknown> });
            }
          }
          return byKey;
        },
        valuesOf: (r) => r.values,
        insert: async (tx, records) => {
          const fresh = records.map((r) => r.values);
          for (let i = 0; i < fresh.length; i += 500) await tx.insert(examAnalyses).values(fresh.slice(i, i + 500));
        },
        update: async (tx, changed) => {
          for (const { record, ref } of changed) await tx.update(examAnalyses).set({ ...record.values, uptDt: sql`now()` }).where(and(eq(examAnalyses.eqaSeq, ref), live));
        },
      },
    },
    bytes,
  );
}

export const ANALYSIS_TEMPLATE = { folderName: "analysis", fileName: "시험문항분석_업로드_양식.xlsx" } as const;

export const {
  routes: analysisRoutes,
  getRoutes: analysisGetRoutes,
  templates: analysisTemplates,
} = tableRoutes(ANALYSIS_TABLE, {
  list: ANALYSIS.list,
  detail: {
    path: ANALYSIS.detail,
    key: Key,
    run: async (db, { eqaSeq }) => {
      const row = await findLive(db, eqaSeq);
      return row && { analysis: analysisView(row) };
    },
    missing: MSG.detailFailed,
  },
  save: { path: ANALYSIS.save, run: edit },
  remove: softDeleteBySeq(ANALYSIS.remove, "eqaSeq", t, t.eqaSeq),
  excel: {
    download: ANALYSIS.download,
    label: ANALYSIS_LABEL,
    columns: () => [
      ...ANALYSIS_COLUMNS.map((c) => ({ header: c.header, width: c.width, value: c.value })),
      { header: "등록일", width: 20, value: (v: AnalysisView) => v.regDt },
    ],
  },
  upload: { path: ANALYSIS.upload, withYear: false, run: (ctx, bytes) => importAnalyses(ctx.db, bytes) },
  sample: {
    template: ANALYSIS_TEMPLATE,
    build: async (_db, year) => exampleSheet(ANALYSIS_TEMPLATE.fileName, ANALYSIS_LABEL, ANALYSIS_COLUMNS.map((c) => ({ ...c, value: c.sample(year) }))),
  },
});
