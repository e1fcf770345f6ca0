-- The audit log (issue 17 "Audit log (PIPA technical safeguards)", ADR 0028): append-only. The
-- same statements are run (idempotently) by app/utils/audit.server.ts on the web tier's own store
-- when the backend is a legacy server; keep the two in step.
CREATE TABLE IF NOT EXISTS "audit_log" (
	"al_seq" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" varchar(50),
	"action" varchar(30) NOT NULL,
	"target" varchar(200) NOT NULL DEFAULT '',
	"detail" text NOT NULL DEFAULT '',
	"address" varchar(64) NOT NULL DEFAULT ''
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_at_idx" ON "audit_log" USING btree ("at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- the only removal: the retention purge of rows older than two years (PIPA: kept at least two years)
  IF TG_OP = 'DELETE' AND OLD."at" < now() - interval '2 years' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_log_append_only" ON "audit_log";
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
-- TRUNCATE bypasses row triggers: refuse it as well
CREATE OR REPLACE FUNCTION "audit_log_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_log_no_truncate" ON "audit_log";
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_no_truncate"();
--> statement-breakpoint
-- the administrators' audit screen (menu 99, as in seed-data.ts) for databases seeded before it
INSERT INTO "menus" ("menu_seq", "uppr_menu_seq", "menu_lvl", "menu_ty", "menu_nm", "menu_url", "sort", "auth_ty")
SELECT 99, 5, 2, 'P', '감사 로그', '/management/audit', 5, 'ADMIN' WHERE EXISTS (SELECT 1 FROM "menus" WHERE "menu_seq" = 5)
ON CONFLICT DO NOTHING;
