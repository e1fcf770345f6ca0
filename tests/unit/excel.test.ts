/** app/utils/excel.server.ts: streamed export with formula neutralisation, streamed import by header. */
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import {
  ExcelReadError,
  ExcelRowLimitError,
  ExcelTooLargeError,
  UNZIP_LIMITS,
  XLSX_MIME,
  cellText,
  neutralise,
  readXlsxRows,
  safeSheetName,
  unneutralise,
  xlsxBytes,
  xlsxResponse,
  type ExcelColumn,
} from "~/utils/excel.server";

type Row = { name: string; n: number | null; when?: string };
const columns: ExcelColumn<Row>[] = [
  { header: "이름", value: (r) => r.name },
  { header: "번호", width: 8, value: (r) => r.n },
  { header: "날짜", value: (r) => r.when },
];

async function load(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

async function readAll(bytes: Uint8Array, opts: Parameters<typeof readXlsxRows>[1] = {}) {
  const out = [];
  for await (const r of readXlsxRows(bytes, opts)) out.push(r);
  return out;
}

describe("neutralise", () => {
  it.each(["=1+1", "+82", "-5", "@SUM(A1)", "\tx", "\rx"])("guards %j", (text) => {
    expect(neutralise(text)).toBe(`'${text}`);
    expect(unneutralise(neutralise(text))).toBe(text);
  });
  it.each(["홍길동", "010-1234-5678", "'quoted", "a=b", ""])("leaves %j", (text) => {
    expect(neutralise(text)).toBe(text);
    expect(unneutralise(text)).toBe(text);
  });
});

describe("export", () => {
  it("writes a bold, frozen header, widths and neutralised string cells", async () => {
    const bytes = await xlsxBytes({ sheetName: "목록", columns, rows: [{ name: "=1+1", n: 3 }, { name: "@cmd", n: -4, when: "-" }] });
    expect(Buffer.from(bytes.subarray(0, 4)).toString("latin1")).toBe("PK\x03\x04");
    const ws = await load(bytes);
    expect(ws.name).toBe("목록");
    expect(ws.getRow(1).values).toEqual([undefined, "이름", "번호", "날짜"]);
    expect(ws.getCell("A1").font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.getColumn(2).width).toBe(8);
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(10);
    expect(ws.getCell("A2").value).toBe("'=1+1");
    expect(ws.getCell("A2").type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell("A2").formula).toBeUndefined();
    expect(ws.getCell("A3").value).toBe("'@cmd");
    expect(ws.getCell("B3").value).toBe(-4); // numbers are not text: nothing to guard
    expect(ws.getCell("C3").value).toBe("'-");
  });

  it("streams pages from an async iterable", async () => {
    async function* pages() {
      for (let p = 0; p < 5; p++) yield Array.from({ length: 1000 }, (_, i) => ({ name: `학생${p * 1000 + i}`, n: p * 1000 + i }));
    }
    const bytes = await xlsxBytes({ columns, pages: pages() });
    const rows = await readAll(bytes);
    expect(rows).toHaveLength(5000);
    expect(rows[4999]).toEqual({ row: 5001, cells: { 이름: "학생4999", 번호: "4999", 날짜: "" } });
  });

  it("writes rows that are arrays as rows", async () => {
    const cols: ExcelColumn<string[]>[] = [
      { header: "a", value: (r) => r[0] },
      { header: "b", value: (r) => r[1] },
    ];
    const rows = await readAll(await xlsxBytes({ columns: cols, rows: [["1", "x"], ["2", "y"]] }));
    expect(rows.map((r) => r.cells)).toEqual([
      { a: "1", b: "x" },
      { a: "2", b: "y" },
    ]);
  });

  it("answers a download Response with a UTF-8 file name", async () => {
    const res = xlsxResponse("학생목록_2026.xlsx", { columns, rows: [] });
    expect(res.headers.get("content-type")).toBe(XLSX_MIME);
    expect(res.headers.get("content-disposition")).toContain("filename*=UTF-8''%ED%95%99%EC%83%9D%EB%AA%A9%EB%A1%9D_2026.xlsx");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const ws = await load(new Uint8Array(await res.arrayBuffer()));
    expect(ws.rowCount).toBe(1);
  });

  it("errors the stream when the rows fail", async () => {
    async function* broken(): AsyncGenerator<Row> {
      yield { name: "a", n: 1 };
      throw new Error("database went away");
    }
    await expect(xlsxBytes({ columns, rows: broken() })).rejects.toThrow();
  });
});

describe("import", () => {
  it("keys rows by the header, skips empty rows and takes the export guard off", async () => {
    const bytes = await xlsxBytes({ columns, rows: [{ name: "=1+1", n: 1 }, { name: "", n: null }, { name: "김민준", n: 2, when: "2024-03-01" }] });
    const headers: string[][] = [];
    const rows = await readAll(bytes, { onHeaders: (h) => headers.push(h) });
    expect(headers).toEqual([["이름", "번호", "날짜"]]);
    expect(rows).toEqual([
      { row: 2, cells: { 이름: "=1+1", 번호: "1", 날짜: "" } },
      { row: 4, cells: { 이름: "김민준", 번호: "2", 날짜: "2024-03-01" } },
    ]);
  });

  it("reads workbooks written with shared strings, dates, rich text and formulas", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("S");
    ws.addRow(["이름", "입사일", "메모", "합계"]);
    ws.addRow(["  이서연 ", new Date(Date.UTC(2019, 2, 1)), { richText: [{ text: "굵게" }, { text: " 보통" }] }, { formula: "1+1", result: 2 }]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(await readAll(bytes)).toEqual([{ row: 2, cells: { 이름: "이서연", 입사일: "2019-03-01", 메모: "굵게 보통", 합계: "2" } }]);
  });

  it("keeps Korean text intact across the reader's chunk boundaries (inline and shared strings)", async () => {
    const names = ["경기고등학교", "정시", "서울특별시교육청", "가톨릭대학교 의과대학", "한"];
    const data = Array.from({ length: 6000 }, (_, i) => [`${i}`, names[i % 5], `${names[(i + 2) % 5]}${i}`]);
    const cols: ExcelColumn<string[]>[] = ["번호", "학교", "메모"].map((header, c) => ({ header, value: (r) => r[c] }));
    const inline = await readAll(await xlsxBytes({ columns: cols, rows: data }));
    expect(inline.map((r) => [r.cells.번호, r.cells.학교, r.cells.메모])).toEqual(data);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("학생목록");
    ws.addRow(["번호", "학교", "메모"]);
    for (const row of data) ws.addRow(row);
    const shared = await readAll(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(shared.map((r) => [r.cells.번호, r.cells.학교, r.cells.메모])).toEqual(data);
  });

  it("refuses more rows than allowed", async () => {
    const bytes = await xlsxBytes({ columns, rows: Array.from({ length: 11 }, (_, i) => ({ name: `x${i}`, n: i })) });
    await expect(readAll(bytes, { maxRows: 10 })).rejects.toBeInstanceOf(ExcelRowLimitError);
    expect(await readAll(bytes, { maxRows: 11 })).toHaveLength(11);
  });

  it("lets the header check refuse the sheet", async () => {
    const bytes = await xlsxBytes({ columns, rows: [{ name: "a", n: 1 }] });
    const refusal = new Error("wrong headers");
    await expect(
      readAll(bytes, {
        onHeaders: () => {
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
  });

  it("refuses bytes that are not a workbook", async () => {
    await expect(readAll(new TextEncoder().encode("PK\x03\x04 not really a zip"))).rejects.toBeInstanceOf(ExcelReadError);
  });

  it("cellText renders every cell kind", () => {
    expect(cellText(null)).toBe("");
    expect(cellText(12.5)).toBe("12.5");
    expect(cellText(true)).toBe("TRUE");
    expect(cellText(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe("2024-01-02 03:04:05");
    expect(cellText({ text: "링크", hyperlink: "https://example.org" })).toBe("링크");
    expect(cellText({ error: "#N/A" } as ExcelJS.CellErrorValue)).toBe("");
  });
});

describe("people upload cells (handlers/people-excel.server.ts)", async () => {
  const { normaliseDate, phoneCells } = await import("~/embedded/handlers/people-excel.server");
  it.each([
    ["010-1234-5678", ["010", "1234", "5678"]],
    ["010 1234 5678", ["010", "1234", "5678"]],
    ["01012345678", ["010", "1234", "5678"]],
    ["1012345678", ["010", "1234", "5678"]],
    ["0111234567", ["011", "123", "4567"]],
    ["", ["", "", ""]],
  ])("phone %j", (cell, parts) => {
    expect(phoneCells(cell)).toEqual(parts);
  });
  it.each([
    ["2024-03-01", "2024-03-01"],
    ["2024.3.1", "2024-03-01"],
    ["2024/03/01", "2024-03-01"],
    ["20240301", "2024-03-01"],
    ["2024-03-01 00:00:00", "2024-03-01"],
    ["어제", "어제"],
  ])("date %j", (cell, date) => {
    expect(normaliseDate(cell)).toBe(date);
  });
});

describe("readXlsxRows through the zip's central directory", () => {
  it("a 2,000-row two-sheet workbook whose xl/workbook.xml is the last zip entry reads whole, first sheet only, 20 reads side by side", async () => {
    const wb = new ExcelJS.Workbook();
    const first = wb.addWorksheet("성적");
    first.addRow(["학번", "이름"]);
    for (let i = 0; i < 2000; i++) first.addRow([String(2026000 + i), i % 2 ? "김하늘" : "이바다"]);
    wb.addWorksheet("다른 시트").addRow(["무시", "됨"]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    // side by side, as uploads are read (the streaming pass this replaced lost that last entry now and then)
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        readAll(bytes).then(
          (rows) => `${rows.length} rows, last ${rows.at(-1)?.cells["학번"]} ${rows.at(-1)?.cells["이름"]}`,
          (e: Error) => `failed: ${e.message}`,
        ),
      ),
    );
    expect(new Set(results)).toEqual(new Set(["2000 rows, last 2027999 김하늘"]));
  });
});

describe("zip bombs (issue 18)", () => {
  /** A small good workbook's parts, plus `extra` parts, zipped with deflate. */
  async function zipWith(extra: Record<string, string>): Promise<Uint8Array> {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("성적").addRows([["학번", "이름"], ["2026001", "김하늘"]]);
    const zip = await JSZip.loadAsync(await wb.xlsx.writeBuffer());
    for (const [path, text] of Object.entries(extra)) zip.file(path, text);
    return zip.generateAsync({ type: "uint8array", compression: "DEFLATE", compressionOptions: { level: 9 } });
  }

  /** Rewrites the uncompressed size of `path` in the zip's local header and central directory (a lying directory). */
  function lieAboutSize(bytes: Uint8Array, path: string, size: number): Uint8Array {
    const out = Buffer.from(bytes);
    const name = Buffer.from(path);
    for (const [sig, sizeAt, nameLenAt, nameAt] of [[0x04034b50, 22, 26, 30], [0x02014b50, 24, 28, 46]]) {
      for (let i = 0; i + nameAt < out.length; i++) {
        if (out.readUInt32LE(i) !== sig || out.readUInt16LE(i + nameLenAt) !== name.length) continue;
        if (!out.subarray(i + nameAt, i + nameAt + name.length).equals(name)) continue;
        out.writeUInt32LE(size, i + sizeAt);
      }
    }
    return new Uint8Array(out);
  }

  const shared = (bytes: number) => `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${"<si><t>가</t></si>".repeat(Math.ceil(bytes / 20))}</sst>`;

  it("refuses a part that expands a thousandfold by the zip's directory, before inflating it", async () => {
    const bomb = await zipWith({ "xl/sharedStrings.xml": shared(8 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100 * 1024);
    await expect(readAll(bomb)).rejects.toBeInstanceOf(ExcelTooLargeError);
  });

  it("refuses a part whose directory understates its size once more comes out than it declared", async () => {
    const bytes = lieAboutSize(await zipWith({ "xl/sharedStrings.xml": shared(4 * 1024 * 1024) }), "xl/sharedStrings.xml", 1_000);
    await expect(readAll(bytes)).rejects.toBeInstanceOf(ExcelTooLargeError);
  });

  it("refuses parts that together pass the total, counting what comes out", async () => {
    const bytes = await zipWith({});
    const saved = UNZIP_LIMITS.totalBytes;
    UNZIP_LIMITS.totalBytes = 2_000;
    try {
      await expect(readAll(bytes)).rejects.toBeInstanceOf(ExcelTooLargeError);
    } finally {
      UNZIP_LIMITS.totalBytes = saved;
    }
    expect((await readAll(bytes)).map((r) => r.cells["이름"])).toEqual(["김하늘"]);
  });

  it("refuses a zip of more parts than a workbook has", async () => {
    const many = Object.fromEntries(Array.from({ length: UNZIP_LIMITS.entries + 1 }, (_, i) => [`xl/media/x${i}.txt`, "x"]));
    await expect(readAll(await zipWith(many))).rejects.toBeInstanceOf(ExcelTooLargeError);
  });
});

describe("safeSheetName", () => {
  it("gives a name Excel opens: no * ? : \\ / [ ], at most 31 characters, never empty", () => {
    expect(safeSheetName("CPX/OSCE 임상수행능력 평가")).toBe("CPX·OSCE 임상수행능력 평가");
    expect(safeSheetName("a*b?c:d\\e[f]g")).toBe("a·b·c·d·e·f·g");
    expect(safeSheetName("가".repeat(40))).toHaveLength(31);
    expect(safeSheetName("  ")).toBe("Sheet1");
    expect(safeSheetName(undefined)).toBe("Sheet1");
  });
});
