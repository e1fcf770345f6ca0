/** Menu calls (spec 000 §7 "Menus"): the caller's menus, a menu's lower menus, departments and their menus. */
import { z } from "zod";
import { key, listOf, obj, wireMenu } from "~/legacy/wire";
import { defineCall, noFields } from "./define";

export const MENUS = {
  /** the menus the caller may see (the side menu) */
  list: defineCall("/api/comm/menu/getMenuList.do", { spec: "spec 000 §7", request: noFields, reply: listOf(wireMenu) }),
  /** a menu's lower menus whose name contains the text */
  lowLevel: defineCall("/api/comm/menu/getMenuListForLowLevel.do", { spec: "spec 000 §7", request: z.object({ menuSeq: z.number(), searchText: z.string() }), reply: listOf(wireMenu) }),
  deptCodes: defineCall("/api/comm/menu/getDeptCodes.do", { spec: "spec 000 §7", request: noFields, reply: listOf(obj({ code: key, codeNm: key })) }),
  /** the caller's menus of a department */
  byDept: defineCall("/api/comm/menu/getMenuByDept.do", { spec: "spec 000 §7", request: z.object({ deptCd: z.string() }), reply: listOf(wireMenu) }),
} as const;
