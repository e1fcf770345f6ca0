/**
 * R06 education achievement score (spec 001 §7; docs/contract.md "Education achievement score"):
 * - POST /api/professor/getArchiveChart.do {year?, eiSeq?, menuSeq?, page?, size?, sort?} → {chartData, total[, list, columns]}
 * - POST /api/professor/archiveDetail.do {year, dept, score?} → {archive} (null when not entered)
 * - POST /api/professor/editArchive.do {year, dept, score}: the (year, dept) score, inserted or
 *   replaced, validated with the dialog's own schema
 * - GET /api/professor/archiveExcelDown.do?year[&eiSeq&menuSeq], POST
 *   /api/professor/archiveExcelUpload.do (multipart file), and the template by name through
 *   /api/resourceFileDownload.do ('professor' / '교육업적점수_업로드_양식.xlsx').
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { ACHIEVEMENT_DEPTS, achievementOrder, achievementSchema, type AchievementDept, type AchievementForm, type AchievementPoint } from "../../routes/_app.insert.professor.archive+/__schema";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage } from "../../schemas/person-fields";
import type { ExcelColumn } from "../../utils/excel.server";
import type { Db, Tx } from "../db/client.server";
import { achievementScores } from "../db/schema";
import { ACHIEVEMENT } from "../../routes/_app.insert.professor.archive+/__calls";
import { requireAuth, type CallContext } from "../lib/context.server";
import { ok, parseInput } from "../lib/envelope.server";
import { importSheet } from "../lib/sheet-import.server";
import { TOTAL, exampleSheet, tableRoutes, type Table } from "../lib/table-routes.server";
import { formatWireDate, seoulYear } from "../lib/time";

type ScoreRow = typeof achievementScores.$inferSelect;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
/** An optional year limit: blank is none. */
const yearLimit = z.preprocess((v) => (blank(v) ? undefined : v), z.coerce.number().int().min(1900).max(2999).optional());

export interface ScoreView {
  year: number;
  dept: string;
  score: number;
  regDt: string | null;
  uptDt: string | null;
}

const scoreView = (r: ScoreRow): ScoreView => ({ year: r.year, dept: r.dept, score: r.score, regDt: formatWireDate(r.regDt), uptDt: formatWireDate(r.uptDt) });

// ---------------------------------------------------------------------------------------------
// The chart: one point per year that has a score (up to `year`), 기초 as `basic`, 임상 as `clinical`
// ---------------------------------------------------------------------------------------------

const deptScore = (dept: AchievementDept) => sql<number | null>`max(${achievementScores.score}) filter (where ${achievementScores.dept} = ${dept})`.mapWith(Number);
const pointColumns = { year: achievementScores.year, basic: deptScore("기초"), clinical: deptScore("임상") };

const Filter = { year: yearLimit };

const CHART_TABLE: Table<typeof Filter, AchievementPoint, undefined> = {
  filter: Filter,
  rows: (db, f) =>
    db
      .select({ ...pointColumns, _total: TOTAL })
      .from(achievementScores)
      .where(and(inArray(achievementScores.dept, [...ACHIEVEMENT_DEPTS]), f.year === undefined ? undefined : lte(achievementScores.year, f.year)))
      .groupBy(achievementScores.year)
      .$dynamic(),
  order: [asc(achievementScores.year)],
  sortable: pointColumns,
  views: (_db, rows: AchievementPoint[]) => rows.map(({ year, basic, clinical }) => ({ year, basic, clinical })),
  // the evaluation mode sends its year; the screen sends none
  evalYear: (f) => f.year ?? seoulYear(),
  listKey: "chartData",
};

const DetailBody = z.object({
  year: z.coerce.number().int().min(1900).max(2999),
  dept: z.enum(ACHIEVEMENT_DEPTS, { errorMap: () => ({ message: MSG.affiliationRequired }) }),
});

/** Inserts or replaces the (year, dept) scores. */
async function upsert(db: Db | Tx, rows: readonly AchievementForm[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(achievementScores)
      .values(rows.slice(i, i + 500).map((r) => ({ year: r.year, dept: r.dept, score: r.score })))
      .onConflictDoUpdate({ target: [achievementScores.year, achievementScores.dept], set: { score: sql`excluded.score`, uptDt: sql`now()` } });
  }
}

async function editArchive(ctx: CallContext) {
  requireAuth(ctx);
  const d = parseInput(achievementSchema(seoulYear()), ctx.body, achievementOrder);
  await upsert(ctx.db, [d]);
  return ok({ year: d.year, dept: d.dept, score: d.score }, MSG.saved);
}

// ---------------------------------------------------------------------------------------------
// Excel: 년도, 소속, 점수 (the download adds 수정일), one row per year and department
// ---------------------------------------------------------------------------------------------

const LABEL = "교육업적점수";
export const ACHIEVEMENT_TEMPLATE = { folderName: "professor", fileName: "교육업적점수_업로드_양식.xlsx" } as const;
const HEADERS = { year: "년도", dept: "소속", score: "점수" } as const;

const DOWNLOAD_COLUMNS: ExcelColumn<ScoreView>[] = [
  { header: HEADERS.year, value: (v) => v.year },
  { header: HEADERS.dept, value: (v) => v.dept },
  { header: HEADERS.score, value: (v) => v.score },
  { header: "수정일", width: 20, value: (v) => v.uptDt },
];

function importScores(db: Db, bytes: Uint8Array) {
  const schema = achievementSchema(seoulYear());
  return importSheet<AchievementForm>(
    db,
    {
      headers: Object.values(HEADERS),
      idOf: (cells) => [cells[HEADERS.year], cells[HEADERS.dept]].filter(Boolean).join(" "),
      read: (cells) => {
        const parsed = schema.safeParse({ year: cells[HEADERS.year], dept: cells[HEADERS.dept], score: cells[HEADERS.score] });
        if (!parsed.success) return { ok: false, message: firstMessage(parsed.error.issues, achievementOrder) ?? OWN_MSG.badRequest };
        return { ok: true, record: parsed.data };
      },
      // the natural key: the year and the department (ADR 0061); the row's year is its own, no year is posted
      key: (r) => `${r.year}/${r.dept}`,
      duplicateMessage: OWN_MSG.achievementDuplicate,
      store: {
        stored: async (tx, records) => {
          const found = await tx.select().from(achievementScores).where(inArray(achievementScores.year, [...new Set(records.map((r) => r.year))]));
          return new Map(found.map((row) => [`${row.year}/${row.dept}`, { ref: null, values: row }]));
        },
        valuesOf: (r) => ({ score: r.score }),
        insert: (tx, records) => upsert(tx, records),
        update: (tx, changed) => upsert(tx, changed.map((c) => c.record)),
      },
    },
    bytes,
  );
}

export const {
  routes: achievementRoutes,
  getRoutes: achievementGetRoutes,
  templates: achievementTemplates,
} = tableRoutes(CHART_TABLE, {
  list: ACHIEVEMENT.chart,
  detail: {
    path: ACHIEVEMENT.detail,
    key: DetailBody,
    run: async (db, { year, dept }) => {
      const [row] = await db
        .select()
        .from(achievementScores)
        .where(and(eq(achievementScores.year, year), eq(achievementScores.dept, dept)))
        .limit(1);
      // a pair without a score is an answer, not a failure
      return { archive: row ? scoreView(row) : null };
    },
    missing: MSG.noData,
  },
  save: { path: ACHIEVEMENT.save, run: editArchive },
  excel: {
    download: ACHIEVEMENT.download,
    label: LABEL,
    fileName: (f) => `${LABEL}${f.year ? `_${f.year}` : ""}.xlsx`,
    columns: () => DOWNLOAD_COLUMNS,
    // the points' scores, one row per year and department, in the points' order
    expand: async (db, points) => {
      const rows = await db
        .select()
        .from(achievementScores)
        .where(inArray(achievementScores.year, points.map((p) => p.year)))
        .orderBy(asc(achievementScores.dept));
      return points.flatMap((p) => rows.filter((r) => r.year === p.year).map(scoreView));
    },
  },
  upload: { path: ACHIEVEMENT.upload, withYear: false, run: (ctx, bytes) => importScores(ctx.db, bytes) },
  sample: {
    template: ACHIEVEMENT_TEMPLATE,
    build: async (_db, year) =>
      exampleSheet(ACHIEVEMENT_TEMPLATE.fileName, LABEL, [
        { header: HEADERS.year, value: Math.min(year, seoulYear()) },
        { header: HEADERS.dept, value: "기초" },
        { header: HEADERS.score, value: 85 },
      ]),
  },
});
