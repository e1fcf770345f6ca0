/**
 * Common codes (spec 000 §7 Codes: /api/comm/getCommCodeList.do), the short cache of code lists,
 * and the administrators' code management calls (P17).
 */
import { z } from "zod";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { scoped, shortCache } from "../short-cache.server";
import { listOf, wireCode } from "../wire";

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

const str = z.string().nullish().transform((v) => v ?? "");

export const wireCodeGroup = z
  .object({ cmmnCd: z.string(), cmmnNm: str, usyn: str, regCnt: z.coerce.number().nullish().transform((v) => v ?? 0), regDt: str.optional() })
  .passthrough();
export type WireCodeGroup = z.infer<typeof wireCodeGroup>;

export interface WireCodeNode {
  key: string;
  data: { id: string; label: string; lvl: number; prtKey: string | null; usyn: string; esblDt?: string; esblYear?: number };
  children: WireCodeNode[];
  mode: "I" | "U";
}
const wireCodeNode: z.ZodType<WireCodeNode, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.object({
    key: z.coerce.string(),
    data: z
      .object({ id: z.coerce.string(), label: str, lvl: z.coerce.number(), prtKey: z.string().nullish().transform((v) => v ?? null), usyn: str, esblDt: z.string().optional(), esblYear: z.coerce.number().optional() })
      .passthrough(),
    children: z.array(wireCodeNode).nullish().transform((v) => v ?? []),
    mode: z.enum(["I", "U"]).catch("U"),
  }),
);

export const wireCodeHistory = z
  .object({ code: z.string(), userNm: str, uptDt: str, codeNm: str, aftCodeNm: str, usyn: str, aftUsyn: str })
  .passthrough();
export type WireCodeHistory = z.infer<typeof wireCodeHistory>;


export function listCodeGroups(session: TokenHolder, searchTxt: string) {
  return legacyPost("/api/setting/code/getCodeList.do", { searchTxt }, listOf(wireCodeGroup), { session });
}

/** Registers a category (no cmmnCd) or renames one; answers its id. */
export async function saveCodeGroup(session: TokenHolder, input: { cmmnCd?: string; cmmnNm: string }) {
  const r = await legacyPost("/api/setting/code/insertCodeInfo.do", { type: "info", ...input }, z.object({ cmmnCd: z.string().nullish() }).passthrough().nullish(), { session });
  return r?.cmmnCd ?? input.cmmnCd ?? null;
}

export function codeInfo(session: TokenHolder, cmmnCd: string, year: number) {
  return legacyPost(
    "/api/setting/code/getCodeInfo.do",
    { cmmnCd, year },
    z
      .object({
        info: z.object({ cmmnCd: z.string(), cmmnNm: str, usyn: str }).passthrough(),
        list: z.array(wireCodeNode),
        yearList: z.array(z.coerce.number()).nullish().transform((v) => v ?? []),
      })
      .passthrough(),
    { session },
  );
}

/** Saves a year's tree (each row inserted or updated). */
export function saveCodeTree(session: TokenHolder, input: { cmmnCd: string; year: number; data: WireCodeNode[] }) {
  return legacyPost("/api/setting/code/insertCodeInfo.do", { type: "list", ...input }, z.unknown(), { session });
}

/** Loads `year`'s codes into `afterYear` (its start date `esblDt`). */
export function copyCodes(session: TokenHolder, input: { cmmnCd: string; year: number | ""; afterYear: number }) {
  return legacyPost("/api/setting/code/copyCodeList.do", { ...input, esblDt: `${input.afterYear}-01-01` }, z.unknown(), { session });
}

export async function codeHistory(session: TokenHolder, cmmnCd: string, year: number) {
  return (await legacyPost("/api/setting/code/getCodeListHt.do", { code: cmmnCd, year }, listOf(wireCodeHistory), { session })).list;
}
