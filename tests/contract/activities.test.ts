/**
 * R15 volunteer and R16 international health-care activity (spec 001 §7 "Student activity";
 * docs/contract.md "Student activities"), both kinds through the same cases: the list (the year's
 * records with dbFileList, the text filter, evaluation mode), the multipart save re-validated on
 * the server (the dialog's rules, the student of the year by number, usSeq and name, the
 * attachments by count, extension, signature and size), update with a removed attachment, the
 * attachment download (same bytes, Korean name), delete, and Excel (download, upload with failing
 * rows). Records are made in 2025 for students created here (unique numbers).
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { pathsOf } from "../../app/calls/define";
import { ACTIVITY_KINDS, type ActivityKind } from "../../app/schemas/activities";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { tinyPdf } from "../../app/embedded/db/seed-activities.server";
import { adminApi } from "./client";
import { createStudent as createYearStudent, formData, type CreatedStudent } from "./people-fixtures";

const server = adminApi();
const YEAR = 2025;
const MB = 1024 * 1024;

type Student = CreatedStudent;
const createStudent = (name: string) => createYearStudent(server, YEAR, name);

const PDF = tinyPdf("contract");
const OLE = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0]);

describe.each(["volunteer", "medical"] as ActivityKind[])("%s", (kind) => {
  const def = ACTIVITY_KINDS[kind];
  const C = pathsOf(def.calls);
  const p = def.prefix;
  const key = def.seqKey;

  /** A record as the dialog sends it. */
  const info = (s: Student, over: Record<string, unknown> = {}) => ({
    [key]: null,
    year: YEAR,
    id: s.id,
    name: s.name,
    usSeq: s.usSeq,
    [`${p}Stde`]: "2025-03-02",
    [`${p}Ende`]: "2025-03-04",
    [`${p}Time`]: "12",
    ...(kind === "volunteer" ? { vaPlace: "시립 보건소" } : { gaCountry: "베트남", gaSchool: "하노이 의과대학" }),
    [`${p}Cntnt`]: "활동 내용",
    [`${p}Eval`]: "성실함",
    [`${p}Org`]: "기관",
    [`${p}Tel1`]: "02",
    [`${p}Tel2`]: "123",
    [`${p}Tel3`]: "4567",
    [`${p}MngrPstn`]: "팀장",
    [`${p}MngrNm`]: "김담당",
    dbFileList: [],
    ...over,
  });

  const save = (mode: "insert" | "update", body: Record<string, unknown>, files: { bytes: Uint8Array; name: string }[] = []) =>
    server.api.call(C.save, undefined, { token: server.admin.accessToken, form: formData({ mode, year: YEAR, [def.infoField]: JSON.stringify(body) }, { files }) });

  async function listOf(searchTxt: string, extra: Record<string, unknown> = {}) {
    const r = await server.call(C.list, { year: YEAR, searchTxt, ...extra });
    expect(r.body.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as { list: Record<string, any>[]; total: number; columns?: { clm: string; clmNm: string }[] };
  }

  it("needs an access token", async () => {
    for (const path of [C.list, C.save, C.remove, C.upload]) expect((await server.api.call(path, {})).http, path).toBe(401);
    expect((await server.api.raw(`${C.download}?year=2025`)).status).toBe(401);
  });

  it("lists the year's demo records with their student, grade and attachments", async () => {
    const r = await listOf("");
    expect(r.list.length).toBeGreaterThanOrEqual(6);
    expect(r.total).toBe(r.list.length);
    const first = r.list[0];
    expect(first).toMatchObject({ [key]: expect.any(Number), year: YEAR, id: expect.stringMatching(/^\d+$/), name: expect.any(String), [`${p}Stde`]: expect.stringMatching(/^2025-\d\d-\d\d$/) });
    expect(Array.isArray(first.dbFileList)).toBe(true);
    const withFile = r.list.find((row) => row.dbFileList.length);
    expect(withFile?.dbFileList[0]).toMatchObject({ fileSeq: expect.any(Number), flnm: expect.any(String), rovl: expect.any(String), orn: expect.stringMatching(/\.pdf$/), usyn: "Y" });
  });

  it("saves, re-checks every rule on the server, updates with a removed attachment and deletes", async () => {
    const s = await createStudent(kind === "volunteer" ? "봉사계약" : "보건계약");
    // the dialog's rules, the same messages
    expect((await save("insert", info(s, { [`${p}Stde`]: "2025-03-05" }))).body.message).toBe(MSG.activityStartAfterEnd);
    expect((await save("insert", info(s, { [`${p}Time`]: "1000" }))).body.message).toBe(OWN_MSG.activityHoursDigits);
    expect((await save("insert", info(s, { [`${p}Time`]: "1a" }))).body.message).toBe(OWN_MSG.activityHoursDigits);
    expect((await save("insert", info(s, { [`${p}Tel2`]: "12345" }))).body.message).toBe(OWN_MSG.phoneFormat);
    const placeField = kind === "volunteer" ? "vaPlace" : "gaCountry";
    expect((await save("insert", info(s, { [placeField]: "" }))).body.message).toBe(kind === "volunteer" ? MSG.placeRequired : OWN_MSG.activityCountryRequired);
    // the student: the year's number, its usSeq, its name
    expect((await save("insert", info(s, { id: "99999999999" }))).body.message).toBe(MSG.lookupUnknown);
    expect((await save("insert", info(s, { usSeq: 1 }))).body.message).toBe(MSG.lookupNotConfirmed);
    expect((await save("insert", info(s, { name: "다른이름" }))).body.message).toBe(MSG.activityNameMismatch);
    // the attachments
    const pdf = (name: string) => ({ bytes: PDF, name });
    expect((await save("insert", info(s), [pdf("a.pdf"), pdf("b.pdf"), pdf("c.pdf"), pdf("d.pdf")])).body.message).toBe(MSG.activityMaxFiles);
    expect((await save("insert", info(s), [{ bytes: PDF, name: "a.exe" }])).body.message).toBe(MSG.activityFileType);
    expect((await save("insert", info(s), [{ bytes: new TextEncoder().encode("not a pdf"), name: "a.pdf" }])).body.message).toBe(MSG.activityFileType);
    const big = new Uint8Array(10 * MB + 1);
    big.set(PDF.subarray(0, 16));
    expect((await save("insert", info(s), [{ bytes: big, name: "big.pdf" }])).body.message).toBe(MSG.fileTooLarge);
    expect((await listOf(s.id)).list).toHaveLength(0);

    // a good record with two attachments (a PDF and an HWP)
    const made = await save("insert", info(s), [pdf("활동확인서.pdf"), { bytes: OLE, name: "보고서.hwp" }]);
    expect(made.body.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.message).toBe(MSG.created);
    const [row] = (await listOf(s.id)).list;
    expect(row).toMatchObject({ [key]: made.body.result[key], id: s.id, name: s.name, [`${p}Time`]: 12, [`${p}Tel`]: "02-123-4567", [`${p}MngrNm`]: "김담당" });
    if (kind === "medical") expect(row).toMatchObject({ gaCountry: "베트남", gaSchool: "하노이 의과대학" });
    expect(row.dbFileList.map((f: { orn: string }) => f.orn)).toEqual(["활동확인서.pdf", "보고서.hwp"]);

    // the attachment downloads with the same bytes and its Korean name
    const f0 = row.dbFileList[0];
    const res = await server.get(`/api/fileDownload.do?fileFlnm=${f0.flnm}&fileRovl=${encodeURIComponent(f0.rovl)}&fileOrn=${encodeURIComponent(f0.orn)}`);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("활동확인서.pdf"));

    // two kept + two new is four: refused; one removed + two new is three: saved
    const files = row.dbFileList;
    const update = (over: Record<string, unknown>) => info(s, { [key]: row[key], dbFileList: files, ...over });
    expect((await save("update", update({}), [pdf("x.pdf"), pdf("y.pdf")])).body.message).toBe(MSG.activityMaxFiles);
    const removed = files.map((f: { fileSeq: number }, i: number) => ({ ...f, usyn: i === 1 ? "N" : "Y" }));
    const edited = await save("update", update({ dbFileList: removed, [`${p}Time`]: "20" }), [pdf("x.pdf"), pdf("y.pdf")]);
    expect(edited.body.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.message).toBe(MSG.updated);
    const [after] = (await listOf(s.id)).list;
    expect(after[`${p}Time`]).toBe(20);
    expect(after.dbFileList.map((f: { orn: string }) => f.orn)).toEqual(["활동확인서.pdf", "x.pdf", "y.pdf"]);
    // a file named for removal that is not this record's is refused, and nothing changes (ADR 0062)
    const foreign = [...after.dbFileList, { ...after.dbFileList[0], fileSeq: 999_999, usyn: "N" }];
    expect((await save("update", info(s, { [key]: row[key], dbFileList: foreign, [`${p}Time`]: "30" }))).body).toMatchObject({ status: 404, message: OWN_MSG.attachmentNotFound });
    const [still] = (await listOf(s.id)).list;
    expect(still[`${p}Time`]).toBe(20);
    expect(still.dbFileList.map((f: { orn: string }) => f.orn)).toEqual(["활동확인서.pdf", "x.pdf", "y.pdf"]);
    // an update of a record of the other kind, or of none, is refused
    expect((await save("update", info(s, { [key]: 999999 }))).body.message).toBe(OWN_MSG.activityNotFound);
    expect((await save("insert", info(s, { [key]: row[key] }))).body.message).toBe(OWN_MSG.badRequest);

    // delete
    expect((await server.call(C.remove, { seq: row[key] })).body.message).toBe(MSG.deleteDone);
    expect((await listOf(s.id)).list).toHaveLength(0);
    expect((await server.call(C.remove, { seq: row[key] })).body.message).toBe(MSG.deleteFailed);
    expect((await server.call(C.remove, { seq: "x" })).body.message).toBe(MSG.deleteFailed);
  });

  it("evaluation mode answers the configured columns only", async () => {
    const r = await listOf("", { eiSeq: 1, menuSeq: def.menuSeq });
    expect(r.columns?.map((c) => c.clm)).toContain(`${p}Stde`);
    expect(Object.keys(r.list[0]).sort()).toEqual(r.columns!.map((c) => c.clm).sort());
  });

  it("downloads the list as Excel and uploads rows of the same sheet, row by row", async () => {
    const s = await createStudent(kind === "volunteer" ? "엑셀봉사" : "엑셀보건");
    const res = await server.get(`${C.download}?year=${YEAR}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent(`${def.excelName}_${YEAR}.xlsx`));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers.slice(0, 4)).toEqual(["년도", "학번", "이름", "학년"]);
    expect(ws.rowCount - 1).toBe((await listOf("")).total);

    const out = new ExcelJS.Workbook();
    const sheet = out.addWorksheet("Sheet1");
    sheet.addRow(headers);
    const cells = (over: Record<string, string>) =>
      headers.map((h) => over[h] ?? ({ 학번: s.id, 이름: s.name, 시작일: "2025-05-01", 종료일: "2025-05-02", 활동시간: "8", 장소: "복지관", 국가: "몽골", "활동기관(학교)": "몽골 국립의과대학", "기관 연락처": "02-111-2222" } as Record<string, string>)[h] ?? "");
    sheet.addRow(cells({}));
    sheet.addRow(cells({ 이름: "다른이름" }));
    sheet.addRow(cells({ 학번: "99999999999" }));
    sheet.addRow(cells({ 시작일: "2025-05-03" }));
    const bytes = new Uint8Array(await out.xlsx.writeBuffer());
    const up = await server.api.call(C.upload, undefined, { token: server.admin.accessToken, form: formData({ year: YEAR }, { file: [{ bytes, name: "활동.xlsx" }] }) });
    expect(up.body.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ successCount: 1, faildCount: 3 });
    expect(up.body.failures.map((f: { message: string }) => f.message)).toEqual([MSG.activityNameMismatch, MSG.lookupUnknown, MSG.activityStartAfterEnd]);
    const [row] = (await listOf(s.id)).list;
    expect(row).toMatchObject({ [`${p}Stde`]: "2025-05-01", [`${p}Time`]: 8, [`${p}Tel`]: "02-111-2222" });
  });
});
