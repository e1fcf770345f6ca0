/**
 * E17 의과대학 공간 현황 (spec 002 §3, §4, §5 "Space status", §7 "Space status"; docs/contract.md
 * "Space status"; ADR 0041):
 * - POST /api/resource/getData.do {year} -> the nine tabs' data of the year, the derived flags of
 *   §4 applied (student-only space and education facility Y when their list is non-empty,
 *   self-study likewise, the library's professional-person flag N when its count is empty), the
 *   eleven equipment items and the self-study defaults when nothing is saved, the grade lists from
 *   the year's grade codes (0000800000);
 * - the nine saves (saveFclInfo.do … saveMngrInfoList.do): the tab's schema again (every rule and
 *   reset of app/routes/_app.insert.resource.space+/__schema.ts), then the tab's document
 *   replaced ('저장 되었습니다.');
 * - GET /api/resource/excelTmplDown.do {year}: a workbook of every field of the year (구분, 항목,
 *   키, 값) with the saved values and a spare row per list; refused without the year's grade codes
 *   ('해당년도에 등록된 공통코드가 없습니다.');
 * - POST /api/resource/spaceStatusExcelUpload.do {year, file}: the one sheet import; each row's key
 *   and value checked, then each tab the sheet names merged into the saved values and checked by
 *   the tab's schema; the whole upload is stored or nothing.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  BLANK_ROWS,
  DEFAULT_EQUIPMENT,
  DEFAULT_SELF_STUDY,
  EVAL_SYSTEMS,
  GRADE_CODE,
  MNGR_SYSTEMS,
  ROW_LISTS,
  SPACE_LABELS,
  SPACE_SCHEMAS,
  SPACE_TABS,
  SPACE_TITLE,
  eduBodyOf,
  flattenValues,
  isBlankRow,
  isSpaceTab,
  nestForm,
  spaceYear,
  tabValues,
  type SpaceData,
  type SpaceTab,
} from "../../routes/_app.insert.resource.space+/__schema";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { xlsxResponse } from "../../utils/excel.server";
import type { Db, Tx } from "../db/client.server";
import { spaceStatus } from "../db/schema";
import { getRoute, requireAuth, route, type CallContext, type GetRouteDef, type RouteDef } from "../lib/context.server";
import { SPACE } from "../../routes/_app.insert.resource.space+/__calls";
import { ApiError, fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { RowError, importSheet, yearUploadHandler, type UploadResult } from "../lib/sheet-import.server";
import { MAX_UPLOAD_BODY_BYTES } from "../lib/upload.server";
import { codesForYear, listCodes, type CodeItem } from "./code.server";

type Doc = Record<string, unknown>;
const YearBody = z.object({ year: spaceYear });

async function sections(db: Db | Tx, year: number): Promise<Map<string, Doc>> {
  const rows = await db.select({ section: spaceStatus.section, data: spaceStatus.data }).from(spaceStatus).where(eq(spaceStatus.year, year));
  return new Map(rows.map((r) => [r.section, r.data]));
}

const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const obj = (v: unknown): Doc => (v && typeof v === "object" && !Array.isArray(v) ? (v as Doc) : {});
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const ynOf = (v: unknown, dflt: "Y" | "N" = "N") => (v === "Y" || v === "N" ? v : dflt);

/** The year's data as getData.do answers it (defaults where nothing is saved, the derived flags of §4). */
export async function spaceData(db: Db | Tx, year: number): Promise<SpaceData> {
  const s = await sections(db, year);
  const grades: CodeItem[] = await codesForYear(db, GRADE_CODE, year);
  const fcl = obj(s.get("fcl"));
  const fi = obj(fcl.fclInfo);
  const stspList = arr<Doc>(fcl.stspList).map((r, i) => ({ sort: i + 1, stspLoc: str(r.stspLoc), stspPn: num(r.stspPn) }));
  const stfclList = arr<Doc>(fcl.stfclList).map((r, i) => ({ sort: i + 1, stfclLoc: str(r.stfclLoc), stfclNm: str(r.stfclNm) }));
  const eqp = arr<Doc>(fcl.fclEqpList);
  const lb = obj(s.get("lbrr"));
  const li = obj(lb.mdclLbrrInfo);
  const dorm = obj(obj(s.get("dorm")).dormInfo);
  const selfs = s.get("selfs");
  const selfsList = selfs ? arr<Doc>(selfs.list) : DEFAULT_SELF_STUDY.map((ssNm) => ({ ssNm, ssCnt: null, stspPn: null }));
  const edu = obj(s.get("edu"));
  const lab = obj(s.get("lab"));
  const gradeList = (saved: unknown): { id: string; text: string; useYn: string }[] => {
    const byId = new Map(arr<Doc>(saved).map((g) => [str(g.id), g]));
    return grades.map((g) => ({ id: g.id, text: g.text, useYn: ynOf(byId.get(g.id)?.useYn) }));
  };
  const systems = (saved: unknown, names: readonly string[], withMaxUser: boolean) =>
    names.map((sysNm, i) => {
      const r = obj(arr(saved)[i]);
      return { sort: i + 1, sysNm, sysYn: ynOf(r.sysYn), remark: str(r.remark), ...(withMaxUser ? { maxUser: num(r.maxUser) } : {}), grdList: gradeList(r.grdList) };
    });
  const labById = new Map(arr<Doc>(lab.list).map((g) => [str(g.id), g]));
  const proPerCnt = num(li.proPerCnt);
  const stCntM = num(dorm.stCntM);
  const stCntW = num(dorm.stCntW);
  return {
    fclInfo: {
      totalClsRoom: num(fi.totalClsRoom),
      totalLab: num(fi.totalLab),
      osceCenterYn: fi.osceCenterYn === "1" ? "1" : "2",
      osceCenterLoc: str(fi.osceCenterLoc),
      osceLabCnt: num(fi.osceLabCnt),
      osceSmltCnt: num(fi.osceSmltCnt),
      osceClsRoom: num(fi.osceClsRoom),
      // derived after loading (spec 002 §4)
      stspYn: stspList.length ? "Y" : "N",
      stfclYn: stfclList.length ? "Y" : "N",
    },
    fclEqpList: DEFAULT_EQUIPMENT.map((eqpNm, i) => ({ sort: i + 1, eqpNm, eqpYn: ynOf(eqp[i]?.eqpYn), eqpCnt: num(eqp[i]?.eqpCnt) })),
    stspList,
    stfclList,
    mdclLbrrInfo: { lbrrYn: ynOf(li.lbrrYn), bldYn: ynOf(li.bldYn), bdgAmt: num(li.bdgAmt), bdgExcAmt: num(li.bdgExcAmt), proPerCnt, proPerYn: proPerCnt === null ? "N" : "Y" },
    lbrrList: arr<Doc>(lb.lbrrList).map((r, i) => ({
      sort: i + 1,
      lbrrNm: str(r.lbrrNm),
      lbrrLoc: str(r.lbrrLoc),
      seatNum: num(r.seatNum),
      stH: num(r.stH),
      stM: num(r.stM),
      enH: num(r.enH),
      enM: num(r.enM),
      lbrrnCnt: num(r.lbrrnCnt),
      etcCnt: num(r.etcCnt),
    })),
    sGroupList: arr<Doc>(obj(s.get("sgroup")).list).map((r, i) => ({ sort: i + 1, srSe: str(r.srSe), roomCnt: num(r.roomCnt), roomStspPn: num(r.roomStspPn) })),
    dormInfo: {
      hsngSrvyYn: ynOf(dorm.hsngSrvyYn),
      drmtType: ["1", "2", "3"].includes(str(dorm.drmtType)) ? str(dorm.drmtType) : "2",
      stCntM,
      stCntW,
      stCntT: stCntM === null && stCntW === null ? null : (stCntM ?? 0) + (stCntW ?? 0),
      stsfSrvyYn: ynOf(dorm.stsfSrvyYn),
      cost1: num(dorm.cost1),
      cost2: num(dorm.cost2),
      cost3: num(dorm.cost3),
      cost4: num(dorm.cost4),
    },
    ssYn: selfsList.length ? "Y" : "N",
    selfsSpaceList: selfsList.map((r, i) => ({ sort: i + 1, ssNm: str(r.ssNm), ssCnt: num(r.ssCnt), stspPn: num(r.stspPn) })),
    wlcnvFcltyList: arr<Doc>(obj(s.get("wlcnv")).list).map((r, i) => ({ sort: i + 1, swlSe: r.swlSe === "2" ? "2" : "1", swfNm: str(r.swfNm), cnt: num(r.cnt) })),
    eduInfo: { ddcPrsYn: ynOf(obj(edu.eduInfo).ddcPrsYn) },
    mngrList: systems(edu.mngrList, MNGR_SYSTEMS, false),
    evalList: systems(edu.evalList, EVAL_SYSTEMS, true),
    labInfo: { labYn: ynOf(obj(lab.labInfo).labYn), labCnt: num(obj(lab.labInfo).labCnt) },
    labGrdList: grades.map((g) => ({ id: g.id, text: g.text, useYn: ynOf(labById.get(g.id)?.useYn), usePrf: str(labById.get(g.id)?.usePrf) })),
    mngrInfoList: arr<Doc>(obj(s.get("mngr")).list).map((r, i) => ({
      sort: i + 1,
      content: str(r.content),
      name: str(r.name),
      dpt: str(r.dpt),
      pstn: str(r.pstn),
      telNo: str(r.telNo),
      email: str(r.email),
    })),
  };
}

async function getData(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const { year } = parseInput(YearBody, ctx.body);
  return ok(await spaceData(ctx.db, year));
}

/** Checks a tab's body by its schema (the first message in screen order) and stores the result. */
export async function storeTab(db: Db | Tx, tab: SpaceTab, body: unknown): Promise<void> {
  const parsed = SPACE_SCHEMAS[tab].safeParse(body);
  if (!parsed.success) {
    const m = parsed.error.issues[0]?.message ?? "";
    throw new ApiError(fail(400, /[가-힣]/.test(m) ? m : OWN_MSG.badRequest));
  }
  const data = parsed.data as Doc;
  const year = tab === "edu" ? Number(obj(data.eduInfo).year) : Number(data.year);
  await db
    .insert(spaceStatus)
    .values({ year, section: tab, data })
    .onConflictDoUpdate({ target: [spaceStatus.year, spaceStatus.section], set: { data, uptDt: new Date() } });
}

/** A save call: the tab's rules again, then its document replaced. */
const saveOf = (tab: SpaceTab) => async (ctx: CallContext): Promise<Envelope> => {
  requireAuth(ctx);
  await storeTab(ctx.db, tab, tab === "edu" ? eduBodyOf(ctx.body) : ctx.body);
  return ok(null, MSG.saved);
};

// ---------------------------------------------------------------------------------------------
// Excel: the template (every field of the year) and its upload
// ---------------------------------------------------------------------------------------------

const HEADERS = ["구분", "항목", "키", "값"] as const;
/** Fields of a row that name it rather than being entered (the template shows them in 항목). */
const NAMING = new Set(["sort", "eqpNm", "sysNm", "id", "text", "year", "stCntT"]);

interface TemplateRow {
  tab: string;
  label: string;
  key: string;
  value: string;
}

const LIST_LABELS: Record<string, string> = {
  fclEqpList: "보유 장비",
  stspList: "학생전용공간",
  stfclList: "학생교육시설",
  lbrrList: "의학도서관",
  mngrList: "관리 시스템",
  evalList: "평가 시스템",
  grdList: "학년",
};

/** The rows of one tab: every entered field with its label; a spare row under each list rows can be added to. */
export function templateRows(tab: SpaceTab, d: SpaceData): TemplateRow[] {
  const values = tabValues(tab, d);
  for (const { list, blank } of ROW_LISTS[tab]) {
    const rows = (values[list] as unknown[]) ?? [];
    values[list] = [...rows, { ...BLANK_ROWS[blank] }];
  }
  const tabLabel = SPACE_TABS.find((t) => t.id === tab)?.label ?? tab;
  return flattenValues(values)
    .filter(([name]) => !NAMING.has(name.split(".").pop()!.replace(/\[\d+\]$/, "")))
    .map(([name, value]) => ({ tab: tabLabel, label: labelOfPath(name, values), key: `${tab}:${name}`, value }));
}

/** '보유 장비 > 기관삽관 모형 > 보유 수량(개)', '학생 소그룹실 2 > 구분' … */
function labelOfPath(name: string, values: Record<string, unknown>): string {
  const parts = name.split(".");
  const out: string[] = [];
  let at: unknown = values;
  for (const part of parts) {
    const m = /^(\w+)\[(\d+)\]$/.exec(part);
    if (m) {
      const row = obj(arr((at as Doc)[m[1]])[Number(m[2])]);
      const named = str(row.eqpNm) || str(row.sysNm) || str(row.text);
      out.push(`${LIST_LABELS[m[1]] ?? "목록"} ${named || Number(m[2]) + 1}`);
      at = row;
    } else {
      // the groups (fclInfo, dormInfo …) are the tab itself: only the field is named
      if (Object.hasOwn(SPACE_LABELS, part)) out.push(SPACE_LABELS[part as keyof typeof SPACE_LABELS]);
      at = obj((at as Doc)[part]);
    }
  }
  return out.join(" > ");
}

async function template(ctx: CallContext): Promise<Response> {
  requireAuth(ctx);
  const { year } = parseInput(YearBody, ctx.body);
  // the template needs the year's own grade codes (spec 002 §5)
  if (!(await listCodes(ctx.db, GRADE_CODE, year)).length) throw new ApiError(fail(400, MSG.noYearCodes));
  const d = await spaceData(ctx.db, year);
  const rows = SPACE_TABS.flatMap((t) => templateRows(t.id, d));
  return xlsxResponse(`${SPACE_TITLE}_${year}_양식.xlsx`, {
    sheetName: `${SPACE_TITLE} ${year}`,
    columns: [
      { header: HEADERS[0], width: 18, value: (r: TemplateRow) => r.tab },
      { header: HEADERS[1], width: 50, value: (r) => r.label },
      { header: HEADERS[2], width: 36, value: (r) => r.key },
      { header: HEADERS[3], width: 20, value: (r) => r.value },
    ],
    rows,
  });
}

interface Cell {
  tab: SpaceTab;
  name: string;
  value: string;
}

const KEY = /^([a-z]+):([A-Za-z0-9.[\]]{1,80})$/;

/** One sheet row: a known tab and field, a value of at most 200 characters. */
function readCell(cells: Record<string, string>): Cell {
  const m = KEY.exec(cells["키"] ?? "");
  if (!m || !isSpaceTab(m[1])) throw new RowError(OWN_MSG.badRequest);
  const leaf = m[2].split(".").pop()!.replace(/\[\d+\]$/, "");
  if (!Object.hasOwn(SPACE_LABELS, leaf) && !NAMING.has(leaf)) throw new RowError(OWN_MSG.badRequest);
  const value = cells["값"] ?? "";
  if (value.length > 200) throw new RowError(OWN_MSG.spaceTextTooLong.replace("{n}", "200"));
  return { tab: m[1], name: m[2], value };
}

/** Each tab the sheet names: its saved values, the sheet's over them, spare rows dropped; checked and stored. */
export async function importSpace(db: Db, year: number, bytes: Uint8Array): Promise<UploadResult> {
  if (!(await listCodes(db, GRADE_CODE, year)).length) throw new ApiError(fail(400, MSG.noYearCodes));
  // the values saved now, by 'tab:name' (what a download of the template would show)
  const saved = await spaceData(db, year);
  const savedCells = new Map<string, string>(SPACE_TABS.flatMap((t) => flattenValues(tabValues(t.id, saved)).map(([name, value]): [string, string] => [`${t.id}:${name}`, value])));
  /** The sheet's cells over each named tab's values as stored now, spare rows dropped; checked and stored. */
  const storeCells = async (tx: Tx, cells: Cell[]) => {
    const d = await spaceData(tx, year);
    for (const tab of SPACE_TABS.map((t) => t.id).filter((t) => cells.some((c) => c.tab === t))) {
      const entries = new Map(flattenValues(tabValues(tab, d)));
      for (const c of cells.filter((x) => x.tab === tab)) entries.set(c.name, c.value);
      const values = nestForm(entries);
      for (const { list } of ROW_LISTS[tab]) if (Array.isArray(values[list])) values[list] = (values[list] as unknown[]).filter((r) => !isBlankRow(r));
      await storeTab(tx, tab, { ...values, year });
    }
  };
  return importSheet<Cell>(
    db,
    {
      headers: HEADERS,
      year,
      idOf: (cells) => cells["키"] ?? "",
      read: (cells) => ({ ok: true, record: readCell(cells) }),
      // the natural key: the tab and the field (ADR 0061); a value equal to the saved one changes nothing
      key: (c) => `${c.tab}:${c.name}`,
      duplicateMessage: OWN_MSG.badRequest,
      store: {
        // every field of a tab is there (an empty one blank), so a cell is never 'added', only changed or not
        stored: async (_tx, cells) => new Map(cells.map((c) => [`${c.tab}:${c.name}`, { ref: null, values: { value: savedCells.get(`${c.tab}:${c.name}`) ?? "" } }])),
        valuesOf: (c) => ({ value: c.value }),
        insert: storeCells,
        update: (tx, changed) => storeCells(tx, changed.map((c) => c.record)),
      },
    },
    bytes,
  );
}

export const spaceRoutes: RouteDef[] = [
  route(SPACE.data, "required", getData),
  ...SPACE_TABS.map((t): RouteDef => route(SPACE[t.id], "required", saveOf(t.id))),
  route(SPACE.upload, "required", yearUploadHandler((ctx, year, bytes) => importSpace(ctx.db, spaceYearOf(year), bytes)), { multipartMaxBytes: MAX_UPLOAD_BODY_BYTES }),
];

/** The upload's year (recordYear) within the screen's list. */
function spaceYearOf(year: number): number {
  const r = spaceYear.safeParse(year);
  if (!r.success) throw new ApiError(fail(400, MSG.yearRequired));
  return r.data;
}

export const spaceGetRoutes: GetRouteDef[] = [getRoute(SPACE.template, "required", template)];
