import { describe, expect, it } from "vitest";
import { MSG } from "../../app/schemas/messages.ko";
import { ADMIN_ID, adminApi } from "./client";

const MENU_KEYS = ["menuSeq", "upprMenuSeq", "menuLvl", "menuTy", "menuNm", "menuUrl", "cmpltCnt", "upprMenuNm", "upMenuNm", "sort"].sort();
const TYPES = ["D", "P", "INSERT", "API", "DATA", "SURVEY"];

const server = adminApi({ users: ["entry01", "committee01"] });
const { call, callAs } = server;

type Menu = { menuSeq: number; upprMenuSeq: number | null; menuLvl: number; menuTy: string; menuNm: string; menuUrl: string | null };

/** The side menu of a signed-in account (the administrator's by default). */
async function menuList(userId = ADMIN_ID): Promise<Menu[]> {
  const r = await callAs(userId, "/api/comm/menu/getMenuList.do");
  expect(r.body.status).toBe(200);
  return r.body.result.list;
}

/** Every url of a menu list and all menuSeqs under `root`. */
const under = (list: Menu[], root: number): Menu[] => {
  const out: Menu[] = [];
  const walk = (seq: number) => {
    for (const m of list.filter((x) => x.upprMenuSeq === seq)) {
      out.push(m);
      walk(m.menuSeq);
    }
  };
  walk(root);
  return out;
};

describe("getMenuList.do", () => {
  it("answers well-formed menus in a consistent tree", async () => {
    const list = await menuList();
    expect(list.length).toBeGreaterThan(40);
    const seqs = new Set(list.map((m) => m.menuSeq));
    for (const m of list) {
      expect(Object.keys(m).sort()).toEqual(MENU_KEYS);
      expect(TYPES).toContain(m.menuTy);
      expect([1, 2, 3]).toContain(m.menuLvl);
      if (m.menuLvl === 1) expect(m.upprMenuSeq).toBeNull();
      else {
        expect(seqs.has(m.upprMenuSeq!)).toBe(true);
        const parent = list.find((p) => p.menuSeq === m.upprMenuSeq)!;
        expect(parent.menuLvl).toBe(m.menuLvl - 1);
      }
      if (m.menuLvl === 2 && m.menuTy === "D") expect(m.menuUrl).toBe(`/menu/${m.menuSeq}`);
      if (m.menuTy === "DATA") expect(m.menuUrl).toBe(`/data/${m.menuSeq}`);
      if (m.menuTy === "SURVEY") expect(m.menuUrl).toBe(`/survey-menu/${m.menuSeq}`);
    }
  });

  it("reaches every screen route of the specifications for the administrator", async () => {
    const urls = new Set((await menuList()).map((m) => m.menuUrl));
    const routes = [
      "/dashboard", "/myProfile", "/messenger", "/survey", "/management/member", "/management/code", "/management/privacy",
      "/insert/ufolio/grcm", "/insert/ufolio/tmbs", "/insert/student/analysis",
      "/insert/student/document", "/insert/professor/document", "/insert/tutor/document", "/insert/professor/archive",
      "/insert/professor/seminar", "/insert/commission/CommissionList", "/insert/student/volunteer",
      "/insert/student/medical", "/insert/student/awards", "/insert/ufolio/counseling", "/insert/ufolio/pf-guidance",
      "/insert/lms/curr-eval", "/insert/eval/relearning", "/insert/lms/weekend-exam", "/insert/lms/end-exam",
      "/insert/eval/patient-safety", "/insert/eval/reflection-summary", "/insert/eval/medical-law",
      "/insert/ufolio/final-report", "/insert/ufolio/comprehensive/1", "/insert/ufolio/comprehensive/2",
      "/insert/ufolio/comprehensive/3", "/insert/ufolio/osce-cpx", "/insert/ufolio/grdt-self-eval",
      "/insert/ufolio/peer-eval", "/insert/ufolio/reflection-journal", "/insert/ufolio/doctor-scientist",
      "/insert/eval/tutor", "/insert/resource/space", "/eval/monitor/analysis", "/eval/monitor/end-survey",
      "/eval/monitor/oper-satisfaction", "/eval/monitor/oper-survey", "/eval/monitor/completion",
      "/eval/monitor/competency-self-eval", "/eval/monitor/interview",
    ];
    for (const r of routes) expect(urls.has(r), r).toBe(true);
    const list = await menuList();
    expect(list.some((m) => m.menuUrl?.startsWith("/eval/indicator/"))).toBe(true);
    expect(list.some((m) => m.menuTy === "DATA")).toBe(true);
    expect(list.some((m) => m.menuTy === "SURVEY")).toBe(true);
    expect(list.some((m) => m.menuLvl === 1 && m.menuTy === "P")).toBe(true);
    expect(list.find((m) => m.menuSeq === 90)).toMatchObject({ menuLvl: 2, menuUrl: "/menu/90" });
  });

  it("menu 2 holds the entry screens and menu 3 the evaluation screens", async () => {
    const list = await menuList();
    const entryUrls = under(list, 2).map((m) => m.menuUrl);
    const evalUrls = under(list, 3).map((m) => m.menuUrl);
    expect(entryUrls).toContain("/insert/student/document");
    expect(entryUrls).toContain("/insert/ufolio/grcm");
    expect(evalUrls).toContain("/eval/monitor/analysis");
    expect(evalUrls.some((u) => u?.startsWith("/eval/indicator/"))).toBe(true);
  });

  it("filters by authority: entry staff see menu 2 and not menu 3 or settings", async () => {
    const list = await menuList("entry01");
    const seqs = list.map((m) => m.menuSeq);
    expect(seqs).toContain(2);
    expect(seqs).not.toContain(3);
    expect(list.map((m) => m.menuUrl)).not.toContain("/management/member");
    expect(list.map((m) => m.menuUrl)).not.toContain("/management/mail");
    expect(list.map((m) => m.menuUrl)).not.toContain("/management/audit");
    expect(list.map((m) => m.menuUrl)).not.toContain("/eval/monitor/analysis");
    expect(list.map((m) => m.menuUrl)).toContain("/dashboard");
    // Never a child without its parent.
    for (const m of list) if (m.upprMenuSeq !== null) expect(seqs).toContain(m.upprMenuSeq);
  });

  it("filters by authority: the committee sees menu 3 and not menu 2 or settings", async () => {
    const list = await menuList("committee01");
    const seqs = list.map((m) => m.menuSeq);
    expect(seqs).toContain(3);
    expect(seqs).not.toContain(2);
    expect(list.map((m) => m.menuUrl)).not.toContain("/insert/student/document");
    expect(list.map((m) => m.menuUrl)).not.toContain("/management/code");
    expect(list.map((m) => m.menuUrl)).toContain("/eval/monitor/interview");
  });

  it("the administrator sees the settings menus", async () => {
    const urls = (await menuList()).map((m) => m.menuUrl);
    expect(urls).toEqual(expect.arrayContaining(["/management/member", "/management/code", "/management/privacy", "/management/mail", "/management/audit"]));
  });
});

describe("getMenuListForLowLevel.do", () => {
  it("answers the children of a menu, with parent names", async () => {
    const list = await menuList();
    const group = list.find((m) => m.menuLvl === 2 && m.menuTy === "D" && under(list, m.menuSeq).length > 2)!;
    const r = await call("/api/comm/menu/getMenuListForLowLevel.do", { menuSeq: group.menuSeq, searchText: "" });
    expect(r.body.status).toBe(200);
    const children = r.body.result.list;
    expect(children.map((m: Menu) => m.menuSeq)).toEqual(list.filter((m) => m.upprMenuSeq === group.menuSeq).map((m) => m.menuSeq));
    for (const c of children) {
      expect(c.upprMenuSeq).toBe(group.menuSeq);
      expect(c.upprMenuNm).toBe(group.menuNm);
    }
  });

  it("filters the children by searchText", async () => {
    const list = await menuList();
    const child = list.find((m) => m.menuLvl === 3)!;
    const word = child.menuNm.slice(0, 3);
    const r = await call("/api/comm/menu/getMenuListForLowLevel.do", { menuSeq: child.upprMenuSeq, searchText: word });
    const names: string[] = r.body.result.list.map((m: Menu) => m.menuNm);
    expect(names).toContain(child.menuNm);
    for (const n of names) expect(n).toContain(word);
    const none = await call("/api/comm/menu/getMenuListForLowLevel.do", { menuSeq: child.upprMenuSeq, searchText: "없는메뉴이름xyz" });
    expect(none.body.result.list).toEqual([]);
  });

  it("refuses a menu the user may not open", async () => {
    const r = await callAs("entry01", "/api/comm/menu/getMenuListForLowLevel.do", { menuSeq: 3, searchText: "" });
    expect(r.body).toEqual({ status: 403, message: MSG.menuForbidden });
  });

  it("menu 90 has no children", async () => {
    const r = await call("/api/comm/menu/getMenuListForLowLevel.do", { menuSeq: 90, searchText: "" });
    expect(r.body).toEqual({ status: 200, result: { list: [] } });
  });
});

describe("getDeptCodes.do and getMenuByDept.do", () => {
  it("answers the departments, including the default 0000900002", async () => {
    const r = await callAs("entry01", "/api/comm/menu/getDeptCodes.do", {});
    expect(r.body.status).toBe(200);
    const list: { code: string; codeNm: string }[] = r.body.result.list;
    expect(list.length).toBeGreaterThan(1);
    for (const d of list) {
      expect(d.code).toMatch(/^00009\d{5}$/);
      expect(d.codeNm.length).toBeGreaterThan(0);
    }
    expect(list.map((d) => d.code)).toContain("0000900002");
  });

  it("answers the menus of a department that the user may open", async () => {
    const all = await call("/api/comm/menu/getMenuByDept.do", { deptCd: "0000900002" });
    expect(all.body.status).toBe(200);
    expect(all.body.result.list.length).toBeGreaterThan(0);
    const mine = await callAs("entry01", "/api/comm/menu/getMenuByDept.do", { deptCd: "0000900002" });
    const visible = new Set((await menuList("entry01")).map((m) => m.menuSeq));
    for (const m of mine.body.result.list) expect(visible.has(m.menuSeq)).toBe(true);
    expect(mine.body.result.list.length).toBeLessThan(all.body.result.list.length);
  });

  it("requires a department code", async () => {
    const r = await call("/api/comm/menu/getMenuByDept.do", {});
    expect(r.body.status).toBe(400);
  });
});
