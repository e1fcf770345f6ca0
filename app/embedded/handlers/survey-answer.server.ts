/**
 * The public answer calls of P14 (issue 5; not in the spec, docs/contract.md "Survey answers").
 * No token: the public link names only the survey; a recipient's personal link also names the
 * person and carries an expiry and an HMAC signature (lib/survey-link.server.ts).
 *
 * - /api/survey/ask/getSurvey.do {srSeq, usSeq?, exp?, sig?, client?} → {survey, state, answered,
 *   answerDt, submitKey}: where the survey stands ('open', 'before', 'after', 'unused') and, only
 *   when it may be answered, its questions and a submit key (otherwise the title and the response
 *   window alone: a closed survey's questions are nobody's business). `client` is the browser's
 *   respondent id (the web tier's session): on the public link the key is bound to it, so a
 *   browser answers once and sees that it has.
 * - /api/survey/ask/submit.do {srSeq, usSeq?, exp?, sig?, submitKey, slSeq?, prsnAgreeYn,
 *   answers: [{sqSeq, siSeqs?, text?}]} → {rsSeq}, message '응답이 제출되었습니다. …'.
 *
 * A bad signature, another person's usSeq, someone who is not a recipient, an unknown or
 * deleted survey, or the public link of a survey not in use: status 404 '데이터가 없습니다.'; an expired link 410; outside the response
 * window or not in use 403; a second submission (the same person, or the same form) 409.
 * A survey sent to people (it has recipients) answers only through their personal links: its public
 * link is refused with 403 (issue 37 item 10; the public link would let anyone answer a survey
 * meant for its recipients, and again from each fresh browser).
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { answerAlert, validateAnswers, type AskSurvey } from "../../schemas/survey";
import { isUniqueViolation, type Db } from "../db/client.server";
import { surveyAnswers, surveyRecipients, surveyResponses, surveys, type SurveyRow } from "../db/schema";
import { route, type CallContext, type RouteDef } from "../lib/context.server";
import { SURVEY } from "../../calls/survey";
import { ApiError, fail, ok, parseInput } from "../lib/envelope.server";
import { CLIENT_RE, isSubmitKey, issueSubmitKey, verifyLink } from "../lib/survey-link.server";
import { formatWireDate } from "../lib/time";
import { surveyDocument, surveyState } from "./survey.server";

const seq = z.coerce.number().int().positive().max(2_147_483_647);
const blankToUndefined = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : v);

const LinkFields = {
  srSeq: seq,
  usSeq: z.preprocess(blankToUndefined, seq.optional()),
  exp: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
  sig: z.preprocess((v) => (v == null ? "" : v), z.string().max(100)),
};
const GetBody = z.object({ ...LinkFields, client: z.preprocess((v) => (v == null ? "" : v), z.string().max(100)) });

const notFound = () => new ApiError(fail(404, MSG.noData));

interface Opened {
  survey: SurveyRow;
  usSeq: number | null;
}

/** The survey a link opens, after checking the person's signature and that they are a recipient. */
async function openLink(db: Db, link: z.output<z.ZodObject<typeof LinkFields>>): Promise<Opened> {
  const [survey] = await db.select().from(surveys).where(and(eq(surveys.srSeq, link.srSeq), eq(surveys.del, "N"))).limit(1);
  if (!survey) throw notFound();
  if (link.usSeq === undefined) {
    // a survey not in use stays a 404 on its public link (its callers say so), whoever it was sent to
    if (surveyState(survey) === "unused") return { survey, usSeq: null };
    const [sent] = await db.select({ usSeq: surveyRecipients.usSeq }).from(surveyRecipients).where(eq(surveyRecipients.srSeq, link.srSeq)).limit(1);
    if (sent) throw new ApiError(fail(403, OWN_MSG.surveyPersonalOnly));
    return { survey, usSeq: null };
  }
  const check = await verifyLink(db, link.srSeq, link.usSeq, link.exp ?? 0, link.sig);
  if (check === "invalid") throw notFound();
  const [recipient] = await db
    .select({ usSeq: surveyRecipients.usSeq })
    .from(surveyRecipients)
    .where(and(eq(surveyRecipients.srSeq, link.srSeq), eq(surveyRecipients.usSeq, link.usSeq)))
    .limit(1);
  if (!recipient) throw notFound();
  if (check === "expired") throw new ApiError(fail(410, OWN_MSG.surveyLinkExpired));
  return { survey, usSeq: link.usSeq };
}

/** When the person (personal link) or the browser's key (public link) answered, if they have. */
async function answeredAt(db: Db, srSeq: number, usSeq: number | null, submitKey = ""): Promise<Date | null> {
  if (usSeq === null && !submitKey) return null;
  const [row] = await db
    .select({ regDt: surveyResponses.regDt })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.srSeq, srSeq), usSeq === null ? eq(surveyResponses.submitKey, submitKey) : eq(surveyResponses.usSeq, usSeq)))
    .limit(1);
  return row?.regDt ?? null;
}

/** The survey as a respondent sees it (no author, no recipients). */
async function askSurvey(db: Db, s: SurveyRow) {
  const doc = await surveyDocument(db, s.srSeq);
  return {
    srSeq: s.srSeq,
    srName: s.srName,
    srContent: s.srContent,
    dtYn: s.dtYn,
    stDt: formatWireDate(s.stDt),
    enDt: formatWireDate(s.enDt),
    prsnInfoYn: s.prsnInfoYn,
    prsnInfoContent: s.prsnInfoContent,
    slList: doc.slList.map((l) => ({ slSeq: l.slSeq, slName: l.slName, slTime: l.slTime, pfName: l.pfName, deptName: l.deptName })),
    qestList: doc.qestList.map((q) => ({
      sqSeq: q.sqSeq,
      sqNo: q.sqNo,
      sqType: q.sqType,
      itemType: q.itemType,
      esntlYn: q.esntlYn,
      scoreOpenYn: q.scoreOpenYn,
      multiAns: q.multiAns,
      sqSubj: q.sqSubj,
      itemList: q.itemList.map((it) => ({ siSeq: it.siSeq, score: it.score, text: it.text })),
    })),
  };
}

/** A survey that cannot be answered now: its title and response window, nothing else. */
function closedSurvey(s: SurveyRow) {
  return { srSeq: s.srSeq, srName: s.srName, srContent: "", dtYn: s.dtYn, stDt: formatWireDate(s.stDt), enDt: formatWireDate(s.enDt), prsnInfoYn: "N", prsnInfoContent: "", slList: [], qestList: [] };
}

async function getAskSurvey(ctx: CallContext) {
  const link = parseInput(GetBody, ctx.body);
  const { survey, usSeq } = await openLink(ctx.db, link);
  const state = surveyState(survey);
  // the public link opens only a survey in use: it names nothing but a sequential number
  if (usSeq === null && state === "unused") throw notFound();
  const key = await issueSubmitKey(ctx.db, survey.srSeq, usSeq === null ? link.client : undefined);
  const answered = await answeredAt(ctx.db, survey.srSeq, usSeq, CLIENT_RE.test(link.client) ? key : "");
  const open = state === "open" && !answered;
  return ok({ survey: open ? await askSurvey(ctx.db, survey) : closedSurvey(survey), state, answered: answered !== null, answerDt: formatWireDate(answered), submitKey: open ? key : null });
}

const SubmitBody = z.object({
  ...LinkFields,
  submitKey: z.preprocess((v) => (v == null ? "" : v), z.string().max(100)),
  slSeq: z.preprocess(blankToUndefined, seq.optional()),
  prsnAgreeYn: z.preprocess((v) => (v == null || v === "" ? "N" : v), z.enum(["Y", "N"])),
  answers: z.preprocess(
    (v) => (v == null ? [] : v),
    z
      .array(
        z.object({
          sqSeq: seq,
          siSeqs: z.preprocess((v) => (v == null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(seq).max(50)),
          siSeq: z.preprocess(blankToUndefined, seq.optional()),
          text: z.preprocess((v) => (v == null ? "" : v), z.string().max(20_000)),
        }),
      )
      .max(1000),
  ),
});

async function submitAnswers(ctx: CallContext) {
  const body = parseInput(SubmitBody, ctx.body);
  const { survey, usSeq } = await openLink(ctx.db, body);
  const state = surveyState(survey);
  if (state === "unused" && usSeq === null) throw notFound();
  if (state === "unused") return fail(403, OWN_MSG.surveyNotInUse);
  if (state !== "open") return fail(403, OWN_MSG.surveyNotOpen);
  if (!(await isSubmitKey(ctx.db, survey.srSeq, body.submitKey))) return fail(400, OWN_MSG.badRequest);
  if (await answeredAt(ctx.db, survey.srSeq, usSeq)) return fail(409, OWN_MSG.surveyAlreadyAnswered);

  const ask = (await askSurvey(ctx.db, survey)) as AskSurvey;
  // one entry per question: repeated entries merge; siSeq is accepted for single answers
  const merged = new Map<number, { sqSeq: number; siSeqs: number[]; text: string }>();
  for (const a of body.answers) {
    const m = merged.get(a.sqSeq) ?? { sqSeq: a.sqSeq, siSeqs: [], text: "" };
    for (const s of [...a.siSeqs, ...(a.siSeq ? [a.siSeq] : [])]) if (!m.siSeqs.includes(s)) m.siSeqs.push(s);
    if (a.text) m.text = a.text;
    merged.set(a.sqSeq, m);
  }
  const known = new Set(ask.qestList.map((q) => q.sqSeq));
  if ([...merged.keys()].some((k) => !known.has(k))) return fail(400, OWN_MSG.badRequest);
  const sheet = { slSeq: body.slSeq ?? null, prsnAgreeYn: body.prsnAgreeYn, answers: [...merged.values()] };
  const issues = validateAnswers(ask, sheet);
  if (issues.length) return fail(400, answerAlert(issues)!);

  const typeOf = new Map(ask.qestList.map((q) => [q.sqSeq, q.sqType]));
  try {
    const rsSeq = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(surveyResponses)
        .values({ srSeq: survey.srSeq, usSeq, slSeq: ask.slList.length ? sheet.slSeq : null, prsnAgreeYn: survey.prsnInfoYn === "Y" ? body.prsnAgreeYn : "N", submitKey: body.submitKey })
        .returning({ rsSeq: surveyResponses.rsSeq });
      const rows: (typeof surveyAnswers.$inferInsert)[] = [];
      for (const a of sheet.answers) {
        const t = typeOf.get(a.sqSeq);
        if (t === 1) for (const siSeq of a.siSeqs) rows.push({ rsSeq: row.rsSeq, sqSeq: a.sqSeq, siSeq });
        else if (t === 2 && a.text.trim()) rows.push({ rsSeq: row.rsSeq, sqSeq: a.sqSeq, text: a.text.trim() });
      }
      if (rows.length) await tx.insert(surveyAnswers).values(rows);
      return row.rsSeq;
    });
    return ok({ rsSeq }, OWN_MSG.surveySubmitted);
  } catch (e) {
    if (isUniqueViolation(e)) return fail(409, OWN_MSG.surveyAlreadyAnswered);
    throw e;
  }
}

export const surveyAnswerRoutes: RouteDef[] = [
  route(SURVEY.ask, "none", getAskSurvey),
  route(SURVEY.submit, "none", submitAnswers),
];
