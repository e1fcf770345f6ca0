/**
 * Demo evaluation indicators (P15, ADR 0039): indicators 1, 2 and 3, one on each indicator page
 * (menus 81, 82, 83), each with the data menus the seeded evaluation columns (eval_columns of
 * eiSeq 1, 2, 3: seed-people.ts, seed-reports.server.ts) configure, so the evaluation routes the
 * demo and the tests use are the cards of a real indicator. Only when the table is empty; after
 * the evaluation columns are seeded. The ids are explicit, so the sequence is moved past them.
 */
import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { evalColumns, evalIndicatorMenus, evalIndicators } from "./schema";

const DEMO: readonly { eiSeq: number; menuSeq: number; evalIndctNm: string; evalStnd: string }[] = [
  {
    eiSeq: 1,
    menuSeq: 81,
    evalIndctNm: "1.1 교육과정 운영과 학생 성취",
    evalStnd: "의과대학은 교육성과에 근거하여 교육과정을 운영하고, 학생의 성취를 평가하여 그 결과를 교육과정 개선에 반영한다.",
  },
  {
    eiSeq: 2,
    menuSeq: 82,
    evalIndctNm: "2.1 학생 선발과 학생 평가",
    evalStnd: "의과대학은 학생 선발 기준과 절차를 공개하고, 선발 결과와 학생 평가 결과를 분석하여 활용한다.",
  },
  {
    eiSeq: 3,
    menuSeq: 83,
    evalIndctNm: "3.1 교수 확보와 교육 자원",
    evalStnd: "의과대학은 교육과정 운영에 필요한 교수를 확보하고, 교수의 교육 역량 개발을 지원한다.",
  },
];

export async function seedEvalIndicatorsIfEmpty(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(evalIndicators);
    if (Number(n) > 0) return 0;
    await tx.insert(evalIndicators).values(DEMO.map((d) => ({ ...d, authTy: "1,2" })));
    for (const d of DEMO) {
      const attached = await tx
        .selectDistinct({ menuSeq: evalColumns.menuSeq })
        .from(evalColumns)
        .where(eq(evalColumns.eiSeq, d.eiSeq))
        .orderBy(asc(evalColumns.menuSeq));
      if (attached.length) await tx.insert(evalIndicatorMenus).values(attached.map((m, i) => ({ eiSeq: d.eiSeq, menuSeq: m.menuSeq, sort: i + 1 })));
    }
    await tx.execute(sql`select setval(pg_get_serial_sequence('eval_indicators', 'ei_seq'), (select max(ei_seq) from eval_indicators))`);
    return DEMO.length;
  });
}
