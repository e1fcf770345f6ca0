/**
 * Evaluation mode (spec 001 §1, §4) and P15 evaluation indicators (spec 000 §3, §5, §7
 * "Evaluation indicators"; ADR 0039).
 *
 * - getEvalColumnsList.do {eiSeq, menuSeq, year}: the columns evaluation `eiSeq` shows of menu
 *   `menuSeq`'s list in `year` (table eval_columns; the latest configured year not after `year`
 *   when that year has none; what editMenu.do saved is year 0, every year).
 * - evalIndctList.do {menuSeq}: the indicators of an indicator page's menu, with their years.
 * - editEvalIndct.do {menuSeq, eiSeq?, evalIndctNm, evalStnd, years, authTyList, auth}: adds or
 *   edits one (mode 'D' deletes it); the name and criterion are required (spec 000 §5).
 * - getEvalInfoAll.do {menuSeq, eiSeq}: the indicator and its cards (menuSeq, menuNm, menuUrl,
 *   excelUrl, menuTy, the ticked columns, a synced report's last sync).
 * - getClmList.do {menuSeq, eiSeq?}: the columns a data menu's screen offers (clmSeq, clmNm; with
 *   eiSeq also whether that indicator ticked it, chkYn).
 * - editMenu.do {menuSeq, clms, eiSeq}: attaches the data menu with those columns (or changes them).
 * - deleteEvalIndctMenu.do {menuSeq, eiSeq}: takes a card off (and its columns).
 */
import { and, asc, eq, inArray, max } from "drizzle-orm";
import { z } from "zod";
import { INDICATOR_PATH, indicatorSchemaOf, indicatorOrder, menuColumnsOrder, menuColumnsSchema } from "../../schemas/eval-indicators";
import { isReport, offeredColumns, excelHrefOf } from "../../schemas/eval-columns";
import { REPORTS } from "../../reports/definitions";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { joinAuthorities } from "../../schemas/rules";
import type { Db, Tx } from "../db/client.server";
import { EVERY_YEAR, evalColumns, evalIndicatorMenus, evalIndicators, evalIndicatorYears, menus, reportSyncs } from "../db/schema";
import { route, type CallContext, type RouteDef } from "../lib/context.server";
import { INDICATORS } from "../../calls/eval-indicators";
import { ApiError, fail, ok, parseInput } from "../lib/envelope.server";
import { evalColumnsFor, listYear, seqField } from "../lib/people.server";
import { formatWireDate, seoulYear } from "../lib/time";
import { CATALOG } from "../reports/catalog.server";
import { requireStaff } from "./survey.server";

const Body = z.object({ eiSeq: seqField, menuSeq: seqField, year: listYear });

async function getEvalColumnsList(ctx: CallContext) {
  const { eiSeq, menuSeq, year } = parseInput(Body, ctx.body);
  return ok({ list: await evalColumnsFor(ctx.db, eiSeq, menuSeq, year) });
}

// ---------------------------------------------------------------------------------------------
// Indicators
// ---------------------------------------------------------------------------------------------

const PageBody = z.object({ menuSeq: seqField });

/** An indicator page's menu (its url is /eval/indicator/{menuSeq}); others are refused. */
async function pageMenu(db: Db | Tx, menuSeq: number) {
  const [m] = await db.select({ menuSeq: menus.menuSeq, menuUrl: menus.menuUrl }).from(menus).where(eq(menus.menuSeq, menuSeq)).limit(1);
  if (!m || m.menuUrl !== `${INDICATOR_PATH}/${menuSeq}`) throw new ApiError(fail(400, OWN_MSG.indicatorPageOnly));
  return m;
}

/** The indicator `eiSeq` of page `menuSeq` (in use), or status 404. */
async function indicatorOf(db: Db | Tx, menuSeq: number, eiSeq: number) {
  const [row] = await db
    .select()
    .from(evalIndicators)
    .where(and(eq(evalIndicators.eiSeq, eiSeq), eq(evalIndicators.menuSeq, menuSeq), eq(evalIndicators.usyn, "Y")))
    .limit(1);
  if (!row) throw new ApiError(fail(404, OWN_MSG.indicatorNotFound));
  return row;
}

async function yearsOfIndicators(db: Db | Tx, eiSeqs: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!eiSeqs.length) return out;
  const rows = await db.select().from(evalIndicatorYears).where(inArray(evalIndicatorYears.eiSeq, eiSeqs)).orderBy(asc(evalIndicatorYears.year));
  for (const r of rows) out.set(r.eiSeq, [...(out.get(r.eiSeq) ?? []), r.year]);
  return out;
}

const wireIndicator = (r: typeof evalIndicators.$inferSelect, years: number[]) => ({
  eiSeq: r.eiSeq,
  menuSeq: r.menuSeq,
  evalIndctNm: r.evalIndctNm,
  evalStnd: r.evalStnd,
  years,
  regDt: formatWireDate(r.regDt),
  uptDt: formatWireDate(r.uptDt),
});

async function evalIndctList(ctx: CallContext) {
  requireStaff(ctx);
  const { menuSeq } = parseInput(PageBody, ctx.body);
  await pageMenu(ctx.db, menuSeq);
  const rows = await ctx.db
    .select()
    .from(evalIndicators)
    .where(and(eq(evalIndicators.menuSeq, menuSeq), eq(evalIndicators.usyn, "Y")))
    .orderBy(asc(evalIndicators.eiSeq));
  const years = await yearsOfIndicators(ctx.db, rows.map((r) => r.eiSeq));
  return ok({ list: rows.map((r) => wireIndicator(r, years.get(r.eiSeq) ?? [])) });
}

const SaveBody = z.object({ menuSeq: seqField, mode: z.enum(["I", "U", "D"]).optional(), authTyList: z.unknown().optional(), auth: z.unknown().optional() });

async function editEvalIndct(ctx: CallContext) {
  const auth = requireStaff(ctx);
  const { menuSeq, mode } = parseInput(SaveBody, ctx.body);
  await pageMenu(ctx.db, menuSeq);
  if (mode === "D") {
    const { eiSeq } = parseInput(z.object({ eiSeq: seqField }), ctx.body);
    await indicatorOf(ctx.db, menuSeq, eiSeq);
    await ctx.db.update(evalIndicators).set({ usyn: "N", uptDt: new Date() }).where(eq(evalIndicators.eiSeq, eiSeq));
    return ok({ eiSeq }, MSG.deleted);
  }
  const d = parseInput(indicatorSchemaOf(seoulYear()), ctx.body, indicatorOrder);
  // spec 000 §6: saved with both authority types (the caller's when the body names none)
  const codes = (Array.isArray(ctx.body.authTyList) ? ctx.body.authTyList : []).map(String).filter((c) => c === "1" || c === "2");
  const authTy = joinAuthorities(codes.length ? codes : auth.authorities.filter((c) => c === "1" || c === "2"));
  const eiSeq = await ctx.db.transaction(async (tx) => {
    let seq = d.eiSeq;
    if (seq) {
      await indicatorOf(tx, menuSeq, seq);
      await tx.update(evalIndicators).set({ evalIndctNm: d.evalIndctNm, evalStnd: d.evalStnd, authTy, uptDt: new Date() }).where(eq(evalIndicators.eiSeq, seq));
      await tx.delete(evalIndicatorYears).where(eq(evalIndicatorYears.eiSeq, seq));
    } else {
      const [made] = await tx.insert(evalIndicators).values({ menuSeq, evalIndctNm: d.evalIndctNm, evalStnd: d.evalStnd, authTy }).returning({ eiSeq: evalIndicators.eiSeq });
      seq = made.eiSeq;
    }
    if (d.years.length) await tx.insert(evalIndicatorYears).values(d.years.map((year) => ({ eiSeq: seq!, year })));
    return seq;
  });
  return ok({ eiSeq }, d.eiSeq ? MSG.updated : MSG.created);
}

// ---------------------------------------------------------------------------------------------
// Cards (attached data menus) and their columns
// ---------------------------------------------------------------------------------------------

const CardBody = z.object({ menuSeq: seqField, eiSeq: seqField });

/** A synced report's last successful sync (the cover sheet's and the card's line), or null. */
async function lastSyncOf(db: Db | Tx, menuUrl: string): Promise<string | null> {
  const def = REPORTS.find((r) => r.path === menuUrl);
  const report = def && CATALOG.find((c) => c.id === def.id);
  if (!report) return null;
  const [row] = await db
    .select({ at: max(reportSyncs.regDt) })
    .from(reportSyncs)
    .where(and(eq(reportSyncs.report, report.key), eq(reportSyncs.rsltCd, "S")));
  return row?.at ? formatWireDate(row.at) : null;
}

/** The cards of an indicator: its attached data menus with their ticked columns. */
export async function cardsOf(db: Db | Tx, eiSeq: number) {
  const rows = await db
    .select({ menuSeq: menus.menuSeq, menuNm: menus.menuNm, menuUrl: menus.menuUrl, menuTy: menus.menuTy, upprMenuSeq: menus.upprMenuSeq })
    .from(evalIndicatorMenus)
    .innerJoin(menus, eq(menus.menuSeq, evalIndicatorMenus.menuSeq))
    .where(eq(evalIndicatorMenus.eiSeq, eiSeq))
    .orderBy(asc(evalIndicatorMenus.sort), asc(evalIndicatorMenus.menuSeq));
  const parents = new Map(
    (await db.select({ menuSeq: menus.menuSeq, menuNm: menus.menuNm }).from(menus)).map((m) => [m.menuSeq, m.menuNm] as const),
  );
  return Promise.all(
    rows.map(async (m) => ({
      menuSeq: m.menuSeq,
      menuNm: m.menuNm,
      upMenuNm: m.upprMenuSeq ? parents.get(m.upprMenuSeq) ?? "" : "",
      menuUrl: m.menuUrl ?? "",
      excelUrl: m.menuUrl ? excelHrefOf(m.menuUrl, { eiSeq, menuSeq: m.menuSeq, year: seoulYear() }).replace(/\?.*$/, "") : "",
      menuTy: m.menuTy,
      clms: await evalColumnsFor(db, eiSeq, m.menuSeq, seoulYear()),
      lastSyncTime: isReport(m.menuUrl) ? await lastSyncOf(db, m.menuUrl!) : null,
    })),
  );
}

async function getEvalInfoAll(ctx: CallContext) {
  requireStaff(ctx);
  const { menuSeq, eiSeq } = parseInput(CardBody, ctx.body);
  await pageMenu(ctx.db, menuSeq);
  const row = await indicatorOf(ctx.db, menuSeq, eiSeq);
  const years = await yearsOfIndicators(ctx.db, [eiSeq]);
  return ok({ info: wireIndicator(row, years.get(eiSeq) ?? []), list: await cardsOf(ctx.db, eiSeq) });
}

/** A data menu (in use) and the columns its screen offers. */
async function dataMenu(db: Db | Tx, menuSeq: number) {
  const [m] = await db.select().from(menus).where(and(eq(menus.menuSeq, menuSeq), eq(menus.usyn, "Y"))).limit(1);
  if (!m) throw new ApiError(fail(400, MSG.indicatorMenuRequired));
  return { menu: m, offered: offeredColumns(m.menuUrl) };
}

const ClmBody = z.object({ menuSeq: z.coerce.number({ invalid_type_error: MSG.indicatorMenuRequired }).int().positive(MSG.indicatorMenuRequired), eiSeq: seqField.optional() });

async function getClmList(ctx: CallContext) {
  requireStaff(ctx);
  const { menuSeq, eiSeq } = parseInput(ClmBody, ctx.body);
  const { offered } = await dataMenu(ctx.db, menuSeq);
  const ticked = new Set(eiSeq ? (await evalColumnsFor(ctx.db, eiSeq, menuSeq, seoulYear())).map((c) => c.clm) : []);
  return ok({ list: offered.map((c) => ({ clmSeq: c.clm, clm: c.clm, clmNm: c.clmNm, chkYn: ticked.has(c.clm) ? "Y" : "N" })) });
}

/**
 * The indicator page a card call names (`pageMenuSeq`, our extension sent from the indicator page):
 * when given, the indicator must be on it (ADR 0058); a caller that names none is judged by the
 * indicator alone.
 */
function otherPage(body: Record<string, unknown>, indicatorMenuSeq: number): boolean {
  const named = body.pageMenuSeq;
  return named !== undefined && named !== null && named !== "" && String(named) !== String(indicatorMenuSeq);
}

async function editMenu(ctx: CallContext) {
  requireStaff(ctx);
  const d = parseInput(menuColumnsSchema, ctx.body, menuColumnsOrder);
  const [ind] = await ctx.db.select().from(evalIndicators).where(and(eq(evalIndicators.eiSeq, d.eiSeq), eq(evalIndicators.usyn, "Y"))).limit(1);
  if (!ind || otherPage(ctx.body, ind.menuSeq)) throw new ApiError(fail(404, OWN_MSG.indicatorNotFound));
  const { offered } = await dataMenu(ctx.db, d.menuSeq);
  if (!offered.length) throw new ApiError(fail(400, MSG.indicatorNoColumns));
  const byKey = new Map(offered.map((c, i) => [c.clm, { ...c, sort: i + 1 }]));
  if (d.clms.some((c) => !byKey.has(c))) throw new ApiError(fail(400, OWN_MSG.indicatorBadColumn));
  const chosen = [...new Set(d.clms)].map((c) => byKey.get(c)!).sort((a, b) => a.sort - b.sort);
  const attached = await ctx.db.transaction(async (tx) => {
    const [had] = await tx.select({ n: evalIndicatorMenus.menuSeq }).from(evalIndicatorMenus).where(and(eq(evalIndicatorMenus.eiSeq, d.eiSeq), eq(evalIndicatorMenus.menuSeq, d.menuSeq)));
    if (!had) {
      const [last] = await tx.select({ s: max(evalIndicatorMenus.sort) }).from(evalIndicatorMenus).where(eq(evalIndicatorMenus.eiSeq, d.eiSeq));
      await tx.insert(evalIndicatorMenus).values({ eiSeq: d.eiSeq, menuSeq: d.menuSeq, sort: Number(last?.s ?? 0) + 1 });
    }
    await tx.delete(evalColumns).where(and(eq(evalColumns.eiSeq, d.eiSeq), eq(evalColumns.menuSeq, d.menuSeq)));
    await tx.insert(evalColumns).values(chosen.map((c, i) => ({ eiSeq: d.eiSeq, menuSeq: d.menuSeq, year: EVERY_YEAR, clm: c.clm, clmNm: c.clmNm, sort: i + 1 })));
    return Boolean(had);
  });
  return ok(null, attached ? MSG.updated : MSG.added);
}

async function deleteEvalIndctMenu(ctx: CallContext) {
  requireStaff(ctx);
  const { menuSeq, eiSeq } = parseInput(CardBody, ctx.body);
  const [ind] = await ctx.db.select().from(evalIndicators).where(and(eq(evalIndicators.eiSeq, eiSeq), eq(evalIndicators.usyn, "Y"))).limit(1);
  if (!ind || otherPage(ctx.body, ind.menuSeq)) throw new ApiError(fail(404, OWN_MSG.indicatorNotFound));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(evalIndicatorMenus).where(and(eq(evalIndicatorMenus.eiSeq, eiSeq), eq(evalIndicatorMenus.menuSeq, menuSeq)));
    await tx.delete(evalColumns).where(and(eq(evalColumns.eiSeq, eiSeq), eq(evalColumns.menuSeq, menuSeq)));
  });
  return ok(null, MSG.deleted);
}

export const evalRoutes: RouteDef[] = [
  route(INDICATORS.evalColumns, "required", getEvalColumnsList),
  route(INDICATORS.list, "required", evalIndctList),
  route(INDICATORS.save, "required", editEvalIndct),
  route(INDICATORS.cards, "required", getEvalInfoAll),
  route(INDICATORS.columns, "required", getClmList),
  route(INDICATORS.editMenu, "required", editMenu),
  route(INDICATORS.deleteMenu, "required", deleteEvalIndctMenu),
];
