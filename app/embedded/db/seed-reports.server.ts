/**
 * Demo data of the synced reports (issue 12): on an empty database the latest quarterly slot is
 * run as the schedule would have run it (its clock set to the slot, 00:00 Asia/Seoul on the 1st of
 * March, June, September or December), so every report starts with its rows and one scheduled
 * history entry, the staleness line reads the slot's date, and nothing counts as missed. Also the
 * evaluation columns of the report menus (evaluation indicator 1). Needs the people records first
 * (the rows are tied to the seeded students).
 */
import { count } from "drizzle-orm";
import type { Db } from "./client.server";
import { evalColumns, reportScheduleRuns, reportSyncs } from "./schema";
import { SEED_YEARS } from "./seed-data";
import { insertBatched } from "./seed-people.server";
import { lastSlot, runDueSlot } from "../reports/schedule.server";
import type { SyncSources } from "../reports/sources.server";

/** Evaluation columns of the report menus: [menuSeq, [[clm, clmNm] …]] (keys of the wire rows). */
export const REPORT_EVAL_COLUMNS: readonly (readonly [number, readonly (readonly [string, string])[]])[] = [
  [41, [["fcCode", "코드"], ["fcName", "역량"], ["fcGoal", "졸업목표"]]],
  [32, [["year", "년도"], ["grade", "학년"], ["currName", "과정명"], ["id", "학번"], ["name", "이름"], ["score", "점수"]]],
  [42, [["tfCode", "코드"], ["tfName", "단계별 성취"], ["fcName", "졸업역량"], ["phaseCode", "관련 단계"]]],
  [33, [["year", "년도"], ["grade", "학년"], ["currName", "과정명"], ["id", "학번"], ["name", "이름"], ["score", "점수"], ["maxScore", "만점"]]],
  [51, [["year", "년도"], ["id", "학번"], ["name", "이름"], ["ceNum", "회차"], ["cesName", "영역"], ["score", "점수"], ["cvtScore", "환산점수"]]],
  [52, [["year", "년도"], ["id", "학번"], ["name", "이름"], ["cesName", "영역"], ["cvtScore", "환산점수"], ["ranks", "석차"]]],
  [54, [["examDate", "시험일"], ["examType", "구분"], ["id", "학번"], ["name", "이름"], ["examItem", "평가항목"], ["score", "점수"], ["pf", "통과여부"]]],
  [47, [["year", "년도"], ["currName", "과정"], ["id", "학번"], ["name", "이름"], ["docName", "평가항목"], ["score", "점수"]]],
  [49, [["year", "년도"], ["name", "이름"], ["id", "학번"], ["title", "연구주제"], ["noteCnt", "연구노트"], ["pfYn", "지도교수 총평"]]],
  [72, [["year", "년도"], ["grade", "학년"], ["currName", "과정"], ["id", "학번"], ["name", "이름"], ["avgScore", "평균"]]],
  [75, [["year", "년도"], ["evName", "시험명"], ["evNum", "회차"], ["sysName", "계통"], ["stCnt", "이수 인원"]]],
  [77, [["name", "학생"], ["id", "학번"], ["pfName", "상담교수"], ["scType", "상담유형"], ["afterType", "졸업 후 진로"]]],
  // issue 13: R18 counselling, R19 advisor guidance, E10 national exam, E14 reflection journal
  [43, [["year", "년도"], ["personal", "개인상담"], ["career", "진로상담"], ["learning", "학습상담"], ["stCnt", "상담 학생 수"]]],
  [44, [["year", "년도"], ["seNm", "구분"], ["type1", "학업"], ["type2", "진로"], ["totalCnt", "합계"]]],
  [53, [["year", "년도"], ["name", "이름"], ["id", "학번"], ["score", "점수"], ["passYn", "합격여부"]]],
  [48, [["year", "년도"], ["grade", "학년"], ["name", "이름"], ["id", "학번"], ["totalCnt", "합계"]]],
  // issue 13, part 2: E05 reflection summary, E12 by student (tab 2), E23 per student (table 2)
  [35, [["year", "년도"], ["grade", "학년"], ["name", "이름"], ["id", "학번"], ["item", "항목"], ["totalCnt", "합계"]]],
  // E12: one configuration for both tabs; each shows the columns that are its own (tab 1: year,
  // grade, period, students, two averages; tab 2: year, grade, name, number, two scores)
  [46, [["year", "년도"], ["grade", "학년"], ["name", "이름"], ["id", "학번"], ["p3Score1", "3차 전문직업성"], ["p3Score4", "3차 환자 진료"], ["period", "시기"], ["stCnt", "학생 수"], ["avg1", "전문직업성"], ["avg4", "환자 진료"]]],
  [76, [["year", "년도"], ["grade", "학년"], ["name", "이름"], ["id", "학번"], ["score1P3", "3차 전문직업성"], ["score5P3", "3차 지식 적용"]]],
  // issue 13: R20 curriculum evaluation, E07 course evaluation method, E20 and E21 satisfaction
  [38, [["year", "년도"], ["grade", "학년"], ["smst", "학기"], ["currName", "과정명"], ["currEvalType", "평가 구분"]]],
  [45, [["year", "년도"], ["currType", "구분"], ["dtName", "진료과"], ["lastSyncTime", "최종수정일"]]],
  [73, [["year", "년도"], ["dtName", "진료과"], ["stCnt", "참여 인원"], ["avgScore", "평균(5점 만점)"], ["stdDev", "표준편차"]]],
  [74, [["year", "년도"], ["dtName", "진료과"], ["stCnt", "응답 인원"], ["avgScore", "전체 평균(5점 만점)"]]],
];

export async function seedReportsIfEmpty(db: Db, sources: SyncSources, now = new Date()): Promise<boolean> {
  const rows = REPORT_EVAL_COLUMNS.flatMap(([menuSeq, columns]) =>
    SEED_YEARS.flatMap((year) => columns.map(([clm, clmNm], i) => ({ eiSeq: 1, menuSeq, year, clm, clmNm, sort: i + 1 }))),
  );
  await insertBatched(rows, (b) => db.insert(evalColumns).values(b).onConflictDoNothing());

  const [{ n: runs }] = await db.select({ n: count() }).from(reportScheduleRuns);
  const [{ n: history }] = await db.select({ n: count() }).from(reportSyncs);
  if (Number(runs) > 0 || Number(history) > 0) return false;
  const slot = lastSlot(now);
  const run = await runDueSlot(db, { now: () => slot, sources, holder: "seed" });
  return run.ran;
}
