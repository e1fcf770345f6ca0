/**
 * Common codes (app/calls/code.ts): loginpass/getCommCodeList.do (no sign-in: the sign-up and
 * find-password dialogs need departments and e-mail domains) and comm/getCommCodeList.do.
 */
import { and, asc, desc, eq, inArray, lte } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../db/client.server";
import { readCache } from "../db/read-cache.server";
import { commCodeGroups, commCodes } from "../db/schema";
import { route, type CallContext, type RouteDef } from "../lib/context.server";
import { CODES } from "../../calls/code";
import { ok, parseInput } from "../lib/envelope.server";
import { seoulYear } from "../lib/time";

export interface CodeItem {
  id: string;
  text: string;
}

/** A code of `list` from a sheet cell: its id or its name ('4학년', '4 학년'); unknown text stays as it is (and fails). */
export function codeOfCell(list: readonly CodeItem[], cell: string): string {
  const t = cell.trim();
  if (!t) return "";
  const bare = (s: string) => s.replace(/\s/g, "");
  return (list.find((c) => c.id === t || c.text === t) ?? list.find((c) => bare(c.text) === bare(t)))?.id ?? t;
}

/** A year as the wire sends it ('2025' or 2025); blank means the current year in Asia/Seoul. */
export const wireYear = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? undefined : v),
  z.coerce.number().int().min(1900).max(2999).optional(),
);

const CodeListBody = z.object({
  code: z.string().regex(/^[0-9]{10}$/),
  year: wireYear,
});

/** The in-use codes of a group for a year, in order. */
export async function listCodes(db: Db | Tx, cmmnCd: string, year: number): Promise<CodeItem[]> {
  return db
    .select({ id: commCodes.code, text: commCodes.codeNm })
    .from(commCodes)
    .innerJoin(commCodeGroups, eq(commCodeGroups.cmmnCd, commCodes.cmmnCd))
    .where(
      and(eq(commCodes.cmmnCd, cmmnCd), eq(commCodes.year, year), eq(commCodes.usyn, "Y"), eq(commCodeGroups.usyn, "Y")),
    )
    .orderBy(asc(commCodes.sort), asc(commCodes.code));
}

/**
 * The codes of a group for the current year, or for the latest earlier year that has any
 * (reference lists such as departments should not vanish on 1 January).
 */
export async function currentCodes(db: Db | Tx, cmmnCd: string): Promise<CodeItem[]> {
  const year = seoulYear();
  const now = await listCodes(db, cmmnCd, year);
  if (now.length) return now;
  const [latest] = await db
    .select({ year: commCodes.year })
    .from(commCodes)
    .where(and(eq(commCodes.cmmnCd, cmmnCd), lte(commCodes.year, year)))
    .orderBy(desc(commCodes.year))
    .limit(1);
  return latest ? listCodes(db, cmmnCd, latest.year) : [];
}

/**
 * The codes of a group for `year`; when that year has none, those of the latest earlier year that
 * has any, else of the earliest later one (a new year's screens work before its codes are copied).
 */
export async function codesForYear(db: Db | Tx, cmmnCd: string, year: number): Promise<CodeItem[]> {
  const exact = await listCodes(db, cmmnCd, year);
  if (exact.length) return exact;
  const years = await db
    .selectDistinct({ year: commCodes.year })
    .from(commCodes)
    .where(and(eq(commCodes.cmmnCd, cmmnCd), eq(commCodes.usyn, "Y")));
  const sorted = years.map((y) => y.year).sort((a, b) => a - b);
  const earlier = sorted.filter((y) => y < year);
  const fallback = earlier.length ? earlier[earlier.length - 1] : sorted[0];
  return fallback === undefined ? [] : listCodes(db, cmmnCd, fallback);
}

/**
 * Code id → name for the groups, as in `year` (codesForYear's fallback applies per group); kept
 * until the next write to the database (read-cache.server.ts): every list call asks.
 */
export async function codeNames(db: Db | Tx, cmmnCds: readonly string[], year: number): Promise<Map<string, string>> {
  const pairs = await readCache(db).get(`codes:${year}:${cmmnCds.join(",")}`, async () => {
    // every group's codes of the year in one query (a list call asks for five groups); a group the
    // year has none of takes codesForYear's fallback on its own
    const rows = cmmnCds.length
      ? await db
          .select({ group: commCodes.cmmnCd, id: commCodes.code, text: commCodes.codeNm })
          .from(commCodes)
          .innerJoin(commCodeGroups, eq(commCodeGroups.cmmnCd, commCodes.cmmnCd))
          .where(and(inArray(commCodes.cmmnCd, [...cmmnCds]), eq(commCodes.year, year), eq(commCodes.usyn, "Y"), eq(commCodeGroups.usyn, "Y")))
          .orderBy(asc(commCodes.sort), asc(commCodes.code))
      : [];
    const lists = await Promise.all(
      cmmnCds.map(async (c) => {
        const of = rows.filter((r) => r.group === c);
        return of.length ? of : codesForYear(db, c, year);
      }),
    );
    return lists.flat().map((c): [string, string] => [c.id, c.text]);
  });
  return new Map(pairs);
}

/** Whether `code` is an in-use code of the group in any year. */
export async function isKnownCode(db: Db | Tx, cmmnCd: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: commCodes.code })
    .from(commCodes)
    .where(and(eq(commCodes.cmmnCd, cmmnCd), eq(commCodes.code, code), eq(commCodes.usyn, "Y")))
    .limit(1);
  return row !== undefined;
}

async function getCommCodeList(ctx: CallContext) {
  const body = parseInput(CodeListBody, ctx.body);
  return ok({ list: await listCodes(ctx.db, body.code, body.year ?? seoulYear()) });
}

export const codeRoutes: RouteDef[] = [
  route(CODES.publicList, "none", getCommCodeList),
  route(CODES.list, "required", getCommCodeList),
];
