/**
 * The reports' wire fields and their words (spec 001 §3, spec 002 §2-§3), shared by the catalog
 * files, the embedded backend's report rows and the tests: the counselling types and R18's rows,
 * the guidance types and kinds (R19), the journal competencies (E14), the end-of-course survey's
 * scores (E19), the graduation competencies and periods with their keys (E05, E12, E23), the
 * detail dialogs' JSON fields and row mappers (R20, E07), and the menu groups' breadcrumbs.
 */

import type { ColumnFormat, ColumnGroup, ReportColumn } from "./types";

/** R18's five counselling types (spec 001 §3 "Counselling statistics": the chart's datasets, in order). */
export const COUNSELING_TYPES = [
  { key: "personal", label: "개인상담", color: "indigo.7" },
  { key: "career", label: "진로상담", color: "teal.8" },
  { key: "learning", label: "학습상담", color: "orange.9" },
  { key: "integrated", label: "통합학습상담", color: "grape.7" },
  { key: "support", label: "체계적 지원 필요 사례", color: "red.8" },
] as const;

/**
 * R18's data reply as table rows, a year a row (spec 001 §7: getCounselingData.do → chartData,
 * stCntList): chartData is a chart's {labels: years, datasets: [{label, data}]} with the datasets
 * in COUNSELING_TYPES' order, stCntList the counted students [{year, stCnt}].
 */
export function counselingRows(reply: Record<string, unknown>): Record<string, unknown>[] {
  const chart = (reply.chartData ?? {}) as { labels?: unknown[]; datasets?: { label?: string; data?: unknown[] }[] };
  const counted = new Map(((reply.stCntList ?? []) as { year?: unknown; stCnt?: unknown }[]).map((s) => [String(s.year), Number(s.stCnt)]));
  const labels = Array.isArray(chart.labels) ? chart.labels.map(String) : [];
  const years = [...new Set([...labels, ...counted.keys()])].sort();
  return years.map((year) => {
    const row: Record<string, unknown> = { year: Number(year) };
    const at = labels.indexOf(year);
    COUNSELING_TYPES.forEach((t, i) => {
      // a dataset is found by its label, else by its place
      const set = chart.datasets?.find((d) => d.label === t.label) ?? chart.datasets?.[i];
      row[t.key] = at >= 0 && set?.data ? Number(set.data[at] ?? 0) : 0;
    });
    row.stCnt = counted.get(year) ?? 0;
    return row;
  });
}

/**
 * R19's ten guidance types and three kinds (spec 001 §3 "Advisor guidance row": se 1 to 3, type1 to
 * type10, totalCnt; the spec names neither, these are the e-portfolio's advisor-counselling form's).
 */
export const GUIDANCE_TYPES = ["학업", "진로", "대인관계", "심리·정서", "건강", "경제", "가정", "학교생활 적응", "연구·진학", "기타"] as const;
export const GUIDANCE_KINDS = [
  { value: "1", title: "개별 면담" },
  { value: "2", title: "집단 지도" },
  { value: "3", title: "비대면 상담" },
] as const;

/**
 * E14's ten competencies, fc1 … fc10 in the spec's header order (spec 002 §2 screen 14: leadership,
 * communication, social responsibility, communication and collaboration, clinical ability, critical
 * thinking and problem solving, use of scientific knowledge in clinical care, understanding and use
 * of scientific methods, patient care, knowledge application).
 */
export const JOURNAL_COMPETENCIES = [
  "리더십",
  "의사소통",
  "사회적 책무성",
  "소통과 협력",
  "임상능력",
  "비판적 사고 및 문제해결",
  "임상에서의 과학적 지식 활용",
  "과학적 방법의 이해와 활용",
  "환자 진료",
  "지식 적용",
] as const;
export const FC_COLUMNS: readonly ReportColumn[] = JOURNAL_COMPETENCIES.map((label, i) => ({ key: `fc${i + 1}`, label, format: "int", sortable: true }));
export const FC_KEYS = FC_COLUMNS.map((c) => c.key);

/** E19: `score` '4,5,3,…' as num1 … num27 (spec 002 §3 End-of-course survey result). */
export const SURVEY_QUESTIONS = 27;
export function splitScores(row: Record<string, unknown>): Record<string, unknown> {
  const parts = String(row.score ?? "").split(",");
  return { ...row, ...Object.fromEntries(Array.from({ length: SURVEY_QUESTIONS }, (_, i) => [`num${i + 1}`, parts[i] === undefined || parts[i] === "" ? null : Number(parts[i])])) };
}

/**
 * The five graduation competencies of E05's submission counts (spec 002 §2 screen 5:
 * professionalism, social responsibility, communication and cooperation, patient care, knowledge
 * application), also E12's and E23's five competencies (spec 002 §3: p1Score1..5, score{1-5}P{1-3},
 * which the spec does not name: we read them as the same five).
 */
export const GRADUATION_COMPETENCIES = ["전문직업성", "사회적 책무성", "의사소통과 협력", "환자 진료", "지식 적용"] as const;
/** The three periods of E12 and E23 (p1 … p3, P1 … P3; the spec names them by number only). */
export const PERIODS = ["1차", "2차", "3차"] as const;

/** E05's columns keys: the five counts cnt1 … cnt5. */
export const SUMMARY_COUNT_KEYS = GRADUATION_COMPETENCIES.map((_, i) => `cnt${i + 1}`);
/** E12's by-student score keys of a period (p1Score1 …) and E23's (score1P1 …). */
export const periodScoreKeys = (p: number) => GRADUATION_COMPETENCIES.map((_, c) => `p${p}Score${c + 1}`);
export const competencyScoreKeys = (p: number) => GRADUATION_COMPETENCIES.map((_, c) => `score${c + 1}P${p}`);
/** E12's period-outcome averages: avg1 … avg5. */
export const AVG_KEYS = GRADUATION_COMPETENCIES.map((_, c) => `avg${c + 1}`);

/** Columns of the five competencies with these keys, and the group over them. */
export const competencyColumns = (keys: readonly string[], format: ColumnFormat): ReportColumn[] => GRADUATION_COMPETENCIES.map((label, i) => ({ key: keys[i], label, format }));
export const periodGroups = (keysOf: (p: number) => readonly string[]): ColumnGroup[] => PERIODS.map((label, i) => ({ label, keys: keysOf(i + 1) }));

/** The breadcrumbs of the reports' menu groups (spec 002 §2: Home > Input > …). */
export const INPUT = ["홈", "입력"] as const;
export const MONITOR = [...INPUT, "교육평가 및 모니터링"] as const;

type Row = Record<string, unknown>;

/** A JSON field of a wire row: the value, or its JSON text parsed (a legacy server may send either); else null. */
export function jsonField(v: unknown): unknown {
  if (typeof v !== "string") return v ?? null;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}
/** A JSON field's list of objects (anything else: none). */
export const objectsOf = (v: unknown): Row[] => {
  const x = jsonField(v);
  return Array.isArray(x) ? (x.filter((o) => o && typeof o === "object") as Row[]) : [];
};
const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

// ---- R20 integrated-curriculum learning evaluation methods (spec 001 §3 "Curriculum evaluation row")

/** The evaluation methods as one text: '필기시험(지식) 60%, 실습평가(술기) 20%'. */
export function curriculumRow(row: Row): Row {
  const methods = objectsOf(row.evalType).map((m) => `${text(m.evalMethodName)}(${text(m.evalDomainName)}) ${text(m.importance)}%`);
  return { ...row, evalTypeText: methods.join(", ") };
}

// ---- E07 clinical practice course evaluation method (spec 002 §3 "Final report row")

/** The final evaluation types' names (spec 002 §4: 1 absolute (elective), 2 absolute (required), 3 relative); details.server.ts says them in words. */
export const FINAL_EVAL_NAMES: Readonly<Record<string, string>> = { "1": "절대평가(선택)", "2": "절대평가(필수)", "3": "상대평가" };

/** The table's own columns of a final-report row: its items counted, its final evaluation named, its pass score and total. */
export function finalReportRow(row: Row): Row {
  const final = (jsonField(row.finalEval) ?? {}) as Row;
  return {
    ...row,
    itemCnt: objectsOf(row.menuList).length + objectsOf(row.freeList).length,
    finalEvalName: FINAL_EVAL_NAMES[String(final.eval_type)] ?? "",
    passScore: final.pass_score ?? null,
    totalScore: final.totalScore ?? null,
  };
}
