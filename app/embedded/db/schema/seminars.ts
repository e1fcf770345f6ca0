/**
 * R07 seminars (spec 001 §3 "Seminar"). Exported from ../schema.ts. A seminar of a year: its
 * category (code group 0001800000 of that year), dates, place (1 on campus, 2 off campus, and its
 * name) and its one schedule attachment, a stored file (stored_files) named here (all three null
 * when there is none). Its participants are professors (persons of type 2), one row each; a
 * deleted seminar is marked usyn N.
 */
import { sql } from "drizzle-orm";
import { char, check, date, index, integer, pgTable, primaryKey, serial, smallint, timestamp, varchar } from "drizzle-orm/pg-core";
import { persons } from "../schema";
import { attachmentColumns } from "./attachment";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const yn = (name: string, dflt: "Y" | "N") => char(name, { length: 1 }).notNull().default(dflt);

export const seminars = pgTable(
  "seminars",
  {
    smSeq: serial("sm_seq").primaryKey(),
    year: integer("year").notNull(),
    smSe: varchar("sm_se", { length: 20 }).notNull(),
    smStde: date("sm_stde", { mode: "string" }).notNull(),
    smEnde: date("sm_ende", { mode: "string" }).notNull(),
    placeCd: char("place_cd", { length: 1 }).notNull(),
    place: varchar("place", { length: 200 }).notNull(),
    ...attachmentColumns(),
    usyn: yn("usyn", "Y"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
    uptDt: tstz("upt_dt").notNull().defaultNow(),
  },
  (t) => [
    index("seminars_year_idx").on(t.year, t.smStde),
    check("seminars_place_cd_ck", sql`${t.placeCd} in ('1','2')`),
    check("seminars_usyn_ck", sql`${t.usyn} in ('Y','N')`),
    check("seminars_dates_ck", sql`${t.smStde} <= ${t.smEnde}`),
  ],
);

export const seminarUsers = pgTable(
  "seminar_users",
  {
    smSeq: integer("sm_seq")
      .notNull()
      .references(() => seminars.smSeq, { onDelete: "cascade" }),
    usSeq: integer("us_seq")
      .notNull()
      .references(() => persons.usSeq, { onDelete: "cascade" }),
    /** the participant's place in the dialog's list */
    sort: smallint("sort").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.smSeq, t.usSeq] }), index("seminar_users_us_idx").on(t.usSeq)],
);
