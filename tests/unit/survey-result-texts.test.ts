/**
 * The result page's free texts a page at a time (issue 39): our server pages them (`textCnt`,
 * `textPage`); a server that sends every text without a count is paged by the web tier, so the
 * page stays small either way.
 */
import { describe, expect, it } from "vitest";
import { pageTexts } from "~/routes/_app.survey+/result.$srSeq";
import type { WireSurveyResult } from "~/legacy/endpoints/survey.server";

const texts = (n: number) => Array.from({ length: n }, (_, i) => ({ rsSeq: i + 1, text: `의견 ${i + 1}`, regDt: "" }));
const question = (sqSeq: number, sqType: number, extra: Partial<WireSurveyResult["questions"][number]> = {}) => ({
  sqSeq, sqNo: sqSeq, sqType, itemType: null, esntlYn: "N", multiAns: "N", sqSubj: `문항 ${sqSeq}`, answerCnt: 0, mean: null, items: [], texts: [], ...extra,
});
const result = (questions: ReturnType<typeof question>[], textPageSize?: number) =>
  ({ info: {} as WireSurveyResult["info"], summary: {} as WireSurveyResult["summary"], questions, lectures: [], textPageSize }) as WireSurveyResult;

describe("pageTexts", () => {
  it("keeps a page the server made, with its count and page", () => {
    const r = pageTexts(result([question(1, 2, { texts: texts(20), textCnt: 45, textPage: 2 })], 20), { sqSeq: 1, page: 2 });
    expect(r.questions[0]).toMatchObject({ textCnt: 45, textPage: 2, textSize: 20 });
    expect(r.questions[0].texts).toHaveLength(20);
  });

  it("pages every text of a server that sends them all: the asked page of the asked question, page 1 of the others", () => {
    const r = pageTexts(result([question(1, 2, { texts: texts(45) }), question(2, 2, { texts: texts(25) }), question(3, 1)]), { sqSeq: 1, page: 3 });
    expect(r.questions[0]).toMatchObject({ textCnt: 45, textPage: 3, textSize: 20 });
    expect(r.questions[0].texts.map((t) => t.text)).toEqual(["의견 41", "의견 42", "의견 43", "의견 44", "의견 45"]);
    expect(r.questions[1]).toMatchObject({ textCnt: 25, textPage: 1 });
    expect(r.questions[1].texts).toHaveLength(20);
    expect(r.questions[2]).toMatchObject({ textCnt: 0, textPage: 1 });
  });

  it("gives the last page for a page past the end", () => {
    const r = pageTexts(result([question(1, 2, { texts: texts(21) })]), { sqSeq: 1, page: 9 });
    expect(r.questions[0]).toMatchObject({ textCnt: 21, textPage: 2 });
    expect(r.questions[0].texts.map((t) => t.text)).toEqual(["의견 21"]);
  });
});
