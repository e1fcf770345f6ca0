/**
 * The default sync sources of the embedded backend: deterministic, realistic rows for every synced
 * report, tied to the seeded students (the same student numbers and names as the people records,
 * their grade in each year), with plausible scores and counts per year and grade. The same report
 * pulled twice gives the same rows, so a sync changes nothing but the history unless the students
 * changed.
 *
 * A generator per report: `GENERATORS[key](students, now)` answers the report's rows in order.
 */
import { and, asc, eq } from "drizzle-orm";
import { GUIDANCE_KINDS } from "../../reports/definitions";
import { OPER_SATISFACTION_SECTIONS, ROTATION_SURVEY_GROUPS } from "../../reports/details.server";
import { ENROLMENT } from "../../schemas/student";
import { professors, students } from "../db/schema";
import { CODE, codeId } from "../db/seed-data";
import { rng } from "../db/seed-people";
import { formatWireDate } from "../lib/time";
import type { CatalogReport, SourceName } from "./catalog.server";
import type { PulledRow, PullContext, SyncSource } from "./sources.server";

/** A student of a year, as the outside systems know them. */
export interface YearStudent {
  year: number;
  id: string;
  name: string;
  /** 1-6, null when not enrolled in a grade */
  grade: number | null;
  attnCd: string;
}

type Rand = () => number;
type Row = Record<string, unknown>;
/** What a generator reads: the seeded students and professors, and the sync's clock. */
export interface DemoWorld {
  students: readonly YearStudent[];
  /** professors' names by year */
  professors: readonly { year: number; name: string }[];
  now: Date;
}
type Generator = (world: DemoWorld) => PulledRow[];

const BATCH = 2_000;

/** A stable number for a text (FNV-1a), to seed a student's or an exam's randomness. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** About normal (mean 0, deviation 1). */
function normal(r: Rand): number {
  return (r() + r() + r() + r() + r() + r() - 3) * 1.41;
}

const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(max, v));

/** A student's lasting ability (the same in every report). */
const ability = (id: string) => normal(rng(hash(`ability:${id}`)));

/** A wire date-time in a year: month, day and an hour of the working day. */
function at(year: number, month: number, day: number, hour = 10, minute = 0): string {
  return formatWireDate(new Date(Date.UTC(year, month - 1, day, hour - 9, minute)))!;
}

/** The enrolled students of a year in one grade, in number order. */
const inGrade = (all: readonly YearStudent[], year: number, grade: number) => all.filter((s) => s.year === year && s.grade === grade && s.attnCd === ENROLMENT.enrolled);
const yearsOf = (all: readonly YearStudent[]) => [...new Set(all.map((s) => s.year))].sort((a, b) => a - b);

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

const grcm: Generator = () => {
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
const COURSES: Readonly<Record<number, readonly (readonly [name: string, month: number])[]>> = {
  3: [["인체구조와기능", 3], ["세포와조직", 4], ["의학유전학", 5], ["감염과면역", 9], ["병리학총론", 10]],
  4: [["순환기학", 3], ["호흡기학", 4], ["소화기학", 5], ["신장비뇨기학", 9], ["내분비학", 10], ["신경과학", 11]],
};

/** An exam's rows: one per enrolled student of the grade, scores around the exam's mean. */
function examRows(all: readonly YearStudent[], kind: "weekend" | "end"): PulledRow[] {
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

const tmbs: Generator = () => {
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

function comprehensiveRows(all: readonly YearStudent[], ceType: 1 | 2): PulledRow[] {
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

const osceCpx: Generator = ({ students: all }) => {
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

const peerEval: Generator = ({ students: all }) => {
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

const doctorScientist: Generator = ({ students: all, now }) => {
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


const endSurvey: Generator = ({ students: all }) => {
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

// ---------------------------------------------------------------------------------------------
// E22 education-activity completion rate (e-portfolio): clinical rotation activities per system
// ---------------------------------------------------------------------------------------------

const ACTIVITIES = ["임상실습 사전평가", "임상실습 사후평가", "Mini-CEX", "DOPS", "증례 발표"] as const;
const SYSTEMS = ["순환기계", "호흡기계", "소화기계", "신경계", "근골격계", "내분비계", "신장비뇨기계", "생식기계"] as const;

const completion: Generator = ({ students: all, now }) => {
  const rows: PulledRow[] = [];
  const synced = formatWireDate(now)!;
  for (const year of yearsOf(all)) {
    const cohort = inGrade(all, year, 5).length + inGrade(all, year, 6).length;
    ACTIVITIES.forEach((evName, a) => {
      for (const evNum of [1, 2]) {
        SYSTEMS.forEach((sysName, k) => {
          const r = rng(hash(`cmpl:${year}:${evName}:${evNum}:${sysName}`));
          const month = evNum === 1 ? 3 + (k % 4) : 8 + (k % 4);
          rows.push({
            year,
            data: {
              year,
              examDate: `${year}-${String(month).padStart(2, "0")}-${String(5 + a * 4).padStart(2, "0")}`,
              evName,
              evNum,
              sysName,
              stCnt: Math.round(cohort * clamp(0.82 + r() * 0.18, 0, 1)),
              lastSyncTime: synced,
            },
          });
        });
      }
    });
  }
  return rows;
};

// ---------------------------------------------------------------------------------------------
// E24 student interview (graduates; e-portfolio): the exit interview of each graduating student
// ---------------------------------------------------------------------------------------------

const SC_TYPES = ["졸업 면담", "진로 상담", "학업 상담"] as const;
const AFTER_TYPES = ["전공의 수련", "대학원 진학", "군 복무", "기초의학 연구", "기타"] as const;
const FOLLOW_UPS = ["수련병원 배정 확인", "진학 서류 제출 완료", "복무 후 재면담 예정", "연구실 배정 완료", "추가 상담 불필요"] as const;

const interview: Generator = ({ students: all, professors: profs, now }) => {
  const rows: PulledRow[] = [];
  const synced = formatWireDate(now)!;
  for (const year of yearsOf(all)) {
    const pool = profs.filter((p) => p.year === year);
    const graduates = all.filter((s) => s.year === year && s.attnCd === ENROLMENT.graduated);
    for (const s of graduates) {
      const r = rng(hash(`itv:${year}:${s.id}`));
      const after = Math.floor(r() * AFTER_TYPES.length);
      const attention = r() < 0.12;
      rows.push({
        year,
        data: {
          year,
          grade: "졸업",
          name: s.name,
          id: s.id,
          pfName: pool.length ? pool[Math.floor(r() * pool.length)].name : "",
          scDate: `${year}-01-${String(8 + Math.floor(r() * 20)).padStart(2, "0")}`,
          scType: SC_TYPES[Math.floor(r() * SC_TYPES.length)],
          afterType: AFTER_TYPES[after],
          attentionFlag: attention ? "Y" : "N",
          fuResult: attention ? "지도교수 추가 면담 예정" : FOLLOW_UPS[after],
          lastSyncTime: synced,
        },
      });
    }
  }
  return rows;
};

// ---------------------------------------------------------------------------------------------
// R18 counselling statistics (e-portfolio): a year's counselling sessions by type, from each
// enrolled student's own record; stCnt counts the students counselled at least once
// ---------------------------------------------------------------------------------------------

/** How likely a student has a session of each type in a year, and how many at most (COUNSELING_TYPES' order). */
const COUNSELING_ODDS: Readonly<Record<string, readonly [chance: number, most: number]>> = {
  personal: [0.55, 3],
  career: [0.35, 2],
  learning: [0.22, 3],
  integrated: [0.1, 2],
  support: [0.03, 1],
};

const counseling: Generator = ({ students: all }) => {
  const rows: PulledRow[] = [];
  for (const year of yearsOf(all)) {
    const enrolled = all.filter((s) => s.year === year && s.grade !== null && s.attnCd === ENROLMENT.enrolled);
    const counts: Record<string, number> = Object.fromEntries(Object.keys(COUNSELING_ODDS).map((k) => [k, 0]));
    let stCnt = 0;
    for (const s of enrolled) {
      const r = rng(hash(`cnsl:${year}:${s.id}`));
      // a weaker student is counselled on learning (and needs support) more often
      const need = clamp(-ability(s.id) * 0.08, -0.05, 0.2);
      let any = false;
      for (const [key, [chance, most]] of Object.entries(COUNSELING_ODDS)) {
        const p = key === "learning" || key === "support" ? chance + need : chance;
        if (r() < p) {
          counts[key] += 1 + Math.floor(r() * most);
          any = true;
        }
      }
      if (any) stCnt++;
    }
    rows.push({ year, data: { seq: year, year, ...counts, stCnt } });
  }
  return rows;
};

// ---------------------------------------------------------------------------------------------
// R19 advisor guidance statistics (e-portfolio): per year and kind (se 1 individual, 2 group,
// 3 online) the sessions of each of the ten guidance types, from each enrolled student's record
// ---------------------------------------------------------------------------------------------

/** How the sessions of a kind spread over the ten types (weights), and a student's sessions of that kind a year. */
const GUIDANCE_MIX: Readonly<Record<string, { sessions: readonly [min: number, max: number]; weights: readonly number[] }>> = {
  "1": { sessions: [1, 3], weights: [24, 20, 8, 10, 5, 3, 3, 12, 9, 6] },
  "2": { sessions: [0, 2], weights: [30, 25, 5, 4, 3, 1, 1, 18, 10, 3] },
  "3": { sessions: [0, 1], weights: [20, 18, 6, 14, 6, 4, 4, 10, 8, 10] },
};

const pfGuidance: Generator = ({ students: all }) => {
  const rows: PulledRow[] = [];
  for (const year of yearsOf(all)) {
    const enrolled = all.filter((s) => s.year === year && s.grade !== null && s.attnCd === ENROLMENT.enrolled);
    for (const se of ["1", "2", "3"]) {
      const { sessions, weights } = GUIDANCE_MIX[se];
      const total = weights.reduce((a, b) => a + b, 0);
      const types = Array.from({ length: 10 }, () => 0);
      for (const s of enrolled) {
        const r = rng(hash(`gdn:${year}:${se}:${s.id}`));
        const n = sessions[0] + Math.floor(r() * (sessions[1] - sessions[0] + 1));
        for (let k = 0; k < n; k++) {
          let pick = r() * total;
          const t = weights.findIndex((w) => (pick -= w) < 0);
          types[t === -1 ? 9 : t]++;
        }
      }
      const seNm = GUIDANCE_KINDS.find((x) => x.value === se)!.title;
      rows.push({
        year,
        data: { seq: year * 10 + Number(se), year, se, seNm, ...Object.fromEntries(types.map((c, i) => [`type${i + 1}`, c])), totalCnt: types.reduce((a, b) => a + b, 0) },
      });
    }
  }
  return rows;
};

// ---------------------------------------------------------------------------------------------
// E10 national doctor exam (e-portfolio, comprehensive evaluation type 3): every enrolled grade-6
// student of a year sits it; 320 points, passing at 60% (192)
// ---------------------------------------------------------------------------------------------

export const NATIONAL_EXAM = { maxScore: 320, passScore: 192 } as const;

const nationalExam: Generator = ({ students: all }) => {
  const rows: PulledRow[] = [];
  for (const year of yearsOf(all)) {
    const er = rng(hash(`kmle:${year}`));
    // about 95% pass in a year, as the national pass rate runs
    const mean = 230 + er() * 10;
    for (const s of inGrade(all, year, 6)) {
      const r = rng(hash(`kmle:${year}:${s.id}`));
      const score = Math.round(clamp(mean + ability(s.id) * 24 + normal(r) * 12, 110, NATIONAL_EXAM.maxScore));
      rows.push({ year, data: { seq: Number(`${year}${s.id.slice(-4)}`), year, grade: "6학년", name: s.name, id: s.id, score, passYn: score >= NATIONAL_EXAM.passScore ? "Y" : "N" } });
    }
  }
  return rows;
};

// ---------------------------------------------------------------------------------------------
// E14 clinical practice portfolio reflection journal (e-portfolio): grades 5-6, per student the
// journals written for each of the ten competencies (fc1 … fc10) in the year
// ---------------------------------------------------------------------------------------------

/** How often a competency is the subject of a journal, fc1 … fc10 (clinical ability and patient care most). */
const JOURNAL_WEIGHTS = [0.5, 0.9, 0.5, 0.8, 1.4, 0.9, 0.7, 0.4, 1.5, 1.0] as const;

const reflectionJournal: Generator = ({ students: all }) => {
  const rows: PulledRow[] = [];
  for (const year of yearsOf(all)) {
    for (const grade of [5, 6]) {
      for (const s of inGrade(all, year, grade)) {
        const r = rng(hash(`jrn:${year}:${s.id}`));
        const diligence = clamp(1 + ability(s.id) * 0.15 + normal(r) * 0.2, 0.4, 1.6);
        const fc = JOURNAL_WEIGHTS.map((w) => Math.max(0, Math.round(w * 2.2 * diligence + normal(r) * 0.8)));
        rows.push({
          year,
          data: {
            seq: Number(`${year}${s.id.slice(-4)}`),
            year,
            grdSeq: String(grade),
            grade: `${grade}학년`,
            name: s.name,
            id: s.id,
            ...Object.fromEntries(fc.map((c, i) => [`fc${i + 1}`, c])),
            totalCnt: fc.reduce((a, b) => a + b, 0),
          },
        });
      }
    }
  }
  return rows;
};

// ---------------------------------------------------------------------------------------------
// Issue 13, part 2 (branch tabs): E05 reflection summary, E12 graduation outcome portfolio by
// period, E23 graduate-competency self-evaluation (e-portfolio)
// ---------------------------------------------------------------------------------------------

/** E05: the clinical rotations (항목) of grades 5 and 6, with the month their reflections close. */
const ROTATION_ITEMS: Readonly<Record<number, readonly (readonly [item: string, month: number])[]>> = {
  5: [["내과 실습", 4], ["외과 실습", 6], ["소아청소년과 실습", 9], ["산부인과 실습", 11]],
  6: [["응급의학과 실습", 3], ["가정의학과 실습", 5], ["정신건강의학과 실습", 7]],
};
/** How often a graduation competency is the subject of a reflection (patient care and knowledge application most). */
const SUMMARY_WEIGHTS = [0.8, 0.5, 0.9, 1.4, 1.2] as const;

/** E05: per student and rotation, the reflections submitted for each of the five competencies. */
const reflectionSummary: Generator = ({ students: all }) => {
  const rows: PulledRow[] = [];
  for (const year of yearsOf(all)) {
    for (const grade of [5, 6]) {
      for (const s of inGrade(all, year, grade)) {
        ROTATION_ITEMS[grade].forEach(([item, month], i) => {
          const r = rng(hash(`rflc:${year}:${s.id}:${i}`));
          const diligence = clamp(1 + ability(s.id) * 0.15 + normal(r) * 0.2, 0.4, 1.6);
          const cnt = SUMMARY_WEIGHTS.map((w) => Math.max(0, Math.round(w * 1.6 * diligence + normal(r) * 0.6)));
          rows.push({
            year,
            data: {
              vaSeq: Number(`${year}${s.id.slice(-4)}${i}`),
              year,
              grdSeq: String(grade),
              grade: `${grade}학년`,
              name: s.name,
              id: s.id,
              item,
              ...Object.fromEntries(cnt.map((c, k) => [`cnt${k + 1}`, c])),
              totalCnt: cnt.reduce((a, b) => a + b, 0),
              lastSyncTime: at(year, month, 10 + Math.floor(r() * 18), 9 + Math.floor(r() * 9), Math.floor(r() * 60)),
            },
          });
        });
      }
    }
  }
  return rows;
};

/** A self-evaluation on a 5-point scale: higher in later periods and grades, with the student's ability. */
function selfScore(r: Rand, id: string, period: number, grade: number, competency: number): number {
  const base = 2.4 + 0.4 * (period - 1) + 0.15 * (grade - 3) + [0.1, -0.2, 0.2, 0, -0.1][competency];
  return clamp(Math.round(base + ability(id) * 0.4 + normal(r) * 0.5), 1, 5);
}

/** E12: grades 5 and 6, per student the five competencies in each of three periods (p1Score1 … p3Score5). */
const grdtSelfEval: Generator = ({ students: all, now }) => {
  const rows: PulledRow[] = [];
  const synced = formatWireDate(now)!;
  for (const year of yearsOf(all)) {
    for (const grade of [5, 6]) {
      for (const s of inGrade(all, year, grade)) {
        const r = rng(hash(`grdt:${year}:${s.id}`));
        const scores = [1, 2, 3].flatMap((p) => [0, 1, 2, 3, 4].map((c) => [`p${p}Score${c + 1}`, selfScore(r, s.id, p, grade, c)] as const));
        rows.push({ year, data: { seq: Number(`${year}${s.id.slice(-4)}`), year, grdSeq: String(grade), grade: `${grade}학년`, name: s.name, id: s.id, ...Object.fromEntries(scores), lastSyncTime: synced } });
      }
    }
  }
  return rows;
};

/** E23: grades 3 to 6, per student the five competencies in three periods (score1P1 … score5P3). */
const grcmSelfEval: Generator = ({ students: all }) => {
  const rows: PulledRow[] = [];
  for (const year of yearsOf(all)) {
    for (const grade of [3, 4, 5, 6]) {
      for (const s of inGrade(all, year, grade)) {
        const r = rng(hash(`grcm-self:${year}:${s.id}`));
        const scores = [1, 2, 3].flatMap((p) => [0, 1, 2, 3, 4].map((c) => [`score${c + 1}P${p}`, selfScore(r, s.id, p, grade, c)] as const));
        rows.push({ year, data: { seq: Number(`${year}${s.id.slice(-4)}`), year, grdSeq: String(grade), grade: `${grade}학년`, name: s.name, id: s.id, ...Object.fromEntries(scores) } });
      }
    }
  }
  return rows;
};

// ---------------------------------------------------------------------------------------------

export const GENERATORS: Readonly<Record<string, Generator>> = {
  grcm,
  tmbs,
  weekendExam: (w) => examRows(w.students, "weekend"),
  endExam: (w) => examRows(w.students, "end"),
  comprehensive1: (w) => comprehensiveRows(w.students, 1),
  comprehensive2: (w) => comprehensiveRows(w.students, 2),
  osceCpx,
  peerEval,
  doctorScientist,
  endSurvey,
  completion,
  interview,
  counseling,
  pfGuidance,
  comprehensive3: nationalExam,
  reflectionJournal,
  reflectionSummary,
  grdtSelfEval,
  grcmSelfEval,
  // issue 13: the detail-dialog reports (their generators at the end of this file)
  currEval,
  finalReport,
  operSatisfaction,
  operSurvey,
};

/** The seeded students of every year, as the outside systems would know them. */
export async function yearStudents(ctx: PullContext): Promise<YearStudent[]> {
  const rows = await ctx.db
    .select({ year: students.year, id: students.id, name: students.name, grdeCd: students.grdeCd, attnCd: students.attnCd })
    .from(students)
    .where(and(eq(students.del, "N")))
    .orderBy(asc(students.year), asc(students.id));
  const gradeOf = (cd: string | null) => {
    if (!cd) return null;
    const n = Number(cd) - Number(codeId(CODE.grades, 0));
    return n >= 1 && n <= 6 ? n : null;
  };
  return rows.map((r) => ({ year: r.year, id: r.id, name: r.name, grade: gradeOf(r.grdeCd), attnCd: r.attnCd }));
}

/** A demo source: the report's generated rows, in batches. */
export function demoSource(name: SourceName): SyncSource {
  return {
    name,
    async *pull(report: CatalogReport, ctx: PullContext) {
      const generate = GENERATORS[report.key];
      if (!generate) throw new Error(`no demo rows for report ${report.key}`);
      const [all, profs] = await Promise.all([yearStudents(ctx), ctx.db.select({ year: professors.year, name: professors.name }).from(professors).orderBy(asc(professors.year), asc(professors.id))]);
      const rows = generate({ students: all, professors: profs, now: ctx.now });
      for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
    },
  };
}

export const demoSources = () => ({ ufolio: demoSource("ufolio"), lms: demoSource("lms") });


// ---------------------------------------------------------------------------------------------
// Issue 13: the reports with a detail dialog per row (R20, E07, E20, E21). Function declarations,
// so that GENERATORS above can name them.
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

function currEval({ students: all }: DemoWorld): PulledRow[] {
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

function finalReport({ students: all, now }: DemoWorld): PulledRow[] {
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

function operSatisfaction({ students: all }: DemoWorld): PulledRow[] {
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

function operSurvey({ students: all }: DemoWorld): PulledRow[] {
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

export type { Row };
