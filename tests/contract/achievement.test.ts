/**
 * R06 education achievement score (spec 001 §7; docs/contract.md "Education achievement score"):
 * the chart (with evaluation mode), the detail, the upsert with the rules of §5 again on the
 * server, the Excel download, the template and the upload with its row failures and round trip.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi } from "./client";
import { formData } from "./people-fixtures";

const server = adminApi();
const { call, get } = server;

const CURRENT = new Date().getFullYear();

const upload = (bytes: Uint8Array, name = "점수.xlsx") =>
  server.api.call("/api/professor/archiveExcelUpload.do", undefined, { token: server.admin.accessToken, form: formData({}, { file: [{ bytes, name }] }) });
const chart = async (body: Record<string, unknown> = {}) => (await call("/api/professor/getArchiveChart.do", body)).body.result.chartData as { year: number; basic: number | null; clinical: number | null }[];
const pointOf = async (year: number) => (await chart()).find((p) => p.year === year);

async function sheetOf(res: Response) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
  return { wb, ws: wb.worksheets[0] };
}
const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describe("access", () => {
  it.each(["/api/professor/getArchiveChart.do", "/api/professor/archiveDetail.do", "/api/professor/editArchive.do", "/api/professor/archiveExcelUpload.do"])(
    "%s needs an access token",
    async (path) => {
      expect((await server.api.call(path, {})).http).toBe(401);
    },
  );
  it("the download needs one too", async () => {
    expect((await server.api.raw("/api/professor/archiveExcelDown.do")).status).toBe(401);
  });
});

describe("the chart", () => {
  it("has a point for every seeded year 2010–2026 with both departments", async () => {
    const points = await chart();
    const seeded = points.filter((p) => p.year >= 2010 && p.year <= 2026);
    expect(seeded.map((p) => p.year)).toEqual(Array.from({ length: 17 }, (_, i) => 2010 + i));
    for (const p of seeded) {
      expect(Number.isInteger(p.basic)).toBe(true);
      expect(Number.isInteger(p.clinical)).toBe(true);
      expect(p.basic!).toBeGreaterThan(40);
      expect(p.clinical!).toBeLessThan(120);
    }
    expect(points.map((p) => p.year)).toEqual([...points.map((p) => p.year)].sort((a, b) => a - b));
  });

  it("a year limits it (evaluation mode), with the configured columns", async () => {
    const r = await call("/api/professor/getArchiveChart.do", { year: 2015, eiSeq: 1, menuSeq: 23 });
    expect(r.body.result.chartData.map((p: { year: number }) => p.year)).toEqual([2010, 2011, 2012, 2013, 2014, 2015]);
    expect(r.body.result.columns).toEqual([
      { clm: "year", clmNm: "년도" },
      { clm: "basic", clmNm: "기초" },
      { clm: "clinical", clmNm: "임상" },
    ]);
    const only = await call("/api/professor/getArchiveChart.do", { year: 2012, eiSeq: 3, menuSeq: 23 });
    expect(Object.keys(only.body.result.list[0])).toEqual(["year", "clinical"]);
    expect(only.body.result.list).toHaveLength(3);
  });
});

describe("detail and entry", () => {
  it("editArchive replaces the (year, dept) score, archiveDetail answers it", async () => {
    const before = await call("/api/professor/archiveDetail.do", { year: 2013, dept: "임상", score: "" });
    expect(before.body.result.archive).toMatchObject({ year: 2013, dept: "임상", score: expect.any(Number) });
    const basic = (await pointOf(2013))?.basic;
    const r = await call("/api/professor/editArchive.do", { year: 2013, dept: "임상", score: "91" });
    expect(r.body).toMatchObject({ status: 200, message: MSG.saved, result: { year: 2013, dept: "임상", score: 91 } });
    expect((await call("/api/professor/archiveDetail.do", { year: "2013", dept: "임상" })).body.result.archive).toMatchObject({ score: 91 });
    expect((await pointOf(2013))?.clinical).toBe(91);
    // the other department is untouched
    expect((await pointOf(2013))?.basic).toBe(basic);
    await call("/api/professor/editArchive.do", { year: 2013, dept: "임상", score: 73 });
    expect((await pointOf(2013))?.clinical).toBe(73);
  });

  it("archiveDetail of a year without a score is null", async () => {
    expect((await call("/api/professor/archiveDetail.do", { year: 2005, dept: "기초" })).body).toMatchObject({ status: 200, result: { archive: null } });
  });

  it.each([
    ["no year", { year: "", dept: "기초", score: "80" }, MSG.yearRequired],
    ["a year before 2010", { year: 2009, dept: "기초", score: "80" }, MSG.yearRequired],
    ["a year after the current one", { year: CURRENT + 1, dept: "기초", score: "80" }, MSG.yearRequired],
    ["no department", { year: 2014, dept: "", score: "80" }, MSG.affiliationRequired],
    ["another department", { year: 2014, dept: "행정", score: "80" }, MSG.affiliationRequired],
    ["no score", { year: 2014, dept: "기초", score: "" }, MSG.scoreRequired],
    ["a score with letters", { year: 2014, dept: "기초", score: "8a" }, OWN_MSG.achievementScoreDigits],
    ["a score with decimals", { year: 2014, dept: "기초", score: 80.5 }, OWN_MSG.achievementScoreDigits],
    ["year before department before score", { year: "", dept: "", score: "" }, MSG.yearRequired],
  ])("%s is refused", async (_name, body, message) => {
    expect((await call("/api/professor/editArchive.do", body)).body).toMatchObject({ status: 400, message });
  });
});

describe("Excel", () => {
  it("the template in the professor folder: the upload's headers and one example row", async () => {
    const res = await get(`/api/resourceFileDownload.do?folderName=professor&fileName=${encodeURIComponent("교육업적점수_업로드_양식.xlsx")}`);
    expect(res.status).toBe(200);
    const { ws } = await sheetOf(res);
    expect(rowValues(ws, 1)).toEqual(["년도", "소속", "점수"]);
    expect(ws.rowCount).toBe(2);
    expect(rowValues(ws, 2)).toEqual([CURRENT, "기초", 85]);
  });

  it("the download has every score, one row per year and department", async () => {
    const res = await get("/api/professor/archiveExcelDown.do");
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get("content-disposition") ?? "")).toContain("교육업적점수.xlsx");
    const { ws } = await sheetOf(res);
    expect(rowValues(ws, 1)).toEqual(["년도", "소속", "점수", "수정일"]);
    expect(ws.rowCount).toBeGreaterThanOrEqual(1 + 34);
    expect(rowValues(ws, 2).slice(0, 2)).toEqual([2010, "기초"]);
    expect(rowValues(ws, 3).slice(0, 2)).toEqual([2010, "임상"]);
  });

  it("evaluation mode downloads the configured columns up to the year", async () => {
    const res = await get("/api/professor/archiveExcelDown.do?year=2012&eiSeq=2&menuSeq=23");
    const { ws } = await sheetOf(res);
    expect(rowValues(ws, 1)).toEqual(["년도", "기초"]);
    expect(ws.rowCount).toBe(4);
  });

  it("round trip: download, edit, upload; failing rows are named", async () => {
    const { wb, ws } = await sheetOf(await get("/api/professor/archiveExcelDown.do"));
    let target = 0;
    ws.eachRow((r, n) => {
      if (r.getCell(1).value === 2016 && r.getCell(2).value === "기초") target = n;
    });
    expect(target).toBeGreaterThan(1);
    ws.getRow(target).getCell(3).value = 88;
    const badScore = ws.addRow([2017, "임상", "많음"]);
    const badDept = ws.addRow([2017, "간호", 70]);
    const dup = ws.addRow([2016, "기초", 60]);
    const r = await upload(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, faildCount: 3 });
    expect(r.body.successCount).toBe(ws.rowCount - 1 - 3);
    expect(r.body.failures).toEqual([
      { row: badScore.number, id: "2017 임상", message: OWN_MSG.achievementScoreDigits },
      { row: badDept.number, id: "2017 간호", message: MSG.affiliationRequired },
      { row: dup.number, id: "2016 기초", message: OWN_MSG.achievementDuplicate },
    ]);
    expect((await pointOf(2016))?.basic).toBe(88);
  });

  it("refuses what is not an .xlsx", async () => {
    expect((await upload(new Uint8Array([1, 2, 3]), "점수.csv")).body).toMatchObject({ status: 400, message: MSG.xlsxOnly });
  });
});
