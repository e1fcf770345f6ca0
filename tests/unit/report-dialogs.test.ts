/**
 * The detail dialogs' definitions (issue 13: R20, E07, E20, E21): what a row's dialog says, built
 * from the row alone, in words (spec 002 §4: score types 1-9, final evaluation types 1-3).
 */
import { describe, expect, it } from "vitest";
import { curriculumRow, finalReportRow, jsonField, REPORTS, shortened, textLength, type DetailSection } from "../../app/reports/definitions";
import { DETAILS, ROTATION_ITEMS, scoreRule } from "../../app/reports/details.server";
import { reportByKey } from "../../app/embedded/reports/catalog.server";
import { searchTextOf } from "../../app/embedded/reports/sync.server";

const def = (id: string) => REPORTS.find((d) => d.id === id)!;
const tables = (sections: DetailSection[]) => sections.filter((s): s is Extract<DetailSection, { rows: unknown }> => "rows" in s);
const lines = (sections: DetailSection[]) => sections.filter((s): s is Extract<DetailSection, { items: unknown }> => "items" in s);

describe("E07 score types and final evaluation types in words", () => {
  it("says how each score type scores an item", () => {
    expect(scoreRule({ score_type: 1, score: 1, maxScore: 10 })).toBe("1회당 1점, 최대 10점");
    expect(scoreRule({ score_type: "2", doc_cnt: 8, score: 10, non_attainment_score: 0 })).toBe("8회 이상 실습 시 10점, 미달 시 0점");
    expect(scoreRule({ score_type: 3, section_min_cnt: 3, section_max_cnt: 5, section_score: 5, maxScore: 10, non_attainment_score: 0 })).toBe("3~5회 5점, 5회 초과 10점, 미달 시 0점");
    expect(scoreRule({ score_type: 4, substitute_cnt: 2, substitute_score: 5 })).toBe("외래 실습 2회로 대체 가능, 대체 시 5점");
    expect(scoreRule({ score_type: 5, score: 2, doc_cnt: 5, maxScore: 20 })).toBe("1회당 2점에 5회 이상 달성 기준을 함께 적용, 최대 20점");
    expect(scoreRule({ score_type: 7, doc_cnt: 2, maxScore: 15 })).toBe("제출물 2건의 평균 점수, 최대 15점");
    expect(scoreRule({ score_type: 8, doc_cnt: 4, score: 10 })).toBe("4건 달성 시 10점 자동 부여");
    expect(scoreRule({ score_type: 9, doc_cnt: 1, score: 20 })).toBe("1건 달성 시 담당 교수가 최대 20점 부여");
    // 6 is named nowhere in the spec: shown as its number
    expect(scoreRule({ score_type: 6 })).toBe("점수 유형 6");
  });

  it("builds the preview from the row's own JSON fields, given as values or as JSON text", () => {
    const row = {
      seq: 1,
      year: 2025,
      currType: "필수 임상실습",
      dtName: "내과",
      lMenuList: JSON.stringify([{ l_menu_seq: 1, menu_name: "실습 활동", maxScore: 10 }]),
      menuList: [{ l_menu_seq: 1, menu_name: "외래 참관", score_type: 1, score: 1, maxScore: 10, essential_flag: "Y", essential_score: 4 }],
      freeList: "[]",
      selfEval: [{ menu_name: "동료 협력", use_flag: "N", score: 0, remarks: "", essential_flag: "N", essential_score: 0 }],
      finalEval: '{"eval_type":"2","pass_score":12,"totalScore":20}',
    };
    expect(finalReportRow(row)).toMatchObject({ itemCnt: 1, finalEvalName: "절대평가(필수)", passScore: 12, totalScore: 20 });
    const sections = DETAILS.E07.sections(row);
    expect(sections.map((s) => s.title)).toEqual(["최종 평가", "실습 활동 (10점)", "자유 항목", "자기평가"]);
    expect(lines(sections)[0].items).toEqual([
      { label: "평가 방식", value: "절대평가(필수): 총점이 통과 점수 이상이어야 이수하는 필수 실습입니다." },
      { label: "통과 점수", value: "12점" },
      { label: "총점", value: "20점" },
    ]);
    const [items, free, self] = tables(sections);
    expect(items.rows[0]).toMatchObject({ menu_name: "외래 참관", typeName: "실습 1회당", rule: "1회당 1점, 최대 10점", need: "필수(최소 4점)" });
    expect(free.rows).toEqual([]);
    expect(self.rows[0]).toMatchObject({ use: "사용 안 함", need: "선택" });
    // a relative evaluation has no pass score
    expect(lines(DETAILS.E07.sections({ ...row, finalEval: { eval_type: 3, pass_score: null, totalScore: 20 } }))[0].items[1]).toEqual({ label: "통과 점수", value: "없음" });
    expect(jsonField("{broken")).toBeNull();
  });
});

describe("R20 long texts and E21 groups", () => {
  it("counts characters (a Hangul syllable is one) and shortens a long text to its first 40", () => {
    const long = "가".repeat(100);
    expect(textLength(long)).toBe(100);
    expect(shortened(long)).toBe(`${"가".repeat(40)}…`);
    expect(def("R20").detail!.longText).toBe(100);
    expect(curriculumRow({ evalType: [{ evalMethodName: "필기시험", evalDomainName: "지식", importance: 70 }, { evalMethodName: "보고서", evalDomainName: "태도", importance: 30 }] }).evalTypeText).toBe("필기시험(지식) 70%, 보고서(태도) 30%");
  });

  it("groups the 26 items 1_1…1_7, 2_1…2_6, 3_1…3_3, 4_1…4_3, 5_1…5_7 under five titled sections; a missing item is blank", () => {
    expect(ROTATION_ITEMS.filter((id) => id.startsWith("1_"))).toHaveLength(7);
    const sections = DETAILS.E21.sections({ year: 2025, dtName: "내과", stCnt: 40, avgScore: 4.1, itemAvgScore: [{ item: "2_6", avg_score: 3.95 }] });
    const groups = tables(sections);
    expect(groups.map((g) => g.rows.map((r) => r.item))).toEqual([
      ["1_1", "1_2", "1_3", "1_4", "1_5", "1_6", "1_7"],
      ["2_1", "2_2", "2_3", "2_4", "2_5", "2_6"],
      ["3_1", "3_2", "3_3"],
      ["4_1", "4_2", "4_3"],
      ["5_1", "5_2", "5_3", "5_4", "5_5", "5_6", "5_7"],
    ]);
    expect(groups[1].rows[5].avgScore).toBe(3.95);
    expect(groups[0].rows[0].avgScore).toBeNull();
    expect(groups.map((g) => g.title)).toEqual(["1. 실습 준비와 운영", "2. 지도와 피드백", "3. 실습 환경", "4. 환자안전과 학생 보호", "5. 학습 성과와 전반적 만족"]);
  });
});

describe("the search text of a row with JSON fields (E07's item text)", () => {
  it("takes the texts inside a JSON field's lists and objects, not their keys or numbers", () => {
    const text = searchTextOf(reportByKey("finalReport")!, {
      currType: "필수 임상실습",
      dtName: "외과",
      lMenuList: [{ l_menu_seq: 1, menu_name: "실습 활동", maxScore: 30 }],
      menuList: [{ menu_code: "OR", menu_name: "수술·시술 참여", score_type: 3, eval_etc: null }],
      freeList: [],
    });
    expect(text).toBe("필수 임상실습 외과 실습 활동 or 수술·시술 참여");
  });
});
