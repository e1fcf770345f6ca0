-- P17 code management: the change history of common codes (spec 000 §3 "History"; schema/codes.ts).
CREATE TABLE IF NOT EXISTS "comm_code_hist" (
	"hist_seq" serial PRIMARY KEY NOT NULL,
	"cmmn_cd" varchar(10) NOT NULL,
	"code" varchar(20) NOT NULL,
	"year" integer NOT NULL,
	"code_nm" varchar(200),
	"aft_code_nm" varchar(200) NOT NULL,
	"usyn" char(1),
	"aft_usyn" char(1) NOT NULL,
	"user_seq" integer,
	"user_nm" varchar(50) NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "comm_code_hist_group_year_idx" ON "comm_code_hist" USING btree ("cmmn_cd","year","upt_dt");
