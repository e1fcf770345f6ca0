/**
 * Long work as jobs (issue 18 "Long work", ADR 0030; migration 0009_jobs.sql):
 * - `jobs`: one link send (kind 'surveySend' or 'agreeSend'), its owner (the staff user who sent),
 *   its target ('survey:12', 'agree:5'), state queued → running → done | failed, the counts and
 *   the result message. `jobKey` is unique: the send key of the posted form, so a double post
 *   finds the job the first one made.
 * - `job_items`: one recipient of a send, unique on (`what`, `usSeq`) (`what` is the job's key),
 *   so nobody is mailed twice for one send. States: queued → sending → sent (the mail server took
 *   it) | kept (no mail server or no address: the outbox keeps the link) | failed (retryable).
 *   The mail itself is the outbox row `obSeq`; the address is kept masked. Nothing secret here.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];
export type JobItemState = "queued" | "sending" | "sent" | "kept" | "failed";

export const jobs = pgTable(
  "jobs",
  {
    jobSeq: serial("job_seq").primaryKey(),
    jobKey: varchar("job_key", { length: 200 }).notNull(),
    kind: varchar("kind", { length: 30 }).notNull(),
    ownerSeq: integer("owner_seq").notNull(),
    target: varchar("target", { length: 100 }).notNull(),
    state: varchar("state", { length: 10 }).$type<JobState>().notNull().default("queued"),
    total: integer("total").notNull().default(0),
    doneCnt: integer("done_cnt").notNull().default(0),
    failedCnt: integer("failed_cnt").notNull().default(0),
    message: varchar("message", { length: 300 }),
    regDt: tstz("reg_dt").notNull().defaultNow(),
    startDt: tstz("start_dt"),
    endDt: tstz("end_dt"),
    uptDt: tstz("upt_dt").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("jobs_key_uq").on(t.jobKey),
    index("jobs_owner_idx").on(t.ownerSeq, t.regDt),
    check("jobs_state_ck", sql`${t.state} in ('queued','running','done','failed')`),
  ],
);

export const jobItems = pgTable(
  "job_items",
  {
    itemSeq: serial("item_seq").primaryKey(),
    jobSeq: integer("job_seq")
      .notNull()
      .references(() => jobs.jobSeq, { onDelete: "cascade" }),
    what: varchar("what", { length: 200 }).notNull(),
    usSeq: integer("us_seq").notNull(),
    obSeq: integer("ob_seq").notNull(),
    toMasked: varchar("to_masked", { length: 200 }),
    state: varchar("state", { length: 10 }).$type<JobItemState>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    error: varchar("error", { length: 500 }),
    claimedDt: tstz("claimed_dt"),
    uptDt: tstz("upt_dt").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("job_items_what_us_uq").on(t.what, t.usSeq),
    index("job_items_job_idx").on(t.jobSeq, t.state),
    index("job_items_queue_idx").on(t.state, t.itemSeq),
    check("job_items_state_ck", sql`${t.state} in ('queued','sending','sent','kept','failed')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type JobItemRow = typeof jobItems.$inferSelect;
