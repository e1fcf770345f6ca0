/** Common codes (spec 000 §7 Codes: /api/comm/getCommCodeList.do). */
import { legacyPost, type TokenHolder } from "../gateway.server";
import { listOf, wireCode } from "../wire";

export async function commonCodes(session: TokenHolder, code: string, year: string | number) {
  return (await legacyPost("/api/comm/getCommCodeList.do", { code, year: String(year) }, listOf(wireCode), { session })).list;
}
