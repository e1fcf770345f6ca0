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
 */
import { z } from "./zod";
import { MSG, OWN_MSG, RANGE_MSG, fillMessage } from "./messages.ko";

/** The screen's route (menu 86). */
export const SPACE_PATH = "/insert/resource/space";
export const SPACE_TITLE = "의과대학 공간 현황";
/** spec 002 §2, §9: the year list starts at 2024. */
export const SPACE_FIRST_YEAR = 2024;
/** spec 002 §9. */
export const SPACE_MAX = 999.99;
/** The grade codes the template and the grade lists use (spec 002 §7). */
export const GRADE_CODE = "0000800000";

export const SPACE_CALLS = {
  data: "/api/resource/getData.do",
  fcl: "/api/resource/saveFclInfo.do",
  lbrr: "/api/resource/saveMdclLbrrInfo.do",
  sgroup: "/api/resource/saveSGroupList.do",
  dorm: "/api/resource/saveDormInfo.do",
  selfs: "/api/resource/saveSelfsSpaceList.do",
  wlcnv: "/api/resource/saveWlcnvFcltyList.do",
  edu: "/api/resource/saveEdcInfSystem.do",
  lab: "/api/resource/saveStRsrchLab.do",
  mngr: "/api/resource/saveMngrInfoList.do",
  template: "/api/resource/excelTmplDown.do",
  upload: "/api/resource/spaceStatusExcelUpload.do",
} as const;

/** The nine tabs, in the spec's order. */
export const SPACE_TABS = [
  { id: "fcl", label: "기본 교육시설" },
  { id: "lbrr", label: "의학도서관" },
  { id: "sgroup", label: "학생 소그룹실" },
  { id: "dorm", label: "기숙사" },
  { id: "selfs", label: "학생 자율학습 공간" },
  { id: "wlcnv", label: "학생 복지·편의시설" },
  { id: "edu", label: "교육정보시스템" },
  { id: "lab", label: "학생 연구실" },
  { id: "mngr", label: "담당자 정보" },
] as const;
export type SpaceTab = (typeof SPACE_TABS)[number]["id"];
export const isSpaceTab = (v: unknown): v is SpaceTab => SPACE_TABS.some((t) => t.id === v);

/** spec 002 §3: the eleven default equipment items, in order. */
export const DEFAULT_EQUIPMENT = [
  "기관삽관 모형",
  "기본심폐소생술(BLS) 모형",
  "도뇨관 삽입 모형",
  "동맥혈 채혈 모형",
  "봉합 모형",
  "전신 시뮬레이터",
  "정맥혈 채혈 모형",
  "제세동기",
  "중심정맥관 삽입 모형",
  "질 분비물·자궁경부 세포검사 모형",
  "항문직장 모형",
] as const;
/** spec 002 §3: the self-study space defaults. */
export const DEFAULT_SELF_STUDY = ["열람실", "스터디룸"] as const;
/** spec 002 §3: management and evaluation systems of the education information system tab. */
export const MNGR_SYSTEMS = ["학습관리시스템(LMS)", "e-포트폴리오"] as const;
export const EVAL_SYSTEMS = ["컴퓨터 기반 시험(CBT)", "스마트기기 기반 시험"] as const;

export const OSCE_CENTER = [
  { value: "1", label: "있음" },
  { value: "2", label: "없음" },
] as const;
export const OSCE_LOCATION = [
  { value: "1", label: "학교 내" },
  { value: "2", label: "병원 내" },
] as const;
/** drmtType: 1 exclusive, 2 shared (default), 3 other. */
export const DORM_TYPES = [
  { value: "1", label: "전용" },
  { value: "2", label: "공용" },
  { value: "3", label: "기타" },
] as const;
/** swlSe: 1 welfare, 2 convenience. */
export const WELFARE_KINDS = [
  { value: "1", label: "학생 복지시설", required: MSG.spaceWelfareName },
  { value: "2", label: "학생 편의시설", required: MSG.spaceConvenienceName },
] as const;

/** Every field's label (the tabs' headers and the Excel template's 항목), by the wire's field name. */
export const SPACE_LABELS = {
  totalClsRoom: "총 강의실 수(실)",
  totalLab: "총 실습실 수(실)",
  osceCenterYn: "OSCE 센터 유무",
  osceCenterLoc: "OSCE 센터 위치",
  osceLabCnt: "OSCE 실습실 수(실)",
  osceSmltCnt: "시뮬레이션실 수(실)",
  osceClsRoom: "OSCE 강의실 수(실)",
  stspYn: "교육병원 내 학생전용공간 유무",
  stfclYn: "교육병원 내 학생교육시설 유무",
  eqpYn: "보유",
  eqpCnt: "보유 수량(개)",
  stspLoc: "위치(호실)명",
  stspPn: "수용인원(명)",
  stfclLoc: "위치(호실)명",
  stfclNm: "시설명",
  lbrrYn: "의학도서관 유무",
  bldYn: "독립 건물 여부",
  bdgAmt: "도서 구입 예산(백만원)",
  bdgExcAmt: "도서 구입 집행액(백만원)",
  proPerCnt: "전문 인력 수(명)",
  proPerYn: "전문 인력 없음",
  lbrrNm: "의학도서관 명",
  lbrrLoc: "위치",
  seatNum: "좌석 수(석)",
  stH: "운영 시작(시)",
  stM: "운영 시작(분)",
  enH: "운영 종료(시)",
  enM: "운영 종료(분)",
  lbrrnCnt: "사서 수(명)",
  etcCnt: "기타 인력 수(명)",
  srSe: "구분",
  roomCnt: "총 개수(실)",
  roomStspPn: "실당 평균 수용인원(명)",
  hsngSrvyYn: "주거 실태 조사 여부",
  drmtType: "기숙사 형태",
  stCntM: "입사 남학생 수(명)",
  stCntW: "입사 여학생 수(명)",
  stsfSrvyYn: "만족도 조사 여부",
  cost1: "1인실(천원/학기)",
  cost2: "2인실(천원/학기)",
  cost3: "3인실(천원/학기)",
  cost4: "4인실 이상(천원/학기)",
  ssYn: "자율학습 공간 유무",
  ssNm: "자율학습 공간 명칭",
  ssCnt: "개수(실)",
  swlSe: "구분(1 복지시설, 2 편의시설)",
  swfNm: "시설명",
  cnt: "개수(개)",
  ddcPrsYn: "전담 인력 유무",
  sysYn: "사용 여부",
  remark: "비고",
  maxUser: "최대 동시 접속자 수(명)",
  useYn: "사용",
  labYn: "학생 연구실 유무",
  labCnt: "연구실 수(실)",
  usePrf: "활용 실적",
  content: "내용",
  name: "성명",
  dpt: "부서",
  pstn: "직위",
  telNo: "연락처",
  email: "이메일",
} as const;
export type SpaceField = keyof typeof SPACE_LABELS;
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

/** The page's loader data and a post's reply (app/routes/__space.server.ts). */
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
