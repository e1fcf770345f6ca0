CREATE TABLE "report_rows" (
	"row_seq" serial PRIMARY KEY NOT NULL,
	"report" varchar(40) NOT NULL,
	"year" integer,
	"ord" integer NOT NULL,
	"data" jsonb NOT NULL,
	"search" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedule_runs" (
	"slot" timestamp with time zone PRIMARY KEY NOT NULL,
	"holder" varchar(80) NOT NULL,
	"start_dt" timestamp with time zone NOT NULL,
	"end_dt" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_sync_locks" (
	"report" varchar(40) PRIMARY KEY NOT NULL,
	"holder" varchar(80) NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_syncs" (
	"sh_seq" serial PRIMARY KEY NOT NULL,
	"report" varchar(40) NOT NULL,
	"api_se" varchar(10) NOT NULL,
	"rslt_cd" char(1) NOT NULL,
	"row_cnt" integer DEFAULT 0 NOT NULL,
	"user_seq" integer,
	"user_nm" varchar(50) NOT NULL,
	"message" varchar(300),
	"slot" timestamp with time zone,
	"start_dt" timestamp with time zone NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_syncs_rslt_ck" CHECK ("report_syncs"."rslt_cd" in ('S','F'))
);
--> statement-breakpoint
CREATE INDEX "report_rows_report_year_idx" ON "report_rows" USING btree ("report","year","ord");--> statement-breakpoint
CREATE INDEX "report_syncs_report_idx" ON "report_syncs" USING btree ("report","reg_dt");