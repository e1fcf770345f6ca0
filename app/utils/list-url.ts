/**
 * A record list's state in the URL (DESIGN.md "Record list"), read the same way by loaders,
 * actions, resource routes and components: the year, multi-choice filters with the exclusive
 * 'all', the search text, paging (10/20/30/50), sorting and which dialog is open. No server code:
 * components use it to build links.
 */
import { seoulYear } from "./time";
import { FOCUS_PARAM } from "./focus-return";
import { evalParams, seqParam, withParams } from "./url";

/** The value of a multi-choice filter's exclusive 'all' box. */
export const ALL = "all";

/** List year filters start at 2025 (spec 001 §9, spec 002 §9). */
export const LIST_FIRST_YEAR = 2025;

/** Years from `first` to `last`, newest first. */
export function yearRange(first: number, last: number): number[] {
  return Array.from({ length: Math.max(1, last - first + 1) }, (_, i) => last - i);
}

/** The year choices of a list filter: 2025 … the current year (Asia/Seoul), newest first. */
export const listYears = (last = seoulYear()) => yearRange(LIST_FIRST_YEAR, Math.max(last, LIST_FIRST_YEAR));

/** A year from the URL if it is one of the choices, else the default. */
export function readYear(url: URL, years: readonly number[], fallback: number, name = "year"): number {
  const y = Number(url.searchParams.get(name));
  return years.includes(y) ? y : fallback;
}

/** The chosen values of a multi-choice filter: null means all (nothing chosen, or 'all'). */
export function readMulti(url: URL, name: string): string[] | null {
  const values = url.searchParams.getAll(name).filter(Boolean);
  if (values.length === 0 || values.includes(ALL)) return null;
  return [...new Set(values)];
}

/** The search text (trimmed, at most 100 characters). */
export const readText = (url: URL, name = "value") => (url.searchParams.get(name) ?? "").trim().slice(0, 100);

export const PAGE_SIZES = [10, 20, 30, 50] as const;

/** `page` and `size` of a URL (size one of 10/20/30/50, else the list's default, 20 unless the spec says otherwise). */
export function readPaging(url: URL, defaultSize = 20): { page: number; size: number } {
  const size = Number(url.searchParams.get("size"));
  const page = Number(url.searchParams.get("page"));
  return {
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultSize,
    page: Number.isInteger(page) && page > 0 && page <= 100_000 ? page : 1,
  };
}

/** The rows of one page out of a whole list. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): T[] {
  return rows.slice((page - 1) * size, page * size);
}

export type SortDir = "asc" | "desc";
export interface SortKey {
  key: string;
  dir: SortDir;
}

/**
 * `sort=name:asc,id:desc` of a URL: keys outside the list's sortable columns are dropped, so what
 * reaches a backend is always one of the list's own column names.
 */
export function readSort(url: URL, sortable: readonly string[]): SortKey[] {
  const out: SortKey[] = [];
  for (const part of (url.searchParams.get("sort") ?? "").split(",").slice(0, 3)) {
    const [key, dir = "asc"] = part.split(":");
    if (sortable.includes(key) && (dir === "asc" || dir === "desc") && !out.some((s) => s.key === key)) out.push({ key, dir });
  }
  return out;
}

export const sortText = (sort: readonly SortKey[]) => sort.map((s) => `${s.key}:${s.dir}`).join(",");

const emptyCell = (v: unknown) => v === null || v === undefined || v === "";

/**
 * Two cells of a column in a list's ascending order: numbers as numbers, text in Korean order
 * (numbers inside text by value), an empty cell after every other. The embedded backend ranks a
 * synced report's values by it (app/embedded/reports/sort-order.server.ts, ADR 0071).
 */
export function compareCells(x: unknown, y: unknown, collator: Intl.Collator = koCollator()): number {
  if (emptyCell(x) || emptyCell(y)) return emptyCell(x) === emptyCell(y) ? 0 : emptyCell(x) ? 1 : -1;
  if (typeof x === "number" && typeof y === "number") return x - y;
  return collator.compare(String(x), String(y));
}

/** The collator of compareCells. */
export const koCollator = () => new Intl.Collator("ko", { numeric: true });

/** A whole list in the given order (for a backend that answered it unsorted): numbers as numbers, text in Korean order. */
export function sortRows<T>(rows: readonly T[], sort: readonly SortKey[]): T[] {
  if (!sort.length) return [...rows];
  const collator = koCollator();
  const value = (row: T, key: string) => (row as Record<string, unknown>)[key];
  return [...rows].sort((a, b) => {
    for (const { key, dir } of sort) {
      const c = compareCells(value(a, key), value(b, key), collator);
      if (c) return dir === "asc" ? c : -c;
    }
    return 0;
  });
}

/** The one dialog vocabulary of list screens (`?dialog=add|edit|delete|preview`). */
export const DIALOG_KINDS = ["add", "edit", "delete", "preview"] as const;
export type DialogKind = (typeof DIALOG_KINDS)[number];

/** A dialog's record key: one parameter, or several (the first is the number `readDialog` reads, e.g. year and department). */
export type DialogKey = string | readonly string[];

/** A dialog key as a list of parameter names. */
export const dialogKeys = (key: DialogKey): readonly string[] => (typeof key === "string" ? [key] : key);

/**
 * The parameters that open a dialog: removed to get back to the list, with the one that gave the
 * focus back to a dialog's opener (`focus`, ADR 0059), which the list's other links do not carry.
 */
export const dialogParams = (key: DialogKey) => ["dialog", ...dialogKeys(key), "index", FOCUS_PARAM];

/**
 * The dialog the URL asks for, with its record's key (`?dialog=edit&pssSeq=12`); edit, delete and
 * preview need a valid key, add has none.
 */
export function readDialog(url: URL, key: string): { kind: DialogKind; seq: number | null } | null {
  const kind = url.searchParams.get("dialog") as DialogKind | null;
  if (!kind || !DIALOG_KINDS.includes(kind)) return null;
  if (kind === "add") return { kind, seq: null };
  const seq = seqParam(url.searchParams.get(key));
  return seq ? { kind, seq } : null;
}

/** The list's own search (its filters, page and sort) without a dialog's parameters. */
export function listSearch(search: string, key: DialogKey): string {
  // each row's buttons ask for it with the same search: the last answer is kept (a pure function)
  const keyText = String(key);
  if (lastSearch?.search === search && lastSearch.key === keyText) return lastSearch.value;
  const value = withParams(search, Object.fromEntries(dialogParams(key).map((k) => [k, null])));
  lastSearch = { search, key: keyText, value };
  return value;
}
let lastSearch: { search: string; key: string; value: string } | null = null;

export type EvalMode = NonNullable<ReturnType<typeof evalParams>>;

/** What the list loader answers (app/utils/list-loader.server.ts) and the page shell shows. */
export interface ListDialog<D> {
  kind: DialogKind;
  seq: number | null;
  /** what the screen's `dialog` made of it (form values, code lists, a preview …) */
  data: D;
}

/** The data of an open add or edit dialog (the screen's form), else null. */
export const formDialog = <D>(dialog: ListDialog<unknown> | null): D | null => (dialog && (dialog.kind === "add" || dialog.kind === "edit") ? (dialog.data as D) : null);

export interface ListData<F = Record<string, never>, D = unknown, X = unknown> {
  evalMode: EvalMode | null;
  years: number[];
  year: number;
  filter: F;
  page: number;
  size: number;
  sort: SortKey[];
  total: number;
  rows: Record<string, unknown>[];
  /** evaluation mode: the server's columns */
  columns: { clm: string; clmNm: string }[] | null;
  dialog: ListDialog<D> | null;
  /** the page's '알림' message (a failed list, detail or preview) */
  error: string | null;
  /** what the screen added (`more`) */
  more: X | null;
}

