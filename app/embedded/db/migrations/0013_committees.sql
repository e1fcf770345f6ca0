-- R08/R09 committees, their terms and members (spec 001 §3; schema/committees.ts).
CREATE TABLE IF NOT EXISTS "committees" (
	"cmt_seq" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"cmt_nm" varchar(100) NOT NULL,
	"opr_stt" char(1) NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committees_opr_stt_ck" CHECK ("committees"."opr_stt" in ('Y','N')),
	CONSTRAINT "committees_usyn_ck" CHECK ("committees"."usyn" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "committee_terms" (
	"ct_seq" serial PRIMARY KEY NOT NULL,
	"cmt_seq" integer NOT NULL,
	"ct_nm" varchar(100) NOT NULL,
	"oper_stdt" timestamp NOT NULL,
	"oper_endt" timestamp NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committee_terms_usyn_ck" CHECK ("committee_terms"."usyn" in ('Y','N')),
	CONSTRAINT "committee_terms_dates_ck" CHECK ("committee_terms"."oper_stdt" <= "committee_terms"."oper_endt")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "committee_members" (
	"ct_seq" integer NOT NULL,
	"us_seq" integer NOT NULL,
	"actvt_yn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committee_members_ct_seq_us_seq_pk" PRIMARY KEY("ct_seq","us_seq"),
	CONSTRAINT "committee_members_actvt_ck" CHECK ("committee_members"."actvt_yn" in ('Y','N'))
);
--> statement-breakpoint
ALTER TABLE "committee_terms" ADD CONSTRAINT "committee_terms_cmt_seq_committees_cmt_seq_fk" FOREIGN KEY ("cmt_seq") REFERENCES "public"."committees"("cmt_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_ct_seq_committee_terms_ct_seq_fk" FOREIGN KEY ("ct_seq") REFERENCES "public"."committee_terms"("ct_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_us_seq_persons_us_seq_fk" FOREIGN KEY ("us_seq") REFERENCES "public"."persons"("us_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "committees_name_idx" ON "committees" USING btree ("cmt_nm");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "committee_terms_cmt_idx" ON "committee_terms" USING btree ("cmt_seq","oper_stdt");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "committee_members_us_idx" ON "committee_members" USING btree ("us_seq");
