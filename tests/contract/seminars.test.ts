/**
 * R07 seminars (spec 001 §7 "Seminars"; docs/contract.md "Seminars"): the list (the year's
 * seminars with category, place and schedule names, the text filter, evaluation mode), the
 * category codes by year, getPfInfo.do, the multipart edit re-validated on the server (the
 * dialog's rules and messages, the category of the year, every participant the year's professor
 * with the confirmed usSeq, the schedule by extension, signature and size), update with the
 * schedule replaced and removed, the detail (users as JSON text; none '데이터가 없습니다.'), the
 * schedule's download (same bytes, Korean name), delete, and Excel (download, sample, upload with
 * failing rows). Seminars are made in 2025 with professors created here (unique numbers).
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { tinyPdf } from "../../app/embedded/db/seed-activities.server";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { SEMINARS } from "../../app/routes/_app.insert.professor.seminar+/__calls";
import { pathsOf } from "../../app/calls/define";
import { SEMINAR_CODE, SEMINAR_MENU } from "../../app/routes/_app.insert.professor.seminar+/__schema";
import { adminApi } from "./client";
import { formData, professorForm } from "./people-fixtures";

const C = pathsOf(SEMINARS);

const server = adminApi();
const YEAR = 2025;
const MB = 1024 * 1024;
const PDF = tinyPdf("seminar contract");

interface Professor {
  id: string;
  name: string;
  usSeq: number;
}

async function createProfessor(name: string, year = YEAR): Promise<Professor> {
  const form = professorForm({ name });
  const r = await server.api.call("/api/professor/edit.do", undefined, { token: server.admin.accessToken, form: formData({ ...form, year }) });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  const found = await server.call(C.lookup, { id: form.id, year });
  return { id: form.id, name, usSeq: found.body.result.pf.usSeq };
}

async function categories(year: number): Promise<{ id: string; text: string }[]> {
  const r = await server.call("/api/comm/getCommCodeList.do", { code: SEMINAR_CODE, year });
  expect(r.body.status).toBe(200);
  return r.body.result.list;
}

const user = (p: Professor) => ({ usSeq: p.usSeq, id: p.id, name: p.name });

describe("seminars", () => {
  const data = (smSe: string, users: Professor[], over: Record<string, unknown> = {}) => ({
    smSeq: null,
    year: YEAR,
    smSe,
    smStde: "2025-04-10",
    smEnde: "2025-04-11",
    placeCd: "1",
    place: "의과대학 세미나실",
    users: users.map(user),
    ...over,
  });
  const edit = (body: Record<string, unknown>, file?: { bytes: Uint8Array; name: string }) =>
    server.api.call(C.edit, undefined, { token: server.admin.accessToken, form: formData({ data: JSON.stringify(body) }, file ? { file: [file] } : {}) });

  async function listOf(value: string, extra: Record<string, unknown> = {}) {
    const r = await server.call(C.list, { year: YEAR, value, ...extra });
    expect(r.body.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as { list: Record<string, any>[]; total: number; columns?: { clm: string; clmNm: string }[] };
  }

  it("needs an access token", async () => {
    for (const path of [C.list, C.detail, C.edit, C.remove, C.lookup, C.upload]) expect((await server.api.call(path, {})).http, path).toBe(401);
    expect((await server.api.raw(`${C.download}?year=2025`)).status).toBe(401);
    expect((await server.api.raw(`${C.sample}?year=2025`)).status).toBe(401);
  });

  it("lists the year's demo seminars with category, place, participants and schedule; codes by year", async () => {
    const r = await listOf("");
    expect(r.list.length).toBeGreaterThanOrEqual(5);
    expect(r.total).toBe(r.list.length);
    const codes = await categories(YEAR);
    expect(codes.length).toBeGreaterThan(0);
    for (const row of r.list) {
      expect(row).toMatchObject({ smSeq: expect.any(Number), year: YEAR, smStde: expect.stringMatching(/^2025-\d\d-\d\d$/), placeCd: expect.stringMatching(/^[12]$/) });
      expect(codes.map((c) => c.id)).toContain(row.smSe);
      expect(row.smSeNm).toBe(codes.find((c) => c.id === row.smSe)!.text);
      expect(row.placeNm).toBe(row.placeCd === "1" ? "교내" : "교외");
      expect(row.userCnt).toBeGreaterThanOrEqual(3);
    }
    expect(r.list.some((row) => row.flnm && row.orn.endsWith(".pdf"))).toBe(true);
    expect(r.list.some((row) => !row.flnm)).toBe(true);
    // the next-but-one year has no category codes
    expect(await categories(new Date().getFullYear() + 5)).toEqual([]);
  });

  it("getPfInfo.do finds the year's professor by employee number", async () => {
    const p = await createProfessor("조회교수");
    expect((await server.call(C.lookup, { id: p.id, year: YEAR })).body.result.pf).toMatchObject({ name: "조회교수", usSeq: p.usSeq });
    expect((await server.call(C.lookup, { id: p.id, year: 2024 })).body.result.pf).toBeNull();
    expect((await server.call(C.lookup, { id: "99999999999", year: YEAR })).body.result.pf).toBeNull();
    expect((await server.call(C.lookup, { id: "", year: YEAR })).body.message).toBe(MSG.employeeLookupNeedsId);
  });

  it("saves, re-checks every rule on the server, replaces and removes the schedule, and deletes", async () => {
    const [a, b] = [await createProfessor("세미나가"), await createProfessor("세미나나")];
    const other = await createProfessor("다른해교수", 2024);
    const [code] = await categories(YEAR);
    // the dialog's rules and messages (spec 001 §5 "Seminar")
    expect((await edit(data(code.id, [a], { smStde: "" }))).body.message).toBe("시작작일을 선택해주세요.");
    expect((await edit(data(code.id, [a], { smEnde: "" }))).body.message).toBe(MSG.seminarEndRequired);
    expect((await edit(data(code.id, [a], { smStde: "2025-04-12" }))).body.message).toBe(MSG.participationDates);
    expect((await edit(data(code.id, [a], { place: " " }))).body.message).toBe(MSG.placeRequired);
    expect((await edit(data(code.id, [a], { placeCd: "3" }))).body.message).toBe(OWN_MSG.placeCdRequired);
    expect((await edit(data("", [a]))).body.message).toBe(OWN_MSG.seminarCategoryRequired);
    expect((await edit(data(code.id, []))).body.message).toBe(MSG.oneParticipantRequired);
    expect((await edit(data(code.id, [a, { ...b, id: "" }]))).body.message).toBe(MSG.employeeIdRequired);
    expect((await edit(data(code.id, [a, a]))).body.message).toBe(MSG.duplicateEmployeeId);
    expect((await edit(data(code.id, [{ ...a, usSeq: "" as unknown as number }]))).body.message).toBe(MSG.employeeLookupNotConfirmed);
    // the server's own checks: the year's categories, the year's professors, the confirmed usSeq
    expect((await edit(data("0001899999", [a]))).body.message).toBe(OWN_MSG.seminarCategoryRequired);
    // a year past this one is outside the list (spec 001 §9; issue 35)
    expect((await edit(data(code.id, [a], { year: new Date().getFullYear() + 5 }))).body.message).toBe(`년도는 2025년부터 ${new Date().getFullYear()}년까지 선택할 수 있습니다.`);
    expect((await edit(data(code.id, [other]))).body.message).toBe(MSG.employeeLookupUnknown);
    expect((await edit(data(code.id, [{ ...a, usSeq: b.usSeq }]))).body.message).toBe(MSG.employeeLookupNotConfirmed);
    // the schedule: extension, signature, size
    expect((await edit(data(code.id, [a]), { bytes: PDF, name: "일정.exe" })).body.message).toBe(MSG.activityFileType);
    expect((await edit(data(code.id, [a]), { bytes: new TextEncoder().encode("not a pdf"), name: "일정.pdf" })).body.message).toBe(MSG.activityFileType);
    const big = new Uint8Array(10 * MB + 1);
    big.set(PDF.subarray(0, 16));
    expect((await edit(data(code.id, [a]), { bytes: big, name: "일정.pdf" })).body.message).toBe(MSG.fileTooLarge);
    expect((await listOf(a.id)).list).toHaveLength(0);

    // a good one with its schedule
    const made = await edit(data(code.id, [a, b]), { bytes: PDF, name: "세미나 일정표.pdf" });
    expect(made.body.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.message).toBe(MSG.created);
    const smSeq = made.body.result.smSeq;
    const [row] = (await listOf(a.id)).list;
    expect(row).toMatchObject({ smSeq, smSe: code.id, smSeNm: code.text, smStde: "2025-04-10", smEnde: "2025-04-11", placeCd: "1", placeNm: "교내", place: "의과대학 세미나실", orn: "세미나 일정표.pdf", userCnt: 2 });
    expect(row.userNm).toBe(`세미나가(${a.id}), 세미나나(${b.id})`);
    // found by a participant's name too
    expect((await listOf("세미나나")).list.map((r) => r.smSeq)).toContain(smSeq);

    // the detail: users as JSON text; the schedule downloads with the same bytes and its Korean name
    const detail = await server.call(C.detail, { smSeq });
    const seminar = detail.body.result.seminar;
    expect(typeof seminar.users).toBe("string");
    expect(JSON.parse(seminar.users)).toEqual([expect.objectContaining(user(a)), expect.objectContaining(user(b))]);
    const res = await server.get(`/api/fileDownload.do?fileFlnm=${seminar.flnm}&fileRovl=${encodeURIComponent(seminar.rovl)}&fileOrn=${encodeURIComponent(seminar.orn)}`);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("세미나 일정표.pdf"));

    // update: one participant, off campus, the schedule replaced by an HWP; then removed
    const OLE = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0]);
    const updated = await edit(data(code.id, [b], { smSeq, placeCd: "2", place: "서울 코엑스" }), { bytes: OLE, name: "새 일정.hwp" });
    expect(updated.body.message).toBe(MSG.updated);
    expect((await server.call(C.detail, { smSeq })).body.result.seminar).toMatchObject({ placeCd: "2", place: "서울 코엑스", orn: "새 일정.hwp", userCnt: 1 });
    expect((await edit(data(code.id, [b], { smSeq, fileDel: "Y" }))).body.message).toBe(MSG.updated);
    expect((await server.call(C.detail, { smSeq })).body.result.seminar).toMatchObject({ flnm: "", orn: "" });
    expect((await edit(data(code.id, [b], { smSeq: 999999 }))).body.message).toBe(MSG.noData);

    // delete
    expect((await server.call(C.remove, { smSeq })).body.message).toBe(MSG.deleteDone);
    const gone = await server.call(C.detail, { smSeq });
    expect([gone.body.status, gone.body.message]).toEqual([404, MSG.noData]);
    expect((await server.call(C.remove, { smSeq })).body.message).toBe(MSG.deleteFailed);
    expect((await server.call(C.remove, { smSeq: "x" })).body.message).toBe(MSG.deleteFailed);
  });

  it("sorts by each seminar's own number of participants", async () => {
    const counts = (await listOf("", { sort: "userCnt:desc" })).list.map((s) => Number(s.userCnt));
    expect(new Set(counts).size).toBeGreaterThan(1);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("evaluation mode answers the configured columns only", async () => {
    const r = await listOf("", { eiSeq: 1, menuSeq: SEMINAR_MENU });
    expect(r.columns?.map((c) => c.clm)).toEqual(["year", "smSeNm", "smStde", "smEnde", "placeNm", "place", "userCnt"]);
    expect(Object.keys(r.list[0]).sort()).toEqual(r.columns!.map((c) => c.clm).sort());
  });

  it("downloads the list and the year's sample, and uploads a seminar a row", async () => {
    const p = await createProfessor("엑셀세미나");
    const res = await server.get(`${C.download}?year=${YEAR}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent(`세미나_${YEAR}.xlsx`));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    expect(wb.worksheets[0].rowCount - 1).toBe((await listOf("")).total);

    const sample = await server.get(`${C.sample}?year=${YEAR}`);
    expect(sample.status).toBe(200);
    const sw = new ExcelJS.Workbook();
    await sw.xlsx.load((await sample.arrayBuffer()) as ArrayBuffer);
    const headers = (sw.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toEqual(["구분", "시작일", "종료일", "장소 구분", "장소", "참여자 사번"]);
    const none = await server.get(`${C.sample}?year=${new Date().getFullYear() + 5}`);
    expect(none.headers.get("content-type")).toContain("json");
    expect(await none.json()).toMatchObject({ status: 400, message: MSG.noYearCodes });

    const [code] = await categories(YEAR);
    const out = new ExcelJS.Workbook();
    const sheet = out.addWorksheet("Sheet1");
    sheet.addRow(headers);
    sheet.addRow([code.text, "2025-06-01", "2025-06-02", "교외", "부산 벡스코", p.id]);
    sheet.addRow([code.text, "2025-06-03", "2025-06-02", "교내", "세미나실", p.id]);
    sheet.addRow([code.text, "2025-06-01", "2025-06-02", "교내", "세미나실", "99999999999"]);
    sheet.addRow([code.text, "2025-06-01", "2025-06-02", "교내", "세미나실", ""]);
    const bytes = new Uint8Array(await out.xlsx.writeBuffer());
    const up = await server.api.call(C.upload, undefined, { token: server.admin.accessToken, form: formData({ year: YEAR }, { file: [{ bytes, name: "세미나.xlsx" }] }) });
    expect(up.body.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ successCount: 1, faildCount: 3 });
    expect(up.body.failures.map((f: { message: string }) => f.message)).toEqual([MSG.participationDates, MSG.employeeLookupUnknown, MSG.oneParticipantRequired]);
    const [row] = (await listOf(p.id)).list;
    expect(row).toMatchObject({ smSe: code.id, smStde: "2025-06-01", placeCd: "2", place: "부산 벡스코", userCnt: 1 });
  });
});
