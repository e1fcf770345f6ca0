/**
 * The one Excel import of the embedded backend: reads an uploaded workbook as a stream, checks its
 * headers, turns every data row into a record (or a failure naming the sheet row, its id and the
 * message), refuses duplicate keys within the sheet, and hands the valid records to the caller to
 * store in one transaction. The reply is the legacy shape: successCount, faildCount and the
 * failures (people, scores, analyses all answer the same way).
 */
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { ExcelReadError, ExcelRowLimitError, ExcelTooLargeError, readXlsxRows } from "../../utils/excel.server";
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
}

/** A row that cannot be stored: thrown (or returned) by `read` with the message to report. */
export class RowError extends Error {}

export type RowRead<R> = { ok: true; record: R } | { ok: false; message: string };

export interface SheetImport<R> {
  /** Headers the sheet must have (others are ignored). */
  headers: readonly string[];
  /** The id a failure names (student number, course name …). */
  idOf: (cells: Record<string, string>) => string;
  /** A row's cells (by header) → its record, or a failure; may throw RowError. */
  read: (cells: Record<string, string>) => RowRead<R> | Promise<RowRead<R>>;
  /** Rows with the same key are duplicates: the later one fails with `duplicateMessage`. */
  key?: (record: R) => string;
  duplicateMessage?: string;
  /** Stores the valid records (inside one transaction). */
  save: (tx: Tx, records: R[]) => Promise<void>;
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
      const key = spec.key?.(read.record);
      if (key !== undefined) {
        if (seen.has(key)) {
          failures.push({ row, id, message: spec.duplicateMessage ?? OWN_MSG.badRequest });
          continue;
        }
        seen.add(key);
      }
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
  if (valid.length) await db.transaction((tx) => spec.save(tx, valid));
  return { successCount: valid.length, faildCount: failures.length, failures };
}

/** The upload's message: the spec's success text, or the counts (and a hint) when rows failed. */
export function uploadMessage(result: UploadResult, hint?: string): string {
  if (result.faildCount === 0) return MSG.uploadSuccess;
  const counts = OWN_MSG.uploadCounts.replace("{success}", String(result.successCount)).replace("{fail}", String(result.faildCount));
  return hint ? `${counts} ${hint}` : counts;
}

const UploadYear = z.object({ year: recordYear });

function handler(readYear: boolean, run: (ctx: CallContext, bytes: Uint8Array, year: number) => Promise<UploadResult>, hint?: string) {
  return async (ctx: CallContext): Promise<Envelope> => {
    requireAuth(ctx);
    // the year is checked before the file, as the form shows them
    const year = readYear ? parseInput(UploadYear, ctx.body).year : 0;
    const file = await checkXlsx(ctx.files);
    const result = await run(ctx, file.bytes, year);
    // the legacy reply carries the counts beside `status`; `result` repeats them for the gateway
    return { ...ok(result, uploadMessage(result, hint)), ...result };
  };
}

/** An upload call of multipart {file}: one .xlsx checked by name, signature and size, then `run`. */
export const uploadHandler = (run: (ctx: CallContext, bytes: Uint8Array) => Promise<UploadResult>, hint?: string) =>
  handler(false, (ctx, bytes) => run(ctx, bytes), hint);

/** An upload call of multipart {year, file}: the year ('년도를 선택해주세요.'), the file, then `run`. */
export const yearUploadHandler = (run: (ctx: CallContext, year: number, bytes: Uint8Array) => Promise<UploadResult>, hint?: string) =>
  handler(true, (ctx, bytes, year) => run(ctx, year, bytes), hint);
