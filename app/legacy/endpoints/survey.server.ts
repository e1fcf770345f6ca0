/**
 * Survey calls (spec 000 §7 Surveys; issue 5; docs/contract.md "Surveys", "Survey answers"):
 * management (list, document, save, delete, copy), recipients and sending, results, and the
 * public answer calls (no session).
 */
import { z } from "zod";
import type { WireSurveyBody } from "~/schemas/survey";
import { sendReply, type SendReply } from "./job.server";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { listOf, type ListQuery, obj, text, key, num, numOr, numOrNull, list, bool, flag, maybeNum, optNum, codeList, personFields } from "../wire";

export const wireSurveySummary = obj({
  srSeq: num,
  srName: key,
  year: maybeNum,
  qestCnt: numOr(0),
  usyn: flag,
  status: text,
  statusCd: text,
  userNm: text,
  regDt: text,
  uptDt: text,
  linkYn: flag,
  dtYn: flag,
  stDt: text,
  enDt: text,
  sendCnt: numOr(0),
  answerCnt: numOr(0),
});
export type WireSurveySummary = z.infer<typeof wireSurveySummary>;

const wireItem = obj({ siSeq: num, score: numOrNull, text: text, usyn: flag, del: flag });
const wireQuestion = obj({
  sqSeq: num,
  sqNo: numOrNull,
  sqSort: numOrNull,
  sqType: num,
  itemType: numOrNull,
  esntlYn: flag,
  scoreOpenYn: flag,
  multiAns: flag,
  sqSubj: text,
  usyn: flag,
  del: flag,
  itemList: list(wireItem),
});
const wireLecture = obj({ slSeq: num, slName: text, slTime: numOrNull, pfName: text, deptName: text, del: flag });

export const wireSurveyInfo = wireSurveySummary.extend({
  srContent: text,
  prsnInfoYn: flag,
  prsnInfoContent: text,
  slList: list(wireLecture),
  qestList: list(wireQuestion),
});
export type WireSurveyInfo = z.infer<typeof wireSurveyInfo>;

/** A year's surveys (paging and sorting asked for; a backend that does not page answers all of them). */
export function surveyList(session: TokenHolder, filter: { searchTxt: string; year: number | string; menuSeq?: number; usyn?: string } & ListQuery) {
  const { searchTxt, year, menuSeq, usyn, ...query } = filter;
  return legacyPost(
    "/api/survey/getSurveyList.do",
    { searchTxt, year: String(year), menuSeq: menuSeq ?? "", usyn: usyn ?? "", cmmnList: [], ...query },
    listOf(wireSurveySummary).extend({ total: numOrNull }),
    { session },
  );
}

/** Links a survey to a menu of type SURVEY (spec 000 §7 linkSurvey.do; a linked survey is refused). Answers the server's message. */
export async function linkSurvey(session: TokenHolder, menuSeq: number, srSeq: number): Promise<string> {
  const r = await legacyPost("/api/survey/linkSurvey.do", { menuSeq, srSeq }, obj({ message: text }), { session, whole: true });
  return r.message;
}

export async function surveyInfo(session: TokenHolder, seq: number) {
  return (await legacyPost("/api/survey/getSurveyInfo.do", { seq }, obj({ info: wireSurveyInfo }), { session })).info;
}

/** Saves (insert without seq, update with it); answers the survey's seq. */
export async function saveSurvey(session: TokenHolder, body: WireSurveyBody, auth: string) {
  const r = await legacyPost(
    "/api/survey/insertSurveyInfo.do",
    { ...body, authTyList: ["1", "2"], auth },
    obj({ seq: maybeNum }).nullish(),
    { session },
  );
  return r?.seq ?? body.seq ?? null;
}

export function deleteSurvey(session: TokenHolder, seq: number, auth: string) {
  return legacyPost("/api/survey/insertSurveyInfo.do", { seq, mode: "D", authTyList: ["1", "2"], auth }, z.unknown(), { session });
}

/** The copy's id, or null when the server gave none ('복사 실패하였습니다.'). */
export async function copySurvey(session: TokenHolder, seq: number): Promise<number | null> {
  const r = await legacyPost("/api/survey/copySurvey.do", { seq }, obj({ copySrSeq: maybeNum }).nullish(), { session });
  return r?.copySrSeq ?? null;
}

// ---- results ----

const wireResultItem = obj({ siSeq: num, text: text, score: numOrNull, count: num, percent: num });
export const wireSurveyResult = obj({
  info: wireSurveySummary.extend({ srContent: text, prsnInfoYn: flag, prsnInfoContent: text }),
  summary: obj({
    recipientCnt: num,
    sentCnt: num,
    answerCnt: num,
    recipientAnswerCnt: num,
    publicAnswerCnt: num,
    responseRate: numOrNull,
  }),
  questions: list(
    obj({
        sqSeq: num,
        sqNo: numOrNull,
        sqType: num,
        itemType: numOrNull,
        esntlYn: flag,
        multiAns: flag,
        sqSubj: text,
        answerCnt: num,
        mean: numOrNull,
        items: list(wireResultItem),
        texts: list(obj({ rsSeq: num, text: key, regDt: text })),
        // the free texts come a page at a time: how many in all, and which page `texts` is
        textCnt: num.optional(),
        textPage: num.optional(),
      }),
  ),
  /** free texts per page (our server: 20); a server that gives every text leaves it out */
  textPageSize: num.optional(),
  lectures: list(
    obj({
        slSeq: num,
        slName: text,
        slTime: numOrNull,
        pfName: text,
        deptName: text,
        answerCnt: num,
        questions: list(obj({ sqSeq: num, answerCnt: num, mean: numOrNull, items: list(wireResultItem) })),
      }),
  ),
});
export type WireSurveyResult = z.infer<typeof wireSurveyResult>;

/** The result; `texts` asks for another page of one question's free texts (first pages otherwise). */
export function surveyResult(session: TokenHolder, seq: number, texts?: { sqSeq: number; page: number }) {
  const body = texts ? { seq, textSqSeq: texts.sqSeq, textPage: texts.page } : { seq };
  return legacyPost("/api/survey/getSurveyResult.do", body, wireSurveyResult, { session });
}

export const wireSurveyAnswers = obj({
  info: obj({ srSeq: num, srName: key, prsnInfoYn: flag }),
  qestList: list(wireQuestion),
  slList: list(wireLecture),
  list: list(
    obj({
        rsSeq: num,
        regDt: text,
        respondent: text,
        id: text,
        name: text,
        slSeq: numOrNull,
        slName: text,
        prsnAgreeYn: flag,
        answers: list(obj({ sqSeq: num, siSeqs: list(num), text: text })),
      }),
  ),
});
export type WireSurveyAnswers = z.infer<typeof wireSurveyAnswers>;

export function surveyAnswers(session: TokenHolder, seq: number) {
  return legacyPost("/api/survey/getSurveyAnswers.do", { seq }, wireSurveyAnswers, { session, timeoutMs: 60_000 });
}

// ---- recipients and sending ----

export const wireRecipient = obj({
  ...personFields,
  telNo: text,
  email: text,
  sendFlag: flag,
  sendYn: flag,
  sendCnt: numOr(0),
  sendDt: text,
  answerDt: text,
  regDt: text,
});
export type WireRecipient = z.infer<typeof wireRecipient>;

export async function sendingUsers(session: TokenHolder, srSeq: number, filter: { year: number; value: string; agreeYn: string; attn: string[] }) {
  return legacyPost(
    "/api/survey/sendingUserList.do",
    { srSeq, year: filter.year, value: filter.value, agreeYn: filter.agreeYn, attn: filter.attn },
    obj({ info: obj({ srSeq: num, srName: key, status: text }).nullish(), list: list(wireRecipient), total: optNum }),
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

export const wireOutbox = obj({ obSeq: num, usSeq: num, channel: text, toAddr: text, subject: text, body: text, link: key, expiresAt: text, status: text, regDt: text });

export async function sendOutbox(session: TokenHolder, srSeq: number) {
  return legacyPost("/api/survey/getSendOutbox.do", { srSeq }, obj({ list: list(wireOutbox), smtp: bool() }), { session });
}

/** Enrolment statuses for the send filter (spec: /api/student/getCodeList.do, only three kept). */
export async function enrolmentStatuses(session: TokenHolder, year: number) {
  const r = await legacyPost(
    "/api/student/getCodeList.do",
    { year, status: "", usTy: "1" },
    obj({ statusList: codeList }),
    { session },
  );
  return r.statusList ?? [];
}

export const wirePerson = obj({ ...personFields, statusCd: text.optional() });

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

export const wireAskSurvey = obj({
  survey: obj({
      srSeq: num,
      srName: key,
      srContent: text,
      dtYn: flag,
      stDt: text,
      enDt: text,
      prsnInfoYn: flag,
      prsnInfoContent: text,
      slList: list(obj({ slSeq: num, slName: text, slTime: numOrNull, pfName: text, deptName: text })),
      qestList: list(wireQuestion.omit({ sqSort: true, usyn: true, del: true }).extend({ itemList: list(wireItem.omit({ usyn: true, del: true })) })),
    }),
  state: z.enum(["open", "before", "after", "unused"]),
  answered: bool(),
  answerDt: text,
  submitKey: text,
});
export type WireAskSurvey = z.infer<typeof wireAskSurvey>;

const linkBody = (p: LinkParams) => ({ srSeq: p.srSeq, usSeq: p.usSeq ?? "", exp: p.exp ?? "", sig: p.sig ?? "" });

export function askSurvey(p: LinkParams) {
  return legacyPost("/api/survey/ask/getSurvey.do", { ...linkBody(p), client: p.client ?? "" }, wireAskSurvey);
}

export function submitAnswers(p: LinkParams, sheet: { submitKey: string; slSeq: number | null; prsnAgreeYn: string; answers: { sqSeq: number; siSeqs: number[]; text: string }[] }) {
  return legacyPost("/api/survey/ask/submit.do", { ...linkBody(p), ...sheet, slSeq: sheet.slSeq ?? "" }, z.unknown());
}
