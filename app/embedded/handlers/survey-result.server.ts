/**
 * Survey results (our extension, docs/contract.md "Extensions"): getSurveyResult.do, the counts a
 * result page shows, and getSurveyAnswers.do, every answer sheet for the Excel export.
 *
 * The result is counted by the database (issue 39): choices are grouped by lecture, question and
 * option, and a question's respondents are counted once each, so a survey of thousands of sheets
 * costs a few grouped rows, not every answer read into memory. Free-text answers come a page at a
 * time (TEXT_PAGE_SIZE per question): the first page of each text question, or the page
 * `textPage` of the question `textSqSeq`, with each question's `textCnt`.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { professors, students, surveyAnswers, surveyRecipients, surveyResponses } from "../db/schema";
import { route, type CallContext, type RouteDef } from "../lib/context.server";
import { SURVEY } from "../../calls/survey";
import { ok, parseInput } from "../lib/envelope.server";
import { formatWireDate } from "../lib/time";
import { authorName, blankToUndefined, liveSurvey, optSeq, requireStaff, SeqBody, surveyDocument, surveyHeader, type SurveyQuestionDto } from "./survey.server";

/** Free-text answers per question and page of the result (the web tier pages by the same number). */
export const TEXT_PAGE_SIZE = 20;

const ResultBody = SeqBody.extend({
  textSqSeq: optSeq,
  textPage: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).optional()),
});

const percent = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 10 : 0);
const mean = (sum: number, n: number) => (n > 0 ? Math.round((sum / n) * 100) / 100 : null);

/** One question's counts: respondents, and answers per option. */
interface Tally {
  answered: number;
  counts: Map<number, number>;
}

/** a non-blank free text: what a respondent wrote, not only spaces or line breaks */
const hasText = sql`${surveyAnswers.text} ~ '\\S'`;

async function getSurveyResult(ctx: CallContext) {
  requireStaff(ctx);
  const body = parseInput(ResultBody, ctx.body);
  const srSeq = body.seq;
  const s = await liveSurvey(ctx.db, srSeq);
  const doc = await surveyDocument(ctx.db, srSeq);
  const ofSurvey = eq(surveyResponses.srSeq, srSeq);

  const [[recip], [sheets], perLectureSheets, optionCounts, respondents, textCounts] = await Promise.all([
    ctx.db
      .select({
        recipientCnt: count(),
        sentCnt: sql<number>`count(*) filter (where ${surveyRecipients.sendFlag} = 'Y')`.mapWith(Number),
      })
      .from(surveyRecipients)
      .where(eq(surveyRecipients.srSeq, srSeq)),
    ctx.db.select({ answerCnt: count(), recipientAnswerCnt: count(surveyResponses.usSeq) }).from(surveyResponses).where(ofSurvey),
    ctx.db.select({ slSeq: surveyResponses.slSeq, n: count() }).from(surveyResponses).where(and(ofSurvey, isNotNull(surveyResponses.slSeq))).groupBy(surveyResponses.slSeq),
    // answers per lecture (null: none), question and option
    ctx.db
      .select({ slSeq: surveyResponses.slSeq, sqSeq: surveyAnswers.sqSeq, siSeq: surveyAnswers.siSeq, n: count() })
      .from(surveyAnswers)
      .innerJoin(surveyResponses, eq(surveyResponses.rsSeq, surveyAnswers.rsSeq))
      .where(and(ofSurvey, isNotNull(surveyAnswers.siSeq)))
      .groupBy(surveyResponses.slSeq, surveyAnswers.sqSeq, surveyAnswers.siSeq),
    // respondents per lecture and question: a sheet counts once however many options it chose;
    // a sheet has one lecture, so a question's respondents are the sum over its lectures
    ctx.db
      .select({ slSeq: surveyResponses.slSeq, sqSeq: surveyAnswers.sqSeq, n: sql<number>`count(distinct ${surveyAnswers.rsSeq})`.mapWith(Number) })
      .from(surveyAnswers)
      .innerJoin(surveyResponses, eq(surveyResponses.rsSeq, surveyAnswers.rsSeq))
      .where(and(ofSurvey, sql`(${surveyAnswers.siSeq} is not null or ${hasText})`))
      .groupBy(surveyResponses.slSeq, surveyAnswers.sqSeq),
    ctx.db
      .select({ sqSeq: surveyAnswers.sqSeq, n: count() })
      .from(surveyAnswers)
      .innerJoin(surveyResponses, eq(surveyResponses.rsSeq, surveyAnswers.rsSeq))
      .where(and(ofSurvey, sql`${surveyAnswers.siSeq} is null and ${hasText}`))
      .groupBy(surveyAnswers.sqSeq),
  ]);

  // one page of each text question's answers, in the order they came
  const textQuestions = doc.qestList.filter((q) => q.sqType === 2).map((q) => q.sqSeq);
  const textCnt = new Map(textCounts.map((r) => [r.sqSeq, Number(r.n)]));
  const pageOf = (sqSeq: number) => {
    const last = Math.max(1, Math.ceil((textCnt.get(sqSeq) ?? 0) / TEXT_PAGE_SIZE));
    return sqSeq === body.textSqSeq ? Math.min(body.textPage ?? 1, last) : 1;
  };
  const texts = new Map<number, { rsSeq: number; text: string; regDt: string | null }[]>();
  if (textQuestions.length) {
    const wanted = body.textSqSeq != null && textQuestions.includes(body.textSqSeq) ? body.textSqSeq : null;
    const from = wanted != null ? (pageOf(wanted) - 1) * TEXT_PAGE_SIZE : 0;
    const numbered = ctx.db
      .select({
        sqSeq: surveyAnswers.sqSeq,
        rsSeq: surveyAnswers.rsSeq,
        text: surveyAnswers.text,
        regDt: surveyResponses.regDt,
        n: sql<number>`row_number() over (partition by ${surveyAnswers.sqSeq} order by ${surveyAnswers.rsSeq}, ${surveyAnswers.saSeq})`.as("n"),
      })
      .from(surveyAnswers)
      .innerJoin(surveyResponses, eq(surveyResponses.rsSeq, surveyAnswers.rsSeq))
      .where(and(ofSurvey, inArray(surveyAnswers.sqSeq, textQuestions), sql`${surveyAnswers.siSeq} is null and ${hasText}`))
      .as("numbered");
    const rows = await ctx.db
      .select()
      .from(numbered)
      .where(
        wanted != null
          ? sql`(${numbered.sqSeq} = ${wanted} and ${numbered.n} > ${from} and ${numbered.n} <= ${from + TEXT_PAGE_SIZE}) or (${numbered.sqSeq} <> ${wanted} and ${numbered.n} <= ${TEXT_PAGE_SIZE})`
          : sql`${numbered.n} <= ${TEXT_PAGE_SIZE}`,
      )
      .orderBy(asc(numbered.sqSeq), asc(numbered.n));
    for (const r of rows) {
      const list = texts.get(r.sqSeq) ?? [];
      list.push({ rsSeq: r.rsSeq, text: r.text ?? "", regDt: formatWireDate(r.regDt) });
      texts.set(r.sqSeq, list);
    }
  }

  // tallies per question, overall and per lecture
  const overall = new Map<number, Tally>();
  const perLecture = new Map<string, Tally>();
  const tallyOf = <K>(map: Map<K, Tally>, key: K) => {
    let t = map.get(key);
    if (!t) map.set(key, (t = { answered: 0, counts: new Map() }));
    return t;
  };
  for (const r of respondents) {
    tallyOf(overall, r.sqSeq).answered += r.n;
    if (r.slSeq) tallyOf(perLecture, `${r.slSeq}:${r.sqSeq}`).answered += r.n;
  }
  for (const r of optionCounts) {
    const targets = [tallyOf(overall, r.sqSeq), ...(r.slSeq ? [tallyOf(perLecture, `${r.slSeq}:${r.sqSeq}`)] : [])];
    for (const t of targets) t.counts.set(r.siSeq!, (t.counts.get(r.siSeq!) ?? 0) + Number(r.n));
  }

  const itemsOf = (q: SurveyQuestionDto, t: Tally | undefined) =>
    q.itemList.map((it) => ({ siSeq: it.siSeq, text: it.text, score: it.score, count: t?.counts.get(it.siSeq) ?? 0, percent: percent(t?.counts.get(it.siSeq) ?? 0, t?.answered ?? 0) }));
  // the mean of the scores of the options chosen (an option without a score is left out)
  const meanOf = (q: SurveyQuestionDto, t: Tally | undefined) => {
    if (q.sqType !== 1 || !q.itemList.some((it) => it.score != null)) return null;
    let sum = 0;
    let n = 0;
    for (const it of q.itemList) {
      const c = t?.counts.get(it.siSeq) ?? 0;
      if (it.score != null && c > 0) {
        sum += it.score * c;
        n += c;
      }
    }
    return mean(sum, n);
  };

  const questions = doc.qestList.map((q) => {
    const t = overall.get(q.sqSeq);
    return {
      sqSeq: q.sqSeq,
      sqNo: q.sqNo,
      sqType: q.sqType,
      itemType: q.itemType,
      esntlYn: q.esntlYn,
      multiAns: q.multiAns,
      sqSubj: q.sqSubj,
      answerCnt: t?.answered ?? 0,
      mean: meanOf(q, t),
      items: itemsOf(q, t),
      texts: q.sqType === 2 ? texts.get(q.sqSeq) ?? [] : [],
      textCnt: q.sqType === 2 ? textCnt.get(q.sqSeq) ?? 0 : 0,
      textPage: q.sqType === 2 ? pageOf(q.sqSeq) : 1,
    };
  });

  const lectureCounts = new Map(perLectureSheets.map((r) => [r.slSeq!, Number(r.n)]));
  const lectures = doc.slList.map((l) => ({
    slSeq: l.slSeq,
    slName: l.slName,
    slTime: l.slTime,
    pfName: l.pfName,
    deptName: l.deptName,
    answerCnt: lectureCounts.get(l.slSeq) ?? 0,
    questions: doc.qestList
      .filter((q) => q.sqType === 1)
      .map((q) => {
        const t = perLecture.get(`${l.slSeq}:${q.sqSeq}`);
        return { sqSeq: q.sqSeq, answerCnt: t?.answered ?? 0, mean: meanOf(q, t), items: itemsOf(q, t) };
      }),
  }));

  const answerCnt = Number(sheets?.answerCnt ?? 0);
  const recipientAnswerCnt = Number(sheets?.recipientAnswerCnt ?? 0);
  const sentCnt = recip?.sentCnt ?? 0;
  return ok({
    info: surveyHeader(s, { userNm: await authorName(ctx.db, s.userSeq), qestCnt: doc.qestList.filter((q) => q.sqType !== 0).length }),
    summary: {
      recipientCnt: Number(recip?.recipientCnt ?? 0),
      sentCnt,
      answerCnt,
      recipientAnswerCnt,
      publicAnswerCnt: answerCnt - recipientAnswerCnt,
      responseRate: sentCnt > 0 ? percent(recipientAnswerCnt, sentCnt) : null,
    },
    questions,
    lectures,
    textPageSize: TEXT_PAGE_SIZE,
  });
}

/**
 * Every answer sheet of a survey (for the Excel export). The respondent's id and name are given
 * only when the survey collects personal information and the respondent agreed.
 */
async function getSurveyAnswers(ctx: CallContext) {
  requireStaff(ctx);
  const { seq: srSeq } = parseInput(SeqBody, ctx.body);
  const s = await liveSurvey(ctx.db, srSeq);
  const doc = await surveyDocument(ctx.db, srSeq);
  const responses = await ctx.db
    .select({
      rsSeq: surveyResponses.rsSeq,
      usSeq: surveyResponses.usSeq,
      slSeq: surveyResponses.slSeq,
      prsnAgreeYn: surveyResponses.prsnAgreeYn,
      regDt: surveyResponses.regDt,
      year: surveyRecipients.year,
    })
    .from(surveyResponses)
    .leftJoin(surveyRecipients, and(eq(surveyRecipients.srSeq, surveyResponses.srSeq), eq(surveyRecipients.usSeq, surveyResponses.usSeq)))
    .where(eq(surveyResponses.srSeq, srSeq))
    .orderBy(asc(surveyResponses.regDt), asc(surveyResponses.rsSeq));
  const answers = responses.length
    ? await ctx.db
        .select({ rsSeq: surveyAnswers.rsSeq, sqSeq: surveyAnswers.sqSeq, siSeq: surveyAnswers.siSeq, text: surveyAnswers.text })
        .from(surveyAnswers)
        .innerJoin(surveyResponses, eq(surveyResponses.rsSeq, surveyAnswers.rsSeq))
        .where(eq(surveyResponses.srSeq, srSeq))
        .orderBy(asc(surveyAnswers.saSeq))
    : [];
  const people = new Map<number, { id: string; name: string }>();
  const identify = responses.filter((r) => r.usSeq != null && s.prsnInfoYn === "Y" && r.prsnAgreeYn === "Y");
  if (identify.length) {
    const rows = await ctx.db
      .select({ usSeq: students.usSeq, year: students.year, id: students.id, name: students.name })
      .from(students)
      .where(and(inArray(students.usSeq, identify.map((r) => r.usSeq!)), eq(students.del, "N")))
      .orderBy(desc(students.year));
    for (const r of rows) if (!people.has(r.usSeq)) people.set(r.usSeq, { id: r.id, name: r.name });
    const profRows = await ctx.db
      .select({ usSeq: professors.usSeq, id: professors.id, name: professors.name })
      .from(professors)
      .where(and(inArray(professors.usSeq, identify.map((r) => r.usSeq!)), eq(professors.del, "N")))
      .orderBy(desc(professors.year));
    for (const r of profRows) if (!people.has(r.usSeq)) people.set(r.usSeq, { id: r.id, name: r.name });
  }
  const byResponse = new Map<number, Map<number, { siSeqs: number[]; text: string }>>();
  for (const a of answers) {
    const m = byResponse.get(a.rsSeq) ?? new Map();
    const e = m.get(a.sqSeq) ?? { siSeqs: [], text: "" };
    if (a.siSeq != null) e.siSeqs.push(a.siSeq);
    if (a.text != null) e.text = a.text;
    m.set(a.sqSeq, e);
    byResponse.set(a.rsSeq, m);
  }
  const lectureName = new Map(doc.slList.map((l) => [l.slSeq, l.slName]));
  const list = responses.map((r) => {
    const who = r.usSeq != null ? people.get(r.usSeq) : undefined;
    const showWho = s.prsnInfoYn === "Y" && r.prsnAgreeYn === "Y";
    return {
      rsSeq: r.rsSeq,
      regDt: formatWireDate(r.regDt),
      respondent: r.usSeq != null ? "recipient" : "public",
      id: showWho ? who?.id ?? "" : "",
      name: showWho ? who?.name ?? "" : "",
      slSeq: r.slSeq,
      slName: r.slSeq ? lectureName.get(r.slSeq) ?? "" : "",
      prsnAgreeYn: r.prsnAgreeYn,
      answers: [...(byResponse.get(r.rsSeq)?.entries() ?? [])].map(([sqSeq, e]) => ({ sqSeq, siSeqs: e.siSeqs, text: e.text })),
    };
  });
  return ok({ info: { srSeq: s.srSeq, srName: s.srName, prsnInfoYn: s.prsnInfoYn }, qestList: doc.qestList, slList: doc.slList, list });
}

export const surveyResultRoutes: RouteDef[] = [
  route(SURVEY.result, "required", getSurveyResult),
  route(SURVEY.answers, "required", getSurveyAnswers),
];
