/**
 * A survey's answer sheet (P14): the questions as the answer page asks them, the
 * posted sheet, its rules (`validateAnswers`, in the order the page shows them, checked again by
 * the embedded backend), the page's alert and the answer fields' element ids.
 */

import { OWN_MSG } from "./messages.ko";
import { LIMITS } from "./survey-editor";
import { blank } from "./survey-save";

// ---------------------------------------------------------------------------------------------
// Answer sheets (P14)
// ---------------------------------------------------------------------------------------------

/** A choice of a question as the answer page asks it. */
export interface AskItem {
  siSeq: number;
  score: number | null;
  text: string;
}

export interface AskQuestion {
  sqSeq: number;
  sqNo: number | null;
  sqType: number;
  itemType: number | null;
  esntlYn: string;
  scoreOpenYn: string;
  multiAns: string;
  sqSubj: string;
  itemList: AskItem[];
}

export interface AskSurvey {
  srSeq: number;
  prsnInfoYn: string;
  slList: { slSeq: number; slName: string }[];
  qestList: AskQuestion[];
}

export interface AnswerSheet {
  slSeq: number | null;
  prsnAgreeYn: "Y" | "N";
  answers: { sqSeq: number; siSeqs: number[]; text: string }[];
}

export interface AnswerIssue {
  /** 'prsnAgreeYn', 'slSeq' or 'q{sqSeq}' (the question's fieldset) */
  field: string;
  message: string;
}

/** The answer rules: consent, lecture, then the questions in order. Checked again by the backend. */
export function validateAnswers(survey: AskSurvey, sheet: AnswerSheet): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  if (survey.prsnInfoYn === "Y" && sheet.prsnAgreeYn !== "Y") issues.push({ field: "prsnAgreeYn", message: OWN_MSG.surveyPrivacyAgree });
  if (survey.slList.length > 0 && !survey.slList.some((l) => l.slSeq === sheet.slSeq)) issues.push({ field: "slSeq", message: OWN_MSG.surveyLectureChoice });
  const byQ = new Map(sheet.answers.map((a) => [a.sqSeq, a]));
  for (const q of survey.qestList) {
    if (q.sqType === 0) continue;
    const a = byQ.get(q.sqSeq);
    const field = `q${q.sqSeq}`;
    if (q.sqType === 1) {
      const chosen = a?.siSeqs ?? [];
      const valid = new Set(q.itemList.map((i) => i.siSeq));
      if (chosen.some((s) => !valid.has(s)) || (q.multiAns !== "Y" && chosen.length > 1)) {
        issues.push({ field, message: OWN_MSG.badRequest });
        continue;
      }
      if (q.esntlYn === "Y" && chosen.length === 0) issues.push({ field, message: OWN_MSG.surveyAnswerRequired });
    } else {
      const text = a?.text ?? "";
      if (text.trim().length > LIMITS.answerText) issues.push({ field, message: OWN_MSG.textTooLong });
      else if (q.esntlYn === "Y" && blank(text)) issues.push({ field, message: OWN_MSG.surveyAnswerRequired });
    }
  }
  return issues;
}

/** The '알림' message of a refused sheet: one required-answer message for any number of them. */
export function answerAlert(issues: readonly AnswerIssue[]): string | undefined {
  const first = issues[0];
  if (!first) return undefined;
  return first.message === OWN_MSG.surveyAnswerRequired ? OWN_MSG.surveyAnswersMissing : first.message;
}

/** The id of an answer's control (the first option of a choice), which takes the focus after a failed post. */
export const answerFieldId = (field: string, first?: string | number) => (first === undefined ? `ask-${field}` : `ask-${field}-${first}`);
