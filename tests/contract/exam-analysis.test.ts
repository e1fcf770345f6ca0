/**
 * E18 exam question analysis (spec 002 §7 "Exam analysis"; docs/contract.md "Exam question
 * analysis"): list (with evaluation mode), detail, edit with every rule of §5 again on the server,
 * delete, the Excel download, the template and the upload with its row failures and round trip.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi, uniqueId } from "./client";
import { formData } from "./people-fixtures";

const server = adminApi();
const { call, get } = server;

/** Analyses this file creates go to their own year (the dialog allows up to the current year + 5). */
const YEAR = 2030;

const HEADERS = [
  "번호", "년도", "과정명", "구분", "시기", "문항수", "총점", "평균", "표준편차", "최저점", "최고점", "난이도 시작값", "난이도 끝값", "난이도 구분",
  "분별도 시작값", "분별도 끝값", "분별도 구분", "문항비율",
];

const upload = (bytes: Uint8Array, name = "분석.xlsx") =>
  server.api.call("/api/analysis/excelUpload.do", undefined, { token: server.admin.accessToken, form: formData({}, { file: [{ bytes, name }] }) });

const analysis = (over: Record<string, unknown> = {}) => ({
  year: YEAR,
  eqaSe: "1",
  currNm: uniqueId("과정"),
  period: "2주차",
  qestCnt: 40,
  totalScore: 100,
  avgStdevSt: 72.5,
  avgStdevEn: 8.3,
  minScore: 41,
  maxScore: 97,
  grdSt: 0.4,
  grdEn: 0.8,
  grdSe: "A",
  dscpSt: 0.2,
  dscpEn: 0.4,
  dscpSe: "B",
  qestRate: 62.5,
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const body = analysis(over);
  const r = await call("/api/analysis/edit.do", body);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, message: MSG.created });
  return { body, eqaSeq: r.body.result.eqaSeq as number };
}

async function sheetOf(res: Response) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
  return { wb, ws: wb.worksheets[0] };
}
const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describe("access", () => {
  it.each(["/api/analysis/list.do", "/api/analysis/detail.do", "/api/analysis/edit.do", "/api/analysis/delete.do", "/api/analysis/excelUpload.do"])(
    "%s needs an access token",
    async (path) => {
      expect((await server.api.call(path, {})).http).toBe(401);
    },
  );
  it("the download needs one too", async () => {
    expect((await server.api.raw(`/api/analysis/excelDown.do?year=${YEAR}`)).status).toBe(401);
  });
});

describe("seeded analyses", () => {
  it.each([2024, 2025, 2026])("%i has weekend and end-of-course analyses with their texts", async (year) => {
    const r = await call("/api/analysis/list.do", { year, value: "" });
    expect(r.body.status).toBe(200);
    const list = r.body.result.list as Record<string, any>[];
    expect(list.length).toBeGreaterThan(20);
    expect(r.body.result.total).toBe(list.length);
    expect(r.body.result.yearList).toEqual(expect.arrayContaining([2024, 2025, 2026]));
    expect(new Set(list.map((a) => a.eqaSeNm))).toEqual(new Set(["주말", "종료"]));
    for (const a of list) {
      expect(a.year).toBe(year);
      expect(a.avgStdev).toMatch(/^\d+\.\d±\d+\.\d$/);
      expect(a.grd).toMatch(/^0\.\d\d~0\.\d\d \([ABC] (적정|쉬움|어려움)\)$/);
      if (a.dscp) expect(a.dscp).toMatch(/^0\.\d\d~0\.\d\d \([AB] (양호|경계)\)$/);
      expect(a.regDt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
  });

  it("the text search looks at course name and period", async () => {
    const r = await call("/api/analysis/list.do", { year: 2025, value: "심혈관" });
    expect(r.body.result.list.length).toBeGreaterThan(0);
    for (const a of r.body.result.list) expect(a.currNm).toContain("심혈관");
    const p = await call("/api/analysis/list.do", { year: 2025, value: "과정 종료" });
    for (const a of p.body.result.list) expect(a.eqaSe).toBe("2");
  });

  it("evaluation mode: the configured columns only", async () => {
    const r = await call("/api/analysis/list.do", { year: 2025, value: "", eiSeq: 2, menuSeq: 71 });
    expect(r.body.result.columns.map((c: { clm: string }) => c.clm)).toEqual(["year", "currNm", "eqaSeNm", "totalScore", "minScore", "maxScore"]);
    expect(Object.keys(r.body.result.list[0])).toEqual(["year", "currNm", "eqaSeNm", "totalScore", "minScore", "maxScore"]);
  });
});

describe("register, detail, update, delete", () => {
  it("goes round", async () => {
    const { body, eqaSeq } = await create({ qestCnt: "", dscpSt: null, dscpEn: null, dscpSe: "" });
    const d = await call("/api/analysis/detail.do", { eqaSeq });
    expect(d.body.result.analysis).toMatchObject({
      eqaSeq, year: YEAR, currNm: body.currNm, eqaSe: "1", eqaSeNm: "주말", qestCnt: null, avgStdevSt: 72.5, avgStdevEn: 8.3, avgStdev: "72.5±8.3",
      grdSt: 0.4, grdEn: 0.8, grdSe: "A", grd: "0.40~0.80 (A 적정)", dscpSt: null, dscpSe: null, dscp: "", qestRate: 62.5,
    });
    const listed = await call("/api/analysis/list.do", { year: YEAR, value: body.currNm });
    expect(listed.body.result.list.map((a: { eqaSeq: number }) => a.eqaSeq)).toEqual([eqaSeq]);

    const u = await call("/api/analysis/edit.do", { ...body, eqaSeq, eqaSe: "2", period: "과정 종료", grdSe: "C" });
    expect(u.body).toMatchObject({ status: 200, message: MSG.updated, result: { eqaSeq } });
    expect((await call("/api/analysis/detail.do", { eqaSeq })).body.result.analysis).toMatchObject({ eqaSe: "2", eqaSeNm: "종료", period: "과정 종료", grd: "0.40~0.80 (C 어려움)" });

    const del = await call("/api/analysis/delete.do", { eqaSeq });
    expect(del.body).toMatchObject({ status: 200, message: MSG.deletedScore });
    expect((await call("/api/analysis/detail.do", { eqaSeq })).body).toMatchObject({ status: 404, message: MSG.detailFailed });
    expect((await call("/api/analysis/delete.do", { eqaSeq })).body).toMatchObject({ status: 404, message: MSG.deleteFailed });
    expect((await call("/api/analysis/edit.do", { ...body, eqaSeq })).body).toMatchObject({ status: 404, message: MSG.createFailed });
    expect((await call("/api/analysis/list.do", { year: YEAR, value: body.currNm })).body.result.list).toEqual([]);
  });
});

describe("the server validates every rule again", () => {
  it.each([
    ["course name", { currNm: " " }, MSG.eqaCurrNmRequired],
    ["period", { period: "" }, MSG.eqaPeriodRequired],
    ["course name before period", { currNm: "", period: "" }, MSG.eqaCurrNmRequired],
    ["mean without deviation", { avgStdevEn: "" }, MSG.eqaAvgStdevBoth],
    ["deviation without mean", { avgStdevSt: null }, MSG.eqaAvgStdevBoth],
    ["difficulty with one end", { grdEn: "" }, MSG.eqaGrdBoth],
    ["difficulty class without range", { grdSt: "", grdEn: "" }, MSG.eqaGrdBoth],
    ["difficulty range without class", { grdSe: "" }, MSG.eqaGrdSeRequired],
    ["discrimination with one end", { dscpSt: "" }, MSG.eqaDscpBoth],
    ["discrimination class without range", { dscpSt: "", dscpEn: "" }, MSG.eqaDscpBoth],
    ["discrimination range without class", { dscpSe: "" }, MSG.eqaDscpSeRequired],
    ["mean before difficulty", { avgStdevEn: "", grdSe: "" }, MSG.eqaAvgStdevBoth],
    ["a value above 999.99", { qestRate: 1000 }, MSG.eqaMax999],
    ["an integer above 999", { totalScore: 1000 }, MSG.eqaMax999],
    ["an integer with decimals", { qestCnt: 40.5 }, "문항수은(는) 숫자만 입력할 수 있습니다."],
    ["mean with two decimals", { avgStdevSt: "72.55" }, "평균은(는) 소수점 1자리까지 숫자로 입력할 수 있습니다."],
    ["difficulty with three decimals", { grdSt: "0.455" }, "난이도 시작값은(는) 소수점 2자리까지 숫자로 입력할 수 있습니다."],
    ["a negative number", { minScore: -1 }, "최저점은(는) 숫자만 입력할 수 있습니다."],
    ["a type other than 1 and 2", { eqaSe: "3" }, OWN_MSG.eqaSeRequired],
    ["a year before 2010", { year: 2009 }, MSG.yearRequired],
    ["a year after the current + 5", { year: new Date().getFullYear() + 6 }, MSG.yearRequired],
  ])("%s", async (_name, over, message) => {
    const r = await call("/api/analysis/edit.do", analysis(over));
    expect(r.body).toMatchObject({ status: 400, message });
  });

  it("999.99 itself is accepted", async () => {
    await create({ qestRate: 999.99, avgStdevSt: 999.9, avgStdevEn: 0, totalScore: 999 });
  });
});

describe("Excel", () => {
  it("the template: the upload's headers and one example row", async () => {
    const res = await get(`/api/resourceFileDownload.do?folderName=analysis&fileName=${encodeURIComponent("시험문항분석_업로드_양식.xlsx")}&year=2026`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("filename*=UTF-8''%EC%8B%9C%ED%97%98");
    const { ws } = await sheetOf(res);
    expect(rowValues(ws, 1)).toEqual(HEADERS);
    expect(ws.rowCount).toBe(2);
    const sample = rowValues(ws, 2);
    expect(sample[1]).toBe(2026);
    expect(sample[3]).toBe("주말");
  });

  it("the download streams the filter, formula-safe, with its Korean name", async () => {
    const { body } = await create({ currNm: `=1+1${uniqueId("")}` });
    const res = await get(`/api/analysis/excelDown.do?year=${YEAR}&value=${encodeURIComponent(body.currNm)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(decodeURIComponent(res.headers.get("content-disposition") ?? "")).toContain(`시험문항분석_${YEAR}.xlsx`);
    const { ws } = await sheetOf(res);
    expect(rowValues(ws, 1)).toEqual([...HEADERS, "등록일"]);
    expect(ws.rowCount).toBe(2);
    expect(rowValues(ws, 2).slice(1, 5)).toEqual([YEAR, `'${body.currNm}`, "주말", "2주차"]);
    expect(rowValues(ws, 2).slice(5, 18)).toEqual([40, 100, 72.5, 8.3, 41, 97, 0.4, 0.8, "적정", 0.2, 0.4, "경계", 62.5]);
  });

  it("evaluation mode downloads the configured columns", async () => {
    const res = await get(`/api/analysis/excelDown.do?year=2025&eiSeq=1&menuSeq=71`);
    const { ws } = await sheetOf(res);
    expect(rowValues(ws, 1)).toEqual(["년도", "과정명", "구분", "시기", "문항수", "평균±편차", "난이도", "분별도"]);
    expect(ws.rowCount).toBeGreaterThan(20);
  });

  it("round trip: download, edit, add rows, upload; failing rows are named", async () => {
    const tag = uniqueId("왕복");
    const { eqaSeq } = await create({ currNm: `${tag}-A` });
    const res = await get(`/api/analysis/excelDown.do?year=${YEAR}&value=${encodeURIComponent(tag)}`);
    const { wb, ws } = await sheetOf(res);
    expect(ws.rowCount).toBe(2);
    ws.getRow(2).getCell(5).value = "4주차"; // 시기
    ws.getRow(2).getCell(14).value = "B"; // 난이도 구분 by its letter
    const fresh = ws.addRow([null, YEAR, `${tag}-B`, "종료", "과정 종료", 70, 100, 68.4, 11.2, 30, 95, 0.35, 0.85, "어려움", 0.25, 0.45, "양호", 55.25]);
    const badPair = ws.addRow([null, YEAR, `${tag}-C`, "주말", "1주차", 20, 100, 70.1, null, 40, 90]);
    const badCap = ws.addRow([null, YEAR, `${tag}-D`, "주말", "1주차", 20, 100, 70.1, 9.1, 40, 90, null, null, null, null, null, null, 1000]);
    const badSeq = ws.addRow([99999999, YEAR, `${tag}-E`, "주말", "1주차"]);
    const dupSeq = ws.addRow([eqaSeq, YEAR, `${tag}-F`, "주말", "1주차"]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());

    const r = await upload(bytes);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, successCount: 2, faildCount: 4 });
    expect(r.body.message).toBe("성공 2건, 실패 4건");
    expect(r.body.failures).toEqual([
      { row: badPair.number, id: `${tag}-C`, message: MSG.eqaAvgStdevBoth },
      { row: badCap.number, id: `${tag}-D`, message: MSG.eqaMax999 },
      { row: badSeq.number, id: `${tag}-E`, message: OWN_MSG.eqaNotFound },
      { row: dupSeq.number, id: `${tag}-F`, message: OWN_MSG.eqaDuplicateSeq },
    ]);
    expect(fresh.number).toBe(3);

    const list = (await call("/api/analysis/list.do", { year: YEAR, value: tag })).body.result.list as Record<string, any>[];
    expect(list.map((a) => a.currNm).sort()).toEqual([`${tag}-A`, `${tag}-B`]);
    expect(list.find((a) => a.eqaSeq === eqaSeq)).toMatchObject({ period: "4주차", grdSe: "B", grd: "0.40~0.80 (B 쉬움)" });
    expect(list.find((a) => a.currNm === `${tag}-B`)).toMatchObject({ eqaSe: "2", avgStdev: "68.4±11.2", grdSe: "C", dscpSe: "A", qestRate: 55.25 });
  });

  it("refuses what is not an .xlsx, and a sheet without the headers", async () => {
    expect((await upload(new Uint8Array([1, 2, 3]), "분석.csv")).body).toMatchObject({ status: 400, message: MSG.xlsxOnly });
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("s").addRow(["과정명", "시기"]);
    const r = await upload(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(r.body).toMatchObject({ status: 400, message: OWN_MSG.excelHeaders });
  });
});
