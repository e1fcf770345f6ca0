/**
 * P15 evaluation indicators (spec 000 §3 "Evaluation indicator", "Linked menu card"; ADR 0039).
 * Exported from ../schema.ts. An indicator belongs to an indicator page's menu (81–83: the wire's
 * menuSeq of evalIndctList.do) and has a name, a criterion, the years it covers (no row: every
 * year) and the data menus attached to it (cards). The columns ticked for an attached menu are
 * rows of eval_columns (eiSeq, menuSeq) with year 0, 'every year': getEvalColumnsList.do answers
 * from them, so evaluation mode shows exactly what editMenu.do saved.
 */
import { sql } from "drizzle-orm";
import { char, check, index, integer, pgTable, primaryKey, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { menus } from "../schema";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** The year of eval_columns rows saved by editMenu.do: they apply to every year. */
export const EVERY_YEAR = 0;

export const evalIndicators = pgTable(
  "eval_indicators",
  {
    eiSeq: serial("ei_seq").primaryKey(),
    /** the indicator page's menu (a menu whose url is /eval/indicator/{menuSeq}) */
    menuSeq: integer("menu_seq")
      .notNull()
      .references(() => menus.menuSeq, { onDelete: "cascade" }),
    evalIndctNm: varchar("eval_indct_nm", { length: 200 }).notNull(),
    evalStnd: varchar("eval_stnd", { length: 4000 }).notNull(),
    /** the authority codes it was saved with (spec 000 §6: both types), comma-joined */
    authTy: varchar("auth_ty", { length: 20 }).notNull().default(""),
    usyn: char("usyn", { length: 1 }).notNull().default("Y"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
    uptDt: tstz("upt_dt").notNull().defaultNow(),
  },
  (t) => [index("eval_indicators_menu_idx").on(t.menuSeq), check("eval_indicators_usyn_ck", sql`${t.usyn} in ('Y','N')`)],
);

/** The years an indicator covers; none: every year (the year select's blank 'all'). */
export const evalIndicatorYears = pgTable(
  "eval_indicator_years",
  {
    eiSeq: integer("ei_seq")
      .notNull()
      .references(() => evalIndicators.eiSeq, { onDelete: "cascade" }),
    year: integer("year").notNull(),
  },
  (t) => [primaryKey({ columns: [t.eiSeq, t.year] })],
);

/** The data menus attached to an indicator (its cards), in the order they were added. */
export const evalIndicatorMenus = pgTable(
  "eval_indicator_menus",
  {
    eiSeq: integer("ei_seq")
      .notNull()
      .references(() => evalIndicators.eiSeq, { onDelete: "cascade" }),
    menuSeq: integer("menu_seq")
      .notNull()
      .references(() => menus.menuSeq, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eiSeq, t.menuSeq] })],
);
