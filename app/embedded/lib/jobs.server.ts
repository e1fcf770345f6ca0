/**
 * Long work as jobs (issue 18 "Long work", ADR 0030): link sends (surveys, consent forms) answer
 * at once and their mails go out after the reply.
 *
 * - The send handler, in its own transaction, opens the job (`openSendJob`: unique on the send
 *   key, so a double post finds the first job and mails nobody again), writes each recipient's
 *   outbox row and one `job_items` row (unique on (what, recipient)). Recipients without mail
 *   to send (no SMTP configured, no address) are settled in that transaction ('kept').
 * - The runner (one per backend) mails the queued rows one by one after the reply: it claims a
 *   row ('sending', FOR UPDATE SKIP LOCKED, so several instances on one PostgreSQL never take the
 *   same), delivers it with the mail's own time limit (mailer.server.ts), and records the outcome
 *   on the outbox row, the item and the job's counts. A slow or failing mail server fails that
 *   recipient ('failed', retryable with `retryJob`), never the acknowledged send.
 * - A restart: rows still 'queued' are sent at the next start (the runner starts with the
 *   backend). A row left 'sending' (the process died during its SMTP exchange) may or may not
 *   have been delivered: it becomes 'failed' with OWN_MSG.jobInterrupted rather than being sent
 *   again, since "never twice" outranks "never missed" (a retry is one click). On PGlite (one
 *   process) every such row is stale at the start; on PostgreSQL only rows claimed longer ago
 *   than the lease (another live instance may be sending them).
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { maskEmail } from "~/utils/mask";
import { errorText } from "~/utils/log.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import type { Db, Tx } from "../db/client.server";
import { agreeOutbox, jobItems, jobs, surveyOutbox, type JobItemState, type JobRow } from "../db/schema";
import { deliver, isAddress, mailTimeoutMs, smtpConfigured } from "./mailer.server";

export type JobKind = "surveySend" | "agreeSend";

/** A send key from a form: letters, digits, '-' and '_' (a UUID). Anything else is ignored. */
export const SEND_KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The job's unique key: the kind, the target, the owner and the form's send key, so one user's
 * key never finds another user's job. Without a key (a caller that does not send one, as the
 * spec's clients) every send is a new job: the spec's '발송(재발송)' semantics.
 */
export function jobKeyOf(kind: JobKind, target: string, ownerSeq: number, sendKey: string | null | undefined): string {
  const key = sendKey && SEND_KEY_RE.test(sendKey) ? sendKey : `auto-${randomUUID()}`;
  return `${kind}:${target}:${ownerSeq}:${key}`;
}

export interface OpenedJob {
  job: JobRow;
  /** false: the key had a job already (a double post): nothing new is to be sent. */
  created: boolean;
}

/** Opens the job of a send inside the send's transaction, or finds the one its key made. */
export async function openSendJob(tx: Tx, input: { kind: JobKind; target: string; ownerSeq: number; jobKey: string }): Promise<OpenedJob> {
  const [made] = await tx
    .insert(jobs)
    .values({ jobKey: input.jobKey, kind: input.kind, ownerSeq: input.ownerSeq, target: input.target })
    .onConflictDoNothing()
    .returning();
  if (made) return { job: made, created: true };
  const [found] = await tx.select().from(jobs).where(eq(jobs.jobKey, input.jobKey)).limit(1);
  return { job: found, created: false };
}

/** Whether this recipient's mail goes over SMTP (after the reply) or is settled in the outbox now. */
export function willMail(to: string | null): boolean {
  return smtpConfigured() && isAddress(to);
}

/**
 * Adds the recipients of a new job: 'queued' for a mail to send, 'kept' when there is none (the
 * outbox row is then the delivery). Sets the job's counts; a job with nothing queued ends here.
 */
export async function addJobItems(tx: Tx, job: JobRow, items: { usSeq: number; obSeq: number; to: string | null; queued: boolean }[]): Promise<JobRow> {
  if (items.length) {
    await tx
      .insert(jobItems)
      .values(
        items.map((i) => ({
          jobSeq: job.jobSeq,
          what: job.jobKey,
          usSeq: i.usSeq,
          obSeq: i.obSeq,
          toMasked: i.to ? maskEmail(i.to).slice(0, 200) : null,
          state: (i.queued ? "queued" : "kept") as JobItemState,
        })),
      )
      .onConflictDoNothing();
  }
  return settle(tx, job.jobSeq);
}

/** Recounts a job from its items; the job ends (done, or failed when some recipient failed) once none is open. */
async function settle(db: Db | Tx, jobSeq: number): Promise<JobRow> {
  // one settle of a job at a time (instances on one PostgreSQL finish its items at once): inside a
  // transaction, the count below then sees the other's committed items
  await db.select({ jobSeq: jobs.jobSeq }).from(jobs).where(eq(jobs.jobSeq, jobSeq)).for("update");
  const rows = await db
    .select({ state: jobItems.state, n: sql<number>`count(*)::int` })
    .from(jobItems)
    .where(eq(jobItems.jobSeq, jobSeq))
    .groupBy(jobItems.state);
  const n = (s: JobItemState) => rows.find((r) => r.state === s)?.n ?? 0;
  const total = rows.reduce((a, r) => a + r.n, 0);
  const open = n("queued") + n("sending");
  const failed = n("failed");
  const ended = open === 0;
  const [job] = await db
    .update(jobs)
    .set({
      total,
      doneCnt: n("sent") + n("kept"),
      failedCnt: failed,
      uptDt: new Date(),
      ...(ended
        ? {
            state: failed > 0 ? ("failed" as const) : ("done" as const),
            message: failed > 0 ? OWN_MSG.jobSomeFailed.replace("{failed}", String(failed)) : MSG.sent,
            endDt: sql`coalesce(${jobs.endDt}, now())`,
          }
        : { state: n("queued") < total ? ("running" as const) : ("queued" as const), message: null, endDt: null }),
    })
    .where(eq(jobs.jobSeq, jobSeq))
    .returning();
  return job;
}

/** A job as the wire shows it (docs/contract.md "Jobs"). */
export function jobDto(job: JobRow) {
  return {
    jobSeq: job.jobSeq,
    kind: job.kind,
    target: job.target,
    state: job.state,
    total: job.total,
    done: job.doneCnt,
    failed: job.failedCnt,
    message: job.message ?? OWN_MSG.jobRunning.replace("{done}", String(job.doneCnt + job.failedCnt)).replace("{total}", String(job.total)),
    ended: job.state === "done" || job.state === "failed",
    regDt: job.regDt.toISOString(),
    endDt: job.endDt ? job.endDt.toISOString() : null,
  };
}

/** Puts a job's failed recipients back in the queue (a retry: the others are not touched). */
export async function requeueFailed(db: Db, jobSeq: number): Promise<{ job: JobRow; requeued: number }> {
  return db.transaction(async (tx) => {
    const back = await tx
      .update(jobItems)
      .set({ state: "queued", error: null, claimedDt: null, uptDt: new Date() })
      .where(and(eq(jobItems.jobSeq, jobSeq), eq(jobItems.state, "failed")))
      .returning({ itemSeq: jobItems.itemSeq, obSeq: jobItems.obSeq });
    if (back.length) await tx.update(jobs).set({ state: "queued", message: null, endDt: null }).where(eq(jobs.jobSeq, jobSeq));
    return { job: await settle(tx, jobSeq), requeued: back.length };
  });
}

// ---------------------------------------------------------------------------------------------
// The runner
// ---------------------------------------------------------------------------------------------

interface Runner {
  kick(): void;
  stop(): Promise<void>;
}

/** The runner of each backend's database: a send handler kicks the one of its database. */
const runners = new WeakMap<object, Runner>();

/** Wakes the runner of `db` (after a send's transaction has committed). */
export function kickJobs(db: Db): void {
  runners.get(db)?.kick();
}

/** A 'sending' row older than this on PostgreSQL was left by an instance that died. */
const leaseMs = () => Math.max(120_000, mailTimeoutMs() * 4);
/** How often an idle runner looks for queued rows (another instance's, or a missed kick). */
const POLL_MS = 30_000;

/**
 * Starts the runner of a backend: settles interrupted rows, sends what is queued, then waits for
 * kicks. `exclusive`: this process is the database's only user (PGlite).
 */
export function startJobRunner(db: Db, opts: { exclusive: boolean }): Runner {
  let stopping = false;
  let loop: Promise<void> | null = null;
  let again = false;
  let started = false;

  const drain = async () => {
    // at the start, on a database this process has alone, every 'sending' row is a previous
    // run's; otherwise (and later) only rows whose claim is older than the lease
    await recoverInterrupted(db, opts.exclusive && !started ? null : new Date(Date.now() - leaseMs()));
    started = true;
    while (!stopping) {
      const item = await claimNext(db);
      if (!item) return;
      await work(db, item);
    }
  };

  const kick = () => {
    if (stopping) return;
    if (loop) {
      again = true;
      return;
    }
    loop = (async () => {
      // after the reply: the send's answer goes out before the first mail is tried
      await new Promise((r) => setImmediate(r));
      do {
        again = false;
        await drain();
      } while (again && !stopping);
    })()
      .catch((err) => console.error(`[jobs] ${errorText(err)}`))
      .finally(() => {
        loop = null;
        if (again && !stopping) kick();
      });
  };

  const timer = setInterval(kick, POLL_MS);
  timer.unref();
  const runner: Runner = {
    kick,
    async stop() {
      stopping = true;
      clearInterval(timer);
      // the mail in flight ends (or times out) before the database closes; the rest stay queued
      await loop;
    },
  };
  runners.set(db, runner);
  kick();
  return runner;
}

/** Rows left 'sending' by a process that ended during the SMTP exchange: failed (retryable), not resent. */
async function recoverInterrupted(db: Db, claimedBefore: Date | null) {
  const stale = await db
    .update(jobItems)
    .set({ state: "failed", error: OWN_MSG.jobInterrupted, uptDt: new Date() })
    .where(and(eq(jobItems.state, "sending"), claimedBefore ? lt(jobItems.claimedDt, claimedBefore) : undefined))
    .returning({ jobSeq: jobItems.jobSeq, obSeq: jobItems.obSeq });
  for (const jobSeq of new Set(stale.map((s) => s.jobSeq))) {
    const [job] = await db.select({ kind: jobs.kind }).from(jobs).where(eq(jobs.jobSeq, jobSeq));
    const obs = stale.filter((s) => s.jobSeq === jobSeq).map((s) => s.obSeq);
    const set = { channel: "smtp", status: "failed", error: OWN_MSG.jobInterrupted };
    if (job?.kind === "surveySend") await db.update(surveyOutbox).set(set).where(inArray(surveyOutbox.obSeq, obs));
    else if (job?.kind === "agreeSend") await db.update(agreeOutbox).set(set).where(inArray(agreeOutbox.obSeq, obs));
    await settle(db, jobSeq);
  }
}

/** Takes the oldest queued row (one instance each: SKIP LOCKED). */
async function claimNext(db: Db) {
  const next = sql`(select ${jobItems.itemSeq} from ${jobItems} where ${jobItems.state} = 'queued' order by ${jobItems.itemSeq} limit 1 for update skip locked)`;
  const [item] = await db
    .update(jobItems)
    .set({ state: "sending", claimedDt: new Date(), attempts: sql`${jobItems.attempts} + 1`, uptDt: new Date() })
    .where(and(eq(jobItems.itemSeq, next), eq(jobItems.state, "queued")))
    .returning();
  if (item) await db.update(jobs).set({ state: "running", startDt: sql`coalesce(${jobs.startDt}, now())` }).where(and(eq(jobs.jobSeq, item.jobSeq), eq(jobs.state, "queued")));
  return item ?? null;
}

/** Mails one recipient and records the outcome on the outbox row, the item and the job. */
async function work(db: Db, item: typeof jobItems.$inferSelect) {
  const [job] = await db.select({ kind: jobs.kind }).from(jobs).where(eq(jobs.jobSeq, item.jobSeq));
  const table = job?.kind === "surveySend" ? surveyOutbox : job?.kind === "agreeSend" ? agreeOutbox : null;
  const [mail] = table
    ? await db.select({ to: table.toAddr, subject: table.subject, text: table.body }).from(table).where(eq(table.obSeq, item.obSeq))
    : [];
  if (!table || !mail || mail.text == null) {
    // the survey or form was deleted meanwhile (its outbox went with it): nothing left to send
    await db.update(jobItems).set({ state: "failed", error: MSG.noData, uptDt: new Date() }).where(eq(jobItems.itemSeq, item.itemSeq));
    await settle(db, item.jobSeq);
    return;
  }
  const d = await deliver({ to: mail.to, subject: mail.subject, text: mail.text });
  const state: JobItemState = d.status === "sent" ? "sent" : d.status === "kept" ? "kept" : "failed";
  await db.transaction(async (tx) => {
    await tx.update(table).set({ channel: d.channel, status: d.status, error: d.error ?? null }).where(eq(table.obSeq, item.obSeq));
    await tx.update(jobItems).set({ state, error: d.error?.slice(0, 500) ?? null, uptDt: new Date() }).where(eq(jobItems.itemSeq, item.itemSeq));
    await settle(tx, item.jobSeq);
  });
}

/** A job's recipients (masked addresses and states, for the result page). */
export async function jobItemList(db: Db, jobSeq: number) {
  return db
    .select({ usSeq: jobItems.usSeq, toMasked: jobItems.toMasked, state: jobItems.state, error: jobItems.error })
    .from(jobItems)
    .where(eq(jobItems.jobSeq, jobSeq))
    .orderBy(asc(jobItems.itemSeq));
}
