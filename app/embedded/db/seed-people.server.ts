/**
 * Seeds the people records (seed-people.ts) and the high-school directory (files/high-schools.json).
 * Run on every start, each part only when its table is empty, so that databases seeded before
 * these tables existed get them too. Batched inserts in one transaction (about 2,600 rows).
 */
import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import type { Db, Tx } from "./client.server";
import { evalColumns, highSchools, persons, professors, students } from "./schema";
import { SEED_YEARS } from "./seed-data";
import { SEED_EVAL_COLUMNS, generateProfessors, generateStudents, type SchoolDirectory } from "./seed-people";
import { embeddedFilesFolder } from "./seed.server";

const BATCH = 500;

/** Inserts `rows` in batches (PostgreSQL allows 65,535 parameters a statement). */
export async function insertBatched<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>, size = BATCH): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** The shipped directory of high schools by education office. */
export function loadSchoolDirectory(): SchoolDirectory {
  const file = path.join(embeddedFilesFolder(), "high-schools.json");
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as { schools?: Record<string, string[]> };
  if (!parsed.schools || typeof parsed.schools !== "object") throw new Error(`${file}: no "schools" object`);
  return parsed.schools;
}

async function isEmpty(db: Db | Tx, table: typeof persons | typeof highSchools | typeof evalColumns): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0) === 0;
}

/**
 * Answers what it seeded: counts of rows per table (zeros when already seeded). `records: false`
 * (no demo data, ADR 0024) seeds the school directory and evaluation columns only.
 */
export async function seedPeopleIfEmpty(db: Db, opts: { records: boolean } = { records: true }): Promise<{ schools: number; students: number; professors: number; evalColumns: number }> {
  const directory = loadSchoolDirectory();
  return db.transaction(async (tx) => {
    const done = { schools: 0, students: 0, professors: 0, evalColumns: 0 };

    if (await isEmpty(tx, highSchools)) {
      const rows = Object.entries(directory).flatMap(([eduOffice, names]) => names.map((schoolName) => ({ eduOffice, schoolName })));
      await insertBatched(rows, (b) => tx.insert(highSchools).values(b).onConflictDoNothing());
      done.schools = rows.length;
    }

    if (await isEmpty(tx, evalColumns)) {
      const rows = SEED_EVAL_COLUMNS.flatMap((c) =>
        SEED_YEARS.flatMap((year) => c.columns.map(([clm, clmNm], i) => ({ eiSeq: c.eiSeq, menuSeq: c.menuSeq, year, clm, clmNm, sort: i + 1 }))),
      );
      await insertBatched(rows, (b) => tx.insert(evalColumns).values(b).onConflictDoNothing());
      done.evalColumns = rows.length;
    }

    if (opts.records && (await isEmpty(tx, persons))) {
      const studentRows = generateStudents(directory);
      const professorRows = generateProfessors();
      const ids = (rows: { id: string }[]) => [...new Set(rows.map((r) => r.id))];
      const personRows = [
        ...ids(studentRows).map((id) => ({ usTy: "1", id })),
        ...ids(professorRows).map((id) => ({ usTy: "2", id })),
      ];
      const seqs = new Map<string, number>();
      await insertBatched(personRows, async (b) => {
        const inserted = await tx.insert(persons).values(b).returning({ usSeq: persons.usSeq, usTy: persons.usTy, id: persons.id });
        for (const p of inserted) seqs.set(`${p.usTy}:${p.id}`, p.usSeq);
      });
      await insertBatched(
        studentRows.map((s) => ({ ...s, usSeq: seqs.get(`1:${s.id}`)! })),
        (b) => tx.insert(students).values(b),
      );
      await insertBatched(
        professorRows.map((p) => ({ ...p, usSeq: seqs.get(`2:${p.id}`)! })),
        (b) => tx.insert(professors).values(b),
      );
      done.students = studentRows.length;
      done.professors = professorRows.length;
    }
    return done;
  });
}
