CREATE TABLE "agree_form_versions" (
	"uia_seq" integer NOT NULL,
	"ver" integer NOT NULL,
	"uia_nm" varchar(200) NOT NULL,
	"uia_content" text NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agree_form_versions_uia_seq_ver_pk" PRIMARY KEY("uia_seq","ver")
);
--> statement-breakpoint
CREATE TABLE "agree_forms" (
	"uia_seq" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"uia_nm" varchar(200) NOT NULL,
	"uia_content" text NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"ver" integer DEFAULT 1 NOT NULL,
	"del" char(1) DEFAULT 'N' NOT NULL,
	"reg_user_seq" integer,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agree_forms_usyn_ck" CHECK ("agree_forms"."usyn" in ('Y','N')),
	CONSTRAINT "agree_forms_del_ck" CHECK ("agree_forms"."del" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "agree_outbox" (
	"ob_seq" serial PRIMARY KEY NOT NULL,
	"uia_seq" integer NOT NULL,
	"us_seq" integer NOT NULL,
	"channel" varchar(10) NOT NULL,
	"to_addr" varchar(200),
	"subject" varchar(300) NOT NULL,
	"link" text NOT NULL,
	"exp_dt" timestamp with time zone NOT NULL,
	"status" varchar(10) NOT NULL,
	"error" text,
	"sender_seq" integer,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agree_recipients" (
	"uia_seq" integer NOT NULL,
	"us_seq" integer NOT NULL,
	"year" integer NOT NULL,
	"send_flag" char(1) DEFAULT 'N' NOT NULL,
	"send_cnt" integer DEFAULT 0 NOT NULL,
	"send_dt" timestamp with time zone,
	"agree_yn" char(1),
	"agree_dt" timestamp with time zone,
	"agree_ver" integer,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agree_recipients_uia_seq_us_seq_pk" PRIMARY KEY("uia_seq","us_seq"),
	CONSTRAINT "agree_recipients_send_flag_ck" CHECK ("agree_recipients"."send_flag" in ('Y','N')),
	CONSTRAINT "agree_recipients_agree_yn_ck" CHECK ("agree_recipients"."agree_yn" is null or "agree_recipients"."agree_yn" in ('Y','N'))
);
--> statement-breakpoint
ALTER TABLE "agree_form_versions" ADD CONSTRAINT "agree_form_versions_uia_seq_agree_forms_uia_seq_fk" FOREIGN KEY ("uia_seq") REFERENCES "public"."agree_forms"("uia_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agree_forms" ADD CONSTRAINT "agree_forms_reg_user_seq_users_user_seq_fk" FOREIGN KEY ("reg_user_seq") REFERENCES "public"."users"("user_seq") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agree_outbox" ADD CONSTRAINT "agree_outbox_uia_seq_agree_forms_uia_seq_fk" FOREIGN KEY ("uia_seq") REFERENCES "public"."agree_forms"("uia_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agree_outbox" ADD CONSTRAINT "agree_outbox_us_seq_persons_us_seq_fk" FOREIGN KEY ("us_seq") REFERENCES "public"."persons"("us_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agree_outbox" ADD CONSTRAINT "agree_outbox_sender_seq_users_user_seq_fk" FOREIGN KEY ("sender_seq") REFERENCES "public"."users"("user_seq") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agree_recipients" ADD CONSTRAINT "agree_recipients_uia_seq_agree_forms_uia_seq_fk" FOREIGN KEY ("uia_seq") REFERENCES "public"."agree_forms"("uia_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agree_recipients" ADD CONSTRAINT "agree_recipients_us_seq_persons_us_seq_fk" FOREIGN KEY ("us_seq") REFERENCES "public"."persons"("us_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agree_forms_year_idx" ON "agree_forms" USING btree ("year","del");--> statement-breakpoint
CREATE INDEX "agree_outbox_form_idx" ON "agree_outbox" USING btree ("uia_seq","reg_dt");--> statement-breakpoint
CREATE INDEX "agree_outbox_person_idx" ON "agree_outbox" USING btree ("uia_seq","us_seq");--> statement-breakpoint
CREATE INDEX "agree_recipients_year_idx" ON "agree_recipients" USING btree ("uia_seq","year");