/**
 * Demo seminars (R07): for every seed year about eight seminars of that year's categories (code
 * group 0001800000), each with three to eight of that year's professors as participants, on or off
 * campus; about half have a schedule file (a small valid PDF, a stored file). Deterministic (a
 * fixed random sequence per year), and only when the table is empty; needs the people records
 * (seedPeopleIfEmpty) and the codes (seedIfEmpty) first.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { SEMINAR_CODE } from "../../routes/_app.insert.professor.seminar+/__schema";
import { listCodes } from "../handlers/code.server";
import { dbStorage } from "../lib/storage.server";
import type { Db, Tx } from "./client.server";
import { professors, seminarUsers, seminars } from "./schema";
import { tinyPdf } from "./seed-activities.server";
import { SEED_YEARS } from "./seed-data";
import { rng } from "./seed-people";
import { namedFile } from "../lib/attachment.server";

const PER_YEAR = 8;
const ON_CAMPUS = ["의과대학 본관 3층 세미나실", "임상교육센터 대강당", "의학도서관 세미나실", "기초의학관 1층 강의실"];
const OFF_CAMPUS = ["서울 코엑스 컨퍼런스룸", "부산 벡스코 제2전시장", "대전 컨벤션센터", "제주 국제컨벤션센터"];

const pad = (n: number) => String(n).padStart(2, "0");

async function seedYear(tx: Tx, year: number): Promise<number> {
  const codes = await listCodes(tx, SEMINAR_CODE, year);
  const pool = await tx
    .select({ usSeq: professors.usSeq })
    .from(professors)
    .where(and(eq(professors.year, year), eq(professors.del, "N")))
    .orderBy(asc(professors.id));
  if (!codes.length || pool.length < 3) return 0;
  const next = rng(year * 173 + 7);
  const storage = dbStorage(tx);
  for (let i = 0; i < PER_YEAR; i++) {
    const month = 1 + Math.floor(next() * 11);
    const day = 1 + Math.floor(next() * 25);
    const days = Math.floor(next() * 3);
    const campus = next() < 0.6;
    const places = campus ? ON_CAMPUS : OFF_CAMPUS;
    const code = codes[Math.floor(next() * codes.length)];
    const withFile = next() < 0.5;
    const orn = `${code.text}_일정표_${year}${pad(month)}${pad(day)}.pdf`;
    const put = withFile ? await storage.put(tinyPdf(`seminar ${year}-${pad(month)}-${pad(day)} schedule`), { orn, mime: "application/pdf", rovl: `seminar/${year}/${pad(month)}` }) : null;
    const [made] = await tx
      .insert(seminars)
      .values({
        year,
        smSe: code.id,
        smStde: `${year}-${pad(month)}-${pad(day)}`,
        smEnde: `${year}-${pad(month)}-${pad(day + days)}`,
        placeCd: campus ? "1" : "2",
        place: places[Math.floor(next() * places.length)],
        ...(put ? namedFile(put, orn) : {}),
      })
      .returning({ smSeq: seminars.smSeq });
    const left = [...pool];
    const n = 3 + Math.floor(next() * 6);
    const users = Array.from({ length: Math.min(n, left.length) }, () => left.splice(Math.floor(next() * left.length), 1)[0]);
    await tx.insert(seminarUsers).values(users.map((u, sort) => ({ smSeq: made.smSeq, usSeq: u.usSeq, sort })));
  }
  return PER_YEAR;
}

/** Answers how many seminars it seeded (0 when the table had some). */
export async function seedSeminarsIfEmpty(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(seminars);
    if (Number(row?.n ?? 0) > 0) return 0;
    let seeded = 0;
    for (const year of SEED_YEARS) seeded += await seedYear(tx, year);
    return seeded;
  });
}
