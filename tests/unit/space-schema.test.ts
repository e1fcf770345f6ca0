/**
 * E17's tab schemas (app/routes/_app.insert.resource.space+/__schema.ts): the form's names nest
 * into the save call's body, the messages of spec 002 §5 in screen order, and the resets of §4 in
 * what a save stores.
 */
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { DEFAULT_EQUIPMENT, dormTotal, flattenValues, isBlankRow, nestForm, SPACE_SCHEMAS, spaceProblem } from "~/routes/_app.insert.resource.space+/__schema";

const form = (entries: [string, string][]) => nestForm(entries);

describe("space status schemas", () => {
  it("nests form names as the wire's body and flattens back", () => {
    const v = form([
      ["_csrf", "x"],
      ["intent", "save"],
      ["fclInfo.totalClsRoom", "12"],
      ["stspList[0].stspLoc", "301호"],
      ["stspList[1].stspLoc", "302호"],
      ["mngrList[0].grdList[1].useYn", "Y"],
      ["list[500].x", "too far"],
      ["__proto__.polluted", "1"],
    ]);
    expect(v).toEqual({ fclInfo: { totalClsRoom: "12" }, stspList: [{ stspLoc: "301호" }, { stspLoc: "302호" }], mngrList: [{ grdList: [{ useYn: "Y" }] }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(nestForm(flattenValues(v))).toEqual(v);
  });

  it("refuses non-digits, values above 999.99 and missing names in screen order", () => {
    expect(spaceProblem("dorm", { year: 2025, dormInfo: { stCntM: "1a" } })).toBe("입사 남학생 수(명)은(는) 숫자만 입력할 수 있습니다.");
    expect(spaceProblem("dorm", { year: 2025, dormInfo: { cost1: "1000" } })).toBe(MSG.eqaMax999);
    expect(spaceProblem("dorm", { year: 2025, dormInfo: { cost1: "999" } })).toBeNull();
    expect(spaceProblem("sgroup", { year: 2025, list: [{ srSe: "A", roomCnt: "1", roomStspPn: "" }, { srSe: "", roomCnt: "", roomStspPn: "" }] })).toBe(MSG.spaceGroupKind);
    expect(spaceProblem("mngr", { year: 2025, list: [{ content: "x", name: "" }] })).toBe(MSG.spaceManagerName);
    expect(spaceProblem("selfs", { year: 2025, ssYn: "N", list: [{ ssNm: "" }] })).toBeNull();
  });

  it("applies the resets of §4 to what a save stores", () => {
    const fcl = SPACE_SCHEMAS.fcl.parse({
      year: 2025,
      fclInfo: { stspYn: "N", stfclYn: "Y", osceCenterYn: "2", osceLabCnt: "" },
      fclEqpList: DEFAULT_EQUIPMENT.map((_, i) => ({ eqpYn: i ? "Y" : "", eqpCnt: i ? "4" : "" })),
      stspList: [{ stspLoc: "301호" }],
      stfclList: [{ stfclLoc: "1층", stfclNm: "실습실" }],
    });
    expect(fcl.stspList).toBeNull();
    expect(fcl.stfclList).toEqual([{ sort: 1, stfclLoc: "1층", stfclNm: "실습실" }]);
    expect(fcl.fclEqpList[0]).toEqual({ sort: 1, eqpNm: DEFAULT_EQUIPMENT[0], eqpYn: "N", eqpCnt: null });
    expect(fcl.fclInfo.osceLabCnt).toBeNull();
    // a count with its box unticked, OSCE values with no centre: refused, neither dropped (issue 35 §7)
    const eqp = (first: { eqpYn: string; eqpCnt: string }) => DEFAULT_EQUIPMENT.map((_, i) => (i ? { eqpYn: "", eqpCnt: "" } : first));
    expect(spaceProblem("fcl", { year: 2025, fclInfo: {}, fclEqpList: eqp({ eqpYn: "", eqpCnt: "4" }) })).toBe(`${DEFAULT_EQUIPMENT[0]}: 보유 수량을 입력하려면 '보유'에 체크해주세요. 보유하지 않으면 수량을 지워주세요.`);
    expect(spaceProblem("fcl", { year: 2025, fclInfo: {}, fclEqpList: eqp({ eqpYn: "Y", eqpCnt: "4" }) })).toBeNull();
    expect(spaceProblem("fcl", { year: 2025, fclInfo: { osceCenterYn: "2", osceSmltCnt: "2" }, fclEqpList: eqp({ eqpYn: "", eqpCnt: "" }) })).toBe(OWN_MSG.spaceOsceBoth);
    expect(spaceProblem("fcl", { year: 2025, fclInfo: { osceCenterYn: "1", osceSmltCnt: "2" }, fclEqpList: eqp({ eqpYn: "", eqpCnt: "" }) })).toBeNull();
    const none = SPACE_SCHEMAS.lbrr.parse({ year: 2025, mdclLbrrInfo: { lbrrYn: "N", proPerCnt: "", proPerYn: "N" } });
    expect(none.mdclLbrrInfo).toMatchObject({ proPerCnt: null, proPerYn: "N" });
    // a count with 'none' (a post without JavaScript) is refused, neither dropped (issue 35 §7)
    expect(spaceProblem("lbrr", { year: 2025, mdclLbrrInfo: { lbrrYn: "N", proPerCnt: "3", proPerYn: "N" } })).toBe(OWN_MSG.spaceProPerBoth);
    expect(SPACE_SCHEMAS.lbrr.parse({ year: 2025, mdclLbrrInfo: { proPerCnt: "3" } }).mdclLbrrInfo).toMatchObject({ proPerCnt: 3, proPerYn: "Y" });
    expect(none.lbrrList).toBeNull();
    expect(SPACE_SCHEMAS.lbrr.parse({ year: 2025, mdclLbrrInfo: { proPerCnt: "" } }).mdclLbrrInfo.proPerYn).toBe("N");
    expect(SPACE_SCHEMAS.dorm.parse({ year: 2025, dormInfo: {} }).dormInfo.drmtType).toBe("2");
  });

  it("sums the dormitory's counts and knows a template's spare row", () => {
    expect(dormTotal("40", "35")).toBe("75");
    expect(dormTotal("", "")).toBe("");
    expect(dormTotal("4", "")).toBe("4");
    expect(isBlankRow({ swlSe: "2", swfNm: "", cnt: "" })).toBe(true);
    expect(isBlankRow({ srSe: "A" })).toBe(false);
  });
});
