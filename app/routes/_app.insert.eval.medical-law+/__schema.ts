/**
 * E06 health and medical law scores (spec 002 §3 "Medical law score set", §4, §5 "Medical law",
 * §9): one schema for the browser (remix-validated-form), the Remix action, the embedded
 * backend's /api/medical/edit.do and every row of an Excel upload.
 *
 * The '알림' reports the first failing field in screen order (`medicalLawOrder`): year, term and
 * round, targets, subject, total score, then the student rows top to bottom, each its number
 * before its score. The rules, field by field:
 *  1. year            '년도를 선택해주세요.'
 *  2. smst            '학기 및 차수를 입력해주세요.' (at most 50 characters)
 *  3. tgetSt          '대상을 선택해주세요.' (at least one target grade)
 *  4. subj            '과목을 선택해주세요.' (ours: §5 does not name the rule)
 *  5. totalScore      '만점을 입력해주세요.', then digits only, at most 3 (ours, §5/§9)
 *  6. every row i:
 *     rows[i].id      '학번을 입력해주세요.', then '학번을 입력 후 확인버튼을 클릭하세요.' (not
 *                     confirmed for this number in this year), then '중복된 학번이 존재합니다.'
 *                     (the same number in an earlier row)
 *     rows[i].score   '점수를 입력해주세요.', then digits only, at most 3 (ours), then
 *                     '학생의 개별성적이 만점보다 클 수 없습니다.' (above the total score)
 * Every rule sits in one superRefine over a permissive base, so all failing fields are marked
 * whatever else fails, and the order above is the only order.
 */
import { z, type ZodIssue } from "~/schemas/zod";
import { firstError } from "~/schemas/errors";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { checkKey, isConfirmed, lookupRowFields, rowField, type LookupRow } from "~/schemas/student-rows";

/** The screen's route (menu 36). */
export const LAW_PATH = "/insert/eval/medical-law";
/** Students one set may hold. */
export const LAW_MAX_ROWS = 300;
export const LAW_SMST_MAX = 50;
/** Total score and scores: digits only, at most 3 (spec 002 §5, §9). */
export const SCORE_DIGITS = /^[0-9]{1,3}$/;
export const SCORE_MAX_LENGTH = 3;
/** The fields a new student row starts with besides the lookup ones. */
export const LAW_EXTRA_BLANK = { score: "" } as const;

/**
 * The columns an evaluation indicator may tick for this screen (ADR 0039): keys of the set rows
 * the list call answers in evaluation mode. app/schemas/eval-columns.ts takes it from here
 * (LIST_EVAL_COLUMNS).
 */
export const LAW_EVAL_COLUMNS: readonly (readonly [clm: string, clmNm: string])[] = [["year", "년도"], ["smst", "학기 및 차수"], ["tgetNm", "대상"], ["subjNm", "과목"], ["userCnt", "인원"], ["avgScore", "평균"], ["totalScore", "만점"]];

const text = z.preprocess((v) => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v), z.string()).transform((s) => s.trim());
const list = z.preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(text));

const rowSchema = z.object({ ...lookupRowFields, score: text });

const base = z.object({
  hlSeq: text,
  year: text,
  smst: text,
  tgetSt: list,
  subj: text,
  totalScore: text,
  // rows come as rows[i].field; a gap in the indexes is closed
  rows: z.preprocess((v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v.filter((r) => r !== undefined && r !== null) : v), z.array(rowSchema)),
});

export type MedicalLawForm = z.infer<typeof base>;
export type MedicalLawRow = MedicalLawForm["rows"][number];

const isYear = (y: string) => /^[0-9]{4}$/.test(y) && Number(y) >= 1900 && Number(y) <= 2999;

/** The rules of the form, in screen order (see the file comment). */
function checkForm(d: MedicalLawForm, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
  if (d.hlSeq && !/^[1-9][0-9]{0,9}$/.test(d.hlSeq)) issue(["hlSeq"], OWN_MSG.badRequest);
  if (!isYear(d.year)) issue(["year"], MSG.yearRequired);

  if (!d.smst) issue(["smst"], MSG.lawSmstRequired);
  else if (d.smst.length > LAW_SMST_MAX) issue(["smst"], OWN_MSG.textTooLong);

  const targets = d.tgetSt.filter(Boolean);
  if (targets.length === 0 || targets.length > 20 || targets.some((c) => !/^[0-9]{1,20}$/.test(c))) issue(["tgetSt"], MSG.lawTargetRequired);

  if (!d.subj || !/^[0-9]{1,20}$/.test(d.subj)) issue(["subj"], OWN_MSG.lawSubjectRequired);

  const totalOk = SCORE_DIGITS.test(d.totalScore);
  if (!d.totalScore) issue(["totalScore"], OWN_MSG.lawTotalRequired);
  else if (!totalOk) issue(["totalScore"], OWN_MSG.lawTotalDigits);

  if (d.rows.length === 0) issue(["rows"], MSG.oneStudentRequired);
  if (d.rows.length > LAW_MAX_ROWS) issue(["rows"], OWN_MSG.lawTooManyStudents);
  const seen = new Set<string>();
  d.rows.forEach((row, i) => {
    // the lookup fields' own rule (digits only) is reported by the base schema first
    const idDigits = /^[0-9]*$/.test(row.id);
    if (!row.id) issue(["rows", i, "id"], OWN_MSG.studentIdRequired);
    else if (idDigits && !isConfirmed(row, d.year)) issue(["rows", i, "id"], MSG.lookupNotConfirmed);
    else if (idDigits && seen.has(row.id)) issue(["rows", i, "id"], MSG.duplicateStudentId);
    if (row.id) seen.add(row.id);

    if (!row.score) issue(["rows", i, "score"], MSG.scoreRequired);
    else if (!SCORE_DIGITS.test(row.score)) issue(["rows", i, "score"], OWN_MSG.lawScoreDigits);
    else if (totalOk && Number(row.score) > Number(d.totalScore)) issue(["rows", i, "score"], MSG.lawScoreOverFull);
  });
}

export const medicalLawSchema = base.superRefine(checkForm);

/** Screen order of the fields (the '알림' is the first failing one's message). */
export const medicalLawOrder: readonly string[] = [
  "hlSeq",
  "year",
  "smst",
  "tgetSt",
  "subj",
  "totalScore",
  "rows",
  ...Array.from({ length: LAW_MAX_ROWS + 1 }, (_, i) => [rowField(i, "id"), rowField(i, "score")]).flat(),
];

/** A zod path as remix-validated-form names the field: ['rows', 0, 'id'] → 'rows[0].id'. */
export const fieldName = (path: readonly (string | number)[]) =>
  path.reduce<string>((s, p) => (typeof p === "number" || /^[0-9]+$/.test(String(p)) ? `${s}[${p}]` : s ? `${s}.${p}` : String(p)), "");

const HANGUL = /[가-힣]/;

/** The message the '알림' shows for these issues (the backend and the Excel import use it). */
export function medicalLawMessage(issues: readonly ZodIssue[]): string {
  const errors: Record<string, string> = {};
  for (const i of issues) {
    const key = fieldName(i.path);
    if (!(key in errors)) errors[key] = i.message;
  }
  const message = firstError(errors, medicalLawOrder) ?? "";
  return HANGUL.test(message) ? message : OWN_MSG.badRequest;
}

// ---------------------------------------------------------------------------------------------
// The wire (spec 002 §7: /api/medical/edit.do {lawsInfo})
// ---------------------------------------------------------------------------------------------

export interface LawUser {
  usSeq: number;
  id: string;
  name: string;
  score: number;
  /** confirmed by the lookup */
  status: "Y" | "N";
}

export interface LawsInfo {
  hlSeq?: number;
  year: number;
  smst: string;
  tgetSt: string[];
  subj: string;
  totalScore: number;
  users: LawUser[];
}

/** The validated form as edit.do's `lawsInfo`. */
export function lawsInfoOf(d: MedicalLawForm): LawsInfo {
  return {
    ...(d.hlSeq ? { hlSeq: Number(d.hlSeq) } : {}),
    year: Number(d.year),
    smst: d.smst,
    tgetSt: [...new Set(d.tgetSt.filter(Boolean))],
    subj: d.subj,
    totalScore: Number(d.totalScore),
    users: d.rows.map((r) => ({ usSeq: Number(r.usSeq), id: r.id, name: r.name, score: Number(r.score), status: isConfirmed(r, d.year) ? "Y" : "N" })),
  };
}

/** The student rows of a stored set, confirmed for its year (an edit dialog starts from them). */
export function rowsOfUsers(year: number | string, users: readonly { usSeq: number; id: string; name: string; score: number | string }[]): LookupRow[] {
  return users.map((u) => ({ id: u.id, name: u.name, usSeq: String(u.usSeq), checked: checkKey(year, u.id), score: String(u.score) }));
}
