/**
 * Demo rows of the synced score and evaluation reports (competences, exams, outcomes,
 * comprehensive exams, OSCE/CPX, peer evaluation, doctor-scientist, the end-of-year survey):
 * one generator per report, named in demo-source.server.ts's GENERATORS.
 */
import { type YearStudent, type Generator, hash, normal, clamp, ability, at, inGrade, yearsOf } from "./demo-world.server";
import { rng } from "../db/seed-people";
import { formatWireDate } from "../lib/time";
import type { PulledRow } from "./sources.server";

// ---------------------------------------------------------------------------------------------
// P08 graduation competence system report (e-portfolio)
// ---------------------------------------------------------------------------------------------

const COMPETENCES: readonly (readonly [name: string, goal: string, items: readonly string[]])[] = [
  ["환자진료", "환자 중심의 안전하고 효과적인 진료를 수행한다.", ["병력청취와 신체진찰을 체계적으로 수행한다.", "임상추론으로 감별진단과 진단계획을 세운다.", "기본 임상술기를 안전하게 수행한다.", "근거에 기반한 치료계획을 세우고 설명한다.", "응급 상황을 인지하고 초기 처치를 수행한다.", "환자안전 원칙을 진료에 적용한다."]],
  ["의학지식", "기초의학과 임상의학 지식을 통합하여 문제를 해결한다.", ["인체의 정상 구조와 기능을 설명한다.", "질병의 기전과 병태생리를 설명한다.", "임상 문제에 기초의학 지식을 적용한다.", "약물의 작용과 부작용을 설명하고 처방 원칙을 적용한다.", "검사 결과를 해석하여 진단에 활용한다."]],
  ["의사소통", "환자, 보호자, 동료와 효과적으로 소통한다.", ["환자와 신뢰 관계를 형성하고 공감적으로 면담한다.", "나쁜 소식을 적절한 방법으로 전달한다.", "의료진 사이에 정확하게 인계하고 기록한다.", "설명에 근거한 동의를 얻는다."]],
  ["프로페셔널리즘", "의사로서의 윤리와 책임을 실천한다.", ["환자의 자율성과 비밀을 존중한다.", "의료윤리 원칙에 따라 판단한다.", "자신의 한계를 알고 도움을 구한다.", "이해상충을 인지하고 관리한다."]],
  ["사회적 책무성", "지역사회와 보건의료체계 속에서 의사의 역할을 수행한다.", ["지역사회의 건강 문제를 파악한다.", "보건의료 자원을 합리적으로 활용한다.", "건강 형평성 향상에 기여한다.", "질병 예방과 건강증진 활동을 계획한다."]],
  ["자기주도학습", "평생 학습자로서 스스로 배우고 성장한다.", ["학습 목표를 세우고 성찰한다.", "의학 문헌을 비판적으로 평가한다.", "과학적 방법을 연구에 적용한다.", "동료와 후배의 학습을 돕는다."]],
];

export const grcm: Generator = () => {
  const rows: PulledRow[] = [];
  COMPETENCES.forEach(([name, goal, items], c) => {
    items.forEach((content, i) => {
      const reg = at(2024, 2, 14 + c, 9, 30);
      const upt = i % 2 === 0 ? at(2025, 2, 20 + c, 14, 10) : reg;
      rows.push({ year: null, data: { fcCode: `GC${c + 1}-${i + 1}`, fcName: name, content, fcGoal: goal, regDt: reg, uptDt: upt } });
    });
  });
  return rows;
};

// ---------------------------------------------------------------------------------------------
// E02 weekend exam and E03 end-of-course exam (learning-management system)
// ---------------------------------------------------------------------------------------------

/** The courses of the pre-clinical years (grade 3: 본과 1학년, grade 4: 본과 2학년) with their months. */
export const COURSES: Readonly<Record<number, readonly (readonly [name: string, month: number])[]>> = {
  3: [["인체구조와기능", 3], ["세포와조직", 4], ["의학유전학", 5], ["감염과면역", 9], ["병리학총론", 10]],
  4: [["순환기학", 3], ["호흡기학", 4], ["소화기학", 5], ["신장비뇨기학", 9], ["내분비학", 10], ["신경과학", 11]],
};

/** An exam's rows: one per enrolled student of the grade, scores around the exam's mean. */
export function examRows(all: readonly YearStudent[], kind: "weekend" | "end"): PulledRow[] {
  const rows: PulledRow[] = [];
  for (const year of yearsOf(all)) {
    for (const grade of [3, 4]) {
      const group = inGrade(all, year, grade);
      for (const [currName, month] of COURSES[grade]) {
        const rounds = kind === "weekend" ? [1, 2] : [1];
        for (const round of rounds) {
          const er = rng(hash(`${kind}:${year}:${currName}:${round}`));
          const mean = 68 + er() * 14;
          const day = kind === "weekend" ? 6 + (round - 1) * 14 + Math.floor(er() * 2) : 26;
          const regDt = at(year, month, Math.min(day, 28), kind === "weekend" ? 9 : 14);
          const evalAreaName = kind === "weekend" ? (round === 1 ? "지식" : "임상추론") : "지식";
          const evalTypeName = kind === "weekend" ? `주말시험 ${round}차` : "과정종료시험";
          for (const s of group) {
            const r = rng(hash(`${kind}:${year}:${currName}:${round}:${s.id}`));
            const score = Math.round(clamp(mean + ability(s.id) * 9 + normal(r) * 6, 18, 100));
            const memo = score < 60 ? "재시험 대상" : r() < 0.02 ? "지각 응시" : "";
            rows.push({
              year,
              data: { year, grade: `${grade}학년`, currName, evalAreaName, evalTypeName, srcName: "LMS", id: s.id, name: s.name, score, maxScore: 100, memo, regDt },
            });
          }
        }
      }
    }
  }
  return rows;
}


// ---------------------------------------------------------------------------------------------
// P09 phase portfolio form (e-portfolio)
// ---------------------------------------------------------------------------------------------

const PHASES = ["1단계(예과)", "2단계(기초의학)", "3단계(임상의학)", "4단계(임상실습)"] as const;
const PHASE_VERBS = ["이해한다", "설명한다", "적용한다", "수행한다"] as const;

export const tmbs: Generator = () => {
  const rows: PulledRow[] = [];
  PHASES.forEach((phase, p) => {
    COMPETENCES.forEach(([name, , items], c) => {
      const item = items[p % items.length].replace(/한다\.$/, "");
      rows.push({
        year: null,
        data: {
          tfCode: `PH${p + 1}-${String(c + 1).padStart(2, "0")}`,
          tfName: `${name} ${p + 1}단계 성취`,
          content: `${item}는 원리를 ${PHASE_VERBS[p]}.`,
          fcName: name,
          phaseCode: phase,
        },
      });
    });
  });
  return rows;
};

// ---------------------------------------------------------------------------------------------
// E08, E09 comprehensive evaluations (e-portfolio): type 1 basic and clinical (grade 6), type 2
// basic medicine (grade 4); two rounds a year, one row per student, area and round
// ---------------------------------------------------------------------------------------------

const COMPREHENSIVE: Record<1 | 2, { grade: number; ceName: string; areas: readonly (readonly [string, number])[] }> = {
  1: { grade: 6, ceName: "기초·임상의학 종합평가", areas: [["기초의학", 120], ["임상의학", 280]] },
  2: { grade: 4, ceName: "기초의학 종합평가", areas: [["해부학", 40], ["생리학", 40], ["생화학", 30], ["약리학", 40], ["병리학", 40], ["미생물학", 30]] },
};

export function comprehensiveRows(all: readonly YearStudent[], ceType: 1 | 2): PulledRow[] {
  const spec = COMPREHENSIVE[ceType];
  const rows: PulledRow[] = [];
  for (const year of yearsOf(all)) {
    const group = inGrade(all, year, spec.grade);
    for (const ceNum of [1, 2]) {
      for (const [cesName, maxScore] of spec.areas) {
        const er = rng(hash(`ce${ceType}:${year}:${ceNum}:${cesName}`));
        const mean = 0.62 + er() * 0.12;
        const scored = group.map((s) => {
          const r = rng(hash(`ce${ceType}:${year}:${ceNum}:${cesName}:${s.id}`));
          const ratio = clamp(mean + ability(s.id) * 0.09 + normal(r) * 0.05, 0.25, 1);
          const score = Math.round(ratio * maxScore);
          return { s, score, cvtScore: Math.round((score / maxScore) * 10_000) / 100 };
        });
        const order = [...scored].sort((a, b) => b.score - a.score);
        for (const x of scored) {
          const ranks = order.findIndex((o) => o.score === x.score) + 1;
          rows.push({ year, data: { year, name: x.s.name, id: x.s.id, ceName: spec.ceName, ceNum, cesName, maxScore, score: x.score, cvtScore: x.cvtScore, ranks } });
        }
      }
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// E11 CPX/OSCE (e-portfolio): grade 6, two exam days a year, four CPX cases and four OSCE stations
// ---------------------------------------------------------------------------------------------

const CPX_ITEMS = ["흉통", "복통", "호흡곤란", "두통", "발열", "어지럼"] as const;
const OSCE_ITEMS = ["정맥채혈", "기본심폐소생술", "봉합", "도뇨관 삽입", "동맥혈 채취", "비위관 삽입"] as const;

export const osceCpx: Generator = ({ students: all }) => {
  const rows: PulledRow[] = [];
  for (const year of yearsOf(all)) {
    const group = inGrade(all, year, 6);
    for (const [round, month] of [[1, 5], [2, 10]] as const) {
      for (const examType of ["CPX", "OSCE"] as const) {
        const pool = examType === "CPX" ? CPX_ITEMS : OSCE_ITEMS;
        const er = rng(hash(`osce:${year}:${round}:${examType}`));
        const start = Math.floor(er() * pool.length);
        const items = [0, 1, 2, 3].map((k) => pool[(start + k) % pool.length]);
        const examDate = `${year}-${String(month).padStart(2, "0")}-${String(12 + round).padStart(2, "0")}`;
        const examName = `${year}학년도 ${round}차 임상수행능력 평가`;
        for (const s of group) {
          for (const examItem of items) {
            const r = rng(hash(`osce:${year}:${round}:${examItem}:${s.id}`));
            const score = Math.round(clamp(74 + ability(s.id) * 8 + normal(r) * 7, 30, 100) * 10) / 10;
            rows.push({ year, data: { year, examDate, examName, examType, id: s.id, name: s.name, examItem, score, pf: score >= 60 ? "P" : "F" } });
          }
        }
      }
    }
  }
  return rows;
};

// ---------------------------------------------------------------------------------------------
// E13 peer evaluation (e-portfolio): grade 5-6 clinical rotations, five evaluators a course
// ---------------------------------------------------------------------------------------------

const ROTATIONS: readonly (readonly [currSeq: number, currName: string, dtName: string])[] = [
  [101, "내과 임상실습", "내과학교실"],
  [102, "외과 임상실습", "외과학교실"],
  [103, "소아청소년과 임상실습", "소아청소년과학교실"],
  [104, "산부인과 임상실습", "산부인과학교실"],
  [105, "정신건강의학과 임상실습", "정신건강의학교실"],
];
const EVALUATORS = ["교수 평가", "전공의 평가", "간호사 평가", "환자 평가", "동료 평가"] as const;

export const peerEval: Generator = ({ students: all }) => {
  const rows: PulledRow[] = [];
  for (const year of yearsOf(all)) {
    for (const grade of [5, 6]) {
      for (const s of inGrade(all, year, grade)) {
        const r = rng(hash(`peer:${year}:${s.id}`));
        // each student rotates through three of the five courses in a year
        const first = Math.floor(r() * ROTATIONS.length);
        for (let k = 0; k < 3; k++) {
          const [currSeq, currName, dtName] = ROTATIONS[(first + k * 2) % ROTATIONS.length];
          for (const docName of EVALUATORS) {
            const score = Math.round(clamp(4.1 + ability(s.id) * 0.3 + normal(r) * 0.35, 1, 5) * 10) / 10;
            rows.push({ year, data: { year, grade: `${grade}학년`, currSeq: String(currSeq), currName, id: s.id, name: s.name, dtName, docName, score } });
          }
        }
      }
    }
  }
  return rows;
};

// ---------------------------------------------------------------------------------------------
// E15 doctor-scientist basic course (e-portfolio): every grade-3 student, their research record
// ---------------------------------------------------------------------------------------------

const TOPICS = [
  "장내 미생물과 대사질환의 연관성",
  "심근세포 재생을 위한 줄기세포 분화 조건",
  "폐암 환자의 면역항암제 반응 예측 표지자",
  "수면 부족이 해마 기억 형성에 미치는 영향",
  "만성 콩팥병 진행과 염증 지표",
  "항생제 내성 유전자의 지역사회 전파",
  "당뇨병성 망막병증 영상의 딥러닝 판독",
  "노인 근감소증과 낙상 위험",
  "자가면역질환의 T세포 신호전달",
  "소아 천식 악화 요인 코호트 분석",
];

export const doctorScientist: Generator = ({ students: all, now }) => {
  const rows: PulledRow[] = [];
  const synced = formatWireDate(now)!;
  for (const year of yearsOf(all)) {
    for (const s of inGrade(all, year, 3)) {
      const r = rng(hash(`ds:${year}:${s.id}`));
      const diligent = clamp(0.6 + ability(s.id) * 0.15 + normal(r) * 0.1, 0.2, 1);
      const count = (max: number) => Math.round(max * clamp(diligent + normal(r) * 0.1, 0, 1));
      const finalCnt = diligent > 0.45 ? 1 : 0;
      rows.push({
        year,
        data: {
          year,
          grade: "3학년",
          name: s.name,
          id: s.id,
          title: TOPICS[Math.floor(r() * TOPICS.length)],
          planCnt: 1,
          noteCnt: count(16),
          weekCnt: count(15),
          amgCnt: count(6),
          finalCnt,
          finalrefCnt: finalCnt && r() < 0.9 ? 1 : 0,
          pfYn: finalCnt && r() < 0.85 ? "Y" : "N",
          lastSyncTime: synced,
        },
      });
    }
  }
  return rows;
};

// ---------------------------------------------------------------------------------------------
// E19 end-of-course student satisfaction (LMS): grades 3-4, one answer set per student and
// course, 27 questions scored 1-5 as a comma string
// ---------------------------------------------------------------------------------------------


export const endSurvey: Generator = ({ students: all }) => {
  const rows: PulledRow[] = [];
  for (const year of yearsOf(all)) {
    for (const grade of [3, 4]) {
      COURSES[grade].forEach(([currName], c) => {
        const er = rng(hash(`srv:${year}:${currName}`));
        const courseMean = 3.6 + er() * 0.8;
        for (const s of inGrade(all, year, grade)) {
          const r = rng(hash(`srv:${year}:${currName}:${s.id}`));
          const leaning = normal(r) * 0.4;
          const scores = Array.from({ length: 27 }, () => Math.round(clamp(courseMean + leaning + normal(r) * 0.6, 1, 5)));
          const avgScore = Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100;
          rows.push({
            year,
            data: { year, grdSeq: String(grade), grade: `${grade}학년`, currSeq: String(grade * 100 + c + 1), currName, name: s.name, id: s.id, score: scores.join(","), avgScore },
          });
        }
      });
    }
  }
  return rows;
};
