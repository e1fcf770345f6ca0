/**
 * Survey calls (spec 000 §7 Surveys; issue 5; docs/contract.md "Surveys", "Survey answers"):
 * management (list, document, save, delete, copy), recipients and sending, results, and the
 * public answer calls (no session). The calls and their wire schemas: app/calls/survey.ts.
 */
import type { WireSurveyBody } from "~/schemas/survey";
import { AGREE } from "~/calls/agree";
import { SURVEY } from "~/calls/survey";
import type { SendReply } from "./job.server";
import { STUDENT } from "~/calls/people";
import { callLegacy, type TokenHolder } from "../gateway.server";
import type { ListQuery } from "../wire";

export type { WireAskSurvey, WireSurveyAnswers, WireSurveyResult, WireSurveySummary } from "~/calls/survey";

/** A year's surveys (paging and sorting asked for; a backend that does not page answers all of them). */
export function surveyList(session: TokenHolder, filter: { searchTxt: string; year: number | string; menuSeq?: number; usyn?: string } & ListQuery) {
  const { searchTxt, year, menuSeq, usyn, ...query } = filter;
  return callLegacy(SURVEY.list, { searchTxt, year: String(year), menuSeq: menuSeq ?? "", usyn: usyn ?? "", cmmnList: [], ...query }, { session });
}

/** Links a survey to a menu of type SURVEY (spec 000 §7 linkSurvey.do; a linked survey is refused). Answers the server's message. */
export async function linkSurvey(session: TokenHolder, menuSeq: number, srSeq: number): Promise<string> {
  const r = await callLegacy(SURVEY.link, { menuSeq, srSeq }, { session });
  return r.message;
}

export async function surveyInfo(session: TokenHolder, seq: number) {
  return (await callLegacy(SURVEY.info, { seq }, { session })).info;
}

/** Saves (insert without seq, update with it); answers the survey's seq. */
export async function saveSurvey(session: TokenHolder, body: WireSurveyBody, auth: string) {
  const r = await callLegacy(SURVEY.save, { ...body, authTyList: ["1", "2"], auth }, { session });
  return r?.seq ?? body.seq ?? null;
}

export function deleteSurvey(session: TokenHolder, seq: number, auth: string) {
  return callLegacy(SURVEY.save, { seq, mode: "D", authTyList: ["1", "2"], auth }, { session });
}

/** The copy's id, or null when the server gave none ('복사 실패하였습니다.'). */
export async function copySurvey(session: TokenHolder, seq: number): Promise<number | null> {
  const r = await callLegacy(SURVEY.copy, { seq }, { session });
  return r?.copySrSeq ?? null;
}

// ---- results ----

/** The result; `texts` asks for another page of one question's free texts (first pages otherwise). */
export function surveyResult(session: TokenHolder, seq: number, texts?: { sqSeq: number; page: number }) {
  const body = texts ? { seq, textSqSeq: texts.sqSeq, textPage: texts.page } : { seq };
  return callLegacy(SURVEY.result, body, { session });
}

export function surveyAnswers(session: TokenHolder, seq: number) {
  return callLegacy(SURVEY.answers, { seq }, { session, timeoutMs: 60_000 });
}

// ---- recipients and sending ----

export async function sendingUsers(session: TokenHolder, srSeq: number, filter: { year: number; value: string; agreeYn: string; attn: string[] }) {
  return callLegacy(SURVEY.recipients, { srSeq, year: filter.year, value: filter.value, agreeYn: filter.agreeYn, attn: filter.attn }, { session });
}

export function addRecipients(session: TokenHolder, srSeq: number, year: number, usSeqs: number[]) {
  return callLegacy(SURVEY.addUsers, { srSeq, year, usTy: "1", users: usSeqs.map((usSeq) => ({ usSeq, usTy: "1" })) }, { session });
}

/**
 * Sends the personal links. `sendKey` (ADR 0030) makes a double post find the first send; the
 * embedded backend answers `jobSeq` (the mails go out after the reply), a legacy server not.
 */
export async function sendToUsers(session: TokenHolder, srSeq: number, usSeqs: number[], baseUrl: string, sendKey?: string): Promise<SendReply> {
  return callLegacy(SURVEY.send, { srSeq, users: usSeqs, baseUrl, ...(sendKey ? { sendKey } : {}) }, { session });
}

export async function sendOutbox(session: TokenHolder, srSeq: number) {
  return callLegacy(SURVEY.outbox, { srSeq }, { session });
}

/** Enrolment statuses for the send filter (spec: /api/student/getCodeList.do, only three kept). */
export async function enrolmentStatuses(session: TokenHolder, year: number) {
  const r = await callLegacy(STUDENT.codeList, { year, status: "", usTy: 1 }, { session });
  return r.statusList ?? [];
}

/** The add-recipients dialog's people (spec: /api/agree/getUserList.do). */
export async function peopleToAdd(session: TokenHolder, filter: { year: number; value: string; attn: string[] }) {
  return (await callLegacy(AGREE.people, { year: filter.year, value: filter.value, id: "", usTy: "1", attn: filter.attn }, { session })).list;
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

const linkBody = (p: LinkParams) => ({ srSeq: p.srSeq, usSeq: p.usSeq ?? ("" as const), exp: p.exp ?? "", sig: p.sig ?? "" });

export function askSurvey(p: LinkParams) {
  return callLegacy(SURVEY.ask, { ...linkBody(p), client: p.client ?? "" });
}

export function submitAnswers(p: LinkParams, sheet: { submitKey: string; slSeq: number | null; prsnAgreeYn: string; answers: { sqSeq: number; siSeqs: number[]; text: string }[] }) {
  return callLegacy(SURVEY.submit, { ...linkBody(p), ...sheet, slSeq: sheet.slSeq ?? "" });
}
