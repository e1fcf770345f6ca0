-- Issue 37 items 1 and 6 (ADR 0064): account mails to the old address after a contact change and
-- when an account is locked; the lock of an account whose find-password codes were abused.
ALTER TABLE "account_mails" DROP CONSTRAINT IF EXISTS "account_mails_kind_ck";--> statement-breakpoint
ALTER TABLE "account_mails" ADD CONSTRAINT "account_mails_kind_ck" CHECK ("account_mails"."kind" in ('reset_code','password_changed','contact_changed','account_locked'));--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "locked_at" timestamp with time zone;
