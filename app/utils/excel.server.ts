/**
 * Excel for every screen (docs/architecture.md "Excel"): streamed export with exceljs's WorkbookWriter and
 * streamed import with its WorkbookReader.
 *
 * - Export: rows arrive as an iterable or async iterable (of rows or of pages of rows) and leave as a
 *   web ReadableStream of the .xlsx bytes; nothing holds the whole workbook in memory. The header
 *   row is bold and frozen, columns have widths, strings are inline (no shared-string table), and
 *   every string cell that begins with `=`, `+`, `-`, `@`, tab or CR is neutralised with a leading
 *   apostrophe, so no spreadsheet reads it as a formula.
 * - Import: the first worksheet's first row is the header; every later non-empty row is yielded as
 *   an object keyed by header text with each cell as a trimmed string (dates 'YYYY-MM-DD',
 *   formulas their cached result). The apostrophe guard of an export is taken off again, so a
 *   download → edit → upload round trip keeps '=1+1' as '=1+1'. An upload is at most 10 MB, but
 *   its zip may expand a thousandfold: the reader refuses a workbook whose parts expand past
 *   UNZIP_LIMITS, by the zip's directory first and by counting what actually comes out second (a
 *   directory may lie), so a zip bomb costs a few megabytes and a clear message.
 */
import { errorText } from "./log.server";
import { PassThrough, Readable, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import ExcelJS from "exceljs";
import unzipper from "unzipper";
import { contentDisposition } from "./download.server";
import { OWN_MSG } from "../schemas/messages.ko";

/**
 * A worksheet name Excel accepts: none of * ? : \\ / [ ] (a title like 'CPX/OSCE …' becomes
 * 'CPX·OSCE …'), at most 31 characters, not empty.
 */
export function safeSheetName(name: string | undefined): string {
  const cleaned = (name ?? "").replace(/[*?:\\/[\]]/g, "·").trim().slice(0, 31);
  return cleaned || "Sheet1";
}

export { contentDisposition };

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// ---------------------------------------------------------------------------------------------
// Formula neutralisation
// ---------------------------------------------------------------------------------------------

const DANGEROUS_START = /^[=+\-@\t\r]/;

/** A string a spreadsheet could read as a formula gets a leading apostrophe. */
export function neutralise(text: string): string {
  return DANGEROUS_START.test(text) ? `'${text}` : text;
}

/** Takes off the guard `neutralise` put on ("'=1+1" → '=1+1'); other text is unchanged. */
export function unneutralise(text: string): string {
  return text.startsWith("'") && DANGEROUS_START.test(text.slice(1)) ? text.slice(1) : text;
}

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

export type CellInput = string | number | boolean | Date | null | undefined;

export interface ExcelColumn<R> {
  header: string;
  /** Characters; default from the header's length (at least 10). */
  width?: number;
  value: (row: R) => CellInput;
}

export interface XlsxOptions<R> {
  sheetName?: string;
  columns: readonly ExcelColumn<R>[];
  /** The rows, sync or async (give `rows` or `pages`). */
  rows?: Iterable<R> | AsyncIterable<R>;
  /** The rows a page (an array) at a time, e.g. as read from the database. */
  pages?: Iterable<R[]> | AsyncIterable<R[]>;
  /** A last bold row under the rows (column sums: a cell per column, strings neutralised too). */
  footer?: readonly CellInput[];
  /** Further worksheets after the first, each a small table of its own (a summary, a second table). */
  sheets?: readonly XlsxSheet[];
}

/** A further worksheet: its rows in memory (a summary is small), and its footer row. */
export interface XlsxSheet {
  sheetName: string;
  columns: readonly ExcelColumn<Record<string, unknown>>[];
  rows: readonly Record<string, unknown>[];
  footer?: readonly CellInput[];
}

/** How many bytes may wait in the output before the writer pauses for the reader. */
const HIGH_WATER = 1024 * 1024;

const headerWidth = (header: string) => Math.max(10, [...header].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0) + 2);

function cellValue(v: CellInput): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return neutralise(v);
  return v;
}

/**
 * Writes the workbook into `output` (a Node writable), pausing whenever more than 1 MB waits
 * unread. Resolves when the last byte is written.
 */
export async function writeXlsx<R>(output: PassThrough, opts: XlsxOptions<R>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const addSheet = <T,>(name: string | undefined, columns: readonly ExcelColumn<T>[]) => {
    const ws = workbook.addWorksheet(safeSheetName(name), { views: [{ state: "frozen", ySplit: 1 }] });
    ws.columns = columns.map((c, i) => ({ key: `c${i}`, width: c.width ?? headerWidth(c.header) }));
    const head = ws.addRow(columns.map((c) => c.header));
    head.font = { bold: true };
    head.commit();
    return ws;
  };
  const addFooter = (ws: ExcelJS.Worksheet, footer: readonly CellInput[] | undefined) => {
    if (!footer) return;
    const row = ws.addRow(footer.map(cellValue));
    row.font = { bold: true };
    row.commit();
  };
  const sheet = addSheet(opts.sheetName, opts.columns);

  let written = 0;
  const writeRows = async (rows: readonly R[]) => {
    for (const row of rows) sheet.addRow(opts.columns.map((c) => cellValue(c.value(row)))).commit();
    written += rows.length;
    if (written >= 500 || output.readableLength > HIGH_WATER) {
      written = 0;
      await drained(output);
    }
  };
  if (opts.pages) for await (const page of opts.pages as AsyncIterable<R[]>) await writeRows(page);
  if (opts.rows) for await (const row of opts.rows as AsyncIterable<R>) await writeRows([row]);
  addFooter(sheet, opts.footer);
  sheet.commit();
  for (const more of opts.sheets ?? []) {
    const ws = addSheet(more.sheetName, more.columns);
    for (const row of more.rows) ws.addRow(more.columns.map((c) => cellValue(c.value(row)))).commit();
    addFooter(ws, more.footer);
    ws.commit();
    await drained(output);
  }
  await workbook.commit();
}

/** Lets the zip stream move on, and waits while the reader is behind. */
async function drained(output: PassThrough): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  while (output.readableLength > HIGH_WATER && !output.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        output.off("drain", done);
        output.off("close", done);
        resolve();
      };
      output.once("drain", done);
      output.once("close", done);
    });
  }
}

/** The workbook as a web ReadableStream (a failure while writing errors the stream). */
export function xlsxStream<R>(opts: XlsxOptions<R>): ReadableStream<Uint8Array> {
  const output = new PassThrough({ highWaterMark: HIGH_WATER });
  writeXlsx(output, opts).catch((err) => {
    console.error(`[excel] export failed: ${errorText(err)}`);
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}

/** A download Response streaming the workbook, named `fileName` (UTF-8 `filename*`). */
export function xlsxResponse<R>(fileName: string, opts: XlsxOptions<R>): Response {
  return new Response(xlsxStream(opts), {
    status: 200,
    headers: {
      "content-type": XLSX_MIME,
      "content-disposition": contentDisposition(fileName),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}

/** The whole workbook in memory (tests, small templates). */
export async function xlsxBytes<R>(opts: XlsxOptions<R>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = xlsxStream(opts).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------------------------

const pad2 = (n: number) => String(n).padStart(2, "0");

/** A cell as text: dates 'YYYY-MM-DD' (with a time when it has one), rich text joined, formulas their result. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return "";
    const date = `${value.getUTCFullYear()}-${pad2(value.getUTCMonth() + 1)}-${pad2(value.getUTCDate())}`;
    const h = value.getUTCHours();
    const m = value.getUTCMinutes();
    const s = value.getUTCSeconds();
    return h || m || s ? `${date} ${pad2(h)}:${pad2(m)}:${pad2(s)}` : date;
  }
  if (typeof value === "object") {
    if ("richText" in value && Array.isArray(value.richText)) return value.richText.map((t) => t.text ?? "").join("");
    if ("formula" in value || "sharedFormula" in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("error" in value) return "";
  }
  return "";
}

export interface SheetRow {
  /** The row number on the sheet (the header is row 1 when it is the first row). */
  row: number;
  /** Cells by header text, trimmed strings ('' when empty). */
  cells: Record<string, string>;
}

export interface ReadOptions {
  /** Refuse (throw ExcelRowLimitError) after this many data rows. */
  maxRows?: number;
  /** Read at most this many columns (default 100). */
  maxColumns?: number;
  /** Called with the header row before any data row; may throw to refuse the sheet. */
  onHeaders?: (headers: string[]) => void;
}

/**
 * exceljs 4.4's streaming reader decodes every chunk of a zip entry on its own
 * (utils/parse-sax.js), so a multi-byte UTF-8 character split between two chunks turns into
 * U+FFFD — with Korean text, every few thousand cells. Its decoder passes strings through, so
 * this reader hands it text decoded across chunk boundaries: entries read as streams get
 * `setEncoding('utf8')`, worksheets (read through an iterator) a StringDecoder.
 */
type EntryStream = NodeJS.ReadableStream & { setEncoding?: (enc: BufferEncoding) => unknown };

async function* decodeUtf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder("utf8");
  for await (const chunk of chunks) {
    const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const tail = decoder.end();
  if (tail) yield tail;
}

const BaseReader = ExcelJS.stream.xlsx.WorkbookReader as unknown as new (input: Readable, options: object) => AsyncIterable<unknown>;

const SHEET_ENTRY = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * Reads a workbook held in memory through the zip's central directory instead of exceljs's single
 * streaming pass. That pass loses the archive's last entry now and then on Node 18 and later
 * (exceljs#3064): exceljs writes `xl/workbook.xml` last, so a worksheet was read without the
 * workbook model ('Cannot read properties of undefined (reading 'sheets')') and a good upload was
 * refused as unreadable. Here the workbook parts are read first, in a fixed order, and then the
 * worksheets in sheet order, each still streamed row by row (nothing goes to temporary files).
 */
/**
 * How far an uploaded workbook may expand. 10,000 rows (the import limit) of 100 columns is about
 * 50 MB of worksheet XML; spreadsheet XML compresses 5 to 30 times, a zip bomb a thousand times.
 */
export const UNZIP_LIMITS = {
  /** all parts together, decompressed */
  totalBytes: 100 * 1024 * 1024,
  /** decompressed / compressed, for a part over `ratioFloorBytes` */
  ratio: 200,
  ratioFloorBytes: 1024 * 1024,
  /** parts in the zip */
  entries: 1_000,
};

/** The workbook expands past UNZIP_LIMITS (a zip bomb, or a workbook far beyond any import). */
export class ExcelTooLargeError extends Error {}

type ZipEntry = Awaited<ReturnType<typeof unzipper.Open.buffer>>["files"][number];

/** Refuses, by the zip's directory, a workbook that would expand past UNZIP_LIMITS. */
function checkDirectory(files: ZipEntry[]) {
  if (files.length > UNZIP_LIMITS.entries) throw new ExcelTooLargeError(`${files.length} zip entries`);
  let total = 0;
  for (const f of files) {
    total += f.uncompressedSize;
    if (f.uncompressedSize > UNZIP_LIMITS.ratioFloorBytes && f.uncompressedSize > UNZIP_LIMITS.ratio * Math.max(f.compressedSize, 1)) {
      throw new ExcelTooLargeError(`${f.path} expands ${f.uncompressedSize} from ${f.compressedSize} bytes`);
    }
  }
  if (total > UNZIP_LIMITS.totalBytes) throw new ExcelTooLargeError(`parts expand to ${total} bytes`);
}

class Utf8WorkbookReader extends BaseReader {
  /** decompressed bytes read so far, all parts together */
  private inflated = 0;

  constructor(private readonly bytes: Buffer, options: object) {
    super(Readable.from([]), options);
  }

  /**
   * A part's decompressed stream that errors once the workbook's parts together pass the total
   * limit or this part passes the size its directory entry declared: the directory may lie.
   */
  private open(f: ZipEntry): Transform {
    let own = 0;
    const counted = new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        own += chunk.length;
        this.inflated += chunk.length;
        if (this.inflated > UNZIP_LIMITS.totalBytes || own > f.uncompressedSize) done(new ExcelTooLargeError(`${f.path} expands past its limit`));
        else done(null, chunk);
      },
    });
    const source = f.stream();
    source.on("error", (err) => counted.destroy(err));
    counted.on("close", () => source.destroy());
    return source.pipe(counted);
  }

  async *parse(): AsyncGenerator<unknown> {
    const directory = await unzipper.Open.buffer(this.bytes);
    checkDirectory(directory.files);
    const entry = (path: string) => directory.files.find((f) => f.path === path && f.type === "File");
    const rels = entry("xl/_rels/workbook.xml.rels");
    if (rels) await this._parseRels(this.open(rels));
    const book = entry("xl/workbook.xml");
    if (book) await this._parseWorkbook(this.open(book));
    const shared = entry("xl/sharedStrings.xml");
    if (shared) yield* this._parseSharedStrings(this.open(shared));
    const styles = entry("xl/styles.xml");
    if (styles) await this._parseStyles(this.open(styles));
    const sheets = directory.files
      .map((f) => ({ f, no: SHEET_ENTRY.exec(f.path)?.[1] }))
      .filter((s): s is { f: ZipEntry; no: string } => s.no !== undefined)
      .sort((a, b) => Number(a.no) - Number(b.no));
    for (const { f, no } of sheets) yield* this._parseWorksheet(this.open(f), no);
  }

  _parseRels(entry: EntryStream) {
    entry.setEncoding?.("utf8");
    return (BaseReader.prototype as any)._parseRels.call(this, entry);
  }
  _parseWorkbook(entry: EntryStream) {
    entry.setEncoding?.("utf8");
    return (BaseReader.prototype as any)._parseWorkbook.call(this, entry);
  }
  _parseStyles(entry: EntryStream) {
    entry.setEncoding?.("utf8");
    return (BaseReader.prototype as any)._parseStyles.call(this, entry);
  }
  _parseSharedStrings(entry: EntryStream) {
    entry.setEncoding?.("utf8");
    return (BaseReader.prototype as any)._parseSharedStrings.call(this, entry);
  }
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string) {
    return (BaseReader.prototype as any)._parseWorksheet.call(this, decodeUtf8(iterator), sheetNo);
  }
}

/** The bytes are not a readable workbook. */
export class ExcelReadError extends Error {}
/** More data rows than `maxRows`. */
export class ExcelRowLimitError extends Error {}

/**
 * Yields the data rows of the first worksheet keyed by its header row (the first non-empty row).
 * Empty rows are skipped. Throws ExcelReadError when the bytes are not a readable workbook.
 */
export async function* readXlsxRows(input: Uint8Array, opts: ReadOptions = {}): AsyncGenerator<SheetRow> {
  const maxColumns = opts.maxColumns ?? 100;
  const reader = new Utf8WorkbookReader(Buffer.from(input.buffer, input.byteOffset, input.byteLength), {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "cache",
    entries: "ignore",
  });
  let headers: string[] | null = null;
  let count = 0;
  let ours: unknown = null;
  try {
    for await (const worksheet of reader as AsyncIterable<ExcelJS.stream.xlsx.WorksheetReader>) {
      for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        const texts: string[] = [];
        for (let c = 1; c <= Math.min(values.length - 1, maxColumns); c++) texts.push(unneutralise(cellText(values[c]).trim()));
        if (texts.every((t) => !t)) continue;
        if (headers === null) {
          headers = texts;
          try {
            opts.onHeaders?.(headers);
          } catch (err) {
            ours = err;
            throw err;
          }
          continue;
        }
        if (opts.maxRows !== undefined && ++count > opts.maxRows) {
          ours = new ExcelRowLimitError(`more than ${opts.maxRows} rows`);
          throw ours;
        }
        const cells: Record<string, string> = {};
        headers.forEach((h, i) => {
          if (h && !(h in cells)) cells[h] = texts[i] ?? "";
        });
        yield { row: row.number, cells };
      }
      break; // the first worksheet only
    }
  } catch (err) {
    if (err === ours || err instanceof ExcelTooLargeError) throw err;
    throw new ExcelReadError(err instanceof Error ? err.message : String(err));
  }
}

// ---------------------------------------------------------------------------------------------
// The year of a row (ADR 0061)
// ---------------------------------------------------------------------------------------------

/** The header of the year column every download that has one writes. */
export const YEAR_HEADER = "년도";

/**
 * The refusal of a row whose 년도 is not the year the upload is for, or null: a sheet without the
 * column, or an empty cell, takes the upload's year. Both tiers check with it (the web tier before
 * sending, the backend again).
 */
export function rowYearProblem(cells: Record<string, string>, year: number): string | null {
  const cell = (cells[YEAR_HEADER] ?? "").trim();
  return cell === "" || cell === String(year) ? null : OWN_MSG.excelYearMismatch.replace("{found}", cell).replace("{year}", String(year));
}

/**
 * The rows of a workbook whose 년도 is not `year` (row number, as the sheet numbers it, and the
 * reason); an unreadable workbook has none here (the backend answers it).
 */
export async function rowsOfOtherYears(bytes: Uint8Array, year: number, maxRows = 10_000): Promise<{ row: number; message: string }[]> {
  const found: { row: number; message: string }[] = [];
  try {
    for await (const { row, cells } of readXlsxRows(bytes, { maxRows })) {
      const problem = rowYearProblem(cells, year);
      if (problem) found.push({ row, message: problem });
    }
  } catch (err) {
    if (err instanceof ExcelReadError || err instanceof ExcelRowLimitError || err instanceof ExcelTooLargeError) return found;
    throw err;
  }
  return found;
}
