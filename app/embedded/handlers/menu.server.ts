/**
 * Menu calls: /api/comm/menu/getMenuList.do, getMenuListForLowLevel.do, getDeptCodes.do,
 * getMenuByDept.do. A user sees a menu when an administrator, or when the menu's authTy names one
 * of the user's authorities ('' = everyone, 'ADMIN' = administrators only), and its parent is
 * visible too.
 */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { MSG } from "../../schemas/messages.ko";
import { splitAuthorities } from "../../schemas/rules";
import type { Db } from "../db/client.server";
import { menuDepts, menus, type MenuRow } from "../db/schema";
import { CODE } from "../db/seed-data";
import { requireAuth, route, type AuthInfo, type CallContext, type RouteDef } from "../lib/context.server";
import { MENUS } from "../../calls/menu";
import { fail, ok, parseInput } from "../lib/envelope.server";
import { currentCodes } from "./code.server";

export interface MenuDto {
  menuSeq: number;
  upprMenuSeq: number | null;
  menuLvl: number;
  menuTy: string;
  menuNm: string;
  menuUrl: string | null;
  /** Visible children that lead somewhere (have a url). */
  cmpltCnt: number;
  /** The parent's name. */
  upprMenuNm: string | null;
  /** The level-1 ancestor's name (for level 3; the parent's for level 2). */
  upMenuNm: string | null;
  sort: number;
}

export function canSeeMenu(menu: Pick<MenuRow, "authTy">, who: Pick<AuthInfo, "isAdmin" | "authorities">): boolean {
  if (who.isAdmin) return true;
  const required = splitAuthorities(menu.authTy);
  if (required.length === 0) return true;
  if (required.includes("ADMIN")) return false;
  return required.some((a) => who.authorities.includes(a));
}

interface VisibleTree {
  /** Visible menus in tree order (depth first, by sort). */
  ordered: MenuDto[];
  bySeq: Map<number, MenuDto>;
}

/** Loads the in-use menus and answers those the user may open, in tree order. */
export async function visibleMenus(db: Db, who: AuthInfo): Promise<VisibleTree> {
  const rows = await db
    .select()
    .from(menus)
    .where(eq(menus.usyn, "Y"))
    .orderBy(asc(menus.menuLvl), asc(menus.sort), asc(menus.menuSeq));

  const visible = new Map<number, MenuRow>();
  for (const m of rows) {
    // Rows come by level, so a parent is decided before its children.
    const parentOk = m.menuLvl === 1 || m.upprMenuSeq === null || visible.has(m.upprMenuSeq);
    if (parentOk && canSeeMenu(m, who)) visible.set(m.menuSeq, m);
  }

  const children = new Map<number | null, MenuRow[]>();
  for (const m of visible.values()) {
    const key = m.menuLvl === 1 ? null : m.upprMenuSeq;
    const list = children.get(key) ?? [];
    list.push(m);
    children.set(key, list);
  }

  const ordered: MenuDto[] = [];
  const bySeq = new Map<number, MenuDto>();
  const walk = (parent: number | null) => {
    for (const m of (children.get(parent) ?? []).sort((a, b) => a.sort - b.sort || a.menuSeq - b.menuSeq)) {
      const uppr = m.upprMenuSeq !== null ? visible.get(m.upprMenuSeq) : undefined;
      const top = uppr && uppr.upprMenuSeq !== null ? visible.get(uppr.upprMenuSeq) ?? uppr : uppr;
      const dto: MenuDto = {
        menuSeq: m.menuSeq,
        upprMenuSeq: m.upprMenuSeq,
        menuLvl: m.menuLvl,
        menuTy: m.menuTy,
        menuNm: m.menuNm,
        menuUrl: m.menuUrl,
        cmpltCnt: (children.get(m.menuSeq) ?? []).filter((c) => !!c.menuUrl).length,
        upprMenuNm: uppr?.menuNm ?? null,
        upMenuNm: top?.menuNm ?? null,
        sort: m.sort,
      };
      ordered.push(dto);
      bySeq.set(dto.menuSeq, dto);
      walk(m.menuSeq);
    }
  };
  walk(null);
  return { ordered, bySeq };
}

const LowLevelBody = z.object({
  menuSeq: z.coerce.number().int().positive(),
  searchText: z.preprocess((v) => (v == null ? "" : v), z.string().max(100)).transform((s) => s.trim()),
});

const ByDeptBody = z.object({ deptCd: z.string().regex(/^[0-9]{10}$/) });

async function getMenuList(ctx: CallContext) {
  const { ordered } = await visibleMenus(ctx.db, requireAuth(ctx));
  return ok({ list: ordered });
}

async function getMenuListForLowLevel(ctx: CallContext) {
  const body = parseInput(LowLevelBody, ctx.body);
  const { ordered, bySeq } = await visibleMenus(ctx.db, requireAuth(ctx));
  if (!bySeq.has(body.menuSeq)) return fail(403, MSG.menuForbidden);
  const needle = body.searchText.toLowerCase();
  const list = ordered.filter(
    (m) => m.upprMenuSeq === body.menuSeq && (!needle || m.menuNm.toLowerCase().includes(needle)),
  );
  return ok({ list });
}

async function getDeptCodes(ctx: CallContext) {
  const codes = await currentCodes(ctx.db, CODE.dataDepartments);
  return ok({ list: codes.map((c) => ({ code: c.id, codeNm: c.text })) });
}

async function getMenuByDept(ctx: CallContext) {
  const body = parseInput(ByDeptBody, ctx.body);
  const [{ ordered }, owned] = await Promise.all([
    visibleMenus(ctx.db, requireAuth(ctx)),
    ctx.db.select({ menuSeq: menuDepts.menuSeq }).from(menuDepts).where(eq(menuDepts.dptCd, body.deptCd)),
  ]);
  const seqs = new Set(owned.map((r) => r.menuSeq));
  return ok({ list: ordered.filter((m) => seqs.has(m.menuSeq)) });
}

export const menuRoutes: RouteDef[] = [
  route(MENUS.list, "required", getMenuList),
  route(MENUS.lowLevel, "required", getMenuListForLowLevel),
  route(MENUS.deptCodes, "required", getDeptCodes),
  route(MENUS.byDept, "required", getMenuByDept),
];
