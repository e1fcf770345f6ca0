/**
 * R08/R09 committees: the committee and term dialogs' one definitions (app/schemas/committees.ts) —
 * spec 001 §5 "Committee and term"'s verbatim messages in screen order, the founding years (§9:
 * 1990 … this year), the term's wire dates (§7/§9: 'yyyy-MM-dd 00:00:00' and '… 23:59:59') and the
 * start after the end (§4: '운영기간을 확인하세요.' on the field just changed).
 */
import { describe, expect, it } from "vitest";
import { committeeData, committeeOrder, committeeSchemaOf, termData, termOrder, termSchema } from "../../app/schemas/committees";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { firstMessage } from "../../app/schemas/person-fields";

const committee = { cmtSeq: "", year: "1999", cmtNm: "교육평가위원회", oprStt: "Y" };
const firstCommittee = (over: Record<string, unknown>) => {
  const r = committeeSchemaOf(2026).safeParse({ ...committee, ...over });
  return r.success ? null : firstMessage(r.error.issues, committeeOrder);
};
const term = { cmtSeq: "3", ctSeq: "", ctNm: "1기", operStdt: "2026-03-01", operEndt: "2027-02-28", changed: "" };
const parseTerm = (over: Record<string, unknown>) => termSchema.safeParse({ ...term, ...over });
const firstTerm = (over: Record<string, unknown>) => {
  const r = parseTerm(over);
  return r.success ? null : firstMessage(r.error.issues, termOrder);
};

describe("committee form", () => {
  it("says spec 001 §5's messages, as written, in screen order", () => {
    expect(firstCommittee({})).toBeNull();
    expect(firstCommittee({ year: "", cmtNm: "", oprStt: "" })).toBe("설립연도를 입력하세요.");
    expect(firstCommittee({ cmtNm: "  ", oprStt: "" })).toBe("위원회명을 입력하세요.");
    expect(firstCommittee({ oprStt: "" })).toBe("운영상태를 선택하세요.");
    expect(firstCommittee({ oprStt: "X" })).toBe(MSG.committeeStatusRequired);
  });

  it("takes founding years 1990 … this year only", () => {
    expect(firstCommittee({ year: "1990" })).toBeNull();
    expect(firstCommittee({ year: "2026" })).toBeNull();
    expect(firstCommittee({ year: "1989" })).toBe(OWN_MSG.committeeYearRange);
    expect(firstCommittee({ year: "2027" })).toBe(OWN_MSG.committeeYearRange);
  });

  it("maps to insert.do's body (a new one has no cmtSeq)", () => {
    expect(committeeData(committeeSchemaOf(2026).parse(committee))).toEqual({ cmtNm: "교육평가위원회", oprStt: "Y", year: 1999 });
    expect(committeeData(committeeSchemaOf(2026).parse({ ...committee, cmtSeq: "12", oprStt: "N" }))).toEqual({ cmtSeq: 12, cmtNm: "교육평가위원회", oprStt: "N", year: 1999 });
  });
});

describe("term form", () => {
  it("says spec 001 §5's messages, as written, in screen order", () => {
    expect(firstTerm({})).toBeNull();
    expect(firstTerm({ ctNm: "", operStdt: "", operEndt: "" })).toBe("기수명을 입력하세요.");
    expect(firstTerm({ operStdt: "", operEndt: "" })).toBe("운영시작일을 선택하세요.");
    expect(firstTerm({ operEndt: "" })).toBe("운영종료일을 선택하세요.");
    expect(firstTerm({ operStdt: "2026-02-30" })).toBe(MSG.termStartRequired);
  });

  it("a start after the end is '운영기간을 확인하세요.' on the field just changed", () => {
    const r = parseTerm({ operStdt: "2027-03-01", changed: "operStdt" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["operStdt", "운영기간을 확인하세요."]]);
    expect(parseTerm({ operEndt: "2026-02-01", changed: "operEndt" }).error!.issues.map((i) => i.path.join("."))).toEqual(["operEndt"]);
    // the same day is a period of one day
    expect(firstTerm({ operStdt: "2026-03-01", operEndt: "2026-03-01" })).toBeNull();
  });

  it("sends the day's first and last second (spec 001 §9)", () => {
    expect(termData(termSchema.parse(term))).toEqual({ cmtSeq: 3, ctNm: "1기", operStdt: "2026-03-01 00:00:00", operEndt: "2027-02-28 23:59:59" });
    expect(termData(termSchema.parse({ ...term, ctSeq: "8" }))).toMatchObject({ ctSeq: 8 });
  });
});
