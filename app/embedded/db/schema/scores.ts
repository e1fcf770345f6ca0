/**
 * Score entry (spec 002 §3 Re-learner, Patient safety score, Medical law score set, Exam analysis;
 * spec 001 §3 Achievement score). Exported from ../schema.ts.
 *
 * Students are `persons` (usTy '1'); the student number and name shown are those of the person's
 * student record in the row's year (table students).
 *
 * - `relearners` + `relearner_subjects`: a student chosen as a re-learner in a year, with a Y/N
 *   flag per subject code (code group 0001500000 of that year).
 * - `patient_safety_scores`: one record per student and year; scores with two decimals, the
 *   total is computed by the server.
 * - `medical_law_sets` + `medical_law_scores`: a health and medical law exam (term and round,
 *   target grades, subject, full mark) with one score per student.
 * - `achievement_scores`: the education achievement score of a department kind (기초/임상) in a
 *   year.
 * - `exam_analyses`: one exam question analysis (weekend or end of course).
 */
import { sql } from "drizzle-orm";
import { char, check, index, integer, numeric, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { persons, users } from "../schema";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => tstz("reg_dt").notNull().defaultNow();
const updatedAt = () => tstz("upt_dt").notNull().defaultNow();
const yn = (name: string, dflt: "Y" | "N") => char(name, { length: 1 }).notNull().default(dflt);
/** A score with two decimals (-999.99 … 999.99); drizzle answers it as a string. */
const score2 = (name: string) => numeric(name, { precision: 5, scale: 2 });

export const relearners = pgTable(
  "relearners",
  {
    rlSeq: serial("rl_seq").primaryKey(),
    year: integer("year").notNull(),
    usSeq: integer("us_seq")
      .notNull()
      .references(() => persons.usSeq, { onDelete: "cascade" }),
    usyn: yn("usyn", "Y"),
    regDt: createdAt(),
    uptDt: updatedAt(),
  },
  (t) => [uniqueIndex("relearners_year_us_uq").on(t.year, t.usSeq), check("relearners_usyn_ck", sql`${t.usyn} in ('Y','N')`)],
);

export const relearnerSubjects = pgTable(
  "relearner_subjects",
  {
    rlSeq: integer("rl_seq")
      .notNull()
      .references(() => relearners.rlSeq, { onDelete: "cascade" }),
    subjCd: varchar("subj_cd", { length: 20 }).notNull(),
    reYn: yn("re_yn", "N"),
  },
  (t) => [primaryKey({ columns: [t.rlSeq, t.subjCd] }), check("relearner_subjects_re_yn_ck", sql`${t.reYn} in ('Y','N')`)],
);

export const patientSafetyScores = pgTable(
  "patient_safety_scores",
  {
    pssSeq: serial("pss_seq").primaryKey(),
    year: integer("year").notNull(),
    usSeq: integer("us_seq")
      .notNull()
      .references(() => persons.usSeq, { onDelete: "cascade" }),
    attn: score2("attn"),
    quiz: score2("quiz"),
    rcgnSrvy: score2("rcgn_srvy"),
    ptntSftyRprt: score2("ptnt_sfty_rprt"),
    group1: score2("group1"),
    group2: score2("group2"),
    prtcDgr: score2("prtc_dgr"),
    total: score2("total").notNull(),
    grd: varchar("grd", { length: 2 }),
    usyn: yn("usyn", "Y"),
    regDt: createdAt(),
    uptDt: updatedAt(),
  },
  (t) => [
    uniqueIndex("patient_safety_year_us_uq").on(t.year, t.usSeq),
    check("patient_safety_grd_ck", sql`${t.grd} is null or ${t.grd} in ('H','HP','PS','NP')`),
    check("patient_safety_usyn_ck", sql`${t.usyn} in ('Y','N')`),
  ],
);

export const medicalLawSets = pgTable(
  "medical_law_sets",
  {
    hlSeq: serial("hl_seq").primaryKey(),
    year: integer("year").notNull(),
    /** term and round, free text ('1학기 1차') */
    smst: varchar("smst", { length: 50 }).notNull(),
    /** target grade codes (group 0000800000), comma-joined */
    tgetSt: varchar("tget_st", { length: 200 }).notNull(),
    /** subject code */
    subj: varchar("subj", { length: 20 }),
    totalScore: integer("total_score").notNull(),
    regId: integer("reg_id").references(() => users.userSeq, { onDelete: "set null" }),
    usyn: yn("usyn", "Y"),
    regDt: createdAt(),
    uptDt: updatedAt(),
  },
  (t) => [index("medical_law_sets_year_idx").on(t.year), check("medical_law_sets_usyn_ck", sql`${t.usyn} in ('Y','N')`)],
);

export const medicalLawScores = pgTable(
  "medical_law_scores",
  {
    hlSeq: integer("hl_seq")
      .notNull()
      .references(() => medicalLawSets.hlSeq, { onDelete: "cascade" }),
    usSeq: integer("us_seq")
      .notNull()
      .references(() => persons.usSeq, { onDelete: "cascade" }),
    score: integer("score").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hlSeq, t.usSeq] })],
);

export const achievementScores = pgTable(
  "achievement_scores",
  {
    year: integer("year").notNull(),
    /** '기초' (basic) or '임상' (clinical) */
    dept: varchar("dept", { length: 10 }).notNull(),
    score: integer("score").notNull(),
    regDt: createdAt(),
    uptDt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.year, t.dept] })],
);

export const examAnalyses = pgTable(
  "exam_analyses",
  {
    eqaSeq: serial("eqa_seq").primaryKey(),
    year: integer("year").notNull(),
    currNm: varchar("curr_nm", { length: 100 }).notNull(),
    /** 1 weekend, 2 end of course */
    eqaSe: char("eqa_se", { length: 1 }).notNull(),
    period: varchar("period", { length: 50 }).notNull(),
    qestCnt: integer("qest_cnt"),
    totalScore: integer("total_score"),
    avgStdevSt: numeric("avg_stdev_st", { precision: 6, scale: 2 }),
    avgStdevEn: numeric("avg_stdev_en", { precision: 6, scale: 2 }),
    minScore: integer("min_score"),
    maxScore: integer("max_score"),
    grdSt: numeric("grd_st", { precision: 6, scale: 2 }),
    grdEn: numeric("grd_en", { precision: 6, scale: 2 }),
    /** A appropriate, B easy, C difficult */
    grdSe: char("grd_se", { length: 1 }),
    dscpSt: numeric("dscp_st", { precision: 6, scale: 2 }),
    dscpEn: numeric("dscp_en", { precision: 6, scale: 2 }),
    /** A good, B borderline */
    dscpSe: char("dscp_se", { length: 1 }),
    qestRate: numeric("qest_rate", { precision: 6, scale: 2 }),
    usyn: yn("usyn", "Y"),
    regDt: createdAt(),
    uptDt: updatedAt(),
  },
  (t) => [
    index("exam_analyses_year_idx").on(t.year),
    check("exam_analyses_eqa_se_ck", sql`${t.eqaSe} in ('1','2')`),
    check("exam_analyses_grd_se_ck", sql`${t.grdSe} is null or ${t.grdSe} in ('A','B','C')`),
    check("exam_analyses_dscp_se_ck", sql`${t.dscpSe} is null or ${t.dscpSe} in ('A','B')`),
    check("exam_analyses_usyn_ck", sql`${t.usyn} in ('Y','N')`),
  ],
);
