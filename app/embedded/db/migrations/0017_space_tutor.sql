-- E17 space status (one document per year and tab) and E16 PBL tutor evaluations (spec 002 §3; schema/space.ts).
CREATE TABLE IF NOT EXISTS "space_status" (
	"year" integer NOT NULL,
	"section" varchar(10) NOT NULL,
	"data" jsonb NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_status_year_section_pk" PRIMARY KEY("year","section"),
	CONSTRAINT "space_status_section_ck" CHECK ("space_status"."section" in ('fcl','lbrr','sgroup','dorm','selfs','wlcnv','edu','lab','mngr'))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tutor_evals" (
	"te_seq" serial PRIMARY KEY NOT NULL,
	"us_seq" integer NOT NULL,
	"year" integer NOT NULL,
	"module" varchar(100) NOT NULL,
	"pbl" numeric(6, 2),
	"map" numeric(6, 2),
	"conf" numeric(6, 2),
	"peer1" numeric(6, 2),
	"scm" numeric(6, 2),
	"snap" numeric(6, 2),
	"quiz_ind" numeric(6, 2),
	"quiz_team" numeric(6, 2),
	"late" integer,
	"absent" integer,
	"peer2" numeric(6, 2),
	"dis" numeric(6, 2),
	"con" numeric(6, 2),
	"penalty" numeric(6, 2),
	"total" numeric(6, 2),
	"grade" varchar(5),
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tutor_evals" ADD CONSTRAINT "tutor_evals_us_seq_persons_us_seq_fk" FOREIGN KEY ("us_seq") REFERENCES "public"."persons"("us_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tutor_evals_student_idx" ON "tutor_evals" USING btree ("us_seq","year");
