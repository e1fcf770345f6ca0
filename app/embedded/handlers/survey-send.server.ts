/**
 * Survey recipients (spec 000 §7 Surveys; docs/contract.md "Surveys"): the sending list
 * (sendingUserList.do), adding people (addUsers), sending and resending personal links as a job
 * (sendUser.do) and the delivery outbox (getSendOutbox.do, our addition). The people a list
 * shows are embedded/lib/send-people.server.ts's, shared with the consent forms (ADR 0076).
 */
import { smtpConfigured } from "../lib/mailer.server";
import { addJobItems, jobDto, jobKeyOf, kickJobs, openSendJob, SEND_KEY_RE, willMail } from "../lib/jobs.server";
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import type { Db, Tx } from "../db/client.server";
import { professors, students, surveyOutbox, surveyRecipients, surveyResponses } from "../db/schema";
import { CODE } from "../db/seed-data";
import { route, type CallContext, type RouteDef } from "../lib/context.server";
import { SURVEY } from "../../calls/survey";
import { ApiError, fail, ok, parseInput } from "../lib/envelope.server";
import { linkExpiry, personalLink } from "../lib/survey-link.server";
import type { SendPerson } from "../lib/send-people.server";
import { formatWireDate, seoulYear } from "../lib/time";
import { likePattern } from "../lib/people.server";
import { blankToUndefined, codeNames, liveSurvey, requireStaff, seq, STATE_LABEL, surveyState } from "./survey.server";

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

export const surveySendRoutes: RouteDef[] = [
  route(SURVEY.recipients, "required", sendingUserList),
  route(SURVEY.addUsers, "required", addUsers),
  // the spec writes addUsers without .do; a caller that adds it is served the same (docs/contract.md)
  { ...route(SURVEY.addUsers, "required", addUsers), path: `${SURVEY.addUsers.path}.do` },
  route(SURVEY.send, "required", sendUser),
  route(SURVEY.outbox, "required", getSendOutbox),
];
