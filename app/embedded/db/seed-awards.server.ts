/**
 * Demo research participation and awards (R17): for every seed year three awards and three
 * participation programs, each with two to four of that year's enrolled students and their
 * research subject or award detail; about half have a small PDF attachment (stored files).
 * Deterministic (a fixed random sequence per year), and only when the table is empty; needs the
 * people records (seedPeopleIfEmpty) and the codes of group 0001300000 (seedIfEmpty) first.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { AWARD_CODE, PARTICIPATION_CODE } from "../../routes/_app.insert.student.awards+/__schema";
import { dbStorage } from "../lib/storage.server";
import type { Db, Tx } from "./client.server";
import { awardPrograms, awardUsers, students } from "./schema";
import { tinyPdf } from "./seed-activities.server";
import { SEED_YEARS } from "./seed-data";
import { rng } from "./seed-people";
import { namedFile } from "../lib/attachment.server";

const AWARDS = [
  { prgmNm: "학생 연구 경진대회", prizes: ["대상", "최우수상", "우수상", "장려상"] },
  { prgmNm: "의학교육 학술대회 포스터 발표", prizes: ["최우수 포스터상", "우수 포스터상", "우수 포스터상", "장려상"] },
  { prgmNm: "임상술기 경연대회", prizes: ["금상", "은상", "동상", "동상"] },
];
const PARTICIPATIONS = [
  { prgmNm: "기초의학 연구 참여 프로그램", placeCd: "1", place: "기초의학관 연구실", prgmDate: "매주 수요일 14:00-17:00", subjects: ["세포 신호전달 연구", "신경생리 실험 보조", "약물 대사 분석", "면역 반응 관찰"] },
  { prgmNm: "하계 해외 연구 연수", placeCd: "2", place: "협력 대학 연구소", prgmDate: "방학 중 4주, 평일 09:00-18:00", subjects: ["유전체 자료 분석", "역학 조사 설계", "임상시험 자료 정리", "단백질 구조 분석"] },
  { prgmNm: "지역사회 보건 연구 참여", placeCd: "2", place: "시립 보건소", prgmDate: "격주 토요일 10:00-15:00", subjects: ["만성질환 관리 실태 조사", "건강 행태 설문 분석", "예방접종률 조사", "노인 건강 면담"] },
];

const pad = (n: number) => String(n).padStart(2, "0");

async function seedYear(tx: Tx, year: number): Promise<number> {
  const pool = await tx
    .select({ usSeq: students.usSeq, id: students.id })
    .from(students)
    .where(and(eq(students.year, year), eq(students.del, "N")))
    .orderBy(asc(students.id));
  if (pool.length < 4) return 0;
  const next = rng(year * 173 + 41);
  const storage = dbStorage(tx);
  let seeded = 0;
  const programs = [...AWARDS.map((a) => ({ award: true as const, a })), ...PARTICIPATIONS.map((p) => ({ award: false as const, p }))];
  for (const [n, prog] of programs.entries()) {
    const month = 3 + Math.floor(next() * 8);
    const day = 1 + Math.floor(next() * 20);
    const start = `${year}-${pad(month)}-${pad(day)}`;
    const values = prog.award
      ? { paSeCd: AWARD_CODE, prgmNm: prog.a.prgmNm, awardDate: start }
      : { paSeCd: PARTICIPATION_CODE, prgmNm: prog.p.prgmNm, prgmStde: start, prgmEnde: `${year}-${pad(month + 1)}-${pad(day + 5)}`, placeCd: prog.p.placeCd, place: prog.p.place, prgmDate: prog.p.prgmDate };
    let file = {};
    // about half the programs have a certificate or report
    if (next() < 0.5) {
      const orn = prog.award ? `수상확인서_${year}_${n + 1}.pdf` : `참여보고서_${year}_${n + 1}.pdf`;
      const put = await storage.put(tinyPdf(`awards ${year} ${n + 1}`), { orn, mime: "application/pdf", rovl: `awards/${year}/${pad(month)}` });
      file = namedFile(put, orn);
    }
    const [saved] = await tx.insert(awardPrograms).values({ ...values, ...file, year }).returning({ paSeq: awardPrograms.paSeq });
    const picked = [...pool];
    const size = 2 + Math.floor(next() * 3);
    const users = Array.from({ length: size }, () => picked.splice(Math.floor(next() * picked.length), 1)[0]);
    await tx.insert(awardUsers).values(
      users.map((u, i) => ({ paSeq: saved.paSeq, usSeq: u.usSeq, sort: i, rsrchSbj: prog.award ? prog.a.prizes[i] : prog.p.subjects[i] })),
    );
    seeded += 1;
  }
  return seeded;
}

/** Answers how many programs it seeded (0 when the table had some). */
export async function seedAwardsIfEmpty(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(awardPrograms);
    if (Number(row?.n ?? 0) > 0) return 0;
    let seeded = 0;
    for (const year of SEED_YEARS) seeded += await seedYear(tx, year);
    return seeded;
  });
}
