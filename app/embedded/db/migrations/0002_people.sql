CREATE TABLE "eval_columns" (
	"ei_seq" integer NOT NULL,
	"menu_seq" integer NOT NULL,
	"year" integer NOT NULL,
	"clm" varchar(50) NOT NULL,
	"clm_nm" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eval_columns_ei_seq_menu_seq_year_clm_pk" PRIMARY KEY("ei_seq","menu_seq","year","clm")
);
--> statement-breakpoint
CREATE TABLE "high_schools" (
	"hs_seq" serial PRIMARY KEY NOT NULL,
	"edu_office" varchar(50) NOT NULL,
	"school_name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"us_seq" serial PRIMARY KEY NOT NULL,
	"us_ty" char(1) NOT NULL,
	"id" varchar(20) NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persons_us_ty_ck" CHECK ("persons"."us_ty" in ('1','2'))
);
--> statement-breakpoint
CREATE TABLE "professors" (
	"pf_seq" serial PRIMARY KEY NOT NULL,
	"us_seq" integer NOT NULL,
	"year" integer NOT NULL,
	"id" varchar(20) NOT NULL,
	"name" varchar(50) NOT NULL,
	"gndr" char(1),
	"emply_date" date NOT NULL,
	"emply_cd" varchar(20) NOT NULL,
	"rsgnt_date" date,
	"job_cd" varchar(20) NOT NULL,
	"dpt_cd" varchar(20) NOT NULL,
	"school" varchar(100) NOT NULL,
	"trng_agcy" varchar(100),
	"tel_no" varchar(20) NOT NULL,
	"email" varchar(100),
	"email_cd" varchar(20),
	"tutor_yn" char(1) DEFAULT 'N' NOT NULL,
	"photo_rovl" varchar(100),
	"photo_flnm" varchar(100),
	"del" char(1) DEFAULT 'N' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professors_gndr_ck" CHECK ("professors"."gndr" is null or "professors"."gndr" in ('M','W')),
	CONSTRAINT "professors_tutor_yn_ck" CHECK ("professors"."tutor_yn" in ('Y','N')),
	CONSTRAINT "professors_del_ck" CHECK ("professors"."del" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE "students" (
	"st_seq" serial PRIMARY KEY NOT NULL,
	"us_seq" integer NOT NULL,
	"year" integer NOT NULL,
	"id" varchar(20) NOT NULL,
	"name" varchar(50) NOT NULL,
	"adms_year" integer NOT NULL,
	"attn_cd" varchar(20) NOT NULL,
	"grde_cd" varchar(20),
	"grdtn_year" integer,
	"brde" date NOT NULL,
	"birth_place" varchar(20) NOT NULL,
	"high_school" varchar(100) NOT NULL,
	"hs_grdtn_year" integer NOT NULL,
	"adms_slctn" varchar(20) NOT NULL,
	"email" varchar(100),
	"email_cd" varchar(20),
	"tel_no" varchar(20) NOT NULL,
	"cohort_yn" char(1) DEFAULT 'N' NOT NULL,
	"photo_rovl" varchar(100),
	"photo_flnm" varchar(100),
	"del" char(1) DEFAULT 'N' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_cohort_yn_ck" CHECK ("students"."cohort_yn" in ('Y','N')),
	CONSTRAINT "students_del_ck" CHECK ("students"."del" in ('Y','N'))
);
--> statement-breakpoint
ALTER TABLE "eval_columns" ADD CONSTRAINT "eval_columns_menu_seq_menus_menu_seq_fk" FOREIGN KEY ("menu_seq") REFERENCES "public"."menus"("menu_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professors" ADD CONSTRAINT "professors_us_seq_persons_us_seq_fk" FOREIGN KEY ("us_seq") REFERENCES "public"."persons"("us_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_us_seq_persons_us_seq_fk" FOREIGN KEY ("us_seq") REFERENCES "public"."persons"("us_seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eval_columns_menu_idx" ON "eval_columns" USING btree ("menu_seq","ei_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "high_schools_office_name_uq" ON "high_schools" USING btree ("edu_office","school_name");--> statement-breakpoint
CREATE INDEX "high_schools_name_idx" ON "high_schools" USING btree ("school_name");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_ty_id_uq" ON "persons" USING btree ("us_ty","id");--> statement-breakpoint
CREATE UNIQUE INDEX "professors_year_us_uq" ON "professors" USING btree ("year","us_seq") WHERE del = 'N';--> statement-breakpoint
CREATE UNIQUE INDEX "professors_year_id_uq" ON "professors" USING btree ("year","id") WHERE del = 'N';--> statement-breakpoint
CREATE INDEX "professors_year_dpt_idx" ON "professors" USING btree ("year","dpt_cd","emply_cd");--> statement-breakpoint
CREATE UNIQUE INDEX "students_year_us_uq" ON "students" USING btree ("year","us_seq") WHERE del = 'N';--> statement-breakpoint
CREATE UNIQUE INDEX "students_year_id_uq" ON "students" USING btree ("year","id") WHERE del = 'N';--> statement-breakpoint
CREATE INDEX "students_year_grde_idx" ON "students" USING btree ("year","grde_cd","attn_cd");