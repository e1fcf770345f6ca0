/**
 * P06 data list pages (spec 000 §3 "File"): the files registered under a menu of type DATA, by
 * year, with their comma-joined keywords (at most 5, spec 000 §5). Exported from ../schema.ts. The
 * bytes are a stored file (stored_files: rovl, flnm); `fnen` is the lower-case extension ('pdf'),
 * `orn` the original name. A deleted file is marked usyn N.
 */
import { sql } from "drizzle-orm";
import { char, check, index, integer, pgTable, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { menus, users } from "../schema";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const dataFiles = pgTable(
  "data_files",
  {
    seq: serial("seq").primaryKey(),
    menuSeq: integer("menu_seq")
      .notNull()
      .references(() => menus.menuSeq, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    rovl: varchar("rovl", { length: 100 }).notNull(),
    flnm: varchar("flnm", { length: 100 }).notNull(),
    orn: varchar("orn", { length: 255 }).notNull(),
    fnen: varchar("fnen", { length: 10 }).notNull(),
    flsz: integer("flsz").notNull(),
    keyword: varchar("keyword", { length: 500 }).notNull().default(""),
    userSeq: integer("user_seq").references(() => users.userSeq, { onDelete: "set null" }),
    usyn: char("usyn", { length: 1 }).notNull().default("Y"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
    uptDt: tstz("upt_dt").notNull().defaultNow(),
  },
  (t) => [index("data_files_menu_year_idx").on(t.menuSeq, t.year), check("data_files_usyn_ck", sql`${t.usyn} in ('Y','N')`)],
);
