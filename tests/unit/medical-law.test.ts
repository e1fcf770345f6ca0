/** E06 health and medical law: the dialog's rules at their boundaries, in screen order (spec 002 §5). */
import { describe, expect, it } from "vitest";
import { lawsInfoOf, medicalLawMessage, medicalLawOrder, medicalLawSchema, rowsOfUsers } from "~/routes/_app.insert.eval.medical-law+/__schema";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { checkKey, rowField } from "~/schemas/student-rows";
import { fieldErrorsFor } from "./form-helpers";

const YEAR = "2026";
const row = (i: number, id: string, score: string, confirmed = true) => ({
  [rowField(i, "id")]: id,
  [rowField(i, "name")]: `학생${i}`,
  [rowField(i, "usSeq")]: confirmed ? String(100 + i) : "",
  [rowField(i, "checked")]: confirmed ? checkKey(YEAR, id) : "",
  [rowField(i, "score")]: score,
});

function form(over: Record<string, string | string[]> = {}, rows: Record<string, string>[] = [row(0, "2026001", "80")]) {
  return { year: YEAR, smst: "1학기 1차", tgetSt: ["0000800004"], subj: "0001400001", totalScore: "100", ...Object.assign({}, ...rows), ...over };
}

/** The '알림' of a form: the first failing field's message in screen order. */
async function alertFor(values: Record<string, string | string[]>) {
  const errors = await fieldErrorsFor(medicalLawSchema, values);
  return { errors, alert: medicalLawOrder.map((f) => errors[f]).find(Boolean) };
}

describe("medical law scores", () => {
  it("accepts a complete form", async () => {
    expect(await fieldErrorsFor(medicalLawSchema, form())).toEqual({});
  });

  it("accepts a score equal to the total score, refuses total + 1", async () => {
    expect(await fieldErrorsFor(medicalLawSchema, form({}, [row(0, "2026001", "100")]))).toEqual({});
    const { errors, alert } = await alertFor(form({}, [row(0, "2026001", "101")]));
    expect(alert).toBe(MSG.lawScoreOverFull);
    expect(errors[rowField(0, "score")]).toBe(MSG.lawScoreOverFull);
    // the full mark itself at its limit: 999 and a score of 999
    expect(await fieldErrorsFor(medicalLawSchema, form({ totalScore: "999" }, [row(0, "2026001", "999")]))).toEqual({});
  });

  it("takes digits only, at most three, for the total score and the scores", async () => {
    expect((await alertFor(form({ totalScore: "1000" }))).alert).toBe(OWN_MSG.lawTotalDigits);
    expect((await alertFor(form({ totalScore: "9a" }))).alert).toBe(OWN_MSG.lawTotalDigits);
    expect((await alertFor(form({ totalScore: "" }))).alert).toBe(OWN_MSG.lawTotalRequired);
    expect((await alertFor(form({ totalScore: "999" }, [row(0, "2026001", "1000")]))).alert).toBe(OWN_MSG.lawScoreDigits);
    expect((await alertFor(form({}, [row(0, "2026001", "-1")]))).alert).toBe(OWN_MSG.lawScoreDigits);
    expect((await alertFor(form({}, [row(0, "2026001", "7.5")]))).alert).toBe(OWN_MSG.lawScoreDigits);
    expect((await alertFor(form({}, [row(0, "2026001", "")]))).alert).toBe(MSG.scoreRequired);
  });

  it("needs the term and round and at least one target", async () => {
    expect((await alertFor(form({ smst: "  " }))).alert).toBe(MSG.lawSmstRequired);
    const noTarget = form();
    delete (noTarget as Record<string, unknown>).tgetSt;
    expect((await alertFor(noTarget)).alert).toBe(MSG.lawTargetRequired);
    expect((await alertFor(form({ subj: "" }))).alert).toBe(OWN_MSG.lawSubjectRequired);
    expect((await alertFor(form({ year: "" }))).alert).toBe(MSG.yearRequired);
  });

  it("refuses a duplicate number on the later row", async () => {
    const { errors, alert } = await alertFor(form({}, [row(0, "2026001", "80"), row(1, "2026002", "70"), row(2, "2026001", "60")]));
    expect(alert).toBe(MSG.duplicateStudentId);
    expect(Object.keys(errors)).toEqual([rowField(2, "id")]);
  });

  it("needs each number entered and confirmed for this year", async () => {
    expect((await alertFor(form({}, [row(0, "", "80", false)]))).alert).toBe(OWN_MSG.studentIdRequired);
    expect((await alertFor(form({}, [row(0, "2026001", "80", false)]))).alert).toBe(MSG.lookupNotConfirmed);
    // confirmed for 2026, the year changed to 2025
    expect((await alertFor(form({ year: "2025" }))).alert).toBe(MSG.lookupNotConfirmed);
  });

  it("reports in screen order and marks every failing field", async () => {
    const { errors, alert } = await alertFor(form({ smst: "", totalScore: "50" }, [row(0, "2026001", "", false), row(1, "2026002", "51")]));
    expect(alert).toBe(MSG.lawSmstRequired);
    expect(errors).toMatchObject({
      smst: MSG.lawSmstRequired,
      [rowField(0, "id")]: MSG.lookupNotConfirmed,
      [rowField(0, "score")]: MSG.scoreRequired,
      [rowField(1, "score")]: MSG.lawScoreOverFull,
    });
    // a later row's number before an earlier row's score is not screen order: row 0 first
    expect((await alertFor(form({}, [row(0, "2026001", ""), row(1, "", "5", false)]))).alert).toBe(MSG.scoreRequired);
  });

  it("gives the backend the same first message (paths as the form names them)", () => {
    const parsed = medicalLawSchema.safeParse({
      year: YEAR,
      smst: "1학기",
      tgetSt: ["0000800004"],
      subj: "0001400001",
      totalScore: "10",
      rows: [{ id: "2026001", name: "", usSeq: "1", checked: checkKey(YEAR, "2026001"), score: "11" }],
    });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(medicalLawMessage(parsed.error.issues)).toBe(MSG.lawScoreOverFull);
  });

  it("turns the form into lawsInfo and a stored set back into confirmed rows", () => {
    const parsed = medicalLawSchema.parse({ ...form(), rows: [{ id: "2026001", name: "김민준", usSeq: "17", checked: checkKey(YEAR, "2026001"), score: "88" }] });
    expect(lawsInfoOf(parsed)).toEqual({
      year: 2026,
      smst: "1학기 1차",
      tgetSt: ["0000800004"],
      subj: "0001400001",
      totalScore: 100,
      users: [{ usSeq: 17, id: "2026001", name: "김민준", score: 88, status: "Y" }],
    });
    expect(rowsOfUsers(2026, [{ usSeq: 17, id: "2026001", name: "김민준", score: 88 }])).toEqual([
      { id: "2026001", name: "김민준", usSeq: "17", checked: checkKey(2026, "2026001"), score: "88" },
    ]);
  });
});
