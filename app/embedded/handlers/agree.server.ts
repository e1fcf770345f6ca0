/**
 * Privacy-consent forms (spec 001 §7 "Consent forms", §3, §4, §5, §8, §9): the forms, sending and the
 * public consent page. What they share (request bodies, the menu check, signed links, the people of a
 * year) is agree-common.server.ts; the editor's images are editor-media.server.ts. docs/contract.md
 * "Consent forms" is the wire contract.
 *
 * Management calls need the consent-form menu (/management/privacy, administrators in the demo
 * tree); the two calls of the public consent page (agreeUser.do, submitAgree.do) need no sign-in
 * but a personal link's signature (`sig`), made when the form is sent: an HMAC over the form,
 * the person and an expiry, keyed by a secret kept in app_settings (so every instance on one
 * PostgreSQL agrees). A bad, expired or missing signature is status 404 with errorCode
 * AGREE_LINK, so the page answers 404 without telling which part was wrong.
 *
 * Content is sanitised before it is stored (sanitizeConsentHtml, data:image allowed). Each change of
 * title or content makes a new version; an answer records the version the person was shown.
 *
 * Delivery: sending writes one row per person to agree_outbox with their personal link, then mails
 * it over SMTP when SMTP_URL is configured (lib/mailer.server.ts); otherwise it stays in the outbox
 * ('kept') for the send page to show.
 *
 * /api/agree/getUserList.do (the add-recipients dialog's people of a year) is also named by the
 * survey sending screen (spec 000 §7): it takes no form and answers people only, so it serves both.
 */
import { smtpConfigured } from "../lib/mailer.server";
import { addJobItems, jobDto, jobKeyOf, kickJobs, openSendJob, willMail } from "../lib/jobs.server";
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import type { Db, Tx } from "../db/client.server";
import { agreeFormVersions, agreeForms, agreeOutbox, agreeRecipients } from "../db/schema/privacy";
import { requireAuth, route, type CallContext, type RouteDef } from "../lib/context.server";
import { AGREE } from "../../calls/agree";
import { ApiError, fail, ok, parseInput } from "../lib/envelope.server";
import { formatWireDate, seoulYear } from "../lib/time";
import { AddUsersBody, AGREE_LINK_ERROR, agreePath, CodeBody, CONTENT_MAX_HTML, EditBody, EMPLOYMENT_FILTER, ENROLMENT_FILTER, hasContent, LinkBody, linkDays, ListBody, liveForm, OutboxBody, requireAgreeMenu, SendBody, SendingListBody, SeqBody, signLink, SubmitBody, TITLE_MAX, UserListBody, verifyLink } from "./agree-common.server";
import { sanitizeConsentHtml } from "../../utils/sanitize.server";
import { codeMap, matchesText, peopleOfYear, type PersonDto, sortPeople, toPersonDto } from "../lib/send-people.server";

// ---------------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------------

export interface AgreeFormDto {
  uiaSeq: number;
  uiaNm: string;
  usyn: string;
  year: number;
  ver: number;
  regDt: string | null;
  uptDt: string | null;
  /** People on the sending list, those sent to, and those who agreed. */
  rcptCnt: number;
  sendCnt: number;
  agreeCnt: number;
}


async function list(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const body = parseInput(ListBody, ctx.body);
  const pattern = body.value ? `%${body.value.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await ctx.db
    .select({
      uiaSeq: agreeForms.uiaSeq,
      uiaNm: agreeForms.uiaNm,
      usyn: agreeForms.usyn,
      year: agreeForms.year,
      ver: agreeForms.ver,
      regDt: agreeForms.regDt,
      uptDt: agreeForms.uptDt,
      rcptCnt: sql<number>`(select count(*) from agree_recipients r where r.uia_seq = "agree_forms"."uia_seq")`.mapWith(Number),
      sendCnt: sql<number>`(select count(*) from agree_recipients r where r.uia_seq = "agree_forms"."uia_seq" and r.send_flag = 'Y')`.mapWith(Number),
      agreeCnt: sql<number>`(select count(*) from agree_recipients r where r.uia_seq = "agree_forms"."uia_seq" and r.agree_yn = 'Y')`.mapWith(Number),
    })
    .from(agreeForms)
    .where(
      and(
        eq(agreeForms.del, "N"),
        body.year ? eq(agreeForms.year, body.year) : undefined,
        pattern ? ilike(agreeForms.uiaNm, pattern) : undefined,
      ),
    )
    .orderBy(desc(agreeForms.uiaSeq));
  const out: AgreeFormDto[] = rows.map((r) => ({ ...r, regDt: formatWireDate(r.regDt), uptDt: formatWireDate(r.uptDt) }));
  return ok({ list: out });
}

async function detail(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const { uiaSeq } = parseInput(SeqBody, ctx.body);
  const form = await liveForm(ctx.db, uiaSeq);
  if (!form) return fail(404, MSG.noData);
  return ok({
    info: {
      uiaSeq: form.uiaSeq,
      uiaNm: form.uiaNm,
      uiaContent: form.uiaContent,
      usyn: form.usyn,
      year: form.year,
      ver: form.ver,
      regDt: formatWireDate(form.regDt),
      uptDt: formatWireDate(form.uptDt),
    },
  });
}

async function edit(ctx: CallContext) {
  const auth = await requireAgreeMenu(ctx);
  const body = parseInput(EditBody, ctx.body);
  const uiaNm = body.uiaNm.trim();
  if (!uiaNm) return fail(400, MSG.agreeTitleRequired);
  if ([...uiaNm].length > TITLE_MAX) return fail(400, OWN_MSG.agreeTitleTooLong);
  const content = sanitizeConsentHtml(body.uiaContent);
  if (!hasContent(content)) return fail(400, MSG.agreeContentRequired);
  if (content.length > CONTENT_MAX_HTML) return fail(400, OWN_MSG.agreeContentTooLong);

  if (!body.uiaSeq) {
    const uiaSeq = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(agreeForms)
        .values({ year: seoulYear(), uiaNm, uiaContent: content, usyn: body.usyn, ver: 1, regUserSeq: auth.user.userSeq })
        .returning({ uiaSeq: agreeForms.uiaSeq });
      await tx.insert(agreeFormVersions).values({ uiaSeq: row.uiaSeq, ver: 1, uiaNm, uiaContent: content });
      return row.uiaSeq;
    });
    return ok({ uiaSeq, ver: 1 }, MSG.created);
  }

  const uiaSeq = body.uiaSeq;
  const result = await ctx.db.transaction(async (tx) => {
    const [form] = await tx
      .select()
      .from(agreeForms)
      .where(and(eq(agreeForms.uiaSeq, uiaSeq), eq(agreeForms.del, "N")))
      .for("update")
      .limit(1);
    if (!form) return null;
    const changed = form.uiaNm !== uiaNm || form.uiaContent !== content;
    const ver = changed ? form.ver + 1 : form.ver;
    if (changed) await tx.insert(agreeFormVersions).values({ uiaSeq, ver, uiaNm, uiaContent: content });
    await tx.update(agreeForms).set({ uiaNm, uiaContent: content, usyn: body.usyn, ver, uptDt: new Date() }).where(eq(agreeForms.uiaSeq, uiaSeq));
    return { uiaSeq, ver };
  });
  if (!result) return fail(404, MSG.updateFailed);
  return ok(result, MSG.updated);
}

/**
 * Deletes (del Y) a form nobody has answered. A form with a recorded answer (agreed or declined)
 * is refused ('응답이 있는 동의서는 삭제할 수 없습니다.', 409; ADR 0062): the answers are legal
 * records (PIPA) and the people's links must keep showing what they answered. The check and the
 * delete are one statement, so an answer arriving meanwhile wins.
 */
async function remove(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const { uiaSeq } = parseInput(SeqBody, ctx.body);
  const answered = sql`exists (select 1 from agree_recipients r where r.uia_seq = ${agreeForms.uiaSeq} and r.agree_yn is not null)`;
  const done = await ctx.db
    .update(agreeForms)
    .set({ del: "Y", uptDt: new Date() })
    .where(and(eq(agreeForms.uiaSeq, uiaSeq), eq(agreeForms.del, "N"), sql`not ${answered}`))
    .returning({ uiaSeq: agreeForms.uiaSeq });
  if (done.length === 0) return (await liveForm(ctx.db, uiaSeq)) ? fail(409, OWN_MSG.agreeAnsweredNoDelete) : fail(404, MSG.deleteFailed);
  return ok({ uiaSeq }, MSG.agreeDeleted);
}

/** A copy: a new form of the current year with the same content, '(복사본)' after its title. */
async function copy(ctx: CallContext) {
  const auth = await requireAgreeMenu(ctx);
  const { uiaSeq } = parseInput(SeqBody, ctx.body);
  const form = await liveForm(ctx.db, uiaSeq);
  if (!form) return fail(404, MSG.agreeCopyFailed);
  const suffix = " (복사본)";
  const uiaNm = [...form.uiaNm].slice(0, TITLE_MAX - suffix.length).join("") + suffix;
  const copySeq = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agreeForms)
      .values({ year: seoulYear(), uiaNm, uiaContent: form.uiaContent, usyn: form.usyn, ver: 1, regUserSeq: auth.user.userSeq })
      .returning({ uiaSeq: agreeForms.uiaSeq });
    await tx.insert(agreeFormVersions).values({ uiaSeq: row.uiaSeq, ver: 1, uiaNm, uiaContent: form.uiaContent });
    return row.uiaSeq;
  });
  return ok({ uiaSeq: copySeq }, MSG.copied);
}

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

async function getCodeList(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const body = parseInput(CodeBody, ctx.body);
  const year = body.year ?? seoulYear();
  const names = await codeMap(ctx.db, year);
  const pick = (codes: readonly string[]) => codes.filter((c) => names.has(c)).map((c) => ({ id: c, text: names.get(c)! }));
  return ok({ attnList: pick(ENROLMENT_FILTER), emplyList: pick(EMPLOYMENT_FILTER) });
}

async function getUserList(ctx: CallContext) {
  requireAuth(ctx);
  const body = parseInput(UserListBody, ctx.body);
  const year = body.year ?? seoulYear();
  const [rows, names, added] = await Promise.all([
    peopleOfYear(ctx.db, year),
    codeMap(ctx.db, year),
    body.uiaSeq
      ? ctx.db.select({ usSeq: agreeRecipients.usSeq }).from(agreeRecipients).where(eq(agreeRecipients.uiaSeq, body.uiaSeq))
      : Promise.resolve([]),
  ]);
  const addedSet = new Set(added.map((a) => a.usSeq));
  const people = rows
    .map((r) => toPersonDto(r, names))
    .filter((p) => (!body.usTy || p.usTy === body.usTy) && matchesText(p, body.value) && (!body.id || p.id === body.id))
    .filter((p) => !body.attn || body.attn.includes(p.statusCd))
    .map((p) => ({ ...p, year, addedYn: addedSet.has(p.usSeq) ? "Y" : "N" }));
  return ok({ list: sortPeople(people) });
}

/** Puts people of a year's records on a form's sending list (unsent); those already on it stay as they are. */
async function addUsers(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const body = parseInput(AddUsersBody, ctx.body);
  const users = [...new Set(body.users)];
  if (users.length === 0) return fail(400, MSG.agreeSelectUser);
  const form = await liveForm(ctx.db, body.uiaSeq);
  if (!form) return fail(404, MSG.noData);
  const year = body.year ?? seoulYear();
  const found = await peopleOfYear(ctx.db, year, users);
  if (found.length === 0) return fail(400, MSG.agreeSelectUser);
  const inserted = await ctx.db
    .insert(agreeRecipients)
    .values([...new Set(found.map((p) => p.usSeq))].map((usSeq) => ({ uiaSeq: form.uiaSeq, usSeq, year })))
    .onConflictDoNothing()
    .returning({ usSeq: agreeRecipients.usSeq });
  return ok({ added: inserted.length }, MSG.added);
}

export interface SendingUserDto extends PersonDto {
  year: number;
  agreeYn: string | null;
  agreeDt: string | null;
  agreeVer: number | null;
  sendFlag: string;
  sendDt: string | null;
  sendCnt: number;
}

async function sendingList(db: Db | Tx, uiaSeq: number, year: number | undefined): Promise<SendingUserDto[]> {
  const recipients = await db
    .select()
    .from(agreeRecipients)
    .where(and(eq(agreeRecipients.uiaSeq, uiaSeq), year ? eq(agreeRecipients.year, year) : undefined));
  const years = [...new Set(recipients.map((r) => r.year))];
  const out: SendingUserDto[] = [];
  for (const y of years) {
    const mine = recipients.filter((r) => r.year === y);
    const [people, names] = await Promise.all([peopleOfYear(db, y, mine.map((r) => r.usSeq)), codeMap(db, y)]);
    const byUs = new Map(people.map((p) => [p.usSeq, p]));
    for (const r of mine) {
      const p = byUs.get(r.usSeq);
      if (!p) continue; // the record was deleted after the person was added
      out.push({
        ...toPersonDto(p, names),
        year: r.year,
        agreeYn: r.agreeYn,
        agreeDt: formatWireDate(r.agreeDt),
        agreeVer: r.agreeVer,
        sendFlag: r.sendFlag,
        sendDt: formatWireDate(r.sendDt),
        sendCnt: r.sendCnt,
      });
    }
  }
  return sortPeople(out);
}

async function sendingUserList(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const body = parseInput(SendingListBody, ctx.body);
  const form = await liveForm(ctx.db, body.uiaSeq);
  if (!form) return fail(404, MSG.noData);
  const all = await sendingList(ctx.db, form.uiaSeq, body.year);
  const listOut = all.filter(
    (u) =>
      matchesText(u, body.value) &&
      (!body.attn || body.attn.includes(u.statusCd)) &&
      (!body.agreeYn || body.agreeYn.includes(u.agreeYn === "Y" ? "Y" : "N")),
  );
  return ok({ list: listOut, info: { uiaSeq: form.uiaSeq, uiaNm: form.uiaNm, usyn: form.usyn, ver: form.ver } });
}

/**
 * Sends (or sends again) the form to people on its list: a signed personal link each, as a job
 * (issue 18 "Long work", ADR 0030). The outbox rows (with the mail's text) and the job are
 * written in one transaction and the reply goes at once with `jobSeq`; the mails go out after it
 * (lib/jobs.server.ts). Without SMTP, or for a person without an address, the outbox row is the
 * delivery ('kept') at once. The same send key again answers the first job, mailing nobody twice.
 */
async function sendUser(ctx: CallContext) {
  const auth = await requireAgreeMenu(ctx);
  const body = parseInput(SendBody, ctx.body);
  const users = [...new Set(body.users)];
  if (users.length === 0) return fail(400, MSG.agreeSelectUser);
  const form = await liveForm(ctx.db, body.uiaSeq);
  if (!form) return fail(404, MSG.noData);
  if (form.usyn !== "Y") return fail(400, OWN_MSG.agreeFormNotInUse);
  const onList = await sendingList(ctx.db, form.uiaSeq, undefined);
  const chosen = onList.filter((u) => users.includes(u.usSeq));
  // everyone named must be on this form's list (ADR 0062): a forged post sends to nobody
  if (chosen.length !== users.length) return fail(404, OWN_MSG.recipientNotOnList);

  const now = new Date();
  const expires = new Date(now.getTime() + linkDays() * 86_400_000);
  const subject = `[개인정보 수집·이용 동의 요청] ${form.uiaNm}`;
  const base = (body.baseUrl || process.env.PUBLIC_BASE_URL || "").replace(/\/+$/, "");
  const target = `agree:${form.uiaSeq}`;
  const jobKey = jobKeyOf("agreeSend", target, auth.user.userSeq, body.sendKey);
  const { job, created, sent, queued } = await ctx.db.transaction(async (tx) => {
    const opened = await openSendJob(tx, { kind: "agreeSend", target, ownerSeq: auth.user.userSeq, jobKey });
    if (!opened.created) return { ...opened, sent: [], queued: 0 };
    const out: { usSeq: number; link: string; toAddr: string | null; obSeq: number; channel: string; status: string }[] = [];
    for (const u of chosen) {
      const link = agreePath(form.uiaSeq, u.usSeq, await signLink(tx, form.uiaSeq, u.usSeq, expires));
      const toAddr = u.email || null;
      // a mail to send waits for the job ('pending'); none to send: the outbox keeps the link now
      const delivery = willMail(toAddr) ? { channel: "smtp", status: "pending" } : { channel: "outbox", status: "kept" };
      const [stored] = await tx.insert(agreeOutbox).values({
        uiaSeq: form.uiaSeq,
        usSeq: u.usSeq,
        channel: delivery.channel,
        toAddr,
        subject,
        body: `${u.name}님, 아래 링크에서 개인정보 수집·이용 동의서를 확인하고 동의 여부를 제출해 주세요.\n\n${form.uiaNm}\n${base}${link}\n\n이 링크는 ${u.name}님 전용이며 ${formatWireDate(expires)?.slice(0, 10)}까지 유효합니다.`,
        link,
        expDt: expires,
        status: delivery.status,
        senderSeq: auth.user.userSeq,
        regDt: now,
      }).returning({ obSeq: agreeOutbox.obSeq });
      await tx
        .update(agreeRecipients)
        .set({ sendFlag: "Y", sendDt: now, sendCnt: sql`${agreeRecipients.sendCnt} + 1` })
        .where(and(eq(agreeRecipients.uiaSeq, form.uiaSeq), eq(agreeRecipients.usSeq, u.usSeq)));
      out.push({ usSeq: u.usSeq, link, toAddr, obSeq: stored.obSeq, ...delivery });
    }
    const items = out.map((o) => ({ usSeq: o.usSeq, obSeq: o.obSeq, to: o.toAddr, queued: o.status === "pending" }));
    return { job: await addJobItems(tx, opened.job, items), created: true, sent: out, queued: items.filter((i) => i.queued).length };
  });
  if (!created) return ok({ sent: 0, already: chosen.length, expDt: formatWireDate(expires), list: [], jobSeq: job.jobSeq, job: jobDto(job) }, OWN_MSG.jobAlreadySent);
  if (queued) kickJobs(ctx.db);
  return ok(
    { sent: sent.length, already: 0, queued, expDt: formatWireDate(expires), list: sent.map(({ obSeq: _ob, ...rest }) => rest), jobSeq: job.jobSeq, job: jobDto(job) },
    MSG.sent,
  );
}

/** The deliveries of a form, newest first, with each person's link (our addition). */
async function outboxList(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const body = parseInput(OutboxBody, ctx.body);
  const form = await liveForm(ctx.db, body.uiaSeq);
  if (!form) return fail(404, MSG.noData);
  const rows = await ctx.db
    .select()
    .from(agreeOutbox)
    .where(eq(agreeOutbox.uiaSeq, form.uiaSeq))
    .orderBy(desc(agreeOutbox.regDt), desc(agreeOutbox.obSeq))
    .limit(body.limit ?? 200);
  // names as on the sending list (any year the person was added for)
  const people = new Map((await sendingList(ctx.db, form.uiaSeq, undefined)).map((u) => [u.usSeq, u]));
  return ok({
    smtp: smtpConfigured(),
    list: rows.map((r) => ({
      obSeq: r.obSeq,
      usSeq: r.usSeq,
      id: people.get(r.usSeq)?.id ?? "",
      name: people.get(r.usSeq)?.name ?? "",
      channel: r.channel,
      toAddr: r.toAddr,
      subject: r.subject,
      link: r.link,
      status: r.status,
      expDt: formatWireDate(r.expDt),
      regDt: formatWireDate(r.regDt),
    })),
  });
}

// ---------------------------------------------------------------------------------------------
// The public consent page
// ---------------------------------------------------------------------------------------------

/** The link's form and recipient, or a 404 envelope (thrown). */
async function linkTarget(db: Db | Tx, body: z.infer<typeof LinkBody>) {
  if (!(await verifyLink(db, body.uiaSeq, body.usSeq, body.sig))) throw new ApiError(fail(404, MSG.notFound, AGREE_LINK_ERROR));
  const form = await liveForm(db, body.uiaSeq);
  const [recipient] = await db
    .select()
    .from(agreeRecipients)
    .where(and(eq(agreeRecipients.uiaSeq, body.uiaSeq), eq(agreeRecipients.usSeq, body.usSeq)))
    .limit(1);
  if (!form || form.usyn !== "Y" || !recipient || recipient.sendFlag !== "Y") throw new ApiError(fail(404, MSG.noData));
  return { form, recipient };
}

async function versionOf(db: Db | Tx, uiaSeq: number, ver: number) {
  const [row] = await db
    .select()
    .from(agreeFormVersions)
    .where(and(eq(agreeFormVersions.uiaSeq, uiaSeq), eq(agreeFormVersions.ver, ver)))
    .limit(1);
  return row;
}

/**
 * What the consent page shows: `isSubmit` Y once the person has agreed (with the version they
 * agreed to), otherwise the current form (`agreeYn` N when they disagreed before).
 */
async function agreeUser(ctx: CallContext) {
  const body = parseInput(LinkBody, ctx.body);
  const { form, recipient } = await linkTarget(ctx.db, body);
  const submitted = recipient.agreeYn === "Y";
  const shown = submitted && recipient.agreeVer ? (await versionOf(ctx.db, form.uiaSeq, recipient.agreeVer)) ?? form : form;
  return ok({
    isSubmit: submitted ? "Y" : "N",
    agreeYn: recipient.agreeYn,
    agreeDt: formatWireDate(recipient.agreeDt),
    agree: { uiaSeq: form.uiaSeq, uiaNm: shown.uiaNm, uiaContent: shown.uiaContent, ver: shown.ver },
  });
}

/**
 * Records the person's answer and the version they were shown (`ver`, else the current one).
 * Agreeing is final (a second agreement answers the first one's date); disagreeing is recorded
 * and the person may still agree later.
 */
async function submitAgree(ctx: CallContext) {
  const body = parseInput(SubmitBody, ctx.body);
  const { form, recipient } = await linkTarget(ctx.db, body);
  if (!body.agreeYn) return fail(400, OWN_MSG.agreeChoiceRequired);
  if (recipient.agreeYn === "Y") {
    return ok({ isSubmit: "Y", agreeYn: "Y", agreeDt: formatWireDate(recipient.agreeDt), ver: recipient.agreeVer }, MSG.agreeSubmitted);
  }
  const ver = body.ver && body.ver <= form.ver && (await versionOf(ctx.db, form.uiaSeq, body.ver)) ? body.ver : form.ver;
  const now = new Date();
  const [row] = await ctx.db
    .update(agreeRecipients)
    .set({ agreeYn: body.agreeYn, agreeDt: now, agreeVer: ver })
    .where(
      and(
        eq(agreeRecipients.uiaSeq, form.uiaSeq),
        eq(agreeRecipients.usSeq, recipient.usSeq),
        or(sql`${agreeRecipients.agreeYn} is null`, eq(agreeRecipients.agreeYn, "N")),
      ),
    )
    .returning({ agreeYn: agreeRecipients.agreeYn, agreeDt: agreeRecipients.agreeDt, agreeVer: agreeRecipients.agreeVer });
  if (!row) {
    // agreed in another tab meanwhile: the first agreement stands
    const [cur] = await ctx.db
      .select()
      .from(agreeRecipients)
      .where(and(eq(agreeRecipients.uiaSeq, form.uiaSeq), eq(agreeRecipients.usSeq, recipient.usSeq)))
      .limit(1);
    return ok({ isSubmit: "Y", agreeYn: "Y", agreeDt: formatWireDate(cur?.agreeDt), ver: cur?.agreeVer ?? null }, MSG.agreeSubmitted);
  }
  const agreed = row.agreeYn === "Y";
  return ok(
    { isSubmit: agreed ? "Y" : "N", agreeYn: row.agreeYn, agreeDt: formatWireDate(row.agreeDt), ver: row.agreeVer },
    agreed ? MSG.agreeSubmitted : MSG.agreeDisagreed,
  );
}

export const agreeRoutes: RouteDef[] = [
  route(AGREE.list, "required", list),
  route(AGREE.detail, "required", detail),
  route(AGREE.save, "required", edit),
  route(AGREE.remove, "required", remove),
  route(AGREE.copy, "required", copy),
  route(AGREE.codes, "required", getCodeList),
  route(AGREE.people, "required", getUserList),
  route(AGREE.addUsers, "required", addUsers),
  route(AGREE.recipients, "required", sendingUserList),
  route(AGREE.send, "required", sendUser),
  route(AGREE.outbox, "required", outboxList),
  route(AGREE.consent, "none", agreeUser),
  route(AGREE.submit, "none", submitAgree),
];
