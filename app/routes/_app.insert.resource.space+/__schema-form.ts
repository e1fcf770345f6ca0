/**
 * E17 의과대학 공간 현황's data and forms (spec 002 §3, §7; ADR 0041): the getData.do reply as the
 * loader gives it, the action's reply, each tab's form values from the data, the blank rows of
 * the row lists, and the form names nested into the save call's body (and flattened back).
 * Import it through ./__schema.ts.
 */

import { DEFAULT_EQUIPMENT, DEFAULT_SELF_STUDY, type SpaceTab } from "./__schema-fields";

// ---------------------------------------------------------------------------------------------
// The data (getData.do) and the tab forms' values
// ---------------------------------------------------------------------------------------------

type Num = number | null;
export interface GradeEntry {
  id: string;
  text: string;
  useYn: string;
}
export interface SystemEntry {
  sort: number;
  sysNm: string;
  sysYn: string;
  remark: string;
  maxUser?: Num;
  grdList: GradeEntry[];
}
export interface SpaceData {
  fclInfo: { totalClsRoom: Num; totalLab: Num; osceCenterYn: string; osceCenterLoc: string; osceLabCnt: Num; osceSmltCnt: Num; osceClsRoom: Num; stspYn: string; stfclYn: string };
  fclEqpList: { sort: number; eqpNm: string; eqpYn: string; eqpCnt: Num }[];
  stspList: { sort: number; stspLoc: string; stspPn: Num }[];
  stfclList: { sort: number; stfclLoc: string; stfclNm: string }[];
  mdclLbrrInfo: { lbrrYn: string; bldYn: string; bdgAmt: Num; bdgExcAmt: Num; proPerCnt: Num; proPerYn: string };
  lbrrList: { sort: number; lbrrNm: string; lbrrLoc: string; seatNum: Num; stH: Num; stM: Num; enH: Num; enM: Num; lbrrnCnt: Num; etcCnt: Num }[];
  sGroupList: { sort: number; srSe: string; roomCnt: Num; roomStspPn: Num }[];
  dormInfo: { hsngSrvyYn: string; drmtType: string; stCntM: Num; stCntW: Num; stCntT: Num; stsfSrvyYn: string; cost1: Num; cost2: Num; cost3: Num; cost4: Num };
  ssYn: string;
  selfsSpaceList: { sort: number; ssNm: string; ssCnt: Num; stspPn: Num }[];
  wlcnvFcltyList: { sort: number; swlSe: string; swfNm: string; cnt: Num }[];
  eduInfo: { ddcPrsYn: string };
  mngrList: SystemEntry[];
  evalList: SystemEntry[];
  labInfo: { labYn: string; labCnt: Num };
  labGrdList: { id: string; text: string; useYn: string; usePrf: string }[];
  mngrInfoList: { sort: number; content: string; name: string; dpt: string; pstn: string; telNo: string; email: string }[];
}

/** The page's loader data and a post's reply (./__loader.server.ts). */
export interface SpaceLoaderData {
  year: number;
  years: number[];
  tab: SpaceTab;
  /** the tab's form values (nested, text), null when the data could not be read */
  values: Record<string, unknown> | null;
  error: string | null;
}

/** What a post answers when the tab is shown again: its values as posted, the message, the question. */
export interface SpaceReply {
  tab?: SpaceTab;
  values?: Record<string, unknown>;
  alert?: string;
  confirm?: "save";
  /** a new one with each reply: the tab's form is drawn again from `values` */
  stamp?: string;
  excel?: { successCount: number; faildCount: number; failures: { row: number; id?: string | null; message: string }[]; message?: string | null };
  excelError?: string;
}

/** A tab's form values (nested, strings) from the data. */
export function tabValues(tab: SpaceTab, d: SpaceData): Record<string, unknown> {
  const s = (o: object): Record<string, unknown> =>
    Object.fromEntries(Object.entries(o).map(([k, v]): [string, unknown] => [k, Array.isArray(v) ? v.map((x: unknown) => (x && typeof x === "object" ? s(x) : x)) : v === null || v === undefined ? "" : String(v)]));
  const list = (l: object[], fallback: object[]) => (l.length ? l : fallback).map(s);
  switch (tab) {
    case "fcl":
      return { fclInfo: s(d.fclInfo), fclEqpList: d.fclEqpList.map(s), stspList: list(d.stspList, [{ stspLoc: "", stspPn: "" }]), stfclList: list(d.stfclList, [{ stfclLoc: "", stfclNm: "" }]) };
    case "lbrr":
      return { mdclLbrrInfo: s(d.mdclLbrrInfo), lbrrList: list(d.lbrrList, [BLANK_ROWS.lbrrList]) };
    case "sgroup":
      return { list: list(d.sGroupList, [BLANK_ROWS.sgroup]) };
    case "dorm":
      return { dormInfo: s(d.dormInfo) };
    case "selfs":
      return { ssYn: d.ssYn, list: list(d.selfsSpaceList, DEFAULT_SELF_STUDY.map((ssNm) => ({ ssNm, ssCnt: "", stspPn: "" }))) };
    case "wlcnv":
      return { list: d.wlcnvFcltyList.map(s) };
    case "edu":
      return { eduInfo: s(d.eduInfo), mngrList: d.mngrList.map(s), evalList: d.evalList.map(s) };
    case "lab":
      return { labInfo: s(d.labInfo), list: d.labGrdList.map(s) };
    case "mngr":
      return { list: list(d.mngrInfoList, [BLANK_ROWS.mngr]) };
  }
}

/** A blank row of each list a tab lets you add to (the 'add row' buttons name the list). */
export const BLANK_ROWS = {
  stspList: { stspLoc: "", stspPn: "" },
  stfclList: { stfclLoc: "", stfclNm: "" },
  lbrrList: { lbrrNm: "", lbrrLoc: "", seatNum: "", stH: "", stM: "", enH: "", enM: "", lbrrnCnt: "", etcCnt: "" },
  sgroup: { srSe: "", roomCnt: "", roomStspPn: "" },
  selfs: { ssNm: "", ssCnt: "", stspPn: "" },
  welfare: { swlSe: "1", swfNm: "", cnt: "" },
  convenience: { swlSe: "2", swfNm: "", cnt: "" },
  mngr: { content: "", name: "", dpt: "", pstn: "", telNo: "", email: "" },
} as const;

/**
 * Form data → nested values: `a.b` objects and `a[0].b` arrays (what remix-validated-form does);
 * the tab's controls (`_csrf`, `intent`, `confirm`, `tab`) are left out.
 */
export function nestForm(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (typeof value !== "string" || ["_csrf", "intent", "confirm", "tab"].includes(name)) continue;
    const path = name.split(/\.|\[(\d+)\]\.?/).filter((p) => p !== undefined && p !== "");
    if (!path.length || path.length > 5 || path.some((p) => p === "__proto__" || p === "constructor" || p === "prototype" || (/^\d+$/.test(p) && Number(p) > 100))) continue;
    let at: Record<string, unknown> | unknown[] = out;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const k = /^\d+$/.test(key) ? Number(key) : key;
      const container = at as Record<string | number, unknown>;
      if (last) container[k] = value;
      else {
        container[k] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
        at = container[k] as Record<string, unknown>;
      }
    });
  }
  // sparse arrays (a removed row's gap) close up
  const close = (v: unknown): unknown => (Array.isArray(v) ? v.filter((x) => x !== undefined).map(close) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, close(x)])) : v);
  return close(out) as Record<string, unknown>;
}

/** Nested values → form entries (`a.b`, `a[0].b`), the inverse of nestForm. */
export function flattenValues(values: Record<string, unknown>, prefix = ""): [string, string][] {
  return Object.entries(values).flatMap(([k, v]): [string, string][] => {
    const name = prefix ? `${prefix}.${k}` : k;
    if (Array.isArray(v)) return v.flatMap((row, i) => (row && typeof row === "object" ? flattenValues(row as Record<string, unknown>, `${name}[${i}]`) : [[`${name}[${i}]`, String(row ?? "")]]));
    if (v && typeof v === "object") return flattenValues(v as Record<string, unknown>, name);
    return [[name, v === null || v === undefined ? "" : String(v)]];
  });
}

/** The lists a tab lets you add rows to (by the form's list name), with the blank row each starts. */
export const ROW_LISTS: Record<SpaceTab, readonly { list: string; blank: keyof typeof BLANK_ROWS }[]> = {
  fcl: [
    { list: "stspList", blank: "stspList" },
    { list: "stfclList", blank: "stfclList" },
  ],
  lbrr: [{ list: "lbrrList", blank: "lbrrList" }],
  sgroup: [{ list: "list", blank: "sgroup" }],
  dorm: [],
  selfs: [{ list: "list", blank: "selfs" }],
  wlcnv: [
    { list: "list", blank: "welfare" },
    { list: "list", blank: "convenience" },
  ],
  edu: [],
  lab: [],
  mngr: [{ list: "list", blank: "mngr" }],
};

/** A row whose fields are all empty (a template's spare row); the welfare kind does not count. */
export const isBlankRow = (row: unknown) =>
  !!row && typeof row === "object" && Object.entries(row).every(([k, v]) => k === "swlSe" || k === "sort" || v === null || v === undefined || String(v).trim() === "");
