/**
 * Surveys (spec 000 §7 Surveys; issue 5; docs/contract.md "Surveys"): the management list, a
 * survey's document, saving (insert, update, soft deletion of rows, mode D deletes the survey),
 * copying and linking to a SURVEY menu, and what the other survey modules share (the document,
 * the state, the header). Results and the answers export are in survey-result.server.ts,
 * recipients and sending in survey-send.server.ts, the public answer calls in
 * survey-answer.server.ts.
 *
 * Every management call needs a staff authority (1 or 2) or an administrator. A deleted survey
 * (del Y) is unknown to every call.
 */
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { joinAuthorities } from "../../schemas/rules";
import { validateSurvey, type EditorState, type SqType } from "../../schemas/survey";
import type { AskItem, AskQuestion } from "../../schemas/survey-answers";
import type { Db, Tx } from "../db/client.server";
import {
  commCodes,
  menus,
  surveyAnswers,
  surveyItems,
  surveyLectures,
  surveyQuestions,
  surveyRecipients,
  surveyResponses,
  surveys,
  users,
  type SurveyRow,
} from "../db/schema";
import { requireAuth, route, type AuthInfo, type CallContext, type RouteDef } from "../lib/context.server";
import { SURVEY } from "../../calls/survey";
import { ApiError, fail, ok, parseInput } from "../lib/envelope.server";
import { formatWireDate, seoulYear } from "../lib/time";
import { likePattern, seqField } from "../lib/people.server";

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

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

export const seq = seqField;
export const blankToUndefined = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : v);
export const optSeq = z.preprocess(blankToUndefined, seq.optional());
export const SeqBody = z.object({ seq });

/** A live survey or a 404 business error. */
export async function liveSurvey(db: Db | Tx, srSeq: number): Promise<SurveyRow> {
  const [row] = await db.select().from(surveys).where(and(eq(surveys.srSeq, srSeq), eq(surveys.del, "N"))).limit(1);
  if (!row) throw new ApiError(fail(404, MSG.noData));
  return row;
}

/** Code names of a group: the given year's, else any year's (newest first). */
export async function codeNames(db: Db | Tx, cmmnCd: string, year: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: commCodes.code, codeNm: commCodes.codeNm, year: commCodes.year })
    .from(commCodes)
    .where(eq(commCodes.cmmnCd, cmmnCd))
    .orderBy(sql`(${commCodes.year} = ${year}) desc`, desc(commCodes.year));
  const out = new Map<string, string>();
  for (const r of rows) if (!out.has(r.code)) out.set(r.code, r.codeNm);
  return out;
}


// ---------------------------------------------------------------------------------------------
// The survey document
// ---------------------------------------------------------------------------------------------

/** A stored choice: what the answer page asks of it, and its state. */
export interface SurveyItemDto extends AskItem {
  usyn: string;
  del: string;
}
/** A stored question: what the answer page asks of it, its place and its state. */
export interface SurveyQuestionDto extends Omit<AskQuestion, "itemList"> {
  sqSort: number;
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

export const surveyRoutes: RouteDef[] = [
  route(SURVEY.list, "required", getSurveyList),
  route(SURVEY.info, "required", getSurveyInfo),
  route(SURVEY.save, "required", insertSurveyInfo),
  route(SURVEY.copy, "required", copySurvey),
  route(SURVEY.link, "required", linkSurvey),
];
