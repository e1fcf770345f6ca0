/**
 * R08/R09 committees (spec 001 §3 "Committee", "Committee term", "Term member"). Exported from
 * ../schema.ts. A committee has its founding year, name and operating status (Y operating, N not);
 * its terms (기수) each have a name and an operating period (start and end with their times, the
 * wire's 'yyyy-MM-dd HH:mm:ss'); a term's members are persons (professors and staff), one row
 * each, with their active flag (actvtYn Y active, N inactive). A deleted committee or term is
 * marked usyn N; a removed member's row is deleted.
 */
import { sql } from "drizzle-orm";
import { char, check, index, integer, pgTable, primaryKey, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { persons } from "../schema";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const yn = (name: string, dflt: "Y" | "N") => char(name, { length: 1 }).notNull().default(dflt);

export const committees = pgTable(
  "committees",
  {
    cmtSeq: serial("cmt_seq").primaryKey(),
    /** the founding year (spec 001 §9: from 1990) */
    year: integer("year").notNull(),
    cmtNm: varchar("cmt_nm", { length: 100 }).notNull(),
    oprStt: char("opr_stt", { length: 1 }).notNull(),
    usyn: yn("usyn", "Y"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
    uptDt: tstz("upt_dt").notNull().defaultNow(),
  },
  (t) => [
    index("committees_name_idx").on(t.cmtNm),
    check("committees_opr_stt_ck", sql`${t.oprStt} in ('Y','N')`),
    check("committees_usyn_ck", sql`${t.usyn} in ('Y','N')`),
  ],
);

export const committeeTerms = pgTable(
  "committee_terms",
  {
    ctSeq: serial("ct_seq").primaryKey(),
    cmtSeq: integer("cmt_seq")
      .notNull()
      .references(() => committees.cmtSeq, { onDelete: "cascade" }),
    ctNm: varchar("ct_nm", { length: 100 }).notNull(),
    /** local (Seoul) date and time, as the wire's 'yyyy-MM-dd HH:mm:ss' */
    operStdt: timestamp("oper_stdt", { mode: "string" }).notNull(),
    operEndt: timestamp("oper_endt", { mode: "string" }).notNull(),
    usyn: yn("usyn", "Y"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
    uptDt: tstz("upt_dt").notNull().defaultNow(),
  },
  (t) => [
    index("committee_terms_cmt_idx").on(t.cmtSeq, t.operStdt),
    check("committee_terms_usyn_ck", sql`${t.usyn} in ('Y','N')`),
    check("committee_terms_dates_ck", sql`${t.operStdt} <= ${t.operEndt}`),
  ],
);

export const committeeMembers = pgTable(
  "committee_members",
  {
    ctSeq: integer("ct_seq")
      .notNull()
      .references(() => committeeTerms.ctSeq, { onDelete: "cascade" }),
    usSeq: integer("us_seq")
      .notNull()
      .references(() => persons.usSeq, { onDelete: "cascade" }),
    actvtYn: yn("actvt_yn", "Y"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ctSeq, t.usSeq] }), index("committee_members_us_idx").on(t.usSeq), check("committee_members_actvt_ck", sql`${t.actvtYn} in ('Y','N')`)],
);
