-- R17 research participation and awards (spec 001 §3; schema/awards.ts).
CREATE TABLE IF NOT EXISTS "award_programs" (
	"pa_seq" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"pa_se_cd" varchar(20) NOT NULL,
	"prgm_nm" varchar(200) NOT NULL,
	"award_date" date,
	"prgm_stde" date,
	"prgm_ende" date,
	"place_cd" char(1),
	"place" varchar(200) DEFAULT '' NOT NULL,
	"prgm_date" varchar(500) DEFAULT '' NOT NULL,
	"file_rovl" varchar(100),
	"file_flnm" varchar(100),
	"file_orn" varchar(255),
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "award_programs_usyn_ck" CHECK ("award_programs"."usyn" in ('Y','N')),
	CONSTRAINT "award_programs_place_cd_ck" CHECK ("award_programs"."place_cd" is null or "award_programs"."place_cd" in ('1','2'))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "award_users" (
	"pa_seq" integer NOT NULL,
	"us_seq" integer NOT NULL,
	"rsrch_sbj" varchar(200) DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "award_users_pa_seq_us_seq_pk" PRIMARY KEY("pa_seq","us_seq")
);
--> statement-breakpoint
ALTER TABLE "award_users" ADD CONSTRAINT "award_users_pa_seq_award_programs_pa_seq_fk" FOREIGN KEY ("pa_seq") REFERENCES "public"."award_programs"("pa_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "award_users" ADD CONSTRAINT "award_users_us_seq_persons_us_seq_fk" FOREIGN KEY ("us_seq") REFERENCES "public"."persons"("us_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "award_programs_year_idx" ON "award_programs" USING btree ("year","pa_se_cd");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "award_users_us_idx" ON "award_users" USING btree ("us_seq");
