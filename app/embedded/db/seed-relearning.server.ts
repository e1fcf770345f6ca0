/**
 * Demo re-learners (E01): about fifteen students a year in 2024–2026, chosen from that year's
 * enrolled first- to third-year students (the basic-medicine subjects of code group 0001500000 are
 * taught then), each with one to three subjects to re-learn. Deterministic (a fixed random
 * sequence per year), and only when the table is empty; needs the people records
 * (seedPeopleIfEmpty) and the common codes first.
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { listCodes } from "../handlers/code.server";
import type { Db } from "./client.server";
import { relearnerSubjects, relearners, students } from "./schema";
import { CODE, SEED_YEARS, codeId } from "./seed-data";
import { rng } from "./seed-people";

const PER_YEAR = 15;

/** Answers how many re-learners it seeded (0 when the table had some). */
export async function seedRelearningIfEmpty(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(relearners);
    if (Number(row?.n ?? 0) > 0) return 0;
    let seeded = 0;
    for (const year of SEED_YEARS) {
      const subjects = await listCodes(tx, CODE.relearnSubjects, year);
      if (!subjects.length) continue;
      const pool = await tx
        .select({ usSeq: students.usSeq })
        .from(students)
        .where(
          and(
            eq(students.year, year),
            eq(students.del, "N"),
            inArray(students.attnCd, [codeId(CODE.enrolment, 1), codeId(CODE.enrolment, 3)]),
            inArray(students.grdeCd, [1, 2, 3].map((g) => codeId(CODE.grades, g))),
          ),
        )
        .orderBy(asc(students.id));
      const next = rng(year * 31 + 7);
      const chosen: number[] = [];
      const left = [...pool];
      while (chosen.length < PER_YEAR && left.length) chosen.push(left.splice(Math.floor(next() * left.length), 1)[0].usSeq);
      for (const usSeq of chosen) {
        const [saved] = await tx.insert(relearners).values({ year, usSeq }).returning({ rlSeq: relearners.rlSeq });
        // one subject in most cases, sometimes two or three
        const roll = next();
        const howMany = roll < 0.6 ? 1 : roll < 0.9 ? 2 : 3;
        const flagged = new Set<number>();
        while (flagged.size < howMany) flagged.add(Math.floor(next() * subjects.length));
        await tx.insert(relearnerSubjects).values(subjects.map((s, i) => ({ rlSeq: saved.rlSeq, subjCd: s.id, reYn: flagged.has(i) ? "Y" : "N" })));
        seeded += 1;
      }
    }
    return seeded;
  });
}
