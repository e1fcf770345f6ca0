/**
 * P17 code management (spec 000 §3 "Code header", "Code node", "History", §4 code usage, §5
 * "Code", §7 "Codes"; issue 16), administrators only (`auth: "admin"`, ADR 0040):
 * - getCodeList.do {searchTxt}: the code categories (name or id contains the text) with the count
 *   of this year's codes (regCnt);
 * - insertCodeInfo.do: type `info` {cmmnCd?, cmmnNm} registers or renames a category ('코드 분류를
 *   입력하세요.'); type `list` (or `row`) {cmmnCd, year, data} saves a year's two-level tree, every
 *   row inserted (mode I) or updated (mode U), label and usage checked across the whole list first
 *   ('코드명을 입력해주세요.');
 * - getCodeInfo.do {cmmnCd, year}: the category, the year's tree and the years that have codes;
 * - copyCodeList.do {afterYear, esblDt, year, cmmnCd}: loads `year`'s codes into `afterYear`
 *   (codes the target year has already are kept as they are); answers the counts {copied, kept};
 * - getCodeListHt.do {code, year}: the category's change history in the year, newest first.
 * A code applies in its year, 1 January to 31 December (esblDt, esblYear); usage N takes it out
 * of every screen's choices (code.server.ts lists in-use codes only).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { CODE_NAME_MAX, codeGroupNameSchema, codeNameTooLong } from "../../routes/_app.management.code+/__schema";
import type { Tx } from "../db/client.server";
import { commCodeGroups, commCodeHist, commCodes } from "../db/schema";
import { requireAuth, route, type CallContext, type RouteDef } from "../lib/context.server";
import { CODES } from "../../calls/code";
import { fail, ok, parseInput } from "../lib/envelope.server";
import { formatWireDate, seoulYear } from "../lib/time";

const GROUP_RE = /^[0-9]{10}$/;
const yearField = (message: string) => z.preprocess((v) => (v === "" || v === null || v === undefined ? undefined : v), z.coerce.number({ required_error: message, invalid_type_error: message }).int().min(2000, message).max(2999, message));
const groupField = z.string({ required_error: OWN_MSG.badRequest }).regex(GROUP_RE, OWN_MSG.badRequest);

const ListBody = z.object({ searchTxt: z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 100) : ""), z.string()) });
const InfoBody = z.object({
  cmmnCd: z.preprocess((v) => (v === "" || v === null ? undefined : v), groupField.optional()),
  cmmnNm: codeGroupNameSchema,
  // ours (issue 35 §7): the category's usage; absent, it stays as it is (a new one is Y)
  usyn: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(["Y", "N"], { errorMap: () => ({ message: OWN_MSG.usynRequired }) }).optional()),
});

/** A node of the tree as the wire carries it (spec 000 §3 "Code node"). */
interface WireNode {
  key: string;
  data: { id: string; label: string; lvl: number; prtKey: string | null; usyn: string };
  children: WireNode[];
  mode: "I" | "U";
}
const nodeShape: z.ZodType<WireNode, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.object({
    key: z.coerce.string().max(40),
    data: z.object({
      id: z.preprocess((v) => (v === null || v === undefined ? "" : String(v)), z.string().max(20)),
      label: z.preprocess((v) => (typeof v === "string" ? v.trim() : v ?? ""), z.string()),
      lvl: z.coerce.number().int().min(1).max(2),
      prtKey: z.preprocess((v) => (v === "" || v === undefined ? null : v), z.string().max(40).nullable()),
      usyn: z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string()),
    }),
    children: z.preprocess((v) => v ?? [], z.array(nodeShape).max(500)),
    mode: z.enum(["I", "U"]),
  }),
);
const TreeBody = z.object({
  cmmnCd: groupField,
  year: yearField(OWN_MSG.badRequest),
  data: z.preprocess((v) => (typeof v === "string" ? safeJson(v) : v), z.array(nodeShape).max(500)),
});
const InfoQuery = z.object({ cmmnCd: groupField, year: z.preprocess((v) => (v === "" || v == null ? undefined : v), yearField(OWN_MSG.badRequest).optional()) });
const CopyBody = z.object({
  cmmnCd: groupField,
  year: yearField(MSG.codeCopyYearRequired),
  afterYear: yearField(OWN_MSG.badRequest),
  esblDt: z.preprocess((v) => (v === "" || v == null ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}/).optional()),
});
const HistBody = z.object({ code: groupField, year: z.preprocess((v) => (v === "" || v == null ? undefined : v), yearField(OWN_MSG.badRequest).optional()) });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The year's start and end (spec 000 §9: a code's year runs 1 January to 31 December). */
const esblDtOf = (year: number) => `${year}-01-01`;

async function groupOf(db: Tx | CallContext["db"], cmmnCd: string) {
  const [g] = await db.select().from(commCodeGroups).where(eq(commCodeGroups.cmmnCd, cmmnCd)).limit(1);
  return g;
}

async function getCodeList(ctx: CallContext) {
  const { searchTxt } = parseInput(ListBody, ctx.body);
  const like = `%${searchTxt.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const year = seoulYear();
  const rows = await ctx.db
    .select({
      cmmnCd: commCodeGroups.cmmnCd,
      cmmnNm: commCodeGroups.cmmnNm,
      usyn: commCodeGroups.usyn,
      regDt: commCodeGroups.regDt,
      // qualified by hand: inside a subquery Drizzle writes bare column names, which would both be comm_codes'
      regCnt: sql<number>`(select count(*)::int from "comm_codes" c where c."cmmn_cd" = "comm_code_groups"."cmmn_cd" and c."year" = ${year})`,
    })
    .from(commCodeGroups)
    .where(searchTxt ? sql`(${commCodeGroups.cmmnNm} ilike ${like} or ${commCodeGroups.cmmnCd} like ${like})` : undefined)
    .orderBy(asc(commCodeGroups.sort), asc(commCodeGroups.cmmnCd));
  return ok({ list: rows.map((r) => ({ ...r, regDt: formatWireDate(r.regDt) })) });
}

/** Registers a category (the next free group id) or renames one. */
async function saveInfo(ctx: CallContext) {
  const body = parseInput(InfoBody, ctx.body, ["cmmnNm"]);
  if (body.cmmnCd) {
    const done = await ctx.db.update(commCodeGroups).set({ cmmnNm: body.cmmnNm, ...(body.usyn ? { usyn: body.usyn } : {}), uptDt: new Date() }).where(eq(commCodeGroups.cmmnCd, body.cmmnCd)).returning({ cmmnCd: commCodeGroups.cmmnCd });
    if (!done.length) return fail(404, MSG.noData);
    return ok({ cmmnCd: body.cmmnCd }, MSG.updated);
  }
  const cmmnCd = await ctx.db.transaction(async (tx) => {
    // one registration at a time takes the next id
    await tx.execute(sql`select pg_advisory_xact_lock(160017)`);
    const [{ max, sort }] = await tx.select({ max: sql<string | null>`max(${commCodeGroups.cmmnCd})`, sort: sql<number>`coalesce(max(${commCodeGroups.sort}), 0)::int` }).from(commCodeGroups);
    const next = (Number(max ?? "0") + 100_000).toString().padStart(10, "0");
    await tx.insert(commCodeGroups).values({ cmmnCd: next, cmmnNm: body.cmmnNm, usyn: body.usyn ?? "Y", sort: sort + 1 });
    return next;
  });
  return ok({ cmmnCd }, MSG.registered);
}

/** Label and usage of every row, checked over the whole list before anything is saved (spec 000 §5). */
function checkTree(nodes: readonly WireNode[]): string | null {
  const all = nodes.flatMap((n) => [n, ...n.children]);
  if (all.some((n) => !n.data.label)) return MSG.codeNameRequired;
  if (all.some((n) => n.data.label.length > CODE_NAME_MAX)) return codeNameTooLong;
  if (all.some((n) => n.data.usyn !== "Y" && n.data.usyn !== "N")) return OWN_MSG.usynRequired;
  if (nodes.some((n) => n.children.some((c) => c.children.length))) return OWN_MSG.badRequest;
  return null;
}

async function saveTree(ctx: CallContext) {
  const auth = requireAuth(ctx);
  const body = parseInput(TreeBody, ctx.body);
  const problem = checkTree(body.data);
  if (problem) return fail(400, problem);
  if (!(await groupOf(ctx.db, body.cmmnCd))) return fail(404, MSG.noData);
  const { cmmnCd, year } = body;
  const now = new Date();
  const saved = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(160016)`);
    const existing = await tx.select().from(commCodes).where(and(eq(commCodes.cmmnCd, cmmnCd), eq(commCodes.year, year)));
    const byCode = new Map(existing.map((c) => [c.code, c]));
    const [{ max }] = await tx.select({ max: sql<string | null>`max(${commCodes.code})` }).from(commCodes).where(eq(commCodes.cmmnCd, cmmnCd));
    let last = Math.max(Number(max ?? cmmnCd), Number(cmmnCd));
    const history: (typeof commCodeHist.$inferInsert)[] = [];
    let sort = 0;
    const save = async (n: WireNode, lvl: 1 | 2, prtKey: string | null): Promise<string> => {
      sort += 1;
      const known = n.mode === "U" ? byCode.get(n.data.id) : undefined;
      if (n.mode === "U" && !known) throw new SaveRefused(MSG.noData);
      if (known) {
        if (known.lvl !== lvl) throw new SaveRefused(OWN_MSG.badRequest);
        if (known.codeNm !== n.data.label || known.usyn !== n.data.usyn || known.sort !== sort || known.prtKey !== prtKey) {
          await tx
            .update(commCodes)
            .set({ codeNm: n.data.label, usyn: n.data.usyn, sort, prtKey, uptDt: now })
            .where(and(eq(commCodes.cmmnCd, cmmnCd), eq(commCodes.code, known.code), eq(commCodes.year, year)));
        }
        if (known.codeNm !== n.data.label || known.usyn !== n.data.usyn) {
          history.push({ cmmnCd, code: known.code, year, codeNm: known.codeNm, aftCodeNm: n.data.label, usyn: known.usyn, aftUsyn: n.data.usyn, userSeq: auth.user.userSeq, userNm: auth.user.userNm, uptDt: now });
        }
        return known.code;
      }
      last += 1;
      const code = last.toString().padStart(10, "0");
      if (code.slice(0, 5) !== cmmnCd.slice(0, 5)) throw new SaveRefused(OWN_MSG.codeGroupFull);
      await tx.insert(commCodes).values({ cmmnCd, code, year, codeNm: n.data.label, lvl, prtKey, sort, usyn: n.data.usyn });
      history.push({ cmmnCd, code, year, codeNm: null, aftCodeNm: n.data.label, usyn: null, aftUsyn: n.data.usyn, userSeq: auth.user.userSeq, userNm: auth.user.userNm, uptDt: now });
      return code;
    };
    for (const parent of body.data) {
      const id = await save(parent, 1, null);
      for (const child of parent.children) await save(child, 2, id);
    }
    if (history.length) await tx.insert(commCodeHist).values(history);
    return history.length;
  }).catch((e: unknown) => {
    if (e instanceof SaveRefused) return e;
    throw e;
  });
  if (saved instanceof SaveRefused) return fail(400, saved.message);
  return ok({ changed: saved }, MSG.saved);
}

class SaveRefused extends Error {}

async function insertCodeInfo(ctx: CallContext) {
  const type = ctx.body.type;
  if (type === "list" || type === "row") return saveTree(ctx);
  // spec 000 §7: {cmmnNm, type} registers a category; `info` is ours for the rename too
  return saveInfo(ctx);
}

/** The year's codes as the two-level tree (spec 000 §3 "Code node"), in order. */
export async function codeTree(db: CallContext["db"], cmmnCd: string, year: number) {
  const rows = await db.select().from(commCodes).where(and(eq(commCodes.cmmnCd, cmmnCd), eq(commCodes.year, year))).orderBy(asc(commCodes.sort), asc(commCodes.code));
  const node = (c: (typeof rows)[number]) => ({
    key: c.code,
    data: { id: c.code, label: c.codeNm, lvl: c.lvl, prtKey: c.prtKey, esblDt: esblDtOf(year), esblYear: year, usyn: c.usyn },
    children: [] as unknown[],
    mode: "U" as const,
  });
  const parents = rows.filter((c) => c.lvl === 1).map(node);
  const byKey = new Map(parents.map((p) => [p.key, p]));
  for (const c of rows.filter((r) => r.lvl === 2)) byKey.get(c.prtKey ?? "")?.children.push(node(c));
  return parents;
}

async function getCodeInfo(ctx: CallContext) {
  const body = parseInput(InfoQuery, ctx.body);
  const group = await groupOf(ctx.db, body.cmmnCd);
  if (!group) return fail(404, MSG.noData);
  const year = body.year ?? seoulYear();
  const years = await ctx.db.selectDistinct({ year: commCodes.year }).from(commCodes).where(eq(commCodes.cmmnCd, body.cmmnCd));
  return ok({
    info: { cmmnCd: group.cmmnCd, cmmnNm: group.cmmnNm, usyn: group.usyn, year, esblDt: esblDtOf(year) },
    list: await codeTree(ctx.db, body.cmmnCd, year),
    yearList: years.map((y) => y.year).sort((a, b) => b - a),
  });
}

async function copyCodeList(ctx: CallContext) {
  const auth = requireAuth(ctx);
  const body = parseInput(CopyBody, ctx.body, ["year", "afterYear"]);
  if (body.year === body.afterYear) return fail(400, MSG.codeCopyYearRequired);
  if (!(await groupOf(ctx.db, body.cmmnCd))) return fail(404, MSG.noData);
  const now = new Date();
  const copied = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(160016)`);
    const source = await tx.select().from(commCodes).where(and(eq(commCodes.cmmnCd, body.cmmnCd), eq(commCodes.year, body.year)));
    const present = new Set(
      (await tx.select({ code: commCodes.code }).from(commCodes).where(and(eq(commCodes.cmmnCd, body.cmmnCd), eq(commCodes.year, body.afterYear)))).map((c) => c.code),
    );
    const rows = source.filter((c) => !present.has(c.code));
    const kept = source.length - rows.length;
    if (!rows.length) return { copied: 0, kept };
    await tx.insert(commCodes).values(rows.map((c) => ({ cmmnCd: c.cmmnCd, code: c.code, year: body.afterYear, codeNm: c.codeNm, lvl: c.lvl, prtKey: c.prtKey, sort: c.sort, usyn: c.usyn })));
    await tx.insert(commCodeHist).values(
      rows.map((c) => ({ cmmnCd: c.cmmnCd, code: c.code, year: body.afterYear, codeNm: null, aftCodeNm: c.codeNm, usyn: null, aftUsyn: c.usyn, userSeq: auth.user.userSeq, userNm: auth.user.userNm, uptDt: now })),
    );
    return { copied: rows.length, kept };
  });
  return ok(copied, MSG.copied);
}

async function getCodeListHt(ctx: CallContext) {
  const body = parseInput(HistBody, ctx.body);
  const year = body.year ?? seoulYear();
  const rows = await ctx.db
    .select()
    .from(commCodeHist)
    .where(and(eq(commCodeHist.cmmnCd, body.code), eq(commCodeHist.year, year)))
    .orderBy(desc(commCodeHist.uptDt), desc(commCodeHist.histSeq))
    .limit(1000);
  return ok({
    list: rows.map((h) => ({ code: h.code, userNm: h.userNm, uptDt: formatWireDate(h.uptDt), codeNm: h.codeNm ?? "", aftCodeNm: h.aftCodeNm, usyn: h.usyn ?? "", aftUsyn: h.aftUsyn, year: h.year })),
  });
}

export const codeAdminRoutes: RouteDef[] = [
  route(CODES.groups, "admin", getCodeList),
  route(CODES.save, "admin", insertCodeInfo),
  route(CODES.info, "admin", getCodeInfo),
  route(CODES.copy, "admin", copyCodeList),
  route(CODES.history, "admin", getCodeListHt),
];
