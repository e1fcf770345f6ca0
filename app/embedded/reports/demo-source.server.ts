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
import { ENROLMENT } from "../../schemas/student";
import { students } from "../db/schema";
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
type Generator = (all: readonly YearStudent[], now: Date) => PulledRow[];

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

export const GENERATORS: Readonly<Record<string, Generator>> = {
  grcm,
  weekendExam: (all) => examRows(all, "weekend"),
  endExam: (all) => examRows(all, "end"),
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
      const rows = generate(await yearStudents(ctx), ctx.now);
      for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
    },
  };
}

export const demoSources = () => ({ ufolio: demoSource("ufolio"), lms: demoSource("lms") });

export type { Row };
