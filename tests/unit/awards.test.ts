/**
 * R17 the awards form's one definition (app/routes/_app.insert.student.awards+/__schema.ts): the dialog's rules for both
 * categories with the spec's messages (spec 001 §5 "Awards and participation"), in the order the
 * '알림' reads them, and the wire program ⇄ form mapping (the other category's fields not sent).
 */
import { describe, expect, it } from "vitest";
import { AWARD_CODE, PARTICIPATION_CODE, awardOrder, awardSchema, formOfProgram, oneRowMessage, rowsOfUsers, wireProgram } from "~/routes/_app.insert.student.awards+/__schema";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { firstMessage } from "~/schemas/person-fields";
import { checkKey } from "~/schemas/student-rows";

const student = (id: string, year = "2026") => ({ id, name: "홍길동", usSeq: id.slice(-2), checked: checkKey(year, id), rsrchSbj: "" });

const award = (over: Record<string, unknown> = {}) => ({ year: "2026", paSeq: "", paSeCd: AWARD_CODE, prgmNm: "경진대회", awardDate: "2026-05-05", rows: [student("2026001")], ...over });
const participation = (over: Record<string, unknown> = {}) => ({
  year: "2026",
  paSeq: "",
  paSeCd: PARTICIPATION_CODE,
  prgmNm: "연구 참여",
  prgmStde: "2026-03-02",
  prgmEnde: "2026-03-02",
  placeCd: "1",
  place: "기초의학관",
  rows: [student("2026001")],
  ...over,
});

/** The message the '알림' shows for a form (the first failing field in screen order). */
function messageOf(form: Record<string, unknown>): string | undefined {
  const r = awardSchema.safeParse(form);
  if (r.success) return undefined;
  return firstMessage(r.error.issues, awardOrder.map((f) => f.replace(/\[(\d+)\]/g, ".$1")));
}

describe("awards form", () => {
  it("accepts a complete award and a one-day participation", () => {
    expect(messageOf(award())).toBeUndefined();
    expect(messageOf(participation())).toBeUndefined();
  });

  it("asks for the category of the year first", () => {
    expect(messageOf(award({ paSeCd: "", prgmNm: "" }))).toBe(MSG.awardNoCodes);
    expect(messageOf(award({ paSeCd: "0001300003" }))).toBe(MSG.awardNoCodes);
    expect(messageOf(award({ year: "" }))).toBe(MSG.yearRequired);
  });

  it("asks for each category's own fields only", () => {
    expect(messageOf(award({ awardDate: "" }))).toBe(OWN_MSG.awardDateRequired);
    expect(messageOf(award({ awardDate: "2026-02-30" }))).toBe(OWN_MSG.activityDateFormat);
    // an award needs no period or place
    expect(messageOf(award({ prgmStde: "2026-05-01", prgmEnde: "2026-04-01", place: "" }))).toBeUndefined();
    expect(messageOf(participation({ prgmStde: "" }))).toBe(OWN_MSG.activityStartRequired);
    expect(messageOf(participation({ prgmEnde: "" }))).toBe(OWN_MSG.activityEndRequired);
    expect(messageOf(participation({ prgmStde: "2026-03-03" }))).toBe(MSG.participationDates);
    expect(messageOf(participation({ placeCd: "" }))).toBe(OWN_MSG.placeCdRequired);
    expect(messageOf(participation({ place: " " }))).toBe(MSG.placeRequired);
    expect(messageOf(participation({ awardDate: "" }))).toBeUndefined();
  });

  it("checks the rows: at least one (by category), each confirmed for the year, no number twice", () => {
    expect(messageOf(award({ rows: [] }))).toBe(MSG.awardOneWinner);
    expect(messageOf(participation({ rows: [] }))).toBe(MSG.oneParticipantRequired);
    expect(oneRowMessage(PARTICIPATION_CODE)).toBe(MSG.oneParticipantRequired);
    expect(oneRowMessage("")).toBe(MSG.awardOneWinner);
    expect(messageOf(award({ rows: [{ ...student("2026001"), id: "" }] }))).toBe(OWN_MSG.studentIdRequired);
    expect(messageOf(award({ rows: [{ ...student("2026001"), checked: "" }] }))).toBe(MSG.lookupNotConfirmed);
    // a lookup made for another year no longer holds
    expect(messageOf(award({ rows: [student("2026001", "2025")] }))).toBe(MSG.lookupNotConfirmed);
    expect(messageOf(award({ rows: [student("2026001"), student("2026002"), student("2026001")] }))).toBe(MSG.duplicateStudentId);
    const r = awardSchema.safeParse(award({ rows: [student("2026001"), student("2026001")] }));
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join("."))).toEqual(["rows.1.id"]);
  });

  it("maps the form to the wire program and back, without the other category's fields", () => {
    const parsed = awardSchema.parse(award({ prgmStde: "2026-05-01", place: "남은 값", rows: [{ ...student("2026001"), rsrchSbj: "대상" }], fileDel: "Y" }));
    const wire = wireProgram(parsed);
    expect(wire).toMatchObject({ paSeq: null, year: 2026, paSeCd: AWARD_CODE, awardDate: "2026-05-05", prgmStde: "", place: "", fileDelYn: "Y" });
    expect(wire.users).toEqual([{ id: "2026001", name: "홍길동", usSeq: 1, rsrchSbj: "대상", status: "Y" }]);
    const back = formOfProgram({ ...wire, paSeq: 7 });
    expect(back).toMatchObject({ paSeq: "7", year: "2026", paSeCd: AWARD_CODE, awardDate: "2026-05-05", place: "" });
    // the wire users as confirmed rows of the year (the backend checks them again)
    expect(rowsOfUsers(2026, [{ id: "2026001", name: "홍길동", usSeq: 1, rsrchSbj: "대상" }])).toEqual([{ id: "2026001", name: "홍길동", usSeq: "1", checked: checkKey(2026, "2026001"), rsrchSbj: "대상" }]);
    expect(rowsOfUsers(2026, [{ id: "2026001", name: "홍길동" }])[0].checked).toBe("");
  });
});
