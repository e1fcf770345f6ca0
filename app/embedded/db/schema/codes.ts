/**
 * P17 code management (spec 000 §3 "History"): one row per change of a code's name or usage in a
 * year, made in code management (insert: no name before; update: the name and usage before and
 * after), with who changed it and when. Exported from ../schema.ts.
 */
import { char, index, integer, pgTable, serial, timestamp, varchar } from "drizzle-orm/pg-core";

export const commCodeHist = pgTable(
  "comm_code_hist",
  {
    histSeq: serial("hist_seq").primaryKey(),
    cmmnCd: varchar("cmmn_cd", { length: 10 }).notNull(),
    code: varchar("code", { length: 20 }).notNull(),
    year: integer("year").notNull(),
    /** before the change (null: the code was inserted) */
    codeNm: varchar("code_nm", { length: 200 }),
    aftCodeNm: varchar("aft_code_nm", { length: 200 }).notNull(),
    usyn: char("usyn", { length: 1 }),
    aftUsyn: char("aft_usyn", { length: 1 }).notNull(),
    userSeq: integer("user_seq"),
    userNm: varchar("user_nm", { length: 50 }).notNull(),
    uptDt: timestamp("upt_dt", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("comm_code_hist_group_year_idx").on(t.cmmnCd, t.year, t.uptDt)],
);
export type CommCodeHistRow = typeof commCodeHist.$inferSelect;
