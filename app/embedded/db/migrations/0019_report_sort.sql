-- Issue 39 item 4 (ADR 0071): a synced report's columns ranked for sorting, so the database sorts
-- and pages a report by a column from an index (reports/sort-order.server.ts).
CREATE TABLE IF NOT EXISTS "report_sort_keys" (
	"report" varchar(40) NOT NULL,
	"key" varchar(41) NOT NULL,
	CONSTRAINT "report_sort_keys_report_key_pk" PRIMARY KEY("report","key")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_row_ranks" (
	"report" varchar(40) NOT NULL,
	"key" varchar(41) NOT NULL,
	"row_seq" integer NOT NULL,
	"year" integer,
	"rank" integer,
	"pos_asc" integer NOT NULL,
	"pos_desc" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_row_ranks_asc_idx" ON "report_row_ranks" USING btree ("report","key","pos_asc","row_seq","year");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_row_ranks_desc_idx" ON "report_row_ranks" USING btree ("report","key","pos_desc","row_seq","year");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_row_ranks_row_idx" ON "report_row_ranks" USING btree ("report","key","row_seq","rank");
