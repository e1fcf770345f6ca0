/**
 * The embedded backend's database schema (Drizzle, PostgreSQL dialect: PGlite or PostgreSQL).
 *
 * Column names are snake_case in SQL and camelCase in TypeScript, mirroring the legacy wire names
 * (userSeq, menuSeq, cmmnCd ...). Y/N flags are CHAR(1) with a check constraint. Times are
 * `timestamptz`; the wire format ('yyyy-MM-dd HH:mm:ss', Asia/Seoul) is applied when answering.
 *
 * After changing this file run `npx drizzle-kit generate` and commit the new migration under
 * app/embedded/db/migrations (applied automatically at start).
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  char,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => tstz("reg_dt").notNull().defaultNow();
const updatedAt = () => tstz("upt_dt").notNull().defaultNow();
const yn = (name: string, dflt: "Y" | "N") => char(name, { length: 1 }).notNull().default(dflt);

/**
 * `bytea` as a Uint8Array. node-postgres answers a Buffer and PGlite a Uint8Array (both are
 * Uint8Arrays); a hex string ('\\x…') is decoded in case a driver answers text.
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array | string }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) =>
    typeof value === "string" ? new Uint8Array(Buffer.from(value.replace(/^\\x/, ""), "hex")) : value,
});

export const MENU_TYPES = ["D", "P", "INSERT", "API", "DATA", "SURVEY"] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** Staff accounts. `authTy` is the comma-joined authority codes ('1', '2', '1,2'). */
export const users = pgTable(
  "users",
  {
    userSeq: serial("user_seq").primaryKey(),
    userId: varchar("user_id", { length: 50 }).notNull().unique(),
    userNm: varchar("user_nm", { length: 50 }).notNull(),
    dptCd: varchar("dpt_cd", { length: 20 }),
    telNo: varchar("tel_no", { length: 20 }),
    /** The e-mail local part; the domain is the code `emailCd` (group 0000400000). */
    email: varchar("email", { length: 100 }),
    emailCd: varchar("email_cd", { length: 20 }),
    authTy: varchar("auth_ty", { length: 20 }).notNull().default(""),
    usyn: yn("usyn", "Y"),
    aprYn: yn("apr_yn", "N"),
    adminYn: yn("admin_yn", "N"),
    /** 'Y': the password was set for the user (the first administrator's): changed at the next sign-in (ADR 0024). */
    pwChangeYn: yn("pw_change_yn", "N"),
    passHash: text("pass_hash").notNull(),
    /**
     * Set when find-password's codes were abused (more than the daily limit of codes or failed
     * tries, ADR 0064): the account cannot sign in or get a code until an administrator lifts it
     * on P16 (usyn back to Y clears it). Null: not locked.
     */
    lockedAt: tstz("locked_at"),
    aprDt: tstz("apr_dt"),
    regDt: createdAt(),
    uptDt: updatedAt(),
  },
  (t) => [
    // IDs are unique regardless of letter case ('Admin' may not sign up beside 'admin').
    uniqueIndex("users_user_id_lower_uq").on(sql`lower(${t.userId})`),
    check("users_usyn_ck", sql`${t.usyn} in ('Y','N')`),
    check("users_apr_yn_ck", sql`${t.aprYn} in ('Y','N')`),
    check("users_admin_yn_ck", sql`${t.adminYn} in ('Y','N')`),
    check("users_pw_change_yn_ck", sql`${t.pwChangeYn} in ('Y','N')`),
  ],
);

/**
 * The menu tree (levels 1 to 3). `authTy` says who sees the item: '1', '2', '1,2' (holders of any
 * listed authority), 'ADMIN' (administrators only) or '' (every signed-in user). Administrators
 * see everything.
 */
export const menus = pgTable(
  "menus",
  {
    menuSeq: integer("menu_seq").primaryKey(),
    upprMenuSeq: integer("uppr_menu_seq").references((): AnyPgColumn => menus.menuSeq, { onDelete: "cascade" }),
    menuLvl: smallint("menu_lvl").notNull(),
    menuTy: varchar("menu_ty", { length: 10 }).notNull(),
    menuNm: varchar("menu_nm", { length: 100 }).notNull(),
    menuUrl: varchar("menu_url", { length: 300 }),
    sort: integer("sort").notNull().default(0),
    authTy: varchar("auth_ty", { length: 20 }).notNull().default(""),
    usyn: yn("usyn", "Y"),
    regDt: createdAt(),
    uptDt: updatedAt(),
  },
  (t) => [
    index("menus_uppr_idx").on(t.upprMenuSeq),
    check("menus_lvl_ck", sql`${t.menuLvl} between 1 and 3`),
    check("menus_ty_ck", sql`${t.menuTy} in ('D','P','INSERT','API','DATA','SURVEY')`),
    check("menus_usyn_ck", sql`${t.usyn} in ('Y','N')`),
  ],
);

/** Which departments (code group 0000900000) own the data of a menu: the 'find by department' dialog. */
export const menuDepts = pgTable(
  "menu_depts",
  {
    menuSeq: integer("menu_seq")
      .notNull()
      .references(() => menus.menuSeq, { onDelete: "cascade" }),
    dptCd: varchar("dpt_cd", { length: 20 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.menuSeq, t.dptCd] }), index("menu_depts_dpt_idx").on(t.dptCd)],
);

/** Common-code categories (the code-management list): e.g. 0000300000 소속. */
export const commCodeGroups = pgTable(
  "comm_code_groups",
  {
    cmmnCd: varchar("cmmn_cd", { length: 10 }).primaryKey(),
    cmmnNm: varchar("cmmn_nm", { length: 100 }).notNull(),
    usyn: yn("usyn", "Y"),
    sort: integer("sort").notNull().default(0),
    regDt: createdAt(),
    uptDt: updatedAt(),
  },
  (t) => [check("comm_code_groups_usyn_ck", sql`${t.usyn} in ('Y','N')`)],
);

/**
 * Common codes, per application year. `code` is the 10-digit id (group prefix + serial, e.g.
 * 0000300001); the same id recurs in each year it applies to. Level 1 or 2; a level-2 code names
 * its parent in `prtKey`.
 */
export const commCodes = pgTable(
  "comm_codes",
  {
    cmmnCd: varchar("cmmn_cd", { length: 10 })
      .notNull()
      .references(() => commCodeGroups.cmmnCd, { onDelete: "cascade" }),
    code: varchar("code", { length: 20 }).notNull(),
    year: integer("year").notNull(),
    codeNm: varchar("code_nm", { length: 200 }).notNull(),
    lvl: smallint("lvl").notNull().default(1),
    prtKey: varchar("prt_key", { length: 20 }),
    sort: integer("sort").notNull().default(0),
    usyn: yn("usyn", "Y"),
    regDt: createdAt(),
    uptDt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cmmnCd, t.code, t.year] }),
    index("comm_codes_group_year_idx").on(t.cmmnCd, t.year, t.sort),
    index("comm_codes_code_idx").on(t.code),
    check("comm_codes_lvl_ck", sql`${t.lvl} in (1, 2)`),
    check("comm_codes_usyn_ck", sql`${t.usyn} in ('Y','N')`),
  ],
);

/**
 * Server sessions behind the tokens. The refresh token carries `jti`; on rotation the old one is
 * kept in `prevJti` with `rotatedAt` and still answers (with the current pair) for 30 seconds.
 * Ending a session sets `revokedAt`; its tokens then stop working (HTTP 419).
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    sid: varchar("sid", { length: 64 }).primaryKey(),
    userSeq: integer("user_seq")
      .notNull()
      .references(() => users.userSeq, { onDelete: "cascade" }),
    jti: varchar("jti", { length: 64 }).notNull(),
    prevJti: varchar("prev_jti", { length: 64 }),
    rotatedAt: tstz("rotated_at"),
    autoLogin: yn("auto_login", "N"),
    expiresAt: tstz("expires_at").notNull(),
    revokedAt: tstz("revoked_at"),
    regDt: createdAt(),
    uptDt: updatedAt(),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userSeq), index("auth_sessions_expires_idx").on(t.expiresAt)],
);

/** Process-independent settings, e.g. the generated JWT secret (so tokens survive restarts). */
export const appSettings = pgTable("app_settings", {
  key: varchar("key", { length: 100 }).primaryKey(),
  value: text("value").notNull(),
  regDt: createdAt(),
  uptDt: updatedAt(),
});

/**
 * A sent message (spec 000 §3 Message): the sender, the sanitised HTML and the authority codes it
 * was sent to ('1', '2' or '1,2'). `rcptCnt` is the number of receipts created when it was sent.
 */
export const messageHeaders = pgTable(
  "message_headers",
  {
    mhSeq: serial("mh_seq").primaryKey(),
    senderSeq: integer("sender_seq")
      .notNull()
      .references(() => users.userSeq, { onDelete: "cascade" }),
    msg: text("msg").notNull(),
    authTyList: varchar("auth_ty_list", { length: 20 }).notNull(),
    rcptCnt: integer("rcpt_cnt").notNull().default(0),
    regDt: createdAt(),
  },
  (t) => [index("message_headers_sender_idx").on(t.senderSeq, t.regDt)],
);

/** One recipient's copy of a message: read state and soft deletion (`del` Y hides it from the inbox). */
export const messageReceipts = pgTable(
  "message_receipts",
  {
    mhSeq: integer("mh_seq")
      .notNull()
      .references(() => messageHeaders.mhSeq, { onDelete: "cascade" }),
    userSeq: integer("user_seq")
      .notNull()
      .references(() => users.userSeq, { onDelete: "cascade" }),
    readYn: yn("read_yn", "N"),
    readDt: tstz("read_dt"),
    del: yn("del", "N"),
    delDt: tstz("del_dt"),
  },
  (t) => [
    primaryKey({ columns: [t.mhSeq, t.userSeq] }),
    index("message_receipts_inbox_idx").on(t.userSeq, t.del, t.readYn),
    check("message_receipts_read_yn_ck", sql`${t.readYn} in ('Y','N')`),
    check("message_receipts_del_ck", sql`${t.del} in ('Y','N')`),
  ],
);

/**
 * Stored files (lib/storage.server.ts), in the database so that every instance on one PostgreSQL
 * sees the same files. `rovl` is an opaque folder key ('manual', '2026/03'), `flnm` a generated
 * name (uuid + extension), `orn` the original name; `sha256` lets the seed notice a changed manual.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    rovl: varchar("rovl", { length: 100 }).notNull(),
    flnm: varchar("flnm", { length: 100 }).notNull(),
    orn: varchar("orn", { length: 255 }).notNull(),
    mime: varchar("mime", { length: 100 }).notNull(),
    flsz: integer("flsz").notNull(),
    sha256: char("sha256", { length: 64 }).notNull(),
    content: bytea("content").notNull(),
    regDt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.rovl, t.flnm] }), index("stored_files_rovl_idx").on(t.rovl, t.regDt)],
);

/**
 * A person of the people records (spec 001 §3): `usSeq` is stable across years. `usTy` '1' is a
 * student (`id` the student number), '2' a professor or PBL tutor (`id` the employee number).
 * The yearly records (students, professors) point at it.
 */
export const persons = pgTable(
  "persons",
  {
    usSeq: serial("us_seq").primaryKey(),
    usTy: char("us_ty", { length: 1 }).notNull(),
    id: varchar("id", { length: 20 }).notNull(),
    regDt: createdAt(),
  },
  (t) => [uniqueIndex("persons_ty_id_uq").on(t.usTy, t.id), check("persons_us_ty_ck", sql`${t.usTy} in ('1','2')`)],
);

/** The columns a yearly people record (students, professors) starts with: the person, the year, the number, the name. */
const yearlyPersonColumns = () => ({
  usSeq: integer("us_seq")
    .notNull()
    .references(() => persons.usSeq, { onDelete: "cascade" }),
  year: integer("year").notNull(),
  id: varchar("id", { length: 20 }).notNull(),
  name: varchar("name", { length: 50 }).notNull(),
});

/** The columns a yearly people record ends with: the photo, the soft deletion and the times. */
const yearlyRecordEnd = () => ({
  /** The photo in the file storage (folder key and stored name), or null. */
  photoRovl: varchar("photo_rovl", { length: 100 }),
  photoFlnm: varchar("photo_flnm", { length: 100 }),
  del: yn("del", "N"),
  regDt: createdAt(),
  uptDt: updatedAt(),
});

/** A yearly people record's rules: one live record per person and year, a number unique among a year's live records. */
const yearlyPersonRules = (table: string, t: Record<"usSeq" | "year" | "id" | "del", AnyPgColumn>) => [
  uniqueIndex(`${table}_year_us_uq`).on(t.year, t.usSeq).where(sql`del = 'N'`),
  uniqueIndex(`${table}_year_id_uq`).on(t.year, t.id).where(sql`del = 'N'`),
  check(`${table}_del_ck`, sql`${t.del} in ('Y','N')`),
];

/**
 * A student's record for one year (spec 001 §3 Student). Codes: attnCd 0000600000 (enrolment),
 * grdeCd 0000800000 (grade; only for statuses 1-3), birthPlace 0001000000, admsSlctn 0000700000,
 * emailCd 0000400000. `del` Y is a deleted record; one live record per person and year, and a
 * student number is unique among a year's live records.
 */
export const students = pgTable(
  "students",
  {
    stSeq: serial("st_seq").primaryKey(),
    ...yearlyPersonColumns(),
    admsYear: integer("adms_year").notNull(),
    attnCd: varchar("attn_cd", { length: 20 }).notNull(),
    grdeCd: varchar("grde_cd", { length: 20 }),
    grdtnYear: integer("grdtn_year"),
    brde: date("brde", { mode: "string" }).notNull(),
    birthPlace: varchar("birth_place", { length: 20 }).notNull(),
    highSchool: varchar("high_school", { length: 100 }).notNull(),
    hsGrdtnYear: integer("hs_grdtn_year").notNull(),
    admsSlctn: varchar("adms_slctn", { length: 20 }).notNull(),
    email: varchar("email", { length: 100 }),
    emailCd: varchar("email_cd", { length: 20 }),
    telNo: varchar("tel_no", { length: 20 }).notNull(),
    cohortYn: yn("cohort_yn", "N"),
    ...yearlyRecordEnd(),
  },
  (t) => [
    ...yearlyPersonRules("students", t),
    index("students_year_grde_idx").on(t.year, t.grdeCd, t.attnCd),
    check("students_cohort_yn_ck", sql`${t.cohortYn} in ('Y','N')`),
  ],
);

/**
 * A professor's record for one year (spec 001 §3 Professor). Codes: emplyCd 0001100000
 * (0001100003 resigned: rsgntDate), jobCd 0000500000, dptCd 0000300000, emailCd 0000400000.
 * `tutorYn` Y lists the professor among the PBL tutors. Same `del` and uniqueness rules as students.
 */
export const professors = pgTable(
  "professors",
  {
    pfSeq: serial("pf_seq").primaryKey(),
    ...yearlyPersonColumns(),
    gndr: char("gndr", { length: 1 }),
    emplyDate: date("emply_date", { mode: "string" }).notNull(),
    emplyCd: varchar("emply_cd", { length: 20 }).notNull(),
    rsgntDate: date("rsgnt_date", { mode: "string" }),
    jobCd: varchar("job_cd", { length: 20 }).notNull(),
    dptCd: varchar("dpt_cd", { length: 20 }).notNull(),
    school: varchar("school", { length: 100 }).notNull(),
    trngAgcy: varchar("trng_agcy", { length: 100 }),
    telNo: varchar("tel_no", { length: 20 }).notNull(),
    email: varchar("email", { length: 100 }),
    emailCd: varchar("email_cd", { length: 20 }),
    tutorYn: yn("tutor_yn", "N"),
    ...yearlyRecordEnd(),
  },
  (t) => [
    ...yearlyPersonRules("professors", t),
    index("professors_year_dpt_idx").on(t.year, t.dptCd, t.emplyCd),
    check("professors_gndr_ck", sql`${t.gndr} is null or ${t.gndr} in ('M','W')`),
    check("professors_tutor_yn_ck", sql`${t.tutorYn} in ('Y','N')`),
  ],
);

/**
 * The columns an evaluation (eiSeq) shows of a menu's list in a year (spec 001 §3 "Evaluation
 * column config"): `clm` is a key of the list row, `clmNm` its header, in `sort` order.
 */
export const evalColumns = pgTable(
  "eval_columns",
  {
    eiSeq: integer("ei_seq").notNull(),
    menuSeq: integer("menu_seq")
      .notNull()
      .references(() => menus.menuSeq, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    clm: varchar("clm", { length: 50 }).notNull(),
    clmNm: varchar("clm_nm", { length: 100 }).notNull(),
    sort: integer("sort").notNull().default(0),
    regDt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eiSeq, t.menuSeq, t.year, t.clm] }), index("eval_columns_menu_idx").on(t.menuSeq, t.eiSeq)],
);

/** The high-school directory behind the student form's school search (files/high-schools.json). */
export const highSchools = pgTable(
  "high_schools",
  {
    hsSeq: serial("hs_seq").primaryKey(),
    eduOffice: varchar("edu_office", { length: 50 }).notNull(),
    schoolName: varchar("school_name", { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex("high_schools_office_name_uq").on(t.eduOffice, t.schoolName), index("high_schools_name_idx").on(t.schoolName)],
);

export type UserRow = typeof users.$inferSelect;
export type MenuRow = typeof menus.$inferSelect;
export type CommCodeRow = typeof commCodes.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;
export type MessageHeaderRow = typeof messageHeaders.$inferSelect;
export type StoredFileRow = typeof storedFiles.$inferSelect;
export type PersonRow = typeof persons.$inferSelect;
export type StudentRow = typeof students.$inferSelect;
export type ProfessorRow = typeof professors.$inferSelect;
export * from "./schema/privacy";
export * from "./schema/surveys";
export * from "./schema/scores";
export * from "./schema/reports";
export * from "./schema/account";
export * from "./schema/jobs";
export * from "./schema/activities";
export * from "./schema/awards";
export * from "./schema/seminars";
export * from "./schema/committees";
export * from "./schema/space";
export * from "./schema/data-files";
export * from "./schema/eval-indicators";
export * from "./schema/codes";
