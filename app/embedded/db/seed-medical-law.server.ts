/**
 * Demo health and medical law scores (E06): two or three exams a year, 2024–2026, each with about
 * thirty students of its target grades (from that year's student records) and realistic scores.
 * Deterministic; runs on every start and seeds only while the sets table is empty, after the
 * people records exist.
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db } from "./client.server";
import { medicalLawScores, medicalLawSets, students, users } from "./schema";
import { CODE, SEED_YEARS, codeId } from "./seed-data";
import { rng } from "./seed-people";

interface SeedLawSet {
  smst: string;
  /** grade numbers (1 … 6) */
  grades: readonly number[];
  /** subject number in group 0001400000 (1 … 5) */
  subject: number;
  totalScore: number;
}

/** The exams of each year (the years rotate through the same kinds of exams). */
const PLANS: readonly (readonly SeedLawSet[])[] = [
  [
    { smst: "1학기 1차", grades: [4], subject: 1, totalScore: 100 },
    { smst: "1학기 2차", grades: [3, 4], subject: 3, totalScore: 50 },
    { smst: "2학기 1차", grades: [5], subject: 2, totalScore: 100 },
  ],
  [
    { smst: "1학기 1차", grades: [3], subject: 4, totalScore: 100 },
    { smst: "2학기 1차", grades: [4, 5], subject: 1, totalScore: 60 },
  ],
  [
    { smst: "1학기 1차", grades: [4], subject: 1, totalScore: 100 },
    { smst: "1학기 2차", grades: [5], subject: 5, totalScore: 40 },
    { smst: "2학기 1차", grades: [3, 4], subject: 3, totalScore: 100 },
  ],
];

const STUDENTS_PER_SET = 30;

/** A score out of `total`: mostly between 60 % and 100 %, a few lower. */
function scoreOf(r: () => number, total: number): number {
  const share = r() < 0.08 ? 0.35 + r() * 0.25 : 0.6 + r() * 0.4;
  return Math.min(total, Math.max(0, Math.round(total * share)));
}

export async function seedMedicalLawIfEmpty(db: Db): Promise<{ sets: number; scores: number }> {
  return db.transaction(async (tx) => {
    const done = { sets: 0, scores: 0 };
    const [existing] = await tx.select({ n: count() }).from(medicalLawSets);
    if (Number(existing?.n ?? 0) > 0) return done;
    const [admin] = await tx.select({ userSeq: users.userSeq }).from(users).where(eq(users.userId, "admin")).limit(1);
    for (const [yi, year] of SEED_YEARS.entries()) {
      const plan = PLANS[yi % PLANS.length];
      for (const [si, set] of plan.entries()) {
        const r = rng(year * 131 + si * 17 + 5);
        const grades = set.grades.map((g) => codeId(CODE.grades, g));
        const pool = await tx
          .select({ usSeq: students.usSeq })
          .from(students)
          .where(and(eq(students.year, year), eq(students.del, "N"), inArray(students.grdeCd, grades)))
          .orderBy(asc(students.id));
        if (pool.length === 0) continue;
        // every k-th student from a rotating start: about thirty, spread over the grades
        const step = Math.max(1, Math.floor(pool.length / STUDENTS_PER_SET));
        const start = Math.floor(r() * step);
        const chosen = pool.filter((_, i) => i >= start && (i - start) % step === 0).slice(0, STUDENTS_PER_SET);
        const [row] = await tx
          .insert(medicalLawSets)
          .values({
            year,
            smst: set.smst,
            tgetSt: grades.join(","),
            subj: codeId(CODE.medicalLawSubjects, set.subject),
            totalScore: set.totalScore,
            regId: admin?.userSeq ?? null,
          })
          .returning({ hlSeq: medicalLawSets.hlSeq });
        await tx.insert(medicalLawScores).values(chosen.map((s) => ({ hlSeq: row.hlSeq, usSeq: s.usSeq, score: scoreOf(r, set.totalScore) })));
        done.sets += 1;
        done.scores += chosen.length;
      }
    }
    return done;
  });
}
