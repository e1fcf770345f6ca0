/**
 * Demo committees (R08/R09): a dozen committees of the college, founded between 1990 and the last
 * seed year, most operating; each with one to three yearly terms (기수: 'yyyy-03-01 00:00:00' to
 * 'yyyy+1-02-28 23:59:59', spec 001 §9's picker times) and three to seven members each, the
 * professors of that term's year (the seeded people). Deterministic (a fixed random sequence), and
 * only when the table is empty; needs the people records (seedPeopleIfEmpty) first.
 */
import { and, asc, count, eq } from "drizzle-orm";
import type { Db, Tx } from "./client.server";
import { committeeMembers, committeeTerms, committees, professors } from "./schema";
import { SEED_YEARS } from "./seed-data";
import { rng } from "./seed-people";

const COMMITTEES: readonly [name: string, founded: number, operating: "Y" | "N"][] = [
  ["교육평가위원회", 1990, "Y"],
  ["교육과정위원회", 1995, "Y"],
  ["학생지도위원회", 1998, "Y"],
  ["임상실습위원회", 2002, "Y"],
  ["연구윤리위원회", 2005, "Y"],
  ["입학전형위원회", 2008, "Y"],
  ["장학위원회", 2010, "Y"],
  ["인사위원회", 2012, "Y"],
  ["의학교육인증위원회", 2015, "Y"],
  ["학생상담위원회", 2018, "N"],
  ["국제교류위원회", 2020, "Y"],
  ["졸업성과평가위원회", 2023, "N"],
];

async function seedCommittee(tx: Tx, name: string, founded: number, oprStt: "Y" | "N", next: () => number): Promise<void> {
  const [made] = await tx.insert(committees).values({ year: founded, cmtNm: name, oprStt }).returning({ cmtSeq: committees.cmtSeq });
  const years = SEED_YEARS.filter((y) => y >= founded).slice(-1 - Math.floor(next() * 3));
  for (const [i, year] of [...years].sort((a, b) => a - b).entries()) {
    const [term] = await tx
      .insert(committeeTerms)
      .values({ cmtSeq: made.cmtSeq, ctNm: `${i + 1}기`, operStdt: `${year}-03-01 00:00:00`, operEndt: `${year + 1}-02-28 23:59:59` })
      .returning({ ctSeq: committeeTerms.ctSeq });
    const pool = await tx
      .select({ usSeq: professors.usSeq })
      .from(professors)
      .where(and(eq(professors.year, year), eq(professors.del, "N")))
      .orderBy(asc(professors.id));
    const n = Math.min(pool.length, 3 + Math.floor(next() * 5));
    const members = Array.from({ length: n }, () => pool.splice(Math.floor(next() * pool.length), 1)[0]);
    if (members.length) await tx.insert(committeeMembers).values(members.map((m) => ({ ctSeq: term.ctSeq, usSeq: m.usSeq, actvtYn: next() < 0.85 ? "Y" : "N" })));
  }
}

/** Answers how many committees it seeded (0 when the table had some). */
export async function seedCommitteesIfEmpty(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(committees);
    if (Number(row?.n ?? 0) > 0) return 0;
    const next = rng(1990);
    for (const [name, founded, opr] of COMMITTEES) await seedCommittee(tx, name, founded, opr, next);
    return COMMITTEES.length;
  });
}
