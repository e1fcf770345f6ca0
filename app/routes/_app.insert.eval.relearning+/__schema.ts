/**
 * E01 Re-learner selection (spec 002 §3 "Re-learner", §4, §5 "Re-learner"): the add/edit dialog's
 * form. One year and student lookup rows (app/schemas/student-rows.ts); each row carries one Y/N
 * flag per subject of the year (code group 0001500000), posted as `rows[i].subj_<subjCd>` (a ticked
 * checkbox posts 'Y', an unticked one nothing, which is 'N').
 *
 * The same schema runs in the browser (remix-validated-form), in the Remix action and in the
 * embedded backend's /api/relearning/edit.do (the wire rows mapped onto the form's fields), so the
 * messages are the same everywhere:
 * - no row: '한명의 학생은 등록되어야합니다'
 * - a row without a number: '학번을 입력해주세요.'; not digits: '학번은 숫자만 입력할 수 있습니다.'
 * - a number not confirmed for the year: '학번을 입력 후 확인버튼을 클릭하세요.'
 * - a number twice: '중복된 학번이 존재합니다.' (on the later row)
 */
import { z } from "~/schemas/zod";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { ROWS, STUDENT_NO, checkKey, isConfirmed, lookupRowFields, rowField, type LookupRow } from "~/schemas/student-rows";

/** The common-code group of re-learner subjects (spec 002 §7 "Common codes"). */
export const RELEARN_SUBJECT_GROUP = "0001500000";

/** The screen's path (menu 31). */
export const RELEARNING_PATH = "/insert/eval/relearning";
/**
 * The columns an evaluation indicator may tick for this screen (ADR 0039): keys of the learner rows
 * the list call answers in evaluation mode. app/schemas/eval-columns.ts takes it from here
 * (LIST_EVAL_COLUMNS).
 */
export const RELEARN_EVAL_COLUMNS: readonly (readonly [clm: string, clmNm: string])[] = [["year", "년도"], ["id", "학번"], ["name", "이름"], ["reSubjNm", "재학습 과목"], ["reCnt", "재학습 과목 수"]];

/** At most this many students in one save. */
export const RELEARN_MAX_ROWS = 100;

const SUBJ_PREFIX = "subj_";

/** The row field of a subject's flag: 'subj_0001500001'. */
export const subjField = (subjCd: string) => `${SUBJ_PREFIX}${subjCd}`;

/** The subject code of a row field, or null when it is not a flag. */
export const subjCodeOf = (field: string) => (field.startsWith(SUBJ_PREFIX) ? field.slice(SUBJ_PREFIX.length) : null);

/** A re-learner flag: 'Y' or 'N' (a ticked checkbox, 'on', true are 'Y'; absent or blank is 'N'). */
export const reYnField = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "" || v === false) return "N";
    if (v === true || v === "on") return "Y";
    return typeof v === "string" ? v.trim().toUpperCase() : v;
  },
  z.enum(["Y", "N"], { errorMap: () => ({ message: OWN_MSG.relearnFlagYn }) }),
);

/** A dialog row: the lookup fields and, by any other key, a subject flag. */
export const relearnRowSchema = z.object(lookupRowFields).catchall(reYnField);

const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v), z.string().max(max)).transform((s) => s.trim());

export const relearningSchema = z
  .object({
    year: text(10),
    /** the record being edited (empty when adding) */
    rlSeq: text(12).refine((s) => s === "" || /^[1-9][0-9]{0,9}$/.test(s), OWN_MSG.badRequest),
    [ROWS]: z.array(relearnRowSchema).max(RELEARN_MAX_ROWS).default([]),
  })
  .superRefine((data, ctx) => {
    if (!/^[0-9]{4}$/.test(data.year)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["year"], message: MSG.yearRequired });
    if (data.rows.length === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [ROWS], message: MSG.oneStudentRequired });
      return;
    }
    const seen = new Set<string>();
    data.rows.forEach((row, i) => {
      const at = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [ROWS, i, "id"], message });
      if (!row.id) return at(OWN_MSG.studentIdRequired);
      // a number that is not digits has its message from the row's own rule already
      if (!STUDENT_NO.test(row.id)) return;
      if (!isConfirmed(row, data.year)) return at(MSG.lookupNotConfirmed);
      if (seen.has(row.id)) return at(MSG.duplicateStudentId);
      seen.add(row.id);
    });
  });

export type RelearningForm = z.infer<typeof relearningSchema>;

/** The screen order of the fields, for the '알림' message: the year, then each row's number. */
export const relearningOrder: readonly string[] = ["year", ROWS, ...Array.from({ length: RELEARN_MAX_ROWS }, (_, i) => rowField(i, "id"))];

/** A subject of the year: code and name. */
export interface RelearnSubject {
  subjCd: string;
  subjNm: string;
}

/** A row's flag per subject of the year ('N' where the row has none). */
export function rowFlags(row: Record<string, unknown>, subjects: readonly RelearnSubject[]): { subjCd: string; reYn: "Y" | "N" }[] {
  return subjects.map((s) => ({ subjCd: s.subjCd, reYn: row[subjField(s.subjCd)] === "Y" ? "Y" : "N" }));
}

/** A stored re-learner as the dialog's row: confirmed for its year, with its flags. */
export function recordRow(r: { id: string; name: string; usSeq: number | string; year: number | string; subj: readonly { subjCd: string; reYn: string }[] }): LookupRow {
  const row: LookupRow = { id: r.id, name: r.name, usSeq: String(r.usSeq), checked: checkKey(r.year, r.id) };
  for (const s of r.subj) row[subjField(s.subjCd)] = s.reYn === "Y" ? "Y" : "N";
  return row;
}
