/**
 * E17 space status (spec 002 §4, §5 "Space status", §7; docs/contract.md "Space status"): getData.do
 * with the defaults and the derived flags, each tab's save re-checked on the server (digits only,
 * 999.99, the required names in screen order, the resets), the template (refused for a year without
 * grade codes) and its upload read back.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG, fillMessage } from "../../app/schemas/messages.ko";
import { SPACE } from "../../app/routes/_app.insert.resource.space+/__calls";
import { pathsOf } from "../../app/calls/define";
import { DEFAULT_EQUIPMENT } from "../../app/routes/_app.insert.resource.space+/__schema";
import { adminApi } from "./client";
import { formData } from "./people-fixtures";

const C = pathsOf(SPACE);

const server = adminApi();
const THIS_YEAR = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();
/** saves go to 2024 (codes seeded, no demo space data); reads of the demo data to last year */
const YEAR = 2024;
const NO_CODES = 2099;

const eqp = DEFAULT_EQUIPMENT.map(() => ({ eqpYn: "N", eqpCnt: null }));
const fcl = (over: Record<string, unknown> = {}, info: Record<string, unknown> = {}) => ({
  year: YEAR,
  fclInfo: { totalClsRoom: 10, totalLab: 5, osceCenterYn: "2", osceCenterLoc: "", stspYn: "N", stfclYn: "N", ...info },
  fclEqpList: eqp,
  stspList: null,
  stfclList: null,
  ...over,
});

async function data(year: number) {
  const r = await server.call(C.data, { year });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as Record<string, any>;
}

async function refused(path: string, body: unknown, message: string) {
  const r = await server.call(path, body);
  expect(r.body.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.message).toBe(message);
}

describe("space status", () => {
  it("needs an access token", async () => {
    for (const path of [C.data, C.fcl, C.lbrr, C.sgroup, C.dorm, C.selfs, C.wlcnv, C.edu, C.lab, C.mngr, C.upload]) expect((await server.api.call(path, {})).http, path).toBe(401);
    expect((await server.api.raw(`${C.template}?year=${YEAR}`)).status).toBe(401);
  });

  it("answers the demo year with the derived flags and the eleven equipment items", async () => {
    const d = await data(THIS_YEAR - 1);
    expect(d.fclEqpList.map((e: { eqpNm: string }) => e.eqpNm)).toEqual([...DEFAULT_EQUIPMENT]);
    expect(d.fclInfo.stspYn).toBe(d.stspList.length ? "Y" : "N");
    expect(d.stspList.length).toBeGreaterThan(0);
    expect(d.ssYn).toBe("Y");
    expect(d.dormInfo.stCntT).toBe(d.dormInfo.stCntM + d.dormInfo.stCntW);
    expect(d.mdclLbrrInfo.proPerYn).toBe(d.mdclLbrrInfo.proPerCnt === null ? "N" : "Y");
    expect(d.labGrdList.map((g: { text: string }) => g.text)).toContain("1학년");
  });

  it("an empty year answers the defaults: dormitory type 2, reading room and study room", async () => {
    const d = await data(NO_CODES);
    expect(d.dormInfo.drmtType).toBe("2");
    expect(d.selfsSpaceList.map((r: { ssNm: string }) => r.ssNm)).toEqual(["열람실", "스터디룸"]);
    expect(d.fclEqpList).toHaveLength(11);
  });

  it("re-checks digits, the 999.99 cap and a missing year", async () => {
    await refused(C.fcl, fcl({}, { totalClsRoom: "12a" }), OWN_MSG.eqaInteger.replace("{item}", "총 강의실 수(실)"));
    await refused(C.fcl, fcl({}, { totalClsRoom: 1000 }), MSG.eqaMax999);
    await refused(C.dorm, { year: YEAR, dormInfo: { stCntM: "-1" } }, OWN_MSG.eqaInteger.replace("{item}", "입사 남학생 수(명)"));
    await refused(C.lbrr, { year: YEAR, mdclLbrrInfo: { lbrrYn: "Y" }, lbrrList: [{ lbrrNm: "도서관", stH: "123" }] }, OWN_MSG.spaceTimeLength.replace("{item}", "운영 시작(시)"));
    await refused(C.sgroup, { list: [] }, MSG.yearRequired);
  });

  it("re-checks every required name of §5 in screen order", async () => {
    await refused(C.fcl, fcl({ stspList: [{ stspLoc: "" }] }, { stspYn: "Y" }), MSG.spaceStspLoc);
    await refused(C.fcl, fcl({ stfclList: [] }, { stfclYn: "Y" }), MSG.spaceStfclLoc);
    await refused(C.lbrr, { year: YEAR, mdclLbrrInfo: { lbrrYn: "Y" }, lbrrList: [{ lbrrNm: "" }] }, MSG.spaceLibraryName);
    await refused(C.sgroup, { year: YEAR, list: [{ srSe: "", roomCnt: 1, roomStspPn: 1 }] }, MSG.spaceGroupKind);
    await refused(C.sgroup, { year: YEAR, list: [{ srSe: "PBL실", roomCnt: null, roomStspPn: 1 }] }, MSG.spaceGroupCount);
    await refused(C.sgroup, { year: YEAR, list: [{ srSe: "PBL실", roomCnt: 2, roomStspPn: "" }] }, MSG.spaceGroupCapacity);
    await refused(C.selfs, { year: YEAR, ssYn: "Y", list: [{ ssNm: "" }] }, MSG.spaceSelfStudyName);
    await refused(C.wlcnv, { year: YEAR, list: [{ swlSe: "1", swfNm: "" }] }, MSG.spaceWelfareName);
    await refused(C.wlcnv, { year: YEAR, list: [{ swlSe: "1", swfNm: "휴게실" }, { swlSe: "2", swfNm: " " }] }, MSG.spaceConvenienceName);
    await refused(C.mngr, { year: YEAR, list: [{ content: "", name: "홍길동" }] }, MSG.spaceManagerContent);
    await refused(C.mngr, { year: YEAR, list: [{ content: "총괄", name: "" }] }, MSG.spaceManagerName);
  });

  it("saves a tab and applies the resets of §4", async () => {
    const eqpList = DEFAULT_EQUIPMENT.map((_, i) => ({ eqpYn: i === 0 ? "N" : "Y", eqpCnt: 3 }));
    // a count with its equipment box unticked, or OSCE values with no centre (a post without
    // JavaScript): refused, neither is dropped (issue 35 §7)
    await refused(C.fcl, fcl({ fclEqpList: eqpList }), fillMessage(OWN_MSG.spaceEqpBoth, { item: DEFAULT_EQUIPMENT[0] }));
    await refused(C.fcl, fcl({}, { osceCenterYn: "2", osceLabCnt: 4 }), OWN_MSG.spaceOsceBoth);
    await refused(C.fcl, fcl({}, { osceCenterYn: "2", osceCenterLoc: "1" }), OWN_MSG.spaceOsceBoth);
    eqpList[0].eqpCnt = null as unknown as number;
    const saved = await server.call(C.fcl, fcl({ fclEqpList: eqpList, stspList: [{ stspLoc: "301호", stspPn: 20 }] }, { stspYn: "N", osceCenterYn: "2" }));
    expect(saved.body).toMatchObject({ status: 200, message: MSG.saved });
    let d = await data(YEAR);
    // an unchecked equipment has no count; No resets the list; no centre keeps nothing about one
    expect(d.fclEqpList[0]).toMatchObject({ eqpYn: "N", eqpCnt: null });
    expect(d.fclEqpList[1]).toMatchObject({ eqpYn: "Y", eqpCnt: 3 });
    expect(d.stspList).toEqual([]);
    expect(d.fclInfo.stspYn).toBe("N");
    expect(d.fclInfo.osceLabCnt).toBeNull();

    // a count and 'none' together (a post without JavaScript): refused, neither is dropped (issue 35 §7)
    expect((await server.call(C.lbrr, { year: YEAR, mdclLbrrInfo: { lbrrYn: "N", proPerCnt: 3, proPerYn: "N" }, lbrrList: [{ lbrrNm: "" }] })).body).toMatchObject({ status: 400, message: OWN_MSG.spaceProPerBoth });
    // 'none' alone leaves no count; the flag is N whenever the count is empty
    expect((await server.call(C.lbrr, { year: YEAR, mdclLbrrInfo: { lbrrYn: "N", proPerYn: "N" }, lbrrList: [{ lbrrNm: "" }] })).body.status).toBe(200);
    d = await data(YEAR);
    expect(d.mdclLbrrInfo).toMatchObject({ proPerCnt: null, proPerYn: "N", lbrrYn: "N" });
    expect(d.lbrrList).toEqual([]);
    expect((await server.call(C.lbrr, { year: YEAR, mdclLbrrInfo: { lbrrYn: "N", proPerCnt: 3 } })).body.status).toBe(200);
    expect((await data(YEAR)).mdclLbrrInfo).toMatchObject({ proPerCnt: 3, proPerYn: "Y" });

    expect((await server.call(C.dorm, { year: YEAR, dormInfo: { stCntM: 40, stCntW: 35, cost1: 900 } })).body.status).toBe(200);
    expect((await data(YEAR)).dormInfo).toMatchObject({ stCntM: 40, stCntW: 35, stCntT: 75, drmtType: "2", cost1: 900 });

    expect((await server.call(C.selfs, { year: YEAR, ssYn: "N", list: [{ ssNm: "열람실" }] })).body.status).toBe(200);
    d = await data(YEAR);
    expect(d.ssYn).toBe("N");
    expect(d.selfsSpaceList).toEqual([]);

    const grades = d.labGrdList.map((g: { id: string; text: string }) => ({ id: g.id, text: g.text, useYn: "N" }));
    const edu = { eduInfo: { year: YEAR, ddcPrsYn: "Y" }, mngrList: [{ sysYn: "Y", remark: "LMS", grdList: grades }, { sysYn: "N", grdList: grades }], evalList: [{ sysYn: "Y", maxUser: 120, grdList: grades }, { sysYn: "N", grdList: grades }] };
    expect((await server.call(C.edu, edu)).body).toMatchObject({ status: 200, message: MSG.saved });
    d = await data(YEAR);
    expect(d.eduInfo.ddcPrsYn).toBe("Y");
    expect(d.evalList[0]).toMatchObject({ sysNm: "컴퓨터 기반 시험(CBT)", sysYn: "Y", maxUser: 120 });
    await refused(C.edu, { ...edu, evalList: [{ sysYn: "Y", maxUser: 1200, grdList: grades }, { grdList: grades }] }, MSG.eqaMax999);
  });

  it("refuses the template for a year without grade codes and reads its own template back as an upload", async () => {
    const none = await server.get(`${C.template}?year=${NO_CODES}`);
    const noneBody = await none.json();
    expect(noneBody).toMatchObject({ status: 400, message: MSG.noYearCodes });

    const res = await server.get(`${C.template}?year=${YEAR}`);
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get("content-disposition") ?? "")).toContain("의과대학 공간 현황_2024_양식.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, "구분", "항목", "키", "값"]);
    const rows = new Map<string, number>();
    ws.eachRow((row, n) => {
      if (n > 1) rows.set(String(row.getCell(3).value), n);
    });
    expect(rows.has("sgroup:list[0].srSe")).toBe(true);
    expect(rows.has("dorm:dormInfo.stCntM")).toBe(true);
    ws.getRow(rows.get("dorm:dormInfo.stCntM")!).getCell(4).value = 55;
    ws.getRow(rows.get("sgroup:list[0].srSe")!).getCell(4).value = "튜터실";
    ws.getRow(rows.get("sgroup:list[0].roomCnt")!).getCell(4).value = 6;
    ws.getRow(rows.get("sgroup:list[0].roomStspPn")!).getCell(4).value = 8;
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const upload = (year: number, file: Uint8Array) => server.api.call(C.upload, undefined, { token: server.admin.accessToken, form: formData({ year }, { file: [{ bytes: file, name: "공간.xlsx" }] }) });
    const up = await upload(YEAR, bytes);
    expect(up.body, JSON.stringify(up.body)).toMatchObject({ status: 200, successCount: rows.size, faildCount: 0 });
    const d = await data(YEAR);
    expect(d.dormInfo.stCntM).toBe(55);
    expect(d.sGroupList).toEqual([{ sort: 1, srSe: "튜터실", roomCnt: 6, roomStspPn: 8 }]);

    // a refused value stores nothing of the sheet
    ws.getRow(rows.get("dorm:dormInfo.stCntM")!).getCell(4).value = 1000;
    ws.getRow(rows.get("sgroup:list[0].roomCnt")!).getCell(4).value = 7;
    const bad = await upload(YEAR, new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(bad.body).toMatchObject({ status: 400, message: MSG.eqaMax999 });
    expect((await data(YEAR)).sGroupList[0].roomCnt).toBe(6);
    expect((await upload(NO_CODES, bytes)).body).toMatchObject({ status: 400, message: MSG.noYearCodes });
  });
});

describe("PBL tutor evaluation", () => {
  const TUTOR = "/api/tutor/list.do";
  async function demoStudent() {
    const r = await server.call("/api/student/getList.do", { grde: "all", attn: "", value: "", year: THIS_YEAR - 1 });
    expect(r.body.status).toBe(200);
    // the demo evaluations belong to the first students of the list's order (other files may add students)
    for (const st of (r.body.result.list as { usSeq: number; id: string; name: string }[]).slice(0, 20)) {
      const mine = await server.call(TUTOR, { usSeq: st.usSeq });
      if ((mine.body.result?.list ?? []).length) return st;
    }
    throw new Error("no demo student with tutor evaluations");
  }

  it("needs an access token and a student", async () => {
    expect((await server.api.call(TUTOR, {})).http).toBe(401);
    await refused(TUTOR, {}, OWN_MSG.tutorStudentRequired);
    await refused(TUTOR, { usSeq: "abc" }, OWN_MSG.tutorStudentRequired);
  });

  it("answers the chosen student's evaluations with the default columns' keys", async () => {
    const st = await demoStudent();
    const r = await server.call(TUTOR, { usSeq: st.usSeq, id: st.id, name: st.name });
    expect(r.body.status).toBe(200);
    const list = r.body.result.list as Record<string, unknown>[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const row of list) {
      expect(row).toMatchObject({ id: st.id, name: st.name, pbl: expect.any(Number), quizInd: expect.any(Number), late: expect.any(Number), total: expect.any(Number), grade: expect.any(String) });
    }
    expect(r.body.result.columns).toBeUndefined();
  });

  it("in evaluation mode answers the year's rows cut to the configured columns", async () => {
    const st = await demoStudent();
    const r = await server.call(TUTOR, { usSeq: st.usSeq, eiSeq: 1, menuSeq: 37, year: THIS_YEAR - 1 });
    expect(r.body.status).toBe(200);
    const columns = r.body.result.columns as { clm: string; clmNm: string }[];
    expect(columns.map((c) => c.clmNm)).toEqual(["년도", "모듈", "학번", "이름", "총점", "등급"]);
    for (const row of r.body.result.list as Record<string, unknown>[]) {
      expect(Object.keys(row)).toEqual(columns.map((c) => c.clm));
      expect(row.year).toBe(THIS_YEAR - 1);
    }
  });
});
