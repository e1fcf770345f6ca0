/**
 * Students, professors and PBL tutors (spec 001 §7 "Students and professors", docs/contract.md
 * "People"): code lists, lists with evaluation mode, details, saves with their validation messages
 * in order, 201 duplicates, photos and /view/imgView.do, delete, the high-school search.
 */
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi } from "./client";
import { JPEG_BYTES, PNG_BYTES, digitsId, formData, professorForm, studentForm } from "./people-fixtures";

const server = adminApi();
const { call } = server;

/** Records this file creates go to their own year, so seeded years stay as seeded. */
const YEAR = 2037;

const multipart = (path: string, fields: Record<string, string | number>, files: Parameters<typeof formData>[1] = {}) =>
  server.api.call(path, undefined, { token: server.admin.accessToken, form: formData(fields, files) });

async function createStudent(over: Record<string, unknown> = {}, files: Parameters<typeof formData>[1] = {}) {
  const form = studentForm(over);
  const r = await multipart("/api/student/edit.do", { ...form, year: YEAR }, files);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, message: MSG.created });
  return { form, usSeq: r.body.result.usSeq as number };
}

async function createProfessor(over: Record<string, unknown> = {}, year = YEAR) {
  const form = professorForm(over);
  const r = await multipart("/api/professor/edit.do", { ...form, year });
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 200, message: MSG.created });
  return { form, usSeq: r.body.result.usSeq as number };
}

describe("access", () => {
  it.each([
    "/api/student/getCodeList.do",
    "/api/student/getCodeListAll.do",
    "/api/student/getList.do",
    "/api/student/getDetail.do",
    "/api/student/edit.do",
    "/api/student/delete.do",
    "/api/student/schoolSearch.do",
    "/api/professor/getCodeList.do",
    "/api/professor/getCodeListAll.do",
    "/api/professor/getList.do",
    "/api/professor/getDetail.do",
    "/api/professor/edit.do",
    "/api/professor/delete.do",
    "/api/tutor/getList.do",
    "/api/eval/getEvalColumnsList.do",
  ])("%s needs an access token", async (path) => {
    const r = await server.api.call(path, {});
    expect(r.http).toBe(401);
  });
});

describe("code lists", () => {
  it("student getCodeList: grades, enrolment statuses and the years with records", async () => {
    const r = await call("/api/student/getCodeList.do", { year: 2025, status: "", usTy: 1 });
    expect(r.body.status).toBe(200);
    expect(r.body.result.afltnList.map((c: { text: string }) => c.text)).toEqual(["1학년", "2학년", "3학년", "4학년", "5학년", "6학년"]);
    expect(r.body.result.statusList.map((c: { id: string }) => c.id)).toEqual([
      "0000600001", "0000600002", "0000600003", "0000600004", "0000600005", "0000600006",
    ]);
    expect(r.body.result.yearList).toEqual(expect.arrayContaining([2024, 2025, 2026]));
    const years: number[] = r.body.result.yearList;
    expect([...years].sort((a, b) => b - a)).toEqual(years);
  });

  it("professor getCodeList: departments and employment statuses", async () => {
    const r = await call("/api/professor/getCodeList.do", { year: 2025 });
    expect(r.body.result.afltnList).toHaveLength(18);
    expect(r.body.result.statusList.map((c: { text: string }) => c.text)).toEqual(["재직", "휴직", "퇴직", "파견"]);
    const asStudent = await call("/api/professor/getCodeList.do", { year: 2025, usTy: "1" });
    expect(asStudent.body.result.afltnList).toHaveLength(6);
  });

  it("getCodeListAll answers every list of the forms", async () => {
    const s = await call("/api/student/getCodeListAll.do", { year: 2025 });
    expect(Object.fromEntries(Object.entries(s.body.result).map(([k, v]) => [k, (v as unknown[]).length]))).toEqual({
      attnList: 6, grdeList: 6, birthPlaceList: 18, admsSlctnList: 7, emailCdList: 7,
    });
    const p = await call("/api/professor/getCodeListAll.do", { year: "2025" });
    expect(Object.fromEntries(Object.entries(p.body.result).map(([k, v]) => [k, (v as unknown[]).length]))).toEqual({
      emplyList: 4, jobCdList: 8, dptCdList: 18, emailCdList: 7,
    });
    expect(p.body.result.emplyList[2]).toEqual({ id: "0001100003", text: "퇴직" });
  });

  it("a year without codes falls back to the latest year that has them", async () => {
    const r = await call("/api/student/getCodeListAll.do", { year: 2040 });
    expect(r.body.result.grdeList).toHaveLength(6);
  });
});

describe("seeded people", () => {
  it.each([2024, 2025, 2026])("%i: about 400 students over six grades, graduates and leave", async (year) => {
    const r = await call("/api/student/getList.do", { year, grde: "all", attn: [], value: "" });
    const list: { grdeCd: string | null; attnCd: string; name: string; id: string }[] = r.body.result.list;
    expect(r.body.result.total).toBe(list.length);
    expect(list.length).toBeGreaterThanOrEqual(380);
    expect(list.length).toBeLessThanOrEqual(460);
    for (let g = 1; g <= 6; g++) expect(list.filter((s) => s.grdeCd === `000080000${g}`).length).toBeGreaterThan(40);
    expect(list.filter((s) => s.attnCd === "0000600005").length).toBeGreaterThan(30);
    expect(list.some((s) => s.attnCd === "0000600002")).toBe(true);
    for (const s of list) {
      expect(s.name).toMatch(/^[가-힣]{2,4}$/);
      expect(s.id).toMatch(/^[0-9]+$/);
    }
  });

  it.each([2024, 2025, 2026])("%i: 80 professors, about 20 of them PBL tutors", async (year) => {
    const r = await call("/api/professor/getList.do", { year, dpt: "all", emply: [], value: "" });
    expect(r.body.result.list).toHaveLength(80);
    const t = await call("/api/tutor/getList.do", { year, dpt: "all", emply: [], value: "" });
    expect(t.body.result.list.length).toBeGreaterThanOrEqual(15);
    expect(t.body.result.list.length).toBeLessThanOrEqual(30);
    expect(t.body.result.list.every((p: { tutorYn: string }) => p.tutorYn === "Y")).toBe(true);
    const resigned = r.body.result.list.filter((p: { emplyCd: string }) => p.emplyCd === "0001100003");
    expect(resigned.length).toBeGreaterThan(0);
  });
});

describe("student list", () => {
  it("answers rows of status, id, name and a descriptive text", async () => {
    const r = await call("/api/student/getList.do", { year: 2026, grde: ["0000800003"], attn: ["0000600001"], value: "" });
    const row = r.body.result.list[0];
    expect(Object.keys(row).sort()).toEqual(["attnCd", "grdeCd", "id", "imgSrc", "name", "status", "stSeq", "txt", "usSeq", "year"].sort());
    expect(row.status).toBe("재학");
    expect(row.txt).toMatch(/^3학년 · 2024학번 · /);
    expect(r.body.result.list.every((s: { grdeCd: string; attnCd: string }) => s.grdeCd === "0000800003" && s.attnCd === "0000600001")).toBe(true);
  });

  it("'all' in a multi-select is no filter; search matches name or id", async () => {
    const all = await call("/api/student/getList.do", { year: 2026, grde: "all" });
    const allInList = await call("/api/student/getList.do", { year: "2026", grde: ["all", "0000800001"], attn: "all" });
    expect(allInList.body.result.total).toBe(all.body.result.total);
    const someone = all.body.result.list[10];
    const byId = await call("/api/student/getList.do", { year: 2026, value: someone.id });
    expect(byId.body.result.list.map((s: { id: string }) => s.id)).toEqual([someone.id]);
    const byName = await call("/api/student/getList.do", { year: 2026, value: someone.name.slice(1) });
    expect(byName.body.result.list.every((s: { name: string }) => s.name.includes(someone.name.slice(1)))).toBe(true);
    const none = await call("/api/student/getList.do", { year: 2026, value: "존재하지않는이름%" });
    expect(none.body.result).toEqual({ list: [], total: 0 });
  });

  it("refuses a malformed filter", async () => {
    expect((await call("/api/student/getList.do", { year: "twenty" })).body).toEqual({ status: 400, message: OWN_MSG.badRequest });
    expect((await call("/api/student/getList.do", { grde: { x: 1 } })).body.status).toBe(400);
  });
});

describe("evaluation mode", () => {
  it("getEvalColumnsList answers the configured columns", async () => {
    const r = await call("/api/eval/getEvalColumnsList.do", { eiSeq: 1, menuSeq: 21, year: 2026 });
    expect(r.body.result.list).toEqual([
      { clm: "id", clmNm: "사번" },
      { clm: "name", clmNm: "이름" },
      { clm: "dptNm", clmNm: "소속" },
      { clm: "jobNm", clmNm: "직위" },
      { clm: "emplyNm", clmNm: "재직상태" },
    ]);
    const later = await call("/api/eval/getEvalColumnsList.do", { eiSeq: "1", menuSeq: "21", year: "2031" });
    expect(later.body.result.list).toEqual(r.body.result.list);
    expect((await call("/api/eval/getEvalColumnsList.do", { eiSeq: 99, menuSeq: 21, year: 2026 })).body.result.list).toEqual([]);
    expect((await call("/api/eval/getEvalColumnsList.do", { menuSeq: 21, year: 2026 })).body.status).toBe(400);
  });

  it("list calls answer only the configured columns' data and the columns", async () => {
    const s = await call("/api/student/getList.do", { year: 2026, grde: "all", eiSeq: 2, menuSeq: 11 });
    expect(s.body.result.columns.map((c: { clm: string }) => c.clm)).toEqual(["id", "name", "admsSlctnNm", "birthPlaceNm", "highSchool"]);
    for (const row of s.body.result.list) expect(Object.keys(row)).toEqual(["id", "name", "admsSlctnNm", "birthPlaceNm", "highSchool"]);
    expect(s.body.result.list[0].highSchool).toMatch(/고등학교$/);

    const p = await call("/api/professor/getList.do", { year: 2026, eiSeq: 1, menuSeq: 21 });
    expect(Object.keys(p.body.result.list[0])).toEqual(["id", "name", "dptNm", "jobNm", "emplyNm"]);
    expect(p.body.result.list[0].dptNm).toMatch(/교실$/);

    const t = await call("/api/tutor/getList.do", { year: 2026, eiSeq: 2, menuSeq: 22 });
    expect(t.body.result.columns).toHaveLength(4);
    expect(t.body.result.total).toBe(t.body.result.list.length);
  });
});

describe("student save", () => {
  it("registers, reads, updates and deletes a student", async () => {
    const { form, usSeq } = await createStudent();
    const d = await call("/api/student/getDetail.do", { usSeq, year: YEAR });
    expect(d.body.result.student).toMatchObject({
      usSeq,
      year: YEAR,
      id: form.id,
      name: "한지우",
      brde: "2006-04-12",
      brdeY: "2006",
      brdeM: "04",
      brdeD: "12",
      telNo: "010-4821-0935",
      telNo1: "010",
      attnNm: "재학",
      grdeNm: "2학년",
      emailAddr: "jiwoo.han@gmail.com",
      cohortYn: "Y",
      imgSrc: null,
    });
    expect(d.body.result.student.regDt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const u = await multipart("/api/student/edit.do", { ...form, usSeq, year: YEAR, name: "한지우나", attnCd: "0000600005", grdtnYear: "2031" });
    expect(u.body).toMatchObject({ status: 200, message: MSG.updated });
    const after = (await call("/api/student/getDetail.do", { usSeq, year: YEAR })).body.result.student;
    expect(after).toMatchObject({ name: "한지우나", attnCd: "0000600005", grdeCd: null, grdtnYear: 2031, status: "졸업" });

    const del = await call("/api/student/delete.do", { usSeq, year: YEAR });
    expect(del.body).toMatchObject({ status: 200, message: MSG.deleteDone });
    expect((await call("/api/student/getDetail.do", { usSeq, year: YEAR })).body).toEqual({ status: 404, message: MSG.noData });
    expect((await call("/api/student/delete.do", { usSeq, year: YEAR })).body).toEqual({ status: 404, message: MSG.noData });
  });

  it("answers 201 with a message for a student number already in the year", async () => {
    const { form } = await createStudent();
    const again = await multipart("/api/student/edit.do", { ...studentForm({ id: form.id, name: "다른이름" }), year: YEAR });
    expect(again.body).toEqual({ status: 201, message: OWN_MSG.studentIdTaken });
    // The same number in another year is another record of the same person.
    const other = await multipart("/api/student/edit.do", { ...form, year: YEAR + 1 });
    expect(other.body.status).toBe(200);
  });

  it("keeps the student number of a saved record", async () => {
    const { form, usSeq } = await createStudent();
    const r = await multipart("/api/student/edit.do", { ...form, usSeq, year: YEAR, id: digitsId() });
    expect(r.body).toEqual({ status: 400, message: OWN_MSG.studentIdReadOnly });
    const missing = await multipart("/api/student/edit.do", { ...form, usSeq: 99999999, year: YEAR });
    expect(missing.body).toEqual({ status: 404, message: MSG.noData });
  });

  it("accepts the joined wire fields (brde, telNo) and a JSON body", async () => {
    const form = studentForm();
    const { brdeY, brdeM, brdeD, telNo1, telNo2, telNo3, ...rest } = form;
    const r = await call("/api/student/edit.do", { ...rest, brde: `${brdeY}-${brdeM}-${brdeD}`, telNo: `${telNo1}-${telNo2}-${telNo3}`, brdeOrg: "", telNoOrg: "", year: YEAR });
    expect(r.body).toMatchObject({ status: 200, message: MSG.created });
  });

  it("accepts the spec's names alone: brdeOrg and telNoOrg (spec 001 §7), multipart", async () => {
    const form = studentForm();
    const { brdeY, brdeM, brdeD, telNo1, telNo2, telNo3, ...rest } = form;
    const r = await multipart("/api/student/edit.do", { ...rest, brdeOrg: `${brdeY}-${brdeM}-${brdeD}`, telNoOrg: `${telNo1}-${telNo2}-${telNo3}`, year: YEAR });
    expect(r.body).toMatchObject({ status: 200, message: MSG.created });
    const d = await call("/api/student/getDetail.do", { usSeq: r.body.result.usSeq, year: YEAR });
    expect(d.body.result.student).toMatchObject({ brde: `${brdeY}-${brdeM}-${brdeD}`, telNo: `${telNo1}-${telNo2}-${telNo3}` });
    // brdeOrg and telNoOrg win over brde and telNo
    const both = await multipart("/api/student/edit.do", { ...rest, usSeq: r.body.result.usSeq, brdeOrg: "2005-12-31", brde: "2001-01-01", telNoOrg: "011-222-3333", telNo: "010-9999-9999", year: YEAR });
    expect(both.body).toMatchObject({ status: 200, message: MSG.updated });
    expect((await call("/api/student/getDetail.do", { usSeq: r.body.result.usSeq, year: YEAR })).body.result.student).toMatchObject({ brde: "2005-12-31", telNo: "011-222-3333" });
    const missing = await multipart("/api/student/edit.do", { ...rest, id: digitsId(), year: YEAR });
    expect(missing.body).toEqual({ status: 400, message: OWN_MSG.birthDateRequired });
  });

  it("answers the first failing field's message in screen order", async () => {
    const steps: [Record<string, string>, string][] = [
      [{ year: "" }, MSG.yearRequired],
      [{ name: "" }, MSG.nameRequired],
      [{ admsYear: "" }, OWN_MSG.admsYearRequired],
      [{ brdeD: "" }, OWN_MSG.birthDateRequired],
      [{ brdeM: "02", brdeD: "31" }, OWN_MSG.birthDateInvalid],
      [{ highSchool: "" }, OWN_MSG.highSchoolRequired],
      [{ admsSlctn: "" }, OWN_MSG.admsSlctnRequired],
      [{ emailCd: "" }, MSG.domainRequired],
      [{ email: "" }, MSG.emailInputRequired],
      [{ id: "" }, OWN_MSG.studentIdRequired],
      [{ id: "2025-01" }, OWN_MSG.studentIdDigits],
      [{ attnCd: "" }, OWN_MSG.attnRequired],
      [{ grdeCd: "" }, OWN_MSG.gradeRequired],
      [{ attnCd: "0000600005", grdeCd: "" }, OWN_MSG.grdtnYearRequired],
      [{ birthPlace: "" }, OWN_MSG.birthPlaceRequired],
      [{ hsGrdtnYear: "" }, OWN_MSG.hsGrdtnYearRequired],
      [{ telNo3: "" }, MSG.phoneAllRequired],
      [{ telNo2: "12345" }, OWN_MSG.phoneFormat],
    ];
    for (const [over, message] of steps) {
      const r = await multipart("/api/student/edit.do", { ...studentForm(), year: YEAR, ...over });
      expect(r.body, JSON.stringify(over)).toEqual({ status: 400, message });
    }
    const everything = await multipart("/api/student/edit.do", { year: YEAR, telNo2: "x" });
    expect(everything.body).toEqual({ status: 400, message: MSG.nameRequired });
    const laterOnly = await multipart("/api/student/edit.do", { ...studentForm(), year: YEAR, hsGrdtnYear: "", highSchool: "" });
    expect(laterOnly.body.message).toBe(OWN_MSG.highSchoolRequired);
  });

  it("04 and 06 need neither grade nor graduation year", async () => {
    for (const attnCd of ["0000600004", "0000600006"]) {
      const { usSeq } = await createStudent({ attnCd, grdeCd: "", grdtnYear: "" });
      const d = await call("/api/student/getDetail.do", { usSeq, year: YEAR });
      expect(d.body.result.student).toMatchObject({ attnCd, grdeCd: null, grdtnYear: null });
    }
  });

  it("refuses a code that is not in the year's list with that field's message", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ attnCd: "0000600099" }, OWN_MSG.attnRequired],
      [{ grdeCd: "0000800009" }, OWN_MSG.gradeRequired],
      [{ birthPlace: "0000300001" }, OWN_MSG.birthPlaceRequired],
      [{ admsSlctn: "0000700099" }, OWN_MSG.admsSlctnRequired],
      [{ emailCd: "0000400099" }, MSG.domainRequired],
    ];
    for (const [over, message] of cases) {
      const r = await multipart("/api/student/edit.do", { ...studentForm(over), year: YEAR });
      expect(r.body, JSON.stringify(over)).toEqual({ status: 400, message });
    }
  });
});

describe("photos", () => {
  it("stores a png photo and serves it through /view/imgView.do", async () => {
    const { usSeq } = await createStudent({}, { imgFile: [{ bytes: PNG_BYTES, name: "증명사진.png", type: "image/png" }] });
    const s = (await call("/api/student/getDetail.do", { usSeq, year: YEAR })).body.result.student;
    expect(s.imgSrc).toMatch(/^photo\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const img = await server.api.raw(`/view/imgView.do?filePath=${encodeURIComponent(s.imgSrc)}`, { token: server.admin.accessToken });
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(img.headers.get("x-content-type-options")).toBe("nosniff");
    expect(img.headers.get("cache-control")).toBe("private, no-store");
    expect(img.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(PNG_BYTES);
    expect((await server.api.raw(`/view/imgView.do?filePath=${encodeURIComponent(s.imgSrc)}`)).status).toBe(401);

    // A later save without a photo keeps it; with a jpg replaces it.
    const form = { ...studentForm({ id: s.id }), usSeq, year: YEAR };
    await multipart("/api/student/edit.do", form);
    expect((await call("/api/student/getDetail.do", { usSeq, year: YEAR })).body.result.student.imgSrc).toBe(s.imgSrc);
    await multipart("/api/student/edit.do", form, { imgFile: [{ bytes: JPEG_BYTES, name: "new.jpg" }] });
    const replaced = (await call("/api/student/getDetail.do", { usSeq, year: YEAR })).body.result.student.imgSrc;
    expect(replaced).toMatch(/\.jpg$/);
    const jpg = await server.api.raw(`/view/imgView.do?filePath=${encodeURIComponent(replaced)}`, { token: server.admin.accessToken });
    expect(jpg.headers.get("content-type")).toBe("image/jpeg");
  });

  it.each([
    ["another extension", { bytes: PNG_BYTES, name: "photo.gif" }, MSG.photoExtension],
    ["jpeg spelled out", { bytes: JPEG_BYTES, name: "photo.jpeg" }, MSG.photoExtension],
    ["a png that is not one", { bytes: new TextEncoder().encode("<svg onload=alert(1)>"), name: "photo.png" }, MSG.photoExtension],
    ["a jpg holding a png", { bytes: PNG_BYTES, name: "photo.jpg" }, MSG.photoExtension],
    ["more than 10 MB", { bytes: new Uint8Array(10 * 1024 * 1024 + 1).fill(0xff), name: "big.jpg" }, MSG.fileTooLarge],
  ])("refuses %s", async (_what, file, message) => {
    const form = studentForm();
    const r = await multipart("/api/student/edit.do", { ...form, year: YEAR }, { imgFile: [file] });
    expect(r.body).toEqual({ status: 400, message });
    const list = await call("/api/student/getList.do", { year: YEAR, value: form.id });
    expect(list.body.result.total).toBe(0);
  });

  it("refuses two photos", async () => {
    const r = await multipart("/api/student/edit.do", { ...studentForm(), year: YEAR }, {
      imgFile: [{ bytes: PNG_BYTES, name: "a.png" }, { bytes: PNG_BYTES, name: "b.png" }],
    });
    expect(r.body).toEqual({ status: 400, message: MSG.oneFileOnly });
  });

  it("a professor's photo is the 'file' field", async () => {
    const form = professorForm();
    const r = await multipart("/api/professor/edit.do", { ...form, year: YEAR }, { file: [{ bytes: PNG_BYTES, name: "p.png" }] });
    const d = await call("/api/professor/getDetail.do", { usSeq: r.body.result.usSeq, year: YEAR });
    expect(d.body.result.professor.imgSrc).toMatch(/\.png$/);
    const bad = await multipart("/api/professor/edit.do", { ...professorForm(), year: YEAR }, { file: [{ bytes: JPEG_BYTES, name: "p.png" }] });
    expect(bad.body).toEqual({ status: 400, message: MSG.photoExtension });
  });

  it.each([
    ["../manual/x.pdf"],
    ["photo/../manual"],
    ["photo\\2026\\x.png"],
    ["/photo/2026/01/x.png"],
    ["photo/2026/01/x.png\u0000.png"],
    ["photo/2026/01/00000000-0000-0000-0000-000000000000.png"],
    ["x.png"],
    [""],
  ])("imgView refuses %j with 404", async (filePath) => {
    const r = await server.api.raw(`/view/imgView.do?filePath=${encodeURIComponent(filePath)}`, { token: server.admin.accessToken });
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ status: 404, message: OWN_MSG.fileNotFound });
  });

  it("imgView serves images only (the stored manual is not one)", async () => {
    const info = await call("/api/manualInfo.do");
    if (info.body.status !== 200) return; // no manual stored in this backend
    const path = `${info.body.result.fileRovl}/${info.body.result.fileFlnm}`;
    const r = await server.api.raw(`/view/imgView.do?filePath=${encodeURIComponent(path)}`, { token: server.admin.accessToken });
    expect(r.status).toBe(404);
  });
});

describe("professor save", () => {
  it("registers, reads, updates and deletes a professor", async () => {
    const { form, usSeq } = await createProfessor();
    const d = await call("/api/professor/getDetail.do", { usSeq, year: YEAR });
    expect(d.body.result.professor).toMatchObject({
      usSeq,
      pfId: form.id,
      id: form.id,
      year: YEAR,
      gndr: "W",
      gndrNm: "여",
      emplyDate: "2015-03-01",
      emplyNm: "재직",
      rsgntDate: null,
      jobNm: "부교수",
      dptNm: "내과학교실",
      telNo: "010-3310-7702",
      telNo1: "010",
      emailAddr: "seyoung.yoon@medicine.ac.kr",
      tutorYn: "N",
    });
    expect(typeof d.body.result.professor.pfSeq).toBe("number");

    const u = await multipart("/api/professor/edit.do", { ...form, usSeq, year: YEAR, emplyCd: "0001100003", rsgntDate: "2037-02-28" });
    expect(u.body).toMatchObject({ status: 200, message: MSG.updated });
    const after = (await call("/api/professor/getDetail.do", { usSeq, year: YEAR })).body.result.professor;
    expect(after).toMatchObject({ emplyCd: "0001100003", rsgntDate: "2037-02-28", status: "퇴직" });

    const back = await multipart("/api/professor/edit.do", { ...form, usSeq, year: YEAR, emplyCd: "0001100001", rsgntDate: "2037-02-28" });
    expect(back.body.status).toBe(200);
    expect((await call("/api/professor/getDetail.do", { usSeq, year: YEAR })).body.result.professor.rsgntDate).toBeNull();

    expect((await call("/api/professor/delete.do", { usSeq, year: YEAR })).body).toMatchObject({ status: 200, message: MSG.deleteDone });
    expect((await call("/api/professor/getDetail.do", { usSeq, year: YEAR })).body).toEqual({ status: 404, message: MSG.noData });
  });

  it("accepts telNo joined with '-' alone (spec 001 §3, §7)", async () => {
    const form = professorForm();
    const { telNo1: _1, telNo2: _2, telNo3: _3, ...rest } = form;
    const r = await multipart("/api/professor/edit.do", { ...rest, telNo: "019-123-4567", year: YEAR });
    expect(r.body).toMatchObject({ status: 200, message: MSG.created });
    const d = (await call("/api/professor/getDetail.do", { usSeq: r.body.result.usSeq, year: YEAR })).body.result.professor;
    expect(d).toMatchObject({ telNo: "019-123-4567", telNo1: "019", telNo2: "123", telNo3: "4567" });
    const none = await multipart("/api/professor/edit.do", { ...rest, id: digitsId(), year: YEAR });
    expect(none.body).toEqual({ status: 400, message: MSG.phoneAllRequired });
  });

  it("answers the eleven checks of spec 001 §5 in order", async () => {
    const all: Record<string, string> = {
      name: "",
      id: "",
      emplyDate: "2015.03.01",
      emplyCd: "0001100003",
      rsgntDate: "",
      jobCd: "",
      dptCd: "",
      school: "",
      telNo2: "",
      email: "",
    };
    const fixes: [string, string, string][] = [
      ["name", "이준호", MSG.nameRequired],
      ["id", digitsId("7"), MSG.employeeIdRequired],
      ["emplyDate", "", MSG.hireDateFormat],
      ["emplyDate", "2015-03-01", MSG.hireDateRequired],
      ["emplyCd", "", MSG.resignDateRequired],
      ["emplyCd", "0001100003", MSG.employmentRequired],
      ["rsgntDate", "2026-13-01", MSG.resignDateRequired],
      ["rsgntDate", "2026-08-31", MSG.resignDateFormat],
      ["jobCd", "0000500001", MSG.positionRequired],
      ["dptCd", "0000300002", MSG.affiliationRequired],
      ["school", "가톨릭대학교 의과대학", MSG.almaMaterRequired],
      ["telNo2", "5555", MSG.phoneAllRequired],
      ["email", "junho.lee", MSG.emailInputRequired],
    ];
    const body: Record<string, string> = { ...professorForm(), ...all, year: String(YEAR) };
    for (const [field, value, expected] of fixes) {
      const r = await multipart("/api/professor/edit.do", body);
      expect(r.body, `before fixing ${field}`).toEqual({ status: 400, message: expected });
      body[field] = value;
    }
    body.emailCd = "";
    expect((await multipart("/api/professor/edit.do", body)).body).toEqual({ status: 400, message: MSG.domainRequired });
    body.emailCd = "0000400001";
    expect((await multipart("/api/professor/edit.do", body)).body).toMatchObject({ status: 200, message: MSG.created });
  });

  it("ids are digits only, kept once saved, and unique in the year (201)", async () => {
    expect((await multipart("/api/professor/edit.do", { ...professorForm({ id: "P-1" }), year: YEAR })).body).toEqual({
      status: 400,
      message: OWN_MSG.employeeIdDigits,
    });
    const { form, usSeq } = await createProfessor();
    expect((await multipart("/api/professor/edit.do", { ...professorForm({ id: form.id }), year: YEAR })).body).toEqual({
      status: 201,
      message: OWN_MSG.employeeIdTaken,
    });
    expect((await multipart("/api/professor/edit.do", { ...form, usSeq, id: digitsId("7"), year: YEAR })).body).toEqual({
      status: 400,
      message: OWN_MSG.employeeIdReadOnly,
    });
  });

  it("refuses codes outside the year's lists", async () => {
    for (const [over, message] of [
      [{ emplyCd: "0001100009" }, MSG.employmentRequired],
      [{ jobCd: "0000300001" }, MSG.positionRequired],
      [{ dptCd: "0000500001" }, MSG.affiliationRequired],
      [{ emailCd: "0000400099" }, MSG.domainRequired],
    ] as const) {
      expect((await multipart("/api/professor/edit.do", { ...professorForm(over), year: YEAR })).body).toEqual({ status: 400, message });
    }
  });

  it("PBL tutors: tutorYn Y lists the professor in /api/tutor/getList.do; a save without tutorYn keeps it", async () => {
    const { form, usSeq } = await createProfessor({ tutorYn: "Y", name: "튜터교수" });
    const tutors = async () => (await call("/api/tutor/getList.do", { year: YEAR, dpt: "all", value: form.id })).body.result.list;
    expect((await tutors()).map((t: { usSeq: number }) => t.usSeq)).toEqual([usSeq]);
    await multipart("/api/professor/edit.do", { ...form, usSeq, year: YEAR, name: "튜터교수이름" });
    expect((await tutors())[0]).toMatchObject({ name: "튜터교수이름", tutorYn: "Y" });
    await multipart("/api/professor/edit.do", { ...form, usSeq, year: YEAR, tutorYn: "N" });
    expect(await tutors()).toEqual([]);
  });

  it("professor list filters by department, status and text", async () => {
    const r = await call("/api/professor/getList.do", { year: 2025, dpt: ["0000300009", "0000300010"], emply: ["0001100001"], value: "" });
    expect(r.body.result.list.length).toBeGreaterThan(0);
    for (const p of r.body.result.list) {
      expect(["0000300009", "0000300010"]).toContain(p.dptCd);
      expect(p.emplyCd).toBe("0001100001");
      expect(p.txt).toMatch(/^(내과학교실|외과학교실) · /);
    }
  });
});

describe("high-school search", () => {
  it("finds schools by name with their education office, 10 a page", async () => {
    const r = await call("/api/student/schoolSearch.do", { schoolName: "경신", page: 1 });
    expect(r.body.status).toBe(200);
    expect(r.body.result.list).toEqual(
      expect.arrayContaining([
        { eduOffice: "서울특별시교육청", schoolName: "경신고등학교" },
        { eduOffice: "대구광역시교육청", schoolName: "경신고등학교" },
      ]),
    );
    const all = await call("/api/student/schoolSearch.do", { schoolName: "", page: 1 });
    expect(all.body.result.list).toHaveLength(10);
    expect(all.body.result.total).toBeGreaterThan(300);
    const page2 = await call("/api/student/schoolSearch.do", { schoolName: "", page: 2 });
    expect(page2.body.result.list[0]).not.toEqual(all.body.result.list[0]);
    const many = await call("/api/student/schoolSearch.do", { schoolName: "외국어", page: 1 });
    expect(many.body.result.total).toBeGreaterThan(10);
    expect(many.body.result.list).toHaveLength(10);
    expect((await call("/api/student/schoolSearch.do", { schoolName: "없는학교이름" })).body.result).toMatchObject({ list: [], total: 0 });
  });
});
