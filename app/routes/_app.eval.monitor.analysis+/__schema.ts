/**
 * E18 exam question analysis (spec 002 §3 "Exam analysis", §5 "Exam analysis", §9): one schema for
 * the browser (remix-validated-form), the Remix action, the embedded backend's
 * /api/analysis/edit.do and every row of an Excel upload.
 *
 * The rules of §5, in the order the '알림' reports them (`examAnalysisOrder`, screen order):
 *  - course name '과정명을 입력해주세요.', period '시기를 입력해주세요.';
 *  - mean and deviation both or neither '평균편차를 모두 입력해주세요.';
 *  - difficulty range both or neither, and a classification needs the range '난이도를 모두
 *    입력해주세요.'; a range without classification '난이도 구분을 선택해주세요.';
 *  - discrimination likewise ('분별도를 모두 입력해주세요.', '분별도 구분을 선택해주세요.');
 *  - question count, total, lowest and highest are integers (max length 3); mean and deviation
 *    take one decimal, difficulty, discrimination and the proportion two (max length 6);
 *  - a value above 999.99 is refused with '최대 입력가능한 값은 999입니다.' (the browser clears the
 *    field as the user leaves it; the server answers the form with the field emptied).
 * With JavaScript the number inputs keep only what their rule allows while typing
 * (`filterNumberInput`), as the legacy inputs did.
 */
import { z } from "~/schemas/zod";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { requiredMax } from "~/schemas/person-fields";

/** The screen's route (menu 71). */
export const ANALYSIS_PATH = "/eval/monitor/analysis";

/**
 * The columns an evaluation indicator may tick for this screen (ADR 0039): keys of the analysis rows
 * the list call answers in evaluation mode. app/schemas/eval-columns.ts takes it from here
 * (LIST_EVAL_COLUMNS).
 */
export const ANALYSIS_EVAL_COLUMNS: readonly (readonly [clm: string, clmNm: string])[] = [["year", "년도"], ["currNm", "과정명"], ["eqaSeNm", "구분"], ["period", "시기"], ["qestCnt", "문항수"], ["totalScore", "총점"], ["avgStdev", "평균±편차"], ["minScore", "최저점"], ["maxScore", "최고점"], ["grd", "난이도"], ["dscp", "분별도"], ["qestRate", "문항비율"]];

/** What the list's register and edit dialog needs: its form values (a record's as text) and the year its schema ends at. */
export interface AnalysisDialog {
  values: Record<string, string>;
  currentYear: number;
}
export const EQA_FIRST_YEAR = 2010;
/** The numeric cap of spec 002 §9. */
export const EQA_MAX = 999.99;

/** The dialog's years: 2010 … current year + 5, newest first (spec 002 §2, §9). */
export function eqaYears(currentYear: number): number[] {
  const last = currentYear + 5;
  return Array.from({ length: last - EQA_FIRST_YEAR + 1 }, (_, i) => last - i);
}

/** eqaSe: 1 weekend, 2 end of course. */
export const EQA_TYPES = [
  { value: "1", label: "주말" },
  { value: "2", label: "종료" },
] as const;
/** grdSe: A appropriate, B easy, C difficult. */
export const GRD_CLASSES = [
  { value: "A", label: "적정" },
  { value: "B", label: "쉬움" },
  { value: "C", label: "어려움" },
] as const;
/** dscpSe: A good, B borderline. */
export const DSCP_CLASSES = [
  { value: "A", label: "양호" },
  { value: "B", label: "경계" },
] as const;

const labelOf = (list: readonly { value: string; label: string }[], value: string | null | undefined) => list.find((c) => c.value === value)?.label ?? "";
export const eqaTypeName = (v: string | null | undefined) => labelOf(EQA_TYPES, v);
export const grdClassName = (v: string | null | undefined) => labelOf(GRD_CLASSES, v);
export const dscpClassName = (v: string | null | undefined) => labelOf(DSCP_CLASSES, v);

/** The number fields: their label (in messages), decimals and input length. */
export const EQA_NUMBERS = {
  qestCnt: { label: "문항수", decimals: 0, maxLength: 3 },
  totalScore: { label: "총점", decimals: 0, maxLength: 3 },
  avgStdevSt: { label: "평균", decimals: 1, maxLength: 6 },
  avgStdevEn: { label: "표준편차", decimals: 1, maxLength: 6 },
  minScore: { label: "최저점", decimals: 0, maxLength: 3 },
  maxScore: { label: "최고점", decimals: 0, maxLength: 3 },
  grdSt: { label: "난이도 시작값", decimals: 2, maxLength: 6 },
  grdEn: { label: "난이도 끝값", decimals: 2, maxLength: 6 },
  dscpSt: { label: "분별도 시작값", decimals: 2, maxLength: 6 },
  dscpEn: { label: "분별도 끝값", decimals: 2, maxLength: 6 },
  qestRate: { label: "문항비율", decimals: 2, maxLength: 6 },
} as const;
export type EqaNumberName = keyof typeof EQA_NUMBERS;
export const EQA_NUMBER_NAMES = Object.keys(EQA_NUMBERS) as EqaNumberName[];

/** The message of a malformed number (integers, or too many decimals). */
export function numberFormatMessage(name: EqaNumberName): string {
  const { label, decimals } = EQA_NUMBERS[name];
  return decimals === 0 ? OWN_MSG.eqaInteger.replace("{item}", label) : OWN_MSG.eqaDecimals.replace("{item}", label).replace("{n}", String(decimals));
}

/** What a number input keeps while typing (shared with other number inputs). */
export { filterNumberInput } from "~/schemas/rules";

/** Whether a typed number is above the cap (it is then cleared). */
export const isOverCap = (value: string) => value.trim() !== "" && Number.isFinite(Number(value)) && Number(value) > EQA_MAX;

const asText = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v);

/** An optional number field: '' is null; malformed, too long or above 999.99 is refused. */
function numberField(name: EqaNumberName) {
  const { decimals, maxLength } = EQA_NUMBERS[name];
  const re = decimals === 0 ? /^[0-9]+$/ : new RegExp(`^[0-9]+(\\.[0-9]{0,${decimals}})?$`);
  return z
    .preprocess(asText, z.string({ invalid_type_error: numberFormatMessage(name) }))
    .superRefine((s, ctx) => {
      if (!s) return;
      if (!re.test(s)) ctx.addIssue({ code: "custom", message: numberFormatMessage(name) });
      else if (Number(s) > EQA_MAX) ctx.addIssue({ code: "custom", message: MSG.eqaMax999 });
      else if (s.length > maxLength) ctx.addIssue({ code: "custom", message: OWN_MSG.textTooLong });
    })
    .transform((s) => (s === "" ? null : Number(s)));
}

const choice = <T extends string>(values: readonly T[], message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v ?? ""), z.enum(["", ...values] as [string, ...string[]], { errorMap: () => ({ message }) }));

const fieldsFor = (currentYear: number) =>
  z.object({
    year: z.preprocess(
      asText,
      z
        .string({ invalid_type_error: MSG.yearRequired })
        .regex(/^[0-9]{4}$/, MSG.yearRequired)
        .transform(Number)
        .pipe(z.number().min(EQA_FIRST_YEAR, MSG.yearRequired).max(currentYear + 5, MSG.yearRequired)),
    ),
    eqaSe: z.preprocess(asText, z.enum(["1", "2"], { errorMap: () => ({ message: OWN_MSG.eqaSeRequired }) })),
    currNm: requiredMax(MSG.eqaCurrNmRequired, 100),
    period: requiredMax(MSG.eqaPeriodRequired, 50),
    qestCnt: numberField("qestCnt"),
    totalScore: numberField("totalScore"),
    avgStdevSt: numberField("avgStdevSt"),
    avgStdevEn: numberField("avgStdevEn"),
    minScore: numberField("minScore"),
    maxScore: numberField("maxScore"),
    grdSt: numberField("grdSt"),
    grdEn: numberField("grdEn"),
    grdSe: choice(["A", "B", "C"], MSG.eqaGrdSeRequired),
    dscpSt: numberField("dscpSt"),
    dscpEn: numberField("dscpEn"),
    dscpSe: choice(["A", "B"], MSG.eqaDscpSeRequired),
    qestRate: numberField("qestRate"),
  });

const loose = z.preprocess((v) => {
  const t = asText(v);
  return typeof t === "string" ? t : "";
}, z.string());

/** A range with its classification: both ends or neither; a classification needs the range, a range its classification. */
function checkRange(v: Record<string, string>, st: string, en: string, se: string | null, both: string, seRequired: string, ctx: z.RefinementCtx) {
  const hasSt = v[st] !== "";
  const hasEn = v[en] !== "";
  if (hasSt !== hasEn) {
    ctx.addIssue({ code: "custom", path: [hasSt ? en : st], message: both });
    return;
  }
  if (!se) return;
  const hasSe = v[se] !== "";
  if (!hasSt && hasSe) {
    ctx.addIssue({ code: "custom", path: [st], message: both });
    ctx.addIssue({ code: "custom", path: [en], message: both });
  } else if (hasSt && !hasSe) ctx.addIssue({ code: "custom", path: [se], message: seRequired });
}

/** The pair rules of §5, across fields: reported even when another field fails. */
const crossChecks = z
  .object({ avgStdevSt: loose, avgStdevEn: loose, grdSt: loose, grdEn: loose, grdSe: loose, dscpSt: loose, dscpEn: loose, dscpSe: loose })
  .superRefine((v, ctx) => {
    checkRange(v, "avgStdevSt", "avgStdevEn", null, MSG.eqaAvgStdevBoth, "", ctx);
    checkRange(v, "grdSt", "grdEn", "grdSe", MSG.eqaGrdBoth, MSG.eqaGrdSeRequired, ctx);
    checkRange(v, "dscpSt", "dscpEn", "dscpSe", MSG.eqaDscpBoth, MSG.eqaDscpSeRequired, ctx);
  })
  .transform(() => ({}));

/** The dialog's schema; `currentYear` (Asia/Seoul) bounds the year list at current + 5. */
export function examAnalysisSchema(currentYear: number) {
  return z.intersection(fieldsFor(currentYear), crossChecks).transform((d) => ({
    ...d,
    grdSe: d.grdSe || null,
    dscpSe: d.dscpSe || null,
  }));
}
export type ExamAnalysisForm = z.output<ReturnType<typeof examAnalysisSchema>>;

/** Screen order: the first failing field's message is the '알림'. */
export const examAnalysisOrder = [
  "year",
  "eqaSe",
  "currNm",
  "period",
  "qestCnt",
  "totalScore",
  "avgStdevSt",
  "avgStdevEn",
  "minScore",
  "maxScore",
  "grdSt",
  "grdEn",
  "grdSe",
  "dscpSt",
  "dscpEn",
  "dscpSe",
  "qestRate",
] as const;

/** The fields whose message is the cap's: the form comes back with them emptied. */
export function overCapFields(fieldErrors: Record<string, string | undefined>): string[] {
  return Object.entries(fieldErrors)
    .filter(([, m]) => m === MSG.eqaMax999)
    .map(([k]) => k);
}

/** A record's numbers as the form's text ('' for none; 0.4 → '0.4'). */
export const numberText = (v: number | string | null | undefined) => (v === null || v === undefined || v === "" ? "" : String(Number(v)));

/** 'A 적정' style text of a classification, '' when none. */
export const classText = (code: string | null | undefined, name: string) => (code ? `${code} ${name}` : "");

const fixed = (v: number | null, decimals: number) => (v === null ? "" : v.toFixed(decimals));
const range = (st: number | null, en: number | null, sep: string, decimals: number) => (st === null || en === null ? "" : `${fixed(st, decimals)}${sep}${fixed(en, decimals)}`);
const withClass = (text: string, code: string | null, name: string) => (text && code ? `${text} (${code} ${name})` : text);

/** The fields of an analysis the list shows, as spec 002 §3 gives them (numbers or null, codes or null). */
export interface AnalysisFacts {
  eqaSe: string;
  avgStdevSt: number | null;
  avgStdevEn: number | null;
  grdSt: number | null;
  grdEn: number | null;
  grdSe: string | null;
  dscpSt: number | null;
  dscpEn: number | null;
  dscpSe: string | null;
}

/**
 * The list's display columns (spec 002 §2 item 18: type, mean±deviation, difficulty with
 * classification, discrimination with classification), derived from the §3 fields: the embedded
 * backend answers them, and the web tier derives them itself when a reply carries only the §3 fields.
 */
export function analysisDisplay(v: AnalysisFacts) {
  return {
    eqaSeNm: eqaTypeName(v.eqaSe),
    avgStdev: range(v.avgStdevSt, v.avgStdevEn, "±", 1),
    grdSeNm: grdClassName(v.grdSe),
    grd: withClass(range(v.grdSt, v.grdEn, "~", 2), v.grdSe, grdClassName(v.grdSe)),
    dscpSeNm: dscpClassName(v.dscpSe),
    dscp: withClass(range(v.dscpSt, v.dscpEn, "~", 2), v.dscpSe, dscpClassName(v.dscpSe)),
  };
}
