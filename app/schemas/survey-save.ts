/**
 * Saving a survey (P11; spec 000 §5 "Survey save"): the one zod schema of the save rules, reported
 * in the spec's order (`validateSurvey`, `fieldErrorsOf`), and the wire shape of
 * insertSurveyInfo.do's body and getSurveyInfo.do's info with the conversions from and to the
 * editor's state (`stateToWire`, `wireToState`). The backend checks the same rules again.
 */

import { z } from "./zod";
import { MSG, OWN_MSG } from "./messages.ko";
import { LIMITS, type EditorLecture, type EditorQuestion, type EditorState, type SqType } from "./survey-editor";
import { itemName, lectureName, qName, yn } from "./survey-form";

// ---------------------------------------------------------------------------------------------
// The save rules (spec 000 §5 "Survey save", in its order)
// ---------------------------------------------------------------------------------------------

const DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DIGITS_RE = /^[0-9]{1,9}$/;
export const blank = (s: string) => s.trim().length === 0;
export const isLectureBlank = (l: EditorLecture) => blank(l.slName) && blank(l.slTime) && blank(l.pfName) && blank(l.deptName);

/** A valid datetime-local value ('yyyy-MM-ddTHH:mm') of a real date. */
export function isDateTimeLocal(v: string): boolean {
  if (!DATETIME_RE.test(v)) return false;
  const [y, m, d] = v.slice(0, 10).split("-").map(Number);
  const [hh, mm] = v.slice(11).split(":").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && hh < 24 && mm < 60 && y >= 2000 && y <= 2100;
}

const itemSchema = z.object({ siSeq: z.string(), text: z.string(), score: z.string() });
const questionSchema = z.object({
  key: z.string(),
  sqSeq: z.string(),
  sqType: z.enum(["0", "1", "2"]),
  itemType: z.string(),
  esntlYn: z.enum(["Y", "N"]),
  scoreOpenYn: z.enum(["Y", "N"]),
  multiAns: z.enum(["Y", "N"]),
  sqSubj: z.string(),
  typeChg: z.enum(["", "1", "2"]),
  prevSqType: z.string(),
  prevItemType: z.string(),
  itemList: z.array(itemSchema),
});
const lectureSchema = z.object({ slSeq: z.string(), slName: z.string(), slTime: z.string(), pfName: z.string(), deptName: z.string() });

/**
 * The survey form's one schema: the editor's state, with every rule of spec 000 §5 reported in
 * the spec's order (the first issue is the '알림' message; every failing field is marked).
 */
export const surveySchema = z
  .object({
    seq: z.string(),
    srName: z.string(),
    srContent: z.string(),
    usyn: z.enum(["Y", "N"]),
    dtYn: z.enum(["Y", "N"]),
    stDt: z.string(),
    enDt: z.string(),
    prsnInfoYn: z.enum(["Y", "N"]),
    prsnInfoContent: z.string(),
    slList: z.array(lectureSchema),
    qestList: z.array(questionSchema),
    delSq: z.array(z.string()),
    delSi: z.array(z.string()),
    delSl: z.array(z.string()),
    nextKey: z.number(),
  })
  .superRefine((s, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    // 1. name
    if (blank(s.srName)) issue("srName", MSG.surveyNameRequired);
    // 2. response window
    if (s.dtYn === "Y") {
      const st = isDateTimeLocal(s.stDt);
      const en = isDateTimeLocal(s.enDt);
      if (!st || !en) {
        if (!st) issue("stDt", MSG.surveyPeriodRequired);
        if (!en) issue("enDt", MSG.surveyPeriodRequired);
      } else if (s.stDt >= s.enDt) issue("stDt", MSG.surveyPeriodOrder);
    }
    // 3. personal information
    if (s.prsnInfoYn === "Y" && blank(s.prsnInfoContent)) issue("prsnInfoContent", MSG.surveyPrivacyRequired);
    // 4. question subjects, 5. section names, 6. answer items
    s.qestList.forEach((q, i) => {
      if (q.sqType !== "0" && blank(q.sqSubj)) issue(qName(i, "sqSubj"), MSG.surveySubjectRequired);
    });
    s.qestList.forEach((q, i) => {
      if (q.sqType === "0" && blank(q.sqSubj)) issue(qName(i, "sqSubj"), MSG.surveySectionRequired);
    });
    s.qestList.forEach((q, i) => {
      if (q.sqType !== "1") return;
      if (q.itemList.length === 0) issue(qName(i, "itemType"), MSG.surveyItemsRequired);
      q.itemList.forEach((it, j) => {
        if (blank(it.text)) issue(itemName(i, j, "text"), MSG.surveyItemsRequired);
      });
    });
    // 7. digits only: scores, then lecture times
    s.qestList.forEach((q, i) => {
      if (q.sqType !== "1") return;
      q.itemList.forEach((it, j) => {
        if (!blank(it.score) && !DIGITS_RE.test(it.score.trim())) issue(itemName(i, j, "score"), OWN_MSG.surveyScoreDigits);
      });
    });
    s.slList.forEach((l, k) => {
      if (!blank(l.slTime) && !DIGITS_RE.test(l.slTime.trim())) issue(lectureName(k, "slTime"), OWN_MSG.surveyLectureTimeDigits);
    });
    // ours: a lecture row with content needs its name; at least one question; sizes
    s.slList.forEach((l, k) => {
      if (!isLectureBlank(l) && blank(l.slName)) issue(lectureName(k, "slName"), OWN_MSG.surveyLectureNameRequired);
    });
    if (!s.qestList.some((q) => q.sqType !== "0")) issue("qestList", OWN_MSG.surveyQuestionRequired);
    if (s.qestList.length > LIMITS.questions || s.slList.length > LIMITS.lectures || s.qestList.some((q) => q.itemList.length > LIMITS.items)) {
      issue("qestList", OWN_MSG.surveyTooLarge);
    }
    const tooLong = (path: string, v: string, max: number) => {
      if (v.trim().length > max) issue(path, OWN_MSG.textTooLong);
    };
    tooLong("srName", s.srName, LIMITS.srName);
    tooLong("srContent", s.srContent, LIMITS.srContent);
    tooLong("prsnInfoContent", s.prsnInfoContent, LIMITS.prsnInfoContent);
    s.qestList.forEach((q, i) => {
      tooLong(qName(i, "sqSubj"), q.sqSubj, LIMITS.sqSubj);
      q.itemList.forEach((it, j) => tooLong(itemName(i, j, "text"), it.text, LIMITS.itemText));
    });
    s.slList.forEach((l, k) => {
      tooLong(lectureName(k, "slName"), l.slName, LIMITS.slName);
      tooLong(lectureName(k, "pfName"), l.pfName, LIMITS.pfName);
      tooLong(lectureName(k, "deptName"), l.deptName, LIMITS.deptName);
    });
  });

export interface SurveyIssue {
  /** the failing field's name as posted ('srName', 'qestList[2].sqSubj' …) */
  path: string;
  message: string;
}

/** The save rules: every failing field in the spec's rule order (the first is the '알림' message). */
export function validateSurvey(state: EditorState): SurveyIssue[] {
  const r = surveySchema.safeParse(state);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

/** One message per field (the first), for marking fields. */
export function fieldErrorsOf(issues: readonly SurveyIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) if (!(i.path in out)) out[i.path] = i.message;
  return out;
}

// ---------------------------------------------------------------------------------------------
// The wire shape (insertSurveyInfo.do body, getSurveyInfo.do info)
// ---------------------------------------------------------------------------------------------

export interface WireItem {
  siSeq: number | null;
  score: number | null;
  text: string;
  usyn: "Y" | "N";
  del: "Y" | "N";
}
export interface WireQuestion {
  sqSeq: number | null;
  sqNo: number | null;
  sqSort: number;
  sqType: number;
  itemType: number | null;
  esntlYn: "Y" | "N";
  scoreOpenYn: "Y" | "N";
  multiAns: "Y" | "N";
  sqSubj: string;
  usyn: "Y" | "N";
  del: "Y" | "N";
  typeChg: string;
  itemList: WireItem[];
}
export interface WireLecture {
  slSeq: number | null;
  slName: string;
  slTime: number | null;
  pfName: string;
  deptName: string;
  del: "Y" | "N";
}
export interface WireSurveyBody {
  seq: number | null;
  srName: string;
  srContent: string;
  dtYn: "Y" | "N";
  stDt: string;
  enDt: string;
  prsnInfoYn: "Y" | "N";
  prsnInfoContent: string;
  usyn: "Y" | "N";
  slList: WireLecture[];
  qestList: WireQuestion[];
}

/** 'yyyy-MM-ddTHH:mm' → 'yyyy-MM-dd HH:mm:ss' (wire), '' stays ''. */
export const localToWire = (v: string) => (isDateTimeLocal(v) ? `${v.replace("T", " ")}:00` : "");
/** 'yyyy-MM-dd HH:mm:ss' → 'yyyy-MM-ddTHH:mm'. */
export const wireToLocal = (v: string | null | undefined) => (v && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(v) ? `${v.slice(0, 10)}T${v.slice(11, 16)}` : "");

const num = (v: string) => (/^[0-9]{1,9}$/.test(v.trim()) ? Number(v.trim()) : null);

/** The save body: live rows in order (numbered), then the removed saved rows with del Y. */
export function stateToWire(state: EditorState): WireSurveyBody {
  let no = 0;
  const deletedItem = (siSeq: string): WireItem => ({ siSeq: Number(siSeq), score: null, text: "", usyn: "N", del: "Y" });
  const liveSq = new Set(state.qestList.map((q) => q.sqSeq).filter(Boolean));
  const qestList: WireQuestion[] = state.qestList.map((q, i) => {
    const own = new Set(q.itemList.map((it) => it.siSeq).filter(Boolean));
    const removed = q.sqSeq ? state.delSi.filter((k) => k.startsWith(`${q.sqSeq}-`)).map((k) => k.slice(q.sqSeq.length + 1)) : [];
    return {
      sqSeq: q.sqSeq ? Number(q.sqSeq) : null,
      sqNo: q.sqType === "0" ? null : ++no,
      sqSort: i + 1,
      sqType: Number(q.sqType),
      itemType: q.sqType === "1" ? Number(q.itemType) || 1 : null,
      esntlYn: q.sqType === "0" ? "N" : q.esntlYn,
      scoreOpenYn: q.sqType === "1" ? q.scoreOpenYn : "N",
      multiAns: q.sqType === "1" ? q.multiAns : "N",
      sqSubj: q.sqSubj.trim(),
      usyn: "Y",
      del: "N",
      typeChg: q.typeChg,
      itemList: [
        ...(q.sqType === "1" ? q.itemList : []).map((it) => ({ siSeq: it.siSeq ? Number(it.siSeq) : null, score: num(it.score), text: it.text.trim(), usyn: "Y" as const, del: "N" as const })),
        // removed items of this question (the backend does not know which question they were in otherwise)
        ...removed.filter((s) => !own.has(s)).map(deletedItem),
      ],
    };
  });
  for (const sq of state.delSq) {
    if (liveSq.has(sq)) continue;
    qestList.push({ sqSeq: Number(sq), sqNo: null, sqSort: 0, sqType: 0, itemType: null, esntlYn: "N", scoreOpenYn: "N", multiAns: "N", sqSubj: "", usyn: "N", del: "Y", typeChg: "", itemList: [] });
  }
  const slList: WireLecture[] = [
    ...state.slList
      .filter((l) => !isLectureBlank(l))
      .map((l) => ({ slSeq: l.slSeq ? Number(l.slSeq) : null, slName: l.slName.trim(), slTime: num(l.slTime), pfName: l.pfName.trim(), deptName: l.deptName.trim(), del: "N" as const })),
    // a saved row emptied in the editor is a removal too
    ...state.slList.filter((l) => l.slSeq && isLectureBlank(l)).map((l) => ({ slSeq: Number(l.slSeq), slName: "", slTime: null, pfName: "", deptName: "", del: "Y" as const })),
    ...state.delSl.map((s) => ({ slSeq: Number(s), slName: "", slTime: null, pfName: "", deptName: "", del: "Y" as const })),
  ];
  return {
    seq: state.seq ? Number(state.seq) : null,
    srName: state.srName.trim(),
    srContent: state.srContent.trim(),
    dtYn: state.dtYn,
    stDt: state.dtYn === "Y" ? localToWire(state.stDt) : "",
    enDt: state.dtYn === "Y" ? localToWire(state.enDt) : "",
    prsnInfoYn: state.prsnInfoYn,
    prsnInfoContent: state.prsnInfoYn === "Y" ? state.prsnInfoContent.trim() : "",
    usyn: state.usyn,
    slList,
    qestList,
  };
}

/** What getSurveyInfo.do answers (lenient: the legacy server may send numbers as strings). */
export interface SurveyInfoLike {
  srSeq: number;
  srName: string;
  srContent?: string | null;
  usyn?: string | null;
  dtYn?: string | null;
  stDt?: string | null;
  enDt?: string | null;
  prsnInfoYn?: string | null;
  prsnInfoContent?: string | null;
  slList?: { slSeq: number; slName: string; slTime?: number | string | null; pfName?: string | null; deptName?: string | null; del?: string | null }[] | null;
  qestList?: {
    sqSeq: number;
    sqType: number | string;
    itemType?: number | string | null;
    esntlYn?: string | null;
    scoreOpenYn?: string | null;
    multiAns?: string | null;
    sqSubj?: string | null;
    del?: string | null;
    itemList?: { siSeq?: number | null; score?: number | string | null; text?: string | null; del?: string | null }[] | null;
  }[] | null;
}

/** The editor's state for a saved survey (deleted rows left out); `copy` drops the seqs. */
export function wireToState(info: SurveyInfoLike): EditorState {
  const live = <T extends { del?: string | null }>(rows: T[] | null | undefined) => (rows ?? []).filter((r) => r.del !== "Y");
  const qestList = live(info.qestList).map((q): EditorQuestion => {
    const sqType = String(q.sqType) as SqType;
    const itemType = sqType === "1" ? String(q.itemType ?? "1") : "";
    return {
      key: String(q.sqSeq),
      sqSeq: String(q.sqSeq),
      sqType,
      itemType,
      esntlYn: yn(q.esntlYn),
      scoreOpenYn: yn(q.scoreOpenYn),
      multiAns: yn(q.multiAns),
      sqSubj: q.sqSubj ?? "",
      typeChg: "",
      prevSqType: sqType,
      prevItemType: itemType,
      itemList: sqType === "1" ? live(q.itemList).map((it) => ({ siSeq: it.siSeq ? String(it.siSeq) : "", text: it.text ?? "", score: it.score == null ? "" : String(it.score) })) : [],
    };
  });
  const slList = live(info.slList).map((l) => ({ slSeq: String(l.slSeq), slName: l.slName, slTime: l.slTime == null ? "" : String(l.slTime), pfName: l.pfName ?? "", deptName: l.deptName ?? "" }));
  return {
    seq: String(info.srSeq),
    srName: info.srName,
    srContent: info.srContent ?? "",
    usyn: info.usyn === "N" ? "N" : "Y",
    dtYn: yn(info.dtYn),
    stDt: wireToLocal(info.stDt),
    enDt: wireToLocal(info.enDt),
    prsnInfoYn: yn(info.prsnInfoYn),
    prsnInfoContent: info.prsnInfoContent ?? "",
    slList,
    qestList,
    delSq: [],
    delSi: [],
    delSl: [],
    nextKey: 1,
  };
}
