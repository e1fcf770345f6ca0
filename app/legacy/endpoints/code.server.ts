/**
 * Common codes (spec 000 §7 Codes: /api/comm/getCommCodeList.do), the short cache of code lists,
 * and the administrators' code management calls (P17).
 */
import { z } from "zod";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { scoped, shortCache } from "../short-cache.server";
import { listOf, wireCode, obj, text, textOrNull, key, num, numOr, optNum, list, numberList, flag, maybeText } from "../wire";

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
  const path = "/api/comm/getCommCodeList.do";
  return cachedCodes(session, `${path}:${code}:${year}`, async () => (await legacyPost(path, { code, year: String(year) }, listOf(wireCode), { session })).list);
}

// ---------------------------------------------------------------------------------------------
// P17 code management (spec 000 §7 "Codes"; docs/contract.md "Code management"), administrators only
// ---------------------------------------------------------------------------------------------

export const wireCodeGroup = obj({ cmmnCd: key, cmmnNm: text, usyn: flag, regCnt: numOr(0), regDt: text.optional() });
export type WireCodeGroup = z.infer<typeof wireCodeGroup>;

export interface WireCodeNode {
  key: string;
  data: { id: string; label: string; lvl: number; prtKey: string | null; usyn: string; esblDt?: string; esblYear?: number };
  children: WireCodeNode[];
  mode: "I" | "U";
}
const wireCodeNode: z.ZodType<WireCodeNode, z.ZodTypeDef, unknown> = z.lazy(() =>
  obj({
    key: key,
    data: obj({ id: key, label: text, lvl: num, prtKey: textOrNull, usyn: flag, esblDt: text.optional(), esblYear: optNum }),
    children: list(wireCodeNode),
    mode: z.enum(["I", "U"]).catch("U"),
  }),
);

export const wireCodeHistory = obj({ code: key, userNm: text, uptDt: text, codeNm: text, aftCodeNm: text, usyn: flag, aftUsyn: text });
export type WireCodeHistory = z.infer<typeof wireCodeHistory>;


export function listCodeGroups(session: TokenHolder, searchTxt: string) {
  return legacyPost("/api/setting/code/getCodeList.do", { searchTxt }, listOf(wireCodeGroup), { session });
}

/** Registers a category (no cmmnCd) or renames one; answers its id. */
/** A category registered or renamed; `usyn` (ours: the spec's call names cmmnNm and type) sets its usage. */
export async function saveCodeGroup(session: TokenHolder, input: { cmmnCd?: string; cmmnNm: string; usyn?: "Y" | "N" }) {
  const r = await legacyPost("/api/setting/code/insertCodeInfo.do", { type: "info", ...input }, obj({ cmmnCd: maybeText }).nullish(), { session });
  return r?.cmmnCd ?? input.cmmnCd ?? null;
}

export function codeInfo(session: TokenHolder, cmmnCd: string, year: number) {
  return legacyPost(
    "/api/setting/code/getCodeInfo.do",
    { cmmnCd, year },
    obj({
      info: obj({ cmmnCd: key, cmmnNm: text, usyn: flag }),
      list: list(wireCodeNode),
      yearList: numberList,
    }),
    { session },
  );
}

/** Saves a year's tree (each row inserted or updated). */
export function saveCodeTree(session: TokenHolder, input: { cmmnCd: string; year: number; data: WireCodeNode[] }) {
  return legacyPost("/api/setting/code/insertCodeInfo.do", { type: "list", ...input }, z.unknown(), { session });
}

/** Loads `year`'s codes into `afterYear` (its start date `esblDt`). */
/**
 * Loads a year's codes into another (copyCodeList.do). The counts (ours: codes loaded, codes the
 * target year had already and kept) say what it did; a server without them answers null.
 */
export async function copyCodes(session: TokenHolder, input: { cmmnCd: string; year: number | ""; afterYear: number }): Promise<{ copied: number; kept: number } | null> {
  const r = await legacyPost("/api/setting/code/copyCodeList.do", { ...input, esblDt: `${input.afterYear}-01-01` }, z.unknown(), { session });
  const counts = z.object({ copied: z.number().int().min(0), kept: z.number().int().min(0) }).safeParse(r);
  return counts.success ? counts.data : null;
}

export async function codeHistory(session: TokenHolder, cmmnCd: string, year: number) {
  return (await legacyPost("/api/setting/code/getCodeListHt.do", { code: cmmnCd, year }, listOf(wireCodeHistory), { session })).list;
}
