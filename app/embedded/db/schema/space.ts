/**
 * E17 space status and E16 PBL tutor evaluations (spec 002 §3; ADR 0041). Exported from ../schema.ts.
 * - `space_status`: one row per year and tab (section), the tab's saved body as the save call
 *   received it after its rules (app/routes/_app.insert.resource.space+/__schema.ts): a tab is
 *   saved whole by one call, lists replaced, so a document per tab is what the screen reads and
 *   writes.
 * - `tutor_evals`: a student's PBL tutor evaluation for one module of a year: the scores of the
 *   default columns of spec 002 §2 screen 16 (late and absent are counts), the total and grade.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { persons } from "../schema";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const SPACE_SECTIONS = ["fcl", "lbrr", "sgroup", "dorm", "selfs", "wlcnv", "edu", "lab", "mngr"] as const;

export const spaceStatus = pgTable(
  "space_status",
  {
    year: integer("year").notNull(),
    section: varchar("section", { length: 10 }).notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    regDt: tstz("reg_dt").notNull().defaultNow(),
    uptDt: tstz("upt_dt").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.section] }),
    check("space_status_section_ck", sql`${t.section} in ('fcl','lbrr','sgroup','dorm','selfs','wlcnv','edu','lab','mngr')`),
  ],
);

const score = (name: string) => numeric(name, { precision: 6, scale: 2 });

export const tutorEvals = pgTable(
  "tutor_evals",
  {
    teSeq: serial("te_seq").primaryKey(),
    usSeq: integer("us_seq")
      .notNull()
      .references(() => persons.usSeq, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    module: varchar("module", { length: 100 }).notNull(),
    pbl: score("pbl"),
    map: score("map"),
    conf: score("conf"),
    peer1: score("peer1"),
    scm: score("scm"),
    snap: score("snap"),
    quizInd: score("quiz_ind"),
    quizTeam: score("quiz_team"),
    late: integer("late"),
    absent: integer("absent"),
    peer2: score("peer2"),
    dis: score("dis"),
    con: score("con"),
    penalty: score("penalty"),
    total: score("total"),
    grade: varchar("grade", { length: 5 }),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [index("tutor_evals_student_idx").on(t.usSeq, t.year)],
);
