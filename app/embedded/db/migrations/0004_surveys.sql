CREATE TABLE "survey_answers" (
	"sa_seq" serial PRIMARY KEY NOT NULL,
	"rs_seq" integer NOT NULL,
	"sq_seq" integer NOT NULL,
	"si_seq" integer,
	"text" text
);
--> statement-breakpoint
CREATE TABLE "survey_items" (
	"si_seq" serial PRIMARY KEY NOT NULL,
	"sq_seq" integer NOT NULL,
	"sort" integer NOT NULL,
	"score" integer,
	"text" varchar(500) NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"del" char(1) DEFAULT 'N' NOT NULL,
	CONSTRAINT "survey_items_usyn_ck" CHECK ("survey_items"."usyn" in ('Y','N')),
	CONSTRAINT "survey_items_del_ck" CHECK ("survey_items"."del" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "survey_lectures" (
	"sl_seq" serial PRIMARY KEY NOT NULL,
	"sr_seq" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"sl_name" varchar(200) NOT NULL,
	"sl_time" integer,
	"pf_name" varchar(100) DEFAULT '' NOT NULL,
	"dept_name" varchar(100) DEFAULT '' NOT NULL,
	"del" char(1) DEFAULT 'N' NOT NULL,
	CONSTRAINT "survey_lectures_del_ck" CHECK ("survey_lectures"."del" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "survey_outbox" (
	"ob_seq" serial PRIMARY KEY NOT NULL,
	"sr_seq" integer NOT NULL,
	"us_seq" integer NOT NULL,
	"channel" varchar(10) NOT NULL,
	"to_addr" varchar(200),
	"subject" varchar(300) NOT NULL,
	"body" text NOT NULL,
	"link" varchar(500) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" varchar(10) NOT NULL,
	"error" varchar(500),
	"sender_seq" integer,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"sq_seq" serial PRIMARY KEY NOT NULL,
	"sr_seq" integer NOT NULL,
	"sq_sort" integer NOT NULL,
	"sq_no" integer,
	"sq_type" smallint NOT NULL,
	"item_type" smallint,
	"esntl_yn" char(1) DEFAULT 'N' NOT NULL,
	"score_open_yn" char(1) DEFAULT 'N' NOT NULL,
	"multi_ans" char(1) DEFAULT 'N' NOT NULL,
	"sq_subj" text NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"del" char(1) DEFAULT 'N' NOT NULL,
	CONSTRAINT "survey_questions_type_ck" CHECK ("survey_questions"."sq_type" in (0, 1, 2)),
	CONSTRAINT "survey_questions_item_type_ck" CHECK ("survey_questions"."item_type" is null or "survey_questions"."item_type" between 1 and 5),
	CONSTRAINT "survey_questions_esntl_ck" CHECK ("survey_questions"."esntl_yn" in ('Y','N')),
	CONSTRAINT "survey_questions_score_open_ck" CHECK ("survey_questions"."score_open_yn" in ('Y','N')),
	CONSTRAINT "survey_questions_multi_ck" CHECK ("survey_questions"."multi_ans" in ('Y','N')),
	CONSTRAINT "survey_questions_usyn_ck" CHECK ("survey_questions"."usyn" in ('Y','N')),
	CONSTRAINT "survey_questions_del_ck" CHECK ("survey_questions"."del" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "survey_recipients" (
	"sr_seq" integer NOT NULL,
	"us_seq" integer NOT NULL,
	"us_ty" char(1) DEFAULT '1' NOT NULL,
	"year" integer NOT NULL,
	"send_flag" char(1) DEFAULT 'N' NOT NULL,
	"send_cnt" integer DEFAULT 0 NOT NULL,
	"send_dt" timestamp with time zone,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_recipients_sr_seq_us_seq_pk" PRIMARY KEY("sr_seq","us_seq"),
	CONSTRAINT "survey_recipients_send_flag_ck" CHECK ("survey_recipients"."send_flag" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"rs_seq" serial PRIMARY KEY NOT NULL,
	"sr_seq" integer NOT NULL,
	"us_seq" integer,
	"sl_seq" integer,
	"prsn_agree_yn" char(1) DEFAULT 'N' NOT NULL,
	"submit_key" varchar(64) NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_responses_agree_ck" CHECK ("survey_responses"."prsn_agree_yn" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"sr_seq" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"sr_name" varchar(200) NOT NULL,
	"sr_content" text DEFAULT '' NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"dt_yn" char(1) DEFAULT 'N' NOT NULL,
	"st_dt" timestamp with time zone,
	"en_dt" timestamp with time zone,
	"prsn_info_yn" char(1) DEFAULT 'N' NOT NULL,
	"prsn_info_content" text DEFAULT '' NOT NULL,
	"auth_ty_list" varchar(20) DEFAULT '' NOT NULL,
	"link_menu_seq" integer,
	"user_seq" integer,
	"upt_user_seq" integer,
	"del" char(1) DEFAULT 'N' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surveys_usyn_ck" CHECK ("surveys"."usyn" in ('Y','N')),
	CONSTRAINT "surveys_dt_yn_ck" CHECK ("surveys"."dt_yn" in ('Y','N')),
	CONSTRAINT "surveys_prsn_info_yn_ck" CHECK ("surveys"."prsn_info_yn" in ('Y','N')),
	CONSTRAINT "surveys_del_ck" CHECK ("surveys"."del" in ('Y','N'))
);
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_rs_seq_survey_responses_rs_seq_fk" FOREIGN KEY ("rs_seq") REFERENCES "public"."survey_responses"("rs_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_items" ADD CONSTRAINT "survey_items_sq_seq_survey_questions_sq_seq_fk" FOREIGN KEY ("sq_seq") REFERENCES "public"."survey_questions"("sq_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_lectures" ADD CONSTRAINT "survey_lectures_sr_seq_surveys_sr_seq_fk" FOREIGN KEY ("sr_seq") REFERENCES "public"."surveys"("sr_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_outbox" ADD CONSTRAINT "survey_outbox_sr_seq_surveys_sr_seq_fk" FOREIGN KEY ("sr_seq") REFERENCES "public"."surveys"("sr_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_sr_seq_surveys_sr_seq_fk" FOREIGN KEY ("sr_seq") REFERENCES "public"."surveys"("sr_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recipients" ADD CONSTRAINT "survey_recipients_sr_seq_surveys_sr_seq_fk" FOREIGN KEY ("sr_seq") REFERENCES "public"."surveys"("sr_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_sr_seq_surveys_sr_seq_fk" FOREIGN KEY ("sr_seq") REFERENCES "public"."surveys"("sr_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_answers_rs_idx" ON "survey_answers" USING btree ("rs_seq");--> statement-breakpoint
CREATE INDEX "survey_answers_sq_idx" ON "survey_answers" USING btree ("sq_seq","si_seq");--> statement-breakpoint
CREATE INDEX "survey_items_sq_idx" ON "survey_items" USING btree ("sq_seq","del","sort");--> statement-breakpoint
CREATE INDEX "survey_lectures_sr_idx" ON "survey_lectures" USING btree ("sr_seq","sort");--> statement-breakpoint
CREATE INDEX "survey_outbox_sr_idx" ON "survey_outbox" USING btree ("sr_seq","us_seq","reg_dt");--> statement-breakpoint
CREATE INDEX "survey_questions_sr_idx" ON "survey_questions" USING btree ("sr_seq","del","sq_sort");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_key_uq" ON "survey_responses" USING btree ("submit_key");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_person_uq" ON "survey_responses" USING btree ("sr_seq","us_seq") WHERE us_seq is not null;--> statement-breakpoint
CREATE INDEX "survey_responses_sr_idx" ON "survey_responses" USING btree ("sr_seq","reg_dt");--> statement-breakpoint
CREATE INDEX "surveys_year_idx" ON "surveys" USING btree ("year","del");--> statement-breakpoint
CREATE INDEX "surveys_link_idx" ON "surveys" USING btree ("link_menu_seq");