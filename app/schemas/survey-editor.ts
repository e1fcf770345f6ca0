/**
 * The survey editor's state (P11; spec 000 §3, §4, §9; issue 5): the survey and question types,
 * the presets of spec 000 §9 and the limits, the editor's state as the form posts it (every field
 * a string), a new question and a new survey, and the retype rule of spec 000 §4 (a changed
 * question or item type reloads its answer set). Reading the posted form and the operations are
 * survey-form.ts, the save rules survey-save.ts; all are imported through app/schemas/survey.ts.
 */

// ---------------------------------------------------------------------------------------------
// Constants and presets (spec 000 §3, §9)
// ---------------------------------------------------------------------------------------------

/** sqType: 0 section heading, 1 multiple choice, 2 free text. */
export const SQ_TYPES = [
  { value: "0", label: "섹션" },
  { value: "1", label: "객관식" },
  { value: "2", label: "주관식" },
] as const;
export type SqType = "0" | "1" | "2";

export const ITEM_TYPES = [
  { value: "1", label: "5점 척도 + 해당없음 (6개)" },
  { value: "2", label: "만족도 (6개)" },
  { value: "3", label: "동의 정도 (5개)" },
  { value: "4", label: "점수 (1~5점)" },
  { value: "5", label: "직접 입력" },
] as const;
export type ItemType = "1" | "2" | "3" | "4" | "5";

/** Spec 000 §9: the answer sets each item type loads. Type 5 starts with five blank items. */
export const ITEM_PRESETS: Record<ItemType, readonly { text: string; score: string }[]> = {
  "1": [
    { text: "해당없음", score: "1" },
    { text: "전혀 그렇지 않다", score: "2" },
    { text: "그렇지 않다", score: "3" },
    { text: "보통이다", score: "4" },
    { text: "그렇다", score: "5" },
    { text: "매우 그렇다", score: "6" },
  ],
  "2": [
    { text: "해당없음", score: "1" },
    { text: "매우 불만족", score: "2" },
    { text: "불만족", score: "3" },
    { text: "보통", score: "4" },
    { text: "만족", score: "5" },
    { text: "매우 만족", score: "6" },
  ],
  "3": [
    { text: "전혀 동의하지 않음", score: "1" },
    { text: "동의하지 않음", score: "2" },
    { text: "보통", score: "3" },
    { text: "동의함", score: "4" },
    { text: "매우 동의함", score: "5" },
  ],
  "4": [
    { text: "1점", score: "1" },
    { text: "2점", score: "2" },
    { text: "3점", score: "3" },
    { text: "4점", score: "4" },
    { text: "5점", score: "5" },
  ],
  "5": [
    { text: "", score: "" },
    { text: "", score: "" },
    { text: "", score: "" },
    { text: "", score: "" },
    { text: "", score: "" },
  ],
};

/** Only the manual item type (5) lets items be added and removed (spec 000 §9). */
export const isManualItems = (itemType: string) => itemType === "5";

export const DEFAULT_LECTURE_ROWS = 5;
export const LIMITS = {
  questions: 300,
  items: 30,
  lectures: 100,
  srName: 200,
  srContent: 5000,
  prsnInfoContent: 5000,
  sqSubj: 1000,
  itemText: 500,
  slName: 200,
  pfName: 100,
  deptName: 100,
  answerText: 4000,
} as const;

// ---------------------------------------------------------------------------------------------
// The editor's state: every field as the form posts it (strings)
// ---------------------------------------------------------------------------------------------

export interface EditorItem {
  siSeq: string;
  text: string;
  score: string;
}

export interface EditorQuestion {
  /** stable key while editing (the sqSeq of a saved question, else 'n…') */
  key: string;
  sqSeq: string;
  sqType: SqType;
  itemType: string;
  esntlYn: "Y" | "N";
  scoreOpenYn: "Y" | "N";
  multiAns: "Y" | "N";
  sqSubj: string;
  /** '' unchanged, '1' item type changed, '2' question type changed (spec 000 §3) */
  typeChg: "" | "1" | "2";
  /** the types the items were loaded for: a different posted type loads presets (retype) */
  prevSqType: string;
  prevItemType: string;
  itemList: EditorItem[];
}

export interface EditorLecture {
  slSeq: string;
  slName: string;
  slTime: string;
  pfName: string;
  deptName: string;
}

export interface EditorState {
  seq: string;
  srName: string;
  srContent: string;
  usyn: "Y" | "N";
  dtYn: "Y" | "N";
  /** 'yyyy-MM-ddTHH:mm' (datetime-local) */
  stDt: string;
  enDt: string;
  prsnInfoYn: "Y" | "N";
  prsnInfoContent: string;
  slList: EditorLecture[];
  qestList: EditorQuestion[];
  /** saved rows removed in the editor: sent with del Y on save (soft deletion, spec 000 §4) */
  delSq: string[];
  /** removed saved items as 'sqSeq-siSeq' */
  delSi: string[];
  delSl: string[];
  /** the counter for new question keys */
  nextKey: number;
}

export const blankLecture = (): EditorLecture => ({ slSeq: "", slName: "", slTime: "", pfName: "", deptName: "" });
const presetItems = (itemType: string): EditorItem[] =>
  (ITEM_PRESETS[itemType as ItemType] ?? []).map((p) => ({ siSeq: "", text: p.text, score: p.score }));

export function newQuestion(sqType: SqType, key: string): EditorQuestion {
  const itemType = sqType === "1" ? "1" : "";
  return {
    key,
    sqSeq: "",
    sqType,
    itemType,
    esntlYn: "N",
    scoreOpenYn: "N",
    multiAns: "N",
    sqSubj: "",
    typeChg: "",
    prevSqType: sqType,
    prevItemType: itemType,
    itemList: sqType === "1" ? presetItems("1") : [],
  };
}

/** A new survey: one section, one question and five lecture rows (spec 000 §9). */
export function newEditorState(): EditorState {
  return {
    seq: "",
    srName: "",
    srContent: "",
    usyn: "Y",
    dtYn: "N",
    stDt: "",
    enDt: "",
    prsnInfoYn: "N",
    prsnInfoContent: "",
    slList: Array.from({ length: DEFAULT_LECTURE_ROWS }, blankLecture),
    qestList: [newQuestion("0", "n1"), newQuestion("1", "n2")],
    delSq: [],
    delSi: [],
    delSl: [],
    nextKey: 3,
  };
}

// ---------------------------------------------------------------------------------------------
// Retyping (spec 000 §4): applied to every posted state and by the retype operation
// ---------------------------------------------------------------------------------------------

function dropSavedItems(state: EditorState, q: EditorQuestion) {
  if (!q.sqSeq) return;
  for (const it of q.itemList) {
    const key = `${q.sqSeq}-${it.siSeq}`;
    if (it.siSeq && !state.delSi.includes(key)) state.delSi.push(key);
  }
}

/** Spec 000 §4: choosing multiple choice loads type 1's answer set; free text clears the items; another item type reloads its preset. */
export function retype(state: EditorState, q: EditorQuestion): EditorQuestion {
  if (q.sqType !== q.prevSqType) {
    dropSavedItems(state, q);
    const itemType = q.sqType === "1" ? "1" : "";
    return {
      ...q,
      itemType,
      multiAns: q.sqType === "1" ? q.multiAns : "N",
      scoreOpenYn: q.sqType === "1" ? q.scoreOpenYn : "N",
      esntlYn: q.sqType === "0" ? "N" : q.esntlYn,
      itemList: presetItems(itemType),
      typeChg: q.sqSeq ? "2" : "",
      prevSqType: q.sqType,
      prevItemType: itemType,
    };
  }
  if (q.sqType === "1" && q.itemType !== q.prevItemType) {
    dropSavedItems(state, q);
    return { ...q, itemList: presetItems(q.itemType), typeChg: q.sqSeq ? (q.typeChg === "2" ? "2" : "1") : "", prevItemType: q.itemType };
  }
  return q;
}

export function applyPendingRetypes(state: EditorState): EditorState {
  const next = { ...state, delSi: [...state.delSi] };
  next.qestList = state.qestList.map((q) => retype(next, q));
  return next;
}
