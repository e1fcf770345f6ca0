-- P15 evaluation indicators, their years and attached data menus (spec 000 §3; schema/eval-indicators.ts).
-- The ticked columns of an attached menu are eval_columns rows (ei_seq, menu_seq) of year 0 ('every year').
CREATE TABLE IF NOT EXISTS "eval_indicators" (
	"ei_seq" serial PRIMARY KEY NOT NULL,
	"menu_seq" integer NOT NULL,
	"eval_indct_nm" varchar(200) NOT NULL,
	"eval_stnd" varchar(4000) NOT NULL,
	"auth_ty" varchar(20) DEFAULT '' NOT NULL,
	"usyn" char(1) DEFAULT 'Y' NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	"upt_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eval_indicators_usyn_ck" CHECK ("eval_indicators"."usyn" in ('Y','N'))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "eval_indicator_years" (
	"ei_seq" integer NOT NULL,
	"year" integer NOT NULL,
	CONSTRAINT "eval_indicator_years_ei_seq_year_pk" PRIMARY KEY("ei_seq","year")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "eval_indicator_menus" (
	"ei_seq" integer NOT NULL,
	"menu_seq" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"reg_dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eval_indicator_menus_ei_seq_menu_seq_pk" PRIMARY KEY("ei_seq","menu_seq")
);
--> statement-breakpoint
ALTER TABLE "eval_indicators" ADD CONSTRAINT "eval_indicators_menu_seq_menus_menu_seq_fk" FOREIGN KEY ("menu_seq") REFERENCES "public"."menus"("menu_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "eval_indicator_years" ADD CONSTRAINT "eval_indicator_years_ei_seq_eval_indicators_ei_seq_fk" FOREIGN KEY ("ei_seq") REFERENCES "public"."eval_indicators"("ei_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "eval_indicator_menus" ADD CONSTRAINT "eval_indicator_menus_ei_seq_eval_indicators_ei_seq_fk" FOREIGN KEY ("ei_seq") REFERENCES "public"."eval_indicators"("ei_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "eval_indicator_menus" ADD CONSTRAINT "eval_indicator_menus_menu_seq_menus_menu_seq_fk" FOREIGN KEY ("menu_seq") REFERENCES "public"."menus"("menu_seq") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "eval_indicators_menu_idx" ON "eval_indicators" USING btree ("menu_seq");
