/**
 * Demo rows of the synced activity and record reports (completion, interviews, counseling,
 * guidance, the national exam, reflection journals and summaries, self evaluations): one
 * generator per report, named in demo-source.server.ts's GENERATORS.
 */
import { type Generator, type Rand, hash, normal, clamp, ability, at, inGrade, yearsOf } from "./demo-world.server";
import { GUIDANCE_KINDS } from "../../reports/definitions";
import { ENROLMENT } from "../../schemas/student";
import { rng } from "../db/seed-people";
import { formatWireDate } from "../lib/time";
import type { PulledRow } from "./sources.server";

// ---------------------------------------------------------------------------------------------
// E22 education-activity completion rate (e-portfolio): clinical rotation activities per system
// ---------------------------------------------------------------------------------------------

const ACTIVITIES = ["임상실습 사전평가", "임상실습 사후평가", "Mini-CEX", "DOPS", "증례 발표"] as const;
const SYSTEMS = ["순환기계", "호흡기계", "소화기계", "신경계", "근골격계", "내분비계", "신장비뇨기계", "생식기계"] as const;

export const completion: Generator = ({ students: all, now }) => {
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

export const interview: Generator = ({ students: all, professors: profs, now }) => {
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

export const counseling: Generator = ({ students: all }) => {
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

export const pfGuidance: Generator = ({ students: all }) => {
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

export const nationalExam: Generator = ({ students: all }) => {
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

export const reflectionJournal: Generator = ({ students: all }) => {
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
export const reflectionSummary: Generator = ({ students: all }) => {
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
export const grdtSelfEval: Generator = ({ students: all, now }) => {
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
export const grcmSelfEval: Generator = ({ students: all }) => {
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
