/**
 * Survey calls (spec 000 §7 Surveys; issue 5; docs/contract.md "Surveys", "Survey answers"):
 * management (list, document, save, delete, copy), recipients and sending, results, and the
 * public answer calls (no session).
 */
import { z } from "zod";
import type { WireSurveyBody } from "~/schemas/survey";
import { sendReply, type SendReply } from "./job.server";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { listOf, type ListQuery } from "../wire";

const str = z.string().nullish().transform((v) => v ?? "");
const num = z.coerce.number();
const optNum = z.union([z.number(), z.string()]).nullish().transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)));

export const wireSurveySummary = z
  .object({
    srSeq: num,
    srName: z.string(),
    qestCnt: z.coerce.number().nullish().transform((v) => v ?? 0),
    usyn: str,
    status: str,
    statusCd: str,
    userNm: str,
    regDt: str,
    uptDt: str,
    linkYn: str,
    dtYn: str,
    stDt: str,
    enDt: str,
    sendCnt: z.coerce.number().nullish().transform((v) => v ?? 0),
    answerCnt: z.coerce.number().nullish().transform((v) => v ?? 0),
  })
  .passthrough();
export type WireSurveySummary = z.infer<typeof wireSurveySummary>;

const wireItem = z.object({ siSeq: num, score: optNum, text: str, usyn: str, del: str }).passthrough();
const wireQuestion = z
  .object({
    sqSeq: num,
    sqNo: optNum,
    sqSort: optNum,
    sqType: num,
    itemType: optNum,
    esntlYn: str,
    scoreOpenYn: str,
    multiAns: str,
    sqSubj: str,
    usyn: str,
    del: str,
    itemList: z.array(wireItem).nullish().transform((v) => v ?? []),
  })
  .passthrough();
const wireLecture = z.object({ slSeq: num, slName: str, slTime: optNum, pfName: str, deptName: str, del: str }).passthrough();

export const wireSurveyInfo = wireSurveySummary.extend({
  srContent: str,
  prsnInfoYn: str,
  prsnInfoContent: str,
  slList: z.array(wireLecture).nullish().transform((v) => v ?? []),
  qestList: z.array(wireQuestion).nullish().transform((v) => v ?? []),
});
export type WireSurveyInfo = z.infer<typeof wireSurveyInfo>;

/** A year's surveys (paging and sorting asked for; a backend that does not page answers all of them). */
export function surveyList(session: TokenHolder, filter: { searchTxt: string; year: number | string; menuSeq?: number; usyn?: string } & ListQuery) {
  const { searchTxt, year, menuSeq, usyn, ...query } = filter;
  return legacyPost(
    "/api/survey/getSurveyList.do",
    { searchTxt, year: String(year), menuSeq: menuSeq ?? "", usyn: usyn ?? "", cmmnList: [], ...query },
    listOf(wireSurveySummary).extend({ total: z.coerce.number().optional() }),
    { session },
  );
}

/** Links a survey to a menu of type SURVEY (spec 000 §7 linkSurvey.do; a linked survey is refused). Answers the server's message. */
export async function linkSurvey(session: TokenHolder, menuSeq: number, srSeq: number): Promise<string> {
  const r = await legacyPost("/api/survey/linkSurvey.do", { menuSeq, srSeq }, z.object({ message: str }).passthrough(), { session, whole: true });
  return r.message;
}

export async function surveyInfo(session: TokenHolder, seq: number) {
  return (await legacyPost("/api/survey/getSurveyInfo.do", { seq }, z.object({ info: wireSurveyInfo }).passthrough(), { session })).info;
}

/** Saves (insert without seq, update with it); answers the survey's seq. */
export async function saveSurvey(session: TokenHolder, body: WireSurveyBody, auth: string) {
  const r = await legacyPost(
    "/api/survey/insertSurveyInfo.do",
    { ...body, authTyList: ["1", "2"], auth },
    z.object({ seq: z.coerce.number().nullish() }).passthrough().nullish(),
    { session },
  );
  return r?.seq ?? body.seq ?? null;
}

export function deleteSurvey(session: TokenHolder, seq: number, auth: string) {
  return legacyPost("/api/survey/insertSurveyInfo.do", { seq, mode: "D", authTyList: ["1", "2"], auth }, z.unknown(), { session });
}

/** The copy's id, or null when the server gave none ('복사 실패하였습니다.'). */
export async function copySurvey(session: TokenHolder, seq: number): Promise<number | null> {
  const r = await legacyPost("/api/survey/copySurvey.do", { seq }, z.object({ copySrSeq: z.coerce.number().nullish() }).passthrough().nullish(), { session });
  return r?.copySrSeq ?? null;
}

// ---- results ----

const wireResultItem = z.object({ siSeq: num, text: str, score: optNum, count: num, percent: num }).passthrough();
export const wireSurveyResult = z
  .object({
    info: wireSurveySummary.extend({ srContent: str, prsnInfoYn: str }),
    summary: z.object({
      recipientCnt: num,
      sentCnt: num,
      answerCnt: num,
      recipientAnswerCnt: num,
      publicAnswerCnt: num,
      responseRate: z.number().nullable(),
    }),
    questions: z.array(
      z
        .object({
          sqSeq: num,
          sqNo: optNum,
          sqType: num,
          itemType: optNum,
          esntlYn: str,
          multiAns: str,
          sqSubj: str,
          answerCnt: num,
          mean: z.number().nullable(),
          items: z.array(wireResultItem),
          texts: z.array(z.object({ rsSeq: num, text: z.string(), regDt: str }).passthrough()),
        })
        .passthrough(),
    ),
    lectures: z.array(
      z
        .object({
          slSeq: num,
          slName: str,
          slTime: optNum,
          pfName: str,
          deptName: str,
          answerCnt: num,
          questions: z.array(z.object({ sqSeq: num, answerCnt: num, mean: z.number().nullable(), items: z.array(wireResultItem) }).passthrough()),
        })
        .passthrough(),
    ),
  })
  .passthrough();
export type WireSurveyResult = z.infer<typeof wireSurveyResult>;

export function surveyResult(session: TokenHolder, seq: number) {
  return legacyPost("/api/survey/getSurveyResult.do", { seq }, wireSurveyResult, { session });
}

export const wireSurveyAnswers = z
  .object({
    info: z.object({ srSeq: num, srName: z.string(), prsnInfoYn: str }).passthrough(),
    qestList: z.array(wireQuestion),
    slList: z.array(wireLecture),
    list: z.array(
      z
        .object({
          rsSeq: num,
          regDt: str,
          respondent: str,
          id: str,
          name: str,
          slSeq: optNum,
          slName: str,
          prsnAgreeYn: str,
          answers: z.array(z.object({ sqSeq: num, siSeqs: z.array(num), text: str })),
        })
        .passthrough(),
    ),
  })
  .passthrough();
export type WireSurveyAnswers = z.infer<typeof wireSurveyAnswers>;

export function surveyAnswers(session: TokenHolder, seq: number) {
  return legacyPost("/api/survey/getSurveyAnswers.do", { seq }, wireSurveyAnswers, { session, timeoutMs: 60_000 });
}

// ---- recipients and sending ----

export const wireRecipient = z
  .object({
    usSeq: num,
    usTy: str,
    id: str,
    name: str,
    dpt: str,
    grde: str,
    status: str,
    telNo: str,
    email: str,
    sendFlag: str,
    sendYn: str,
    sendCnt: z.coerce.number().nullish().transform((v) => v ?? 0),
    sendDt: str,
    answerDt: str,
    regDt: str,
  })
  .passthrough();
export type WireRecipient = z.infer<typeof wireRecipient>;

export async function sendingUsers(session: TokenHolder, srSeq: number, filter: { year: number; value: string; agreeYn: string; attn: string[] }) {
  return legacyPost(
    "/api/survey/sendingUserList.do",
    { srSeq, year: filter.year, value: filter.value, agreeYn: filter.agreeYn, attn: filter.attn },
    z.object({ info: z.object({ srSeq: num, srName: z.string(), status: str }).passthrough().nullish(), list: z.array(wireRecipient) }).passthrough(),
    { session },
  );
}

export function addRecipients(session: TokenHolder, srSeq: number, year: number, usSeqs: number[]) {
  return legacyPost("/api/survey/addUsers", { srSeq, year, usTy: "1", users: usSeqs.map((usSeq) => ({ usSeq, usTy: "1" })) }, z.unknown(), { session });
}

/**
 * Sends the personal links. `sendKey` (ADR 0030) makes a double post find the first send; the
 * embedded backend answers `jobSeq` (the mails go out after the reply), a legacy server not.
 */
export async function sendToUsers(session: TokenHolder, srSeq: number, usSeqs: number[], baseUrl: string, sendKey?: string): Promise<SendReply> {
  const r = await legacyPost("/api/survey/sendUser.do", { srSeq, users: usSeqs, baseUrl, ...(sendKey ? { sendKey } : {}) }, sendReply, { session });
  return r;
}

export const wireOutbox = z
  .object({ obSeq: num, usSeq: num, channel: str, toAddr: str, subject: str, body: str, link: z.string(), expiresAt: str, status: str, regDt: str })
  .passthrough();

export async function sendOutbox(session: TokenHolder, srSeq: number) {
  return legacyPost("/api/survey/getSendOutbox.do", { srSeq }, z.object({ list: z.array(wireOutbox), smtp: z.boolean().nullish() }).passthrough(), { session });
}

/** Enrolment statuses for the send filter (spec: /api/student/getCodeList.do, only three kept). */
export async function enrolmentStatuses(session: TokenHolder, year: number) {
  const r = await legacyPost(
    "/api/student/getCodeList.do",
    { year, status: "", usTy: "1" },
    z.object({ statusList: z.array(z.object({ id: z.string(), text: z.string() }).passthrough()).nullish() }).passthrough(),
    { session },
  );
  return r.statusList ?? [];
}

export const wirePerson = z
  .object({ usSeq: num, usTy: str, id: str, name: str, grde: str, status: str, statusCd: str.optional(), dpt: str })
  .passthrough();

/** The add-recipients dialog's people (spec: /api/agree/getUserList.do). */
export async function peopleToAdd(session: TokenHolder, filter: { year: number; value: string; attn: string[] }) {
  return (await legacyPost("/api/agree/getUserList.do", { year: filter.year, value: filter.value, id: "", usTy: "1", attn: filter.attn }, listOf(wirePerson), { session })).list;
}

// ---- public answer calls (no session) ----

export interface LinkParams {
  srSeq: number;
  usSeq?: number;
  exp?: string;
  sig?: string;
  /** the browser's respondent id (Session.respondentId): the public link's key is bound to it */
  client?: string;
}

export const wireAskSurvey = z
  .object({
    survey: z
      .object({
        srSeq: num,
        srName: z.string(),
        srContent: str,
        dtYn: str,
        stDt: str,
        enDt: str,
        prsnInfoYn: str,
        prsnInfoContent: str,
        slList: z.array(z.object({ slSeq: num, slName: str, slTime: optNum, pfName: str, deptName: str }).passthrough()),
        qestList: z.array(
          z
            .object({
              sqSeq: num,
              sqNo: optNum,
              sqType: num,
              itemType: optNum,
              esntlYn: str,
              scoreOpenYn: str,
              multiAns: str,
              sqSubj: str,
              itemList: z.array(z.object({ siSeq: num, score: optNum, text: str }).passthrough()),
            })
            .passthrough(),
        ),
      })
      .passthrough(),
    state: z.enum(["open", "before", "after", "unused"]),
    answered: z.boolean(),
    answerDt: str,
    submitKey: z.string().nullish().transform((v) => v ?? ""),
  })
  .passthrough();
export type WireAskSurvey = z.infer<typeof wireAskSurvey>;

const linkBody = (p: LinkParams) => ({ srSeq: p.srSeq, usSeq: p.usSeq ?? "", exp: p.exp ?? "", sig: p.sig ?? "" });

export function askSurvey(p: LinkParams) {
  return legacyPost("/api/survey/ask/getSurvey.do", { ...linkBody(p), client: p.client ?? "" }, wireAskSurvey);
}

export function submitAnswers(p: LinkParams, sheet: { submitKey: string; slSeq: number | null; prsnAgreeYn: string; answers: { sqSeq: number; siSeqs: number[]; text: string }[] }) {
  return legacyPost("/api/survey/ask/submit.do", { ...linkBody(p), ...sheet, slSeq: sheet.slSeq ?? "" }, z.unknown());
}
