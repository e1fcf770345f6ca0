/** E18 exam question analysis: the dialog's rules of spec 002 §5 at their boundaries, and the input filter. */
import { describe, expect, it } from "vitest";
import {
  eqaYears,
  examAnalysisOrder,
  examAnalysisSchema,
  filterNumberInput,
  isOverCap,
  numberFormatMessage,
  overCapFields,
} from "~/routes/_app.eval.monitor.analysis+/__schema";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { firstError } from "~/schemas/errors";
import { fieldErrorsFor } from "./form-helpers";

const CURRENT = 2026;
const schema = examAnalysisSchema(CURRENT);

const form = (over: Record<string, string> = {}) => ({
  year: "2026",
  eqaSe: "1",
  currNm: "심혈관계",
  period: "2주차",
  qestCnt: "40",
  totalScore: "100",
  avgStdevSt: "72.5",
  avgStdevEn: "8.3",
  minScore: "41",
  maxScore: "97",
  grdSt: "0.4",
  grdEn: "0.8",
  grdSe: "A",
  dscpSt: "0.2",
  dscpEn: "0.4",
  dscpSe: "B",
  qestRate: "62.5",
  ...over,
});

const errors = (over: Record<string, string>) => fieldErrorsFor(schema, form(over));
const alertOf = async (over: Record<string, string>) => firstError(await errors(over), examAnalysisOrder);

describe("a complete analysis", () => {
  it("passes and turns numbers into numbers, empty ones into null", async () => {
    const r = schema.parse(form({ qestCnt: "", dscpSt: "", dscpEn: "", dscpSe: "" }));
    expect(r).toMatchObject({ year: 2026, eqaSe: "1", currNm: "심혈관계", qestCnt: null, avgStdevSt: 72.5, grdEn: 0.8, grdSe: "A", dscpSt: null, dscpSe: null, qestRate: 62.5 });
  });

  it("accepts JSON numbers (the backend's body)", () => {
    const r = schema.parse({ ...form(), year: 2025, qestCnt: 40, avgStdevSt: 72.5, grdSt: 0.35 });
    expect(r).toMatchObject({ year: 2025, qestCnt: 40, avgStdevSt: 72.5, grdSt: 0.35 });
  });
});

describe("required fields and the order of the '알림'", () => {
  it("course name, then period", async () => {
    expect(await alertOf({ currNm: " ", period: "" })).toBe(MSG.eqaCurrNmRequired);
    expect(await alertOf({ period: "" })).toBe(MSG.eqaPeriodRequired);
  });

  it("the type is 1 or 2", async () => {
    expect((await errors({ eqaSe: "3" })).eqaSe).toBe(OWN_MSG.eqaSeRequired);
    expect((await errors({ eqaSe: "2" })).eqaSe).toBeUndefined();
  });

  it("the year runs from 2010 to the current year + 5", async () => {
    expect(eqaYears(CURRENT)[0]).toBe(2031);
    expect(eqaYears(CURRENT).at(-1)).toBe(2010);
    expect((await errors({ year: "2009" })).year).toBe(MSG.yearRequired);
    expect((await errors({ year: "2010" })).year).toBeUndefined();
    expect((await errors({ year: "2031" })).year).toBeUndefined();
    expect((await errors({ year: "2032" })).year).toBe(MSG.yearRequired);
    expect((await errors({ year: "" })).year).toBe(MSG.yearRequired);
  });

  it("the pair rules come after the required fields, in screen order", async () => {
    expect(await alertOf({ period: "", avgStdevEn: "", grdSe: "" })).toBe(MSG.eqaPeriodRequired);
    expect(await alertOf({ avgStdevEn: "", grdSe: "", dscpEn: "" })).toBe(MSG.eqaAvgStdevBoth);
    expect(await alertOf({ grdSe: "", dscpEn: "" })).toBe(MSG.eqaGrdSeRequired);
    expect(await alertOf({ dscpEn: "" })).toBe(MSG.eqaDscpBoth);
  });
});

describe("mean and deviation: both or neither", () => {
  it("one without the other marks the empty one", async () => {
    expect((await errors({ avgStdevEn: "" })).avgStdevEn).toBe(MSG.eqaAvgStdevBoth);
    expect((await errors({ avgStdevSt: "" })).avgStdevSt).toBe(MSG.eqaAvgStdevBoth);
  });
  it("neither is fine", async () => {
    expect(await errors({ avgStdevSt: "", avgStdevEn: "" })).toEqual({});
  });
});

describe.each([
  ["grd", MSG.eqaGrdBoth, MSG.eqaGrdSeRequired, "C"],
  ["dscp", MSG.eqaDscpBoth, MSG.eqaDscpSeRequired, "A"],
] as const)("%s range and classification", (p, both, seRequired, code) => {
  const st = `${p}St`;
  const en = `${p}En`;
  const se = `${p}Se`;
  it("one end without the other", async () => {
    expect((await errors({ [en]: "" }))[en]).toBe(both);
    expect((await errors({ [st]: "" }))[st]).toBe(both);
  });
  it("a classification without the range", async () => {
    const e = await errors({ [st]: "", [en]: "", [se]: code });
    expect(e[st]).toBe(both);
    expect(e[en]).toBe(both);
  });
  it("a range without the classification", async () => {
    expect((await errors({ [se]: "" }))[se]).toBe(seRequired);
  });
  it("neither, or all three, is fine", async () => {
    expect(await errors({ [st]: "", [en]: "", [se]: "" })).toEqual({});
    expect(await errors({ [se]: code })).toEqual({});
  });
  it("an unknown classification is refused", async () => {
    expect((await errors({ [se]: "Z" }))[se]).toBe(seRequired);
  });
});

describe("number formats", () => {
  it.each(["qestCnt", "totalScore", "minScore", "maxScore"] as const)("%s takes integers only", async (name) => {
    expect((await errors({ [name]: "12.5" }))[name]).toBe(numberFormatMessage(name));
    expect((await errors({ [name]: "-3" }))[name]).toBe(numberFormatMessage(name));
    expect((await errors({ [name]: "abc" }))[name]).toBe(numberFormatMessage(name));
    expect((await errors({ [name]: "999" }))[name]).toBeUndefined();
    expect((await errors({ [name]: "0" }))[name]).toBeUndefined();
  });

  it("mean and deviation take one decimal", async () => {
    expect((await errors({ avgStdevSt: "72.5" })).avgStdevSt).toBeUndefined();
    expect((await errors({ avgStdevSt: "72.55" })).avgStdevSt).toBe(numberFormatMessage("avgStdevSt"));
    expect((await errors({ avgStdevEn: "8.35" })).avgStdevEn).toBe(numberFormatMessage("avgStdevEn"));
    expect(numberFormatMessage("avgStdevSt")).toBe("평균은(는) 소수점 1자리까지 숫자로 입력할 수 있습니다.");
    expect(numberFormatMessage("qestCnt")).toBe("문항수은(는) 숫자만 입력할 수 있습니다.");
  });

  it.each(["grdSt", "grdEn", "dscpSt", "dscpEn", "qestRate"] as const)("%s takes two decimals", async (name) => {
    expect((await errors({ [name]: "0.45" }))[name]).toBeUndefined();
    expect((await errors({ [name]: "0.455" }))[name]).toBe(numberFormatMessage(name));
  });
});

describe("the cap of 999.99", () => {
  it("999.99 passes, 999.991 is malformed, 1000 is over the cap", async () => {
    expect((await errors({ qestRate: "999.99" })).qestRate).toBeUndefined();
    expect((await errors({ qestRate: "999.991" })).qestRate).toBe(numberFormatMessage("qestRate"));
    expect((await errors({ qestRate: "1000" })).qestRate).toBe(MSG.eqaMax999);
    expect((await errors({ avgStdevSt: "999.9" })).avgStdevSt).toBeUndefined();
    expect((await errors({ avgStdevSt: "1000.0" })).avgStdevSt).toBe(MSG.eqaMax999);
    expect((await errors({ totalScore: "1000" })).totalScore).toBe(MSG.eqaMax999);
  });

  it("the capped fields are named for the form to empty them", async () => {
    const e = await errors({ qestRate: "1000", grdSt: "1234.5", currNm: "" });
    expect(overCapFields(e).sort()).toEqual(["grdSt", "qestRate"]);
  });

  it("isOverCap", () => {
    expect(isOverCap("999.99")).toBe(false);
    expect(isOverCap("999.991")).toBe(true);
    expect(isOverCap("1000")).toBe(true);
    expect(isOverCap("")).toBe(false);
  });
});

describe("the input filter (JavaScript)", () => {
  it("integers keep digits only", () => {
    expect(filterNumberInput("1a2-3", 0, 3)).toBe("123");
    expect(filterNumberInput("1.5", 0, 3)).toBe("15");
    expect(filterNumberInput("1234", 0, 3)).toBe("123");
  });
  it("decimals keep one point and their places", () => {
    expect(filterNumberInput("72.55", 1, 6)).toBe("72.5");
    expect(filterNumberInput("0.456", 2, 6)).toBe("0.45");
    expect(filterNumberInput("1.2.3", 2, 6)).toBe("1.23");
    expect(filterNumberInput("-0,5x", 2, 6)).toBe("05");
    expect(filterNumberInput("1000.55", 2, 6)).toBe("1000.5");
  });
});
