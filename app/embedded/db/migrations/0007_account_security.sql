CREATE TABLE "account_mails" (
	"am_seq" serial PRIMARY KEY NOT NULL,
	"user_seq" integer,
	"kind" varchar(20) NOT NULL,
	"rid" varchar(64),
	"to_addr" varchar(200),
	"subject" varchar(300) NOT NULL,
	"body" text NOT NULL,
	"channel" varchar(10) NOT NULL,
	"status" varchar(10) NOT NULL,
	"error" varchar(500),
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_mails_kind_ck" CHECK ("account_mails"."kind" in ('reset_code','password_changed'))
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"rid" varchar(64) PRIMARY KEY NOT NULL,
	"user_seq" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pw_change_yn" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_mails" ADD CONSTRAINT "account_mails_user_seq_users_user_seq_fk" FOREIGN KEY ("user_seq") REFERENCES "public"."users"("user_seq") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_seq_users_user_seq_fk" FOREIGN KEY ("user_seq") REFERENCES "public"."users"("user_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_mails_reg_idx" ON "account_mails" USING btree ("reg_dt");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_seq","reg_dt");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pw_change_yn_ck" CHECK ("users"."pw_change_yn" in ('Y','N'));--> statement-breakpoint
-- the administrators' account-mail outbox (menu 98, as in seed-data.ts) for databases seeded before it
INSERT INTO "menus" ("menu_seq", "uppr_menu_seq", "menu_lvl", "menu_ty", "menu_nm", "menu_url", "sort", "auth_ty")
SELECT 98, 5, 2, 'P', '계정 메일 보관함', '/management/mail', 4, 'ADMIN' WHERE EXISTS (SELECT 1 FROM "menus" WHERE "menu_seq" = 5)
ON CONFLICT DO NOTHING;
