/**
 * The content of the synced reports' detail dialogs (issue 13; ReportDef.detail opens them): per
 * report the dialog's title and its titled sections (label/value lines or small tables), built
 * from the row alone (the spec gives no detail call for these four: their rows carry what the
 * dialog shows). The report loader makes them for the open dialog (app/routes/__report.server.ts);
 * server-only, so the questionnaires and the words below are not in every report page's script.
 *
 * - R20 curriculum evaluation methods: the course, its evaluation methods, its texts whole;
 * - E07 course evaluation method: the preview of spec 002 §4 from the row's JSON fields (lMenuList,
 *   menuList, freeList, selfEval, finalEval), score types 1-9 and final evaluation types 1-3 in words;
 * - E20 core-subject satisfaction: per-question averages under the questionnaire's sections;
 * - E21 rotation satisfaction: per-question averages in the five groups 1_1 … 5_7.
 */
import { FINAL_EVAL_NAMES, formatCell, jsonField, objectsOf, type DetailSection, type ReportColumn, type ReportDialog } from "./definitions";

type Row = Record<string, unknown>;

const objects = objectsOf;
const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const points = (v: unknown) => (v === null || v === undefined || v === "" ? "" : `${formatCell(v, "int")}점`);

// ---- R20

function curriculumSections(row: Row): DetailSection[] {
  return [
    {
      title: "과정",
      items: [
        { label: "년도", value: `${text(row.year)}년` },
        { label: "학년", value: text(row.grade) },
        { label: "학기", value: text(row.smst) },
        { label: "과정명", value: text(row.currName) },
        { label: "평가 구분", value: text(row.currEvalType) },
      ],
    },
    {
      title: "평가방법",
      columns: [
        { key: "evalMethodName", label: "평가방법" },
        { key: "evalDomainName", label: "평가영역" },
        { key: "importance", label: "비중(%)", format: "int" },
      ],
      rows: objects(row.evalType),
    },
    {
      title: "재교육 및 미이수",
      items: [
        { label: "재교육 방법", value: text(row.reeducationMethod) },
        { label: "미이수 기준", value: text(row.nonPassCriteria) },
        { label: "비대면 평가 계획", value: text(row.untactEvalPlan) },
      ],
    },
  ];
}

// ---- E07

/**
 * The score types of a menu item (spec 002 §4: 1 per practice, 2 minimum practice reached, 3
 * count-range bands, 4 outpatient substitute, 5 combined, 7 average per submission, 8 auto on
 * reaching criterion, 9 manual on reaching criterion; 6 is named nowhere).
 */
export const SCORE_TYPES: Readonly<Record<string, string>> = {
  "1": "실습 1회당",
  "2": "최소 실습 횟수 달성",
  "3": "횟수 구간별",
  "4": "외래 실습 대체",
  "5": "복합",
  "7": "제출물 평균",
  "8": "기준 달성 시 자동",
  "9": "기준 달성 시 수동",
};

/** The final evaluation types (spec 002 §4: 1 absolute (elective), 2 absolute (required), 3 relative), in words. */
export const FINAL_EVAL_TYPES: Readonly<Record<string, { name: string; words: string }>> = {
  "1": { name: FINAL_EVAL_NAMES["1"], words: "총점으로 평가하며, 통과 점수는 선택 실습의 이수 기준입니다." },
  "2": { name: FINAL_EVAL_NAMES["2"], words: "총점이 통과 점수 이상이어야 이수하는 필수 실습입니다." },
  "3": { name: FINAL_EVAL_NAMES["3"], words: "총점의 순위에 따라 성적을 정하며, 통과 점수가 없습니다." },
};

/** How a menu item is scored, in words, from its score type and fields. */
export function scoreRule(m: Row): string {
  const n = (k: string) => formatCell(m[k], "int");
  const below = m.non_attainment_score !== null && m.non_attainment_score !== undefined && m.non_attainment_score !== "" ? `, 미달 시 ${n("non_attainment_score")}점` : "";
  switch (String(m.score_type)) {
    case "1":
      return `1회당 ${n("score")}점, 최대 ${n("maxScore")}점`;
    case "2":
      return `${n("doc_cnt")}회 이상 실습 시 ${n("score")}점${below}`;
    case "3":
      return `${n("section_min_cnt")}~${n("section_max_cnt")}회 ${n("section_score")}점, ${n("section_max_cnt")}회 초과 ${n("maxScore")}점${below}`;
    case "4":
      return `외래 실습 ${n("substitute_cnt")}회로 대체 가능, 대체 시 ${n("substitute_score")}점`;
    case "5":
      return `1회당 ${n("score")}점에 ${n("doc_cnt")}회 이상 달성 기준을 함께 적용, 최대 ${n("maxScore")}점`;
    case "7":
      return `제출물 ${n("doc_cnt")}건의 평균 점수, 최대 ${n("maxScore")}점`;
    case "8":
      return `${n("doc_cnt")}건 달성 시 ${n("score")}점 자동 부여${below}`;
    case "9":
      return `${n("doc_cnt")}건 달성 시 담당 교수가 최대 ${n("score")}점 부여`;
    default:
      return m.score_type ? `점수 유형 ${text(m.score_type)}` : "";
  }
}

const essential = (flag: unknown, score: unknown) => (flag === "Y" ? (score ? `필수(최소 ${formatCell(score, "int")}점)` : "필수") : "선택");

const ITEM_COLUMNS: readonly ReportColumn[] = [
  { key: "menu_name", label: "항목" },
  { key: "typeName", label: "점수 유형" },
  { key: "rule", label: "기준", wrap: true },
  { key: "maxScore", label: "배점", format: "int" },
  { key: "need", label: "필수 여부" },
];

function finalReportSections(row: Row): DetailSection[] {
  const final = (jsonField(row.finalEval) ?? {}) as Row;
  const type = FINAL_EVAL_TYPES[String(final.eval_type)];
  const items = objects(row.menuList);
  const sections: DetailSection[] = [
    {
      title: "최종 평가",
      items: [
        { label: "평가 방식", value: type ? `${type.name}: ${type.words}` : "" },
        { label: "통과 점수", value: points(final.pass_score) || "없음" },
        { label: "총점", value: points(final.totalScore) },
      ],
    },
  ];
  for (const l of objects(row.lMenuList)) {
    sections.push({
      title: `${text(l.menu_name)} (${points(l.maxScore)})`,
      columns: ITEM_COLUMNS,
      rows: items
        .filter((m) => String(m.l_menu_seq) === String(l.l_menu_seq))
        .map((m) => ({ ...m, typeName: SCORE_TYPES[String(m.score_type)] ?? "", rule: [scoreRule(m), m.grade_name ? `${text(m.grade_name)} 등급 ${points(m.grade_score)}` : "", text(m.eval_etc)].filter(Boolean).join(" · "), need: essential(m.essential_flag, m.essential_score) })),
    });
  }
  sections.push({
    title: "자유 항목",
    columns: [
      { key: "menu_name", label: "항목" },
      { key: "maxScore", label: "배점", format: "int" },
      { key: "eval_etc", label: "평가 방법", wrap: true },
    ],
    rows: objects(row.freeList),
  });
  sections.push({
    title: "자기평가",
    columns: [
      { key: "menu_name", label: "항목" },
      { key: "use", label: "사용" },
      { key: "score", label: "배점", format: "int" },
      { key: "need", label: "필수 여부" },
      { key: "remarks", label: "비고", wrap: true },
    ],
    rows: objects(row.selfEval).map((e) => ({ ...e, use: e.use_flag === "Y" ? "사용" : "사용 안 함", need: essential(e.essential_flag, e.essential_score) })),
  });
  return sections;
}

// ---- E20 core-subject clinical practice operation satisfaction (spec 002 §3 "Operation survey")

/**
 * The questionnaire (the spec names its sections and questions nowhere; these are ours): a
 * section title and its questions, each answered 1-5. A row's `qestList` is [{title, qest: [{text, avgScore}]}].
 */
export const OPER_SATISFACTION_SECTIONS: readonly { title: string; qest: readonly string[] }[] = [
  { title: "실습 운영", qest: ["실습 일정과 내용이 사전에 충분히 안내되었다.", "실습 목표가 명확하게 제시되었다.", "실습 시간이 적절하게 배분되었다.", "오리엔테이션이 실습에 도움이 되었다."] },
  { title: "교육 내용", qest: ["실습 내용이 학습 목표에 부합하였다.", "다양한 증례를 경험할 수 있었다.", "임상 술기를 직접 수행할 기회가 충분하였다."] },
  { title: "지도 및 피드백", qest: ["지도 교수의 지도가 충실하였다.", "전공의의 교육 참여가 적극적이었다.", "평가 결과에 대한 피드백을 받았다."] },
  { title: "전반적 만족도", qest: ["이 과목의 임상실습에 전반적으로 만족한다.", "후배에게 이 실습을 추천하겠다."] },
];

function operSatisfactionSections(row: Row): DetailSection[] {
  return [
    {
      title: "개요",
      items: [
        { label: "년도", value: `${text(row.year)}년` },
        { label: "진료과", value: text(row.dtName) },
        { label: "참여 인원", value: `${formatCell(row.stCnt, "int")}명` },
        { label: "평균(5점 만점)", value: formatCell(row.avgScore, "dec2") },
        { label: "표준편차", value: formatCell(row.stdDev, "dec2") },
      ],
    },
    ...objects(row.qestList).map((s): DetailSection => ({
      title: text(s.title),
      columns: [
        { key: "text", label: "문항", wrap: true },
        { key: "avgScore", label: "평균", format: "dec2" },
      ],
      rows: objects(s.qest),
    })),
  ];
}

// ---- E21 clinical rotation satisfaction ('OperSurvey'; spec 002 §2 screen 21, §3 "Rotation survey row")

/**
 * The five question groups, ids 1_1…1_7, 2_1…2_6, 3_1…3_3, 4_1…4_3, 5_1…5_7 (spec 002 §2); the
 * titles and questions are ours (the spec gives the ids only). A row's `itemAvgScore` is
 * [{item: '1_1', avg_score}].
 */
export const ROTATION_SURVEY_GROUPS: readonly { title: string; qest: readonly string[] }[] = [
  {
    title: "실습 준비와 운영",
    qest: ["실습 시작 전 일정과 장소를 안내받았다.", "실습 목표와 평가 방법이 명확하였다.", "오리엔테이션이 충실하였다.", "실습 일정이 계획대로 운영되었다.", "실습 시간이 적절하였다.", "학생 수가 실습하기에 적절하였다.", "실습 중 필요한 자료를 제공받았다."],
  },
  {
    title: "지도와 피드백",
    qest: ["지도 교수가 실습에 적극적으로 참여하였다.", "전공의가 실습 지도에 참여하였다.", "질문에 충분한 답을 들었다.", "수행에 대해 즉각적인 피드백을 받았다.", "평가가 공정하게 이루어졌다.", "교수와 학생 사이의 의사소통이 원활하였다."],
  },
  { title: "실습 환경", qest: ["학생 휴게 및 학습 공간이 적절하였다.", "실습에 필요한 장비와 시설을 이용할 수 있었다.", "전자의무기록 열람 권한이 실습에 충분하였다."] },
  { title: "환자안전과 학생 보호", qest: ["감염 관리와 환자안전 교육을 받았다.", "부당한 대우를 받지 않았다.", "어려움이 있을 때 도움을 요청할 창구가 있었다."] },
  {
    title: "학습 성과와 전반적 만족",
    qest: ["병력 청취와 신체 진찰 능력이 향상되었다.", "임상 추론 능력이 향상되었다.", "기본 임상 술기를 익혔다.", "환자와의 의사소통 능력이 향상되었다.", "의료인으로서의 태도를 배웠다.", "이 실습을 후배에게 추천하겠다.", "이 실습에 전반적으로 만족한다."],
  },
];
/** Every question id in order: '1_1' … '5_7'. */
export const ROTATION_ITEMS = ROTATION_SURVEY_GROUPS.flatMap((g, i) => g.qest.map((_q, j) => `${i + 1}_${j + 1}`));

function rotationSurveySections(row: Row): DetailSection[] {
  const avg = new Map(objects(row.itemAvgScore).map((x) => [text(x.item), x.avg_score]));
  return [
    {
      title: "개요",
      items: [
        { label: "년도", value: `${text(row.year)}년` },
        { label: "진료과", value: text(row.dtName) },
        { label: "응답 인원", value: `${formatCell(row.stCnt, "int")}명` },
        { label: "전체 평균(5점 만점)", value: formatCell(row.avgScore, "dec2") },
      ],
    },
    ...ROTATION_SURVEY_GROUPS.map((g, i): DetailSection => ({
      title: `${i + 1}. ${g.title}`,
      columns: [
        { key: "item", label: "번호" },
        { key: "text", label: "문항", wrap: true },
        { key: "avgScore", label: "평균", format: "dec2" },
      ],
      rows: g.qest.map((q, j) => ({ item: `${i + 1}_${j + 1}`, text: q, avgScore: avg.get(`${i + 1}_${j + 1}`) ?? null })),
    })),
  ];
}

/** Each detail report's dialog: its title and sections for a row. */
export const DETAILS: Readonly<Record<string, { title: (row: Row) => string; sections: (row: Row) => DetailSection[] }>> = {
  R20: { title: (r) => `${r.year}년 ${r.smst} ${r.currName} 학습평가 방법`, sections: curriculumSections },
  E07: { title: (r) => `${r.year}년 ${r.currType} ${r.dtName} 평가방법 미리보기`, sections: finalReportSections },
  E20: { title: (r) => `${r.year}년 ${r.dtName} 운영 만족도`, sections: operSatisfactionSections },
  E21: { title: (r) => `${r.year}년 ${r.dtName} 순환 만족도`, sections: rotationSurveySections },
};

/** A report's dialog for a row (null: the report has none). */
export function detailDialog(id: string, row: Row): ReportDialog | null {
  const d = DETAILS[id];
  return d ? { title: d.title(row), sections: d.sections(row) } : null;
}
