/**
 * E06 health and medical law scores: every /api/medical/*.do call of spec 002 §7, the server's
 * re-validation of the dialog's rules (same messages, same order), usSeq checked against the
 * number in the year, and the Excel round trip. Year 2046 is this file's own.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi } from "./client";
import { cellTexts, digitsId, formData, sheetOf, studentForm, workbook } from "./people-fixtures";

const server = adminApi();
const { call, get } = server;

const YEAR = 2046;
const GRADE4 = "0000800004";
const GRADE3 = "0000800003";
const LAW = "0001400001";
const HEADERS = ["년도", "학기 및 차수", "대상", "과목", "만점", "학번", "이름", "점수"];

const students: { id: string; usSeq: number; name: string }[] = [];

beforeAll(async () => {
  for (const name of ["법규가", "법규나", "법규다"]) {
    const form = studentForm({ name, id: digitsId("46"), grdeCd: GRADE4 });
    const r = await server.api.call("/api/student/edit.do", undefined, { token: server.admin.accessToken, form: formData({ ...form, year: YEAR }) });
    expect(r.body.status, JSON.stringify(r.body)).toBe(200);
    students.push({ id: form.id, usSeq: r.body.result.usSeq, name });
  }
});

const user = (i: number, score: number, over: Record<string, unknown> = {}) => ({ usSeq: students[i].usSeq, id: students[i].id, name: students[i].name, score, status: "Y", ...over });
const info = (over: Record<string, unknown> = {}) => ({ year: YEAR, smst: "1학기 1차", tgetSt: [GRADE4], subj: LAW, totalScore: 100, users: [user(0, 80), user(1, 65)], ...over });
const save = (lawsInfo: unknown) => call("/api/medical/edit.do", { lawsInfo });

const upload = (bytes: Uint8Array, name = "law.xlsx") =>
  server.api.call("/api/medical/excelUpload.do", undefined, { token: server.admin.accessToken, form: formData({ year: YEAR }, { file: [{ bytes, name }] }) });

describe("/api/medical/getCodeList.do", () => {
  it("answers the year's target grades and subjects", async () => {
    const r = await call("/api/medical/getCodeList.do", { year: YEAR });
    expect(r.body.status).toBe(200);
    expect(r.body.result.grdeList.map((c: { text: string }) => c.text)).toContain("4학년");
    expect(r.body.result.subjList).toContainEqual({ id: LAW, text: "의료법" });
    expect(Array.isArray(r.body.result.yearList)).toBe(true);
  });
});

describe("a score set: register, list, detail, preview, edit, delete", () => {
  let hlSeq = 0;

  it("registers with '등록되었습니다.' and records the caller as regId", async () => {
    const r = await save(info());
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, message: MSG.created });
    hlSeq = r.body.result.hlSeq;
    expect(hlSeq).toBeGreaterThan(0);
    const d = await call("/api/medical/detail.do", { hlSeq });
    expect(d.body.result.regId).toBe(server.admin.userInfo.userSeq);
  });

  it("lists it with the number of users, the average and the names of targets and subject", async () => {
    const r = await call("/api/medical/list.do", { year: YEAR, value: "", tgetSt: [] });
    expect(r.body.status).toBe(200);
    const row = r.body.result.list.find((x: { hlSeq: number }) => x.hlSeq === hlSeq);
    expect(row).toMatchObject({ year: YEAR, smst: "1학기 1차", tgetSt: [GRADE4], tgetNm: "4학년", subj: LAW, subjNm: "의료법", userCnt: 2, avgScore: "72.50", totalScore: 100 });
    expect(r.body.result.yearList).toContain(YEAR);
  });

  it("filters by target grade and by text (term, subject, student number or name)", async () => {
    const ids = async (body: Record<string, unknown>) =>
      (await call("/api/medical/list.do", { year: YEAR, ...body })).body.result.list.map((x: { hlSeq: number }) => x.hlSeq);
    expect(await ids({ tgetSt: [GRADE3] })).not.toContain(hlSeq);
    expect(await ids({ tgetSt: [GRADE3, GRADE4] })).toContain(hlSeq);
    expect(await ids({ tgetSt: ["all"] })).toContain(hlSeq);
    expect(await ids({ value: "1학기" })).toContain(hlSeq);
    expect(await ids({ value: "의료법" })).toContain(hlSeq);
    expect(await ids({ value: students[1].name })).toContain(hlSeq);
    expect(await ids({ value: students[0].id })).toContain(hlSeq);
    expect(await ids({ value: "없는검색어" })).toEqual([]);
  });

  it("answers the detail with users as JSON text", async () => {
    const r = await call("/api/medical/detail.do", { hlSeq });
    expect(r.body.result).toMatchObject({ hlSeq, year: YEAR, smst: "1학기 1차", tgetSt: [GRADE4], subj: LAW, totalScore: 100 });
    expect(typeof r.body.result.users).toBe("string");
    expect(JSON.parse(r.body.result.users)).toEqual([
      { usSeq: students[0].usSeq, id: students[0].id, name: students[0].name, score: 80, status: "Y" },
      { usSeq: students[1].usSeq, id: students[1].id, name: students[1].name, score: 65, status: "Y" },
    ]);
  });

  it("answers the preview rows: grade, number, name, subject, term, score", async () => {
    const r = await call("/api/medical/preview.do", { hlSeq });
    expect(r.body.result.list).toEqual([
      expect.objectContaining({ grdeNm: "4학년", id: students[0].id, name: students[0].name, subjNm: "의료법", smst: "1학기 1차", score: 80 }),
      expect.objectContaining({ grdeNm: "4학년", id: students[1].id, name: students[1].name, subjNm: "의료법", smst: "1학기 1차", score: 65 }),
    ]);
  });

  it("updates with '수정되었습니다.': the edit replaces the set's scores", async () => {
    const r = await save(info({ hlSeq, smst: "1학기 2차", totalScore: 50, users: [user(2, 50)] }));
    expect(r.body).toMatchObject({ status: 200, message: MSG.updated, result: { hlSeq } });
    const d = await call("/api/medical/detail.do", { hlSeq });
    expect(d.body.result).toMatchObject({ smst: "1학기 2차", totalScore: 50 });
    expect(JSON.parse(d.body.result.users).map((u: { id: string }) => u.id)).toEqual([students[2].id]);
  });

  it("deletes with '삭제되었습니다.'; afterwards detail and preview fail with '데이터 조회에 실패하였습니다.'", async () => {
    const r = await call("/api/medical/delete.do", { hlSeq });
    expect(r.body).toMatchObject({ status: 200, message: MSG.deletedScore });
    expect((await call("/api/medical/delete.do", { hlSeq })).body).toMatchObject({ status: 404, message: MSG.deleteFailed });
    expect((await call("/api/medical/detail.do", { hlSeq })).body).toMatchObject({ status: 404, message: MSG.detailFailed });
    expect((await call("/api/medical/preview.do", { hlSeq })).body).toMatchObject({ status: 404, message: MSG.detailFailed });
    const list = await call("/api/medical/list.do", { year: YEAR });
    expect(list.body.result.list.map((x: { hlSeq: number }) => x.hlSeq)).not.toContain(hlSeq);
    expect((await save(info({ hlSeq }))).body).toMatchObject({ status: 404, message: MSG.createFailed });
  });
});

describe("/api/medical/edit.do re-validates every rule", () => {
  it.each<[string, () => Record<string, unknown>, string]>([
    ["no year", () => ({ year: "" }), MSG.yearRequired],
    ["no term and round", () => ({ smst: " " }), MSG.lawSmstRequired],
    ["no target", () => ({ tgetSt: [] }), MSG.lawTargetRequired],
    ["a target that is not a grade of the year", () => ({ tgetSt: [LAW] }), MSG.lawTargetRequired],
    ["no subject", () => ({ subj: "" }), OWN_MSG.lawSubjectRequired],
    ["a subject that is not one of the year's", () => ({ subj: GRADE4 }), OWN_MSG.lawSubjectRequired],
    ["no total score", () => ({ totalScore: "" }), OWN_MSG.lawTotalRequired],
    ["a total score of 4 digits", () => ({ totalScore: 1000 }), OWN_MSG.lawTotalDigits],
    ["no score", () => ({ users: [user(0, 80), { ...user(1, 0), score: "" }] }), MSG.scoreRequired],
    ["a score of 4 digits", () => ({ totalScore: 999, users: [user(0, 1000)] }), OWN_MSG.lawScoreDigits],
    ["a score above the total (total + 1)", () => ({ totalScore: 70, users: [user(0, 70), user(1, 71)] }), MSG.lawScoreOverFull],
    ["a duplicate number", () => ({ users: [user(0, 80), user(0, 70)] }), MSG.duplicateStudentId],
    ["no number", () => ({ users: [{ ...user(0, 80), id: "", usSeq: "" }] }), OWN_MSG.studentIdRequired],
    ["a number not confirmed (no usSeq)", () => ({ users: [{ ...user(0, 80), usSeq: null }] }), MSG.lookupNotConfirmed],
    ["a number marked not confirmed", () => ({ users: [user(0, 80, { status: "N" })] }), MSG.lookupNotConfirmed],
    ["a usSeq that is not the number's", () => ({ users: [user(0, 80, { usSeq: students[1].usSeq })] }), MSG.lookupNotConfirmed],
    ["a number the year does not have", () => ({ users: [user(0, 80, { id: "4699999999" })] }), MSG.lookupUnknown],
    ["no students", () => ({ users: [] }), MSG.oneStudentRequired],
  ])("%s", async (_name, over, message) => {
    const r = await save(info(over()));
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 400, message });
  });

  it("reports the first failing field in screen order", async () => {
    const r = await save(info({ smst: "", tgetSt: [], totalScore: 10, users: [user(0, 11)] }));
    expect(r.body).toMatchObject({ status: 400, message: MSG.lawSmstRequired });
  });

  it("accepts a score equal to the total score", async () => {
    const r = await save(info({ totalScore: 80, users: [user(0, 80)] }));
    expect(r.body).toMatchObject({ status: 200, message: MSG.created });
    await call("/api/medical/delete.do", { hlSeq: r.body.result.hlSeq });
  });

  it("refuses a body without lawsInfo, and a caller without a token", async () => {
    expect((await call("/api/medical/edit.do", {})).body).toMatchObject({ status: 400, message: OWN_MSG.badRequest });
    const r = await server.api.call("/api/medical/edit.do", { lawsInfo: info() });
    expect(r.http === 401 || r.body.status !== 200).toBe(true);
  });
});

describe("evaluation mode", () => {
  it("answers only the configured columns of menu 36", async () => {
    const saved = await save(info({ smst: "평가모드" }));
    const r = await call("/api/medical/list.do", { year: YEAR, eiSeq: 1, menuSeq: 36, value: "평가모드" });
    expect(r.body.result.columns.map((c: { clm: string }) => c.clm)).toEqual(["year", "smst", "tgetNm", "subjNm", "userCnt", "avgScore", "totalScore"]);
    expect(r.body.result.list).toEqual([{ year: YEAR, smst: "평가모드", tgetNm: "4학년", subjNm: "의료법", userCnt: 2, avgScore: "72.50", totalScore: 100 }]);
    const res = await get(`/api/medical/excelDown.do?year=${YEAR}&value=${encodeURIComponent("평가모드")}&eiSeq=1&menuSeq=36`);
    const { ws } = await sheetOf(res);
    expect(cellTexts(ws, 1)).toEqual(["년도", "학기 및 차수", "대상", "과목", "인원", "평균", "만점"]);
    expect(ws.actualRowCount).toBe(2);
    await call("/api/medical/delete.do", { hlSeq: saved.body.result.hlSeq });
  });
});

describe("Excel", () => {
  it("the sample has the upload's headers and one example row", async () => {
    const res = await get(`/api/medical/excelSampleDown.do?year=${YEAR}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("보건의료법규성적_업로드_양식.xlsx"));
    const { ws } = await sheetOf(res);
    expect(cellTexts(ws, 1)).toEqual(HEADERS);
    expect(ws.actualRowCount).toBe(2);
  });

  it("download → edit → upload round-trips; failing rows are named; formulas are neutralised", async () => {
    const smst = `=엑셀 ${Date.now()}`;
    const created = await save(info({ smst, users: [user(0, 80), user(1, 65)] }));
    expect(created.body.status, JSON.stringify(created.body)).toBe(200);
    const res = await get(`/api/medical/excelDown.do?year=${YEAR}&value=${encodeURIComponent(smst)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent(`보건의료법규성적_${YEAR}.xlsx`));
    const { wb, ws } = await sheetOf(res);
    expect(cellTexts(ws, 1)).toEqual(HEADERS);
    expect(ws.actualRowCount).toBe(3);
    // the term began with '=': stored as text behind an apostrophe, never a formula
    expect(cellTexts(ws, 2)[1]).toBe(`'${smst}`);
    expect(cellTexts(ws, 2).slice(2)).toEqual(["4학년", "의료법", "100", students[0].id, students[0].name, "80"]);
    ws.getRow(3).getCell(8).value = 99;
    ws.addRow([YEAR, smst, "4학년", "의료법", 100, students[2].id, students[2].name, 101]);
    ws.addRow([YEAR, smst, "4학년", "의료법", 100, "4699999999", "없는학생", 50]);
    ws.addRow([YEAR, smst, "4학년", "의료법", 100, students[0].id, students[0].name, 70]);
    ws.addRow([YEAR, "", "4학년", "의료법", 100, students[2].id, students[2].name, 40]);
    const r = await upload(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, successCount: 2, faildCount: 4 });
    expect(r.body.failures).toEqual([
      { row: 4, id: students[2].id, message: MSG.lawScoreOverFull },
      { row: 5, id: "4699999999", message: MSG.lookupUnknown },
      { row: 6, id: students[0].id, message: MSG.duplicateStudentId },
      { row: 7, id: students[2].id, message: MSG.lawSmstRequired },
    ]);
    // the rows joined the stored set: no second set, the edited score replaced
    const list = await call("/api/medical/list.do", { year: YEAR, value: smst });
    expect(list.body.result.list).toHaveLength(1);
    const d = await call("/api/medical/detail.do", { hlSeq: list.body.result.list[0].hlSeq });
    expect(JSON.parse(d.body.result.users).map((u: { id: string; score: number }) => [u.id, u.score])).toEqual([
      [students[0].id, 80],
      [students[1].id, 99],
    ]);
  });

  it("groups new rows by year, term, subject and total score into sets", async () => {
    const tag = `업로드 ${Date.now()}`;
    const r = await upload(
      await workbook(HEADERS, [
        [YEAR, `${tag} A`, "4학년", "의료법", 100, students[0].id, "", 90],
        [YEAR, `${tag} A`, "3학년", "의료법", 100, students[1].id, "", 85],
        [YEAR, `${tag} B`, "4학년", "국민건강보험법", 50, students[0].id, "", 45],
      ]),
    );
    expect(r.body).toMatchObject({ status: 200, message: MSG.uploadSuccess, successCount: 3, faildCount: 0 });
    const list = (await call("/api/medical/list.do", { year: YEAR, value: tag })).body.result.list;
    expect(list.map((x: { smst: string; userCnt: number; tgetNm: string }) => [x.smst, x.userCnt, x.tgetNm]).sort()).toEqual([
      [`${tag} A`, 2, "3학년, 4학년"],
      [`${tag} B`, 1, "4학년"],
    ]);
  });

  it("refuses a file that is not .xlsx, and a sheet without the headers", async () => {
    const notXlsx = await upload(new Uint8Array(Buffer.from("a,b")), "law.csv");
    expect(notXlsx.body).toMatchObject({ status: 400, message: MSG.xlsxOnly });
    const wrong = await upload(await workbook(["가", "나"], [[1, 2]]));
    expect(wrong.body).toMatchObject({ status: 400, message: OWN_MSG.excelHeaders });
  });
});
