/**
 * R17 research participation and awards (spec 001 §3 "Award or participation program"). Exported
 * from ../schema.ts. A program of a year with its category (code group 0001300000), its dates
 * (the award date, or the participation's start and end), place and schedule, and one optional
 * attachment in the file storage (stored_files: rovl, flnm; orn the original name). Its winners or
 * participants are persons (students of the program's year when saved), each with a research
 * subject or award detail. A deleted program is marked usyn N.
 */
import { sql } from "drizzle-orm";
import { char, check, date, index, integer, pgTable, primaryKey, serial, smallint, timestamp, varchar } from "drizzle-orm/pg-core";
import { persons } from "../schema";
import { attachmentColumns } from "./attachment";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const yn = (name: string, dflt: "Y" | "N") => char(name, { length: 1 }).notNull().default(dflt);

export const awardPrograms = pgTable(
  "award_programs",
  {
    paSeq: serial("pa_seq").primaryKey(),
    year: integer("year").notNull(),
    paSeCd: varchar("pa_se_cd", { length: 20 }).notNull(),
    prgmNm: varchar("prgm_nm", { length: 200 }).notNull(),
    awardDate: date("award_date", { mode: "string" }),
    prgmStde: date("prgm_stde", { mode: "string" }),
    prgmEnde: date("prgm_ende", { mode: "string" }),
    placeCd: char("place_cd", { length: 1 }),
    place: varchar("place", { length: 200 }).notNull().default(""),
    prgmDate: varchar("prgm_date", { length: 500 }).notNull().default(""),
    ...attachmentColumns(),
    usyn: yn("usyn", "Y"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
    uptDt: tstz("upt_dt").notNull().defaultNow(),
  },
  (t) => [
    index("award_programs_year_idx").on(t.year, t.paSeCd),
    check("award_programs_usyn_ck", sql`${t.usyn} in ('Y','N')`),
    check("award_programs_place_cd_ck", sql`${t.placeCd} is null or ${t.placeCd} in ('1','2')`),
  ],
);

export const awardUsers = pgTable(
  "award_users",
  {
    paSeq: integer("pa_seq")
      .notNull()
      .references(() => awardPrograms.paSeq, { onDelete: "cascade" }),
    usSeq: integer("us_seq")
      .notNull()
      .references(() => persons.usSeq, { onDelete: "cascade" }),
    rsrchSbj: varchar("rsrch_sbj", { length: 200 }).notNull().default(""),
    sort: smallint("sort").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.paSeq, t.usSeq] }), index("award_users_us_idx").on(t.usSeq)],
);
