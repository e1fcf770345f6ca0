/** E04 patient safety scores: the score rules at their boundaries and the save checks in order (spec 002 §5). */
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import {
  cleanScore,
  confirmationState,
  hundredths,
  patientSafetySchema,
  pssOrder,
  pssScoresSchema,
  studentIssues,
  totalText,
} from "~/routes/_app.insert.eval.patient-safety+/__schema";
import { checkKey, rowField } from "~/schemas/student-rows";
import { firstError } from "~/schemas/errors";
import { fieldErrorsFor } from "./form-helpers";

const blank = { attn: "", quiz: "", rcgnSrvy: "", ptntSftyRprt: "", group1: "", group2: "", prtcDgr: "", grd: "" };
const scores = (over: Partial<typeof blank> = {}) => ({ ...blank, ...over });
/** The first message the backend's row schema gives, or undefined when the row is fine. */
const rowMessage = (over: Partial<typeof blank>) => {
  const r = pssScoresSchema.safeParse(scores(over));
  return r.success ? undefined : r.error.issues[0].message;
};

describe("score maximums", () => {
  it.each([
    ["quiz", "30", undefined],
    ["quiz", "30.01", "퀴즈 점수는 30점을 넘을 수 없습니다."],
    ["rcgnSrvy", "25", undefined],
    ["rcgnSrvy", "25.01", "인식조사 점수는 25점을 넘을 수 없습니다."],
    ["ptntSftyRprt", "30", undefined],
    ["ptntSftyRprt", "30.01", "성찰보고서 점수는 30점을 넘을 수 없습니다."],
    ["attn", "0", undefined],
    ["attn", "-3.5", undefined],
    ["attn", "0.01", "출석 점수는 0점을 넘을 수 없습니다."],
    ["prtcDgr", "-1", undefined],
    ["prtcDgr", "0.01", "참여도 점수는 0점을 넘을 수 없습니다."],
    ["quiz", "-100", undefined],
    ["quiz", "-100.01", "퀴즈 점수는 -100점보다 작을 수 없습니다."],
  ] as const)("%s %s → %s", (key, value, message) => {
    expect(rowMessage({ [key]: value })).toBe(message);
  });

  it("fills {item} and {max} of the spec's message", () => {
    expect(MSG.pssItemMax).toBe("{item} 점수는 {max}점을 넘을 수 없습니다.");
    expect(rowMessage({ quiz: "31" })).not.toContain("{");
  });

  it("group1 + group2: 15 is fine, 15.01 is refused (on group2)", () => {
    expect(rowMessage({ group1: "7.5", group2: "7.5" })).toBeUndefined();
    const r = pssScoresSchema.safeParse(scores({ group1: "7.5", group2: "7.51" }));
    expect(r.success).toBe(false);
    expect(r.error!.issues).toEqual([expect.objectContaining({ path: ["group2"], message: MSG.pssGroupMax })]);
    expect(rowMessage({ group1: "15.01" })).toBe(MSG.pssGroupMax);
  });

  it("a total of exactly 100 is fine", () => {
    const full = scores({ attn: "0", quiz: "30", rcgnSrvy: "25", ptntSftyRprt: "30", group1: "10", group2: "5", prtcDgr: "0" });
    expect(pssScoresSchema.safeParse(full).success).toBe(true);
    expect(totalText(full)).toBe("100.00");
  });

  it("a total above 100 is reported on the total", () => {
    const r = pssScoresSchema.safeParse(scores({ quiz: "30.01", rcgnSrvy: "25", ptntSftyRprt: "30", group1: "10", group2: "5" }));
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toContainEqual(["total", MSG.pssTotalMax]);
  });
});

describe("score format", () => {
  it.each(["12", "12.5", "12.05", "-0.5", "0", "-12.25", "030"])("%s is a score", (v) => {
    expect(rowMessage({ quiz: v })).toBeUndefined();
  });
  it.each(["12.345", "1.", ".5", "1.2.3", "abc", "--1", "1e1", "+3"])("%s is refused", (v) => {
    expect(rowMessage({ quiz: v })).toBe(OWN_MSG.pssScoreFormat.replace("{item}", "퀴즈"));
  });
  it("blank is not entered; numbers on the wire are read as text", () => {
    expect(rowMessage({})).toBeUndefined();
    expect(pssScoresSchema.safeParse({ ...blank, quiz: 12.5, attn: -1 }).success).toBe(true);
    expect(pssScoresSchema.safeParse({ ...blank, quiz: 12.345 }).success).toBe(false);
  });
  it("grades are H, HP, PS, NP or blank", () => {
    for (const g of ["H", "HP", "PS", "NP", "", "hp"]) expect(rowMessage({ grd: g })).toBeUndefined();
    expect(rowMessage({ grd: "A" })).toBe(OWN_MSG.pssGradeInvalid);
  });
});

describe("totals and typing", () => {
  it("adds in hundredths, shown with two decimals", () => {
    expect(hundredths("12.3")).toBe(1230);
    expect(hundredths("-0.05")).toBe(-5);
    expect(totalText(scores({ quiz: "0.1", rcgnSrvy: "0.2" }))).toBe("0.30");
    expect(totalText(scores({ attn: "-2", quiz: "28.75", rcgnSrvy: "20", ptntSftyRprt: "25.5", group1: "7", group2: "6.5", prtcDgr: "-0.25" }))).toBe("85.50");
    expect(totalText(scores())).toBe("0.00");
  });

  it.each([
    ["12a.3", "12.3"],
    ["1.234", "1.23"],
    ["1.2.3", "1.23"],
    ["-5", "-5"],
    ["5-", "5"],
    ["-", "-"],
    ["100", "100"],
    ["100.01", "100"],
    ["250", "100"],
    ["-100.5", "-100"],
    ["99.99", "99.99"],
  ])("typing %s keeps %s", (typed, kept) => {
    expect(cleanScore(typed)).toBe(kept);
  });
});

describe("the students of a save", () => {
  it("insert: a missing number first, then an unconfirmed row, then a changed number", () => {
    expect(studentIssues("insert", ["ok", "unconfirmed", "empty", "mismatch"])).toEqual([{ index: 2, message: MSG.pssAllIdsRequired }]);
    expect(studentIssues("insert", ["ok", "unconfirmed", "mismatch"])).toEqual([{ index: 1, message: MSG.lookupNeedsId }]);
    expect(studentIssues("insert", ["mismatch", "ok", "mismatch"])).toEqual([
      { index: 0, message: MSG.pssMismatchAny },
      { index: 2, message: MSG.pssMismatchAny },
    ]);
    expect(studentIssues("insert", ["ok", "ok"])).toEqual([]);
  });

  it("update: '학번을 입력하세요.', then '학번과 이름이 일치하지 않습니다.'", () => {
    expect(studentIssues("update", ["empty"])).toEqual([{ index: 0, message: MSG.pssIdRequired }]);
    expect(studentIssues("update", ["unconfirmed"])).toEqual([{ index: 0, message: MSG.pssMismatch }]);
    expect(studentIssues("update", ["mismatch"])).toEqual([{ index: 0, message: MSG.pssMismatch }]);
  });

  it("a confirmation holds for its number and year only", () => {
    const row = { id: "2024001", usSeq: "7", checked: checkKey("2026", "2024001") };
    expect(confirmationState(row, "2026")).toBe("ok");
    expect(confirmationState({ ...row, id: "2024002" }, "2026")).toBe("mismatch");
    expect(confirmationState(row, "2025")).toBe("mismatch");
    expect(confirmationState({ ...row, usSeq: "", checked: "" }, "2026")).toBe("unconfirmed");
    expect(confirmationState({ ...row, id: " " }, "2026")).toBe("empty");
  });
});

describe("the dialog's schema (as the browser and the action validate it)", () => {
  const confirmed = (i: number, id: string, usSeq: string, year = "2026") => ({
    [rowField(i, "id")]: id,
    [rowField(i, "name")]: "김민준",
    [rowField(i, "usSeq")]: usSeq,
    [rowField(i, "checked")]: checkKey(year, id),
  });

  it("accepts two confirmed rows with scores", async () => {
    const errors = await fieldErrorsFor(patientSafetySchema, {
      mode: "insert",
      year: "2026",
      ...confirmed(0, "2024001", "1"),
      [rowField(0, "quiz")]: "30",
      ...confirmed(1, "2024002", "2"),
      [rowField(1, "group1")]: "15",
      [rowField(1, "grd")]: "HP",
    });
    expect(errors).toEqual({});
  });

  it("marks the failing fields; the '알림' is the student check before the scores", async () => {
    const errors = await fieldErrorsFor(patientSafetySchema, {
      mode: "insert",
      year: "2026",
      ...confirmed(0, "2024001", "1"),
      [rowField(0, "quiz")]: "31",
      [rowField(1, "id")]: "",
      [rowField(1, "group1")]: "10",
      [rowField(1, "group2")]: "5.01",
    });
    expect(errors[rowField(0, "quiz")]).toBe("퀴즈 점수는 30점을 넘을 수 없습니다.");
    expect(errors[rowField(1, "id")]).toBe(MSG.pssAllIdsRequired);
    expect(errors[rowField(1, "group2")]).toBe(MSG.pssGroupMax);
    expect(firstError(errors, pssOrder(2))).toBe(MSG.pssAllIdsRequired);
  });

  it("a changed year undoes the confirmations", async () => {
    const errors = await fieldErrorsFor(patientSafetySchema, { mode: "insert", year: "2025", ...confirmed(0, "2024001", "1", "2026") });
    expect(errors).toEqual({ [rowField(0, "id")]: MSG.pssMismatchAny });
  });

  it("a student twice in one save is refused", async () => {
    const errors = await fieldErrorsFor(patientSafetySchema, { mode: "insert", year: "2026", ...confirmed(0, "2024001", "1"), ...confirmed(1, "2024001", "1") });
    expect(errors).toEqual({ [rowField(1, "id")]: MSG.duplicateStudentId });
  });

  it("update mode uses its own messages", async () => {
    const base = { mode: "update", year: "2026", pssSeq: "5" };
    expect(await fieldErrorsFor(patientSafetySchema, { ...base, [rowField(0, "id")]: "" })).toEqual({ [rowField(0, "id")]: MSG.pssIdRequired });
    expect(await fieldErrorsFor(patientSafetySchema, { ...base, ...confirmed(0, "2024001", "1"), [rowField(0, "checked")]: "2026:2024009" })).toEqual({
      [rowField(0, "id")]: MSG.pssMismatch,
    });
    expect(await fieldErrorsFor(patientSafetySchema, { ...base, ...confirmed(0, "2024001", "1") })).toEqual({});
  });

  it("needs a year", async () => {
    const errors = await fieldErrorsFor(patientSafetySchema, { mode: "insert", year: "", ...confirmed(0, "2024001", "1") });
    expect(errors.year).toBe(MSG.yearRequired);
  });
});
