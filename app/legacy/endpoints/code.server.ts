/**
 * Common codes (spec 000 §7 Codes: /api/comm/getCommCodeList.do), the short cache of code lists,
 * and the administrators' code management calls (P17).
 */
import { z } from "zod";
import { CODES, type WireCodeNode } from "~/calls/code";
import { callLegacy, type TokenHolder } from "../gateway.server";
import { scoped, shortCache } from "../short-cache.server";

const codeCache = shortCache<unknown>(60_000);

/**
 * A code list through a short cache: a minute per signed-in session and call (short-cache.server.ts).
 * Code lists (the filters' departments, grades and statuses, a year's subject codes) are asked for
 * on every list page and change rarely; any form post clears the cache, so a year an upload adds
 * appears on the page the upload comes back to.
 */
export function cachedCodes<T>(session: TokenHolder, key: string, load: () => Promise<T>): Promise<T> {
  return scoped(codeCache, session, key, load) as Promise<T>;
}

export async function commonCodes(session: TokenHolder, code: string, year: string | number) {
  return cachedCodes(session, `${CODES.list.path}:${code}:${year}`, async () => (await callLegacy(CODES.list, { code, year: String(year) }, { session })).list);
}

// ---------------------------------------------------------------------------------------------
// P17 code management (spec 000 §7 "Codes"; docs/contract.md "Code management"), administrators only
// ---------------------------------------------------------------------------------------------

export type { WireCodeHistory } from "~/calls/code";

export function listCodeGroups(session: TokenHolder, searchTxt: string) {
  return callLegacy(CODES.groups, { searchTxt }, { session });
}

/** Registers a category (no cmmnCd) or renames one; answers its id. */
/** A category registered or renamed; `usyn` (ours: the spec's call names cmmnNm and type) sets its usage. */
export async function saveCodeGroup(session: TokenHolder, input: { cmmnCd?: string; cmmnNm: string; usyn?: "Y" | "N" }) {
  const r = await callLegacy(CODES.save, { type: "info", ...input }, { session });
  return r?.cmmnCd ?? input.cmmnCd ?? null;
}

export function codeInfo(session: TokenHolder, cmmnCd: string, year: number) {
  return callLegacy(CODES.info, { cmmnCd, year }, { session });
}

/** Saves a year's tree (each row inserted or updated). */
export function saveCodeTree(session: TokenHolder, input: { cmmnCd: string; year: number; data: WireCodeNode[] }) {
  return callLegacy(CODES.save, { type: "list", ...input }, { session });
}

/** Loads `year`'s codes into `afterYear` (its start date `esblDt`). */
/**
 * Loads a year's codes into another (copyCodeList.do). The counts (ours: codes loaded, codes the
 * target year had already and kept) say what it did; a server without them answers null.
 */
export async function copyCodes(session: TokenHolder, input: { cmmnCd: string; year: number | ""; afterYear: number }): Promise<{ copied: number; kept: number } | null> {
  const r = await callLegacy(CODES.copy, { ...input, esblDt: `${input.afterYear}-01-01` }, { session });
  const counts = z.object({ copied: z.number().int().min(0), kept: z.number().int().min(0) }).safeParse(r);
  return counts.success ? counts.data : null;
}

export async function codeHistory(session: TokenHolder, cmmnCd: string, year: number) {
  return (await callLegacy(CODES.history, { code: cmmnCd, year }, { session })).list;
}
