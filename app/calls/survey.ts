/**
 * P10–P13 surveys (spec 000 §7 Surveys; issue 5; docs/contract.md "Surveys", "Survey answers"):
 * management (list, document, save, delete, copy, link to a menu), recipients and sending, the
 * result and the answers (ours), and the public answer calls (ours, no session). The send page's
 * add-recipients list is AGREE.people (spec: /api/agree/getUserList.do).
 */
import { z } from "zod";
import { listOf, obj, text, key, num, numOr, numOrNull, list, bool, flag, maybeNum, optNum, personFields } from "~/legacy/wire";
import { defineCall, pageFields } from "./define";
import { sendKeyField, sendReply } from "./send";

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

export const wireOutbox = obj({ obSeq: num, usSeq: num, channel: text, toAddr: text, subject: text, body: text, link: key, expiresAt: text, status: text, regDt: text });

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

// ---- requests ----

const yn = z.enum(["Y", "N"]);
const seqOrNull = z.number().nullable();
/** insertSurveyInfo.do's body as the editor writes it (app/schemas/survey-save.ts WireSurveyBody) */
const saveBody = {
  srName: z.string(),
  srContent: z.string(),
  dtYn: yn,
  stDt: z.string(),
  enDt: z.string(),
  prsnInfoYn: yn,
  prsnInfoContent: z.string(),
  usyn: yn,
  slList: z.array(z.object({ slSeq: seqOrNull, slName: z.string(), slTime: seqOrNull, pfName: z.string(), deptName: z.string(), del: yn })),
  qestList: z.array(
    z.object({
      sqSeq: seqOrNull,
      sqNo: seqOrNull,
      sqSort: z.number(),
      sqType: z.number(),
      itemType: seqOrNull,
      esntlYn: yn,
      scoreOpenYn: yn,
      multiAns: yn,
      sqSubj: z.string(),
      usyn: yn,
      del: yn,
      typeChg: z.string(),
      itemList: z.array(z.object({ siSeq: seqOrNull, score: seqOrNull, text: z.string(), usyn: yn, del: yn })),
    }),
  ),
};
/** A survey link's fields: the person ('' the public link), its expiry and signature ('' none). */
const linkFields = { srSeq: z.number(), usSeq: z.union([z.number(), z.literal("")]), exp: z.string(), sig: z.string() };

export const SURVEY = {
  /** a year's surveys (a menu's when menuSeq), paged and sorted */
  list: defineCall("/api/survey/getSurveyList.do", {
    spec: "spec 000 §7",
    request: z.object({ searchTxt: z.string(), year: z.string(), menuSeq: z.union([z.number(), z.literal("")]), usyn: z.string(), cmmnList: z.array(z.string()), ...pageFields }),
    reply: listOf(wireSurveySummary).extend({ total: numOrNull }),
  }),
  /** links a survey to a menu of type SURVEY; answers the server's message */
  link: defineCall("/api/survey/linkSurvey.do", { spec: "spec 000 §7", request: z.object({ menuSeq: z.number(), srSeq: z.number() }), reply: obj({ message: text }), whole: true }),
  info: defineCall("/api/survey/getSurveyInfo.do", { spec: "spec 000 §7", request: z.object({ seq: z.number() }), reply: obj({ info: wireSurveyInfo }) }),
  /** saves (insert without seq, update with it), or deletes with mode 'D' and only the seq; answers the seq */
  save: defineCall("/api/survey/insertSurveyInfo.do", {
    spec: "spec 000 §7",
    request: z.object({ seq: seqOrNull, mode: z.literal("D").optional(), ...z.object(saveBody).partial().shape, authTyList: z.array(z.string()), auth: z.string() }),
    reply: obj({ seq: maybeNum }).nullish(),
  }),
  copy: defineCall("/api/survey/copySurvey.do", { spec: "spec 000 §7", request: z.object({ seq: z.number() }), reply: obj({ copySrSeq: maybeNum }).nullish() }),
  /** the result (ours); textSqSeq and textPage ask for another page of one question's free texts */
  result: defineCall("/api/survey/getSurveyResult.do", { spec: null, request: z.object({ seq: z.number(), textSqSeq: z.number().optional(), textPage: z.number().optional() }), reply: wireSurveyResult }),
  /** every answer with its respondent (ours: the answers' Excel) */
  answers: defineCall("/api/survey/getSurveyAnswers.do", { spec: null, request: z.object({ seq: z.number() }), reply: wireSurveyAnswers }),
  /** the survey's sending list */
  recipients: defineCall("/api/survey/sendingUserList.do", {
    spec: "spec 000 §7",
    request: z.object({ srSeq: z.number(), year: z.number(), value: z.string(), agreeYn: z.string(), attn: z.array(z.string()) }),
    reply: obj({ info: obj({ srSeq: num, srName: key, status: text }).nullish(), list: list(wireRecipient), total: optNum }),
  }),
  /** puts people on the sending list (the spec writes it without .do) */
  addUsers: defineCall("/api/survey/addUsers", { spec: "spec 000 §7", request: z.object({ srSeq: z.number(), year: z.number(), usTy: z.string(), users: z.array(z.object({ usSeq: z.number(), usTy: z.string() })) }) }),
  /** the personal links; `baseUrl` makes the mails' links absolute */
  send: defineCall("/api/survey/sendUser.do", { spec: "spec 000 §7", request: z.object({ srSeq: z.number(), users: z.array(z.number()), baseUrl: z.string(), ...sendKeyField }), reply: sendReply }),
  /** the personal links made (ours) */
  outbox: defineCall("/api/survey/getSendOutbox.do", { spec: null, request: z.object({ srSeq: z.number() }), reply: obj({ list: list(wireOutbox), smtp: bool() }) }),
  /** the public answer page's survey (ours, no session); `client` the browser's respondent id */
  ask: defineCall("/api/survey/ask/getSurvey.do", { spec: null, request: z.object({ ...linkFields, client: z.string() }), reply: wireAskSurvey }),
  /** the answers (ours, no session) */
  submit: defineCall("/api/survey/ask/submit.do", {
    spec: null,
    request: z.object({ ...linkFields, submitKey: z.string(), slSeq: z.union([z.number(), z.literal("")]), prsnAgreeYn: z.string(), answers: z.array(z.object({ sqSeq: z.number(), siSeqs: z.array(z.number()), text: z.string() })) }),
  }),
} as const;
