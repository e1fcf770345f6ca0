/**
 * E04 patient safety course scores (spec 002 §3 "Patient safety score", §4, §5 "Patient safety",
 * §9): the score rules, the dialog's schema and the checks of a save, shared by the browser
 * (remix-validated-form), the Remix action and the embedded backend (savePtntSftyScre.do and the
 * Excel upload), so every side refuses the same input with the same message.
 *
 * - A score is optional (blank = not entered); when given: digits, at most one decimal point with
 *   at most 2 decimals, an optional minus, between -100 and 100 (the browser clamps as typed).
 * - Maximums: attendance 0, quiz 30, recognition survey 25, reflection report 30, participation 0
 *   ('{item} 점수는 {max}점을 넘을 수 없습니다.'); group1 + group2 together 15
 *   ('그룹평가의 총 합은 15점을 넘을 수 없습니다.'); the total (sum of all seven, two decimals,
 *   computed again by the server) at most 100 ('총점이 100점이 넘습니다. 다시 입력해주세요.').
 * - The students of a save, in the spec's order: insert '학번을 모두 입력해주세요.' (a row without a
 *   number), '학번을 입력 후 확인버튼을 선택하세요.' (never confirmed), '학번과 이름이 일치하지 않는
 *   데이터가 존재합니다.' (confirmed for another number or year); update '학번을 입력하세요.',
 *   '학번과 이름이 일치하지 않습니다.'. The browser knows "confirmed" from the lookup
 *   (`isConfirmed`); the backend from the database (the usSeq of that number in that year).
 */
import { z } from "~/schemas/zod";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { checkKey, lookupRowFields, rowField } from "~/schemas/student-rows";

export const PSS_GRADES = ["H", "HP", "PS", "NP"] as const;

export type PssItemKey = "attn" | "quiz" | "rcgnSrvy" | "ptntSftyRprt" | "group1" | "group2" | "prtcDgr";

export interface PssItem {
  key: PssItemKey;
  /** The Korean label (column header, field label, the {item} of the messages). */
  label: string;
  /** The item's own maximum; null for the group evaluations (their sum is limited instead). */
  max: number | null;
}

/** The seven scores in screen order (spec 002 §5, §9). */
export const PSS_ITEMS: readonly PssItem[] = [
  { key: "attn", label: "출석", max: 0 },
  { key: "quiz", label: "퀴즈", max: 30 },
  { key: "rcgnSrvy", label: "인식조사", max: 25 },
  { key: "ptntSftyRprt", label: "성찰보고서", max: 30 },
  { key: "group1", label: "그룹평가1", max: null },
  { key: "group2", label: "그룹평가2", max: null },
  { key: "prtcDgr", label: "참여도", max: 0 },
];
export const PSS_ITEM_KEYS = PSS_ITEMS.map((i) => i.key);

/** group1 + group2 at most this. */
export const PSS_GROUP_MAX = 15;
/** The total at most this. */
export const PSS_TOTAL_MAX = 100;
/** No score beyond ±100 (the browser clamps as typed, the server refuses). */
export const PSS_SCORE_LIMIT = 100;
/** Rows one save may carry. */
export const PSS_MAX_ROWS = 100;

/** The upload template (GET /api/resourceFileDownload.do?folderName&fileName). */
export const PSS_TEMPLATE = { folderName: "eval", fileName: "환자안전_교과목_성적_업로드_양식.xlsx" } as const;

/** The list's path. */
export const PSS_PATH = "/insert/eval/patient-safety";

/**
 * What an evaluation indicator may tick of this screen (getClmList.do, ADR 0039): keys of the
 * rows the list call answers in evaluation mode, the items' labels. app/schemas/eval-columns.ts
 * takes it from here (LIST_EVAL_COLUMNS).
 */
export const PSS_EVAL_COLUMNS: readonly (readonly [clm: string, clmNm: string])[] = [
  ["year", "년도"],
  ["id", "학번"],
  ["name", "이름"],
  ...PSS_ITEMS.filter((i) => ["attn", "quiz", "rcgnSrvy", "ptntSftyRprt"].includes(i.key)).map((i) => [i.key, i.label] as const),
  ["total", "총점"],
  ["grd", "등급"],
];

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

export const itemMaxMessage = (label: string, max: number) => fill(MSG.pssItemMax, { item: label, max });

// ---------------------------------------------------------------------------------------------
// Score texts
// ---------------------------------------------------------------------------------------------

/** A complete score: optional minus, digits, at most 2 decimals. */
export const SCORE_TEXT = /^-?[0-9]{1,3}(\.[0-9]{1,2})?$/;

/** A score in hundredths (exact, no floating point), or null when blank or not a score. */
export function hundredths(text: string | null | undefined): number | null {
  const s = String(text ?? "").trim();
  if (!SCORE_TEXT.test(s)) return null;
  const negative = s.startsWith("-");
  const [whole, frac = ""] = s.replace("-", "").split(".");
  const value = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return negative ? -value : value;
}

/** Hundredths as a score with two decimals: 8550 → '85.50'. */
export function scoreText(h: number): string {
  const sign = h < 0 ? "-" : "";
  const a = Math.abs(h);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, "0")}`;
}

/** The total of a row's scores in hundredths (blank or unreadable scores count as 0). */
export function totalHundredths(row: Partial<Record<PssItemKey, unknown>>): number {
  return PSS_ITEMS.reduce((sum, item) => sum + (hundredths(row[item.key] as string) ?? 0), 0);
}

/** The total shown in the dialog and computed by the server: '85.50'. */
export const totalText = (row: Partial<Record<PssItemKey, unknown>>) => scoreText(totalHundredths(row));

/**
 * What the browser keeps of a score as it is typed: digits, one decimal point with at most two
 * decimals, a leading minus; values beyond ±100 become ±100.
 */
export function cleanScore(typed: string): string {
  let s = typed.replace(/[^0-9.-]/g, "");
  const negative = s.startsWith("-");
  s = s.replace(/-/g, "");
  const dot = s.indexOf(".");
  if (dot >= 0) s = `${s.slice(0, dot + 1)}${s.slice(dot + 1).replace(/\./g, "").slice(0, 2)}`;
  s = `${negative ? "-" : ""}${s}`;
  const n = Number(s);
  if (Number.isFinite(n) && n > PSS_SCORE_LIMIT) return String(PSS_SCORE_LIMIT);
  if (Number.isFinite(n) && n < -PSS_SCORE_LIMIT) return `-${PSS_SCORE_LIMIT}`;
  return s;
}

const asText = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v);

/** One score field: blank, or a score within its limits (the item's message otherwise). */
export function scoreField(item: PssItem) {
  return z.preprocess(asText, z.string().max(20)).transform((s, ctx) => {
    const text = s.trim();
    if (text === "") return "";
    const h = hundredths(text);
    const fail = (message: string) => {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return text;
    };
    if (h === null) return fail(fill(OWN_MSG.pssScoreFormat, { item: item.label }));
    if (h < -PSS_SCORE_LIMIT * 100) return fail(fill(OWN_MSG.pssScoreMin, { item: item.label }));
    const max = item.max ?? PSS_SCORE_LIMIT;
    if (h > max * 100) return fail(itemMaxMessage(item.label, max));
    return text;
  });
}

/** The grade: blank or H, HP, PS, NP. */
export const gradeField = z
  .preprocess(asText, z.string().max(10))
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => s === "" || (PSS_GRADES as readonly string[]).includes(s), OWN_MSG.pssGradeInvalid);

/** The seven scores and the grade of a row. */
export const pssScoreFields = {
  attn: scoreField(PSS_ITEMS[0]),
  quiz: scoreField(PSS_ITEMS[1]),
  rcgnSrvy: scoreField(PSS_ITEMS[2]),
  ptntSftyRprt: scoreField(PSS_ITEMS[3]),
  group1: scoreField(PSS_ITEMS[4]),
  group2: scoreField(PSS_ITEMS[5]),
  prtcDgr: scoreField(PSS_ITEMS[6]),
  grd: gradeField,
};

export interface RowIssue {
  field: string;
  message: string;
}

/** The rules across a row's fields: the group sum, then the total. */
export function rowSumIssues(row: Partial<Record<PssItemKey, unknown>>): RowIssue[] {
  const out: RowIssue[] = [];
  const g1 = hundredths(row.group1 as string);
  const g2 = hundredths(row.group2 as string);
  if ((g1 ?? 0) + (g2 ?? 0) > PSS_GROUP_MAX * 100) out.push({ field: g2 !== null ? "group2" : "group1", message: MSG.pssGroupMax });
  if (totalHundredths(row) > PSS_TOTAL_MAX * 100) out.push({ field: "total", message: MSG.pssTotalMax });
  return out;
}

/** A row's scores and grade (schema for the backend's rows and the Excel rows). */
export const pssScoresSchema = z.object(pssScoreFields).superRefine((row, ctx) => {
  for (const issue of rowSumIssues(row)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [issue.field], message: issue.message });
});

/** The fields of a row in screen order, for "the first failing field". */
export const PSS_ROW_ORDER = [...PSS_ITEM_KEYS, "total", "grd"] as const;

// ---------------------------------------------------------------------------------------------
// The students of a save
// ---------------------------------------------------------------------------------------------

export type PssMode = "insert" | "update";

/** What is known of a row's student: no number, never confirmed, confirmed for something else, fine. */
export type StudentState = "empty" | "unconfirmed" | "mismatch" | "ok";

/**
 * The student messages of a save in the spec's order: only the first failing check is reported,
 * on every row it concerns.
 */
export function studentIssues(mode: PssMode, states: readonly StudentState[]): { index: number; message: string }[] {
  const rowsIn = (...wanted: StudentState[]) => states.flatMap((s, index) => (wanted.includes(s) ? [index] : []));
  const stage = (indexes: number[], message: string) => indexes.map((index) => ({ index, message }));
  if (mode === "update") {
    const empty = rowsIn("empty");
    if (empty.length) return stage(empty, MSG.pssIdRequired);
    return stage(rowsIn("unconfirmed", "mismatch"), MSG.pssMismatch);
  }
  const empty = rowsIn("empty");
  if (empty.length) return stage(empty, MSG.pssAllIdsRequired);
  const unconfirmed = rowsIn("unconfirmed");
  if (unconfirmed.length) return stage(unconfirmed, MSG.lookupNeedsId);
  return stage(rowsIn("mismatch"), MSG.pssMismatchAny);
}

/** The later rows repeating an earlier row's student number. */
export function duplicateRows(ids: readonly string[]): number[] {
  const seen = new Set<string>();
  return ids.flatMap((id, i) => {
    if (!id) return [];
    if (seen.has(id)) return [i];
    seen.add(id);
    return [];
  });
}

/** The state of a dialog row: the lookup's confirmation for this number in this year. */
export function confirmationState(row: { id?: string; usSeq?: string; checked?: string }, year: string): StudentState {
  if (!String(row.id ?? "").trim()) return "empty";
  if (!String(row.usSeq ?? "").trim() || !String(row.checked ?? "")) return "unconfirmed";
  return row.checked === checkKey(year, row.id) ? "ok" : "mismatch";
}

// ---------------------------------------------------------------------------------------------
// The dialog
// ---------------------------------------------------------------------------------------------

const text = z.preprocess(asText, z.string().max(20)).transform((s) => s.trim());

const formRow = z.object({
  ...lookupRowFields,
  ...pssScoreFields,
  /** shown only (the server computes it) */
  total: z.preprocess(asText, z.string().max(40)).optional(),
});

/**
 * The insert/update dialog: `mode`, `year`, `pssSeq` (update) and the rows
 * (`rows[i].id/name/usSeq/checked`, the seven scores and `grd`).
 */
export const patientSafetySchema = z
  .object({
    mode: z.enum(["insert", "update"], { errorMap: () => ({ message: OWN_MSG.badRequest }) }),
    year: text.refine((s) => /^[0-9]{4}$/.test(s), MSG.yearRequired),
    pssSeq: text.optional(),
    rows: z.array(formRow).min(1, MSG.oneStudentRequired).max(PSS_MAX_ROWS),
  })
  .superRefine((data, ctx) => {
    const add = (index: number, field: string, message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["rows", index, field], message });
    const states = data.rows.map((r) => confirmationState(r, data.year));
    const students = studentIssues(data.mode, states);
    for (const s of students) add(s.index, "id", s.message);
    if (!students.length) for (const i of duplicateRows(data.rows.map((r) => r.id))) add(i, "id", MSG.duplicateStudentId);
    data.rows.forEach((row, i) => {
      for (const issue of rowSumIssues(row)) add(i, issue.field, issue.message);
    });
    if (data.mode === "update" && !/^[1-9][0-9]{0,9}$/.test(data.pssSeq ?? "")) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["pssSeq"], message: OWN_MSG.badRequest });
  });

/**
 * The dialog's fields in screen order for the '알림' message: the year, every row's number (the
 * student checks come first, spec 002 §5), then each row's scores, total and grade.
 */
export function pssOrder(rowCount: number): string[] {
  const rows = Array.from({ length: rowCount }, (_, i) => i);
  return ["year", ...rows.map((i) => rowField(i, "id")), ...rows.flatMap((i) => PSS_ROW_ORDER.map((f) => rowField(i, f)))];
}

/** The same order for the wire body of savePtntSftyScre.do (`data.<i>.<field>`). */
export function pssWireOrder(rowCount: number): string[] {
  const rows = Array.from({ length: rowCount }, (_, i) => i);
  return ["mode", "year", "pssSeq", ...rows.map((i) => `data.${i}.id`), ...rows.flatMap((i) => PSS_ROW_ORDER.map((f) => `data.${i}.${f}`))];
}

/** The blank score fields of a new row. */
export const BLANK_SCORES: Record<string, string> = { ...Object.fromEntries(PSS_ITEM_KEYS.map((k) => [k, ""])), grd: "" };
