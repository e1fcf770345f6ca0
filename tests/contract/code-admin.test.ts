/**
 * P17 code management (spec 000 §7 "Codes", §5 "Code", §4 code usage; docs/contract.md "Code
 * management"; ADR 0040): every call refused without a session (HTTP 401) and for a signed-in
 * user who is not an administrator (403 '해당 메뉴는 접근할 수 없습니다.'); a category registered
 * ('코드 분류를 입력하세요.') and found by the search; a year's two-level tree saved row by row
 * (insert and update, label and usage checked over the whole list), usage N taking a code out of
 * /api/comm/getCommCodeList.do; load from another year ('불러올 년도를 선택해주세요.'); the history.
 */
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { adminApi, createApprovedUser, login, uniqueId } from "./client";

const server = adminApi();
const C = {
  list: "/api/setting/code/getCodeList.do",
  save: "/api/setting/code/insertCodeInfo.do",
  info: "/api/setting/code/getCodeInfo.do",
  copy: "/api/setting/code/copyCodeList.do",
  history: "/api/setting/code/getCodeListHt.do",
};
const THIS_YEAR = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();

type Node = { key: string; data: { id: string; label: string; lvl: number; prtKey: string | null; usyn: string }; children: Node[]; mode: "I" | "U" };
const fresh = (key: string, label: string, children: Node[] = [], lvl = 1): Node => ({ key, data: { id: "", label, lvl, prtKey: null, usyn: "Y" }, children, mode: "I" });

async function newGroup(name = uniqueId("분류")) {
  const r = await server.call(C.save, { type: "info", cmmnNm: name });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.message).toBe(MSG.registered);
  return { cmmnCd: r.body.result.cmmnCd as string, cmmnNm: name };
}

async function tree(cmmnCd: string, year: number) {
  const r = await server.call(C.info, { cmmnCd, year });
  expect(r.body.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { info: { cmmnNm: string; esblDt: string }; list: Node[]; yearList: number[] };
}

describe("code management", () => {
  it("refuses every call without a session and to a user who is not an administrator", async () => {
    for (const path of Object.values(C)) expect((await server.api.call(path, {})).http, path).toBe(401);
    const u = await createApprovedUser(server.api, server.admin, { authTy: "1,2" });
    const s = await login(server.api, u.userId, u.password);
    for (const path of Object.values(C)) {
      const r = await server.api.call(path, { searchTxt: "", cmmnCd: "0000300000", year: THIS_YEAR, type: "info", cmmnNm: "x" }, { token: s.accessToken });
      expect(r.body, path).toEqual({ status: 403, message: MSG.menuForbidden });
    }
  });

  it("registers and renames a category and finds it by the search", async () => {
    expect((await server.call(C.save, { type: "info", cmmnNm: "  " })).body).toEqual({ status: 400, message: MSG.codeGroupRequired });
    const g = await newGroup();
    expect(g.cmmnCd).toMatch(/^[0-9]{5}00000$/);
    const found = await server.call(C.list, { searchTxt: g.cmmnNm });
    expect(found.body.result.list).toEqual([expect.objectContaining({ cmmnCd: g.cmmnCd, cmmnNm: g.cmmnNm, usyn: "Y", regCnt: 0 })]);
    const renamed = await server.call(C.save, { type: "info", cmmnCd: g.cmmnCd, cmmnNm: `${g.cmmnNm}수정` });
    expect(renamed.body.message).toBe(MSG.updated);
    expect((await tree(g.cmmnCd, THIS_YEAR)).info.cmmnNm).toBe(`${g.cmmnNm}수정`);
    const all = await server.call(C.list, {});
    expect(all.body.result.list.map((r: { cmmnCd: string }) => r.cmmnCd)).toContain("0001800000");
  });

  it("saves a year's two-level tree row by row and checks label and usage over the whole list", async () => {
    const g = await newGroup();
    const body = (data: Node[]) => ({ type: "list", cmmnCd: g.cmmnCd, year: THIS_YEAR, data });
    // a blank label anywhere (a child here) refuses the whole list; nothing is saved
    const blank = await server.call(C.save, body([fresh("n1", "가"), fresh("n2", "나", [fresh("n3", "", [], 2)])]));
    expect(blank.body).toEqual({ status: 400, message: MSG.codeNameRequired });
    const noUsage = await server.call(C.save, body([{ ...fresh("n1", "가"), data: { ...fresh("n1", "가").data, usyn: "" } }]));
    expect(noUsage.body).toEqual({ status: 400, message: OWN_MSG.usynRequired });
    expect((await tree(g.cmmnCd, THIS_YEAR)).list).toEqual([]);

    const saved = await server.call(C.save, body([fresh("n1", "가"), fresh("n2", "나", [fresh("n3", "나-1", [], 2)])]));
    expect(saved.body.status).toBe(200);
    expect(saved.body.message).toBe(MSG.saved);
    const t = await tree(g.cmmnCd, THIS_YEAR);
    expect(t.list.map((n) => [n.data.label, n.data.lvl, n.mode])).toEqual([["가", 1, "U"], ["나", 1, "U"]]);
    expect(t.list[1].children.map((n) => [n.data.label, n.data.lvl, n.data.prtKey])).toEqual([["나-1", 2, t.list[1].data.id]]);
    expect(t.info.esblDt).toBe(`${THIS_YEAR}-01-01`);
    expect(t.yearList).toEqual([THIS_YEAR]);

    // an update and an insert in one save; usage N leaves the code out of every screen's choices
    const [a, b] = t.list;
    const next = [{ ...a, data: { ...a.data, label: "가(수정)", usyn: "N" } }, b, fresh("n4", "다")];
    expect((await server.call(C.save, body(next))).body.status).toBe(200);
    const after = await tree(g.cmmnCd, THIS_YEAR);
    expect(after.list.map((n) => [n.data.label, n.data.usyn])).toEqual([["가(수정)", "N"], ["나", "Y"], ["다", "Y"]]);
    const choices = await server.call("/api/comm/getCommCodeList.do", { code: g.cmmnCd, year: THIS_YEAR });
    expect(choices.body.result.list.map((c: { text: string }) => c.text)).toEqual(["나", "나-1", "다"]);

    // an update of a code the year does not have
    const ghost = await server.call(C.save, body([{ ...a, data: { ...a.data, id: "9999999999" } }]));
    expect(ghost.body).toEqual({ status: 400, message: MSG.noData });

    // the history: newest first, before and after
    const h = await server.call(C.history, { code: g.cmmnCd, year: THIS_YEAR });
    const list = h.body.result.list as { code: string; codeNm: string; aftCodeNm: string; usyn: string; aftUsyn: string; userNm: string; uptDt: string }[];
    expect(list[0]).toMatchObject({ aftCodeNm: expect.any(String), userNm: server.admin.userInfo.userNm, uptDt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(list).toContainEqual(expect.objectContaining({ code: a.data.id, codeNm: "가", aftCodeNm: "가(수정)", usyn: "Y", aftUsyn: "N" }));
    expect(list).toContainEqual(expect.objectContaining({ codeNm: "", aftCodeNm: "다", usyn: "", aftUsyn: "Y" }));
    expect(list).toHaveLength(5);
  });

  it("loads another year's codes into a year", async () => {
    const g = await newGroup();
    const last = THIS_YEAR - 1;
    await server.call(C.save, { type: "list", cmmnCd: g.cmmnCd, year: last, data: [fresh("n1", "작년 코드", [fresh("n2", "작년 하위", [], 2)])] });
    expect((await server.call(C.copy, { cmmnCd: g.cmmnCd, afterYear: THIS_YEAR, year: "" })).body).toEqual({ status: 400, message: MSG.codeCopyYearRequired });
    const r = await server.call(C.copy, { cmmnCd: g.cmmnCd, afterYear: THIS_YEAR, year: last, esblDt: `${THIS_YEAR}-01-01` });
    expect(r.body.status).toBe(200);
    expect(r.body.message).toBe(MSG.copied);
    expect(r.body.result.copied).toBe(2);
    const t = await tree(g.cmmnCd, THIS_YEAR);
    expect(t.list.map((n) => n.data.label)).toEqual(["작년 코드"]);
    expect(t.list[0].children.map((n) => n.data.label)).toEqual(["작년 하위"]);
    expect(t.yearList).toEqual([THIS_YEAR, last]);
    // again: the year has them already
    expect((await server.call(C.copy, { cmmnCd: g.cmmnCd, afterYear: THIS_YEAR, year: last })).body.result).toEqual({ copied: 0, kept: 2 });
    // from a year without codes: nothing loaded, nothing kept (the page says why: issue 35 §7)
    expect((await server.call(C.copy, { cmmnCd: g.cmmnCd, afterYear: THIS_YEAR, year: last - 5 })).body.result).toEqual({ copied: 0, kept: 0 });
  });

  it("sets a category's usage with its name (ours: usyn)", async () => {
    const g = await newGroup();
    expect((await server.call(C.save, { type: "info", cmmnCd: g.cmmnCd, cmmnNm: "사용 안 함 분류", usyn: "N" })).body.status).toBe(200);
    const info = (await server.call(C.info, { cmmnCd: g.cmmnCd, year: THIS_YEAR })).body.result.info;
    expect(info).toMatchObject({ cmmnNm: "사용 안 함 분류", usyn: "N" });
  });
});
