/**
 * Surveys (spec 000 §7 Surveys; issue 5; docs/contract.md "Surveys"): the management list, a
 * survey's document, saving (insert, update, soft deletion of rows, mode D deletes the survey),
 * copying, linking to a SURVEY menu, results and the answers for the Excel export, recipients
 * (list, add, send and resend) and the delivery outbox. The public answer calls are in
 * survey-answer.server.ts.
 *
 * Every management call needs a staff authority (1 or 2) or an administrator. A deleted survey
 * (del Y) is unknown to every call.
 */
import { smtpConfigured } from "../lib/mailer.server";
import { addJobItems, jobDto, jobKeyOf, kickJobs, openSendJob, SEND_KEY_RE, willMail } from "../lib/jobs.server";
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { joinAuthorities } from "../../schemas/rules";
import { validateSurvey, type EditorState, type SqType } from "../../schemas/survey";
import type { Db, Tx } from "../db/client.server";
import {
  commCodes,
  menus,
  professors,
  students,
  surveyAnswers,
  surveyItems,
  surveyLectures,
  surveyOutbox,
  surveyQuestions,
  surveyRecipients,
  surveyResponses,
  surveys,
  users,
  type SurveyRow,
} from "../db/schema";
import { CODE } from "../db/seed-data";
import { requireAuth, type AuthInfo, type CallContext, type RouteDef } from "../lib/context.server";
import { ApiError, fail, ok, parseInput } from "../lib/envelope.server";
import { linkExpiry, personalLink } from "../lib/survey-link.server";
import type { SendPerson } from "../lib/send-people.server";
import { formatWireDate, seoulYear } from "../lib/time";

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const MAX_SEQ = 2_147_483_647;

/** 'yyyy-MM-dd HH:mm:ss' (or 'yyyy-MM-ddTHH:mm') in Asia/Seoul → Date; anything else null. */
export function parseWireDate(v: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v ?? "");
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const t = Date.UTC(y, mo - 1, d, h, mi, s || 0) - SEOUL_OFFSET_MS;
  const back = new Date(t + SEOUL_OFFSET_MS);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(t);
}

/** Staff (authority 1 or 2) or an administrator; others are refused. */
export function requireStaff(ctx: CallContext): AuthInfo {
  const auth = requireAuth(ctx);
  if (!auth.isAdmin && !auth.authorities.some((a) => a === "1" || a === "2")) throw new ApiError(fail(403, MSG.menuForbidden));
  return auth;
}

export type SurveyState = "unused" | "before" | "open" | "after";

/** Where a survey stands now: not in use, before / inside / after its response window. */
export function surveyState(s: Pick<SurveyRow, "usyn" | "dtYn" | "stDt" | "enDt">, now = new Date()): SurveyState {
  if (s.usyn !== "Y") return "unused";
  if (s.dtYn === "Y") {
    if (s.stDt && now < s.stDt) return "before";
    if (s.enDt && now > s.enDt) return "after";
  }
  return "open";
}

export const STATE_LABEL: Record<SurveyState, string> = { unused: "미사용", before: "응답 대기", open: "진행중", after: "응답 종료" };

export const seqField = z.coerce.number().int().positive().max(MAX_SEQ);
const seq = seqField;
const blankToUndefined = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : v);
const optSeq = z.preprocess(blankToUndefined, seq.optional());
export const SeqBody = z.object({ seq });

/** A live survey or a 404 business error. */
export async function liveSurvey(db: Db | Tx, srSeq: number): Promise<SurveyRow> {
  const [row] = await db.select().from(surveys).where(and(eq(surveys.srSeq, srSeq), eq(surveys.del, "N"))).limit(1);
  if (!row) throw new ApiError(fail(404, MSG.noData));
  return row;
}

/** Code names of a group: the given year's, else any year's (newest first). */
async function codeNames(db: Db | Tx, cmmnCd: string, year: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: commCodes.code, codeNm: commCodes.codeNm, year: commCodes.year })
    .from(commCodes)
    .where(eq(commCodes.cmmnCd, cmmnCd))
    .orderBy(sql`(${commCodes.year} = ${year}) desc`, desc(commCodes.year));
  const out = new Map<string, string>();
  for (const r of rows) if (!out.has(r.code)) out.set(r.code, r.codeNm);
  return out;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------------------------------------
// The survey document
// ---------------------------------------------------------------------------------------------

export interface SurveyItemDto {
  siSeq: number;
  score: number | null;
  text: string;
  usyn: string;
  del: string;
}
export interface SurveyQuestionDto {
  sqSeq: number;
  sqNo: number | null;
  sqSort: number;
  sqType: number;
  itemType: number | null;
  esntlYn: string;
  scoreOpenYn: string;
  multiAns: string;
  sqSubj: string;
  usyn: string;
  del: string;
  itemList: SurveyItemDto[];
}
export interface SurveyLectureDto {
  slSeq: number;
  slName: string;
  slTime: number | null;
  pfName: string;
  deptName: string;
  del: string;
}

/** The live lectures, questions (in order) and items of a survey. */
export async function surveyDocument(db: Db | Tx, srSeq: number): Promise<{ slList: SurveyLectureDto[]; qestList: SurveyQuestionDto[] }> {
  const [lectures, questions] = await Promise.all([
    db
      .select()
      .from(surveyLectures)
      .where(and(eq(surveyLectures.srSeq, srSeq), eq(surveyLectures.del, "N")))
      .orderBy(asc(surveyLectures.sort), asc(surveyLectures.slSeq)),
    db
      .select()
      .from(surveyQuestions)
      .where(and(eq(surveyQuestions.srSeq, srSeq), eq(surveyQuestions.del, "N")))
      .orderBy(asc(surveyQuestions.sqSort), asc(surveyQuestions.sqSeq)),
  ]);
  const sqSeqs = questions.map((q) => q.sqSeq);
  const items = sqSeqs.length
    ? await db
        .select()
        .from(surveyItems)
        .where(and(inArray(surveyItems.sqSeq, sqSeqs), eq(surveyItems.del, "N")))
        .orderBy(asc(surveyItems.sort), asc(surveyItems.siSeq))
    : [];
  const bySq = new Map<number, SurveyItemDto[]>();
  for (const it of items) {
    const list = bySq.get(it.sqSeq) ?? [];
    list.push({ siSeq: it.siSeq, score: it.score, text: it.text, usyn: it.usyn, del: it.del });
    bySq.set(it.sqSeq, list);
  }
  return {
    slList: lectures.map((l) => ({ slSeq: l.slSeq, slName: l.slName, slTime: l.slTime, pfName: l.pfName, deptName: l.deptName, del: l.del })),
    qestList: questions.map((q) => ({
      sqSeq: q.sqSeq,
      sqNo: q.sqNo,
      sqSort: q.sqSort,
      sqType: q.sqType,
      itemType: q.itemType,
      esntlYn: q.esntlYn,
      scoreOpenYn: q.scoreOpenYn,
      multiAns: q.multiAns,
      sqSubj: q.sqSubj,
      usyn: q.usyn,
      del: q.del,
      itemList: q.sqType === 1 ? bySq.get(q.sqSeq) ?? [] : [],
    })),
  };
}

/** The header fields every survey answer shares (list rows, info). */
export function surveyHeader(s: SurveyRow, extra: { userNm: string | null; qestCnt: number }, now = new Date()) {
  const state = surveyState(s, now);
  return {
    srSeq: s.srSeq,
    srName: s.srName,
    srContent: s.srContent,
    qestCnt: extra.qestCnt,
    usyn: s.usyn,
    status: STATE_LABEL[state],
    statusCd: state,
    userNm: extra.userNm ?? "",
    regDt: formatWireDate(s.regDt),
    uptDt: formatWireDate(s.uptDt),
    linkYn: s.linkMenuSeq ? "Y" : "N",
    linkMenuSeq: s.linkMenuSeq,
    dtYn: s.dtYn,
    stDt: formatWireDate(s.stDt),
    enDt: formatWireDate(s.enDt),
    prsnInfoYn: s.prsnInfoYn,
    prsnInfoContent: s.prsnInfoContent,
    year: s.year,
  };
}

export async function authorName(db: Db | Tx, userSeq: number | null): Promise<string | null> {
  if (!userSeq) return null;
  const [u] = await db.select({ userNm: users.userNm }).from(users).where(eq(users.userSeq, userSeq)).limit(1);
  return u?.userNm ?? null;
}

// ---------------------------------------------------------------------------------------------
// getSurveyList.do
// ---------------------------------------------------------------------------------------------

const ListBody = z.object({
  searchTxt: z.preprocess((v) => (v == null ? "" : typeof v === "number" ? String(v) : v), z.string().max(100)).transform((s) => s.trim()),
  year: z.preprocess(blankToUndefined, z.coerce.number().int().min(2000).max(2100).optional()),
  usyn: z.preprocess((v) => (v == null ? "" : v), z.enum(["", "Y", "N"])),
  menuSeq: optSeq,
});

async function getSurveyList(ctx: CallContext) {
  requireStaff(ctx);
  const body = parseInput(ListBody, ctx.body);
  const qestCnt = sql<number>`(select count(*) from ${surveyQuestions} q where q.sr_seq = ${surveys.srSeq} and q.del = 'N' and q.sq_type <> 0)`.mapWith(Number);
  const sendCnt = sql<number>`(select count(*) from ${surveyRecipients} r where r.sr_seq = ${surveys.srSeq} and r.send_flag = 'Y')`.mapWith(Number);
  const answerCnt = sql<number>`(select count(*) from ${surveyResponses} a where a.sr_seq = ${surveys.srSeq})`.mapWith(Number);
  const rows = await ctx.db
    .select({ s: surveys, userNm: users.userNm, qestCnt, sendCnt, answerCnt })
    .from(surveys)
    .leftJoin(users, eq(users.userSeq, surveys.userSeq))
    .where(
      and(
        eq(surveys.del, "N"),
        body.year ? eq(surveys.year, body.year) : undefined,
        body.usyn ? eq(surveys.usyn, body.usyn) : undefined,
        body.menuSeq ? eq(surveys.linkMenuSeq, body.menuSeq) : undefined,
        body.searchTxt ? ilike(surveys.srName, likePattern(body.searchTxt)) : undefined,
      ),
    )
    .orderBy(desc(surveys.regDt), desc(surveys.srSeq))
    .limit(2000);
  const now = new Date();
  const list = rows.map((r) => ({ ...surveyHeader(r.s, { userNm: r.userNm, qestCnt: r.qestCnt }, now), sendCnt: r.sendCnt, answerCnt: r.answerCnt }));
  return ok({ list, total: list.length });
}

// ---------------------------------------------------------------------------------------------
// getSurveyInfo.do
// ---------------------------------------------------------------------------------------------

async function getSurveyInfo(ctx: CallContext) {
  requireStaff(ctx);
  const { seq: srSeq } = parseInput(SeqBody, ctx.body);
  const s = await liveSurvey(ctx.db, srSeq);
  const doc = await surveyDocument(ctx.db, srSeq);
  const info = {
    ...surveyHeader(s, { userNm: await authorName(ctx.db, s.userSeq), qestCnt: doc.qestList.filter((q) => q.sqType !== 0).length }),
    authTyList: s.authTyList ? s.authTyList.split(",") : [],
    ...doc,
  };
  return ok({ info });
}

// ---------------------------------------------------------------------------------------------
// insertSurveyInfo.do (save; mode D deletes)
// ---------------------------------------------------------------------------------------------

const yn = z.preprocess((v) => (v == null || v === "" ? "N" : v), z.enum(["Y", "N"]));
/** A text field; numbers are accepted as their text (legacy clients send either). */
const text = z.preprocess((v) => (v == null ? "" : typeof v === "number" ? String(v) : v), z.string().max(100_000));
/** A number that the rules still have to see as typed (digits only): kept as text. */
const digitsText = z.preprocess((v) => (v == null ? "" : typeof v === "number" ? String(v) : v), z.string().max(50));
const optSeqOrNull = z.preprocess((v) => (v == null || v === "" || v === 0 || v === "0" ? undefined : v), seq.optional());

const WireItemBody = z.object({ siSeq: optSeqOrNull, score: digitsText, text, usyn: z.preprocess((v) => (v == null || v === "" ? "Y" : v), z.enum(["Y", "N"])), del: yn });
const WireQuestionBody = z.object({
  sqSeq: optSeqOrNull,
  sqType: z.preprocess((v) => (v == null || v === "" ? undefined : v), z.coerce.number().int().min(0).max(2).optional()),
  itemType: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(5).optional()),
  esntlYn: yn,
  scoreOpenYn: yn,
  multiAns: yn,
  sqSubj: text,
  usyn: z.preprocess((v) => (v == null || v === "" ? "Y" : v), z.enum(["Y", "N"])),
  del: yn,
  typeChg: z.preprocess((v) => (v == null ? "" : String(v)), z.enum(["", "1", "2"])),
  itemList: z.preprocess((v) => (v == null ? [] : v), z.array(WireItemBody).max(200)),
});
const WireLectureBody = z.object({ slSeq: optSeqOrNull, slName: text, slTime: digitsText, pfName: text, deptName: text, del: yn });

const SaveBody = z.object({
  seq: optSeqOrNull,
  mode: z.preprocess((v) => (v == null ? "" : v), z.string().max(10)),
  srName: text,
  srContent: text,
  usyn: z.preprocess((v) => (v == null || v === "" ? "Y" : v), z.enum(["Y", "N"])),
  dtYn: yn,
  stDt: text,
  enDt: text,
  prsnInfoYn: yn,
  prsnInfoContent: text,
  slList: z.preprocess((v) => (v == null ? [] : v), z.array(WireLectureBody).max(1000)),
  qestList: z.preprocess((v) => (v == null ? [] : v), z.array(WireQuestionBody).max(2000)),
  authTyList: z.preprocess((v) => (v == null || v === "" ? [] : typeof v === "string" ? v.split(",") : v), z.array(z.union([z.string(), z.number()]).transform((c) => String(c).trim())).max(10)),
});
type SaveInput = z.output<typeof SaveBody>;

/** The save rules of spec 000 §5 run on the editor's state, exactly as the web form checks them. */
function stateOf(body: SaveInput): EditorState {
  const live = body.qestList.filter((q) => q.del !== "Y");
  return {
    seq: body.seq ? String(body.seq) : "",
    srName: body.srName,
    srContent: body.srContent,
    usyn: body.usyn,
    dtYn: body.dtYn,
    stDt: body.dtYn === "Y" ? (parseWireDate(body.stDt) ? body.stDt.slice(0, 16).replace(" ", "T") : "") : "",
    enDt: body.dtYn === "Y" ? (parseWireDate(body.enDt) ? body.enDt.slice(0, 16).replace(" ", "T") : "") : "",
    prsnInfoYn: body.prsnInfoYn,
    prsnInfoContent: body.prsnInfoContent,
    slList: body.slList.filter((l) => l.del !== "Y").map((l) => ({ slSeq: l.slSeq ? String(l.slSeq) : "", slName: l.slName, slTime: l.slTime, pfName: l.pfName, deptName: l.deptName })),
    qestList: live.map((q, i) => {
      const sqType = String(q.sqType ?? 1) as SqType;
      const itemType = sqType === "1" ? String(q.itemType ?? 1) : "";
      return {
        key: `k${i}`,
        sqSeq: q.sqSeq ? String(q.sqSeq) : "",
        sqType,
        itemType,
        esntlYn: q.esntlYn,
        scoreOpenYn: q.scoreOpenYn,
        multiAns: q.multiAns,
        sqSubj: q.sqSubj,
        typeChg: q.typeChg,
        prevSqType: sqType,
        prevItemType: itemType,
        itemList: sqType === "1" ? q.itemList.filter((it) => it.del !== "Y").map((it) => ({ siSeq: it.siSeq ? String(it.siSeq) : "", text: it.text, score: it.score })) : [],
      };
    }),
    delSq: [],
    delSi: [],
    delSl: [],
    nextKey: 1,
  };
}

const badRequest = () => new ApiError(fail(400, OWN_MSG.badRequest));
const digitsOrNull = (v: string) => (/^[0-9]{1,9}$/.test(v.trim()) ? Number(v.trim()) : null);

/**
 * A question or answer choice someone answered is not removed (ADR 0062): its answers would leave
 * the results. The save's transaction is refused whole ('응답이 있는 문항과 답가지는 삭제할 수 없습니다.').
 */
async function refuseAnswered(tx: Tx, answersOf: SQL) {
  const [hit] = await tx.select({ saSeq: surveyAnswers.saSeq }).from(surveyAnswers).where(answersOf).limit(1);
  if (hit) throw new ApiError(fail(409, OWN_MSG.surveyAnsweredQuestion));
}

/** Saves the rows of one survey: updates and inserts the live ones, soft-deletes removed ones. */
async function saveRows(tx: Tx, srSeq: number, body: SaveInput, isNew: boolean) {
  const [oldQuestions, oldLectures] = isNew
    ? [[], []]
    : await Promise.all([
        tx.select({ sqSeq: surveyQuestions.sqSeq }).from(surveyQuestions).where(and(eq(surveyQuestions.srSeq, srSeq), eq(surveyQuestions.del, "N"))),
        tx.select({ slSeq: surveyLectures.slSeq }).from(surveyLectures).where(and(eq(surveyLectures.srSeq, srSeq), eq(surveyLectures.del, "N"))),
      ]);
  const ownQuestions = new Set(oldQuestions.map((q) => q.sqSeq));
  const ownLectures = new Set(oldLectures.map((l) => l.slSeq));

  // lectures
  const keptLectures = new Set<number>();
  let sort = 0;
  for (const l of body.slList) {
    if (l.slSeq && !ownLectures.has(l.slSeq)) throw badRequest();
    if (l.del === "Y" || (!l.slName.trim() && !l.slTime.trim() && !l.pfName.trim() && !l.deptName.trim())) continue;
    const values = { sort: ++sort, slName: l.slName.trim(), slTime: digitsOrNull(l.slTime), pfName: l.pfName.trim(), deptName: l.deptName.trim() };
    if (l.slSeq) {
      keptLectures.add(l.slSeq);
      await tx.update(surveyLectures).set(values).where(eq(surveyLectures.slSeq, l.slSeq));
    } else {
      await tx.insert(surveyLectures).values({ srSeq, ...values });
    }
  }
  const goneLectures = [...ownLectures].filter((s) => !keptLectures.has(s));
  if (goneLectures.length) await tx.update(surveyLectures).set({ del: "Y" }).where(inArray(surveyLectures.slSeq, goneLectures));

  // questions and their items
  const keptQuestions = new Set<number>();
  let sqSort = 0;
  let sqNo = 0;
  for (const q of body.qestList) {
    if (q.sqSeq && !ownQuestions.has(q.sqSeq)) throw badRequest();
    if (q.del === "Y") continue;
    const sqType = q.sqType ?? 1;
    const values = {
      sqSort: ++sqSort,
      sqNo: sqType === 0 ? null : ++sqNo,
      sqType,
      itemType: sqType === 1 ? q.itemType ?? 1 : null,
      esntlYn: sqType === 0 ? ("N" as const) : q.esntlYn,
      scoreOpenYn: sqType === 1 ? q.scoreOpenYn : ("N" as const),
      multiAns: sqType === 1 ? q.multiAns : ("N" as const),
      sqSubj: q.sqSubj.trim(),
      usyn: q.usyn,
    };
    let sqSeq: number;
    if (q.sqSeq) {
      sqSeq = q.sqSeq;
      keptQuestions.add(sqSeq);
      await tx.update(surveyQuestions).set(values).where(eq(surveyQuestions.sqSeq, sqSeq));
    } else {
      [{ sqSeq }] = await tx.insert(surveyQuestions).values({ srSeq, ...values }).returning({ sqSeq: surveyQuestions.sqSeq });
    }
    const oldItems = q.sqSeq
      ? await tx.select({ siSeq: surveyItems.siSeq }).from(surveyItems).where(and(eq(surveyItems.sqSeq, sqSeq), eq(surveyItems.del, "N")))
      : [];
    const ownItems = new Set(oldItems.map((i) => i.siSeq));
    const keptItems = new Set<number>();
    const inserts: (typeof surveyItems.$inferInsert)[] = [];
    let itemSort = 0;
    for (const it of sqType === 1 ? q.itemList : []) {
      if (it.siSeq && !ownItems.has(it.siSeq)) {
        // an item of another question (or already deleted): only a deletion may name it, and it changes nothing
        if (it.del === "Y") continue;
        throw badRequest();
      }
      if (it.del === "Y") continue;
      const v = { sort: ++itemSort, score: digitsOrNull(it.score), text: it.text.trim(), usyn: it.usyn };
      if (it.siSeq) {
        keptItems.add(it.siSeq);
        await tx.update(surveyItems).set(v).where(eq(surveyItems.siSeq, it.siSeq));
      } else inserts.push({ sqSeq, ...v });
    }
    if (inserts.length) await tx.insert(surveyItems).values(inserts);
    const goneItems = [...ownItems].filter((s) => !keptItems.has(s));
    if (goneItems.length) await refuseAnswered(tx, inArray(surveyAnswers.siSeq, goneItems));
    if (goneItems.length) await tx.update(surveyItems).set({ del: "Y" }).where(inArray(surveyItems.siSeq, goneItems));
  }
  const goneQuestions = [...ownQuestions].filter((s) => !keptQuestions.has(s));
  if (goneQuestions.length) {
    await refuseAnswered(tx, inArray(surveyAnswers.sqSeq, goneQuestions));
    await tx.update(surveyQuestions).set({ del: "Y" }).where(inArray(surveyQuestions.sqSeq, goneQuestions));
    await tx.update(surveyItems).set({ del: "Y" }).where(inArray(surveyItems.sqSeq, goneQuestions));
  }
}

async function insertSurveyInfo(ctx: CallContext) {
  const auth = requireStaff(ctx);
  const body = parseInput(SaveBody, ctx.body);

  if (body.mode.toUpperCase() === "D") {
    if (!body.seq) return fail(400, OWN_MSG.badRequest);
    await liveSurvey(ctx.db, body.seq);
    // a survey someone answered is refused (ADR 0062): its answers stay in its results
    const answered = sql`exists (select 1 from ${surveyResponses} a where a.sr_seq = ${surveys.srSeq})`;
    const done = await ctx.db
      .update(surveys)
      .set({ del: "Y", uptDt: new Date(), uptUserSeq: auth.user.userSeq })
      .where(and(eq(surveys.srSeq, body.seq), eq(surveys.del, "N"), sql`not ${answered}`))
      .returning({ srSeq: surveys.srSeq });
    if (!done.length) return fail(409, OWN_MSG.surveyAnsweredNoDelete);
    return ok(null, MSG.deleted);
  }
  if (body.mode && body.mode.toUpperCase() !== "I" && body.mode.toUpperCase() !== "U") return fail(400, OWN_MSG.badRequest);

  const issues = validateSurvey(stateOf(body));
  if (issues.length) return fail(400, issues[0].message);
  const codes = [...new Set(body.authTyList.filter(Boolean))];
  if (!codes.every((c) => c === "1" || c === "2")) return fail(400, OWN_MSG.badRequest);

  const header = {
    srName: body.srName.trim(),
    srContent: body.srContent.trim(),
    usyn: body.usyn,
    dtYn: body.dtYn,
    stDt: body.dtYn === "Y" ? parseWireDate(body.stDt) : null,
    enDt: body.dtYn === "Y" ? parseWireDate(body.enDt) : null,
    prsnInfoYn: body.prsnInfoYn,
    prsnInfoContent: body.prsnInfoYn === "Y" ? body.prsnInfoContent.trim() : "",
    authTyList: joinAuthorities(codes.length ? codes : auth.authorities),
  };
  const srSeq = await ctx.db.transaction(async (tx) => {
    if (body.seq) {
      await liveSurvey(tx, body.seq);
      await tx.update(surveys).set({ ...header, uptDt: new Date(), uptUserSeq: auth.user.userSeq }).where(eq(surveys.srSeq, body.seq));
      await saveRows(tx, body.seq, body, false);
      return body.seq;
    }
    const [row] = await tx
      .insert(surveys)
      .values({ ...header, year: seoulYear(), userSeq: auth.user.userSeq, uptUserSeq: auth.user.userSeq })
      .returning({ srSeq: surveys.srSeq });
    await saveRows(tx, row.srSeq, body, true);
    return row.srSeq;
  });
  return ok({ seq: srSeq }, MSG.saved);
}

// ---------------------------------------------------------------------------------------------
// copySurvey.do, linkSurvey.do
// ---------------------------------------------------------------------------------------------

/** Copies a survey's document into a new survey of this year (not linked, no recipients or answers). */
export async function copySurveyRows(tx: Tx, source: SurveyRow, userSeq: number, name = `${source.srName} (복사본)`.slice(0, 200)): Promise<number> {
  const doc = await surveyDocument(tx, source.srSeq);
  const [row] = await tx
    .insert(surveys)
    .values({
      year: seoulYear(),
      srName: name,
      srContent: source.srContent,
      usyn: source.usyn,
      dtYn: source.dtYn,
      stDt: source.stDt,
      enDt: source.enDt,
      prsnInfoYn: source.prsnInfoYn,
      prsnInfoContent: source.prsnInfoContent,
      authTyList: source.authTyList,
      userSeq,
      uptUserSeq: userSeq,
    })
    .returning({ srSeq: surveys.srSeq });
  if (doc.slList.length) {
    await tx.insert(surveyLectures).values(doc.slList.map((l, i) => ({ srSeq: row.srSeq, sort: i + 1, slName: l.slName, slTime: l.slTime, pfName: l.pfName, deptName: l.deptName })));
  }
  for (const q of doc.qestList) {
    const [nq] = await tx
      .insert(surveyQuestions)
      .values({ srSeq: row.srSeq, sqSort: q.sqSort, sqNo: q.sqNo, sqType: q.sqType, itemType: q.itemType, esntlYn: q.esntlYn, scoreOpenYn: q.scoreOpenYn, multiAns: q.multiAns, sqSubj: q.sqSubj, usyn: q.usyn })
      .returning({ sqSeq: surveyQuestions.sqSeq });
    if (q.itemList.length) {
      await tx.insert(surveyItems).values(q.itemList.map((it, i) => ({ sqSeq: nq.sqSeq, sort: i + 1, score: it.score, text: it.text, usyn: it.usyn })));
    }
  }
  return row.srSeq;
}

async function copySurvey(ctx: CallContext) {
  const auth = requireStaff(ctx);
  const { seq: srSeq } = parseInput(SeqBody, ctx.body);
  const source = await liveSurvey(ctx.db, srSeq);
  const copySrSeq = await ctx.db.transaction((tx) => copySurveyRows(tx, source, auth.user.userSeq));
  return ok({ copySrSeq }, MSG.copied);
}

const LinkBody = z.object({ menuSeq: seq, srSeq: seq });

async function linkSurvey(ctx: CallContext) {
  const auth = requireStaff(ctx);
  const body = parseInput(LinkBody, ctx.body);
  const [menu] = await ctx.db.select().from(menus).where(eq(menus.menuSeq, body.menuSeq)).limit(1);
  if (!menu || menu.menuTy !== "SURVEY") return fail(400, OWN_MSG.badRequest);
  const s = await liveSurvey(ctx.db, body.srSeq);
  if (s.linkMenuSeq) return fail(409, OWN_MSG.surveyAlreadyLinked);
  await ctx.db.update(surveys).set({ linkMenuSeq: body.menuSeq, uptDt: new Date(), uptUserSeq: auth.user.userSeq }).where(eq(surveys.srSeq, body.srSeq));
  return ok(null, OWN_MSG.surveyLinked);
}

// ---------------------------------------------------------------------------------------------
// Recipients: sendingUserList.do, addUsers, sendUser.do, getSendOutbox.do
// ---------------------------------------------------------------------------------------------

const SEND_ATTN = ["0000600001", "0000600002", "0000600005"] as const;
const codeList = z.preprocess(
  (v) => (v == null || v === "" ? [] : typeof v === "string" ? v.split(",") : Array.isArray(v) ? v : [v]),
  z.array(z.union([z.string(), z.number()]).transform((c) => String(c).trim())).max(50),
);
const srSeqField = z.preprocess((v) => v, seq);

const SendingListBody = z.object({
  srSeq: srSeqField,
  year: z.preprocess(blankToUndefined, z.coerce.number().int().min(2000).max(2100).optional()),
  value: z.preprocess((v) => (v == null ? "" : typeof v === "number" ? String(v) : v), z.string().max(100)).transform((s) => s.trim()),
  agreeYn: z.preprocess((v) => (v == null || v === "" || (Array.isArray(v) && (v.length === 0 || v.length === 2)) ? "" : Array.isArray(v) ? v[0] : v), z.enum(["", "Y", "N"])),
  attn: codeList,
});

export interface RecipientDto extends SendPerson {
  attnCd: string;
  sendFlag: string;
  sendYn: string;
  sendCnt: number;
  sendDt: string | null;
  answerDt: string | null;
  regDt: string | null;
  year: number;
}

async function recipientRows(db: Db | Tx, srSeq: number, filter: { year?: number; value?: string; agreeYn?: string; attn?: string[]; usSeqs?: number[] }): Promise<RecipientDto[]> {
  const rows = await db
    .select({
      r: surveyRecipients,
      stId: students.id,
      stName: students.name,
      attnCd: students.attnCd,
      grdeCd: students.grdeCd,
      stTel: students.telNo,
      stEmail: students.email,
      stEmailCd: students.emailCd,
      pfId: professors.id,
      pfName: professors.name,
      pfDpt: professors.dptCd,
      pfTel: professors.telNo,
      pfEmail: professors.email,
      pfEmailCd: professors.emailCd,
      answerDt: surveyResponses.regDt,
    })
    .from(surveyRecipients)
    .leftJoin(students, and(eq(students.usSeq, surveyRecipients.usSeq), eq(students.year, surveyRecipients.year), eq(students.del, "N"), eq(surveyRecipients.usTy, "1")))
    .leftJoin(professors, and(eq(professors.usSeq, surveyRecipients.usSeq), eq(professors.year, surveyRecipients.year), eq(professors.del, "N"), eq(surveyRecipients.usTy, "2")))
    .leftJoin(surveyResponses, and(eq(surveyResponses.srSeq, surveyRecipients.srSeq), eq(surveyResponses.usSeq, surveyRecipients.usSeq)))
    .where(
      and(
        eq(surveyRecipients.srSeq, srSeq),
        filter.year ? eq(surveyRecipients.year, filter.year) : undefined,
        filter.usSeqs ? inArray(surveyRecipients.usSeq, filter.usSeqs.length ? filter.usSeqs : [0]) : undefined,
        filter.agreeYn === "Y" ? sql`${surveyResponses.rsSeq} is not null` : filter.agreeYn === "N" ? isNull(surveyResponses.rsSeq) : undefined,
        filter.attn && filter.attn.length ? inArray(students.attnCd, filter.attn) : undefined,
        filter.value
          ? or(ilike(students.name, likePattern(filter.value)), ilike(students.id, likePattern(filter.value)), ilike(professors.name, likePattern(filter.value)), ilike(professors.id, likePattern(filter.value)))
          : undefined,
      ),
    )
    .orderBy(asc(surveyRecipients.sendFlag), sql`coalesce(${students.id}, ${professors.id})`, asc(surveyRecipients.usSeq));
  const year = filter.year ?? seoulYear();
  const [attnNames, gradeNames, deptNames, domains] = await Promise.all([
    codeNames(db, CODE.enrolment, year),
    codeNames(db, CODE.grades, year),
    codeNames(db, CODE.departments, year),
    codeNames(db, CODE.emailDomains, year),
  ]);
  const mail = (local: string | null, cd: string | null) => (local && cd && domains.get(cd) ? `${local}@${domains.get(cd)}` : "");
  return rows.map((x) => ({
    usSeq: x.r.usSeq,
    usTy: x.r.usTy,
    id: x.stId ?? x.pfId ?? "",
    name: x.stName ?? x.pfName ?? "",
    dpt: x.pfDpt ? deptNames.get(x.pfDpt) ?? "" : "",
    grde: x.grdeCd ? gradeNames.get(x.grdeCd) ?? "" : "",
    status: x.attnCd ? attnNames.get(x.attnCd) ?? "" : "",
    attnCd: x.attnCd ?? "",
    telNo: x.stTel ?? x.pfTel ?? "",
    email: x.stId ? mail(x.stEmail, x.stEmailCd) : mail(x.pfEmail, x.pfEmailCd),
    sendFlag: x.r.sendFlag,
    sendYn: x.answerDt ? "Y" : "N",
    sendCnt: x.r.sendCnt,
    sendDt: formatWireDate(x.r.sendDt),
    answerDt: formatWireDate(x.answerDt),
    regDt: formatWireDate(x.r.regDt),
    year: x.r.year,
  }));
}

async function sendingUserList(ctx: CallContext) {
  requireStaff(ctx);
  const body = parseInput(SendingListBody, ctx.body);
  const s = await liveSurvey(ctx.db, body.srSeq);
  const attn = body.attn.filter((c) => (SEND_ATTN as readonly string[]).includes(c));
  if (attn.length !== body.attn.length) return fail(400, OWN_MSG.badRequest);
  const list = await recipientRows(ctx.db, body.srSeq, { year: body.year, value: body.value, agreeYn: body.agreeYn, attn });
  return ok({ info: { srSeq: s.srSeq, srName: s.srName, status: STATE_LABEL[surveyState(s)], statusCd: surveyState(s) }, list, total: list.length });
}

const userRef = z.union([
  seq.transform((usSeq) => ({ usSeq, usTy: undefined as string | undefined })),
  z.object({ usSeq: seq, usTy: z.preprocess((v) => (v == null || v === "" ? undefined : String(v)), z.enum(["1", "2"]).optional()) }),
]);
const AddUsersBody = z.object({
  srSeq: srSeqField,
  year: z.preprocess(blankToUndefined, z.coerce.number().int().min(2000).max(2100).optional()),
  usTy: z.preprocess((v) => (v == null || v === "" ? "1" : String(v)), z.enum(["1", "2"])),
  users: z.preprocess((v) => (v == null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(userRef).max(2000)),
});

async function addUsers(ctx: CallContext) {
  const auth = requireStaff(ctx);
  const body = parseInput(AddUsersBody, ctx.body);
  await liveSurvey(ctx.db, body.srSeq);
  if (body.users.length === 0) return fail(400, MSG.surveySelectUsers);
  const year = body.year ?? seoulYear();
  const wanted = [...new Set(body.users.map((u) => u.usSeq))];
  const usTyOf = new Map(body.users.map((u) => [u.usSeq, u.usTy ?? body.usTy]));
  const stRows = await ctx.db
    .select({ usSeq: students.usSeq, attnCd: students.attnCd })
    .from(students)
    .where(and(inArray(students.usSeq, wanted), eq(students.year, year), eq(students.del, "N")));
  const pfRows = await ctx.db
    .select({ usSeq: professors.usSeq })
    .from(professors)
    .where(and(inArray(professors.usSeq, wanted), eq(professors.year, year), eq(professors.del, "N")));
  const isStudent = new Set(stRows.map((r) => r.usSeq));
  const isProfessor = new Set(pfRows.map((r) => r.usSeq));
  const rows = wanted.map((usSeq) => {
    const usTy = usTyOf.get(usSeq) === "2" ? "2" : "1";
    if (usTy === "1" ? !isStudent.has(usSeq) : !isProfessor.has(usSeq)) throw new ApiError(fail(400, OWN_MSG.surveySendNoStudent));
    return { srSeq: body.srSeq, usSeq, usTy, year };
  });
  // the user's reach (issue 37 item 7, ADR 0067): a caller who is no administrator adds only what
  // the add dialog offers, the year's students in a send status (spec 000 §7)
  const sendable = new Set(stRows.filter((r) => (SEND_ATTN as readonly string[]).includes(r.attnCd ?? "")).map((r) => r.usSeq));
  if (!auth.isAdmin && rows.some((r) => r.usTy !== "1" || !sendable.has(r.usSeq))) return fail(403, OWN_MSG.recipientOutsideReach);
  const inserted = await ctx.db.insert(surveyRecipients).values(rows).onConflictDoNothing().returning({ usSeq: surveyRecipients.usSeq });
  return ok({ added: inserted.length }, MSG.added);
}

const SendBody = z.object({
  srSeq: srSeqField,
  users: z.preprocess(
    (v) => (v == null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.union([seq, z.object({ usSeq: seq }).transform((u) => u.usSeq)])).max(2000),
  ),
  /** our addition: the site's origin for absolute links in messages (e.g. 'https://edu.example.ac.kr') */
  baseUrl: z.preprocess((v) => (v == null ? "" : v), z.string().max(200).regex(/^(https?:\/\/[A-Za-z0-9.:[\]-]+)?$/)),
  /** our addition (ADR 0030): the posted form's send key; the same key again finds the same job */
  sendKey: z.preprocess((v) => (typeof v === "string" && SEND_KEY_RE.test(v) ? v : undefined), z.string().optional()),
});

/**
 * Sends the personal links as a job (issue 18 "Long work", ADR 0030): the recipients' outbox
 * rows and the job are written in one transaction and the reply goes at once, with `jobSeq`;
 * the mails go out after it (lib/jobs.server.ts). The same send key again answers the first
 * job and mails nobody twice (`already`).
 */
async function sendUser(ctx: CallContext) {
  const auth = requireStaff(ctx);
  const body = parseInput(SendBody, ctx.body);
  const s = await liveSurvey(ctx.db, body.srSeq);
  const wanted = [...new Set(body.users)];
  if (wanted.length === 0) return fail(400, MSG.surveySelectUsers);
  const recipients = await recipientRows(ctx.db, body.srSeq, { usSeqs: wanted });
  // everyone named must be on this survey's list (ADR 0062): a forged post sends to nobody
  if (recipients.length !== wanted.length) return fail(404, OWN_MSG.recipientNotOnList);

  const now = new Date();
  const exp = linkExpiry(now, s.dtYn === "Y" ? s.enDt : null);
  const window = s.dtYn === "Y" ? `응답 기간: ${formatWireDate(s.stDt)?.slice(0, 16)} ~ ${formatWireDate(s.enDt)?.slice(0, 16)}\n` : "";
  const outbox: (typeof surveyOutbox.$inferInsert)[] = [];
  for (const r of recipients) {
    const link = await personalLink(ctx.db, s.srSeq, r.usSeq, exp);
    const url = `${body.baseUrl}${link}`;
    outbox.push({
      srSeq: s.srSeq,
      usSeq: r.usSeq,
      channel: "outbox",
      toAddr: r.email || null,
      subject: `[설문 안내] ${s.srName}`.slice(0, 300),
      body: `${r.name}님, 아래 설문에 응답해 주세요.\n\n${s.srName}\n${window}\n응답하기: ${url}\n\n이 링크는 ${r.name}님 전용입니다. 다른 사람에게 전달하지 마세요.`,
      link: url,
      expiresAt: new Date(exp * 1000),
      status: "pending",
      senderSeq: auth.user.userSeq,
    });
  }
  const jobKey = jobKeyOf("surveySend", `survey:${s.srSeq}`, auth.user.userSeq, body.sendKey);
  const { job, created, queued } = await ctx.db.transaction(async (tx) => {
    const opened = await openSendJob(tx, { kind: "surveySend", target: `survey:${s.srSeq}`, ownerSeq: auth.user.userSeq, jobKey });
    if (!opened.created) return { ...opened, queued: 0 };
    // a mail to send stays 'pending' until the job delivers it; no mail (no SMTP, no address): kept now
    for (const o of outbox) if (!willMail(o.toAddr ?? null)) o.status = "kept";
    const rows = await tx.insert(surveyOutbox).values(outbox).returning({ obSeq: surveyOutbox.obSeq, usSeq: surveyOutbox.usSeq, toAddr: surveyOutbox.toAddr, status: surveyOutbox.status });
    await tx
      .update(surveyRecipients)
      .set({ sendFlag: "Y", sendCnt: sql`${surveyRecipients.sendCnt} + 1`, sendDt: now })
      .where(and(eq(surveyRecipients.srSeq, s.srSeq), inArray(surveyRecipients.usSeq, wanted)));
    const items = rows.map((r) => ({ usSeq: r.usSeq, obSeq: r.obSeq, to: r.toAddr, queued: r.status === "pending" }));
    return { job: await addJobItems(tx, opened.job, items), created: true, queued: items.filter((i) => i.queued).length };
  });
  if (!created) return ok({ sent: 0, already: wanted.length, mailed: 0, channel: smtpConfigured() ? "smtp" : "outbox", jobSeq: job.jobSeq, job: jobDto(job) }, OWN_MSG.jobAlreadySent);
  if (queued) kickJobs(ctx.db);
  return ok({ sent: recipients.length, already: 0, mailed: 0, queued, channel: smtpConfigured() ? "smtp" : "outbox", jobSeq: job.jobSeq, job: jobDto(job) }, MSG.sent);
}

const OutboxBody = z.object({ srSeq: srSeqField });

/** Our addition: the latest delivery of each recipient (the personal link staff pass on). */
async function getSendOutbox(ctx: CallContext) {
  requireStaff(ctx);
  const { srSeq } = parseInput(OutboxBody, ctx.body);
  await liveSurvey(ctx.db, srSeq);
  const rows = await ctx.db
    .selectDistinctOn([surveyOutbox.usSeq], {
      obSeq: surveyOutbox.obSeq,
      usSeq: surveyOutbox.usSeq,
      channel: surveyOutbox.channel,
      toAddr: surveyOutbox.toAddr,
      subject: surveyOutbox.subject,
      body: surveyOutbox.body,
      link: surveyOutbox.link,
      expiresAt: surveyOutbox.expiresAt,
      status: surveyOutbox.status,
      regDt: surveyOutbox.regDt,
    })
    .from(surveyOutbox)
    .where(eq(surveyOutbox.srSeq, srSeq))
    .orderBy(asc(surveyOutbox.usSeq), desc(surveyOutbox.regDt), desc(surveyOutbox.obSeq));
  const list = rows.map((r) => ({ ...r, expiresAt: formatWireDate(r.expiresAt), regDt: formatWireDate(r.regDt) }));
  return ok({ list, smtp: smtpConfigured() });
}

export const surveyRoutes: RouteDef[] = [
  { path: "/api/survey/getSurveyList.do", auth: "required", handler: getSurveyList },
  { path: "/api/survey/getSurveyInfo.do", auth: "required", handler: getSurveyInfo },
  { path: "/api/survey/insertSurveyInfo.do", auth: "required", handler: insertSurveyInfo },
  { path: "/api/survey/copySurvey.do", auth: "required", handler: copySurvey },
  { path: "/api/survey/linkSurvey.do", auth: "required", handler: linkSurvey },
  { path: "/api/survey/sendingUserList.do", auth: "required", handler: sendingUserList },
  { path: "/api/survey/addUsers", auth: "required", handler: addUsers },
  { path: "/api/survey/addUsers.do", auth: "required", handler: addUsers },
  { path: "/api/survey/sendUser.do", auth: "required", handler: sendUser },
  { path: "/api/survey/getSendOutbox.do", auth: "required", handler: getSendOutbox },
];
