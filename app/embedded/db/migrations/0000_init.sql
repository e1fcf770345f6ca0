CREATE TABLE "app_settings" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"user_seq" integer NOT NULL,
	"jti" varchar(64) NOT NULL,
	"prev_jti" varchar(64),
	"rotated_at" timestamp with time zone,
	"auto_login" char(1) DEFAULT 'N' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comm_code_groups" (
	"cmmn_cd" varchar(10) PRIMARY KEY NOT NULL,
	"cmmn_nm" varchar(100) NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comm_code_groups_usyn_ck" CHECK ("comm_code_groups"."usyn" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "comm_codes" (
	"cmmn_cd" varchar(10) NOT NULL,
	"code" varchar(20) NOT NULL,
	"year" integer NOT NULL,
	"code_nm" varchar(200) NOT NULL,
	"lvl" smallint DEFAULT 1 NOT NULL,
	"prt_key" varchar(20),
	"sort" integer DEFAULT 0 NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comm_codes_cmmn_cd_code_year_pk" PRIMARY KEY("cmmn_cd","code","year"),
	CONSTRAINT "comm_codes_lvl_ck" CHECK ("comm_codes"."lvl" in (1, 2)),
	CONSTRAINT "comm_codes_usyn_ck" CHECK ("comm_codes"."usyn" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "menu_depts" (
	"menu_seq" integer NOT NULL,
	"dpt_cd" varchar(20) NOT NULL,
	CONSTRAINT "menu_depts_menu_seq_dpt_cd_pk" PRIMARY KEY("menu_seq","dpt_cd")
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"menu_seq" integer PRIMARY KEY NOT NULL,
	"uppr_menu_seq" integer,
	"menu_lvl" smallint NOT NULL,
	"menu_ty" varchar(10) NOT NULL,
	"menu_nm" varchar(100) NOT NULL,
	"menu_url" varchar(300),
	"sort" integer DEFAULT 0 NOT NULL,
	"auth_ty" varchar(20) DEFAULT '' NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menus_lvl_ck" CHECK ("menus"."menu_lvl" between 1 and 3),
	CONSTRAINT "menus_ty_ck" CHECK ("menus"."menu_ty" in ('D','P','INSERT','API','DATA','SURVEY')),
	CONSTRAINT "menus_usyn_ck" CHECK ("menus"."usyn" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_seq" serial PRIMARY KEY NOT NULL,
	"user_id" varchar(50) NOT NULL,
	"user_nm" varchar(50) NOT NULL,
	"dpt_cd" varchar(20),
	"tel_no" varchar(20),
	"email" varchar(100),
	"email_cd" varchar(20),
	"auth_ty" varchar(20) DEFAULT '' NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"apr_yn" char(1) DEFAULT 'N' NOT NULL,
	"admin_yn" char(1) DEFAULT 'N' NOT NULL,
	"pass_hash" text NOT NULL,
	"apr_dt" timestamp with time zone,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "users_usyn_ck" CHECK ("users"."usyn" in ('Y','N')),
	CONSTRAINT "users_apr_yn_ck" CHECK ("users"."apr_yn" in ('Y','N')),
	CONSTRAINT "users_admin_yn_ck" CHECK ("users"."admin_yn" in ('Y','N'))
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_seq_users_user_seq_fk" FOREIGN KEY ("user_seq") REFERENCES "public"."users"("user_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comm_codes" ADD CONSTRAINT "comm_codes_cmmn_cd_comm_code_groups_cmmn_cd_fk" FOREIGN KEY ("cmmn_cd") REFERENCES "public"."comm_code_groups"("cmmn_cd") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_depts" ADD CONSTRAINT "menu_depts_menu_seq_menus_menu_seq_fk" FOREIGN KEY ("menu_seq") REFERENCES "public"."menus"("menu_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_uppr_menu_seq_menus_menu_seq_fk" FOREIGN KEY ("uppr_menu_seq") REFERENCES "public"."menus"("menu_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_seq");--> statement-breakpoint
CREATE INDEX "auth_sessions_expires_idx" ON "auth_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "comm_codes_group_year_idx" ON "comm_codes" USING btree ("cmmn_cd","year","sort");--> statement-breakpoint
CREATE INDEX "comm_codes_code_idx" ON "comm_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "menu_depts_dpt_idx" ON "menu_depts" USING btree ("dpt_cd");--> statement-breakpoint
CREATE INDEX "menus_uppr_idx" ON "menus" USING btree ("uppr_menu_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_id_lower_uq" ON "users" USING btree (lower("user_id"));