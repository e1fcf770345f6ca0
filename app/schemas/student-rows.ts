/**
 * The student lookup rows of the score-entry dialogs (spec 002 §4 "Student lookup confirmation",
 * docs/architecture.md "Forms without JavaScript"): a student number confirmed with a button, which
 * fills the name and usSeq.
 *
 * Every row posts `rows[i].id` (what is typed), `rows[i].name` and `rows[i].usSeq` (what the lookup
 * found) and `rows[i].checked`, the `year:number` the lookup was made for. A row is confirmed only
 * while its number and the dialog's year are still those it was confirmed for, so editing the
 * number or changing the year resets it — with JavaScript at once, without it on the next post.
 * The backend checks usSeq against the number again on save.
 */
import { z } from "./zod";
import { OWN_MSG } from "./messages.ko";

export const ROWS = "rows";

export interface LookupRow {
  id: string;
  name: string;
  usSeq: string;
  checked: string;
  /** the row's other fields (scores, flags), by field name */
  [extra: string]: string;
}

/** The reply to a lookup: the row's number and what was found, or the message. */
export interface LookupReply {
  index: number;
  id: string;
  name: string;
  usSeq: string;
  checked: string;
  message?: string;
}

export const blankRow = (extra: Record<string, string> = {}): LookupRow => ({ id: "", name: "", usSeq: "", checked: "", ...extra });

/** What a confirmation is made for: the year and the number. */
export const checkKey = (year: unknown, id: unknown) => `${String(year ?? "").trim()}:${String(id ?? "").trim()}`;

/** The row was confirmed for this number in this year. */
export function isConfirmed(row: { id?: unknown; usSeq?: unknown; checked?: unknown }, year: unknown): boolean {
  return Boolean(String(row.usSeq ?? "").trim()) && String(row.checked ?? "") === checkKey(year, row.id);
}

/** Student numbers are digits only (spec 002 §5 General). */
export const STUDENT_NO = /^[0-9]*$/;
export const digitsOnly = (text: string) => text.replace(/[^0-9]/g, "");

const text = z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string().max(50)).transform((s) => s.trim());

/** The lookup part of a row; screens `.extend()` it with their own fields. */
export const lookupRowFields = {
  id: text.refine((s) => STUDENT_NO.test(s), OWN_MSG.studentIdDigits),
  name: text,
  usSeq: z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string().max(12)).refine((s) => s === "" || /^[0-9]+$/.test(s)),
  checked: z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string().max(40)),
};

/** The field name of row `i`'s `field`. */
export const rowField = (i: number, field: string, prefix = ROWS) => `${prefix}[${i}].${field}`;

/** The rows a form posted (its entries), in index order (gaps closed). */
export function readRows(form: Iterable<[string, FormDataEntryValue]>, prefix = ROWS): LookupRow[] {
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\[(\\d{1,4})\\]\\.([A-Za-z0-9_]+)$`);
  const byIndex = new Map<number, LookupRow>();
  for (const [key, value] of form) {
    const m = pattern.exec(key);
    if (!m || typeof value !== "string") continue;
    const i = Number(m[1]);
    const row = byIndex.get(i) ?? blankRow();
    row[m[2]] = value;
    byIndex.set(i, row);
  }
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
}
