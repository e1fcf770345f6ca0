/**
 * Demo rows of the synced reports with a detail dialog per row (issue 13: R20, E07, E20, E21),
 * named in demo-source.server.ts's GENERATORS.
 */
import { COURSES } from "./demo-scores.server";
import { type YearStudent, type DemoWorld, hash, normal, clamp, at, inGrade, yearsOf } from "./demo-world.server";
import { OPER_SATISFACTION_SECTIONS, ROTATION_SURVEY_GROUPS } from "../../reports/details.server";
import { rng } from "../db/seed-people";
import { formatWireDate } from "../lib/time";
import type { PulledRow } from "./sources.server";

// ---------------------------------------------------------------------------------------------
// Issue 13: the reports with a detail dialog per row (R20, E07, E20, E21).
// ---------------------------------------------------------------------------------------------

const round2 = (v: number) => Math.round(v * 100) / 100;
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

// ---- R20 integrated-curriculum learning evaluation methods (LMS): a row per pre-clinical course a year

const EVAL_METHODS: readonly (readonly [method: string, domain: string])[] = [
  ["필기시험", "지식"],
  ["실습평가", "술기"],
  ["PBL 참여평가", "태도"],
  ["보고서", "지식"],
  ["구두시험", "지식"],
  ["동료평가", "태도"],
];
const CURR_EVAL_TYPES = ["상대평가", "절대평가", "P/F"] as const;
/** [short, long] texts of each kind: a course gets one or the other (the long ones are 100 characters or more). */
const REEDUCATION = [
  "재시험 1회 실시",
  "과정 종료 후 2주 이내에 미이수 영역의 보충 강의를 수강하고 담당 교수가 지정한 학습 과제를 제출한 뒤 재시험에 1회 응시한다. 재시험 점수는 최대 60점까지만 성적에 반영하며, 재시험에도 미달하면 다음 학년도에 재수강한다.",
] as const;
const NON_PASS = [
  "총점 60점 미만 또는 출석률 80% 미만",
  "총점이 60점 미만이거나 필기시험과 실습평가 가운데 어느 한 영역이라도 만점의 40% 미만인 경우, 또는 결석 시간이 전체 수업 시간의 5분의 1을 넘는 경우 미이수로 판정하고 재교육 대상자로 통보한다.",
] as const;
const UNTACT = [
  "감염병 유행 등으로 대면 평가가 어려운 경우 LMS 온라인 시험으로 대체",
  "감염병 유행 등으로 대면 시험이 불가능한 경우 필기시험은 LMS 온라인 시험으로 대체하며 화상 감독을 위해 정면과 측면 두 대의 카메라를 사용하고, 실습평가는 술기 동영상 제출로 대체하되 평가 기준은 대면 평가와 같게 적용한다.",
] as const;

export function currEval({ students: all }: DemoWorld): PulledRow[] {
  const rows: PulledRow[] = [];
  for (const year of yearsOf(all)) {
    for (const grade of [3, 4]) {
      COURSES[grade].forEach(([currName, month], c) => {
        const r = rng(hash(`curr:${year}:${currName}`));
        // two to four methods whose weights add up to 100
        const start = Math.floor(r() * EVAL_METHODS.length);
        const count = 2 + Math.floor(r() * 3);
        const weights = Array.from({ length: count }, (_, k) => (k === 0 ? 40 + Math.floor(r() * 3) * 10 : 10));
        weights[0] = 100 - weights.slice(1).reduce((a, b) => a + b, 0);
        const evalType = weights.map((importance, k) => {
          const [evalMethodName, evalDomainName] = EVAL_METHODS[(start + k) % EVAL_METHODS.length];
          return { evalMethodName, evalDomainName, importance };
        });
        rows.push({
          year,
          data: {
            seq: year * 1000 + grade * 100 + c + 1,
            year,
            grade: `${grade}학년`,
            smst: month <= 6 ? "1학기" : "2학기",
            currName,
            currEvalType: CURR_EVAL_TYPES[Math.floor(r() * CURR_EVAL_TYPES.length)],
            evalType,
            reeducationMethod: REEDUCATION[r() < 0.5 ? 1 : 0],
            nonPassCriteria: NON_PASS[r() < 0.4 ? 1 : 0],
            untactEvalPlan: UNTACT[r() < 0.3 ? 1 : 0],
          },
        });
      });
    }
  }
  return rows;
}

// ---- E07 clinical practice course evaluation method (e-portfolio): a row per category and department a year

/** The categories (currSeq, currType: the data call's currList) and their departments. */
const PRACTICE_COURSES: readonly (readonly [currSeq: string, currType: string, evalType: string, depts: readonly string[]])[] = [
  ["1", "필수 임상실습", "2", ["내과", "외과", "소아청소년과", "산부인과", "정신건강의학과"]],
  ["2", "선택 임상실습", "1", ["피부과", "안과", "이비인후과", "영상의학과"]],
  ["3", "지역사회 임상실습", "3", ["가정의학과", "예방의학과"]],
];
const SURGICAL = new Set(["외과", "산부인과", "안과", "이비인후과"]);

/** A menu item with every field of the spec's menu item (those its score type does not use are null). */
function menuItem(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    menu_code: null, menu_name: null, score_type: null, grade: null, grade_name: null, grade_score: null, score: null, doc_cnt: null, maxScore: null,
    essential_flag: "N", essential_score: null, section_min_cnt: null, section_max_cnt: null, section_score: null, substitute_score: null, substitute_cnt: null,
    non_attainment_score: null, eval_etc: null, l_menu_seq: null, menu_seq: null,
    ...fields,
  };
}

export function finalReport({ students: all, now }: DemoWorld): PulledRow[] {
  const rows: PulledRow[] = [];
  const synced = formatWireDate(now)!;
  for (const year of yearsOf(all)) {
    let n = 0;
    for (const [currSeq, currType, evalType, depts] of PRACTICE_COURSES) {
      for (const dtName of depts) {
        const r = rng(hash(`final:${year}:${dtName}`));
        n++;
        let seq = 0;
        const item = (l: number, fields: Record<string, unknown>) => menuItem({ l_menu_seq: l, menu_seq: l * 10 + ++seq, ...fields });
        const outpatient = 10 + 5 * Math.floor(r() * 2);
        const ward = 6 + 2 * Math.floor(r() * 3);
        const menuList = [
          item(1, { menu_code: "OPD", menu_name: "외래 참관", score_type: 1, score: 1, maxScore: outpatient }),
          item(1, { menu_code: "WARD", menu_name: "병동 회진", score_type: 2, doc_cnt: ward, score: 10, maxScore: 10, non_attainment_score: 0 }),
          SURGICAL.has(dtName)
            ? item(1, { menu_code: "OR", menu_name: "수술·시술 참여", score_type: 3, section_min_cnt: 3, section_max_cnt: 5, section_score: 5, maxScore: 10, non_attainment_score: 0 })
            : item(1, { menu_code: "SUB", menu_name: "외래 대체 실습", score_type: 4, substitute_cnt: 2, substitute_score: 5, maxScore: 5, eval_etc: "병동 실습이 없는 날에 한함" }),
          item(2, { menu_code: "CASE", menu_name: "증례 보고서", score_type: 7, doc_cnt: 2, maxScore: 15, essential_flag: "Y", essential_score: 6 }),
          item(2, { menu_code: "JRNL", menu_name: "성찰일지", score_type: 8, doc_cnt: 4, score: 10, maxScore: 10, non_attainment_score: 0 }),
          item(2, { menu_code: "MCEX", menu_name: "Mini-CEX", score_type: 9, doc_cnt: 2, score: 5, maxScore: 5 }),
          item(3, { menu_code: "PROF", menu_name: "지도 교수 평가", score_type: 5, score: 2, doc_cnt: 5, maxScore: 20, grade: "A", grade_name: "우수", grade_score: 20 }),
          item(3, { menu_code: "ORAL", menu_name: "실습 종료 구술시험", score_type: 9, doc_cnt: 1, score: 20, maxScore: 20, essential_flag: "Y", essential_score: 8 }),
        ];
        const lMenuList = [
          [1, "실습 활동"],
          [2, "포트폴리오"],
          [3, "평가"],
        ].map(([l, menu_name]) => ({ l_menu_seq: l, menu_name, maxScore: menuList.filter((m) => m.l_menu_seq === l).reduce((sum, m) => sum + Number(m.maxScore), 0) }));
        const freeList = [
          menuItem({ menu_code: "FREE", menu_name: "자유 활동 기록", maxScore: 0, eval_etc: "점수 없이 제출 여부만 확인", l_menu_seq: 4, menu_seq: 41 }),
          ...(r() < 0.5 ? [menuItem({ menu_code: "CONF", menu_name: "학술 집담회 참석", maxScore: 0, eval_etc: "참석 확인서 제출", l_menu_seq: 4, menu_seq: 42 })] : []),
        ];
        const peer = r() < 0.5;
        const selfEval = [
          { menu_name: "실습 목표 달성도", use_flag: "Y", score: 5, remarks: "실습 마지막 날 작성", essential_flag: "Y", essential_score: 3 },
          { menu_name: "출석 및 태도", use_flag: "Y", score: 5, remarks: "", essential_flag: "N", essential_score: 0 },
          { menu_name: "동료 협력", use_flag: peer ? "Y" : "N", score: peer ? 5 : 0, remarks: peer ? "조별 실습 과목만 해당" : "", essential_flag: "N", essential_score: 0 },
        ];
        const totalScore = lMenuList.reduce((sum, l) => sum + l.maxScore, 0) + selfEval.filter((e) => e.use_flag === "Y").reduce((sum, e) => sum + e.score, 0);
        rows.push({
          year,
          data: {
            seq: year * 100 + n,
            year,
            currSeq,
            currType,
            dtName,
            lastSyncTime: synced,
            lMenuList,
            menuList,
            freeList,
            selfEval,
            finalEval: { eval_type: evalType, pass_score: evalType === "3" ? null : Math.round(totalScore * 0.6), totalScore },
          },
        });
      }
    }
  }
  return rows;
}

// ---- E20 core-subject clinical practice satisfaction (e-portfolio): each grade-5 student rates each core department

const CORE_DEPTS: readonly (readonly [dtSeq: number, dtName: string])[] = [
  [1, "내과"],
  [2, "외과"],
  [3, "소아청소년과"],
  [4, "산부인과"],
  [5, "정신건강의학과"],
  [6, "가정의학과"],
];

/** The answers (1-5) of those of a group who answered a department's survey, one list per respondent. */
function answers(group: readonly YearStudent[], key: string, questions: number, rate: number): number[][] {
  const dr = rng(hash(key));
  const deptMean = 3.5 + dr() * 0.9;
  const shifts = Array.from({ length: questions }, () => (dr() - 0.5) * 0.6);
  const out: number[][] = [];
  for (const s of group) {
    const r = rng(hash(`${key}:${s.id}`));
    if (r() >= rate) continue;
    const lean = normal(r) * 0.35;
    out.push(shifts.map((q) => Math.round(clamp(deptMean + lean + q + normal(r) * 0.5, 1, 5))));
  }
  return out;
}

export function operSatisfaction({ students: all }: DemoWorld): PulledRow[] {
  const rows: PulledRow[] = [];
  const questions = OPER_SATISFACTION_SECTIONS.reduce((n, s) => n + s.qest.length, 0);
  for (const year of yearsOf(all)) {
    const group = inGrade(all, year, 5);
    for (const [dtSeq, dtName] of CORE_DEPTS) {
      const given = answers(group, `opsat:${year}:${dtName}`, questions, 0.85);
      if (!given.length) continue;
      const perStudent = given.map(mean);
      const overall = mean(perStudent);
      const stdDev = Math.sqrt(mean(perStudent.map((x) => (x - overall) ** 2)));
      let q = 0;
      const qestList = OPER_SATISFACTION_SECTIONS.map((sec) => ({
        title: sec.title,
        qest: sec.qest.map((text) => {
          const at = q++;
          return { text, avgScore: round2(mean(given.map((a) => a[at]))) };
        }),
      }));
      rows.push({ year, data: { seq: year * 100 + dtSeq, year, dtSeq: String(dtSeq), dtName, stCnt: given.length, avgScore: round2(overall), stdDev: round2(stdDev), qestList } });
    }
  }
  return rows;
}

// ---- E21 clinical rotation satisfaction ('OperSurvey', e-portfolio): grade 5 and 6 students rate each rotation

const ROTATION_DEPTS: readonly (readonly [dtSeq: number, dtName: string])[] = [...CORE_DEPTS, [7, "응급의학과"], [8, "신경과"]];

export function operSurvey({ students: all }: DemoWorld): PulledRow[] {
  const rows: PulledRow[] = [];
  const ids = ROTATION_SURVEY_GROUPS.flatMap((g, i) => g.qest.map((_q, j) => `${i + 1}_${j + 1}`));
  for (const year of yearsOf(all)) {
    const group = [...inGrade(all, year, 5), ...inGrade(all, year, 6)];
    for (const [dtSeq, dtName] of ROTATION_DEPTS) {
      const given = answers(group, `opsrv:${year}:${dtName}`, ids.length, 0.7);
      if (!given.length) continue;
      const itemAvgScore = ids.map((item, k) => ({ item, avg_score: round2(mean(given.map((a) => a[k]))) }));
      rows.push({ year, data: { seq: year * 100 + dtSeq, year, dtSeq: String(dtSeq), dtName, stCnt: given.length, avgScore: round2(mean(given.map(mean))), itemAvgScore } });
    }
  }
  return rows;
}
