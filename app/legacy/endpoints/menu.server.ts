/** Menu calls of spec 000 §7 (app/calls/menu.ts). */
import { MENUS } from "~/calls/menu";
import { callLegacy, type TokenHolder } from "../gateway.server";

export async function menuList(session: TokenHolder) {
  return (await callLegacy(MENUS.list, {}, { session })).list;
}

export async function lowerMenus(session: TokenHolder, menuSeq: number, searchText = "") {
  return (await callLegacy(MENUS.lowLevel, { menuSeq, searchText }, { session })).list;
}

export async function deptCodes(session: TokenHolder) {
  return (await callLegacy(MENUS.deptCodes, {}, { session })).list;
}

export async function menusByDept(session: TokenHolder, deptCd: string) {
  return (await callLegacy(MENUS.byDept, { deptCd }, { session })).list;
}
