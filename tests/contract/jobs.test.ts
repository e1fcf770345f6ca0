/**
 * Link sends as jobs (issue 18 "Long work", ADR 0030; docs/contract.md "Jobs"): the send answers
 * at once with a job and the mails go out after the reply.
 * - idempotency: the same send (its send key) posted twice at once, and again after it ended,
 *   mails each recipient once; the second answer says they were already sent;
 * - a mail server that stalls: the send still answers at once; the job ends 'failed' with the
 *   recipient failed and OWN_MSG.jobSomeFailed; the retry mails only that recipient, once;
 * - a restart mid-job: the backend is closed while mails are going out and opened again on the
 *   same data folder: the rest is sent, each recipient exactly once;
 * - only the job's owner (or an administrator) sees it.
 * In-process backend only (it sets SMTP_URL and opens its own data folder); not against a legacy
 * server, which answers the spec's synchronous send.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedBackend } from "../../app/embedded/index.server";
import { MSG, OWN_MSG } from "../../app/schemas/messages.ko";
import { apiOver, createApprovedUser, login, loginAdmin, openApi, uniqueId, type Api, type Session } from "./client";
import { freeText, surveyBody } from "./survey-fixtures";

const remote = Boolean(process.env.LEGACY_API_URL?.trim());
const onPostgres = Boolean(process.env.DATABASE_URL?.trim());
const YEAR = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul", year: "numeric" }).format(new Date()));

/** A fake mail server: 'accept' takes each mail after `delayMs`; 'stall' never greets (the client times out). */
const smtp = { mode: "accept" as "accept" | "stall", delayMs: 0, received: [] as string[] };
let server: SMTPServer;
let api: Api;
let admin: Session;

beforeAll(async () => {
  if (remote) return;
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    onConnect(_session, callback) {
      if (smtp.mode === "stall") return; // no greeting, ever
      callback();
    },
    onData(stream, session, done) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        setTimeout(() => {
          smtp.received.push(...session.envelope.rcptTo.map((r) => r.address));
          done();
        }, smtp.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  process.env.SMTP_TIMEOUT_MS = "1500";
  api = await openApi();
  admin = await loginAdmin(api);
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.SMTP_TIMEOUT_MS;
  await api?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const callOn = (a: Api, s: Session) => (p: string, body: Record<string, unknown> = {}) => a.call(p, body, { token: s.accessToken });

/** Polls getJob.do until the job has ended. */
async function waitForJob(call: ReturnType<typeof callOn>, jobSeq: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call("/api/job/getJob.do", { jobSeq });
    expect(r.body.status, JSON.stringify(r.body)).toBe(200);
    if (r.body.result.job.ended) return r.body.result as { job: Record<string, any>; list: { usSeq: number; toMasked: string | null; state: string; error: string | null }[] };
    if (Date.now() > until) throw new Error(`job ${jobSeq} did not end: ${JSON.stringify(r.body.result.job)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

/** A consent form in use with `n` people of this year who have an e-mail address on its list. */
async function formWithPeople(call: ReturnType<typeof callOn>, n: number) {
  const form = await call("/api/agree/edit.do", { uiaNm: `작업 발송 ${uniqueId("j")}`, uiaContent: "<p>수집·이용 목적</p>", usyn: "Y" });
  const uiaSeq = form.body.result.uiaSeq as number;
  const people = (await call("/api/agree/getUserList.do", { year: YEAR, value: "", id: "", usTy: "1" })).body.result.list as { usSeq: number; email: string }[];
  const withMail = people.filter((p) => p.email && p.email.includes("@")).slice(0, n);
  expect(withMail.length).toBe(n);
  await call("/api/agree/addUsers.do", { uiaSeq, year: YEAR, users: withMail.map((p) => ({ usSeq: p.usSeq })) });
  return { uiaSeq, people: withMail };
}

const countOf = (list: string[], addr: string) => list.filter((a) => a === addr).length;

describe.skipIf(remote)("link sends as jobs", () => {
  it("the same send posted twice (at once, and again after it ended) mails each recipient once", async () => {
    smtp.mode = "accept";
    smtp.delayMs = 0;
    const call = callOn(api, admin);
    const { uiaSeq, people } = await formWithPeople(call, 3);
    const before = smtp.received.length;
    const body = { uiaSeq, users: people.map((p) => ({ usSeq: p.usSeq })), baseUrl: "https://edu.example.ac.kr", sendKey: `k-${uniqueId()}` };

    const [a, b] = await Promise.all([call("/api/agree/sendUser.do", body), call("/api/agree/sendUser.do", body)]);
    const replies = [a.body, b.body].sort((x, y) => (x.result.already ?? 0) - (y.result.already ?? 0));
    expect(replies[0]).toMatchObject({ status: 200, message: MSG.sent, result: { sent: 3, already: 0, queued: 3 } });
    expect(replies[1]).toMatchObject({ status: 200, message: OWN_MSG.jobAlreadySent, result: { sent: 0, already: 3 } });
    expect(replies[1].result.jobSeq).toBe(replies[0].result.jobSeq);

    const done = await waitForJob(call, replies[0].result.jobSeq);
    expect(done.job).toMatchObject({ state: "done", total: 3, done: 3, failed: 0, message: MSG.sent });
    expect(done.list.every((i) => i.state === "sent" && /\*\*\*@/.test(i.toMasked ?? ""))).toBe(true);

    // the browser's resubmission after the end: still the same job, nobody mailed again
    const again = await call("/api/agree/sendUser.do", body);
    expect(again.body).toMatchObject({ status: 200, message: OWN_MSG.jobAlreadySent, result: { already: 3, jobSeq: replies[0].result.jobSeq } });
    // a retry of a job with nobody failed sends nothing either
    expect((await call("/api/job/retryJob.do", { jobSeq: replies[0].result.jobSeq })).body).toMatchObject({ status: 200, message: OWN_MSG.jobNothingToRetry, result: { requeued: 0 } });
    await new Promise((res) => setTimeout(res, 300));

    const mine = smtp.received.slice(before);
    for (const p of people) expect(countOf(mine, p.email), p.email).toBe(1);
    expect(mine).toHaveLength(3);
    // the outbox says sent once per person; the sending list counts one send each
    const out = (await call("/api/agree/outboxList.do", { uiaSeq })).body.result.list as { usSeq: number; status: string }[];
    expect(out.map((o) => o.status)).toEqual(["sent", "sent", "sent"]);
    const list = (await call("/api/agree/sendingUserList.do", { uiaSeq, year: YEAR })).body.result.list as { sendCnt: number }[];
    expect(list.map((u) => u.sendCnt)).toEqual([1, 1, 1]);
  });

  it("a survey send with the same key twice mails each recipient once", async () => {
    smtp.mode = "accept";
    const call = callOn(api, admin);
    const made = await call("/api/survey/insertSurveyInfo.do", surveyBody({ srName: `작업 설문 ${uniqueId("s")}`, qestList: [freeText("자유 의견")] }));
    expect(made.body, JSON.stringify(made.body)).toMatchObject({ status: 200, message: MSG.saved });
    const srSeq = made.body.result.seq as number;
    const people = ((await call("/api/agree/getUserList.do", { year: YEAR, value: "", id: "", usTy: "1", attn: ["0000600001"] })).body.result.list as { usSeq: number; email: string }[])
      .filter((p) => p.email && p.email.includes("@"))
      .slice(0, 2);
    expect(people).toHaveLength(2);
    expect((await call("/api/survey/addUsers", { srSeq, year: YEAR, users: people.map((p) => ({ usSeq: p.usSeq, usTy: "1" })) })).body.status).toBe(200);
    const before = smtp.received.length;
    const body = { srSeq, users: people.map((p) => p.usSeq), sendKey: `k-${uniqueId()}` };
    const first = await call("/api/survey/sendUser.do", body);
    expect(first.body).toMatchObject({ status: 200, message: MSG.sent, result: { sent: 2, queued: 2, channel: "smtp" } });
    const second = await call("/api/survey/sendUser.do", body);
    expect(second.body).toMatchObject({ status: 200, message: OWN_MSG.jobAlreadySent, result: { already: 2, jobSeq: first.body.result.jobSeq } });
    expect((await waitForJob(call, first.body.result.jobSeq)).job).toMatchObject({ state: "done", done: 2 });
    const mine = smtp.received.slice(before);
    expect(mine.sort()).toEqual(people.map((p) => p.email).sort());
    const list = (await call("/api/survey/sendingUserList.do", { srSeq })).body.result.list as { sendCnt: number }[];
    expect(list.map((u) => u.sendCnt)).toEqual([1, 1]);
  });

  it("a stalling mail server: the send answers at once, the job ends with the recipient failed; the retry mails only them", async () => {
    const call = callOn(api, admin);
    const { uiaSeq, people } = await formWithPeople(call, 2);
    smtp.mode = "stall";
    const before = smtp.received.length;
    const started = Date.now();
    const sent = await call("/api/agree/sendUser.do", { uiaSeq, users: [{ usSeq: people[0].usSeq }], sendKey: `k-${uniqueId()}` });
    const took = Date.now() - started;
    expect(sent.body).toMatchObject({ status: 200, message: MSG.sent, result: { sent: 1, queued: 1 } });
    // the reply did not wait for the mail server (its limit is 1.5 s a mail)
    expect(took).toBeLessThan(1_000);
    const jobSeq = sent.body.result.jobSeq as number;
    const running = (await call("/api/job/getJob.do", { jobSeq })).body.result.job;
    expect(running.ended).toBe(false);
    expect(running.message).toBe(OWN_MSG.jobRunning.replace("{done}", "0").replace("{total}", "1"));

    const failed = await waitForJob(call, jobSeq);
    expect(failed.job).toMatchObject({ state: "failed", total: 1, done: 0, failed: 1, message: OWN_MSG.jobSomeFailed.replace("{failed}", "1") });
    expect(failed.list[0].state).toBe("failed");
    expect(failed.list[0].error).toMatch(/timeout/i);
    expect(failed.list[0].error).not.toContain(people[0].email);
    const ob = (await call("/api/agree/outboxList.do", { uiaSeq })).body.result.list as { status: string }[];
    expect(ob.map((o) => o.status)).toEqual(["failed"]);

    // the server is back: the retry sends to the failed recipient, once
    smtp.mode = "accept";
    const retry = await call("/api/job/retryJob.do", { jobSeq });
    expect(retry.body).toMatchObject({ status: 200, message: OWN_MSG.jobRetried, result: { requeued: 1 } });
    expect((await waitForJob(call, jobSeq)).job).toMatchObject({ state: "done", done: 1, failed: 0, message: MSG.sent });
    expect(smtp.received.slice(before)).toEqual([people[0].email]);
  }, 60_000);

  it("only the owner or an administrator sees a job", async () => {
    smtp.mode = "accept";
    const call = callOn(api, admin);
    const { uiaSeq, people } = await formWithPeople(call, 1);
    const sent = await call("/api/agree/sendUser.do", { uiaSeq, users: [{ usSeq: people[0].usSeq }] });
    const jobSeq = sent.body.result.jobSeq as number;
    const other = await createApprovedUser(api, admin, { authTy: "1" });
    const otherCall = callOn(api, await login(api, other.userId, other.password));
    expect((await otherCall("/api/job/getJob.do", { jobSeq })).body).toEqual({ status: 404, message: MSG.noData });
    expect((await otherCall("/api/job/retryJob.do", { jobSeq })).body).toEqual({ status: 404, message: MSG.noData });
    expect((await otherCall("/api/job/getJob.do", { jobSeq: 2_000_000_000 })).body).toEqual({ status: 404, message: MSG.noData });
    // a job named under another form's (or a survey's) send page is not there (ADR 0062)
    expect((await call("/api/job/retryJob.do", { jobSeq, target: `agree:${uiaSeq + 1}` })).body).toEqual({ status: 404, message: MSG.noData });
    expect((await call("/api/job/getJob.do", { jobSeq, target: `survey:${uiaSeq}` })).body).toEqual({ status: 404, message: MSG.noData });
    expect((await call("/api/job/getJob.do", { jobSeq, target: `agree:${uiaSeq}` })).body.status).toBe(200);
    await waitForJob(call, jobSeq);
  });
});

describe.skipIf(remote || onPostgres)("a restart in the middle of a send", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "medu-jobs-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("the backend closed mid-job and opened again on the same data sends the rest, each recipient once", async () => {
    smtp.mode = "accept";
    smtp.delayMs = 400;
    const first = apiOver(await createEmbeddedBackend({ dataDir, demo: true, schedule: false }));
    let call = callOn(first, await loginAdmin(first));
    const { uiaSeq, people } = await formWithPeople(call, 5);
    const before = smtp.received.length;
    const sent = await call("/api/agree/sendUser.do", { uiaSeq, users: people.map((p) => ({ usSeq: p.usSeq })), sendKey: `k-${uniqueId()}` });
    expect(sent.body).toMatchObject({ status: 200, result: { queued: 5 } });
    const jobSeq = sent.body.result.jobSeq as number;
    // closed once the first mail is in: the one in flight ends, the rest stay queued
    while (smtp.received.length === before) await new Promise((res) => setTimeout(res, 20));
    await first.close();
    const atClose = smtp.received.length - before;
    expect(atClose).toBeLessThan(5);

    const second = apiOver(await createEmbeddedBackend({ dataDir, demo: true, schedule: false }));
    try {
      call = callOn(second, await loginAdmin(second));
      const done = await waitForJob(call, jobSeq, 30_000);
      expect(done.job).toMatchObject({ state: "done", total: 5, done: 5, failed: 0 });
      const mine = smtp.received.slice(before);
      for (const p of people) expect(countOf(mine, p.email), p.email).toBe(1);
      expect(mine).toHaveLength(5);
    } finally {
      smtp.delayMs = 0;
      await second.close();
    }
  }, 240_000);
});
