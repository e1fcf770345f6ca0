-- P06 data list pages (menu type DATA): the files registered under a menu (spec 000 §3 "File";
-- schema/data-files.ts). The bytes are in stored_files (rovl, flnm); a deleted file is usyn N.
CREATE TABLE IF NOT EXISTS "data_files" (
	"seq" serial PRIMARY KEY NOT NULL,
	"menu_seq" integer NOT NULL,
	"year" integer NOT NULL,
	"rovl" varchar(100) NOT NULL,
	"flnm" varchar(100) NOT NULL,
	"orn" varchar(255) NOT NULL,
	"fnen" varchar(10) NOT NULL,
	"flsz" integer NOT NULL,
	"keyword" varchar(500) DEFAULT '' NOT NULL,
	"user_seq" integer,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_files_usyn_ck" CHECK ("data_files"."usyn" in ('Y','N'))
);
--> statement-breakpoint
ALTER TABLE "data_files" ADD CONSTRAINT "data_files_menu_seq_menus_menu_seq_fk" FOREIGN KEY ("menu_seq") REFERENCES "public"."menus"("menu_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_files" ADD CONSTRAINT "data_files_user_seq_users_user_seq_fk" FOREIGN KEY ("user_seq") REFERENCES "public"."users"("user_seq") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "data_files_menu_year_idx" ON "data_files" USING btree ("menu_seq","year");
