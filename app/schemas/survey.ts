/**
 * Surveys (spec 000 §3-§5, §9; issue 5), shared by the browser, the Remix actions and the
 * embedded backend so that every rule is checked the same way everywhere:
 * - the editor's state (P11) as the form posts it, the operations that change its shape (add,
 *   remove, move, retype: submit buttons with an intent without JavaScript, in place with it),
 *   and the one schema of the save rules, reported in the order of spec 000 §5;
 * - the presets of spec 000 §9;
 * - the wire shape of insertSurveyInfo.do / getSurveyInfo.do and the conversions to and from it;
 * - the rules of an answer sheet (P14), which the backend checks again.
 */
import { z } from "./zod";
import { MSG, OWN_MSG } from "./messages.ko";

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

const blankLecture = (): EditorLecture => ({ slSeq: "", slName: "", slTime: "", pfName: "", deptName: "" });
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
// Reading the posted form (lenient: shape only, the rules come later)
// ---------------------------------------------------------------------------------------------

type Entries = Iterable<[string, FormDataEntryValue]>;
const yn = (v: unknown): "Y" | "N" => (v === "Y" ? "Y" : "N");
const str = (v: unknown, max = 20_000): string => (typeof v === "string" ? v.slice(0, max) : "");
const seqStr = (v: unknown): string => (typeof v === "string" && /^[1-9][0-9]{0,9}$/.test(v) ? v : "");

/** `qestList[3].itemList[1].text` → ['qestList', 3, 'itemList', 1, 'text'] */
function pathOf(name: string): (string | number)[] | null {
  const parts: (string | number)[] = [];
  const re = /([A-Za-z_][A-Za-z0-9_]*)|\[(\d{1,4})\]|\./gy;
  let m: RegExpExecArray | null;
  let pos = 0;
  while (pos < name.length) {
    re.lastIndex = pos;
    m = re.exec(name);
    if (!m) return null;
    if (m[1]) parts.push(m[1]);
    else if (m[2]) parts.push(Number(m[2]));
    pos = re.lastIndex;
  }
  return parts;
}

/** The posted fields as nested objects and arrays (`a[0].b` names); repeated plain names collect. */
export function nestForm(entries: Entries): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (typeof value !== "string") continue;
    const path = pathOf(name);
    if (!path || path.length === 0 || typeof path[0] !== "string") continue;
    if (path.length === 1) {
      const k = path[0] as string;
      const prev = root[k];
      root[k] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
      continue;
    }
    let node: Record<string | number, unknown> = root;
    for (let i = 0; i < path.length - 1; i++) {
      const k = path[i];
      const nextIsIndex = typeof path[i + 1] === "number";
      let child = node[k];
      if (child === undefined || typeof child !== "object" || child === null) {
        child = nextIsIndex ? [] : {};
        node[k] = child;
      }
      node = child as Record<string | number, unknown>;
    }
    node[path[path.length - 1]] = value;
  }
  return root;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v.filter((x) => x !== undefined) : []);
const strList = (v: unknown): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => seqStr(x)).filter(Boolean);

function readItem(raw: unknown): EditorItem {
  const o = (raw ?? {}) as Record<string, unknown>;
  return { siSeq: seqStr(o.siSeq), text: str(o.text, 2000), score: str(o.score, 20) };
}

function readQuestion(raw: unknown, i: number): EditorQuestion {
  const o = (raw ?? {}) as Record<string, unknown>;
  const sqType = (["0", "1", "2"].includes(o.sqType as string) ? o.sqType : "1") as SqType;
  const itemType = ["1", "2", "3", "4", "5"].includes(o.itemType as string) ? (o.itemType as string) : sqType === "1" ? "1" : "";
  const sqSeq = seqStr(o.sqSeq);
  const key = typeof o.key === "string" && /^[a-z0-9]{1,12}$/.test(o.key) ? o.key : sqSeq || `p${i}`;
  const typeChg = o.typeChg === "1" || o.typeChg === "2" ? o.typeChg : "";
  return {
    key,
    sqSeq,
    sqType,
    itemType,
    esntlYn: yn(o.esntlYn),
    scoreOpenYn: yn(o.scoreOpenYn),
    multiAns: yn(o.multiAns),
    sqSubj: str(o.sqSubj, 5000),
    typeChg,
    prevSqType: typeof o.prevSqType === "string" ? o.prevSqType : sqType,
    prevItemType: typeof o.prevItemType === "string" ? o.prevItemType : itemType,
    itemList: list(o.itemList).slice(0, 200).map(readItem),
  };
}

/** The editor's state from the posted form (a save or an intent), pending retypes applied. */
export function readEditorForm(entries: Entries): EditorState {
  const o = nestForm(entries);
  const state: EditorState = {
    seq: seqStr(o.seq),
    srName: str(o.srName, 2000),
    srContent: str(o.srContent, 50_000),
    usyn: o.usyn === "N" ? "N" : "Y",
    dtYn: yn(o.dtYn),
    stDt: str(o.stDt, 30),
    enDt: str(o.enDt, 30),
    prsnInfoYn: yn(o.prsnInfoYn),
    prsnInfoContent: str(o.prsnInfoContent, 50_000),
    slList: list(o.slList)
      .slice(0, 1000)
      .map((raw) => {
        const l = (raw ?? {}) as Record<string, unknown>;
        return { slSeq: seqStr(l.slSeq), slName: str(l.slName, 2000), slTime: str(l.slTime, 20), pfName: str(l.pfName, 2000), deptName: str(l.deptName, 2000) };
      }),
    qestList: list(o.qestList).slice(0, 2000).map(readQuestion),
    delSq: strList(o.delSq),
    delSi: (Array.isArray(o.delSi) ? o.delSi : o.delSi === undefined ? [] : [o.delSi]).filter((x): x is string => typeof x === "string" && /^[1-9][0-9]{0,9}-[1-9][0-9]{0,9}$/.test(x)),
    delSl: strList(o.delSl),
    nextKey: Math.min(Math.max(Number.parseInt(str(o.nextKey, 10), 10) || 1, 1), 1_000_000),
  };
  // keys must be unique for rendering
  const seen = new Set<string>();
  for (const q of state.qestList) {
    if (seen.has(q.key)) q.key = `n${state.nextKey++}`;
    seen.add(q.key);
  }
  return applyPendingRetypes(state);
}

// ---------------------------------------------------------------------------------------------
// Operations (intents): the same code runs in the action and, with JavaScript, in the browser
// ---------------------------------------------------------------------------------------------

function dropSavedItems(state: EditorState, q: EditorQuestion) {
  if (!q.sqSeq) return;
  for (const it of q.itemList) {
    const key = `${q.sqSeq}-${it.siSeq}`;
    if (it.siSeq && !state.delSi.includes(key)) state.delSi.push(key);
  }
}

/** Spec 000 §4: choosing multiple choice loads type 1's answer set; free text clears the items; another item type reloads its preset. */
function retype(state: EditorState, q: EditorQuestion): EditorQuestion {
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

export type EditorOp =
  | { op: "add"; sqType: SqType }
  | { op: "remove"; index: number }
  | { op: "up"; index: number }
  | { op: "down"; index: number }
  | { op: "retype"; index: number }
  | { op: "addItem"; index: number }
  | { op: "removeItem"; index: number; item: number }
  | { op: "addLecture" }
  | { op: "removeLecture"; index: number };

/** The intent value of an operation's submit button, and back. */
export function opIntent(op: EditorOp): string {
  switch (op.op) {
    case "add":
      return `add:${op.sqType}`;
    case "removeItem":
      return `removeItem:${op.index}:${op.item}`;
    case "addLecture":
      return "addLecture";
    default:
      return `${op.op}:${op.index}`;
  }
}

export function parseOp(intent: string): EditorOp | null {
  const [name, a, b] = intent.split(":");
  const n = (v: string | undefined) => (v !== undefined && /^\d{1,4}$/.test(v) ? Number(v) : -1);
  switch (name) {
    case "add":
      return a === "0" || a === "1" || a === "2" ? { op: "add", sqType: a } : null;
    case "remove":
    case "up":
    case "down":
    case "retype":
    case "addItem":
    case "removeLecture":
      return n(a) >= 0 ? ({ op: name, index: n(a) } as EditorOp) : null;
    case "removeItem":
      return n(a) >= 0 && n(b) >= 0 ? { op: "removeItem", index: n(a), item: n(b) } : null;
    case "addLecture":
      return { op: "addLecture" };
    default:
      return null;
  }
}

export interface OpResult {
  state: EditorState;
  /** the '알림' notice of a refused move ('맨 처음입니다.' / '맨 마지막입니다.') */
  notice?: string;
  /** the field to focus after the operation */
  focus?: string;
}

export function applyOp(input: EditorState, op: EditorOp): OpResult {
  const state: EditorState = { ...input, qestList: [...input.qestList], slList: [...input.slList], delSq: [...input.delSq], delSi: [...input.delSi], delSl: [...input.delSl] };
  const qs = state.qestList;
  switch (op.op) {
    case "add": {
      if (qs.length >= LIMITS.questions) return { state, notice: OWN_MSG.surveyTooLarge };
      const q = newQuestion(op.sqType, `n${state.nextKey}`);
      state.nextKey += 1;
      qs.push(q);
      return { state, focus: `qestList[${qs.length - 1}].sqSubj` };
    }
    case "remove": {
      const q = qs[op.index];
      if (!q) return { state };
      if (q.sqSeq) state.delSq.push(q.sqSeq);
      qs.splice(op.index, 1);
      return { state };
    }
    case "up": {
      if (op.index === 0) return { state, notice: MSG.surveyMoveFirst, focus: `qestList[0].sqSubj` };
      if (!qs[op.index]) return { state };
      [qs[op.index - 1], qs[op.index]] = [qs[op.index], qs[op.index - 1]];
      return { state, focus: `qestList[${op.index - 1}].sqSubj` };
    }
    case "down": {
      if (op.index >= qs.length - 1) return { state, notice: MSG.surveyMoveLast, focus: `qestList[${qs.length - 1}].sqSubj` };
      [qs[op.index + 1], qs[op.index]] = [qs[op.index], qs[op.index + 1]];
      return { state, focus: `qestList[${op.index + 1}].sqSubj` };
    }
    case "retype": {
      // the posted types are applied by readEditorForm; in the browser the change applies at once
      const q = qs[op.index];
      if (q) qs[op.index] = retype(state, q);
      return { state, focus: `qestList[${op.index}].sqType` };
    }
    case "addItem": {
      const q = qs[op.index];
      if (!q || q.sqType !== "1" || !isManualItems(q.itemType)) return { state };
      if (q.itemList.length >= LIMITS.items) return { state, notice: OWN_MSG.surveyTooLarge };
      qs[op.index] = { ...q, itemList: [...q.itemList, { siSeq: "", text: "", score: "" }] };
      return { state, focus: `qestList[${op.index}].itemList[${q.itemList.length}].text` };
    }
    case "removeItem": {
      const q = qs[op.index];
      if (!q || !isManualItems(q.itemType) || !q.itemList[op.item]) return { state };
      const items = [...q.itemList];
      const [gone] = items.splice(op.item, 1);
      if (gone.siSeq && q.sqSeq) state.delSi.push(`${q.sqSeq}-${gone.siSeq}`);
      qs[op.index] = { ...q, itemList: items };
      return { state };
    }
    case "addLecture": {
      if (state.slList.length >= LIMITS.lectures) return { state, notice: OWN_MSG.surveyTooLarge };
      state.slList.push(blankLecture());
      return { state, focus: `slList[${state.slList.length - 1}].slName` };
    }
    case "removeLecture": {
      const l = state.slList[op.index];
      if (!l) return { state };
      if (l.slSeq) state.delSl.push(l.slSeq);
      state.slList.splice(op.index, 1);
      return { state };
    }
  }
}

/** The `name` of a question field, as posted. */
export const qName = (i: number, field: keyof EditorQuestion) => `qestList[${i}].${field}`;
export const itemName = (i: number, j: number, field: keyof EditorItem) => `qestList[${i}].itemList[${j}].${field}`;
export const lectureName = (k: number, field: keyof EditorLecture) => `slList[${k}].${field}`;

// ---------------------------------------------------------------------------------------------
// The save rules (spec 000 §5 "Survey save", in its order)
// ---------------------------------------------------------------------------------------------

const DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DIGITS_RE = /^[0-9]{1,9}$/;
const blank = (s: string) => s.trim().length === 0;
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

// ---------------------------------------------------------------------------------------------
// Answer sheets (P14)
// ---------------------------------------------------------------------------------------------

export interface AskQuestion {
  sqSeq: number;
  sqNo: number | null;
  sqType: number;
  itemType: number | null;
  esntlYn: string;
  scoreOpenYn: string;
  multiAns: string;
  sqSubj: string;
  itemList: { siSeq: number; score: number | null; text: string }[];
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
