CREATE TABLE "achievement_scores" (
	"year" integer NOT NULL,
	"dept" varchar(10) NOT NULL,
	"score" integer NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievement_scores_year_dept_pk" PRIMARY KEY("year","dept")
);
--> statement-breakpoint
CREATE TABLE "exam_analyses" (
	"eqa_seq" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"curr_nm" varchar(100) NOT NULL,
	"eqa_se" char(1) NOT NULL,
	"period" varchar(50) NOT NULL,
	"qest_cnt" integer,
	"total_score" integer,
	"avg_stdev_st" numeric(6, 2),
	"avg_stdev_en" numeric(6, 2),
	"min_score" integer,
	"max_score" integer,
	"grd_st" numeric(6, 2),
	"grd_en" numeric(6, 2),
	"grd_se" char(1),
	"dscp_st" numeric(6, 2),
	"dscp_en" numeric(6, 2),
	"dscp_se" char(1),
	"qest_rate" numeric(6, 2),
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_analyses_eqa_se_ck" CHECK ("exam_analyses"."eqa_se" in ('1','2')),
	CONSTRAINT "exam_analyses_grd_se_ck" CHECK ("exam_analyses"."grd_se" is null or "exam_analyses"."grd_se" in ('A','B','C')),
	CONSTRAINT "exam_analyses_dscp_se_ck" CHECK ("exam_analyses"."dscp_se" is null or "exam_analyses"."dscp_se" in ('A','B')),
	CONSTRAINT "exam_analyses_usyn_ck" CHECK ("exam_analyses"."usyn" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "medical_law_scores" (
	"hl_seq" integer NOT NULL,
	"us_seq" integer NOT NULL,
	"score" integer NOT NULL,
	CONSTRAINT "medical_law_scores_hl_seq_us_seq_pk" PRIMARY KEY("hl_seq","us_seq")
);
--> statement-breakpoint
CREATE TABLE "medical_law_sets" (
	"hl_seq" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"smst" varchar(50) NOT NULL,
	"tget_st" varchar(200) NOT NULL,
	"subj" varchar(20),
	"total_score" integer NOT NULL,
	"reg_id" integer,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_law_sets_usyn_ck" CHECK ("medical_law_sets"."usyn" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "patient_safety_scores" (
	"pss_seq" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"us_seq" integer NOT NULL,
	"attn" numeric(5, 2),
	"quiz" numeric(5, 2),
	"rcgn_srvy" numeric(5, 2),
	"ptnt_sfty_rprt" numeric(5, 2),
	"group1" numeric(5, 2),
	"group2" numeric(5, 2),
	"prtc_dgr" numeric(5, 2),
	"total" numeric(5, 2) NOT NULL,
	"grd" varchar(2),
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_safety_grd_ck" CHECK ("patient_safety_scores"."grd" is null or "patient_safety_scores"."grd" in ('H','HP','PS','NP')),
	CONSTRAINT "patient_safety_usyn_ck" CHECK ("patient_safety_scores"."usyn" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "relearner_subjects" (
	"rl_seq" integer NOT NULL,
	"subj_cd" varchar(20) NOT NULL,
	"re_yn" char(1) DEFAULT 'N' NOT NULL,
	CONSTRAINT "relearner_subjects_rl_seq_subj_cd_pk" PRIMARY KEY("rl_seq","subj_cd"),
	CONSTRAINT "relearner_subjects_re_yn_ck" CHECK ("relearner_subjects"."re_yn" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "relearners" (
	"rl_seq" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"us_seq" integer NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relearners_usyn_ck" CHECK ("relearners"."usyn" in ('Y','N'))
);
--> statement-breakpoint
ALTER TABLE "medical_law_scores" ADD CONSTRAINT "medical_law_scores_hl_seq_medical_law_sets_hl_seq_fk" FOREIGN KEY ("hl_seq") REFERENCES "public"."medical_law_sets"("hl_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_law_scores" ADD CONSTRAINT "medical_law_scores_us_seq_persons_us_seq_fk" FOREIGN KEY ("us_seq") REFERENCES "public"."persons"("us_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_law_sets" ADD CONSTRAINT "medical_law_sets_reg_id_users_user_seq_fk" FOREIGN KEY ("reg_id") REFERENCES "public"."users"("user_seq") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_safety_scores" ADD CONSTRAINT "patient_safety_scores_us_seq_persons_us_seq_fk" FOREIGN KEY ("us_seq") REFERENCES "public"."persons"("us_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relearner_subjects" ADD CONSTRAINT "relearner_subjects_rl_seq_relearners_rl_seq_fk" FOREIGN KEY ("rl_seq") REFERENCES "public"."relearners"("rl_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relearners" ADD CONSTRAINT "relearners_us_seq_persons_us_seq_fk" FOREIGN KEY ("us_seq") REFERENCES "public"."persons"("us_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_analyses_year_idx" ON "exam_analyses" USING btree ("year");--> statement-breakpoint
CREATE INDEX "medical_law_sets_year_idx" ON "medical_law_sets" USING btree ("year");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_safety_year_us_uq" ON "patient_safety_scores" USING btree ("year","us_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "relearners_year_us_uq" ON "relearners" USING btree ("year","us_seq");