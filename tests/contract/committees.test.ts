/**
 * R08 committees (spec 001 §7 "Committees"; docs/contract.md "Committees"): the list (the demo
 * committees with founding year, status and its name, the name search, evaluation mode), insert.do
 * re-validated on the server (the dialog's rules and messages in spec 001 §5's order, the founding
 * year 1990 … this year), edit, delete ('삭제하였습니다.'; again '삭제 실패하였습니다.') and the
 * list's Excel download.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { COMMITTEES } from "../../app/calls/committees";
import { pathsOf } from "../../app/calls/define";
import { COMMITTEE_MENU, TERM_PREVIEW } from "../../app/schemas/committees";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi } from "./client";
import { formData } from "./people-fixtures";

const C = pathsOf(COMMITTEES);

const server = adminApi();
const THIS_YEAR = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();

describe("committees", () => {
  async function listOf(cmtNm: string, extra: Record<string, unknown> = {}) {
    const r = await server.call(C.list, { cmtNm, ...extra });
    expect(r.body.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as { list: Record<string, any>[]; total: number; columns?: { clm: string; clmNm: string }[] };
  }

  it("needs an access token", async () => {
    for (const path of [C.list, C.save, C.remove, C.termList, C.termSave, C.termCopy, C.termDelete, C.userSearch, C.userList, C.userInsert, C.userDelete, C.userUpload]) expect((await server.api.call(path, {})).http, path).toBe(401);
    for (const path of [C.download, C.userDownload, C.userSample]) expect((await server.api.raw(path)).status, path).toBe(401);
  });

  it("lists the demo committees in the spec's shape and searches by name", async () => {
    const r = await listOf("");
    expect(r.list.length).toBeGreaterThanOrEqual(10);
    expect(r.total).toBe(r.list.length);
    for (const row of r.list) {
      expect(row).toMatchObject({ cmtSeq: expect.any(Number), cmtNm: expect.any(String), year: expect.any(Number), oprStt: expect.stringMatching(/^[YN]$/), regDt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
      expect(row.oprSttNm).toBe(row.oprStt === "Y" ? "운영" : "미운영");
      expect(row.year).toBeGreaterThanOrEqual(1990);
    }
    const found = await listOf("교육평가");
    expect(found.list.map((c) => c.cmtNm)).toContain("교육평가위원회");
    expect(found.list.every((c) => String(c.cmtNm).includes("교육평가"))).toBe(true);
    const paged = await listOf("", { page: 1, size: 5, sort: "year:asc" });
    expect(paged.list).toHaveLength(5);
    expect(paged.total).toBe(r.total);
    expect(paged.list[0].year).toBe(1990);
  });

  it("re-checks the dialog's rules in the spec's order and the founding years", async () => {
    const bad = async (body: Record<string, unknown>, message: string) => {
      const r = await server.call(C.save, body);
      expect(r.body.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.message).toBe(message);
    };
    await bad({}, MSG.committeeYearRequired);
    await bad({ year: 2001, cmtNm: " ", oprStt: "X" }, MSG.committeeNameRequired);
    await bad({ year: 2001, cmtNm: "계약위원회", oprStt: "X" }, MSG.committeeStatusRequired);
    await bad({ year: 1989, cmtNm: "계약위원회", oprStt: "Y" }, OWN_MSG.committeeYearRange);
    await bad({ year: THIS_YEAR + 1, cmtNm: "계약위원회", oprStt: "Y" }, OWN_MSG.committeeYearRange);
    const missing = await server.call(C.save, { cmtSeq: 99999999, year: 2001, cmtNm: "계약위원회", oprStt: "Y" });
    expect(missing.body).toMatchObject({ status: 404, message: OWN_MSG.committeeNotFound });
  });

  it("adds, edits and deletes a committee", async () => {
    const name = `계약위원회${Date.now() % 100000}`;
    const made = await server.call(C.save, { year: 1990, cmtNm: name, oprStt: "Y" });
    expect(made.body).toMatchObject({ status: 200, message: MSG.created });
    const cmtSeq = made.body.result.cmtSeq as number;
    expect((await listOf(name)).list).toEqual([expect.objectContaining({ cmtSeq, cmtNm: name, year: 1990, oprStt: "Y", oprSttNm: "운영", termCnt: 0 })]);
    const edited = await server.call(C.save, { cmtSeq, year: THIS_YEAR, cmtNm: `${name}2`, oprStt: "N" });
    expect(edited.body).toMatchObject({ status: 200, message: MSG.updated });
    expect((await listOf(name)).list).toEqual([expect.objectContaining({ cmtSeq, cmtNm: `${name}2`, year: THIS_YEAR, oprStt: "N", oprSttNm: "미운영" })]);
    const gone = await server.call(C.remove, { cmtSeq });
    expect(gone.body).toMatchObject({ status: 200, message: MSG.deleteDone });
    expect((await listOf(name)).list).toEqual([]);
    const again = await server.call(C.remove, { cmtSeq });
    expect(again.body).toMatchObject({ status: 404, message: MSG.deleteFailed });
    expect((await server.call(C.remove, { cmtSeq: "x" })).body).toMatchObject({ status: 400, message: MSG.deleteFailed });
  });

  it("evaluation mode answers the configured columns only", async () => {
    const r = await listOf("", { eiSeq: 1, menuSeq: COMMITTEE_MENU, year: 2025 });
    expect(r.columns?.map((c) => c.clm)).toEqual(["year", "cmtNm", "oprSttNm", "termCnt"]);
    expect(Object.keys(r.list[0]).sort()).toEqual(r.columns!.map((c) => c.clm).sort());
  });

  it("downloads the list (the name search applies)", async () => {
    const res = await server.get(`${C.download}?cmtNm=${encodeURIComponent("교육")}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("위원회_목록.xlsx"));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["설립연도", "위원회명", "운영상태", "기수", "등록일"]);
    const names = Array.from({ length: sheet.rowCount - 1 }, (_, i) => String(sheet.getRow(i + 2).getCell(2).value));
    expect(names).toContain("교육평가위원회");
    expect(names.every((n) => n.includes("교육"))).toBe(true);
  });

  it("R09 terms: list (not all by default, all with Y), add with the rules again, edit, copy with members, delete", async () => {
    const made = await server.call(C.save, { year: 2000, cmtNm: `기수위원회${Date.now() % 100000}`, oprStt: "Y" });
    const cmtSeq = made.body.result.cmtSeq as number;
    const terms = async (all: "Y" | "N", searchTxt = "") => {
      const r = await server.call(C.termList, { cmtSeq, searchTxt, all });
      expect(r.body.status, JSON.stringify(r.body)).toBe(200);
      return r.body.result as { commission: Record<string, any>; list: Record<string, any>[]; total: number };
    };
    expect((await terms("N")).commission).toMatchObject({ cmtSeq, year: 2000, oprStt: "Y", oprSttNm: "운영" });
    expect((await terms("Y")).list).toEqual([]);

    const bad = async (body: Record<string, unknown>, message: string) => {
      const r = await server.call(C.termSave, { cmtSeq, ...body });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 400, message });
    };
    await bad({}, MSG.termNameRequired);
    await bad({ ctNm: "1기" }, MSG.termStartRequired);
    await bad({ ctNm: "1기", operStdt: "2026-03-01 00:00:00" }, MSG.termEndRequired);
    await bad({ ctNm: "1기", operStdt: "2026-03-02 00:00:00", operEndt: "2026-03-01 23:59:59" }, MSG.termPeriod);

    const seqs: number[] = [];
    for (let i = 1; i <= TERM_PREVIEW + 1; i++) {
      const r = await server.call(C.termSave, { cmtSeq, ctNm: `${i}기`, operStdt: `${2020 + i}-03-01`, operEndt: `${2021 + i}-02-28 12:00:00` });
      expect(r.body).toMatchObject({ status: 200, message: MSG.created });
      seqs.push(r.body.result.ctSeq);
    }
    const preview = await terms("N");
    expect(preview.total).toBe(TERM_PREVIEW + 1);
    expect(preview.list.map((t) => t.ctNm)).toEqual(Array.from({ length: TERM_PREVIEW }, (_, i) => `${TERM_PREVIEW + 1 - i}기`));
    const all = await terms("Y");
    expect(all.list).toHaveLength(TERM_PREVIEW + 1);
    // the day's first and last second (spec 001 §9), whatever time was sent
    expect(all.list.at(-1)).toMatchObject({ ctSeq: seqs[0], ctNm: "1기", operStdt: "2021-03-01 00:00:00", operEndt: "2022-02-28 23:59:59", userCnt: 0 });
    expect((await terms("Y", "2기")).list.map((t) => t.ctSeq)).toEqual([seqs[1]]);

    const edited = await server.call(C.termSave, { cmtSeq, ctSeq: seqs[0], ctNm: "1기 수정", operStdt: "2021-03-02 00:00:00", operEndt: "2021-03-02 23:59:59" });
    expect(edited.body).toMatchObject({ status: 200, message: MSG.updated });
    expect((await terms("Y", "1기 수정")).list).toEqual([expect.objectContaining({ ctSeq: seqs[0], operStdt: "2021-03-02 00:00:00", operEndt: "2021-03-02 23:59:59" })]);

    // a seeded term with members: the copy has them too
    const seeded = await server.call(C.list, { cmtNm: "교육평가위원회" });
    const demo = await server.call(C.termList, { cmtSeq: seeded.body.result.list[0].cmtSeq, all: "Y" });
    const withMembers = (demo.body.result.list as Record<string, any>[]).find((t) => t.userCnt > 0)!;
    const copy = await server.call(C.termCopy, { ctSeq: withMembers.ctSeq });
    expect(copy.body).toMatchObject({ status: 200, message: MSG.copied });
    const after = await server.call(C.termList, { cmtSeq: seeded.body.result.list[0].cmtSeq, all: "Y", searchTxt: "(복사)" });
    expect(after.body.result.list).toEqual([expect.objectContaining({ ctSeq: copy.body.result.ctSeq, ctNm: `${withMembers.ctNm} (복사)`, operStdt: withMembers.operStdt, userCnt: withMembers.userCnt })]);

    const gone = await server.call(C.termDelete, { ctSeq: copy.body.result.ctSeq });
    expect(gone.body).toMatchObject({ status: 200, message: MSG.deleteDone });
    expect((await server.call(C.termDelete, { ctSeq: copy.body.result.ctSeq })).body).toMatchObject({ status: 404, message: MSG.deleteFailed });
    expect((await server.call(C.termCopy, { ctSeq: copy.body.result.ctSeq })).body).toMatchObject({ status: 404, message: OWN_MSG.termNotFound });
    expect((await server.call(C.termList, { cmtSeq: 99999999 })).body).toMatchObject({ status: 404, message: OWN_MSG.committeeNotFound });
  });

  it("R09 term and member calls naming a committee refuse a term of another committee, and change nothing (ADR 0058)", async () => {
    const mk = async (n: string) => (await server.call(C.save, { year: 2001, cmtNm: `${n}${Date.now() % 100000}`, oprStt: "Y" })).body.result.cmtSeq as number;
    const one = await mk("소유위원회A");
    const three = await mk("소유위원회B");
    const t = await server.call(C.termSave, { cmtSeq: one, ctNm: "1기", operStdt: "2024-03-01", operEndt: "2025-02-28" });
    const ctSeq = t.body.result.ctSeq as number;
    const person = (await server.call(C.userSearch, { searchText: "김" })).body.result.list[0].usSeq as number;
    expect((await server.call(C.userInsert, { cmtSeq: one, ctSeq, userList: [{ usSeq: person }] })).body.status).toBe(200);
    const refused = { status: 404, message: OWN_MSG.termNotFound };
    expect((await server.call(C.termDelete, { cmtSeq: three, ctSeq })).body).toMatchObject(refused);
    expect((await server.call(C.termCopy, { cmtSeq: three, ctSeq })).body).toMatchObject(refused);
    expect((await server.call(C.termSave, { cmtSeq: three, ctSeq, ctNm: "가로챔", operStdt: "2024-03-01", operEndt: "2025-02-28" })).body).toMatchObject(refused);
    expect((await server.call(C.userDelete, { cmtSeq: three, ctSeq, usSeq: person })).body).toMatchObject(refused);
    expect((await server.call(C.userInsert, { cmtSeq: three, ctSeq, userList: [{ usSeq: person + 1 }] })).body).toMatchObject(refused);
    expect((await server.get(`${C.userDownload}?ctSeq=${ctSeq}&cmtSeq=${three}`)).headers.get("content-type") ?? "").not.toContain("spreadsheet");
    // nothing changed: committee 1 still has its one term with its member, committee 3 none
    const ones = (await server.call(C.termList, { cmtSeq: one, all: "Y" })).body.result.list as Record<string, any>[];
    expect(ones).toEqual([expect.objectContaining({ ctSeq, ctNm: "1기", userCnt: 1 })]);
    expect((await server.call(C.termList, { cmtSeq: three, all: "Y" })).body.result.list).toEqual([]);
    // the right committee is served
    expect((await server.call(C.userDelete, { cmtSeq: one, ctSeq, usSeq: person })).body.status).toBe(200);
    expect((await server.call(C.termDelete, { cmtSeq: one, ctSeq })).body).toMatchObject({ status: 200, message: MSG.deleteDone });
  });

  it("R09 members: search (one, several, none), list, insert with spec 001 §5's rules again, delete", async () => {
    const made = await server.call(C.save, { year: 2001, cmtNm: `명단위원회${Date.now() % 100000}`, oprStt: "Y" });
    const cmtSeq = made.body.result.cmtSeq as number;
    const term = await server.call(C.termSave, { cmtSeq, ctNm: "1기", operStdt: "2026-03-01", operEndt: "2027-02-28" });
    const ctSeq = term.body.result.ctSeq as number;
    const search = async (searchText: string) => {
      const r = await server.call(C.userSearch, { searchText });
      expect(r.body.status, JSON.stringify(r.body)).toBe(200);
      return r.body.result.list as { usSeq: number; id: string; name: string; dptNm?: string }[];
    };
    expect(await search("")).toEqual([]);
    expect(await search("없는사람이름")).toEqual([]);
    const several = await search("김");
    expect(several.length).toBeGreaterThan(1);
    for (const p of several) expect(p).toMatchObject({ usSeq: expect.any(Number), id: expect.any(String), name: expect.stringContaining("김") });
    // one person's number finds that person alone
    const one = await search(several[0].id);
    expect(one.map((p) => p.usSeq)).toEqual([several[0].usSeq]);

    const insert = async (body: Record<string, unknown>) => (await server.call(C.userInsert, { cmtSeq, ctSeq, ...body })).body;
    expect(await server.call(C.userInsert, { cmtSeq, userList: [{ usSeq: several[0].usSeq }] }).then((r) => r.body)).toMatchObject({ status: 400, message: MSG.termMemberTermRequired });
    expect(await insert({ userList: [] })).toMatchObject({ status: 400, message: MSG.termMemberNoneResolved });
    expect(await insert({ userList: [{ usSeq: 99999999 }] })).toMatchObject({ status: 400, message: MSG.termMemberNoneResolved });
    expect(await insert({ userList: [{ usSeq: several[0].usSeq }, { usSeq: several[0].usSeq }] })).toMatchObject({ status: 400, message: MSG.termMemberDuplicate });
    expect(await insert({ userList: [{ usSeq: several[0].usSeq }, { usSeq: several[1].usSeq }] })).toMatchObject({ status: 200, message: MSG.created });
    expect(await insert({ userList: [{ usSeq: several[1].usSeq }] })).toMatchObject({ status: 400, message: MSG.termMemberDuplicate });
    expect(await server.call(C.userInsert, { cmtSeq, ctSeq: 99999999, userList: [{ usSeq: several[2]?.usSeq ?? several[0].usSeq }] }).then((r) => r.body)).toMatchObject({ status: 404, message: OWN_MSG.termNotFound });

    const list = await server.call(C.userList, { ctSeq, searchText: "" });
    expect(list.body.status).toBe(200);
    expect((list.body.result.list as { usSeq: number }[]).map((m) => m.usSeq).sort()).toEqual([several[0].usSeq, several[1].usSeq].sort());
    expect(list.body.result.list[0]).toMatchObject({ ctSeq, id: expect.any(String), name: expect.any(String), jobNm: expect.any(String), dptNm: expect.any(String), actvtYn: "Y", actvt: "활동", regDt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect((await server.call(C.userList, { ctSeq, searchText: several[1].id })).body.result.list.map((m: { usSeq: number }) => m.usSeq)).toEqual([several[1].usSeq]);
    expect((await server.call(C.termList, { cmtSeq, all: "Y" })).body.result.list[0].userCnt).toBe(2);

    expect((await server.call(C.userDelete, { ctSeq, usSeq: several[0].usSeq })).body).toMatchObject({ status: 200, message: MSG.deleteDone });
    expect((await server.call(C.userDelete, { ctSeq, usSeq: several[0].usSeq })).body).toMatchObject({ status: 404, message: MSG.deleteFailed });
    expect((await server.call(C.userDelete, { ctSeq })).body).toMatchObject({ status: 400, message: MSG.deleteFailed });
    expect((await server.call(C.userList, { ctSeq: 99999999 })).body).toMatchObject({ status: 404, message: OWN_MSG.termNotFound });
  });

  it("R09 member Excel: download, sample, upload with failing rows (unknown, duplicate in the sheet) and a member already in the term left as is", async () => {
    const made = await server.call(C.save, { year: 2002, cmtNm: `엑셀위원회${Date.now() % 100000}`, oprStt: "Y" });
    const cmtSeq = made.body.result.cmtSeq as number;
    const ctSeq = (await server.call(C.termSave, { cmtSeq, ctNm: "1기", operStdt: "2026-03-01", operEndt: "2027-02-28" })).body.result.ctSeq as number;
    const people = (await server.call(C.userSearch, { searchText: "이" })).body.result.list as { usSeq: number; id: string; name: string }[];
    expect(people.length).toBeGreaterThan(2);
    await server.call(C.userInsert, { cmtSeq, ctSeq, userList: [{ usSeq: people[0].usSeq }] });

    const sample = await server.get(C.userSample);
    expect(sample.status).toBe(200);
    const sw = new ExcelJS.Workbook();
    await sw.xlsx.load((await sample.arrayBuffer()) as ArrayBuffer);
    expect((sw.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(["사번", "이름"]);
    // the example row is a professor of the list (a number of digits and a name; on a shared
    // database another file's professors may come first, with their longer numbers)
    expect(String(sw.worksheets[0].getRow(2).getCell(1).value)).toMatch(/^\d{7,}$/);
    expect(String(sw.worksheets[0].getRow(2).getCell(2).value)).not.toBe("");

    const out = new ExcelJS.Workbook();
    const sheet = out.addWorksheet("명단");
    sheet.addRow(["사번", "이름"]);
    sheet.addRow([people[1].id, people[1].name]);
    sheet.addRow([people[0].id, people[0].name]);
    sheet.addRow(["99999999", "없는사람"]);
    sheet.addRow([people[1].id, people[1].name]);
    sheet.addRow([people[2].id, people[2].name]);
    const bytes = new Uint8Array(await out.xlsx.writeBuffer());
    const upload = (fields: Record<string, string | number>) => server.api.call(C.userUpload, undefined, { token: server.admin.accessToken, form: formData(fields, { file: [{ bytes, name: "명단.xlsx" }] }) });
    expect((await upload({ cmtSeq })).body).toMatchObject({ status: 400, message: MSG.termMemberTermRequired });
    const up = await upload({ cmtSeq, ctSeq });
    expect(up.body.status, JSON.stringify(up.body)).toBe(200);
    // the member already in the term is left as is (ADR 0061), not refused
    expect(up.body).toMatchObject({ successCount: 3, faildCount: 2, insertCount: 2, updateCount: 0, unchangedCount: 1 });
    expect(up.body.failures.map((f: { row: number; message: string }) => [f.row, f.message])).toEqual([
      [4, MSG.termMemberNoneResolved],
      [5, MSG.termMemberDuplicate],
    ]);

    const file = await server.get(`${C.userDownload}?ctSeq=${ctSeq}`);
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await file.arrayBuffer()) as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(["사번", "이름", "직위", "소속", "활동"]);
    const ids = Array.from({ length: ws.rowCount - 1 }, (_, i) => String(ws.getRow(i + 2).getCell(1).value));
    expect(ids.sort()).toEqual([people[0].id, people[1].id, people[2].id].sort());
    expect((await server.get(`${C.userDownload}?ctSeq=99999999`).then((r) => r.json()))).toMatchObject({ status: 404, message: OWN_MSG.termNotFound });
  });
});
