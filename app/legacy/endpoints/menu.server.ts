/** Menu calls of spec 000 §7. */
import { z } from "zod";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { listOf, wireMenu } from "../wire";

export async function menuList(session: TokenHolder) {
  return (await legacyPost("/api/comm/menu/getMenuList.do", {}, listOf(wireMenu), { session })).list;
}

export async function lowerMenus(session: TokenHolder, menuSeq: number, searchText = "") {
  return (await legacyPost("/api/comm/menu/getMenuListForLowLevel.do", { menuSeq, searchText }, listOf(wireMenu), { session })).list;
}

export async function deptCodes(session: TokenHolder) {
  const item = z.object({ code: z.string(), codeNm: z.string() }).passthrough();
  return (await legacyPost("/api/comm/menu/getDeptCodes.do", {}, listOf(item), { session })).list;
}

export async function menusByDept(session: TokenHolder, deptCd: string) {
  return (await legacyPost("/api/comm/menu/getMenuByDept.do", { deptCd }, listOf(wireMenu), { session })).list;
}
