/**
 * Account security (issue 17, ADR 0024):
 * - `password_resets`: the one-time codes of find-password. Only an HMAC of the code is kept
 *   (keyed with the backend's JWT secret, bound to the reset id and the user); a code lives 10
 *   minutes, takes 5 tries and is spent by its first successful use or by a newer code.
 * - `account_mails`: every account e-mail (reset codes, password-changed notices). Sent over SMTP
 *   when SMTP_URL is set (the stored body then has the code masked); otherwise, or for a user
 *   without an address, kept here for administrators to pass on (/management/mail).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "../schema";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const passwordResets = pgTable(
  "password_resets",
  {
    rid: varchar("rid", { length: 64 }).primaryKey(),
    userSeq: integer("user_seq")
      .notNull()
      .references(() => users.userSeq, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    attempts: smallint("attempts").notNull().default(0),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [index("password_resets_user_idx").on(t.userSeq, t.regDt)]
);

export const accountMails = pgTable(
  "account_mails",
  {
    amSeq: serial("am_seq").primaryKey(),
    userSeq: integer("user_seq").references(() => users.userSeq, { onDelete: "set null" }),
    /** 'reset_code', 'password_changed', 'contact_changed' (to the old address) or 'account_locked' (ADR 0064). */
    kind: varchar("kind", { length: 20 }).notNull(),
    /** The reset a code mail belongs to (its code is masked once the reset is spent). */
    rid: varchar("rid", { length: 64 }),
    toAddr: varchar("to_addr", { length: 200 }),
    subject: varchar("subject", { length: 300 }).notNull(),
    body: text("body").notNull(),
    /** 'smtp' (handed to the mail server) or 'outbox' (kept here: no mail server, or no address). */
    channel: varchar("channel", { length: 10 }).notNull(),
    /** 'pending', 'sent', 'kept' or 'failed'. */
    status: varchar("status", { length: 10 }).notNull(),
    error: varchar("error", { length: 500 }),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [index("account_mails_reg_idx").on(t.regDt), check("account_mails_kind_ck", sql`${t.kind} in ('reset_code','password_changed','contact_changed','account_locked')`)]
);
