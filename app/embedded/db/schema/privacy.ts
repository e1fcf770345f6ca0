/**
 * Privacy-consent forms (spec 001 §3 "Consent form", "Sending user"; §4 consent sending and the
 * consent page). Exported from ../schema.ts.
 *
 * - `agree_forms`: the form (title, sanitised HTML, in-use flag) and its current content version.
 *   Deletion is soft (`del` Y) so that what people agreed to stays on record.
 * - `agree_form_versions`: every title/content a form has had; a person's answer points at the
 *   version they were shown, so a form edited after consent does not change what was agreed to.
 * - `agree_recipients`: the people (persons.usSeq) on a form's sending list, with the year of the
 *   people record they were chosen from, the sending state and the person's answer.
 * - `agree_outbox`: every delivery made by sending (e-mail over SMTP when configured, otherwise
 *   kept here), with the person's signed personal link.
 */
import { sql } from "drizzle-orm";
import { char, check, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { persons, users } from "../schema";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const yn = (name: string, dflt: "Y" | "N") => char(name, { length: 1 }).notNull().default(dflt);

export const agreeForms = pgTable(
  "agree_forms",
  {
    uiaSeq: serial("uia_seq").primaryKey(),
    /** The year the form belongs to (its creation year in Asia/Seoul): the list's year filter. */
    year: integer("year").notNull(),
    uiaNm: varchar("uia_nm", { length: 200 }).notNull(),
    /** Sanitised HTML of the current version. */
    uiaContent: text("uia_content").notNull(),
    usyn: yn("usyn", "Y"),
    /** The current version (agree_form_versions.ver). */
    ver: integer("ver").notNull().default(1),
    del: yn("del", "N"),
    regUserSeq: integer("reg_user_seq").references(() => users.userSeq, { onDelete: "set null" }),
    regDt: tstz("reg_dt").notNull().defaultNow(),
    uptDt: tstz("upt_dt").notNull().defaultNow(),
  },
  (t) => [
    index("agree_forms_year_idx").on(t.year, t.del),
    check("agree_forms_usyn_ck", sql`${t.usyn} in ('Y','N')`),
    check("agree_forms_del_ck", sql`${t.del} in ('Y','N')`),
  ],
);

export const agreeFormVersions = pgTable(
  "agree_form_versions",
  {
    uiaSeq: integer("uia_seq")
      .notNull()
      .references(() => agreeForms.uiaSeq, { onDelete: "cascade" }),
    ver: integer("ver").notNull(),
    uiaNm: varchar("uia_nm", { length: 200 }).notNull(),
    uiaContent: text("uia_content").notNull(),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uiaSeq, t.ver] })],
);

/** A form and a person of its sending list: the key of a recipient, and of each delivery to one. */
const formAndPerson = () => ({
  uiaSeq: integer("uia_seq")
    .notNull()
    .references(() => agreeForms.uiaSeq, { onDelete: "cascade" }),
  usSeq: integer("us_seq")
    .notNull()
    .references(() => persons.usSeq, { onDelete: "cascade" }),
});

export const agreeRecipients = pgTable(
  "agree_recipients",
  {
    ...formAndPerson(),
    /** The year of the people record the person was chosen from (the sending list's year filter). */
    year: integer("year").notNull(),
    sendFlag: yn("send_flag", "N"),
    sendCnt: integer("send_cnt").notNull().default(0),
    sendDt: tstz("send_dt"),
    /** null until the person answers; then Y (agreed) or N (disagreed). */
    agreeYn: char("agree_yn", { length: 1 }),
    agreeDt: tstz("agree_dt"),
    /** The version of the form the person was shown when answering. */
    agreeVer: integer("agree_ver"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.uiaSeq, t.usSeq] }),
    index("agree_recipients_year_idx").on(t.uiaSeq, t.year),
    check("agree_recipients_send_flag_ck", sql`${t.sendFlag} in ('Y','N')`),
    check("agree_recipients_agree_yn_ck", sql`${t.agreeYn} is null or ${t.agreeYn} in ('Y','N')`),
  ],
);

export const agreeOutbox = pgTable(
  "agree_outbox",
  {
    obSeq: serial("ob_seq").primaryKey(),
    ...formAndPerson(),
    /** 'smtp' (handed to the mail server) or 'outbox' (kept here: no mail server configured). */
    channel: varchar("channel", { length: 10 }).notNull(),
    /** The e-mail address, or null when the person has none. */
    toAddr: varchar("to_addr", { length: 200 }),
    subject: varchar("subject", { length: 300 }).notNull(),
    /** The personal link (a path of the web app, with its signature). */
    link: text("link").notNull(),
    expDt: tstz("exp_dt").notNull(),
    /** The mail's text, composed at the send (migration 0009; null on rows sent before it). */
    body: text("body"),
    /** 'sent', 'kept' (outbox) or 'failed'; 'pending' until the send's job delivers it (ADR 0030). */
    status: varchar("status", { length: 10 }).notNull(),
    error: text("error"),
    senderSeq: integer("sender_seq").references(() => users.userSeq, { onDelete: "set null" }),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [index("agree_outbox_form_idx").on(t.uiaSeq, t.regDt), index("agree_outbox_person_idx").on(t.uiaSeq, t.usSeq)],
);

export type AgreeFormRow = typeof agreeForms.$inferSelect;
export type AgreeRecipientRow = typeof agreeRecipients.$inferSelect;
export type AgreeOutboxRow = typeof agreeOutbox.$inferSelect;
