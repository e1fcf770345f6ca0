/**
 * E04 patient safety course scores (spec 002 §7 "Patient safety"; docs/contract.md "Patient safety
 * scores"): the list (and evaluation mode), save with every rule re-validated on the server in the
 * spec's order, the student checks against the database, delete, the Excel download, template and
 * upload with the download → upload round trip.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { PSS_TEMPLATE } from "../../app/routes/_app.insert.eval.patient-safety+/__schema";
import { adminApi } from "./client";
import { formData, rowValues, sheetOf, studentForm, workbook } from "./people-fixtures";

const server = adminApi();
const { call, get } = server;

/** Records this file creates go to its own years. */
const YEAR = 2041;
const OTHER_YEAR = 2042;

interface Stu {
  id: string;
  name: string;
  usSeq: number;
}
const stu: Stu[] = [];

async function createStudent(year: number, name: string, id?: string): Promise<Stu> {
  const form = studentForm({ name, ...(id ? { id } : {}) });
  const r = await server.api.call("/api/student/edit.do", undefined, { token: server.admin.accessToken, form: formData({ ...form, year }) });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  return { id: form.id, name, usSeq: r.body.result.usSeq };
}

const NAMES = ["강서윤", "남도현", "류하은", "백승우", "신지아", "오준서", "임채원", "장민재"];

beforeAll(async () => {
  for (const name of NAMES) stu.push(await createStudent(YEAR, name));
});

const scores = (over: Record<string, unknown> = {}) => ({
  attn: "-1",
  quiz: "27.5",
  rcgnSrvy: "22",
  ptntSftyRprt: "26.25",
  group1: "7",
  group2: "6.5",
  prtcDgr: "0",
  grd: "HP",
  ...over,
});
const row = (s: Stu, over: Record<string, unknown> = {}) => ({ id: s.id, name: s.name, usSeq: s.usSeq, ...scores(over) });
const save = (body: Record<string, unknown>) => call("/api/eval/savePtntSftyScre.do", { mode: "insert", year: YEAR, ...body });
const list = (body: Record<string, unknown> = {}) => call("/api/eval/getPtntSftyScreList.do", { year: YEAR, searchTxt: "", ...body });
const recordOf = async (s: Stu, year = YEAR) => {
  const r = await list({ year, searchTxt: s.id });
  return r.body.result.list.find((x: { id: string }) => x.id === s.id) as Record<string, any> | undefined;
};

describe("access", () => {
  it.each([
    "/api/eval/getPtntSftyScreList.do",
    "/api/eval/savePtntSftyScre.do",
    "/api/eval/delPtntSftyScre.do",
    "/api/eval/ptntSftyScreExcelUpload.do",
  ])("%s needs an access token", async (path) => {
    expect((await server.api.call(path, {})).http).toBe(401);
  });
  it("the download needs a token", async () => {
    expect((await server.api.raw(`/api/eval/ptntSftyScreExcelDown.do?year=${YEAR}`)).status).toBe(401);
  });
});

describe("list", () => {
  it("the demo data: about 40 students a year with totals and grades", async () => {
    const r = await list({ year: 2025 });
    expect(r.body.status).toBe(200);
    expect(r.body.result.total).toBeGreaterThanOrEqual(30);
    const first = r.body.result.list[0];
    expect(first).toMatchObject({ year: 2025, pssSeq: expect.any(Number), usSeq: expect.any(Number), id: expect.any(String), name: expect.any(String) });
    for (const x of r.body.result.list) {
      const sum = ["attn", "quiz", "rcgnSrvy", "ptntSftyRprt", "group1", "group2", "prtcDgr"].reduce((a, k) => a + Math.round((x[k] ?? 0) * 100), 0);
      expect(Math.round(x.total * 100)).toBe(sum);
      expect(x.total).toBeLessThanOrEqual(100);
      expect(["H", "HP", "PS", "NP"]).toContain(x.grd);
      expect(x.regDt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    const ids = r.body.result.list.map((x: { id: string }) => x.id);
    expect([...ids].sort()).toEqual(ids);
  });

  it("searches the number or the name", async () => {
    const all = (await list({ year: 2025 })).body.result.list;
    const byName = await list({ year: 2025, searchTxt: all[3].name });
    expect(byName.body.result.list.map((x: { id: string }) => x.id)).toContain(all[3].id);
    const byId = await list({ year: 2025, searchTxt: all[3].id });
    expect(byId.body.result.list).toHaveLength(1);
    expect((await list({ year: 2025, searchTxt: "없는학생이름" })).body.result).toEqual({ list: [], total: 0 });
  });

  it("evaluation mode: only the configured columns, with the columns", async () => {
    const r = await list({ year: 2025, eiSeq: 1, menuSeq: 34 });
    expect(r.body.result.columns).toEqual([
      { clm: "year", clmNm: "년도" },
      { clm: "id", clmNm: "학번" },
      { clm: "name", clmNm: "이름" },
      { clm: "total", clmNm: "총점" },
      { clm: "grd", clmNm: "등급" },
    ]);
    expect(Object.keys(r.body.result.list[0])).toEqual(["year", "id", "name", "total", "grd"]);
  });
});

describe("save: insert", () => {
  it("registers several students at once; the server computes the total", async () => {
    const r = await save({ data: [row(stu[0], { total: "999" }), row(stu[1], { attn: "", prtcDgr: "", grd: "" })] });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, message: MSG.created });
    const a = await recordOf(stu[0]);
    expect(a).toMatchObject({ year: YEAR, name: stu[0].name, usSeq: stu[0].usSeq, attn: -1, quiz: 27.5, rcgnSrvy: 22, ptntSftyRprt: 26.25, group1: 7, group2: 6.5, prtcDgr: 0, total: 88.25, grd: "HP", usyn: "Y" });
    const b = await recordOf(stu[1]);
    expect(b).toMatchObject({ attn: null, prtcDgr: null, total: 89.25, grd: null });
  });

  it("refuses a student who already has a record in the year", async () => {
    const r = await save({ data: [row(stu[2]), row(stu[0])] });
    expect(r.body).toMatchObject({ status: 400, message: OWN_MSG.pssAlreadyRegistered.replace("{id}", stu[0].id) });
    // nothing of the save was stored
    expect(await recordOf(stu[2])).toBeUndefined();
  });

  it("checks the students in the spec's order", async () => {
    // a row without a number comes first, even after an unconfirmed one
    let r = await save({ data: [row(stu[2], { usSeq: "" }), row(stu[3], { id: "" })] });
    expect(r.body).toMatchObject({ status: 400, message: MSG.pssAllIdsRequired });
    // a row never confirmed (no usSeq)
    r = await save({ data: [row(stu[2]), row(stu[3], { usSeq: null })] });
    expect(r.body).toMatchObject({ status: 400, message: MSG.lookupNeedsId });
    // a usSeq that is not that number's (the number was changed after the confirmation)
    r = await save({ data: [row(stu[2], { usSeq: stu[3].usSeq })] });
    expect(r.body).toMatchObject({ status: 400, message: MSG.pssMismatchAny });
    // a number of another year
    r = await save({ year: OTHER_YEAR, data: [row(stu[2])] });
    expect(r.body).toMatchObject({ status: 400, message: MSG.pssMismatchAny });
    // the student checks come before the scores
    r = await save({ data: [row(stu[2], { id: "", quiz: "31" })] });
    expect(r.body.message).toBe(MSG.pssAllIdsRequired);
    // the same student twice
    r = await save({ data: [row(stu[2]), row(stu[2])] });
    expect(r.body).toMatchObject({ status: 400, message: MSG.duplicateStudentId });
    expect(await recordOf(stu[2])).toBeUndefined();
  });

  it.each([
    [{ quiz: "30.01" }, "퀴즈 점수는 30점을 넘을 수 없습니다."],
    [{ rcgnSrvy: 25.01 }, "인식조사 점수는 25점을 넘을 수 없습니다."],
    [{ ptntSftyRprt: "31" }, "성찰보고서 점수는 30점을 넘을 수 없습니다."],
    [{ attn: "0.01" }, "출석 점수는 0점을 넘을 수 없습니다."],
    [{ prtcDgr: "1" }, "참여도 점수는 0점을 넘을 수 없습니다."],
    [{ group1: "7.5", group2: "7.51" }, MSG.pssGroupMax],
    [{ quiz: "12.345" }, OWN_MSG.pssScoreFormat.replace("{item}", "퀴즈")],
    [{ quiz: "abc" }, OWN_MSG.pssScoreFormat.replace("{item}", "퀴즈")],
    [{ quiz: "-100.5" }, OWN_MSG.pssScoreMin.replace("{item}", "퀴즈")],
    [{ grd: "A" }, OWN_MSG.pssGradeInvalid],
  ])("re-validates %j → %s", async (over, message) => {
    const r = await save({ data: [row(stu[2], over)] });
    expect(r.body).toMatchObject({ status: 400, message });
  });

  it("reports the first failing field in screen order across rows", async () => {
    const r = await save({ data: [row(stu[2], { grd: "X", quiz: "31" }), row(stu[3], { attn: "1" })] });
    expect(r.body.message).toBe("퀴즈 점수는 30점을 넘을 수 없습니다.");
  });

  it("accepts the boundaries: 30, 15 in the groups, a total of 100, a negative attendance", async () => {
    const r = await save({ data: [row(stu[2], { attn: "0", quiz: "30", rcgnSrvy: "25", ptntSftyRprt: "30", group1: "10", group2: "5", prtcDgr: "0", grd: "H" }), row(stu[3], { attn: "-12.5" })] });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200 });
    expect(await recordOf(stu[2])).toMatchObject({ total: 100, grd: "H" });
    expect(await recordOf(stu[3])).toMatchObject({ attn: -12.5, total: 76.75 });
  });

  it("refuses a malformed body", async () => {
    expect((await save({ mode: "other", data: [row(stu[4])] })).body).toMatchObject({ status: 400, message: OWN_MSG.badRequest });
    expect((await save({ data: [] })).body).toMatchObject({ status: 400, message: MSG.oneStudentRequired });
    expect((await save({ year: "", data: [row(stu[4])] })).body).toMatchObject({ status: 400, message: MSG.yearRequired });
  });
});

describe("save: update, delete", () => {
  it("updates one record, with its own messages", async () => {
    const before = (await recordOf(stu[0]))!;
    const upd = (r: Record<string, unknown>, pssSeq: unknown = before.pssSeq) => call("/api/eval/savePtntSftyScre.do", { mode: "update", year: YEAR, pssSeq, data: [r] });
    expect((await upd(row(stu[0], { id: "" }))).body).toMatchObject({ status: 400, message: MSG.pssIdRequired });
    expect((await upd(row(stu[0], { usSeq: "" }))).body).toMatchObject({ status: 400, message: MSG.pssMismatch });
    expect((await upd(row(stu[0], { usSeq: stu[5].usSeq }))).body).toMatchObject({ status: 400, message: MSG.pssMismatch });
    expect((await upd(row(stu[0], { group2: "8.5" }))).body).toMatchObject({ status: 400, message: MSG.pssGroupMax });
    expect((await upd(row(stu[0]), 99_999_999)).body).toMatchObject({ status: 404, message: OWN_MSG.pssNotFound });
    expect((await upd(row(stu[0]), "")).body).toMatchObject({ status: 400, message: OWN_MSG.badRequest });
    // another student who has a record already
    expect((await upd(row(stu[1]))).body).toMatchObject({ status: 400, message: OWN_MSG.pssAlreadyRegistered.replace("{id}", stu[1].id) });

    const r = await upd(row(stu[0], { quiz: "20", grd: "PS" }));
    expect(r.body).toMatchObject({ status: 200, message: MSG.updated });
    expect(await recordOf(stu[0])).toMatchObject({ pssSeq: before.pssSeq, quiz: 20, total: 80.75, grd: "PS" });
  });

  it("deletes a record", async () => {
    const rec = (await recordOf(stu[1]))!;
    expect((await call("/api/eval/delPtntSftyScre.do", { seq: rec.pssSeq })).body).toMatchObject({ status: 200, message: MSG.deletedScore });
    expect(await recordOf(stu[1])).toBeUndefined();
    expect((await call("/api/eval/delPtntSftyScre.do", { seq: rec.pssSeq })).body).toMatchObject({ status: 404, message: MSG.deleteFailed });
    expect((await call("/api/eval/delPtntSftyScre.do", { seq: "x" })).body).toMatchObject({ status: 400, message: MSG.deleteFailed });
  });
});

// ---------------------------------------------------------------------------------------------
// Excel
// ---------------------------------------------------------------------------------------------

const HEADERS = ["년도", "학번", "이름", "출석", "퀴즈", "인식조사", "성찰보고서", "그룹평가1", "그룹평가2", "참여도", "등급"];

const upload = (bytes: Uint8Array, name = "환자안전.xlsx", year: number = YEAR) =>
  server.api.call("/api/eval/ptntSftyScreExcelUpload.do", undefined, { token: server.admin.accessToken, form: formData({ year }, { file: [{ bytes, name }] }) });

describe("Excel", () => {
  it("the template: the upload's headers and one example row", async () => {
    const res = await get(`/api/resourceFileDownload.do?folderName=${PSS_TEMPLATE.folderName}&fileName=${encodeURIComponent(PSS_TEMPLATE.fileName)}&year=${YEAR}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent(PSS_TEMPLATE.fileName)}`);
    const { ws } = await sheetOf(res);
    expect(rowValues(ws, 1)).toEqual(HEADERS);
    expect(rowValues(ws, 2)).toEqual([YEAR, `${YEAR}00001`, "홍길동", -1, 27.5, 22, 26.25, 7, 6.5, 0, "HP"]);
    expect(ws.rowCount).toBe(2);
  });

  it("the download: the year's list (filtered), numbers as numbers, the total and the registration date", async () => {
    const res = await get(`/api/eval/ptntSftyScreExcelDown.do?year=${YEAR}&searchTxt=${stu[0].id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent(`환자안전교과목성적_${YEAR}.xlsx`)}`);
    const { ws } = await sheetOf(res);
    expect(rowValues(ws, 1)).toEqual([...HEADERS.slice(0, 10), "총점", "등급", "등록일"]);
    expect(ws.rowCount).toBe(2);
    expect(rowValues(ws, 2).slice(0, 12)).toEqual([YEAR, stu[0].id, stu[0].name, -1, 20, 22, 26.25, 7, 6.5, 0, 80.75, "PS"]);
  });

  it("the download in evaluation mode: the configured columns", async () => {
    const { ws } = await sheetOf(await get(`/api/eval/ptntSftyScreExcelDown.do?year=2025&eiSeq=2&menuSeq=34`));
    expect(rowValues(ws, 1)).toEqual(["학번", "이름", "퀴즈", "인식조사", "성찰보고서", "총점", "등급"]);
    expect(ws.rowCount).toBeGreaterThan(30);
  });

  it("round trip: a downloaded sheet, edited, uploads as updates; new rows register; failing rows are named", async () => {
    const { ws: down } = await sheetOf(await get(`/api/eval/ptntSftyScreExcelDown.do?year=${YEAR}`));
    const col = (h: string) => (rowValues(down, 1) as string[]).indexOf(h);
    // the download's rows, in the template's columns
    const edited: (string | number | null)[][] = [];
    down.eachRow((r, n) => {
      if (n > 1) edited.push(HEADERS.map((h) => (rowValues(down, n)[col(h)] as string | number | null) ?? null));
    });
    const first = edited.findIndex((r) => r[1] === stu[0].id);
    edited[first][4] = 29.5; // 퀴즈
    const template = await workbook(HEADERS, [
      ...edited,
      [YEAR, stu[4].id, stu[4].name, 0, 25, 20, 24, 6, 6, 0, "HP"], // a new record
      [YEAR, stu[5].id, "다른이름", 0, 25, 20, 24, 6, 6, 0, ""], // name mismatch
      [YEAR, "", "", 0, 25, 20, 24, 6, 6, 0, ""], // no number
      [YEAR, "99999999999", "", 0, 25, 20, 24, 6, 6, 0, ""], // unknown in the year
      [YEAR, stu[6].id, stu[6].name, 0, 31, 20, 24, 6, 6, 0, ""], // quiz above 30
      [YEAR, stu[7].id, stu[7].name, 0, 20, 20, 24, 8, 8, 0, ""], // group sum above 15
      [YEAR, stu[4].id, stu[4].name, 0, 25, 20, 24, 6, 6, 0, ""], // the same student again
    ]);
    const n = edited.length;
    const r = await upload(template);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, successCount: n + 1, faildCount: 6, message: `성공 ${n + 1}건, 실패 6건` });
    expect(r.body.failures).toEqual([
      { row: n + 3, id: stu[5].id, message: MSG.pssMismatch },
      { row: n + 4, id: "", message: MSG.pssIdRequired },
      { row: n + 5, id: "99999999999", message: MSG.lookupUnknown },
      { row: n + 6, id: stu[6].id, message: "퀴즈 점수는 30점을 넘을 수 없습니다." },
      { row: n + 7, id: stu[7].id, message: MSG.pssGroupMax },
      { row: n + 8, id: stu[4].id, message: MSG.duplicateStudentId },
    ]);
    expect(r.body.result).toMatchObject({ successCount: n + 1, faildCount: 6 });
    expect(await recordOf(stu[0])).toMatchObject({ quiz: 29.5, total: 90.25, grd: "PS" });
    expect(await recordOf(stu[4])).toMatchObject({ total: 81, grd: "HP" });
    expect(await recordOf(stu[5])).toBeUndefined();
  });

  it("the download itself uploads unchanged (extra columns are ignored)", async () => {
    const res = await get(`/api/eval/ptntSftyScreExcelDown.do?year=${YEAR}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const before = (await list()).body.result.list;
    const r = await upload(bytes);
    expect(r.body).toMatchObject({ status: 200, successCount: before.length, faildCount: 0, message: MSG.uploadSuccess });
    const after = (await list()).body.result.list;
    expect(after.map((x: Record<string, unknown>) => [x.id, x.total, x.grd, x.attn])).toEqual(before.map((x: Record<string, unknown>) => [x.id, x.total, x.grd, x.attn]));
  });

  it("refuses a sheet without the headers, an empty sheet and a file that is not xlsx", async () => {
    expect((await upload(await workbook(["학번", "이름"], [["1", "a"]]))).body).toMatchObject({ status: 400, message: OWN_MSG.excelHeaders });
    expect((await upload(await workbook(HEADERS, []))).body).toMatchObject({ status: 400, message: OWN_MSG.excelEmpty });
    expect((await upload(new Uint8Array(Buffer.from("a,b\n1,2")), "x.csv")).body).toMatchObject({ status: 400, message: MSG.xlsxOnly });
  });
});
