/**
 * P18 학생 분석 (ADR 0042): what the page shows, computed from the records the product already
 * holds for one year — the year's students (grade, enrolment status), their volunteer and
 * international health-care hours, awards and programs, patient-safety totals, health and medical
 * law scores and re-learner subjects. Pure: the loader (__loader.server.ts beside it) reads
 * the spec's list calls and hands their rows here; the page, its Excel download and the unit tests
 * read the same result.
 */

import type { ReportChart } from "~/reports/definitions";
import type { ListData } from "~/utils/list-url";

export const ANALYSIS_PATH = "/insert/student/analysis";
export const ANALYSIS_TITLE = "학생 분석";

/** A code as the lists give it (grade, enrolment status). */
export interface AnalysisCode {
  id: string;
  text: string;
}

/** The year's records, as the spec's list calls answer them (only the fields read here). */
export interface AnalysisSources {
  grades: readonly AnalysisCode[];
  statuses: readonly AnalysisCode[];
  students: readonly { id: string; name: string; grdeCd: string | null; attnCd: string }[];
  /** volunteer and health-care records: the student's number and the hours */
  volunteer: readonly { id: string; hours: number }[];
  healthCare: readonly { id: string; hours: number }[];
  /** program users: the student's number and whether the program is an award (else a participation) */
  programs: readonly { id: string; award: boolean }[];
  /** patient-safety rows: the student's number and the total */
  patientSafety: readonly { id: string; total: number }[];
  /** law exam takers: the student's number, the score and the exam's total score */
  law: readonly { id: string; score: number; totalScore: number }[];
  /** re-learners: the student's number and how many subjects are marked for re-learning */
  relearners: readonly { id: string; subjects: number }[];
}

/** What the URL narrows: grade codes (null = all), enrolment codes ([] = all), number or name text. */
export interface AnalysisFilter {
  grde: readonly string[] | null;
  attn: readonly string[];
  value: string;
}

/** One student's line. Empty cells are null (no record of that kind this year). */
export interface StudentAnalysisRow {
  [key: string]: string | number | null;
  id: string;
  name: string;
  grdeNm: string;
  attnNm: string;
  volunteerHours: number;
  healthCareHours: number;
  awards: number;
  programs: number;
  pssTotal: number | null;
  /** the mean of score ÷ total score over the year's law exams taken, in percent (1 decimal) */
  lawRate: number | null;
  /** subjects marked for re-learning; null when the student is not a re-learner this year */
  relearnSubjects: number | null;
}

/** One grade's line of the summary tables. */
export interface GradeAnalysisRow {
  [key: string]: string | number | null;
  grade: string;
  /** students per enrolment status code, then `total` */
  total: number;
  volunteerAvg: number;
  healthCareAvg: number;
  awards: number;
  programs: number;
  pssAvg: number | null;
  lawRateAvg: number | null;
  relearners: number;
}

export interface StudentAnalysis {
  students: StudentAnalysisRow[];
  byGrade: GradeAnalysisRow[];
}

/** The per-student columns (the table, its sort keys and the Excel sheet). */
export const STUDENT_COLUMNS = [
  { key: "id", header: "학번" },
  { key: "name", header: "이름" },
  { key: "grdeNm", header: "학년" },
  { key: "attnNm", header: "학적상태" },
  { key: "volunteerHours", header: "봉사활동(시간)", number: true },
  { key: "healthCareHours", header: "국제보건의료(시간)", number: true },
  { key: "awards", header: "수상(건)", number: true },
  { key: "programs", header: "참여(건)", number: true },
  { key: "pssTotal", header: "환자안전 총점", number: true },
  { key: "lawRate", header: "의료법규 득점률(%)", number: true },
  { key: "relearnSubjects", header: "재학습 과목 수", number: true },
] as const;

/** The activity and score summary's columns per grade (after the grade). */
export const GRADE_ACTIVITY_COLUMNS = [
  { key: "total", header: "학생 수" },
  { key: "volunteerAvg", header: "봉사활동 평균(시간)" },
  { key: "healthCareAvg", header: "국제보건의료 평균(시간)" },
  { key: "awards", header: "수상(건)" },
  { key: "programs", header: "참여(건)" },
  { key: "pssAvg", header: "환자안전 평균 총점" },
  { key: "lawRateAvg", header: "의료법규 평균 득점률(%)" },
  { key: "relearners", header: "재학습 대상(명)" },
] as const;

/** A grade code's row label when a student has none. */
export const NO_GRADE = "학년 없음";

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (xs: readonly number[]) => (xs.length ? round1(xs.reduce((a, b) => a + b, 0) / xs.length) : null);

function sumBy<T extends { id: string }>(rows: readonly T[], value: (r: T) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.id, (out.get(r.id) ?? 0) + value(r));
  return out;
}

/** The page's numbers: the filtered students' lines and the per-grade summary of the same students. */
export function analyse(src: AnalysisSources, filter: AnalysisFilter): StudentAnalysis {
  const gradeName = new Map(src.grades.map((g) => [g.id, g.text]));
  const statusName = new Map(src.statuses.map((s) => [s.id, s.text]));
  const volunteer = sumBy(src.volunteer, (r) => r.hours);
  const healthCare = sumBy(src.healthCare, (r) => r.hours);
  const awards = sumBy(src.programs, (r) => (r.award ? 1 : 0));
  const programs = sumBy(src.programs, (r) => (r.award ? 0 : 1));
  const pss = new Map(src.patientSafety.map((r) => [r.id, r.total]));
  const lawRates = new Map<string, number[]>();
  for (const r of src.law) if (r.totalScore > 0) lawRates.set(r.id, [...(lawRates.get(r.id) ?? []), (r.score / r.totalScore) * 100]);
  const relearn = new Map(src.relearners.map((r) => [r.id, r.subjects]));

  const text = filter.value.trim();
  const inFilter = (s: AnalysisSources["students"][number]) =>
    (filter.grde === null || filter.grde.includes(s.grdeCd ?? "")) && (filter.attn.length === 0 || filter.attn.includes(s.attnCd));
  const chosen = src.students.filter(inFilter);
  const lines: StudentAnalysisRow[] = chosen.map((s) => ({
    id: s.id,
    name: s.name,
    grdeNm: (s.grdeCd && gradeName.get(s.grdeCd)) || NO_GRADE,
    attnNm: statusName.get(s.attnCd) ?? s.attnCd,
    volunteerHours: volunteer.get(s.id) ?? 0,
    healthCareHours: healthCare.get(s.id) ?? 0,
    awards: awards.get(s.id) ?? 0,
    programs: programs.get(s.id) ?? 0,
    pssTotal: pss.get(s.id) ?? null,
    lawRate: mean(lawRates.get(s.id) ?? []),
    relearnSubjects: relearn.get(s.id) ?? null,
  }));

  // the summary: every grade of the year's codes in their order (and 'no grade' when a student has
  // none), each with its students by status and the means of what they hold
  const order = [...src.grades.map((g) => g.text), NO_GRADE];
  const byGrade = order
    .map((grade): GradeAnalysisRow | null => {
      const idx = lines.flatMap((l, i) => (l.grdeNm === grade ? [i] : []));
      const of = idx.map((i) => lines[i]);
      if (!of.length && (grade === NO_GRADE || (filter.grde !== null && !src.grades.some((g) => g.text === grade && filter.grde!.includes(g.id))))) return null;
      const statuses = Object.fromEntries(src.statuses.map((s) => [s.id, idx.filter((i) => chosen[i].attnCd === s.id).length]));
      const numbers = (key: keyof StudentAnalysisRow) => of.map((l) => l[key]).filter((v): v is number => typeof v === "number");
      return {
        grade,
        ...statuses,
        total: of.length,
        volunteerAvg: mean(numbers("volunteerHours")) ?? 0,
        healthCareAvg: mean(numbers("healthCareHours")) ?? 0,
        awards: numbers("awards").reduce((a, b) => a + b, 0),
        programs: numbers("programs").reduce((a, b) => a + b, 0),
        pssAvg: mean(numbers("pssTotal")),
        lawRateAvg: mean(numbers("lawRate")),
        relearners: of.filter((l) => l.relearnSubjects !== null).length,
      };
    })
    .filter((r): r is GradeAnalysisRow => r !== null);

  const students = text ? lines.filter((l) => l.id.includes(text) || l.name.includes(text)) : lines;
  return { students, byGrade };
}

/** What the page shows besides the student lines (the list kit's `more`). */
export interface AnalysisMore {
  grades: AnalysisCode[];
  statuses: AnalysisCode[];
  byGrade: GradeAnalysisRow[];
  /** the sources that could not be read (their columns are left empty), as the notice says them */
  unread: string | null;
  /** the two charts of analysisCharts, drawn on the server (SVG markup, ADR 0043) */
  charts?: { enrolment: string | null; hours: string | null };
}

/** Bar colours dark enough for text contrast on white (the reports' palette). */
const COLORS = ["blue.8", "teal.8", "orange.9", "red.8", "grape.8", "gray.7", "indigo.8", "green.9"];

/** The page's two charts over the per-grade rows: students by enrolment status, and mean activity hours. */
export function analysisCharts(statuses: readonly AnalysisCode[]): { enrolment: ReportChart; hours: ReportChart } {
  return {
    enrolment: { title: "학년별 학적 현황", x: "grade", xUnit: "", series: statuses.map((s, i) => ({ key: s.id, label: s.text, color: COLORS[i % COLORS.length] })) },
    hours: {
      title: "학년별 평균 활동 시간",
      x: "grade",
      xUnit: "",
      series: [
        { key: "volunteerAvg", label: "봉사활동 평균(시간)", color: "blue.8" },
        { key: "healthCareAvg", label: "국제보건의료 평균(시간)", color: "teal.8" },
      ],
    },
  };
}
export type AnalysisData = ListData<AnalysisFilter, null, AnalysisMore>;
