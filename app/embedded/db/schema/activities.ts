/**
 * R15 volunteer and R16 international health-care activity (spec 001 §3 "Volunteer record",
 * "Health-care activity record"). Exported from ../schema.ts. One table for both kinds (kind 'VA'
 * or 'GA', the wire prefixes), as the two records have the same shape: `place` is the volunteer
 * place (vaPlace) or the health-care school or institution (gaSchool); `country` is health-care's
 * only. The attachments (at most 3 live ones, spec 001 §9) are stored files (stored_files) named
 * here; a removed one is marked usyn N.
 */
import { sql } from "drizzle-orm";
import { char, check, date, index, integer, pgTable, serial, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { persons } from "../schema";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const yn = (name: string, dflt: "Y" | "N") => char(name, { length: 1 }).notNull().default(dflt);

export const studentActivities = pgTable(
  "student_activities",
  {
    actSeq: serial("act_seq").primaryKey(),
    kind: char("kind", { length: 2 }).notNull(),
    year: integer("year").notNull(),
    usSeq: integer("us_seq")
      .notNull()
      .references(() => persons.usSeq, { onDelete: "cascade" }),
    stde: date("stde", { mode: "string" }).notNull(),
    ende: date("ende", { mode: "string" }).notNull(),
    hours: smallint("hours").notNull(),
    place: varchar("place", { length: 200 }).notNull().default(""),
    country: varchar("country", { length: 100 }).notNull().default(""),
    cntnt: text("cntnt").notNull().default(""),
    eval: text("eval").notNull().default(""),
    org: varchar("org", { length: 200 }).notNull().default(""),
    tel1: varchar("tel1", { length: 4 }).notNull().default(""),
    tel2: varchar("tel2", { length: 4 }).notNull().default(""),
    tel3: varchar("tel3", { length: 4 }).notNull().default(""),
    mngrPstn: varchar("mngr_pstn", { length: 50 }).notNull().default(""),
    mngrNm: varchar("mngr_nm", { length: 50 }).notNull().default(""),
    usyn: yn("usyn", "Y"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
    uptDt: tstz("upt_dt").notNull().defaultNow(),
  },
  (t) => [
    index("student_activities_kind_year_idx").on(t.kind, t.year),
    check("student_activities_kind_ck", sql`${t.kind} in ('VA','GA')`),
    check("student_activities_usyn_ck", sql`${t.usyn} in ('Y','N')`),
    check("student_activities_hours_ck", sql`${t.hours} between 0 and 999`),
  ],
);

export const activityFiles = pgTable(
  "activity_files",
  {
    fileSeq: serial("file_seq").primaryKey(),
    actSeq: integer("act_seq")
      .notNull()
      .references(() => studentActivities.actSeq, { onDelete: "cascade" }),
    rovl: varchar("rovl", { length: 100 }).notNull(),
    flnm: varchar("flnm", { length: 100 }).notNull(),
    orn: varchar("orn", { length: 255 }).notNull(),
    usyn: yn("usyn", "Y"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [index("activity_files_act_idx").on(t.actSeq), check("activity_files_usyn_ck", sql`${t.usyn} in ('Y','N')`)],
);
