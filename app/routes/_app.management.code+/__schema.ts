/**
 * P17 code management (spec 000 §2, §3 "Code node", §4 code usage, §5 "Code"): the code tree as
 * the register/edit page posts it, one row per code (`rows[i].id|label|usyn|stored|parent`), the
 * saved rows in tree order and then blank rows for new codes. Shared by the page and its action;
 * the embedded backend checks the same rules again on its call.
 * - A new row left blank (no label) is no row; every other row needs a label ('코드명을
 *   입력해주세요.') and a usage, checked over the whole list before anything is saved.
 * - A new row's parent is one of the saved level-1 codes (level 2) or none (level 1); any other
 *   parent (a third level) is refused ('코드는 2단계까지만 등록할 수 있습니다. …').
 * - Usage N on a saved code that was Y asks first (it applies to the whole system); cancelling
 *   puts those rows back to Y, new rows excepted.
 */
import { MSG, OWN_MSG, fillMessage } from "~/schemas/messages.ko";
import { z } from "~/schemas/zod";

/** The longest code name (a row's label) and code category name: the inputs' maxlength and the rules. */
export const CODE_NAME_MAX = 200;
export const CODE_GROUP_NAME_MAX = 100;
export const codeNameTooLong = fillMessage(OWN_MSG.codeNameTooLong, { max: CODE_NAME_MAX });
export const codeGroupNameTooLong = fillMessage(OWN_MSG.codeGroupNameTooLong, { max: CODE_GROUP_NAME_MAX });

/** A code category's name (insertCodeInfo.do type info): required, at most CODE_GROUP_NAME_MAX characters. */
export const codeGroupNameSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z.string({ required_error: MSG.codeGroupRequired, invalid_type_error: MSG.codeGroupRequired }).min(1, MSG.codeGroupRequired).max(CODE_GROUP_NAME_MAX, codeGroupNameTooLong),
);

export const CODE_PATH = "/management/code";
export const CODE_FORM_PATH = "/management/code/registration";
export const CODE_TITLE = "공통코드 관리";
/** Blank rows for new codes under the saved ones; 'add rows' adds this many more. */
export const BLANK_ROWS = 3;
export const MAX_ROWS = 1000;

export interface CodeRow {
  /** the saved code's id; '' for a new row */
  id: string;
  label: string;
  usyn: string;
  /** the saved usage ('' for a new row) */
  stored: string;
  lvl: 1 | 2;
  /** level 2: the parent's id */
  parent: string;
}

export interface CodeNode {
  key: string;
  data: { id: string; label: string; lvl: number; prtKey: string | null; usyn: string };
  children: CodeNode[];
  mode: "I" | "U";
}

export const isNewRow = (r: CodeRow) => r.id === "";
const isBlankNewRow = (r: CodeRow) => isNewRow(r) && r.label.trim() === "";

/** The saved tree as rows, parents each followed by their children. */
export function rowsOfTree(tree: readonly CodeNode[]): CodeRow[] {
  const row = (n: CodeNode, lvl: 1 | 2, parent: string): CodeRow => ({ id: n.data.id, label: n.data.label, usyn: n.data.usyn, stored: n.data.usyn, lvl, parent });
  return tree.flatMap((p) => [row(p, 1, ""), ...p.children.map((c) => row(c, 2, p.data.id))]);
}

export const blankRow = (): CodeRow => ({ id: "", label: "", usyn: "Y", stored: "", lvl: 1, parent: "" });

/** The rows of a posted form, in order. */
export function readCodeRows(form: FormData): CodeRow[] {
  const count = Math.min(MAX_ROWS, Math.max(0, Number(form.get("rowCount")) || 0));
  const rows: CodeRow[] = [];
  for (let i = 0; i < count; i++) {
    const text = (k: string) => String(form.get(`rows[${i}].${k}`) ?? "");
    const id = text("id").trim();
    const parent = text("parent").trim();
    rows.push({ id, label: text("label").slice(0, 300), usyn: text("usyn"), stored: id ? text("stored") : "", lvl: parent ? 2 : 1, parent });
  }
  return rows;
}

/** The first rule a row breaks, over the whole list: its index and message, or null. */
export function checkCodeRows(rows: readonly CodeRow[]): { index: number; message: string } | null {
  const kept = rows.map((r, index) => ({ r, index })).filter(({ r }) => !isBlankNewRow(r));
  const noLabel = kept.find(({ r }) => !r.label.trim());
  if (noLabel) return { index: noLabel.index, message: MSG.codeNameRequired };
  const long = kept.find(({ r }) => r.label.trim().length > CODE_NAME_MAX);
  if (long) return { index: long.index, message: codeNameTooLong };
  const noUsage = kept.find(({ r }) => r.usyn !== "Y" && r.usyn !== "N");
  if (noUsage) return { index: noUsage.index, message: OWN_MSG.usynRequired };
  // two levels only (spec 000 §3 "Code node": lvl 1 or 2): a new code's parent is a saved level-1
  // code; any other (a level-2 code, an unknown id: a forged post) is refused, never made level 1
  const level1 = new Set(rows.filter((r) => !isNewRow(r) && r.lvl === 1).map((r) => r.id));
  const deep = kept.find(({ r }) => isNewRow(r) && r.parent !== "" && !level1.has(r.parent));
  if (deep) return { index: deep.index, message: OWN_MSG.codeThirdLevel };
  return null;
}

/** Saved rows turned from Y to N (the question of spec 000 §4). */
export const turnedOff = (rows: readonly CodeRow[]) => rows.filter((r) => !isNewRow(r) && r.stored === "Y" && r.usyn === "N");

/** The answer 'cancel': those rows back to Y; new rows keep what they have. */
export const revertUsage = (rows: readonly CodeRow[]): CodeRow[] => rows.map((r) => (!isNewRow(r) && r.stored === "Y" && r.usyn === "N" ? { ...r, usyn: "Y" } : r));

/** The rows as the save call's tree: saved rows updated (U), new ones inserted (I) under their parent. */
export function treeOfRows(rows: readonly CodeRow[]): CodeNode[] {
  const node = (r: CodeRow, i: number, prtKey: string | null): CodeNode => ({
    key: r.id || `new-${i}`,
    data: { id: r.id, label: r.label.trim(), lvl: r.lvl, prtKey, usyn: r.usyn },
    children: [],
    mode: isNewRow(r) ? "I" : "U",
  });
  const kept = rows.map((r, i) => ({ r, i })).filter(({ r }) => !isBlankNewRow(r));
  const parents = kept.filter(({ r }) => r.lvl === 1).map(({ r, i }) => node(r, i, null));
  const byId = new Map(parents.filter((p) => p.data.id).map((p) => [p.data.id, p]));
  for (const { r, i } of kept.filter(({ r }) => r.lvl === 2)) {
    const parent = byId.get(r.parent);
    // a child whose parent is not among the saved level-1 codes is a level-1 code
    if (parent) parent.children.push(node(r, i, r.parent));
    else parents.push({ ...node(r, i, null), data: { ...node(r, i, null).data, lvl: 1 } });
  }
  // saved parents first in their order, new ones after them
  return [...parents.filter((p) => p.mode === "U"), ...parents.filter((p) => p.mode === "I")];
}
