/** The surveys' contract tests' bodies: a new survey's save (insertSurveyInfo.do) and its questions. */
import { uniqueId } from "./client";

/** The preset answer scale of a choice question (its texts and scores). */
export const preset1 = [
  ["해당없음", 1],
  ["전혀 그렇지 않다", 2],
  ["그렇지 않다", 3],
  ["보통이다", 4],
  ["그렇다", 5],
  ["매우 그렇다", 6],
] as const;

/** A choice question on the preset scale. */
export function choice(subj: string, extra: Record<string, unknown> = {}) {
  return {
    sqType: 1,
    itemType: 1,
    esntlYn: "N",
    scoreOpenYn: "Y",
    multiAns: "N",
    sqSubj: subj,
    del: "N",
    itemList: preset1.map(([text, score]) => ({ text, score, usyn: "Y", del: "N" })),
    ...extra,
  };
}

/** A section heading. */
export const section = (subj: string) => ({ sqType: 0, sqSubj: subj, esntlYn: "N", scoreOpenYn: "N", multiAns: "N", del: "N", itemList: [] });
/** A free-text question. */
export const freeText = (subj: string, extra: Record<string, unknown> = {}) => ({ sqType: 2, sqSubj: subj, esntlYn: "N", scoreOpenYn: "N", multiAns: "N", del: "N", itemList: [], ...extra });

/** A valid save of a new survey (a section, a required choice, a free text), open to authorities 1 and 2. */
export function surveyBody(overrides: Record<string, unknown> = {}) {
  return {
    seq: null,
    srName: `계약 설문 ${uniqueId("s")}`,
    srContent: "설문 안내",
    dtYn: "N",
    stDt: "",
    enDt: "",
    prsnInfoYn: "N",
    prsnInfoContent: "",
    usyn: "Y",
    slList: [],
    qestList: [section("1부"), choice("수업 만족도", { esntlYn: "Y" }), freeText("자유 의견")],
    authTyList: ["1", "2"],
    auth: "1,2",
    ...overrides,
  };
}
