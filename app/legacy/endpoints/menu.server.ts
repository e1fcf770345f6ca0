/** Menu calls of spec 000 §7. */
import { legacyPost, type TokenHolder } from "../gateway.server";
import { listOf, wireMenu, obj, key } from "../wire";

export async function menuList(session: TokenHolder) {
  return (await legacyPost("/api/comm/menu/getMenuList.do", {}, listOf(wireMenu), { session })).list;
}

export async function lowerMenus(session: TokenHolder, menuSeq: number, searchText = "") {
  return (await legacyPost("/api/comm/menu/getMenuListForLowLevel.do", { menuSeq, searchText }, listOf(wireMenu), { session })).list;
}

export async function deptCodes(session: TokenHolder) {
  const item = obj({ code: key, codeNm: key });
  return (await legacyPost("/api/comm/menu/getDeptCodes.do", {}, listOf(item), { session })).list;
}

export async function menusByDept(session: TokenHolder, deptCd: string) {
  return (await legacyPost("/api/comm/menu/getMenuByDept.do", { deptCd }, listOf(wireMenu), { session })).list;
}
