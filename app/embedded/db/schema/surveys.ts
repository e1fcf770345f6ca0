/**
 * Surveys (spec 000 §3 Survey, Survey question, Send recipient; issue 5): the survey with its
 * lectures, questions and answer items, the people it was sent to, the delivery outbox and the
 * answers. Saved rows are never removed by the editor: `del` Y is a soft deletion (spec 000 §4).
 *
 * Kept apart from ../schema.ts (which re-exports this file) so that the survey tables have one
 * owner. Generated migration: migrations/*_surveys.sql.
 */
import { sql } from "drizzle-orm";
import { char, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const yn = (name: string, dflt: "Y" | "N") => char(name, { length: 1 }).notNull().default(dflt);

/**
 * A survey. `year` is the Asia/Seoul year it was registered in (the management list's year
 * filter). `dtYn` Y: answers only between `stDt` and `enDt`. `authTyList` is the comma-joined
 * authorities it was saved with; `linkMenuSeq` the SURVEY menu it is linked to (linkYn Y).
 */
export const surveys = pgTable(
  "surveys",
  {
    srSeq: serial("sr_seq").primaryKey(),
    year: integer("year").notNull(),
    srName: varchar("sr_name", { length: 200 }).notNull(),
    srContent: text("sr_content").notNull().default(""),
    usyn: yn("usyn", "Y"),
    dtYn: yn("dt_yn", "N"),
    stDt: tstz("st_dt"),
    enDt: tstz("en_dt"),
    prsnInfoYn: yn("prsn_info_yn", "N"),
    prsnInfoContent: text("prsn_info_content").notNull().default(""),
    authTyList: varchar("auth_ty_list", { length: 20 }).notNull().default(""),
    linkMenuSeq: integer("link_menu_seq"),
    /** The user who registered it (users.user_seq; kept when the user goes). */
    userSeq: integer("user_seq"),
    uptUserSeq: integer("upt_user_seq"),
    del: yn("del", "N"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
    uptDt: tstz("upt_dt").notNull().defaultNow(),
  },
  (t) => [
    index("surveys_year_idx").on(t.year, t.del),
    index("surveys_link_idx").on(t.linkMenuSeq),
    check("surveys_usyn_ck", sql`${t.usyn} in ('Y','N')`),
    check("surveys_dt_yn_ck", sql`${t.dtYn} in ('Y','N')`),
    check("surveys_prsn_info_yn_ck", sql`${t.prsnInfoYn} in ('Y','N')`),
    check("surveys_del_ck", sql`${t.del} in ('Y','N')`),
  ],
);

/** A lecture row of a survey (slTime: hours, digits only). */
export const surveyLectures = pgTable(
  "survey_lectures",
  {
    slSeq: serial("sl_seq").primaryKey(),
    srSeq: integer("sr_seq")
      .notNull()
      .references(() => surveys.srSeq, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
    slName: varchar("sl_name", { length: 200 }).notNull(),
    slTime: integer("sl_time"),
    pfName: varchar("pf_name", { length: 100 }).notNull().default(""),
    deptName: varchar("dept_name", { length: 100 }).notNull().default(""),
    del: yn("del", "N"),
  },
  (t) => [index("survey_lectures_sr_idx").on(t.srSeq, t.sort), check("survey_lectures_del_ck", sql`${t.del} in ('Y','N')`)],
);

/**
 * A question: sqType 0 section heading, 1 multiple choice, 2 free text; itemType 1-5 (the
 * presets of spec 000 §9) for multiple choice. `sqSort` orders every row, `sqNo` numbers the
 * questions (sections have none).
 */
export const surveyQuestions = pgTable(
  "survey_questions",
  {
    sqSeq: serial("sq_seq").primaryKey(),
    srSeq: integer("sr_seq")
      .notNull()
      .references(() => surveys.srSeq, { onDelete: "cascade" }),
    sqSort: integer("sq_sort").notNull(),
    sqNo: integer("sq_no"),
    sqType: smallint("sq_type").notNull(),
    itemType: smallint("item_type"),
    esntlYn: yn("esntl_yn", "N"),
    scoreOpenYn: yn("score_open_yn", "N"),
    multiAns: yn("multi_ans", "N"),
    sqSubj: text("sq_subj").notNull(),
    usyn: yn("usyn", "Y"),
    del: yn("del", "N"),
  },
  (t) => [
    index("survey_questions_sr_idx").on(t.srSeq, t.del, t.sqSort),
    check("survey_questions_type_ck", sql`${t.sqType} in (0, 1, 2)`),
    check("survey_questions_item_type_ck", sql`${t.itemType} is null or ${t.itemType} between 1 and 5`),
    check("survey_questions_esntl_ck", sql`${t.esntlYn} in ('Y','N')`),
    check("survey_questions_score_open_ck", sql`${t.scoreOpenYn} in ('Y','N')`),
    check("survey_questions_multi_ck", sql`${t.multiAns} in ('Y','N')`),
    check("survey_questions_usyn_ck", sql`${t.usyn} in ('Y','N')`),
    check("survey_questions_del_ck", sql`${t.del} in ('Y','N')`),
  ],
);

/** An answer item (choice) of a multiple-choice question; `score` may be empty on manual items. */
export const surveyItems = pgTable(
  "survey_items",
  {
    siSeq: serial("si_seq").primaryKey(),
    sqSeq: integer("sq_seq")
      .notNull()
      .references(() => surveyQuestions.sqSeq, { onDelete: "cascade" }),
    sort: integer("sort").notNull(),
    score: integer("score"),
    text: varchar("text", { length: 500 }).notNull(),
    usyn: yn("usyn", "Y"),
    del: yn("del", "N"),
  },
  (t) => [
    index("survey_items_sq_idx").on(t.sqSeq, t.del, t.sort),
    check("survey_items_usyn_ck", sql`${t.usyn} in ('Y','N')`),
    check("survey_items_del_ck", sql`${t.del} in ('Y','N')`),
  ],
);

/**
 * A person (persons.us_seq) a survey is sent to. `year` is the year of the record they were added
 * from (name, grade and status come from that year's record). `sendFlag` Y once sent; `sendCnt`
 * counts sends and resends.
 */
export const surveyRecipients = pgTable(
  "survey_recipients",
  {
    srSeq: integer("sr_seq")
      .notNull()
      .references(() => surveys.srSeq, { onDelete: "cascade" }),
    usSeq: integer("us_seq").notNull(),
    usTy: char("us_ty", { length: 1 }).notNull().default("1"),
    year: integer("year").notNull(),
    sendFlag: yn("send_flag", "N"),
    sendCnt: integer("send_cnt").notNull().default(0),
    sendDt: tstz("send_dt"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.srSeq, t.usSeq] }),
    check("survey_recipients_send_flag_ck", sql`${t.sendFlag} in ('Y','N')`),
  ],
);

/**
 * What a send produced for each recipient: the personal link and the message. `channel` 'email'
 * went out over SMTP; 'outbox' is kept here for staff to pass on (no SMTP configured, or no
 * address). `status` 'sent', 'failed' or 'pending'.
 */
export const surveyOutbox = pgTable(
  "survey_outbox",
  {
    obSeq: serial("ob_seq").primaryKey(),
    srSeq: integer("sr_seq")
      .notNull()
      .references(() => surveys.srSeq, { onDelete: "cascade" }),
    usSeq: integer("us_seq").notNull(),
    channel: varchar("channel", { length: 10 }).notNull(),
    toAddr: varchar("to_addr", { length: 200 }),
    subject: varchar("subject", { length: 300 }).notNull(),
    body: text("body").notNull(),
    link: varchar("link", { length: 500 }).notNull(),
    expiresAt: tstz("expires_at").notNull(),
    status: varchar("status", { length: 10 }).notNull(),
    error: varchar("error", { length: 500 }),
    senderSeq: integer("sender_seq"),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [index("survey_outbox_sr_idx").on(t.srSeq, t.usSeq, t.regDt)],
);

/**
 * One submitted answer sheet. `usSeq` is the recipient of a personal link (one sheet each), null
 * for the public link; `submitKey` (unique) is the one-time key of the form that was submitted,
 * so that the same form cannot be submitted twice. `slSeq` is the lecture the answers are about.
 */
export const surveyResponses = pgTable(
  "survey_responses",
  {
    rsSeq: serial("rs_seq").primaryKey(),
    srSeq: integer("sr_seq")
      .notNull()
      .references(() => surveys.srSeq, { onDelete: "cascade" }),
    usSeq: integer("us_seq"),
    slSeq: integer("sl_seq"),
    prsnAgreeYn: yn("prsn_agree_yn", "N"),
    submitKey: varchar("submit_key", { length: 64 }).notNull(),
    regDt: tstz("reg_dt").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("survey_responses_key_uq").on(t.submitKey),
    uniqueIndex("survey_responses_person_uq").on(t.srSeq, t.usSeq).where(sql`us_seq is not null`),
    index("survey_responses_sr_idx").on(t.srSeq, t.regDt),
    check("survey_responses_agree_ck", sql`${t.prsnAgreeYn} in ('Y','N')`),
  ],
);

/** One answer: a chosen item (`siSeq`) or a free text (`text`). Multiple answers are several rows. */
export const surveyAnswers = pgTable(
  "survey_answers",
  {
    saSeq: serial("sa_seq").primaryKey(),
    rsSeq: integer("rs_seq")
      .notNull()
      .references(() => surveyResponses.rsSeq, { onDelete: "cascade" }),
    sqSeq: integer("sq_seq").notNull(),
    siSeq: integer("si_seq"),
    text: text("text"),
  },
  (t) => [index("survey_answers_rs_idx").on(t.rsSeq), index("survey_answers_sq_idx").on(t.sqSeq, t.siSeq)],
);

export type SurveyRow = typeof surveys.$inferSelect;
export type SurveyQuestionRow = typeof surveyQuestions.$inferSelect;
export type SurveyItemRow = typeof surveyItems.$inferSelect;
export type SurveyLectureRow = typeof surveyLectures.$inferSelect;
