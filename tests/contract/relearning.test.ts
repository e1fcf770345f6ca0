/**
 * E01 Re-learners (spec 002 §7 "Re-learner"; docs/contract.md "Re-learners"): list (with subj as
 * JSON text, the year's subjects, evaluation mode), edit.do re-validated on the server with the
 * dialog's rules, the usSeq checked against its number in the year, detail, delete, a year without
 * subject codes, and Excel (template, download, upload with failing rows, round trip).
 *
 * Subject codes exist for the seeded years only, so the records of this file are made in 2025 for
 * students created here (unique numbers); 2041 is a year with students and no codes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi } from "./client";
import { cellTexts, formData, sheetOf, studentForm, workbook } from "./people-fixtures";

const server = adminApi();
const { call, get } = server;

const YEAR = 2025;
const NO_CODES = 2041;
const SUBJECTS = ["해부학", "생리학", "생화학", "약리학", "병리학", "미생물학", "기생충학", "예방의학"];
const A = "0001500001";
const B = "0001500002";

interface Student {
  id: string;
  name: string;
  usSeq: number;
}

async function createStudent(year: number, name: string): Promise<Student> {
  const form = studentForm({ name });
  const r = await server.api.call("/api/student/edit.do", undefined, { token: server.admin.accessToken, form: formData({ ...form, year }) });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  return { id: form.id, name, usSeq: r.body.result.usSeq };
}

/** A learner as the dialog sends it: confirmed, with flags. */
const learner = (s: Student, flags: Record<string, "Y" | "N"> = {}, over: Record<string, unknown> = {}) => ({
  usSeq: s.usSeq,
  id: s.id,
  name: s.name,
  status: true,
  subj: Object.entries(flags).map(([subjCd, reYn]) => ({ subjCd, reYn })),
  ...over,
});

async function listOf(value: string, year = YEAR) {
  const r = await call("/api/relearning/list.do", { year, value });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { list: { rlSeq: number; id: string; name: string; subj: string; status: unknown }[]; subj: { subjCd: string; subjNm: string }[]; total: number };
}

const flagsOf = (subjText: string) => Object.fromEntries((JSON.parse(subjText) as { subjCd: string; reYn: string }[]).map((s) => [s.subjCd, s.reYn]));

describe("access", () => {
  it.each(["/api/relearning/list.do", "/api/relearning/edit.do", "/api/relearning/detail.do", "/api/relearning/delete.do", "/api/relearning/excelUpload.do"])(
    "%s needs an access token",
    async (path) => {
      expect((await server.api.call(path, {})).http).toBe(401);
    },
  );
  it.each(["/api/relearning/excelDown.do?year=2025", "/api/relearning/excelSampleDown.do?year=2025"])("%s needs an access token", async (path) => {
    expect((await server.api.raw(path)).status).toBe(401);
  });
});

describe("list.do", () => {
  it("answers the year's learners with subj as JSON text and the year's subjects", async () => {
    const r = await listOf("");
    expect(r.subj.map((s) => s.subjNm)).toEqual(SUBJECTS);
    expect(r.subj[0]).toEqual({ subjCd: A, subjNm: "해부학" });
    expect(r.total).toBe(r.list.length);
    expect(r.list.length).toBeGreaterThanOrEqual(10); // the demo data
    const first = r.list[0];
    expect(first).toMatchObject({ rlSeq: expect.any(Number), year: YEAR, usSeq: expect.any(Number), usyn: "Y", id: expect.stringMatching(/^\d+$/), status: true });
    expect(typeof first.subj).toBe("string");
    const subj = JSON.parse(first.subj);
    expect(subj.map((s: { subjNm: string }) => s.subjNm)).toEqual(SUBJECTS);
    expect(subj.every((s: { reYn: string }) => s.reYn === "Y" || s.reYn === "N")).toBe(true);
    expect(subj.some((s: { reYn: string }) => s.reYn === "Y")).toBe(true);
    // by student number
    const ids = r.list.map((l) => l.id);
    expect([...ids].sort()).toEqual(ids);
  });

  it("searches the number or the name (a substring; % and _ are literal)", async () => {
    const all = await listOf("");
    const some = all.list[1];
    expect((await listOf(some.id)).list.map((l) => l.rlSeq)).toEqual([some.rlSeq]);
    expect((await listOf(some.name)).list.map((l) => l.rlSeq)).toContain(some.rlSeq);
    expect((await listOf("%")).list).toEqual([]);
  });

  it("a year without subject codes: subj [] and '해당년도에 등록된 공통코드가 없습니다.'", async () => {
    const r = await call("/api/relearning/list.do", { year: NO_CODES, value: "" });
    expect(r.body).toMatchObject({ status: 200, message: MSG.noYearCodes, result: { list: [], subj: [], total: 0 } });
  });

  it("evaluation mode answers the configured columns and rows of those keys only", async () => {
    const r = await call("/api/relearning/list.do", { year: YEAR, value: "", eiSeq: 1, menuSeq: 31 });
    expect(r.body.status).toBe(200);
    expect(r.body.result.columns.map((c: { clm: string }) => c.clm)).toEqual(["year", "id", "name", "reSubjNm", "reCnt"]);
    const row = r.body.result.list[0];
    expect(Object.keys(row)).toEqual(["year", "id", "name", "reSubjNm", "reCnt"]);
    expect(row.reCnt).toBeGreaterThan(0);
    expect(SUBJECTS).toContain(String(row.reSubjNm).split(", ")[0]);
  });
});

describe("edit.do, detail.do, delete.do", () => {
  let s1: Student;
  let s2: Student;
  beforeAll(async () => {
    s1 = await createStudent(YEAR, "재학습일");
    s2 = await createStudent(YEAR, "재학습이");
  });

  it("registers several learners with their flags, then edits one", async () => {
    const r = await call("/api/relearning/edit.do", { year: YEAR, data: [learner(s1, { [A]: "Y" }), learner(s2, { [B]: "Y", [A]: "N" })] });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, message: MSG.created });
    const [row1] = (await listOf(s1.id)).list;
    expect(row1).toMatchObject({ id: s1.id, name: "재학습일" });
    expect(flagsOf(row1.subj)).toMatchObject({ [A]: "Y", [B]: "N", "0001500008": "N" });
    const [row2] = (await listOf(s2.id)).list;
    expect(flagsOf(row2.subj)).toMatchObject({ [A]: "N", [B]: "Y" });

    // detail: subj as JSON text
    const d = await call("/api/relearning/detail.do", { row: { rlSeq: row1.rlSeq } });
    expect(d.body).toMatchObject({ status: 200, result: { rlSeq: row1.rlSeq, year: YEAR, usSeq: s1.usSeq, id: s1.id, name: "재학습일", status: true } });
    expect(flagsOf(d.body.result.subj)[A]).toBe("Y");

    // edit: the record named by rlSeq, its flags replaced
    const e = await call("/api/relearning/edit.do", { year: YEAR, data: [learner(s1, { [A]: "N", [B]: "Y" }, { rlSeq: row1.rlSeq })] });
    expect(e.body).toMatchObject({ status: 200, message: MSG.updated });
    const after = await call("/api/relearning/detail.do", { row: row1.rlSeq });
    expect(flagsOf(after.body.result.subj)).toMatchObject({ [A]: "N", [B]: "Y" });

    // adding the same student again updates the year's record (one per year and student)
    const again = await call("/api/relearning/edit.do", { year: YEAR, data: [learner(s1, { [A]: "Y" })] });
    expect(again.body.status).toBe(200);
    const list = (await listOf(s1.id)).list;
    expect(list).toHaveLength(1);
    expect(list[0].rlSeq).toBe(row1.rlSeq);
    expect(flagsOf(list[0].subj)).toMatchObject({ [A]: "Y", [B]: "N" });
  });

  it("accepts data and subj as JSON text", async () => {
    const r = await call("/api/relearning/edit.do", { year: String(YEAR), data: JSON.stringify([{ ...learner(s2), subj: JSON.stringify([{ subjCd: A, reYn: "Y" }]) }]) });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200 });
    expect(flagsOf((await listOf(s2.id)).list[0].subj)[A]).toBe("Y");
  });

  it("re-validates with the dialog's rules, in order", async () => {
    const cases: [unknown, string][] = [
      [{ data: [learner(s1)] }, MSG.yearRequired],
      [{ year: YEAR, data: [] }, MSG.oneStudentRequired],
      [{ year: YEAR }, MSG.oneStudentRequired],
      [{ year: YEAR, data: [learner(s1, {}, { id: "" })] }, OWN_MSG.studentIdRequired],
      [{ year: YEAR, data: [learner(s1, {}, { id: "12ab" })] }, OWN_MSG.studentIdDigits],
      [{ year: YEAR, data: [learner(s1, {}, { status: false })] }, MSG.lookupNotConfirmed],
      [{ year: YEAR, data: [learner(s1, {}, { status: undefined })] }, MSG.lookupNotConfirmed],
      [{ year: YEAR, data: [learner(s1, {}, { usSeq: "" })] }, MSG.lookupNotConfirmed],
      [{ year: YEAR, data: [learner(s1), learner(s2), learner(s1)] }, MSG.duplicateStudentId],
      // the first failing row decides
      [{ year: YEAR, data: [learner(s1, {}, { status: false }), learner(s2, {}, { id: "" })] }, MSG.lookupNotConfirmed],
      [{ year: YEAR, data: [learner(s1, { [A]: "X" as "Y" })] }, OWN_MSG.relearnFlagYn],
    ];
    for (const [body, message] of cases) {
      const r = await call("/api/relearning/edit.do", body);
      expect(r.body, JSON.stringify(body)).toMatchObject({ status: 400, message });
    }
  });

  it("checks every usSeq against its number in the year", async () => {
    // a number the year does not have
    const unknown = await call("/api/relearning/edit.do", { year: YEAR, data: [learner(s1, {}, { id: "99999999999" })] });
    expect(unknown.body).toMatchObject({ status: 400, message: MSG.lookupUnknown });
    // another student's usSeq under this number
    const mismatch = await call("/api/relearning/edit.do", { year: YEAR, data: [learner(s1, {}, { usSeq: s2.usSeq })] });
    expect(mismatch.body).toMatchObject({ status: 400, message: MSG.lookupNotConfirmed });
    // the number of another year
    const otherYear = await call("/api/relearning/edit.do", { year: 2024, data: [learner(s1)] });
    expect(otherYear.body).toMatchObject({ status: 400, message: MSG.lookupUnknown });
    // nothing was stored by the refused saves
    expect(flagsOf((await listOf(s1.id)).list[0].subj)[A]).toBe("Y");
  });

  it("refuses subjects that are not the year's, an edit of another record or student", async () => {
    const badCode = await call("/api/relearning/edit.do", { year: YEAR, data: [learner(s1, { "0009900001": "Y" })] });
    expect(badCode.body).toMatchObject({ status: 400, message: OWN_MSG.badRequest });
    const [row1] = (await listOf(s1.id)).list;
    const otherStudent = await call("/api/relearning/edit.do", { year: YEAR, data: [learner(s2, {}, { rlSeq: row1.rlSeq })] });
    expect(otherStudent.body).toMatchObject({ status: 400, message: OWN_MSG.badRequest });
    const missing = await call("/api/relearning/edit.do", { year: YEAR, data: [learner(s1, {}, { rlSeq: 2_000_000_000 })] });
    expect(missing.body).toMatchObject({ status: 404, message: MSG.noData });
  });

  it("a year without subject codes: '해당년도에 등록된 공통코드가 없습니다.'", async () => {
    const s = await createStudent(NO_CODES, "코드없음");
    const r = await call("/api/relearning/edit.do", { year: NO_CODES, data: [learner(s)] });
    expect(r.body).toMatchObject({ status: 400, message: MSG.noYearCodes });
  });

  it("deletes; the learner is gone, a second delete and its detail are 404; adding again brings it back", async () => {
    const [row2] = (await listOf(s2.id)).list;
    const d = await call("/api/relearning/delete.do", { row: { rlSeq: row2.rlSeq } });
    expect(d.body).toMatchObject({ status: 200, message: MSG.deletedScore });
    expect((await listOf(s2.id)).list).toEqual([]);
    expect((await call("/api/relearning/delete.do", { row: { rlSeq: row2.rlSeq } })).body).toMatchObject({ status: 404, message: MSG.noData });
    expect((await call("/api/relearning/detail.do", { row: { rlSeq: row2.rlSeq } })).body).toMatchObject({ status: 404, message: MSG.noData });
    expect((await call("/api/relearning/delete.do", { row: {} })).body).toMatchObject({ status: 400 });
    const back = await call("/api/relearning/edit.do", { year: YEAR, data: [learner(s2, { [B]: "Y" })] });
    expect(back.body).toMatchObject({ status: 200, message: MSG.created });
    const [again] = (await listOf(s2.id)).list;
    expect(flagsOf(again.subj)).toMatchObject({ [A]: "N", [B]: "Y" });
  });
});

// ---------------------------------------------------------------------------------------------
// Excel
// ---------------------------------------------------------------------------------------------

const upload = (bytes: Uint8Array, year: number = YEAR, name = "재학습자.xlsx") =>
  server.api.call("/api/relearning/excelUpload.do", undefined, { token: server.admin.accessToken, form: formData({ year }, { file: [{ bytes, name }] }) });

const HEADERS = ["년도", "학번", "이름", ...SUBJECTS];

describe("Excel", () => {
  let s3: Student;
  let s4: Student;
  beforeAll(async () => {
    s3 = await createStudent(YEAR, "엑셀일");
    s4 = await createStudent(YEAR, "엑셀이");
  });

  it("template: the upload's headers and one example row; a year without codes is refused", async () => {
    const res = await get(`/api/relearning/excelSampleDown.do?year=${YEAR}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("재학습자_업로드_양식.xlsx"));
    const { ws } = await sheetOf(res);
    expect(cellTexts(ws, 1)).toEqual(HEADERS);
    expect(cellTexts(ws, 2)).toEqual([String(YEAR), `${YEAR}00001`, "홍길동", "Y", "N", "N", "N", "N", "N", "N", "N"]);
    expect(ws.rowCount).toBe(2);

    const none = await get(`/api/relearning/excelSampleDown.do?year=${NO_CODES}`);
    expect(await none.json()).toMatchObject({ status: 400, message: MSG.noYearCodes });
  });

  it("upload: valid rows stored, each failing row named with its message", async () => {
    const bytes = await workbook(HEADERS, [
      [YEAR, s3.id, s3.name, "Y", "n", "", "N", "N", "N", "N", "Y"],
      ["", s4.id, "", "N", "Y", "N", "N", "N", "N", "N", "N"],
      [YEAR, "99999999998", "없는학생", "Y", "N", "N", "N", "N", "N", "N", "N"],
      [YEAR, s3.id, s3.name, "N", "N", "N", "N", "N", "N", "N", "N"],
      [YEAR, s4.id, s4.name, "O", "N", "N", "N", "N", "N", "N", "N"],
      [2024, s4.id, s4.name, "Y", "N", "N", "N", "N", "N", "N", "N"],
      [YEAR, "", "번호없음", "Y", "N", "N", "N", "N", "N", "N", "N"],
      [YEAR, "12a", "문자", "Y", "N", "N", "N", "N", "N", "N", "N"],
    ]);
    const r = await upload(bytes);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, successCount: 2, faildCount: 6, message: "성공 2건, 실패 6건" });
    expect(r.body.failures).toEqual([
      { row: 4, id: "99999999998", message: MSG.lookupUnknown },
      { row: 5, id: s3.id, message: MSG.duplicateStudentId },
      { row: 6, id: s4.id, message: OWN_MSG.relearnFlagYn },
      { row: 7, id: s4.id, message: OWN_MSG.excelYearMismatch.replace("{found}", "2024").replace("{year}", String(YEAR)) },
      { row: 8, id: "", message: OWN_MSG.studentIdRequired },
      { row: 9, id: "12a", message: OWN_MSG.studentIdDigits },
    ]);
    expect(r.body.result).toMatchObject({ successCount: 2, faildCount: 6 });
    expect(flagsOf((await listOf(s3.id)).list[0].subj)).toMatchObject({ [A]: "Y", [B]: "N", "0001500008": "Y" });
    expect(flagsOf((await listOf(s4.id)).list[0].subj)).toMatchObject({ [A]: "N", [B]: "Y" });
  });

  it("download → edit → upload round-trips", async () => {
    const res = await get(`/api/relearning/excelDown.do?year=${YEAR}&value=${s3.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent(`재학습자목록_${YEAR}.xlsx`));
    const { ws } = await sheetOf(res);
    expect(cellTexts(ws, 1)).toEqual(HEADERS);
    expect(cellTexts(ws, 2)).toEqual([String(YEAR), s3.id, s3.name, "Y", "N", "N", "N", "N", "N", "N", "Y"]);
    expect(ws.rowCount).toBe(2);
    ws.getRow(2).getCell(4).value = "N";
    ws.getRow(2).getCell(5).value = "Y";
    const edited = new Uint8Array(await ws.workbook.xlsx.writeBuffer());
    const r = await upload(edited);
    expect(r.body).toMatchObject({ status: 200, successCount: 1, faildCount: 0, message: MSG.uploadSuccess, failures: [] });
    expect(flagsOf((await listOf(s3.id)).list[0].subj)).toMatchObject({ [A]: "N", [B]: "Y" });
  });

  it("download in evaluation mode writes the configured columns", async () => {
    const res = await get(`/api/relearning/excelDown.do?year=${YEAR}&eiSeq=1&menuSeq=31`);
    const { ws } = await sheetOf(res);
    expect(cellTexts(ws, 1)).toEqual(["년도", "학번", "이름", "재학습 과목", "재학습 과목 수"]);
    expect(ws.rowCount).toBeGreaterThan(10);
  });

  it("refuses a file that is not xlsx, wrong headers, an empty sheet and a year without codes", async () => {
    const csv = await upload(new TextEncoder().encode("a,b"), YEAR, "a.csv");
    expect(csv.body).toMatchObject({ status: 400, message: MSG.xlsxOnly });
    const headers = await upload(await workbook(["학번", "이름"], [[s3.id, "x"]]));
    expect(headers.body).toMatchObject({ status: 400, message: OWN_MSG.excelHeaders });
    const empty = await upload(await workbook(HEADERS, []));
    expect(empty.body).toMatchObject({ status: 400 });
    const none = await upload(await workbook(HEADERS, [[NO_CODES, s3.id, "", "Y", "N", "N", "N", "N", "N", "N", "N"]]), NO_CODES);
    expect(none.body).toMatchObject({ status: 400, message: MSG.noYearCodes });
  });
});
