/**
 * R17 research participation and awards (spec 001 §7 "Student activity"; docs/contract.md
 * "Awards and participation"): the list (the year's programs with users and attachment, the text
 * filter, evaluation mode), the detail, the multipart save re-validated on the server (the
 * dialog's rules, the year's categories, each user the year's student by number, usSeq and name,
 * the attachment by extension, signature and size), update with a replaced and a removed
 * attachment, the attachment download (same bytes), delete, and Excel (download, sample with its
 * year, upload grouping rows into programs). Programs are made in 2025 for students created here.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { tinyPdf } from "../../app/embedded/db/seed-activities.server";
import { AWARDS } from "../../app/calls/awards";
import { pathsOf } from "../../app/calls/define";
import { AWARD_CODE, PARTICIPATION_CODE } from "../../app/routes/_app.insert.student.awards+/__schema";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi } from "./client";
import { createStudent as createYearStudent, formData, type CreatedStudent } from "./people-fixtures";

const server = adminApi();
const YEAR = 2025;
const MB = 1024 * 1024;
const C = pathsOf(AWARDS);

type Student = CreatedStudent;
const createStudent = (name: string) => createYearStudent(server, YEAR, name);

const PDF = tinyPdf("awards contract");
const OLE = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0]);
const user = (s: Student, rsrchSbj = "") => ({ id: s.id, name: s.name, usSeq: s.usSeq, rsrchSbj, status: "Y" });

/** A program as the dialog sends it. */
const program = (users: Record<string, unknown>[], over: Record<string, unknown> = {}) => ({
  paSeq: null,
  year: YEAR,
  paSeCd: PARTICIPATION_CODE,
  prgmNm: "계약 연구 참여",
  prgmStde: "2025-03-02",
  prgmEnde: "2025-06-30",
  placeCd: "1",
  place: "기초의학관",
  prgmDate: "매주 수요일",
  users,
  ...over,
});

const save = (data: Record<string, unknown>, file?: { bytes: Uint8Array; name: string }) =>
  server.api.call(C.save, undefined, { token: server.admin.accessToken, form: formData({ data: JSON.stringify(data) }, file ? { file: [file] } : {}) });

async function listOf(searchTxt: string, extra: Record<string, unknown> = {}) {
  const r = await server.call(C.list, { year: YEAR, searchTxt, ...extra });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { list: Record<string, any>[]; total: number; columns?: { clm: string; clmNm: string }[] };
}

describe("awards and participation", () => {
  it("needs an access token", async () => {
    for (const path of [C.list, C.info, C.save, C.remove, C.upload]) expect((await server.api.call(path, {})).http, path).toBe(401);
    expect((await server.api.raw(`${C.download}?year=2025`)).status).toBe(401);
    expect((await server.api.raw(`${C.sample}?year=2025`)).status).toBe(401);
  });

  it("lists the year's demo programs with their users and attachments, and the detail", async () => {
    const r = await listOf("");
    expect(r.list.length).toBeGreaterThanOrEqual(6);
    const award = r.list.find((p) => p.paSeCd === AWARD_CODE)!;
    expect(award).toMatchObject({ paSeq: expect.any(Number), paSeType: "수상", year: YEAR, awardDate: expect.stringMatching(/^2025-/), userCount: award.users.length });
    expect(award.users[0]).toMatchObject({ id: expect.stringMatching(/^\d+$/), name: expect.any(String), usSeq: expect.any(Number), paSeq: award.paSeq, rsrchSbj: expect.any(String), status: "Y" });
    const part = r.list.find((p) => p.paSeCd === PARTICIPATION_CODE)!;
    expect(part).toMatchObject({ paSeType: "참여", prgmStde: expect.stringMatching(/^2025-/), placeCd: expect.stringMatching(/^[12]$/), placeNm: expect.stringMatching(/^교[내외]$/) });
    expect(r.list.some((p) => p.flnm && p.orn.endsWith(".pdf"))).toBe(true);
    const info = await server.call(C.info, { paSeq: part.paSeq });
    expect(info.body.result.info).toMatchObject({ paSeq: part.paSeq, users: part.users });
    expect((await server.call(C.info, { paSeq: 999999 })).body.message).toBe(OWN_MSG.awardNotFound);
    // a year without categories
    const none = await server.call(C.list, { year: 2030, searchTxt: "" });
    expect(none.body.result.list).toEqual([]);
  });

  it("saves, re-checks every rule on the server, updates the attachment and users, and deletes", async () => {
    const a = await createStudent("수상계약");
    const b = await createStudent("참여계약");
    const one = [user(a, "세포 연구")];
    // the dialog's rules, the same messages
    expect((await save(program(one, { paSeCd: "" }))).body.message).toBe(MSG.awardNoCodes);
    expect((await save(program(one, { paSeCd: "0001300009" }))).body.message).toBe(MSG.awardNoCodes);
    // a year past this one is outside the list (spec 001 §9; issue 35)
    expect((await save(program(one, { year: 2030 }))).body.message).toBe(`년도는 2025년부터 ${new Date().getFullYear()}년까지 선택할 수 있습니다.`);
    expect((await save(program(one, { prgmStde: "2025-07-01" }))).body.message).toBe(MSG.participationDates);
    expect((await save(program(one, { place: "" }))).body.message).toBe(MSG.placeRequired);
    expect((await save(program(one, { placeCd: "3" }))).body.message).toBe(OWN_MSG.placeCdRequired);
    expect((await save(program(one, { paSeCd: AWARD_CODE, awardDate: "" }))).body.message).toBe(OWN_MSG.awardDateRequired);
    expect((await save(program([]))).body.message).toBe(MSG.oneParticipantRequired);
    expect((await save(program([], { paSeCd: AWARD_CODE, awardDate: "2025-05-05" }))).body.message).toBe(MSG.awardOneWinner);
    expect((await save(program([user(a), user(a)]))).body.message).toBe(MSG.duplicateStudentId);
    expect((await save(program([{ ...user(a), usSeq: "" }]))).body.message).toBe(MSG.lookupNotConfirmed);
    // each user the year's student: number, usSeq, name
    expect((await save(program([{ ...user(a), id: "99999999999" }]))).body.message).toBe(MSG.lookupUnknown);
    expect((await save(program([{ ...user(a), usSeq: b.usSeq }]))).body.message).toBe(MSG.lookupNotConfirmed);
    expect((await save(program([{ ...user(a), name: "다른이름" }]))).body.message).toBe(MSG.activityNameMismatch);
    // the attachment
    expect((await save(program(one), { bytes: PDF, name: "a.docx" })).body.message).toBe(MSG.activityFileType);
    expect((await save(program(one), { bytes: new TextEncoder().encode("not a pdf"), name: "a.pdf" })).body.message).toBe(MSG.activityFileType);
    const big = new Uint8Array(10 * MB + 1);
    big.set(PDF.subarray(0, 16));
    expect((await save(program(one), { bytes: big, name: "big.pdf" })).body.message).toBe(MSG.fileTooLarge);
    expect((await listOf(a.id)).list).toHaveLength(0);

    // a good program with two participants and a PDF
    const made = await save(program([user(a, "세포 연구"), user(b, "신경 연구")], { paSeCd: PARTICIPATION_CODE, awardDate: "2025-01-01" }), { bytes: PDF, name: "참여보고서.pdf" });
    expect(made.body.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.message).toBe(MSG.created);
    const paSeq = made.body.result.paSeq;
    const [row] = (await listOf(a.id)).list;
    // the other category's field is not stored
    expect(row).toMatchObject({ paSeq, prgmNm: "계약 연구 참여", awardDate: "", prgmStde: "2025-03-02", prgmEnde: "2025-06-30", placeCd: "1", placeNm: "교내", place: "기초의학관", prgmDate: "매주 수요일", userCount: 2, orn: "참여보고서.pdf" });
    expect(row.users.map((u: Student & { rsrchSbj: string }) => [u.id, u.name, u.rsrchSbj])).toEqual([
      [a.id, a.name, "세포 연구"],
      [b.id, b.name, "신경 연구"],
    ]);
    expect((await listOf("계약 연구")).list.map((p) => p.paSeq)).toContain(paSeq);

    // the attachment downloads with the same bytes and its Korean name
    const res = await server.get(`/api/fileDownload.do?fileFlnm=${row.flnm}&fileRovl=${encodeURIComponent(row.rovl)}&fileOrn=${encodeURIComponent(row.orn)}`);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("참여보고서.pdf"));

    // an update: award now, one winner, the file replaced by a .doc; then removed
    const edited = await save(program([user(b, "대상")], { paSeq, paSeCd: AWARD_CODE, awardDate: "2025-09-01" }), { bytes: OLE, name: "수상확인서.doc" });
    expect(edited.body.message).toBe(MSG.updated);
    const after = (await server.call(C.info, { paSeq })).body.result.info;
    expect(after).toMatchObject({ paSeCd: AWARD_CODE, paSeType: "수상", awardDate: "2025-09-01", prgmStde: "", placeCd: "", place: "", userCount: 1, orn: "수상확인서.doc" });
    expect(after.users.map((u: { id: string }) => u.id)).toEqual([b.id]);
    expect((await save(program([user(b)], { paSeq, paSeCd: AWARD_CODE, awardDate: "2025-09-01", fileDelYn: "Y" }))).body.message).toBe(MSG.updated);
    expect((await server.call(C.info, { paSeq })).body.result.info).toMatchObject({ orn: "", flnm: "", file: null });
    expect((await save(program([user(b)], { paSeq: 999999 }))).body.message).toBe(OWN_MSG.awardNotFound);

    // delete
    expect((await server.call(C.remove, { paSeq })).body.message).toBe(MSG.deleteDone);
    expect((await listOf(b.id)).list).toHaveLength(0);
    expect((await server.call(C.remove, { paSeq })).body.message).toBe(MSG.deleteFailed);
    expect((await server.call(C.remove, { paSeq: "x" })).body.message).toBe(MSG.deleteFailed);
  });

  it("sorts by each program's own number of users", async () => {
    const counts = (await listOf("", { sort: "userCount:desc" })).list.map((p) => Number(p.userCount));
    expect(new Set(counts).size).toBeGreaterThan(1);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("evaluation mode answers the configured columns only", async () => {
    const r = await listOf("", { eiSeq: 1, menuSeq: 14 });
    expect(r.columns?.map((c) => c.clm)).toEqual(["year", "paSeType", "prgmNm", "period", "placeNm", "userCount", "userNames"]);
    expect(Object.keys(r.list[0]).sort()).toEqual(r.columns!.map((c) => c.clm).sort());
  });

  it("downloads the list and the year's sample, and uploads rows grouped into programs", async () => {
    const res = await server.get(`${C.download}?year=${YEAR}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent(`연구참여및수상_${YEAR}.xlsx`));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const headers = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers.slice(0, 3)).toEqual(["년도", "구분", "프로그램명"]);
    const users = (await listOf("")).list.reduce((n, p) => n + p.users.length, 0);
    expect(wb.worksheets[0].rowCount - 1).toBe(users);

    // the sample needs its year, and the year's categories
    const noYear = await server.get(C.sample);
    expect((await noYear.json()).message).toBe(MSG.yearRequired);
    const noCodes = await server.get(`${C.sample}?year=2030`);
    expect((await noCodes.json()).message).toBe(MSG.awardNoCodes);
    const sample = await server.get(`${C.sample}?year=${YEAR}`);
    expect(sample.status).toBe(200);
    const sw = new ExcelJS.Workbook();
    await sw.xlsx.load((await sample.arrayBuffer()) as ArrayBuffer);
    const sampleHeaders = (sw.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
    expect(sampleHeaders).toEqual(["구분", "프로그램명", "수상일", "시작일", "종료일", "장소 구분", "장소", "일정", "학번", "이름", "연구주제·수상내용"]);
    expect(String(sw.worksheets[0].getRow(2).getCell(1).value)).toBe("수상");

    const a = await createStudent("엑셀수상");
    const b = await createStudent("엑셀참여");
    const out = new ExcelJS.Workbook();
    const sheet = out.addWorksheet("Sheet1");
    sheet.addRow(sampleHeaders);
    const row = (over: Record<string, string>) =>
      sampleHeaders.map((h) => over[h] ?? ({ 구분: "참여", 프로그램명: "엑셀 연구 참여", 시작일: "2025-04-01", 종료일: "2025-04-30", "장소 구분": "교외", 장소: "협력병원", 일정: "주 1회" } as Record<string, string>)[h] ?? "");
    sheet.addRow(row({ 학번: a.id, 이름: a.name, "연구주제·수상내용": "주제 1" }));
    sheet.addRow(row({ 학번: b.id, 이름: b.name }));
    sheet.addRow(row({ 학번: b.id, 이름: b.name }));
    sheet.addRow(row({ 학번: a.id, 이름: "다른이름" }));
    sheet.addRow(row({ 학번: a.id, 이름: a.name, 시작일: "2025-05-30" }));
    sheet.addRow(row({ 학번: a.id, 이름: a.name, 구분: "기타" }));
    sheet.addRow(row({ 학번: a.id, 이름: a.name, 구분: "수상", 프로그램명: "엑셀 경진대회", 수상일: "2025-10-10", 시작일: "", 종료일: "" }));
    const bytes = new Uint8Array(await out.xlsx.writeBuffer());
    const up = await server.api.call(C.upload, undefined, { token: server.admin.accessToken, form: formData({ year: YEAR }, { file: [{ bytes, name: "수상.xlsx" }] }) });
    expect(up.body.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ successCount: 3, faildCount: 4 });
    expect(up.body.failures.map((f: { message: string }) => f.message)).toEqual([MSG.duplicateStudentId, MSG.activityNameMismatch, MSG.participationDates, MSG.awardNoCodes]);
    const mine = (await listOf(a.id)).list;
    expect(mine.map((p) => [p.prgmNm, p.userCount]).sort()).toEqual([
      ["엑셀 경진대회", 1],
      ["엑셀 연구 참여", 2],
    ]);
    expect(mine.find((p) => p.prgmNm === "엑셀 연구 참여")).toMatchObject({ placeCd: "2", place: "협력병원", prgmDate: "주 1회" });
  });
});
