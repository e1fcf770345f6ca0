/**
 * Demo space status (E17) for last year and this year, and demo PBL tutor evaluations (E16) for the
 * first six students (in the student list's order) of those years: only when the tables are empty; needs the codes and the people
 * records (seedPeopleIfEmpty) first. Each tab goes through its save rules (storeTab), as a save would.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { DEFAULT_EQUIPMENT } from "../../routes/_app.insert.resource.space+/__schema";
import { spaceData, storeTab } from "../handlers/space.server";
import { seoulYear } from "../lib/time";
import type { Db } from "./client.server";
import { spaceStatus, students, tutorEvals } from "./schema";
import { rng } from "./seed-people";

const yn = (b: boolean) => (b ? "Y" : "N");

async function seedSpaceYear(db: Db, year: number, k: number): Promise<void> {
  const d = await spaceData(db, year);
  await storeTab(db, "fcl", {
    year,
    fclInfo: { totalClsRoom: 12 + k, totalLab: 8 + k, osceCenterYn: "1", osceCenterLoc: "1", osceLabCnt: 10, osceSmltCnt: 4, osceClsRoom: 2, stspYn: "Y", stfclYn: "Y" },
    fclEqpList: DEFAULT_EQUIPMENT.map((_, i) => ({ eqpYn: yn(i % 4 !== 3), eqpCnt: i % 4 !== 3 ? 2 + ((i + k) % 5) : null })),
    stspList: [{ stspLoc: "본관 3층 301호", stspPn: 30 }, { stspLoc: "별관 2층 205호", stspPn: 20 + k }],
    stfclList: [{ stfclLoc: "임상술기센터 1층", stfclNm: "임상술기 실습실" }],
  });
  await storeTab(db, "lbrr", {
    year,
    mdclLbrrInfo: { lbrrYn: "Y", bldYn: "Y", bdgAmt: 320 + k * 10, bdgExcAmt: 300 + k * 10, proPerCnt: 4, proPerYn: "Y" },
    lbrrList: [{ lbrrNm: "의학도서관 본관", lbrrLoc: "의학관 B동", seatNum: 420, stH: 9, stM: 0, enH: 22, enM: 0, lbrrnCnt: 4, etcCnt: 3 }],
  });
  await storeTab(db, "sgroup", {
    year,
    list: [
      { srSe: "PBL실", roomCnt: 12, roomStspPn: 10 },
      { srSe: "세미나실", roomCnt: 4 + k, roomStspPn: 20 },
    ],
  });
  await storeTab(db, "dorm", { year, dormInfo: { hsngSrvyYn: "Y", drmtType: "2", stCntM: 120 + k * 5, stCntW: 98 + k * 4, stsfSrvyYn: "Y", cost1: 900, cost2: 650, cost3: 0, cost4: 420 } });
  await storeTab(db, "selfs", {
    year,
    ssYn: "Y",
    list: [
      { ssNm: "열람실", ssCnt: 2, stspPn: 180 },
      { ssNm: "스터디룸", ssCnt: 8 + k, stspPn: 6 },
    ],
  });
  await storeTab(db, "wlcnv", {
    year,
    list: [
      { swlSe: "1", swfNm: "학생 휴게실", cnt: 3 },
      { swlSe: "1", swfNm: "체력단련실", cnt: 1 },
      { swlSe: "2", swfNm: "편의점", cnt: 1 },
      { swlSe: "2", swfNm: "샤워실", cnt: 2 },
    ],
  });
  await storeTab(db, "edu", {
    year,
    eduInfo: { ddcPrsYn: "Y" },
    mngrList: d.mngrList.map((s, i) => ({ sysYn: "Y", remark: i === 0 ? "전 학년 사용" : "", grdList: s.grdList.map((g) => ({ ...g, useYn: "Y" })) })),
    evalList: d.evalList.map((s, i) => ({ sysYn: yn(i === 0), remark: "", maxUser: i === 0 ? 180 : null, grdList: s.grdList.map((g, j) => ({ ...g, useYn: yn(i === 0 && j < 4) })) })),
  });
  await storeTab(db, "lab", { year, labInfo: { labYn: "Y", labCnt: 3 }, list: d.labGrdList.map((g, j) => ({ ...g, useYn: yn(j >= 2 && j < 4), usePrf: j >= 2 && j < 4 ? "의과학자 기초과정 연구" : "" })) });
  await storeTab(db, "mngr", { year, list: [{ content: "공간 현황 총괄", name: "김시설", dpt: "시설관리팀", pstn: "팀장", telNo: "02-1234-5678", email: "facility@example.ac.kr" }] });
}

const MODULES = ["PBL 1 (순환)", "PBL 2 (호흡)", "PBL 3 (소화)"] as const;
const GRADES = ["A+", "A", "B+", "B", "C+"] as const;

/** Answers whether it seeded (nothing when either table had rows). */
export async function seedSpaceIfEmpty(db: Db): Promise<boolean> {
  const [s] = await db.select({ n: count() }).from(spaceStatus);
  const [t] = await db.select({ n: count() }).from(tutorEvals);
  if (Number(s?.n ?? 0) > 0 || Number(t?.n ?? 0) > 0) return false;
  const now = seoulYear();
  for (const [k, year] of [now - 1, now].entries()) await seedSpaceYear(db, year, k);
  const next = rng(1616);
  const score = (max: number) => (Math.round(next() * max * 100) / 100).toFixed(2);
  for (const year of [now - 1, now]) {
    const first = await db
      .select({ usSeq: students.usSeq })
      .from(students)
      .where(and(eq(students.year, year), eq(students.del, "N")))
      // the first of the student list's order (grade, then number), so a search shows them first
      .orderBy(sql`${students.grdeCd} asc nulls last`, asc(students.id))
      .limit(6);
    for (const st of first) {
      for (const module of MODULES) {
        const parts = { pbl: score(30), map: score(10), conf: score(10), peer1: score(5), scm: score(10), snap: score(5), quizInd: score(10), quizTeam: score(5), peer2: score(5), dis: score(5), con: score(5) };
        const late = Math.floor(next() * 3);
        const absent = Math.floor(next() * 2);
        const penalty = (late * 0.5 + absent).toFixed(2);
        const total = Math.max(0, Object.values(parts).reduce((a, v) => a + Number(v), 0) - Number(penalty)).toFixed(2);
        await db.insert(tutorEvals).values({ usSeq: st.usSeq, year, module, ...parts, late, absent, penalty, total, grade: GRADES[Math.floor(next() * GRADES.length)] });
      }
    }
  }
  return true;
}
