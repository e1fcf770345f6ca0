-- Long work as jobs (issue 18 "Long work", ADR 0030): a link send answers at once and the mails go
-- out after the reply. `jobs` is one send (kind, owner, target, state, counts, result message);
-- `job_items` one recipient of it. `job_key` (jobs) and (`what`, `us_seq`) (job_items) are unique:
-- the same send posted twice (the same send key) finds the job it made and mails nobody twice.
-- Nothing secret here: the mail itself (with the personal link) stays in the feature's outbox
-- row (`ob_seq`), the address is kept masked.
CREATE TABLE IF NOT EXISTS "jobs" (
	"job_seq" serial PRIMARY KEY NOT NULL,
	"job_key" varchar(200) NOT NULL,
	"kind" varchar(30) NOT NULL,
	"owner_seq" integer NOT NULL,
	"target" varchar(100) NOT NULL,
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done_cnt" integer DEFAULT 0 NOT NULL,
	"failed_cnt" integer DEFAULT 0 NOT NULL,
	"message" varchar(300),
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"start_dt" timestamp with time zone,
	"end_dt" timestamp with time zone,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_state_ck" CHECK ("state" in ('queued','running','done','failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "jobs_key_uq" ON "jobs" USING btree ("job_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_owner_idx" ON "jobs" USING btree ("owner_seq","reg_dt");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "job_items" (
	"item_seq" serial PRIMARY KEY NOT NULL,
	"job_seq" integer NOT NULL REFERENCES "jobs"("job_seq") ON DELETE cascade,
	"what" varchar(200) NOT NULL,
	"us_seq" integer NOT NULL,
	"ob_seq" integer NOT NULL,
	"to_masked" varchar(200),
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" varchar(500),
	"claimed_dt" timestamp with time zone,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_items_state_ck" CHECK ("state" in ('queued','sending','sent','kept','failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "job_items_what_us_uq" ON "job_items" USING btree ("what","us_seq");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_items_job_idx" ON "job_items" USING btree ("job_seq","state");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_items_queue_idx" ON "job_items" USING btree ("state","item_seq");
--> statement-breakpoint
-- the consent mail's text, composed at the send (the survey outbox has kept its body from the start)
ALTER TABLE "agree_outbox" ADD COLUMN IF NOT EXISTS "body" text;
