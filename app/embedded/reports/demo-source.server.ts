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
import { professors, students } from "../db/schema";
import { CODE, codeId } from "../db/seed-data";
import type { CatalogReport, SourceName } from "./catalog.server";
import type { PullContext, SyncSource } from "./sources.server";
import { BATCH, type Generator, type YearStudent } from "./demo-world.server";
import { comprehensiveRows, doctorScientist, endSurvey, examRows, grcm, osceCpx, peerEval, tmbs } from "./demo-scores.server";
import { completion, counseling, grcmSelfEval, grdtSelfEval, interview, nationalExam, pfGuidance, reflectionJournal, reflectionSummary } from "./demo-records.server";
import { currEval, finalReport, operSatisfaction, operSurvey } from "./demo-details.server";

export type { DemoWorld, YearStudent } from "./demo-world.server";

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
  // issue 13: the detail-dialog reports (demo-details.server.ts)
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
