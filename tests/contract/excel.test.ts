/**
 * Excel for students, professors and PBL tutors (spec 001 §5 "Excel upload", §7; docs/contract.md
 * "People: Excel"): templates, streamed downloads with Korean file names, uploads validated row by
 * row with the forms' rules, the download → edit → upload round trip, formula neutralisation and
 * the file refusals.
 */
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi } from "./client";
import { digitsId, formData, rowValues, sheetOf, studentForm, workbook } from "./people-fixtures";

const server = adminApi();
const { call, get } = server;

/** Records this file creates go to their own year. */
const YEAR = 2038;

const STUDENT_HEADERS = [
  "학번", "이름", "입학년도", "학적상태", "학년", "졸업년도", "생년월일", "출신지역", "출신고교", "고교졸업년도", "입학전형", "연락처", "이메일",
  "이메일 도메인", "코호트동의",
];
const PROFESSOR_HEADERS = ["사번", "이름", "성별", "입사일", "재직상태", "퇴사일", "직위", "소속", "출신학교", "수련기관", "연락처", "이메일", "이메일 도메인"];

const upload = (kind: string, file: { bytes: Uint8Array; name: string } | { bytes: Uint8Array; name: string }[], fields: Record<string, string | number> = { year: YEAR }) =>
  server.api.call(`/api/${kind}/excelUpload.do`, undefined, {
    token: server.admin.accessToken,
    form: formData(fields, { file: Array.isArray(file) ? file : [file] }),
  });

function studentRow(over: Record<string, string> = {}): string[] {
  const base: Record<string, string> = {
    학번: digitsId("8"),
    이름: "오하린",
    입학년도: "2025",
    학적상태: "재학",
    학년: "1학년",
    졸업년도: "",
    생년월일: "2006-09-30",
    출신지역: "경기",
    출신고교: "분당고등학교",
    고교졸업년도: "2025",
    입학전형: "정시",
    연락처: "010-2468-1357",
    이메일: "harin.oh",
    "이메일 도메인": "naver.com",
    코호트동의: "Y",
    ...over,
  };
  return STUDENT_HEADERS.map((h) => base[h]);
}

describe("templates", () => {
  it.each([
    ["student", STUDENT_HEADERS, "학생_업로드_양식.xlsx"],
    ["professor", PROFESSOR_HEADERS, "교수_업로드_양식.xlsx"],
    ["tutor", PROFESSOR_HEADERS, "PBL튜터_업로드_양식.xlsx"],
  ])("%s: the upload's headers and one example row that uploads cleanly", async (kind, headers, fileName) => {
    const res = await get(`/api/${kind}/excelSampleDown.do?year=${YEAR}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent(fileName)}`);
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    const { ws } = await sheetOf(res);
    expect(rowValues(ws, 1)).toEqual(headers);
    expect(ws.getCell("A1").font?.bold).toBe(true);
    expect(ws.rowCount).toBe(2);

    const byName = await get(`/api/resourceFileDownload.do?folderName=${kind}&fileName=${encodeURIComponent(fileName)}&year=${YEAR}`);
    expect(byName.status).toBe(200);
    expect(rowValues((await sheetOf(byName)).ws, 2)).toEqual(rowValues(ws, 2));

    const r = await upload(kind, { bytes, name: fileName });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, successCount: 1, faildCount: 0, failures: [], message: MSG.uploadSuccess });
  });

  it.each([
    ["folderName=student&fileName=nothing.xlsx"],
    ["folderName=..&fileName=manual.pdf"],
    ["folderName=student&fileName=../../package.json"],
    ["fileName=학생_업로드_양식.xlsx"],
  ])("resourceFileDownload refuses %s with 404", async (query) => {
    const r = await get(`/api/resourceFileDownload.do?${query}`);
    expect(r.status).toBe(404);
  });

  it("downloads need a token", async () => {
    expect((await server.api.raw(`/api/student/excelSampleDown.do?year=${YEAR}`)).status).toBe(401);
    expect((await server.api.raw(`/api/student/excelDown.do?year=${YEAR}`)).status).toBe(401);
  });
});

describe("bulk download", () => {
  it("streams every record of the filter under a Korean file name", async () => {
    const res = await get("/api/student/excelDown.do?year=2026&grde=0000800001,0000800002&attn=all&value=");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("학생목록_2026.xlsx")}`);
    const { ws } = await sheetOf(res);
    expect(rowValues(ws, 1)).toEqual(STUDENT_HEADERS);
    const list = await call("/api/student/getList.do", { year: 2026, grde: ["0000800001", "0000800002"] });
    expect(ws.rowCount - 1).toBe(list.body.result.total);
    const grades = new Set<unknown>();
    ws.eachRow((row, n) => n > 1 && grades.add(row.getCell(5).value));
    expect([...grades].sort()).toEqual(["1학년", "2학년"]);
  });

  it("professors and tutors", async () => {
    const { ws: p } = await sheetOf(await get("/api/professor/excelDown.do?year=2025&dpt=all"));
    expect(rowValues(p, 1)).toEqual(PROFESSOR_HEADERS);
    // every live record of the year: the seeded 80 and whatever another file added on a shared PostgreSQL
    const professors = await call("/api/professor/getList.do", { year: 2025, dpt: "all", emply: [], value: "" });
    expect(professors.body.result.total).toBeGreaterThanOrEqual(80);
    expect(p.rowCount - 1).toBe(professors.body.result.total);
    const res = await get("/api/tutor/excelDown.do?year=2025");
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("PBL튜터목록_2025.xlsx"));
    const { ws: t } = await sheetOf(res);
    const tutors = await call("/api/tutor/getList.do", { year: 2025 });
    expect(t.rowCount - 1).toBe(tutors.body.result.total);
  });

  it("in evaluation mode only the configured columns", async () => {
    const { ws } = await sheetOf(await get("/api/professor/excelDown.do?year=2026&eiSeq=1&menuSeq=21"));
    expect(rowValues(ws, 1)).toEqual(["사번", "이름", "소속", "직위", "재직상태"]);
    expect(ws.rowCount - 1).toBe(80);
  });

  it("refuses a malformed filter with the envelope", async () => {
    const r = await get("/api/student/excelDown.do?year=abc");
    expect(r.headers.get("content-type")).toMatch(/application\/json/);
    expect(await r.json()).toEqual({ status: 400, message: OWN_MSG.badRequest });
  });
});

describe("upload", () => {
  it("stores the valid rows and names every failing row with its reason", async () => {
    const good = [studentRow(), studentRow({ 학적상태: "졸업", 학년: "", 졸업년도: "2031" }), studentRow({ 연락처: "01098765432", 생년월일: "2006.1.5" })];
    const missingName = studentRow({ 이름: "" });
    const badGrade = studentRow({ 학년: "" });
    const unknownCode = studentRow({ 입학전형: "특별전형" });
    const duplicate = studentRow({ 학번: good[0][0] });
    const bytes = await workbook(STUDENT_HEADERS, [good[0], missingName, good[1], [], badGrade, unknownCode, good[2], duplicate]);

    const r = await upload("student", { bytes, name: "학생.xlsx" });
    expect(r.body.status).toBe(200);
    expect(r.body.successCount).toBe(3);
    expect(r.body.faildCount).toBe(4);
    expect(r.body.failures).toEqual([
      { row: 3, id: missingName[0], message: MSG.nameRequired },
      { row: 6, id: badGrade[0], message: OWN_MSG.gradeRequired },
      { row: 7, id: unknownCode[0], message: OWN_MSG.admsSlctnRequired },
      { row: 9, id: good[0][0], message: MSG.duplicateStudentId },
    ]);
    expect(r.body.result).toEqual({ successCount: 3, faildCount: 4, failures: r.body.failures, insertCount: 3, updateCount: 0, unchangedCount: 0 });
    expect(r.body.message).toBe(`성공 3건, 실패 4건 ${MSG.uploadStudentHint}`);

    const list = await call("/api/student/getList.do", { year: YEAR, grde: "all" });
    const ids = list.body.result.list.map((s: { id: string }) => s.id);
    for (const row of good) expect(ids).toContain(row[0]);
    expect(ids).not.toContain(missingName[0]);
    const third = list.body.result.list.find((s: { id: string }) => s.id === good[2][0]);
    const detail = (await call("/api/student/getDetail.do", { usSeq: third.usSeq, year: YEAR })).body.result.student;
    expect(detail).toMatchObject({ telNo: "010-9876-5432", brde: "2006-01-05", admsSlctnNm: "정시", birthPlaceNm: "경기", emailAddr: "harin.oh@naver.com" });
  });

  it("round trip: download → edit a cell → upload → the change is visible", async () => {
    const rows = [studentRow({ 이름: "왕소라" }), studentRow({ 이름: "=1+1" }), studentRow({ 이름: "-감" })];
    const first = await upload("student", { bytes: await workbook(STUDENT_HEADERS, rows), name: "a.xlsx" });
    expect(first.body.successCount).toBe(3);

    const res = await get(`/api/student/excelDown.do?year=${YEAR}&grde=all`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rowOf = (id: string) => {
      let found: ExcelJS.Row | undefined;
      ws.eachRow((row) => {
        if (row.getCell(1).value === id) found = row;
      });
      return found!;
    };
    // Formula neutralisation: the name '=1+1' comes back as text, guarded.
    const formulaCell = rowOf(rows[1][0]).getCell(2);
    expect(formulaCell.type).toBe(ExcelJS.ValueType.String);
    expect(formulaCell.value).toBe("'=1+1");
    expect(formulaCell.formula).toBeUndefined();
    expect(rowOf(rows[2][0]).getCell(2).value).toBe("'-감");

    rowOf(rows[0][0]).getCell(2).value = "왕소라나";
    rowOf(rows[0][0]).getCell(12).value = "010-1111-2222";
    const edited = new Uint8Array(await wb.xlsx.writeBuffer());
    const again = await upload("student", { bytes: edited, name: "b.xlsx" });
    expect(again.body.faildCount).toBe(0);
    expect(again.body.successCount).toBe(ws.rowCount - 1);

    const list = (await call("/api/student/getList.do", { year: YEAR, grde: "all" })).body.result.list as { id: string; name: string; usSeq: number }[];
    const byId = new Map(list.map((s) => [s.id, s]));
    expect(byId.get(rows[0][0])!.name).toBe("왕소라나");
    expect(byId.get(rows[1][0])!.name).toBe("=1+1");
    expect(byId.get(rows[2][0])!.name).toBe("-감");
    const detail = await call("/api/student/getDetail.do", { usSeq: byId.get(rows[0][0])!.usSeq, year: YEAR });
    expect(detail.body.result.student.telNo).toBe("010-1111-2222");
    expect(list.filter((s) => s.id === rows[0][0])).toHaveLength(1);
  });

  it("an upload keeps a saved photo", async () => {
    const form = studentForm();
    const created = await server.api.call("/api/student/edit.do", undefined, {
      token: server.admin.accessToken,
      form: formData({ ...form, year: YEAR }, { imgFile: [{ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]), name: "a.jpg" }] }),
    });
    const usSeq = created.body.result.usSeq;
    const before = (await call("/api/student/getDetail.do", { usSeq, year: YEAR })).body.result.student;
    expect(before.imgSrc).toBeTruthy();
    await upload("student", { bytes: await workbook(STUDENT_HEADERS, [studentRow({ 학번: form.id, 이름: "사진유지" })]), name: "c.xlsx" });
    const after = (await call("/api/student/getDetail.do", { usSeq, year: YEAR })).body.result.student;
    expect(after).toMatchObject({ name: "사진유지", imgSrc: before.imgSrc });
  });

  it("professors: the checks of the form; tutor uploads flag PBL tutors, professor uploads keep the flag", async () => {
    const id = digitsId("6");
    const row = (over: Record<string, string> = {}) => {
      const base: Record<string, string> = {
        사번: id, 이름: "문경훈", 성별: "남", 입사일: "2012-09-01", 재직상태: "재직", 퇴사일: "", 직위: "교수", 소속: "외과학교실",
        출신학교: "부산대학교 의과대학", 수련기관: "부산대학교병원", 연락처: "010-7070-8080", 이메일: "", "이메일 도메인": "", ...over,
      };
      return PROFESSOR_HEADERS.map((h) => base[h]);
    };
    const bad = [
      row({ 사번: digitsId("6"), 입사일: "2012/13/01" }),
      row({ 사번: digitsId("6"), 재직상태: "퇴직" }),
      row({ 사번: digitsId("6"), 재직상태: "퇴직", 퇴사일: "어제" }),
      row({ 사번: "AB12" }),
      row({ 사번: digitsId("6"), 이메일: "kh.moon" }),
    ];
    const r = await upload("tutor", { bytes: await workbook(PROFESSOR_HEADERS, [row(), ...bad]), name: "tutor.xlsx" });
    expect(r.body.successCount).toBe(1);
    expect(r.body.failures.map((f: { row: number; message: string }) => [f.row, f.message])).toEqual([
      [3, MSG.hireDateFormat],
      [4, MSG.resignDateRequired],
      [5, MSG.resignDateFormat],
      [6, OWN_MSG.employeeIdDigits],
      [7, MSG.domainRequired],
    ]);
    expect(r.body.message).toBe("성공 1건, 실패 5건");
    const tutors = await call("/api/tutor/getList.do", { year: YEAR, value: id });
    expect(tutors.body.result.list).toHaveLength(1);
    expect(tutors.body.result.list[0]).toMatchObject({ name: "문경훈", tutorYn: "Y", txt: "외과학교실 · 교수" });

    const p = await upload("professor", { bytes: await workbook(PROFESSOR_HEADERS, [row({ 이름: "문경훈", 직위: "부교수" })]), name: "p.xlsx" });
    expect(p.body).toMatchObject({ successCount: 1, faildCount: 0 });
    const still = await call("/api/tutor/getList.do", { year: YEAR, value: id });
    expect(still.body.result.list[0]).toMatchObject({ tutorYn: "Y", txt: "외과학교실 · 부교수" });
  });

  it.each([
    ["a csv", { bytes: new TextEncoder().encode("학번,이름\n1,a"), name: "students.csv" }, MSG.xlsxOnly],
    ["an xls", { bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), name: "students.xls" }, MSG.xlsxOnly],
    ["an .xlsx that is not a zip", { bytes: new TextEncoder().encode("<html>"), name: "students.xlsx" }, MSG.xlsxOnly],
    ["a broken zip", { bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), name: "students.xlsx" }, OWN_MSG.excelUnreadable],
    ["more than 10 MB", { bytes: Object.assign(new Uint8Array(10 * 1024 * 1024 + 1), { 0: 0x50, 1: 0x4b, 2: 3, 3: 4 }), name: "big.xlsx" }, MSG.fileTooLarge],
  ])("refuses %s", async (_what, file, message) => {
    const r = await upload("student", file);
    expect(r.body).toEqual({ status: 400, message });
  });

  it("refuses two files, no file, no year, wrong headers and an empty sheet", async () => {
    const bytes = await workbook(STUDENT_HEADERS, [studentRow()]);
    expect((await upload("student", [{ bytes, name: "a.xlsx" }, { bytes, name: "b.xlsx" }])).body).toEqual({ status: 400, message: MSG.oneFileOnly });
    expect((await upload("student", [])).body).toEqual({ status: 400, message: OWN_MSG.fileRequired });
    expect((await upload("student", { bytes, name: "a.xlsx" }, {})).body).toEqual({ status: 400, message: MSG.yearRequired });
    const wrong = await workbook(PROFESSOR_HEADERS, [["1"]]);
    expect((await upload("student", { bytes: wrong, name: "a.xlsx" })).body).toEqual({ status: 400, message: OWN_MSG.excelHeaders });
    const empty = await workbook(STUDENT_HEADERS, []);
    expect((await upload("student", { bytes: empty, name: "a.xlsx" })).body).toEqual({ status: 400, message: OWN_MSG.excelEmpty });
  });

  it("refuses a zip bomb with its own message (an 8 MB shared-string table in a few kilobytes)", async () => {
    const zip = await JSZip.loadAsync(await workbook(STUDENT_HEADERS, [studentRow()]));
    zip.file("xl/sharedStrings.xml", `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${"<si><t>가</t></si>".repeat(400_000)}</sst>`);
    const bytes = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE", compressionOptions: { level: 9 } });
    expect(bytes.length).toBeLessThan(100 * 1024);
    expect((await upload("student", { bytes, name: "bomb.xlsx" })).body).toEqual({ status: 400, message: OWN_MSG.excelTooLarge });
  });

  it("refuses a body far over the limit with HTTP 413 before reading it", async () => {
    const r = await upload("student", { bytes: new Uint8Array(11 * 1024 * 1024), name: "huge.xlsx" });
    expect(r.http).toBe(413);
    expect(r.body).toEqual({ status: 413, message: MSG.fileTooLarge });
  });

  it("needs a token", async () => {
    const r = await server.api.call("/api/student/excelUpload.do", undefined, { form: formData({ year: YEAR }) });
    expect(r.http).toBe(401);
  });
});
