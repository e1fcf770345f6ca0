/**
 * P15 evaluation indicators (spec 000 §5, §7 "Evaluation indicators"; docs/contract.md
 * "Evaluation indicators"; ADR 0039): the demo indicators 1–3 on pages 81–83 with the cards the
 * seeded evaluation columns configure; editEvalIndct.do re-checks the name and criterion and keeps
 * the years; getClmList.do offers a screen's real columns; editMenu.do re-checks the 'add data'
 * rules and what it saves is what getEvalColumnsList.do and the screen's list answer in
 * evaluation mode; deleteEvalIndctMenu.do and deleting an indicator.
 */
import { describe, expect, it } from "vitest";
import { INDICATORS } from "../../app/calls/eval-indicators";
import { pathsOf } from "../../app/calls/define";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi } from "./client";

const server = adminApi();
const C = pathsOf(INDICATORS);
const THIS_YEAR = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();
const STUDENT_MENU = 11;

describe("evaluation indicators", () => {
  const ok = async (path: string, body: Record<string, unknown>) => {
    const r = await server.call(path, body);
    expect(r.body.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { message?: string; result: any };
  };
  const refused = async (path: string, body: Record<string, unknown>, message: string) => {
    const r = await server.call(path, body);
    expect(r.body.status, JSON.stringify(r.body)).not.toBe(200);
    expect(r.body.message).toBe(message);
  };

  it("needs an access token", async () => {
    for (const path of [C.list, C.save, C.cards, C.columns, C.editMenu, C.deleteMenu]) expect((await server.api.call(path, {})).http, path).toBe(401);
  });

  it("lists the demo indicators of a page with the cards the seeded columns configure", async () => {
    const r = await ok(C.list, { menuSeq: 81 });
    const demo = r.result.list.find((i: any) => i.eiSeq === 1);
    expect(demo).toMatchObject({ evalIndctNm: "1.1 교육과정 운영과 학생 성취", evalStnd: expect.stringContaining("교육성과"), years: [] });
    const info = (await ok(C.cards, { menuSeq: 81, eiSeq: 1 })).result;
    const student = info.list.find((c: any) => c.menuSeq === STUDENT_MENU);
    expect(student).toMatchObject({ menuNm: "학생 관리", menuUrl: "/insert/student/document", excelUrl: "/insert/student/document/excel", menuTy: "INSERT" });
    expect(student.clms.map((c: any) => c.clmNm)).toEqual(["학번", "이름", "학년", "학적상태", "입학년도"]);
    // an indicator of another page is not this page's
    await refused(C.cards, { menuSeq: 82, eiSeq: 1 }, OWN_MSG.indicatorNotFound);
    await refused(C.list, { menuSeq: STUDENT_MENU }, OWN_MSG.indicatorPageOnly);
  });

  it("card calls naming an indicator page refuse an indicator of another page, and change nothing (ADR 0058)", async () => {
    const before = (await ok(C.cards, { menuSeq: 81, eiSeq: 1 })).result.list.map((c: any) => [c.menuSeq, c.clms.map((x: any) => x.clm)]);
    await refused(C.deleteMenu, { eiSeq: 1, menuSeq: STUDENT_MENU, pageMenuSeq: 82 }, OWN_MSG.indicatorNotFound);
    await refused(C.editMenu, { eiSeq: 1, menuSeq: STUDENT_MENU, clms: ["id"], pageMenuSeq: 82 }, OWN_MSG.indicatorNotFound);
    await refused(C.save, { menuSeq: 82, eiSeq: 1, evalIndctNm: "가로챈 지표", evalStnd: "가로챈 준거", years: [] }, OWN_MSG.indicatorNotFound);
    await refused(C.deleteMenu, { eiSeq: 99999999, menuSeq: STUDENT_MENU }, OWN_MSG.indicatorNotFound);
    const after = (await ok(C.cards, { menuSeq: 81, eiSeq: 1 })).result.list.map((c: any) => [c.menuSeq, c.clms.map((x: any) => x.clm)]);
    expect(after).toEqual(before);
    expect((await ok(C.list, { menuSeq: 81 })).result.list.find((i: any) => i.eiSeq === 1).evalIndctNm).toBe("1.1 교육과정 운영과 학생 성취");
  });

  it("re-checks the indicator's rules and keeps its years ('all' is none)", async () => {
    await refused(C.save, { menuSeq: 83, evalIndctNm: " ", evalStnd: "기준" }, MSG.indicatorNameRequired);
    await refused(C.save, { menuSeq: 83, evalIndctNm: "지표", evalStnd: "" }, MSG.indicatorCriterionRequired);
    await refused(C.save, { menuSeq: 83, evalIndctNm: "지표", evalStnd: "기준", years: ["2019"] }, OWN_MSG.indicatorYearRange);
    const made = await ok(C.save, { menuSeq: 83, evalIndctNm: "계약 지표", evalStnd: "계약 기준", years: [String(THIS_YEAR), "2025"], authTyList: ["1", "2"] });
    expect(made.message).toBe(MSG.created);
    const eiSeq = made.result.eiSeq as number;
    expect(eiSeq).toBeGreaterThan(3);
    let info = (await ok(C.cards, { menuSeq: 83, eiSeq })).result;
    expect(info.info).toMatchObject({ evalIndctNm: "계약 지표", evalStnd: "계약 기준", years: [...new Set([2025, THIS_YEAR])] });
    expect(info.list).toEqual([]);
    expect((await ok(C.save, { menuSeq: 83, eiSeq, evalIndctNm: "계약 지표 2", evalStnd: "계약 기준", years: [""] })).message).toBe(MSG.updated);
    info = (await ok(C.cards, { menuSeq: 83, eiSeq })).result;
    expect(info.info).toMatchObject({ evalIndctNm: "계약 지표 2", years: [] });
    expect((await ok(C.save, { menuSeq: 83, eiSeq, mode: "D" })).message).toBe(MSG.deleted);
    await refused(C.cards, { menuSeq: 83, eiSeq }, OWN_MSG.indicatorNotFound);
    expect((await ok(C.list, { menuSeq: 83 })).result.list.map((i: any) => i.eiSeq)).not.toContain(eiSeq);
  });

  it("offers a screen's real columns, saves the ticked ones, and evaluation mode answers exactly those", async () => {
    const eiSeq = (await ok(C.save, { menuSeq: 81, evalIndctNm: "요소 지표", evalStnd: "요소 기준" })).result.eiSeq as number;
    const offered = (await ok(C.columns, { menuSeq: STUDENT_MENU })).result.list;
    expect(offered.slice(0, 3)).toEqual([
      { clmSeq: "id", clm: "id", clmNm: "학번", chkYn: "N" },
      { clmSeq: "name", clm: "name", clmNm: "이름", chkYn: "N" },
      { clmSeq: "grdeNm", clm: "grdeNm", clmNm: "학년", chkYn: "N" },
    ]);
    // a menu group offers nothing; the 'add data' rules in the spec's order
    await refused(C.editMenu, { eiSeq, clms: ["id"] }, MSG.indicatorMenuRequired);
    await refused(C.editMenu, { eiSeq, menuSeq: 10, clms: ["id"] }, MSG.indicatorNoColumns);
    await refused(C.editMenu, { eiSeq, menuSeq: STUDENT_MENU, clms: [] }, MSG.indicatorColumnsRequired);
    await refused(C.editMenu, { eiSeq, menuSeq: STUDENT_MENU, clms: ["userPass"] }, OWN_MSG.indicatorBadColumn);
    expect((await ok(C.editMenu, { eiSeq, menuSeq: STUDENT_MENU, clms: ["name", "id"] })).message).toBe(MSG.added);
    const columns = async (year: number) => (await ok("/api/eval/getEvalColumnsList.do", { eiSeq, menuSeq: STUDENT_MENU, year })).result.list;
    expect(await columns(2024)).toEqual([{ clm: "id", clmNm: "학번" }, { clm: "name", clmNm: "이름" }]);
    expect(await columns(THIS_YEAR)).toEqual([{ clm: "id", clmNm: "학번" }, { clm: "name", clmNm: "이름" }]);
    const rows = (await ok("/api/student/getList.do", { grde: "all", attn: "", value: "", year: THIS_YEAR - 1, eiSeq, menuSeq: STUDENT_MENU })).result.list;
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0]).sort()).toEqual(["id", "name"]);
    expect((await ok(C.editMenu, { eiSeq, menuSeq: STUDENT_MENU, clms: "attnNm" })).message).toBe(MSG.updated);
    expect(await columns(THIS_YEAR)).toEqual([{ clm: "attnNm", clmNm: "학적상태" }]);
    expect((await ok(C.columns, { menuSeq: STUDENT_MENU, eiSeq })).result.list.filter((c: any) => c.chkYn === "Y").map((c: any) => c.clm)).toEqual(["attnNm"]);
    const card = (await ok(C.cards, { menuSeq: 81, eiSeq })).result.list;
    expect(card).toMatchObject([{ menuSeq: STUDENT_MENU, clms: [{ clm: "attnNm", clmNm: "학적상태" }] }]);
    expect((await ok(C.deleteMenu, { eiSeq, menuSeq: STUDENT_MENU })).message).toBe(MSG.deleted);
    expect((await ok(C.cards, { menuSeq: 81, eiSeq })).result.list).toEqual([]);
    expect(await columns(THIS_YEAR)).toEqual([]);
  });

  it("offers a synced report's definition columns and names its last sync on the card", async () => {
    const eiSeq = (await ok(C.save, { menuSeq: 82, evalIndctNm: "보고서 지표", evalStnd: "보고서 기준" })).result.eiSeq as number;
    const offered = (await ok(C.columns, { menuSeq: 41 })).result.list.map((c: any) => c.clmNm);
    expect(offered).toEqual(["코드", "역량", "내용", "졸업목표", "등록일", "최종수정일"]);
    await ok(C.editMenu, { eiSeq, menuSeq: 41, clms: ["fcCode", "fcName"] });
    const [card] = (await ok(C.cards, { menuSeq: 82, eiSeq })).result.list;
    expect(card).toMatchObject({ menuSeq: 41, menuNm: "졸업역량체계 보고서", excelUrl: "/report-excel/insert/ufolio/grcm/excel", lastSyncTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
  });

  it("offers PBL 튜터 평가's columns (its year and module, then the screen's defaults), and its evaluation mode answers the ticked ones", async () => {
    const offered = (await ok(C.columns, { menuSeq: 37 })).result.list.map((c: any) => c.clmNm);
    expect(offered).toEqual(["년도", "모듈", "학번", "이름", "PBL", "MAP", "CONF", "Peer1", "SCM", "SNAP", "Quiz(개인)", "Quiz(팀)", "지각", "결석", "Peer2", "Dis", "Con", "감점", "총점", "등급"]);
    const eiSeq = (await ok(C.save, { menuSeq: 82, evalIndctNm: "튜터 평가 지표", evalStnd: "튜터 평가 기준" })).result.eiSeq as number;
    await ok(C.editMenu, { eiSeq, menuSeq: 37, clms: ["id", "pbl", "grade"] });
    const columns = (await ok("/api/eval/getEvalColumnsList.do", { eiSeq, menuSeq: 37, year: THIS_YEAR })).result.list;
    expect(columns).toEqual([{ clm: "id", clmNm: "학번" }, { clm: "pbl", clmNm: "PBL" }, { clm: "grade", clmNm: "등급" }]);
  });
});
