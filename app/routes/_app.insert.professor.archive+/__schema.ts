/**
 * R06 education achievement score (spec 001 §2 "Professor achievement screen", §3, §5
 * "Achievement score", §9): the score entry dialog's schema, shared by the browser, the Remix
 * action, the embedded backend's /api/professor/editArchive.do and every row of an Excel upload.
 *
 * In order: year (2010 … the current year) '년도를 선택해주세요.', department (기초 or 임상)
 * '소속을 선택해주세요.', score '점수를 입력해주세요.', digits only.
 */
import { z } from "~/schemas/zod";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { requiredText } from "~/schemas/rules";

/** The screen's route (menu 23). */
export const ACHIEVEMENT_PATH = "/insert/professor/archive";
export const ACHIEVEMENT_FIRST_YEAR = 2010;
/** Department kinds (spec 001 §9): basic and clinical. */
export const ACHIEVEMENT_DEPTS = ["기초", "임상"] as const;
export type AchievementDept = (typeof ACHIEVEMENT_DEPTS)[number];
/** The score dialog's record keys in the URL (`?dialog=edit&year=&dept=`). */
export const ACHIEVEMENT_KEYS = ["year", "dept"] as const;
/** The chart's two lines (R06): 기초 and 임상 scores by year. */
export const ACHIEVEMENT_SERIES = [
  { key: "basic", label: "기초", color: "indigo.7" },
  { key: "clinical", label: "임상", color: "teal.8" },
] as const;
/**
 * The columns an evaluation indicator may tick for this screen (ADR 0039): the year and the
 * chart's two series, keys of the rows the chart call answers in evaluation mode.
 * app/schemas/eval-columns.ts takes it from here (LIST_EVAL_COLUMNS).
 */
export const ACHIEVEMENT_EVAL_COLUMNS: readonly (readonly [clm: string, clmNm: string])[] = [["year", "년도"], ...ACHIEVEMENT_SERIES.map((s) => [s.key, s.label] as const)];
/** What the score dialog needs: its values, whether that score was entered already, the year its schema ends at. */
export interface AchievementDialog {
  existing: boolean;
  values: Record<string, string>;
  currentYear: number;
}
/** The longest score the input takes. */
export const SCORE_MAX_LENGTH = 6;

/** The dialog's years: the current year down to 2010. */
export function achievementYears(currentYear: number): number[] {
  return Array.from({ length: Math.max(1, currentYear - ACHIEVEMENT_FIRST_YEAR + 1) }, (_, i) => currentYear - i);
}

const asText = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v);

export function achievementSchema(currentYear: number) {
  return z.object({
    year: z.preprocess(
      asText,
      z
        .string({ invalid_type_error: MSG.yearRequired })
        .regex(/^[0-9]{4}$/, MSG.yearRequired)
        .transform(Number)
        .pipe(z.number().min(ACHIEVEMENT_FIRST_YEAR, MSG.yearRequired).max(currentYear, MSG.yearRequired)),
    ),
    dept: z.preprocess(asText, z.enum(ACHIEVEMENT_DEPTS, { errorMap: () => ({ message: MSG.affiliationRequired }) })),
    score: z
      .preprocess(asText, requiredText(MSG.scoreRequired))
      .pipe(z.string().regex(/^[0-9]+$/, OWN_MSG.achievementScoreDigits).max(SCORE_MAX_LENGTH, OWN_MSG.textTooLong))
      .transform(Number),
  });
}
export type AchievementForm = z.output<ReturnType<typeof achievementSchema>>;

export const achievementOrder = ["year", "dept", "score"] as const;

/** One year of the chart: the score of each department kind (null when not entered). */
export interface AchievementPoint {
  year: number;
  basic: number | null;
  clinical: number | null;
}

/** The chart/table field of a department kind. */
export const deptKey = (dept: AchievementDept) => (dept === "기초" ? "basic" : "clinical");
