/**
 * Demo data of E18 exam question analysis (2024–2026) and R06 education achievement scores
 * (2010–2026). Deterministic (a fixed pseudo-random sequence), realistic, and written only when
 * the table is empty; runs on every start (seed.server.ts).
 */
import { count } from "drizzle-orm";
import type { Db, Tx } from "./client.server";
import { achievementScores, examAnalyses } from "./schema";
import { rng } from "./seed-people";

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

export const EXAM_ANALYSIS_SEED_YEARS = [2024, 2025, 2026] as const;

/** Integrated courses of the pre-clinical years with their number of weekend exams. */
const COURSES: readonly [name: string, weekends: number][] = [
  ["인체의 구조와 기능", 3],
  ["심혈관계", 2],
  ["호흡기계", 2],
  ["소화기계", 3],
  ["신장비뇨기계", 2],
  ["내분비계", 2],
  ["근골격계", 2],
  ["신경계", 3],
  ["생식기계", 1],
  ["혈액종양학", 2],
  ["감염과 면역", 2],
  ["정신건강의학", 1],
];

type AnalysisInsert = typeof examAnalyses.$inferInsert;

export function generateExamAnalyses(now: Date = new Date()): AnalysisInsert[] {
  const next = rng(20240301);
  const rows: AnalysisInsert[] = [];
  for (const year of EXAM_ANALYSIS_SEED_YEARS) {
    let week = 0;
    COURSES.forEach(([currNm, weekends], c) => {
      for (let i = 0; i <= weekends; i++) {
        const end = i === weekends;
        week += end ? 0 : 1;
        const qestCnt = end ? 60 + Math.floor(next() * 5) * 5 : 20 + Math.floor(next() * 5) * 5;
        const mean = round(62 + next() * 22, 1);
        const sd = round(6 + next() * 8, 1);
        const minScore = Math.max(0, Math.round(mean - sd * (2.2 + next())));
        const maxScore = Math.min(100, Math.round(mean + sd * (1.5 + next())));
        const grdSe = mean >= 80 ? "B" : mean < 66 ? "C" : "A";
        const withDscp = next() > 0.12;
        const regDt = new Date(Date.UTC(year, 2, 2 + week * 7 + (end ? 3 : 0), 1 + (c % 8), 10));
        rows.push({
          year,
          currNm,
          eqaSe: end ? "2" : "1",
          period: end ? "과정 종료" : `${i + 1}주차`,
          qestCnt,
          totalScore: 100,
          avgStdevSt: String(mean),
          avgStdevEn: String(sd),
          minScore,
          maxScore,
          grdSt: String([0.3, 0.35, 0.4][Math.floor(next() * 3)]),
          grdEn: String([0.75, 0.8, 0.85][Math.floor(next() * 3)]),
          grdSe,
          dscpSt: withDscp ? String([0.2, 0.25, 0.3][Math.floor(next() * 3)]) : null,
          dscpEn: withDscp ? String([0.4, 0.45, 0.5][Math.floor(next() * 3)]) : null,
          dscpSe: withDscp ? (sd >= 9 ? "A" : "B") : null,
          qestRate: String(round(48 + next() * 42, 2)),
          regDt: regDt > now ? now : regDt,
          uptDt: regDt > now ? now : regDt,
        });
      }
    });
  }
  return rows;
}

export const ACHIEVEMENT_SEED_FIRST_YEAR = 2010;
export const ACHIEVEMENT_SEED_LAST_YEAR = 2026;

/** 기초 and 임상 education achievement scores by year: a slow rise with some spread. */
export function generateAchievementScores(): (typeof achievementScores.$inferInsert)[] {
  const next = rng(2010);
  const rows: (typeof achievementScores.$inferInsert)[] = [];
  for (let year = ACHIEVEMENT_SEED_FIRST_YEAR; year <= ACHIEVEMENT_SEED_LAST_YEAR; year++) {
    const t = year - ACHIEVEMENT_SEED_FIRST_YEAR;
    rows.push({ year, dept: "기초", score: Math.round(61 + t * 1.4 + (next() - 0.5) * 6) });
    rows.push({ year, dept: "임상", score: Math.round(55 + t * 1.8 + (next() - 0.5) * 8) });
  }
  return rows;
}

async function isEmpty(db: Db | Tx, table: typeof examAnalyses | typeof achievementScores): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0) === 0;
}

/** Answers how many rows it wrote (zeros when the tables had data already). */
export async function seedAnalysisAchievementIfEmpty(db: Db): Promise<{ analyses: number; achievements: number }> {
  const done = { analyses: 0, achievements: 0 };
  await db.transaction(async (tx) => {
    if (await isEmpty(tx, examAnalyses)) {
      const rows = generateExamAnalyses();
      await tx.insert(examAnalyses).values(rows);
      done.analyses = rows.length;
    }
    if (await isEmpty(tx, achievementScores)) {
      const rows = generateAchievementScores();
      await tx.insert(achievementScores).values(rows);
      done.achievements = rows.length;
    }
  });
  return done;
}
