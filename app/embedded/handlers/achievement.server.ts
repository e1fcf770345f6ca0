/**
 * R06 education achievement score (spec 001 §7; docs/contract.md "Education achievement score"):
 * - POST /api/professor/getArchiveChart.do {year?, eiSeq?, menuSeq?} → {chartData[, list, columns]}
 * - POST /api/professor/archiveDetail.do {year, dept, score?} → {archive} (null when not entered)
 * - POST /api/professor/editArchive.do {year, dept, score}: the (year, dept) score, inserted or
 *   replaced, validated with the dialog's own schema
 * - GET /api/professor/archiveExcelDown.do?year[&eiSeq&menuSeq], POST
 *   /api/professor/archiveExcelUpload.do (multipart file), and the template by name through
 *   /api/resourceFileDownload.do ('professor' / '교육업적점수_업로드_양식.xlsx').
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { ACHIEVEMENT_DEPTS, achievementOrder, achievementSchema, deptKey, type AchievementForm, type AchievementPoint } from "../../schemas/achievement";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage } from "../../schemas/person-fields";
import { xlsxResponse, type CellInput, type ExcelColumn } from "../../utils/excel.server";
import type { Db, Tx } from "../db/client.server";
import { achievementScores } from "../db/schema";
import { requireAuth, type CallContext, type GetRouteDef, type RouteDef } from "../lib/context.server";
import { ok, parseInput } from "../lib/envelope.server";
import { downloadColumnsFor, evalColumnsFor, evalParams, pickColumns } from "../lib/people.server";
import { importSheet, uploadHandler } from "../lib/sheet-import.server";
import { formatWireDate, seoulYear } from "../lib/time";
import { MAX_UPLOAD_BODY_BYTES } from "../lib/upload.server";
import type { ResourceTemplate } from "./file.server";

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

async function scoresUpTo(db: Db | Tx, year: number | undefined): Promise<ScoreRow[]> {
  return db
    .select()
    .from(achievementScores)
    .where(year === undefined ? undefined : lte(achievementScores.year, year))
    .orderBy(asc(achievementScores.year), asc(achievementScores.dept));
}

/** One point per year that has a score: 기초 as `basic`, 임상 as `clinical`. */
export function chartPoints(rows: readonly Pick<ScoreRow, "year" | "dept" | "score">[]): AchievementPoint[] {
  const byYear = new Map<number, AchievementPoint>();
  for (const r of rows) {
    if (!(ACHIEVEMENT_DEPTS as readonly string[]).includes(r.dept)) continue;
    const p = byYear.get(r.year) ?? { year: r.year, basic: null, clinical: null };
    p[deptKey(r.dept as (typeof ACHIEVEMENT_DEPTS)[number])] = r.score;
    byYear.set(r.year, p);
  }
  return [...byYear.values()].sort((a, b) => a.year - b.year);
}

const ChartBody = z.object({ year: yearLimit, ...evalParams });

async function getArchiveChart(ctx: CallContext) {
  const body = parseInput(ChartBody, ctx.body);
  const chartData = chartPoints(await scoresUpTo(ctx.db, body.year));
  if (body.eiSeq && body.menuSeq) {
    const columns = await evalColumnsFor(ctx.db, body.eiSeq, body.menuSeq, body.year ?? seoulYear());
    return ok({ chartData, list: chartData.map((p) => pickColumns({ ...p }, columns)), columns });
  }
  return ok({ chartData });
}

const DetailBody = z.object({
  year: z.coerce.number().int().min(1900).max(2999),
  dept: z.enum(ACHIEVEMENT_DEPTS, { errorMap: () => ({ message: MSG.affiliationRequired }) }),
});

async function archiveDetail(ctx: CallContext) {
  const { year, dept } = parseInput(DetailBody, ctx.body);
  const [row] = await ctx.db
    .select()
    .from(achievementScores)
    .where(and(eq(achievementScores.year, year), eq(achievementScores.dept, dept)))
    .limit(1);
  return ok({ archive: row ? scoreView(row) : null });
}

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

const archiveExcelUpload = uploadHandler((ctx, bytes) => {
  const schema = achievementSchema(seoulYear());
  return importSheet<AchievementForm>(
    ctx.db,
    {
      headers: Object.values(HEADERS),
      idOf: (cells) => [cells[HEADERS.year], cells[HEADERS.dept]].filter(Boolean).join(" "),
      read: (cells) => {
        const parsed = schema.safeParse({ year: cells[HEADERS.year], dept: cells[HEADERS.dept], score: cells[HEADERS.score] });
        if (!parsed.success) return { ok: false, message: firstMessage(parsed.error.issues, achievementOrder) ?? OWN_MSG.badRequest };
        return { ok: true, record: parsed.data };
      },
      key: (r) => `${r.year}/${r.dept}`,
      duplicateMessage: OWN_MSG.achievementDuplicate,
      save: (tx, records) => upsert(tx, records),
    },
    bytes,
  );
});

const DownloadQuery = z.object({ year: yearLimit, ...evalParams });

async function archiveExcelDown(ctx: CallContext): Promise<Response> {
  requireAuth(ctx);
  const q = parseInput(DownloadQuery, ctx.body);
  const rows = await scoresUpTo(ctx.db, q.year);
  const name = `${LABEL}${q.year ? `_${q.year}` : ""}.xlsx`;
  if (q.eiSeq && q.menuSeq) {
    const configured = await downloadColumnsFor(ctx.db, q.eiSeq, q.menuSeq, q.year ?? seoulYear());
    const columns: ExcelColumn<AchievementPoint>[] = configured.map((c) => ({ header: c.clmNm, value: (p) => ((p as unknown as Record<string, CellInput>)[c.clm] ?? null) }));
    return xlsxResponse(name, { sheetName: LABEL, columns, rows: chartPoints(rows) });
  }
  const columns: ExcelColumn<ScoreView>[] = [
    { header: HEADERS.year, value: (v) => v.year },
    { header: HEADERS.dept, value: (v) => v.dept },
    { header: HEADERS.score, value: (v) => v.score },
    { header: "수정일", width: 20, value: (v) => v.uptDt },
  ];
  return xlsxResponse(name, { sheetName: LABEL, columns, rows: rows.map(scoreView) });
}

/** The upload template: the upload's headers and one example row. */
export const achievementTemplates: ResourceTemplate[] = [
  {
    ...ACHIEVEMENT_TEMPLATE,
    build: async (_db, year) =>
      xlsxResponse(ACHIEVEMENT_TEMPLATE.fileName, {
        sheetName: LABEL,
        columns: [
          { header: HEADERS.year, value: () => Math.min(year, seoulYear()) },
          { header: HEADERS.dept, value: () => "기초" },
          { header: HEADERS.score, value: () => 85 },
        ],
        rows: [null],
      }),
  },
];

export const achievementRoutes: RouteDef[] = [
  { path: "/api/professor/getArchiveChart.do", auth: "required", handler: getArchiveChart },
  { path: "/api/professor/archiveDetail.do", auth: "required", handler: archiveDetail },
  { path: "/api/professor/editArchive.do", auth: "required", handler: editArchive },
  { path: "/api/professor/archiveExcelUpload.do", auth: "required", handler: archiveExcelUpload, multipartMaxBytes: MAX_UPLOAD_BODY_BYTES },
];

export const achievementGetRoutes: GetRouteDef[] = [{ path: "/api/professor/archiveExcelDown.do", auth: "required", handler: archiveExcelDown }];
