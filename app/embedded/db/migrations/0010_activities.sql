-- R15 volunteer and R16 international health-care activity (spec 001 §3; schema/activities.ts).
CREATE TABLE IF NOT EXISTS "student_activities" (
	"act_seq" serial PRIMARY KEY NOT NULL,
	"kind" char(2) NOT NULL,
	"year" integer NOT NULL,
	"us_seq" integer NOT NULL,
	"stde" date NOT NULL,
	"ende" date NOT NULL,
	"hours" smallint NOT NULL,
	"place" varchar(200) DEFAULT '' NOT NULL,
	"country" varchar(100) DEFAULT '' NOT NULL,
	"cntnt" text DEFAULT '' NOT NULL,
	"eval" text DEFAULT '' NOT NULL,
	"org" varchar(200) DEFAULT '' NOT NULL,
	"tel1" varchar(4) DEFAULT '' NOT NULL,
	"tel2" varchar(4) DEFAULT '' NOT NULL,
	"tel3" varchar(4) DEFAULT '' NOT NULL,
	"mngr_pstn" varchar(50) DEFAULT '' NOT NULL,
	"mngr_nm" varchar(50) DEFAULT '' NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_activities_kind_ck" CHECK ("student_activities"."kind" in ('VA','GA')),
	CONSTRAINT "student_activities_usyn_ck" CHECK ("student_activities"."usyn" in ('Y','N')),
	CONSTRAINT "student_activities_hours_ck" CHECK ("student_activities"."hours" between 0 and 999)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "activity_files" (
	"file_seq" serial PRIMARY KEY NOT NULL,
	"act_seq" integer NOT NULL,
	"rovl" varchar(100) NOT NULL,
	"flnm" varchar(100) NOT NULL,
	"orn" varchar(255) NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_files_usyn_ck" CHECK ("activity_files"."usyn" in ('Y','N'))
);
--> statement-breakpoint
ALTER TABLE "student_activities" ADD CONSTRAINT "student_activities_us_seq_persons_us_seq_fk" FOREIGN KEY ("us_seq") REFERENCES "public"."persons"("us_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "activity_files" ADD CONSTRAINT "activity_files_act_seq_student_activities_act_seq_fk" FOREIGN KEY ("act_seq") REFERENCES "public"."student_activities"("act_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "student_activities_kind_year_idx" ON "student_activities" USING btree ("kind","year");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "activity_files_act_idx" ON "activity_files" USING btree ("act_seq");
