/**
 * P15 evaluation indicators (spec 000 §2 "Evaluation indicator input page", §3, §4 "Year
 * multi-select", §5 "Evaluation indicator", §7 "Evaluation indicators"; ADR 0039): the paths, the
 * calls and the forms' one definition each, run in the browser, in the Remix action and in the
 * embedded backend, so the messages are the same everywhere.
 */
import { z } from "./zod";
import { MSG, OWN_MSG } from "./messages.ko";
import { tooLongMessage } from "./rules";

/** `/eval/indicator/{menuSeq}` (SCREENS.md P15) */
export const INDICATOR_PATH = "/eval/indicator";

/**
 * The key of the control that opened the indicator page's dialog at `search` (ADR 0059): a card's
 * 요소 변경 (`?dialog=add&m=11`: `add-11`) or 삭제 (`?dialog=delete-menu&m=11`), else 데이터 추가
 * (`add`, also once its drill-down has chosen a menu: `&l1=&l2=&m=`); null without a dialog.
 */
export function indicatorOpenerKey(search: string): string | null {
  const params = new URLSearchParams(search);
  const dialog = params.get("dialog");
  const m = params.get("m");
  if (dialog !== "add" && dialog !== "delete-menu") return null;
  return m && /^\d+$/.test(m) && !(dialog === "add" && params.has("l1")) ? `${dialog}-${m}` : "add";
}
export const INDICATOR_TITLE = "평가지표";
/** the indicator page's menus (seed-data.ts: 평가 > 평가지표) */
export const INDICATOR_MENUS = [81, 82, 83] as const;

/**
 * spec 000 §5: 'Excel for menu 78 requires exactly one year selected'. The spec does not say which
 * screen menu 78 is; the rule is kept for that menu number (ADR 0039).
 */
export const ONE_YEAR_EXCEL_MENU = 78;

/** The lengths of the indicator's name and criterion (the fields' maxlength and the rules). */
export const INDICATOR_NAME_MAX = 200;
export const INDICATOR_CRITERION_MAX = 4000;

/** Whether a card's Excel download may run with the indicator's years ([] = all). */
export const excelYearsOk = (menuSeq: number, years: readonly number[]) => menuSeq !== ONE_YEAR_EXCEL_MENU || years.length === 1;

/** Required, and at most `max` characters: the message of an overlong value names the limit, not the requirement. */
const text = (max: number, required: string, label: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, required).max(max, tooLongMessage(label, max)));

/**
 * Years of the year multi-select: the blank 'all' (or nothing) is every year, [] (spec 000 §4).
 * Without JavaScript 'all' stays ticked beside a year the user ticks (nothing unticks it): a
 * specific year wins, as it would with JavaScript, where ticking it removes 'all'.
 */
export function yearsOf(raw: unknown): number[] {
  const list = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]).map((v) => String(v).trim());
  const specific = list.filter((v) => v !== "" && v !== "all");
  return [...new Set(specific.map(Number))].sort((a, b) => a - b);
}

/**
 * The indicator form (editEvalIndct.do): name and criterion required (spec 000 §5), the years
 * (each 2025 … this year; the exclusive 'all' is none).
 */
export function indicatorSchemaOf(thisYear: number) {
  return z.object({
    eiSeq: z.coerce.number().int().positive().optional().or(z.literal("").transform(() => undefined)),
    evalIndctNm: text(INDICATOR_NAME_MAX, MSG.indicatorNameRequired, "평가지표"),
    evalStnd: text(INDICATOR_CRITERION_MAX, MSG.indicatorCriterionRequired, "평가준거"),
    years: z
      .unknown()
      .transform(yearsOf)
      .pipe(z.array(z.number().int().min(2025, OWN_MSG.indicatorYearRange).max(thisYear, OWN_MSG.indicatorYearRange))),
  });
}
export const indicatorOrder = ["evalIndctNm", "years", "evalStnd"] as const;

/** The 'add data' form (editMenu.do): a data menu, then at least one of its columns (spec 000 §5). */
export const menuColumnsSchema = z.object({
  eiSeq: z.coerce.number().int().positive(),
  menuSeq: z.coerce.number({ invalid_type_error: MSG.indicatorMenuRequired }).int(MSG.indicatorMenuRequired).positive(MSG.indicatorMenuRequired),
  clms: z
    .unknown()
    .transform((v) => (Array.isArray(v) ? v : v === undefined || v === null || v === "" ? [] : [v]).map(String).filter(Boolean))
    .pipe(z.array(z.string().max(50)).min(1, MSG.indicatorColumnsRequired).max(100)),
});
export const menuColumnsOrder = ["menuSeq", "clms"] as const;

/** A wire year list for the calls: [] is every year. */
export const yearsLabel = (years: readonly number[]) => (years.length ? years.map((y) => `${y}년`).join(", ") : "전체");
