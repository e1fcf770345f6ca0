/**
 * Demo surveys (issue 5), seeded once when the survey table is empty and the demo users and
 * students exist: a lecture-satisfaction survey of this year with lectures, sections, every item
 * type, a response window around today, 24 first-year recipients (all sent, 15 answered), a
 * graduate self-evaluation with personal-information consent and public answers, and an unused
 * draft. Answers come from a seeded generator, so every start makes the same data.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { ITEM_PRESETS, type ItemType } from "../../schemas/survey";
import type { Db, Tx } from "./client.server";
import { students, surveyAnswers, surveyItems, surveyLectures, surveyQuestions, surveyRecipients, surveyResponses, surveys, users } from "./schema";
import { rng } from "./seed-people";
import { seoulYear } from "../lib/time";
import { randomBytes } from "node:crypto";

const DAY_MS = 24 * 60 * 60 * 1000;

interface SeedQuestion {
  sqType: 0 | 1 | 2;
  subj: string;
  itemType?: ItemType;
  items?: string[];
  esntl?: boolean;
  multi?: boolean;
  scoreOpen?: boolean;
}

interface SeedSurvey {
  srName: string;
  srContent: string;
  usyn: "Y" | "N";
  window?: [number, number];
  prsnInfoContent?: string;
  lectures?: [string, number, string, string][];
  questions: SeedQuestion[];
}

function plans(year: number): SeedSurvey[] {
  return [
    {
      srName: `${year}학년도 1학기 통합교육과정 강의 만족도 조사`,
      srContent: "이번 학기 통합교육과정 강의에 대한 여러분의 의견을 들려주세요.\n응답 내용은 강의 개선에만 사용됩니다.",
      usyn: "Y",
      window: [-20, 20],
      lectures: [
        ["인체의 구조와 기능 I", 4, "김정호", "해부학교실"],
        ["세포생물학", 3, "이수진", "생화학·분자생물학교실"],
        ["감염과 면역", 3, "박성민", "미생물학교실"],
        ["의료인문학 입문", 2, "최윤아", "의학교육학교실"],
      ],
      questions: [
        { sqType: 0, subj: "강의 평가" },
        { sqType: 1, subj: "강의 목표가 명확하게 제시되었다.", itemType: "1", esntl: true, scoreOpen: true },
        { sqType: 1, subj: "강의 내용에 전반적으로 만족한다.", itemType: "2", esntl: true },
        { sqType: 1, subj: "도움이 된 학습 활동을 모두 고르세요.", itemType: "5", multi: true, items: ["강의", "실습", "소그룹 토론", "온라인 자료", "과제"] },
        { sqType: 0, subj: "의견" },
        { sqType: 2, subj: "좋았던 점을 적어 주세요." },
        { sqType: 2, subj: "개선이 필요한 점을 적어 주세요." },
      ],
    },
    {
      srName: "졸업생 역량 자기평가 설문",
      srContent: "졸업 역량에 대한 자기평가입니다. 결과는 교육과정 평가에 활용됩니다.",
      usyn: "Y",
      prsnInfoContent: "수집 항목: 학번, 이름\n수집 목적: 졸업생 추적 조사\n보유 기간: 3년",
      questions: [
        { sqType: 1, subj: "환자 중심의 진료를 수행할 수 있다.", itemType: "3", esntl: true },
        { sqType: 1, subj: "동료와 협력하여 문제를 해결할 수 있다.", itemType: "3", esntl: true },
        { sqType: 1, subj: "의학 지식을 임상에 적용하는 능력을 점수로 평가하세요.", itemType: "4", scoreOpen: true },
        { sqType: 2, subj: "재학 중 가장 도움이 된 교육 활동은 무엇이었습니까?" },
      ],
    },
    {
      srName: "교육과정 개선 의견 수렴 (작성중)",
      srContent: "",
      usyn: "N",
      questions: [{ sqType: 0, subj: "교육과정" }, { sqType: 2, subj: "교육과정에 바라는 점을 적어 주세요." }],
    },
  ];
}

const GOOD = ["설명이 친절하고 자료가 잘 정리되어 있었습니다.", "실습과 연결되어 이해가 쉬웠습니다.", "질문에 성실하게 답해 주셨습니다.", "사례 중심 수업이 좋았습니다."];
const BETTER = ["진도가 조금 빨랐습니다.", "강의 자료를 미리 올려 주시면 좋겠습니다.", "실습 시간이 더 있으면 좋겠습니다.", "시험 범위 안내가 더 분명하면 좋겠습니다."];

async function insertSurvey(tx: Tx, plan: SeedSurvey, year: number, userSeq: number, now: Date) {
  const [s] = await tx
    .insert(surveys)
    .values({
      year,
      srName: plan.srName,
      srContent: plan.srContent,
      usyn: plan.usyn,
      dtYn: plan.window ? "Y" : "N",
      stDt: plan.window ? new Date(now.getTime() + plan.window[0] * DAY_MS) : null,
      enDt: plan.window ? new Date(now.getTime() + plan.window[1] * DAY_MS) : null,
      prsnInfoYn: plan.prsnInfoContent ? "Y" : "N",
      prsnInfoContent: plan.prsnInfoContent ?? "",
      authTyList: "1,2",
      userSeq,
      uptUserSeq: userSeq,
      regDt: new Date(now.getTime() - 30 * DAY_MS),
    })
    .returning({ srSeq: surveys.srSeq });
  const lectures = plan.lectures?.length
    ? await tx
        .insert(surveyLectures)
        .values(plan.lectures.map(([slName, slTime, pfName, deptName], i) => ({ srSeq: s.srSeq, sort: i + 1, slName, slTime, pfName, deptName })))
        .returning({ slSeq: surveyLectures.slSeq })
    : [];
  const questions: { sqSeq: number; sqType: number; multi: boolean; items: { siSeq: number; score: number | null }[] }[] = [];
  let no = 0;
  for (const [i, q] of plan.questions.entries()) {
    const [row] = await tx
      .insert(surveyQuestions)
      .values({
        srSeq: s.srSeq,
        sqSort: i + 1,
        sqNo: q.sqType === 0 ? null : ++no,
        sqType: q.sqType,
        itemType: q.sqType === 1 ? Number(q.itemType ?? "1") : null,
        esntlYn: q.esntl ? "Y" : "N",
        scoreOpenYn: q.scoreOpen ? "Y" : "N",
        multiAns: q.multi ? "Y" : "N",
        sqSubj: q.subj,
      })
      .returning({ sqSeq: surveyQuestions.sqSeq });
    let items: { siSeq: number; score: number | null }[] = [];
    if (q.sqType === 1) {
      const texts = q.items ? q.items.map((text) => ({ text, score: "" })) : ITEM_PRESETS[q.itemType ?? "1"];
      items = await tx
        .insert(surveyItems)
        .values(texts.map((t, j) => ({ sqSeq: row.sqSeq, sort: j + 1, text: t.text, score: t.score ? Number(t.score) : null })))
        .returning({ siSeq: surveyItems.siSeq, score: surveyItems.score });
    }
    questions.push({ sqSeq: row.sqSeq, sqType: q.sqType, multi: Boolean(q.multi), items });
  }
  return { srSeq: s.srSeq, lectures: lectures.map((l) => l.slSeq), questions };
}

/** One generated answer sheet: mostly positive choices, some free texts. */
function sheet(r: () => number, questions: Awaited<ReturnType<typeof insertSurvey>>["questions"]) {
  const rows: { sqSeq: number; siSeq?: number; text?: string }[] = [];
  for (const q of questions) {
    if (q.sqType === 1) {
      if (q.multi) {
        for (const it of q.items) if (r() < 0.4) rows.push({ sqSeq: q.sqSeq, siSeq: it.siSeq });
      } else {
        // lean to the upper end of the scale
        const n = q.items.length;
        const k = Math.min(n - 1, Math.max(0, n - 1 - Math.floor(r() * r() * n)));
        rows.push({ sqSeq: q.sqSeq, siSeq: q.items[k].siSeq });
      }
    } else if (q.sqType === 2 && r() < 0.6) {
      const pool = rows.length % 2 ? BETTER : GOOD;
      rows.push({ sqSeq: q.sqSeq, text: pool[Math.floor(r() * pool.length)] });
    }
  }
  return rows;
}

export async function seedSurveysIfEmpty(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(surveys);
  if (Number(n) > 0) return 0;
  const [admin] = await db.select({ userSeq: users.userSeq }).from(users).where(eq(users.userId, "admin")).limit(1);
  if (!admin) return 0;
  const year = seoulYear();
  const firstYears = await db
    .select({ usSeq: students.usSeq })
    .from(students)
    .where(and(eq(students.year, year), eq(students.del, "N"), eq(students.grdeCd, "0000800001"), eq(students.attnCd, "0000600001")))
    .orderBy(asc(students.id))
    .limit(24);

  const now = new Date();
  return db.transaction(async (tx) => {
    const [again] = await tx.select({ n: count() }).from(surveys);
    if (Number(again.n) > 0) return 0;
    const [lecture, graduate, draft] = plans(year);
    const r = rng(year * 31 + 5);

    const a = await insertSurvey(tx, lecture, year, admin.userSeq, now);
    // the lecture survey is linked to the SURVEY menu 63 '교육 만족도 설문' (P07)
    await tx.update(surveys).set({ linkMenuSeq: 63 }).where(eq(surveys.srSeq, a.srSeq));
    if (firstYears.length) {
      await tx.insert(surveyRecipients).values(
        firstYears.map((s) => ({ srSeq: a.srSeq, usSeq: s.usSeq, usTy: "1", year, sendFlag: "Y", sendCnt: 1, sendDt: new Date(now.getTime() - 19 * DAY_MS) })),
      );
    }
    for (const [k, s] of firstYears.slice(0, 15).entries()) {
      const [resp] = await tx
        .insert(surveyResponses)
        .values({ srSeq: a.srSeq, usSeq: s.usSeq, slSeq: a.lectures[k % a.lectures.length] ?? null, submitKey: randomBytes(24).toString("base64url"), regDt: new Date(now.getTime() - (18 - k) * DAY_MS) })
        .returning({ rsSeq: surveyResponses.rsSeq });
      const rows = sheet(r, a.questions);
      if (rows.length) await tx.insert(surveyAnswers).values(rows.map((x) => ({ rsSeq: resp.rsSeq, ...x })));
    }

    const b = await insertSurvey(tx, graduate, year, admin.userSeq, now);
    for (let k = 0; k < 8; k++) {
      const [resp] = await tx
        .insert(surveyResponses)
        .values({ srSeq: b.srSeq, usSeq: null, prsnAgreeYn: "Y", submitKey: randomBytes(24).toString("base64url"), regDt: new Date(now.getTime() - (10 - k) * DAY_MS) })
        .returning({ rsSeq: surveyResponses.rsSeq });
      const rows = sheet(r, b.questions);
      if (rows.length) await tx.insert(surveyAnswers).values(rows.map((x) => ({ rsSeq: resp.rsSeq, ...x })));
    }

    await insertSurvey(tx, draft, year, admin.userSeq, now);
    return 3;
  });
}
