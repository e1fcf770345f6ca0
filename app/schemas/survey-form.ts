/**
 * The survey editor's form (P11; issue 5): reading the posted form into the editor's state
 * (lenient: shape only, the rules are survey-save.ts), the operations that change its shape (add,
 * remove, move, retype: submit buttons with an intent without JavaScript, in place with it; the
 * same code runs in the action and in the browser) and the posted names of its fields.
 */

import { MSG, OWN_MSG } from "./messages.ko";
import { applyPendingRetypes, blankLecture, isManualItems, LIMITS, newQuestion, retype, type EditorItem, type EditorLecture, type EditorQuestion, type EditorState, type SqType } from "./survey-editor";

// ---------------------------------------------------------------------------------------------
// Reading the posted form (lenient: shape only, the rules come later)
// ---------------------------------------------------------------------------------------------

type Entries = Iterable<[string, FormDataEntryValue]>;
export const yn = (v: unknown): "Y" | "N" => (v === "Y" ? "Y" : "N");
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
