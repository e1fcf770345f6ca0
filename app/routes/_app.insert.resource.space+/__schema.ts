/**
 * E17 의과대학 공간 현황 (spec 002 §2 screen 17, §3 "Facility info" … "Manager info", §4 "Space
 * status", §5 "Space status", §7 "Space status", §9; ADR 0041): one schema per tab for the browser
 * (checked before the save's question), the Remix action and the embedded backend's save call.
 * A tab's form names its fields as the wire does (`fclInfo.totalClsRoom`, `stspList[0].stspLoc`),
 * so the nested form values are the call's body.
 *
 * Rules (all of them checked again by the server):
 * - numbers keep digits only ('{item}은(는) 숫자만 입력할 수 있습니다.'), above 999.99 refused
 *   ('최대 입력가능한 값은 999입니다.'); hours and minutes at most 2 digits;
 * - the resets of §4: a facility-exists option 'N' sends its list as null (student-only space,
 *   student education facility, library list, self-study list); an unchecked equipment flag
 *   clears its count; the library's 'none' professional staff clears the count, and the flag is
 *   N whenever the count is empty; a post that carries both (a count with 'none', with its
 *   equipment box unticked, OSCE values with the centre 'none') is refused, neither dropped;
 * - the required names of §5, in screen order.
 *
 * This module holds the rules and the tabs' save schemas; it re-exports the screen's fields and
 * labels (__schema-fields.ts) and its data and form values (__schema-form.ts), so importers use it
 * alone. The embedded backend's handler validates with it too (app/embedded/handlers/space.server.ts).
 */

import { z } from "~/schemas/zod";
import { MSG, OWN_MSG, RANGE_MSG, fillMessage } from "~/schemas/messages.ko";
import { DEFAULT_EQUIPMENT, EVAL_SYSTEMS, MNGR_SYSTEMS, SPACE_FIRST_YEAR, SPACE_LABELS, SPACE_MAX, WELFARE_KINDS, type SpaceTab } from "./__schema-fields";

export * from "./__schema-fields";
export * from "./__schema-form";

const L = SPACE_LABELS;

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const text = (v: unknown) => (blank(v) ? "" : typeof v === "object" ? "" : String(v).trim());

/** A count or amount: '' or digits (null when empty), at most 999.99 (spec 002 §5, §9). */
export const spaceNumber = (label: string, maxLength?: number) =>
  z
    .unknown()
    .transform((v, ctx): number | null => {
      const s = text(v);
      if (!s) return null;
      if (!/^[0-9]+$/.test(s)) {
        ctx.addIssue({ code: "custom", message: OWN_MSG.eqaInteger.replace("{item}", label) });
        return z.NEVER;
      }
      if (maxLength && s.length > maxLength) {
        ctx.addIssue({ code: "custom", message: OWN_MSG.spaceTimeLength.replace("{item}", label) });
        return z.NEVER;
      }
      if (Number(s) > SPACE_MAX) {
        ctx.addIssue({ code: "custom", message: MSG.eqaMax999 });
        return z.NEVER;
      }
      return Number(s);
    });

/** An hour 00–23 or a minute 00–59 of a time (issue 35: '25:75' is no time). */
const spaceHour = (label: string) => spaceNumber(label, 2).refine((n) => n === null || n <= 23, fillMessage(RANGE_MSG.hourRange, { item: label }));
const spaceMinute = (label: string) => spaceNumber(label, 2).refine((n) => n === null || n <= 59, fillMessage(RANGE_MSG.minuteRange, { item: label }));

/** The longest text of each text field (default 100): the inputs' maxlength and the rules (issue 35). */
const SPACE_TEXT_MAX: Partial<Record<string, number>> = { remark: 200, usePrf: 200, content: 200, name: 50, pstn: 50, telNo: 20, text: 50 };
export const spaceTextMax = (field: string) => SPACE_TEXT_MAX[field] ?? 100;

const spaceText = (max = 100) =>
  z
    .unknown()
    .transform((v) => text(v))
    .pipe(z.string().max(max, OWN_MSG.spaceTextTooLong.replace("{n}", String(max))));

/** A checkbox or Y/N radio: 'Y' only when it says so. */
const yn = z.unknown().transform((v) => (text(v) === "Y" ? "Y" : "N"));
const oneOf = (values: readonly string[], dflt: string) =>
  z
    .unknown()
    .transform((v) => text(v) || dflt)
    .pipe(z.string().refine((s) => values.includes(s), OWN_MSG.badRequest));

/** A list as posted (a form's rows, the wire's array, or null for 'no list'). */
const rows = <T extends z.ZodTypeAny>(row: T) =>
  z
    .unknown()
    .transform((v) => (Array.isArray(v) ? v : v && typeof v === "object" ? Object.values(v) : []))
    .pipe(z.array(row).max(100, OWN_MSG.badRequest));

const sortOf = (list: unknown[]) => list.map((r, i) => ({ ...(r as object), sort: i + 1 }));

const requireAll = <R>(ctx: z.RefinementCtx, list: readonly R[] | null, filled: (r: R) => boolean, message: string, path: string) => {
  const i = (list ?? []).findIndex((r) => !filled(r));
  if (i >= 0) ctx.addIssue({ code: "custom", message, path: [path, i] });
};

export const spaceYear = z.coerce
  .number({ invalid_type_error: MSG.yearRequired })
  .int(MSG.yearRequired)
  .min(SPACE_FIRST_YEAR, MSG.yearRequired)
  .max(2999, MSG.yearRequired);

// ---------------------------------------------------------------------------------------------
// The tabs
// ---------------------------------------------------------------------------------------------

const stspRow = z.object({ stspLoc: spaceText(), stspPn: spaceNumber(L.stspPn) });
const stfclRow = z.object({ stfclLoc: spaceText(), stfclNm: spaceText() });
const eqpRow = z.object({ eqpYn: yn, eqpCnt: spaceNumber(L.eqpCnt) });

export const fclSchema = z
  .object({
    year: spaceYear,
    fclInfo: z.object({
      totalClsRoom: spaceNumber(L.totalClsRoom),
      totalLab: spaceNumber(L.totalLab),
      osceCenterYn: oneOf(["1", "2"], "2"),
      osceCenterLoc: z.unknown().transform((v) => text(v)).pipe(z.enum(["", "1", "2"], { message: OWN_MSG.badRequest })),
      osceLabCnt: spaceNumber(L.osceLabCnt),
      osceSmltCnt: spaceNumber(L.osceSmltCnt),
      osceClsRoom: spaceNumber(L.osceClsRoom),
      stspYn: yn,
      stfclYn: yn,
    }),
    fclEqpList: rows(eqpRow).refine((l) => l.length === DEFAULT_EQUIPMENT.length, OWN_MSG.badRequest),
    stspList: rows(stspRow),
    stfclList: rows(stfclRow),
  })
  .superRefine((d, ctx) => {
    // a count with its box unticked, or OSCE counts with the centre 'none' (only a post without
    // JavaScript, or a typed count before the box, sends both): as the professional-staff count
    // (issue 35 §7), neither is dropped; the user says which
    const f = d.fclInfo;
    if (f.osceCenterYn === "2" && (f.osceCenterLoc !== "" || f.osceLabCnt !== null || f.osceSmltCnt !== null || f.osceClsRoom !== null)) {
      ctx.addIssue({ code: "custom", message: OWN_MSG.spaceOsceBoth, path: ["fclInfo", f.osceCenterLoc !== "" ? "osceCenterLoc" : f.osceLabCnt !== null ? "osceLabCnt" : f.osceSmltCnt !== null ? "osceSmltCnt" : "osceClsRoom"] });
    }
    d.fclEqpList.forEach((e, i) => {
      if (e.eqpYn !== "Y" && e.eqpCnt !== null) ctx.addIssue({ code: "custom", message: fillMessage(OWN_MSG.spaceEqpBoth, { item: DEFAULT_EQUIPMENT[i] ?? "" }), path: ["fclEqpList", i, "eqpCnt"] });
    });
    if (d.fclInfo.stspYn === "Y") {
      if (!d.stspList.length) ctx.addIssue({ code: "custom", message: MSG.spaceStspLoc, path: ["stspList", 0] });
      requireAll(ctx, d.stspList, (r) => !!r.stspLoc, MSG.spaceStspLoc, "stspList");
    }
    if (d.fclInfo.stfclYn === "Y") {
      if (!d.stfclList.length) ctx.addIssue({ code: "custom", message: MSG.spaceStfclLoc, path: ["stfclList", 0] });
      requireAll(ctx, d.stfclList, (r) => !!r.stfclLoc, MSG.spaceStfclLoc, "stfclList");
    }
  })
  .transform((d) => {
    const center = d.fclInfo.osceCenterYn === "1";
    return {
      year: d.year,
      fclInfo: {
        ...d.fclInfo,
        // no OSCE centre: nothing about one is kept
        osceCenterLoc: center ? d.fclInfo.osceCenterLoc : "",
        osceLabCnt: center ? d.fclInfo.osceLabCnt : null,
        osceSmltCnt: center ? d.fclInfo.osceSmltCnt : null,
        osceClsRoom: center ? d.fclInfo.osceClsRoom : null,
      },
      // an unchecked equipment flag clears its count (spec 002 §4); the names are the defaults
      fclEqpList: d.fclEqpList.map((e, i) => ({ sort: i + 1, eqpNm: DEFAULT_EQUIPMENT[i], eqpYn: e.eqpYn, eqpCnt: e.eqpYn === "Y" ? e.eqpCnt : null })),
      stspList: d.fclInfo.stspYn === "Y" ? sortOf(d.stspList) as ({ sort: number } & z.output<typeof stspRow>)[] : null,
      stfclList: d.fclInfo.stfclYn === "Y" ? sortOf(d.stfclList) as ({ sort: number } & z.output<typeof stfclRow>)[] : null,
    };
  });

const lbrrRow = z.object({
  lbrrNm: spaceText(),
  lbrrLoc: spaceText(),
  seatNum: spaceNumber(L.seatNum),
  stH: spaceHour(L.stH),
  stM: spaceMinute(L.stM),
  enH: spaceHour(L.enH),
  enM: spaceMinute(L.enM),
  lbrrnCnt: spaceNumber(L.lbrrnCnt),
  etcCnt: spaceNumber(L.etcCnt),
});

export const lbrrSchema = z
  .object({
    year: spaceYear,
    mdclLbrrInfo: z.object({
      lbrrYn: yn,
      bldYn: yn,
      bdgAmt: spaceNumber(L.bdgAmt),
      bdgExcAmt: spaceNumber(L.bdgExcAmt),
      proPerCnt: spaceNumber(L.proPerCnt),
      // the form's 'none' box posts N; the wire's flag says the same
      proPerYn: z.unknown().transform((v) => (text(v) === "N" ? "N" : "Y")),
    }),
    lbrrList: rows(lbrrRow),
  })
  .superRefine((d, ctx) => {
    // a count and 'none' together (only a post without JavaScript sends both: with it each clears
    // the other, spec 002 §4): which came last cannot be told, so neither is dropped; the user says
    if (d.mdclLbrrInfo.proPerYn === "N" && d.mdclLbrrInfo.proPerCnt !== null) {
      ctx.addIssue({ code: "custom", message: OWN_MSG.spaceProPerBoth, path: ["mdclLbrrInfo", "proPerCnt"] });
    }
    if (d.mdclLbrrInfo.lbrrYn === "Y") {
      if (!d.lbrrList.length) ctx.addIssue({ code: "custom", message: MSG.spaceLibraryName, path: ["lbrrList", 0] });
      requireAll(ctx, d.lbrrList, (r) => !!r.lbrrNm, MSG.spaceLibraryName, "lbrrList");
    }
  })
  .transform((d) => {
    // 'none' clears the count; the flag is N whenever the count is empty (spec 002 §4)
    const proPerCnt = d.mdclLbrrInfo.proPerYn === "N" ? null : d.mdclLbrrInfo.proPerCnt;
    return {
      year: d.year,
      mdclLbrrInfo: { ...d.mdclLbrrInfo, proPerCnt, proPerYn: proPerCnt === null ? "N" : "Y" },
      lbrrList: d.mdclLbrrInfo.lbrrYn === "Y" ? (sortOf(d.lbrrList) as ({ sort: number } & z.output<typeof lbrrRow>)[]) : null,
    };
  });

const sgroupRow = z.object({ srSe: spaceText(), roomCnt: spaceNumber(L.roomCnt), roomStspPn: spaceNumber(L.roomStspPn) });
export const sgroupSchema = z
  .object({ year: spaceYear, list: rows(sgroupRow) })
  .superRefine((d, ctx) => {
    requireAll(ctx, d.list, (r) => !!r.srSe, MSG.spaceGroupKind, "list");
    requireAll(ctx, d.list, (r) => r.roomCnt !== null, MSG.spaceGroupCount, "list");
    requireAll(ctx, d.list, (r) => r.roomStspPn !== null, MSG.spaceGroupCapacity, "list");
  })
  .transform((d) => ({ year: d.year, list: sortOf(d.list) as ({ sort: number } & z.output<typeof sgroupRow>)[] }));

export const dormSchema = z.object({
  year: spaceYear,
  dormInfo: z.object({
    hsngSrvyYn: yn,
    drmtType: oneOf(["1", "2", "3"], "2"),
    stCntM: spaceNumber(L.stCntM),
    stCntW: spaceNumber(L.stCntW),
    stsfSrvyYn: yn,
    cost1: spaceNumber(L.cost1),
    cost2: spaceNumber(L.cost2),
    cost3: spaceNumber(L.cost3),
    cost4: spaceNumber(L.cost4),
  }),
});
/** The dormitory's total: the sum of the two counts (spec 002 §3), empty when both are. */
export function dormTotal(m: unknown, w: unknown): string {
  const n = (v: unknown) => (blank(v) || !/^[0-9]+$/.test(String(v).trim()) ? null : Number(String(v).trim()));
  const a = n(m);
  const b = n(w);
  return a === null && b === null ? "" : String((a ?? 0) + (b ?? 0));
}
/** A library row's staff total: librarians plus others (spec 002 §3). */
export const staffTotal = dormTotal;

const selfsRow = z.object({ ssNm: spaceText(), ssCnt: spaceNumber(L.ssCnt), stspPn: spaceNumber(L.stspPn) });
export const selfsSchema = z
  .object({ year: spaceYear, ssYn: yn, list: rows(selfsRow) })
  .superRefine((d, ctx) => {
    if (d.ssYn === "Y") {
      if (!d.list.length) ctx.addIssue({ code: "custom", message: MSG.spaceSelfStudyName, path: ["list", 0] });
      requireAll(ctx, d.list, (r) => !!r.ssNm, MSG.spaceSelfStudyName, "list");
    }
  })
  .transform((d) => ({ year: d.year, ssYn: d.ssYn, list: d.ssYn === "Y" ? (sortOf(d.list) as ({ sort: number } & z.output<typeof selfsRow>)[]) : null }));

const wlcnvRow = z.object({ swlSe: oneOf(["1", "2"], "1"), swfNm: spaceText(), cnt: spaceNumber(L.cnt) });
export const wlcnvSchema = z
  .object({ year: spaceYear, list: rows(wlcnvRow) })
  .superRefine((d, ctx) => {
    for (const k of WELFARE_KINDS) {
      const i = d.list.findIndex((r) => r.swlSe === k.value && !r.swfNm);
      if (i >= 0) ctx.addIssue({ code: "custom", message: k.required, path: ["list", i] });
    }
  })
  .transform((d) => ({
    year: d.year,
    // welfare first, then convenience, each in its order
    list: [...d.list.filter((r) => r.swlSe === "1"), ...d.list.filter((r) => r.swlSe === "2")].map((r, i) => ({ ...r, sort: i + 1 })),
  }));

const grade = z.object({ id: z.unknown().transform(text).pipe(z.string().regex(/^[0-9]{10}$/, OWN_MSG.badRequest)), text: spaceText(spaceTextMax("text")), useYn: yn });
const systemRow = (withMaxUser: boolean) =>
  z.object({
    sysYn: yn,
    remark: spaceText(spaceTextMax("remark")),
    maxUser: withMaxUser ? spaceNumber(L.maxUser) : z.unknown().transform(() => null),
    grdList: rows(grade),
  });
export const eduSchema = z
  .object({
    year: spaceYear,
    eduInfo: z.object({ ddcPrsYn: yn }),
    mngrList: rows(systemRow(false)).refine((l) => l.length === MNGR_SYSTEMS.length, OWN_MSG.badRequest),
    evalList: rows(systemRow(true)).refine((l) => l.length === EVAL_SYSTEMS.length, OWN_MSG.badRequest),
  })
  .transform((d) => ({
    // the call's body is {eduInfo, mngrList, evalList} (spec 002 §7): each carries the year
    eduInfo: { year: d.year, ddcPrsYn: d.eduInfo.ddcPrsYn },
    mngrList: d.mngrList.map((r, i) => ({ year: d.year, sort: i + 1, sysNm: MNGR_SYSTEMS[i], ...r, maxUser: null })),
    evalList: d.evalList.map((r, i) => ({ year: d.year, sort: i + 1, sysNm: EVAL_SYSTEMS[i], ...r })),
  }));
/** saveEdcInfSystem.do names its year inside eduInfo: the body as the schema reads it. */
export const eduBodyOf = (b: Record<string, unknown>) => ({ ...b, year: (b.eduInfo as { year?: unknown } | undefined)?.year ?? b.year });

const labRow = z.object({ id: grade.shape.id, text: spaceText(spaceTextMax("text")), useYn: yn, usePrf: spaceText(spaceTextMax("usePrf")) });
export const labSchema = z
  .object({ year: spaceYear, labInfo: z.object({ labYn: yn, labCnt: spaceNumber(L.labCnt) }), list: rows(labRow) })
  .transform((d) => ({ year: d.year, labInfo: { labYn: d.labInfo.labYn, labCnt: d.labInfo.labYn === "Y" ? d.labInfo.labCnt : null }, list: d.list.map((r) => ({ year: d.year, ...r })) }));

const mngrRow = z.object({ content: spaceText(spaceTextMax("content")), name: spaceText(spaceTextMax("name")), dpt: spaceText(), pstn: spaceText(spaceTextMax("pstn")), telNo: spaceText(spaceTextMax("telNo")), email: spaceText() });
export const mngrSchema = z
  .object({ year: spaceYear, list: rows(mngrRow) })
  .superRefine((d, ctx) => {
    requireAll(ctx, d.list, (r) => !!r.content, MSG.spaceManagerContent, "list");
    requireAll(ctx, d.list, (r) => !!r.name, MSG.spaceManagerName, "list");
  })
  .transform((d) => ({ year: d.year, list: sortOf(d.list) as ({ sort: number } & z.output<typeof mngrRow>)[] }));

export const SPACE_SCHEMAS = {
  fcl: fclSchema,
  lbrr: lbrrSchema,
  sgroup: sgroupSchema,
  dorm: dormSchema,
  selfs: selfsSchema,
  wlcnv: wlcnvSchema,
  edu: eduSchema,
  lab: labSchema,
  mngr: mngrSchema,
} as const;
export type SpaceSave<T extends SpaceTab> = z.output<(typeof SPACE_SCHEMAS)[T]>;

/** The first message of a failed tab (the issues come in screen order). */
export function spaceProblem(tab: SpaceTab, body: unknown): string | null {
  const r = SPACE_SCHEMAS[tab].safeParse(body);
  if (r.success) return null;
  const m = r.error.issues[0]?.message ?? "";
  return /[가-힣]/.test(m) ? m : OWN_MSG.badRequest;
}
