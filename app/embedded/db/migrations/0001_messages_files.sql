CREATE TABLE "message_headers" (
	"mh_seq" serial PRIMARY KEY NOT NULL,
	"sender_seq" integer NOT NULL,
	"msg" text NOT NULL,
	"auth_ty_list" varchar(20) NOT NULL,
	"rcpt_cnt" integer DEFAULT 0 NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_receipts" (
	"mh_seq" integer NOT NULL,
	"user_seq" integer NOT NULL,
	"read_yn" char(1) DEFAULT 'N' NOT NULL,
	"read_dt" timestamp with time zone,
	"del" char(1) DEFAULT 'N' NOT NULL,
	"del_dt" timestamp with time zone,
	CONSTRAINT "message_receipts_mh_seq_user_seq_pk" PRIMARY KEY("mh_seq","user_seq"),
	CONSTRAINT "message_receipts_read_yn_ck" CHECK ("message_receipts"."read_yn" in ('Y','N')),
	CONSTRAINT "message_receipts_del_ck" CHECK ("message_receipts"."del" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"rovl" varchar(100) NOT NULL,
	"flnm" varchar(100) NOT NULL,
	"orn" varchar(255) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"flsz" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_rovl_flnm_pk" PRIMARY KEY("rovl","flnm")
);
--> statement-breakpoint
ALTER TABLE "message_headers" ADD CONSTRAINT "message_headers_sender_seq_users_user_seq_fk" FOREIGN KEY ("sender_seq") REFERENCES "public"."users"("user_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_receipts" ADD CONSTRAINT "message_receipts_mh_seq_message_headers_mh_seq_fk" FOREIGN KEY ("mh_seq") REFERENCES "public"."message_headers"("mh_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_receipts" ADD CONSTRAINT "message_receipts_user_seq_users_user_seq_fk" FOREIGN KEY ("user_seq") REFERENCES "public"."users"("user_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_headers_sender_idx" ON "message_headers" USING btree ("sender_seq","reg_dt");--> statement-breakpoint
CREATE INDEX "message_receipts_inbox_idx" ON "message_receipts" USING btree ("user_seq","del","read_yn");--> statement-breakpoint
CREATE INDEX "stored_files_rovl_idx" ON "stored_files" USING btree ("rovl","reg_dt");