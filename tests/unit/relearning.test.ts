/** E01 the re-learner dialog's schema (spec 002 §5 "Re-learner") at its boundaries, as the browser and the server run it. */
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { recordRow, relearningOrder, relearningSchema, reYnField, rowFlags, subjField } from "~/routes/_app.insert.eval.relearning+/__schema";
import { firstError } from "~/schemas/errors";
import { checkKey, rowField } from "~/schemas/student-rows";
import { fieldErrorsFor } from "./form-helpers";

const YEAR = "2026";
const A = "0001500001";
const B = "0001500002";

/** A confirmed row for `id` in YEAR. */
const row = (i: number, id: string, over: Record<string, string> = {}) => ({
  [rowField(i, "id")]: id,
  [rowField(i, "name")]: `학생${i}`,
  [rowField(i, "usSeq")]: String(100 + i),
  [rowField(i, "checked")]: checkKey(YEAR, id),
  ...Object.fromEntries(Object.entries(over).map(([k, v]) => [rowField(i, k), v])),
});

const errors = (values: Record<string, string>) => fieldErrorsFor(relearningSchema, { year: YEAR, rlSeq: "", ...values });

describe("relearningSchema", () => {
  it("accepts confirmed rows and reads ticked flags as Y, unticked as N", async () => {
    const r = relearningSchema.safeParse({
      year: YEAR,
      rows: [
        { id: "2024001", name: "김", usSeq: "1", checked: checkKey(YEAR, "2024001"), [subjField(A)]: "Y" },
        { id: "2024002", name: "이", usSeq: "2", checked: checkKey(YEAR, "2024002") },
      ],
    });
    expect(r.success).toBe(true);
    if (!r.success) return;
    const subjects = [{ subjCd: A, subjNm: "해부학" }, { subjCd: B, subjNm: "생리학" }];
    expect(rowFlags(r.data.rows[0], subjects)).toEqual([{ subjCd: A, reYn: "Y" }, { subjCd: B, reYn: "N" }]);
    expect(rowFlags(r.data.rows[1], subjects)).toEqual([{ subjCd: A, reYn: "N" }, { subjCd: B, reYn: "N" }]);
  });

  it("needs at least one student: '한명의 학생은 등록되어야합니다'", async () => {
    expect(await errors({})).toEqual({ rows: MSG.oneStudentRequired });
    expect(relearningSchema.safeParse({ year: YEAR, rows: [] }).error?.issues[0].message).toBe(MSG.oneStudentRequired);
  });

  it("needs a number: '학번을 입력해주세요.'", async () => {
    expect(await errors(row(0, "", { checked: "" }))).toEqual({ [rowField(0, "id")]: OWN_MSG.studentIdRequired });
    // blanks are not a number
    expect(await errors(row(0, "   ", { checked: "" }))).toEqual({ [rowField(0, "id")]: OWN_MSG.studentIdRequired });
  });

  it("takes digits only", async () => {
    expect(await errors(row(0, "2024A01"))).toEqual({ [rowField(0, "id")]: OWN_MSG.studentIdDigits });
    expect(await errors(row(0, "2024-001"))).toEqual({ [rowField(0, "id")]: OWN_MSG.studentIdDigits });
    expect(await errors(row(0, "0"))).toEqual({});
  });

  it("needs the lookup confirmed for that number and year: '학번을 입력 후 확인버튼을 클릭하세요.'", async () => {
    const notConfirmed = { [rowField(0, "id")]: MSG.lookupNotConfirmed };
    // never looked up
    expect(await errors(row(0, "2024001", { usSeq: "", checked: "" }))).toEqual(notConfirmed);
    // the number was edited after the lookup
    expect(await errors(row(0, "2024002", { checked: checkKey(YEAR, "2024001") }))).toEqual(notConfirmed);
    // confirmed for another year
    expect(await errors(row(0, "2024001", { checked: checkKey("2025", "2024001") }))).toEqual(notConfirmed);
    // a confirmation without the student it found
    expect(await errors(row(0, "2024001", { usSeq: "" }))).toEqual(notConfirmed);
    expect(await errors(row(0, "2024001"))).toEqual({});
  });

  it("refuses a number twice, on the later row: '중복된 학번이 존재합니다.'", async () => {
    expect(await errors({ ...row(0, "2024001"), ...row(1, "2024002"), ...row(2, "2024001") })).toEqual({ [rowField(2, "id")]: MSG.duplicateStudentId });
    expect(await errors({ ...row(0, "2024001"), ...row(1, "2024002") })).toEqual({});
  });

  it("marks every failing row; the '알림' is the first in screen order", async () => {
    const fe = await errors({ ...row(0, "2024001", { checked: "" }), ...row(1, ""), ...row(2, "12x") });
    expect(fe).toEqual({
      [rowField(0, "id")]: MSG.lookupNotConfirmed,
      [rowField(1, "id")]: OWN_MSG.studentIdRequired,
      [rowField(2, "id")]: OWN_MSG.studentIdDigits,
    });
    expect(firstError(fe, relearningOrder)).toBe(MSG.lookupNotConfirmed);
  });

  it("needs a year", async () => {
    const fe = await fieldErrorsFor(relearningSchema, { year: "", ...row(0, "2024001") });
    expect(fe.year).toBe(MSG.yearRequired);
    expect(firstError(fe, relearningOrder)).toBe(MSG.yearRequired);
  });

  it("takes Y/N flags only", async () => {
    expect(await errors(row(0, "2024001", { [subjField(A)]: "Y", [subjField(B)]: "N" }))).toEqual({});
    expect(await errors(row(0, "2024001", { [subjField(A)]: "X" }))).toEqual({ [rowField(0, subjField(A))]: OWN_MSG.relearnFlagYn });
  });

  it("refuses more than 100 rows", () => {
    const rows = Array.from({ length: 101 }, (_, i) => ({ id: String(2024000 + i), name: "", usSeq: "1", checked: checkKey(YEAR, String(2024000 + i)) }));
    expect(relearningSchema.safeParse({ year: YEAR, rows }).success).toBe(false);
    expect(relearningSchema.safeParse({ year: YEAR, rows: rows.slice(0, 100) }).success).toBe(true);
  });

  it("refuses an rlSeq that is not a number", () => {
    expect(relearningSchema.safeParse({ year: YEAR, rlSeq: "1 or 1", rows: [{ id: "1", usSeq: "1", checked: checkKey(YEAR, "1") }] }).success).toBe(false);
  });
});

describe("reYnField", () => {
  it.each([
    ["Y", "Y"],
    ["y", "Y"],
    ["on", "Y"],
    [true, "Y"],
    ["N", "N"],
    ["", "N"],
    [undefined, "N"],
    [" n ", "N"],
  ])("%s → %s", (input, expected) => {
    expect(reYnField.parse(input)).toBe(expected);
  });
  it.each(["O", "X", "예", "1"])("refuses %s", (input) => {
    expect(reYnField.safeParse(input).success).toBe(false);
  });
});

describe("recordRow", () => {
  it("is the stored learner as a confirmed dialog row with its flags", () => {
    const r = recordRow({ id: "2024001", name: "김서연", usSeq: 7, year: 2026, subj: [{ subjCd: A, reYn: "Y" }, { subjCd: B, reYn: "N" }] });
    expect(r).toEqual({ id: "2024001", name: "김서연", usSeq: "7", checked: checkKey(2026, "2024001"), [subjField(A)]: "Y", [subjField(B)]: "N" });
  });
});
