/**
 * Common codes (spec 000 §7 "Codes": getCommCodeList.do, before and after sign-in) and the
 * administrators' code management (P17; docs/contract.md "Code management").
 */
import { z } from "zod";
import { flag, key, list, listOf, maybeText, num, numberList, numOr, obj, optNum, text, textOrNull, wireCode } from "~/legacy/wire";
import { defineCall } from "./define";

export const wireCodeGroup = obj({ cmmnCd: key, cmmnNm: text, usyn: flag, regCnt: numOr(0), regDt: text.optional() });
export type WireCodeGroup = z.infer<typeof wireCodeGroup>;

export interface WireCodeNode {
  key: string;
  data: { id: string; label: string; lvl: number; prtKey: string | null; usyn: string; esblDt?: string; esblYear?: number };
  children: WireCodeNode[];
  mode: "I" | "U";
}
export const wireCodeNode: z.ZodType<WireCodeNode, z.ZodTypeDef, unknown> = z.lazy(() =>
  obj({
    key: key,
    data: obj({ id: key, label: text, lvl: num, prtKey: textOrNull, usyn: flag, esblDt: text.optional(), esblYear: optNum }),
    children: list(wireCodeNode),
    mode: z.enum(["I", "U"]).catch("U"),
  }),
);

export const wireCodeHistory = obj({ code: key, userNm: text, uptDt: text, codeNm: text, aftCodeNm: text, usyn: flag, aftUsyn: text });
export type WireCodeHistory = z.infer<typeof wireCodeHistory>;

/** a group's codes of a year (year as text) */
const codeListRequest = z.object({ code: z.string(), year: z.string() });

/** The node of a year's tree as the registration page sends it (read back with wireCodeNode). */
const sentNode: z.ZodType<unknown> = z.lazy(() => z.object({ key: z.string(), data: z.object({}).passthrough(), children: z.array(sentNode), mode: z.string() }).passthrough());

export const CODES = {
  /** after sign-in */
  list: defineCall("/api/comm/getCommCodeList.do", { spec: "spec 000 §7", request: codeListRequest, reply: listOf(wireCode) }),
  /** before sign-in: the sign-up and find-password dialogs' departments and e-mail domains */
  publicList: defineCall("/api/loginpass/getCommCodeList.do", { spec: "spec 000 §7", request: codeListRequest, reply: listOf(wireCode) }),
  /** the code categories whose name contains the text */
  groups: defineCall("/api/setting/code/getCodeList.do", { spec: "spec 000 §7", request: z.object({ searchTxt: z.string() }), reply: listOf(wireCodeGroup) }),
  /**
   * type 'info': a category registered (no cmmnCd) or renamed, answering its id (usyn ours);
   * type 'list': a year's tree saved (each row inserted or updated)
   */
  save: defineCall("/api/setting/code/insertCodeInfo.do", {
    spec: "spec 000 §7",
    request: z.object({ type: z.string(), cmmnCd: z.string().optional(), cmmnNm: z.string().optional(), usyn: z.string().optional(), year: z.number().optional(), data: z.array(sentNode).optional() }),
    reply: obj({ cmmnCd: maybeText }).nullish(),
  }),
  /** a category with its year's tree and the years it has codes of */
  info: defineCall("/api/setting/code/getCodeInfo.do", {
    spec: "spec 000 §7",
    request: z.object({ cmmnCd: z.string(), year: z.number() }),
    reply: obj({ info: obj({ cmmnCd: key, cmmnNm: text, usyn: flag }), list: list(wireCodeNode), yearList: numberList }),
  }),
  /** a year's codes loaded into another (the counts copied and kept are ours, read when present) */
  copy: defineCall("/api/setting/code/copyCodeList.do", { spec: "spec 000 §7", request: z.object({ cmmnCd: z.string(), year: z.union([z.number(), z.literal("")]), afterYear: z.number(), esblDt: z.string() }) }),
  history: defineCall("/api/setting/code/getCodeListHt.do", { spec: "spec 000 §7", request: z.object({ code: z.string(), year: z.number() }), reply: listOf(wireCodeHistory) }),
} as const;
