/**
 * The one Excel import of the embedded backend: reads an uploaded workbook as a stream, checks its
 * headers, turns every data row into a record (or a failure naming the sheet row, its id and the
 * message), refuses a row whose 년도 is not the upload's year and duplicate keys within the sheet,
 * and stores the valid records in one transaction by their natural key (ADR 0061): a record whose
 * key is not stored is added, one whose values differ is updated, one equal to what is stored is
 * left alone. The reply is the legacy shape (successCount, faildCount and the failures) plus the
 * extension counts insertCount, updateCount and unchangedCount.
 */
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { ExcelReadError, ExcelRowLimitError, ExcelTooLargeError, readXlsxRows, rowYearProblem } from "../../utils/excel.server";
import type { Db, Tx } from "../db/client.server";
import { requireAuth, type CallContext } from "./context.server";
import { ApiError, fail, ok, parseInput, type Envelope } from "./envelope.server";
import { recordYear } from "./people.server";
import { checkXlsx } from "./upload.server";

/** Data rows one upload may carry. */
export const EXCEL_MAX_ROWS = 10_000;

export interface UploadFailure {
  /** The row number on the sheet (the header is row 1). */
  row: number;
  id: string;
  message: string;
}

export interface UploadResult {
  successCount: number;
  faildCount: number;
  failures: UploadFailure[];
  /** Extension (ADR 0061): of the successful rows, how many were added, updated, left as they were. */
  insertCount: number;
  updateCount: number;
  unchangedCount: number;
}

/** A stored record found by its natural key: what `update` needs (`ref`) and the values a row is compared with. */
export interface StoredRecord<T> {
  ref: T;
  values: Record<string, unknown>;
}

/**
 * Storing by natural key (ADR 0061): `key` of SheetImport is the natural key (unique among the live
 * records of the screen's scope), `stored` finds the live records of the records' keys, `valuesOf`
 * gives what a row would store (compared with the stored values: empty and null alike, numbers by
 * value, lists in order), `insert` adds the new ones and `update` rewrites the changed ones.
 */
export interface NaturalKeyStore<R, T> {
  stored: (tx: Tx, records: R[]) => Promise<Map<string, StoredRecord<T>>>;
  valuesOf: (record: R) => Record<string, unknown>;
  insert: (tx: Tx, records: R[]) => Promise<void>;
  update: (tx: Tx, changed: { record: R; ref: T }[]) => Promise<void>;
}

/** One value as compared: null, undefined and '' alike; numbers (and digits) by value; dates by their day. */
function comparable(v: unknown): unknown {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return v.map(comparable);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "number") return String(v);
  if (typeof v === "string") {
    const t = v.trim();
    return /^-?[0-9]+(\.[0-9]+)?$/.test(t) ? String(Number(t)) : t;
  }
  if (typeof v === "object") return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, comparable(x)]));
  return v;
}

/** Whether a row's values are those stored (only the row's keys are compared). */
export function sameValues(row: Record<string, unknown>, stored: Record<string, unknown>): boolean {
  return Object.keys(row).every((k) => JSON.stringify(comparable(row[k])) === JSON.stringify(comparable(stored[k])));
}

/** A row that cannot be stored: thrown (or returned) by `read` with the message to report. */
export class RowError extends Error {}

export type RowRead<R> = { ok: true; record: R } | { ok: false; message: string };

export interface SheetImport<R> {
  /** Headers the sheet must have (others are ignored). */
  headers: readonly string[];
  /**
   * The year the upload is for: a row whose 년도 cell (when the sheet has one and the cell is not
   * empty) says another year is refused with `excelYearMismatch`, before it is read.
   */
  year?: number;
  /** The id a failure names (student number, course name …). */
  idOf: (cells: Record<string, string>) => string;
  /** A row's cells (by header) → its record, or a failure; may throw RowError. */
  read: (cells: Record<string, string>) => RowRead<R> | Promise<RowRead<R>>;
  /** The record's natural key: rows with the same key are duplicates (the later one fails with `duplicateMessage`). */
  key: (record: R) => string;
  duplicateMessage?: string;
  /** Stores the valid records by their key (inside one transaction). */
  store: NaturalKeyStore<R, any>;
}

/** Validates every row of the workbook and stores the valid ones; answers the counts and failures. */
export async function importSheet<R>(db: Db, spec: SheetImport<R>, bytes: Uint8Array): Promise<UploadResult> {
  const failures: UploadFailure[] = [];
  const valid: R[] = [];
  const seen = new Set<string>();
  let sawHeader = false;
  try {
    const rows = readXlsxRows(bytes, {
      maxRows: EXCEL_MAX_ROWS,
      onHeaders: (found) => {
        sawHeader = true;
        if (!spec.headers.every((h) => found.includes(h))) throw new ApiError(fail(400, OWN_MSG.excelHeaders));
      },
    });
    for await (const { row, cells } of rows) {
      const id = spec.idOf(cells);
      const otherYear = spec.year === undefined ? null : rowYearProblem(cells, spec.year);
      if (otherYear) {
        failures.push({ row, id, message: otherYear });
        continue;
      }
      let read: RowRead<R>;
      try {
        read = await spec.read(cells);
      } catch (err) {
        if (err instanceof RowError) read = { ok: false, message: err.message };
        else if (err instanceof ApiError) read = { ok: false, message: err.envelope.message ?? OWN_MSG.badRequest };
        else throw err;
      }
      if (!read.ok) {
        failures.push({ row, id, message: read.message });
        continue;
      }
      const key = spec.key(read.record);
      if (seen.has(key)) {
        failures.push({ row, id, message: spec.duplicateMessage ?? OWN_MSG.badRequest });
        continue;
      }
      seen.add(key);
      valid.push(read.record);
    }
  } catch (err) {
    if (err instanceof ExcelRowLimitError) throw new ApiError(fail(400, OWN_MSG.excelTooManyRows));
    if (err instanceof ExcelTooLargeError) {
      console.warn(`[excel] upload refused: ${err.message}`);
      throw new ApiError(fail(400, OWN_MSG.excelTooLarge));
    }
    if (err instanceof ExcelReadError) {
      // the reader's own words, for the operator (the user reads the catalogue's message)
      console.warn(`[excel] unreadable upload: ${err.message}`);
      throw new ApiError(fail(400, OWN_MSG.excelUnreadable));
    }
    throw err;
  }
  if (!sawHeader) throw new ApiError(fail(400, OWN_MSG.excelHeaders));
  if (valid.length === 0 && failures.length === 0) throw new ApiError(fail(400, OWN_MSG.excelEmpty));
  const counts = valid.length ? await db.transaction((tx) => storeByKey(tx, spec, valid)) : { insertCount: 0, updateCount: 0, unchangedCount: 0 };
  return { successCount: valid.length, faildCount: failures.length, failures, ...counts };
}

/** Adds the records whose key is not stored, updates the changed ones, leaves the rest; answers the counts. */
async function storeByKey<R>(tx: Tx, spec: SheetImport<R>, records: R[]) {
  const stored = await spec.store.stored(tx, records);
  const fresh: R[] = [];
  const changed: { record: R; ref: unknown }[] = [];
  for (const record of records) {
    const found = stored.get(spec.key(record));
    if (!found) fresh.push(record);
    else if (!sameValues(spec.store.valuesOf(record), found.values)) changed.push({ record, ref: found.ref });
  }
  if (fresh.length) await spec.store.insert(tx, fresh);
  if (changed.length) await spec.store.update(tx, changed);
  return { insertCount: fresh.length, updateCount: changed.length, unchangedCount: records.length - fresh.length - changed.length };
}

/** The upload's message: the spec's success text, or the counts (and a hint) when rows failed. */
export function uploadMessage(result: UploadResult, hint?: string): string {
  if (result.faildCount === 0) return MSG.uploadSuccess;
  const counts = OWN_MSG.uploadCounts.replace("{success}", String(result.successCount)).replace("{fail}", String(result.faildCount));
  return hint ? `${counts} ${hint}` : counts;
}

const UploadYear = z.object({ year: recordYear });
const OptionalYear = z.object({ year: recordYear.optional().catch(undefined) });

/** How an upload call takes its year: required ('년도를 선택해주세요.'), optional (0 when absent) or not at all (0). */
export type UploadYearMode = boolean | "optional";

function handler(readYear: UploadYearMode, run: (ctx: CallContext, bytes: Uint8Array, year: number) => Promise<UploadResult>, hint?: string) {
  return async (ctx: CallContext): Promise<Envelope> => {
    requireAuth(ctx);
    // the year is checked before the file, as the form shows them
    const year = readYear === true ? parseInput(UploadYear, ctx.body).year : readYear === "optional" ? (OptionalYear.parse(ctx.body).year ?? 0) : 0;
    const file = await checkXlsx(ctx.files);
    const result = await run(ctx, file.bytes, year);
    // the legacy reply carries the counts beside `status`; `result` repeats them for the gateway
    return { ...ok(result, uploadMessage(result, hint)), ...result };
  };
}

/** An upload call of multipart {file[, year]}: one .xlsx checked by name, signature and size, then `run` (year 0 unless `year` is "optional" and one is posted). */
export const uploadHandler = (run: (ctx: CallContext, bytes: Uint8Array, year: number) => Promise<UploadResult>, hint?: string, year: UploadYearMode = false) =>
  handler(year, (ctx, bytes, y) => run(ctx, bytes, y), hint);

/** An upload call of multipart {year, file}: the year ('년도를 선택해주세요.'), the file, then `run`. */
export const yearUploadHandler = (run: (ctx: CallContext, year: number, bytes: Uint8Array) => Promise<UploadResult>, hint?: string) =>
  handler(true, (ctx, bytes, year) => run(ctx, year, bytes), hint);
