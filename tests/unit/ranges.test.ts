/**
 * Issue 35 class 4 (ADR 0057): values a person would never enter are refused, and the message says
 * what is allowed. Each rule is checked by the message at its field (other fields may fail too).
 */
import { describe, expect, it } from "vitest";
import { activitySchema } from "~/schemas/activities";
import { awardSchema, AWARD_CODE, PARTICIPATION_CODE } from "~/routes/_app.insert.student.awards+/__schema";
import { termSchema } from "~/schemas/committees";
import { seminarSchema } from "~/routes/_app.insert.professor.seminar+/__schema";
import { lbrrSchema } from "~/routes/_app.insert.resource.space+/__schema";
import type { ZodTypeAny } from "zod";
import { seoulYear } from "~/utils/time";

const Y = seoulYear();

async function messageAt(schema: ZodTypeAny, input: unknown, path: string): Promise<string | undefined> {
  const r = await schema.safeParseAsync(input);
  return r.success ? undefined : r.error.issues.find((i) => i.path.join(".") === path)?.message;
}

describe("dates lie in the window of the record's year", () => {
  it.each(["volunteer", "medical"] as const)("%s: 1900 and 2099 refused on a record of this year; the window's ends accepted", async (kind) => {
    const s = activitySchema(kind);
    const window = `시작일은(는) ${Y}-01-01부터 ${Y + 1}-02-28까지의 날짜로 입력해주세요.`;
    expect(await messageAt(s, { year: String(Y), stde: "1900-01-01", ende: `${Y}-05-01` }, "stde")).toBe(window);
    expect(await messageAt(s, { year: String(Y), stde: `${Y}-05-01`, ende: "2099-12-31" }, "ende")).toBe(`종료일은(는) ${Y}-01-01부터 ${Y + 1}-02-28까지의 날짜로 입력해주세요.`);
    expect(await messageAt(s, { year: String(Y), stde: `${Y}-01-01`, ende: `${Y + 1}-02-28` }, "stde")).toBeUndefined();
    expect(await messageAt(s, { year: String(Y), stde: `${Y}-01-01`, ende: `${Y + 1}-02-28` }, "ende")).toBeUndefined();
  });

  it("activities: next year and a year before the list are refused; 0 hours too", async () => {
    const s = activitySchema("volunteer");
    expect(await messageAt(s, { year: String(Y + 1) }, "year")).toBe(`년도는 2025년부터 ${Y}년까지 선택할 수 있습니다.`);
    expect(await messageAt(activitySchema("medical"), { year: "2023" }, "year")).toBe(`년도는 2024년부터 ${Y}년까지 선택할 수 있습니다.`);
    expect(await messageAt(s, { year: String(Y), time: "0" }, "time")).toBe("활동시간은 1부터 999까지의 숫자로 입력해주세요.");
    expect(await messageAt(s, { year: String(Y), time: "1" }, "time")).toBeUndefined();
    expect(await messageAt(s, { year: String(Y), time: "999" }, "time")).toBeUndefined();
  });

  it("awards: an award date in 1901 and participation dates out of the window are refused", async () => {
    expect(await messageAt(awardSchema, { year: String(Y), paSeCd: AWARD_CODE, awardDate: "1901-05-05" }, "awardDate")).toBe(`수상일은(는) ${Y}-01-01부터 ${Y + 1}-02-28까지의 날짜로 입력해주세요.`);
    expect(await messageAt(awardSchema, { year: String(Y), paSeCd: AWARD_CODE, awardDate: `${Y}-05-05` }, "awardDate")).toBeUndefined();
    expect(await messageAt(awardSchema, { year: String(Y), paSeCd: PARTICIPATION_CODE, prgmStde: "2099-01-01", prgmEnde: "2099-01-02" }, "prgmStde")).toBe(`시작일은(는) ${Y}-01-01부터 ${Y + 1}-02-28까지의 날짜로 입력해주세요.`);
    expect(await messageAt(awardSchema, { year: String(Y + 1) }, "year")).toBe(`년도는 2025년부터 ${Y}년까지 선택할 수 있습니다.`);
  });

  it("seminars and committee terms", async () => {
    expect(await messageAt(seminarSchema, { year: String(Y), smStde: "1900-01-01", smEnde: `${Y}-03-01` }, "smStde")).toBe(`시작일은(는) ${Y}-01-01부터 ${Y + 1}-02-28까지의 날짜로 입력해주세요.`);
    expect(await messageAt(termSchema, { cmtSeq: "1", ctNm: "1기", operStdt: "1900-03-01", operEndt: `${Y}-02-28` }, "operStdt")).toBe(`운영시작일은(는) 1990-01-01부터 ${Y + 10}-12-31까지의 날짜로 입력해주세요.`);
    expect(await messageAt(termSchema, { cmtSeq: "1", ctNm: "1기", operStdt: `${Y}-03-01`, operEndt: "2999-02-28" }, "operEndt")).toBe(`운영종료일은(는) 1990-01-01부터 ${Y + 10}-12-31까지의 날짜로 입력해주세요.`);
  });
});

describe("times are 00:00-23:59 (E17 library hours)", () => {
  it("'25:75 ~ 03:00' is refused with what is allowed; '09:00 ~ 23:59' passes", async () => {
    const lib = (stH: string, stM: string, enH: string, enM: string) => ({ year: String(Y), mdclLbrrInfo: { lbrrYn: "Y" }, lbrrList: [{ lbrrNm: "의학도서관", stH, stM, enH, enM }] });
    expect(await messageAt(lbrrSchema, lib("25", "75", "03", "00"), "lbrrList.0.stH")).toBe("운영 시작(시)은(는) 00부터 23까지 입력해주세요.");
    expect(await messageAt(lbrrSchema, lib("25", "75", "03", "00"), "lbrrList.0.stM")).toBe("운영 시작(분)은(는) 00부터 59까지 입력해주세요.");
    const ok = await lbrrSchema.safeParseAsync(lib("09", "00", "23", "59"));
    expect(ok.success ? [] : ok.error.issues.map((i) => i.message)).toEqual([]);
  });
});
