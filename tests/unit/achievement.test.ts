/** R06 education achievement score: the entry dialog's rules of spec 001 §5 at their boundaries. */
import { describe, expect, it } from "vitest";
import { achievementOrder, achievementSchema, achievementYears, deptKey } from "~/routes/_app.insert.professor.archive+/__schema";
import { firstError } from "~/schemas/errors";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { fieldErrorsFor } from "./form-helpers";

const CURRENT = 2026;
const schema = achievementSchema(CURRENT);
const form = (over: Record<string, string> = {}) => ({ year: "2024", dept: "기초", score: "85", ...over });
const errors = (over: Record<string, string>) => fieldErrorsFor(schema, form(over));

describe("achievement score", () => {
  it("a complete entry passes with numbers", () => {
    expect(schema.parse(form())).toEqual({ year: 2024, dept: "기초", score: 85 });
    expect(schema.parse({ year: 2010, dept: "임상", score: 0 })).toEqual({ year: 2010, dept: "임상", score: 0 });
  });

  it("the year runs from 2010 to the current year", async () => {
    expect(achievementYears(CURRENT)).toHaveLength(17);
    expect(achievementYears(CURRENT)[0]).toBe(2026);
    expect(achievementYears(CURRENT).at(-1)).toBe(2010);
    expect((await errors({ year: "" })).year).toBe(MSG.yearRequired);
    expect((await errors({ year: "2009" })).year).toBe(MSG.yearRequired);
    expect((await errors({ year: "2010" })).year).toBeUndefined();
    expect((await errors({ year: "2026" })).year).toBeUndefined();
    expect((await errors({ year: "2027" })).year).toBe(MSG.yearRequired);
  });

  it("the department is 기초 or 임상", async () => {
    expect((await errors({ dept: "" })).dept).toBe(MSG.affiliationRequired);
    expect((await errors({ dept: "기타" })).dept).toBe(MSG.affiliationRequired);
    expect((await errors({ dept: "임상" })).dept).toBeUndefined();
  });

  it("the score is required and digits only", async () => {
    expect((await errors({ score: " " })).score).toBe(MSG.scoreRequired);
    expect((await errors({ score: "8a" })).score).toBe(OWN_MSG.achievementScoreDigits);
    expect((await errors({ score: "8.5" })).score).toBe(OWN_MSG.achievementScoreDigits);
    expect((await errors({ score: "-1" })).score).toBe(OWN_MSG.achievementScoreDigits);
    expect((await errors({ score: "999999" })).score).toBeUndefined();
    expect((await errors({ score: "1000000" })).score).toBe(OWN_MSG.textTooLong);
  });

  it("the '알림' follows the spec's order: year, department, score", async () => {
    expect(firstError(await errors({ year: "", dept: "", score: "" }), achievementOrder)).toBe(MSG.yearRequired);
    expect(firstError(await errors({ dept: "", score: "" }), achievementOrder)).toBe(MSG.affiliationRequired);
    expect(firstError(await errors({ score: "" }), achievementOrder)).toBe(MSG.scoreRequired);
  });

  it("maps departments to the chart's fields", () => {
    expect(deptKey("기초")).toBe("basic");
    expect(deptKey("임상")).toBe("clinical");
  });
});
