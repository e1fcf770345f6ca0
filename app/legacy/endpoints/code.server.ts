/** Common codes (spec 000 §7 Codes: /api/comm/getCommCodeList.do), and the short cache of code lists. */
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
