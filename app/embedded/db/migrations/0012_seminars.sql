-- R07 seminars (spec 001 §3; schema/seminars.ts).
CREATE TABLE IF NOT EXISTS "seminars" (
	"sm_seq" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"sm_se" varchar(20) NOT NULL,
	"sm_stde" date NOT NULL,
	"sm_ende" date NOT NULL,
	"place_cd" char(1) NOT NULL,
	"place" varchar(200) NOT NULL,
	"file_rovl" varchar(100),
	"file_flnm" varchar(100),
	"file_orn" varchar(255),
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seminars_place_cd_ck" CHECK ("seminars"."place_cd" in ('1','2')),
	CONSTRAINT "seminars_usyn_ck" CHECK ("seminars"."usyn" in ('Y','N')),
	CONSTRAINT "seminars_dates_ck" CHECK ("seminars"."sm_stde" <= "seminars"."sm_ende")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "seminar_users" (
	"sm_seq" integer NOT NULL,
	"us_seq" integer NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "seminar_users_sm_seq_us_seq_pk" PRIMARY KEY("sm_seq","us_seq")
);
--> statement-breakpoint
ALTER TABLE "seminar_users" ADD CONSTRAINT "seminar_users_sm_seq_seminars_sm_seq_fk" FOREIGN KEY ("sm_seq") REFERENCES "public"."seminars"("sm_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "seminar_users" ADD CONSTRAINT "seminar_users_us_seq_persons_us_seq_fk" FOREIGN KEY ("us_seq") REFERENCES "public"."persons"("us_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "seminars_year_idx" ON "seminars" USING btree ("year","sm_stde");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "seminar_users_us_idx" ON "seminar_users" USING btree ("us_seq");
