/**
 * Demo patient safety course scores (E04): for each seeded year, about 40 enrolled third-year
 * students of that year (table students) with realistic scores (quiz, survey, report and group
 * evaluations near their maximums, an occasional attendance or participation deduction), the total
 * computed as the server does and the grade from it. Deterministic; runs on every start, only
 * when the table is empty; needs the people records (seedPeopleIfEmpty) first.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { PSS_ITEM_KEYS, hundredths, scoreText, totalText, type PssItemKey } from "../../routes/_app.insert.eval.patient-safety+/__schema";
import type { Db } from "./client.server";
import { patientSafetyScores, students } from "./schema";
import { CODE, SEED_YEARS, codeId } from "./seed-data";
import { rng } from "./seed-people";

const PER_YEAR = 40;
const ENROLLED = "0000600001";

/** A score between min and max in steps of `step`. */
function stepped(r: () => number, min: number, max: number, step: number): string {
  const steps = Math.round((max - min) / step);
  return scoreText(Math.round((min + Math.floor(r() * (steps + 1)) * step) * 100));
}

function gradeOf(total: string): string {
  const h = hundredths(total) ?? 0;
  if (h >= 9000) return "H";
  if (h >= 8000) return "HP";
  if (h >= 6500) return "PS";
  return "NP";
}

/** The scores of one student (deterministic for the year and position). */
export function demoScores(year: number, n: number): Record<PssItemKey, string> & { total: string; grd: string } {
  const r = rng(year * 4099 + n * 131);
  const strong = r();
  // stronger students score from higher up the range (the start kept on the step)
  const band = (min: number, max: number, step: number) => stepped(r, Math.ceil((min + (max - min) * 0.4 * strong) / step) * step, max, step);
  const scores: Record<PssItemKey, string> = {
    attn: r() < 0.15 ? stepped(r, -3, -1, 1) : "0",
    quiz: band(14, 30, 0.5),
    rcgnSrvy: band(12, 25, 1),
    ptntSftyRprt: band(15, 30, 0.25),
    group1: band(3, 7.5, 0.5),
    group2: band(3, 7.5, 0.5),
    prtcDgr: r() < 0.1 ? "-0.5" : "0",
  };
  for (const k of PSS_ITEM_KEYS) scores[k] = scores[k].replace(/\.00$/, "");
  const total = totalText(scores);
  return { ...scores, total, grd: gradeOf(total) };
}

/** Answers how many score records it created (0 when there were some already). */
export async function seedPatientSafetyIfEmpty(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(patientSafetyScores);
  if (Number(n) > 0) return 0;
  const third = codeId(CODE.grades, 3);
  return db.transaction(async (tx) => {
    const [{ n: again }] = await tx.select({ n: count() }).from(patientSafetyScores);
    if (Number(again) > 0) return 0;
    const now = Date.now();
    const rows: (typeof patientSafetyScores.$inferInsert)[] = [];
    for (const year of SEED_YEARS) {
      const list = await tx
        .select({ usSeq: students.usSeq })
        .from(students)
        .where(and(eq(students.year, year), eq(students.del, "N"), eq(students.grdeCd, third), eq(students.attnCd, ENROLLED)))
        .orderBy(asc(students.id))
        .limit(PER_YEAR);
      list.forEach((s, i) => {
        const sc = demoScores(year, i);
        // entered after the course ends in July (09:00-17:00 Seoul time), never in the future
        const regDt = new Date(Math.min(Date.UTC(year, 6, 8 + (i % 12), (i % 9) + 0, (i * 7) % 60), now - (PER_YEAR - i) * 60_000));
        rows.push({ year, usSeq: s.usSeq, ...sc, regDt, uptDt: regDt });
      });
    }
    if (rows.length) await tx.insert(patientSafetyScores).values(rows).onConflictDoNothing();
    return rows.length;
  });
}
