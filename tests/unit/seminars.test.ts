/**
 * R07 seminars: the dialog's one definition (app/routes/_app.insert.professor.seminar+/__schema.ts) — spec 001 §5 "Seminar"'s
 * rules and verbatim messages in screen order, the participants' confirmation (number and year),
 * and the mapping to the edit call's data and back.
 */
import { describe, expect, it } from "vitest";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { firstMessage } from "../../app/schemas/person-fields";
import { formOfSeminar, rowsOfUsers, seminarData, seminarOrder, seminarSchema } from "../../app/routes/_app.insert.professor.seminar+/__schema";
import { checkKey } from "../../app/schemas/student-rows";

const row = (id: string, usSeq = "7", year = "2025") => ({ id, name: "김교수", usSeq, checked: checkKey(year, id) });
const base = { year: "2025", smSeq: "", smSe: "0001800001", smStde: "2025-04-10", smEnde: "2025-04-11", placeCd: "1", place: "세미나실", rows: [row("1001")], removeFile: "" };
const first = (over: Record<string, unknown>) => {
  const r = seminarSchema.safeParse({ ...base, ...over });
  return r.success ? null : firstMessage(r.error.issues, seminarOrder.map((f) => f.replace(/\[(\d+)\]/g, ".$1")));
};

describe("seminar form", () => {
  it("accepts a complete seminar", () => {
    expect(first({})).toBeNull();
  });

  it("says spec 001 §5's messages, as written, in screen order", () => {
    expect(first({ smStde: "" })).toBe("시작작일을 선택해주세요.");
    expect(first({ smStde: "", smEnde: "" })).toBe("시작작일을 선택해주세요.");
    expect(first({ smEnde: "" })).toBe("종료일을 선택해주세요.");
    expect(first({ smStde: "2025-04-12" })).toBe("참여일을 다시 확인해 주세요.");
    expect(first({ place: "  " })).toBe("장소를 입력해주세요.");
    expect(first({ rows: [] })).toBe("한명의 참여자는 등록되어야합니다.");
    expect(first({ rows: [row("1001"), { id: "", name: "", usSeq: "", checked: "" }] })).toBe("사번을 입력해주세요.");
    expect(first({ rows: [row("1001"), row("1001", "8")] })).toBe("중복된 사번이 존재합니다.");
    expect(first({ rows: [{ ...row("1001"), usSeq: "" }] })).toBe("사번을 입력 후 확인버튼을 클릭하세요.");
    expect(first({ smSe: "" })).toBe(OWN_MSG.seminarCategoryRequired);
    expect(first({ placeCd: "" })).toBe(OWN_MSG.placeCdRequired);
    expect(first({ smStde: "2025-02-30" })).toBe(OWN_MSG.activityDateFormat);
    expect(first({ rows: [row("10a1")] })).toBe(OWN_MSG.employeeIdDigits);
  });

  it("a confirmation holds only for its number and year (spec 001 §4)", () => {
    expect(first({ rows: [{ ...row("1001"), id: "1002" }] })).toBe(MSG.employeeLookupNotConfirmed);
    expect(first({ year: "2026", smStde: "2026-04-10", smEnde: "2026-04-11" })).toBe(MSG.employeeLookupNotConfirmed);
  });

  it("maps the checked form to the edit call's data and a record back to the dialog", () => {
    const d = seminarSchema.parse({ ...base, smSeq: "12", removeFile: "Y" });
    expect(seminarData(d)).toEqual({
      smSeq: 12,
      year: 2025,
      smSe: "0001800001",
      smStde: "2025-04-10",
      smEnde: "2025-04-11",
      placeCd: "1",
      place: "세미나실",
      users: [{ smSeq: 12, usSeq: 7, id: "1001", name: "김교수", status: "Y" }],
      fileDel: "Y",
    });
    expect(formOfSeminar({ smSeq: 12, year: 2025, smSe: "0001800001", smStde: "2025-04-10", smEnde: "2025-04-11", placeCd: "2", place: "코엑스" })).toEqual({
      smSeq: "12",
      year: "2025",
      smSe: "0001800001",
      smStde: "2025-04-10",
      smEnde: "2025-04-11",
      placeCd: "2",
      place: "코엑스",
    });
    expect(rowsOfUsers(2025, [{ usSeq: 7, id: "1001", name: "김교수" }])).toEqual([row("1001")]);
  });
});
