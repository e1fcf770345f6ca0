/**
 * Privacy-consent forms (spec 001 §7 "Consent forms", §3, §4, §5, §8, §9) and the editor's image
 * upload (/api/comm/froala/mediaUpload.do). docs/contract.md "Consent forms" is the wire contract.
 *
 * Management calls need the consent-form menu (/management/privacy, administrators in the demo
 * tree); the two calls of the public consent page (agreeUser.do, submitAgree.do) need no sign-in
 * but a personal link's signature (`sig`), made when the form is sent: an HMAC over the form,
 * the person and an expiry, keyed by a secret kept in app_settings (so every instance on one
 * PostgreSQL agrees). A bad, expired or missing signature is status 404 with errorCode
 * AGREE_LINK, so the page answers 404 without telling which part was wrong.
 *
 * Content is sanitised before it is stored (sanitizeRichHtml, data:image allowed). Each change of
 * title or content makes a new version; an answer records the version the person was shown.
 *
 * Delivery: sending writes one row per person to agree_outbox with their personal link, then mails
 * it over SMTP when SMTP_URL is configured (lib/mailer.server.ts); otherwise it stays in the outbox
 * ('kept') for the send page to show.
 *
 * /api/agree/getUserList.do (the add-recipients dialog's people of a year) is also named by the
 * survey sending screen (spec 000 §7): it takes no form and answers people only, so it serves both.
 */
import { smtpConfigured } from "../lib/mailer.server";
import { addJobItems, jobDto, jobKeyOf, kickJobs, openSendJob, SEND_KEY_RE, willMail } from "../lib/jobs.server";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { htmlToText, sanitizeRichHtml } from "../../utils/sanitize.server";
import type { Db, Tx } from "../db/client.server";
import { appSettings, commCodes, professors, students } from "../db/schema";
import { agreeFormVersions, agreeForms, agreeOutbox, agreeRecipients, type AgreeFormRow } from "../db/schema/privacy";
import { requireAuth, type CallContext, type GetRouteDef, type RouteDef } from "../lib/context.server";
import { ApiError, HttpError, fail, ok, parseInput } from "../lib/envelope.server";
import { extensionOf } from "../lib/storage.server";
import { formatWireDate, seoulYear } from "../lib/time";
import { visibleMenus } from "./menu.server";

// ---------------------------------------------------------------------------------------------
// Constants (spec 001 §9)
// ---------------------------------------------------------------------------------------------

export const AGREE_MENU_URL = "/management/privacy";
/** Year lists of the consent screens start in 2025. */
export const AGREE_FIRST_YEAR = 2025;
/** The sending-status filter codes: employment 재직/퇴직, enrolment 재학/휴학/졸업. */
export const EMPLOYMENT_FILTER = ["0001100001", "0001100003"] as const;
export const ENROLMENT_FILTER = ["0000600001", "0000600002", "0000600005"] as const;
export const STATUS_FILTER_CODES: readonly string[] = [...EMPLOYMENT_FILTER, ...ENROLMENT_FILTER];
export const TITLE_MAX = 200;
/** Stored HTML (after sanitising) must fit the 1 MB JSON body with room to spare. */
export const CONTENT_MAX_HTML = 900_000;
/** Editor images: these types, checked by name and by content, at most 10 MB. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_ROVL = "editor";
const LINK_SECRET_KEY = "agree_link_secret";
/** A personal link stays valid this many days after it was sent (AGREE_LINK_DAYS). */
export const linkDays = () => {
  const n = Number(process.env.AGREE_LINK_DAYS);
  return Number.isFinite(n) && n > 0 && n <= 3650 ? n : 30;
};
/** The code of an answer-link failure (bad, missing or expired signature). */
export const AGREE_LINK_ERROR = "AGREE_LINK";

const CODE_GROUPS = {
  departments: "0000300000",
  emailDomains: "0000400000",
  enrolment: "0000600000",
  grades: "0000800000",
  employment: "0001100000",
} as const;

// ---------------------------------------------------------------------------------------------
// Wire fields
// ---------------------------------------------------------------------------------------------

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const seq = z.coerce.number().int().positive().max(2_147_483_647);
const optionalYear = z.preprocess((v) => (blank(v) || v === "all" ? undefined : v), z.coerce.number().int().min(1900).max(2999).optional());
const text100 = z.preprocess((v) => (blank(v) ? "" : typeof v === "number" ? String(v) : v), z.string().max(100)).transform((s) => s.trim());
/** A multi-select: absent, '', 'all' or [] is no filter (null); a comma-joined string is accepted. */
const multi = (item: z.ZodType<string>) =>
  z
    .preprocess((v) => {
      if (blank(v)) return null;
      const list = Array.isArray(v) ? v : String(v).split(",");
      return list.map((x) => String(x).trim()).filter(Boolean);
    }, z.array(z.string().max(20)).max(50).nullable())
    .transform((list) => (!list || list.length === 0 || list.includes("all") ? null : list))
    .pipe(z.array(item).nullable());
/** usSeq lists: [1, 2], ['1'], [{usSeq: 1}], or a comma-joined string. */
const userList = z.preprocess(
  (v) => {
    if (blank(v)) return [];
    const list = Array.isArray(v) ? v : String(v).split(",");
    return list.map((x) => (x && typeof x === "object" && "usSeq" in x ? (x as { usSeq: unknown }).usSeq : x));
  },
  z.array(seq).max(5000),
);

const ListBody = z.object({ year: optionalYear, value: text100 });
const SeqBody = z.object({ uiaSeq: seq });
const EditBody = z.object({
  uiaSeq: z.preprocess((v) => (blank(v) || v === 0 || v === "0" ? undefined : v), seq.optional()),
  uiaNm: z.preprocess((v) => (v == null ? "" : v), z.string({ invalid_type_error: OWN_MSG.badRequest })),
  uiaContent: z.preprocess((v) => (v == null ? "" : v), z.string({ invalid_type_error: OWN_MSG.badRequest })),
  usyn: z.preprocess((v) => (blank(v) ? "Y" : v), z.enum(["Y", "N"])),
});
const CodeBody = z.object({ year: optionalYear });
const UserListBody = z.object({
  year: optionalYear,
  value: text100,
  id: text100,
  usTy: z.preprocess((v) => (blank(v) || v === "all" ? "" : String(v)), z.enum(["", "1", "2"])),
  attn: multi(z.string().regex(/^[0-9]{10}$/)),
  uiaSeq: z.preprocess((v) => (blank(v) ? undefined : v), seq.optional()),
});
const SendingListBody = z.object({
  uiaSeq: seq,
  year: optionalYear,
  value: text100,
  agreeYn: multi(z.enum(["Y", "N"])),
  attn: multi(z.string().regex(/^[0-9]{10}$/)),
});
const AddUsersBody = z.object({ uiaSeq: seq, year: optionalYear, users: userList });
const SendBody = z.object({
  uiaSeq: seq,
  users: userList,
  /** our addition: the site's origin for absolute links in e-mails (else PUBLIC_BASE_URL) */
  baseUrl: z.preprocess((v) => (v == null ? "" : v), z.string().max(200).regex(/^(https?:\/\/[A-Za-z0-9.:[\]-]+)?$/)),
  /** our addition (ADR 0030): the posted form's send key; the same key again finds the same job */
  sendKey: z.preprocess((v) => (typeof v === "string" && SEND_KEY_RE.test(v) ? v : undefined), z.string().optional()),
});
const OutboxBody = z.object({
  uiaSeq: seq,
  limit: z.preprocess((v) => (blank(v) ? undefined : v), z.coerce.number().int().min(1).max(500).optional()),
});
const LinkBody = z.object({ uiaSeq: seq, usSeq: seq, sig: z.preprocess((v) => (v == null ? "" : v), z.string().max(200)) });
const SubmitBody = LinkBody.extend({
  agreeYn: z.preprocess((v) => (blank(v) ? undefined : v), z.enum(["Y", "N"], { errorMap: () => ({ message: OWN_MSG.agreeChoiceRequired }) })),
  ver: z.preprocess((v) => (blank(v) ? undefined : v), seq.optional()),
});

// ---------------------------------------------------------------------------------------------
// Access, content and links
// ---------------------------------------------------------------------------------------------

/** The consent-form calls need the menu that holds the screens (re-checked on the server). */
async function requireAgreeMenu(ctx: CallContext) {
  const auth = requireAuth(ctx);
  if (auth.isAdmin) return auth;
  const { ordered } = await visibleMenus(ctx.db, auth);
  if (!ordered.some((m) => m.menuUrl === AGREE_MENU_URL)) throw new ApiError(fail(403, MSG.menuForbidden));
  return auth;
}

/** Content that shows something: text, or at least one image. */
export function hasContent(cleanHtml: string): boolean {
  return htmlToText(cleanHtml).length > 0 || /<img\s/i.test(cleanHtml);
}

/** Sanitises content as stored: images only of this product's own editor media or base64 png, jpeg, gif, webp; only the editor's classes. */
export const cleanContent = (html: string) => sanitizeRichHtml(html, { allowDataImages: true, images: "media" });

async function linkSecret(db: Db | Tx): Promise<Buffer> {
  await db.insert(appSettings).values({ key: LINK_SECRET_KEY, value: randomBytes(32).toString("base64url") }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, LINK_SECRET_KEY)).limit(1);
  if (!row) throw new Error("agree link secret missing");
  return Buffer.from(row.value, "base64url");
}

const mac = (secret: Buffer, uiaSeq: number, usSeq: number, exp: number) =>
  createHmac("sha256", secret).update(`privacyAgree:${uiaSeq}:${usSeq}:${exp}`).digest("base64url");

/** `<expiry in base36 seconds>.<HMAC-SHA256, base64url>`. */
export async function signLink(db: Db | Tx, uiaSeq: number, usSeq: number, expires: Date): Promise<string> {
  const exp = Math.floor(expires.getTime() / 1000);
  return `${exp.toString(36)}.${mac(await linkSecret(db), uiaSeq, usSeq, exp)}`;
}

/** Whether `sig` was made for this form and person and has not expired. */
export async function verifyLink(db: Db | Tx, uiaSeq: number, usSeq: number, sig: string, now = Date.now()): Promise<boolean> {
  const m = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(sig);
  if (!m) return false;
  const exp = Number.parseInt(m[1], 36);
  if (!Number.isSafeInteger(exp) || exp * 1000 <= now) return false;
  const expected = Buffer.from(mac(await linkSecret(db), uiaSeq, usSeq, exp));
  const given = Buffer.from(m[2]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const agreePath = (uiaSeq: number, usSeq: number, sig: string) => `/send/privacyAgree/${uiaSeq}/${usSeq}?sig=${encodeURIComponent(sig)}`;

// ---------------------------------------------------------------------------------------------
// People of a year (students and professors), as the sending screens show them
// ---------------------------------------------------------------------------------------------

export interface PersonDto {
  usSeq: number;
  /** '1' student, '2' professor. */
  usTy: string;
  id: string;
  name: string;
  /** Professors: the department; students: '' (their grade is in grde). */
  dpt: string;
  /** Students: the grade (or graduation year); professors: ''. */
  grde: string;
  /** The enrolment or employment status name, and its code. */
  status: string;
  statusCd: string;
  telNo: string;
  email: string;
}

interface PersonRow {
  usSeq: number;
  usTy: string;
  id: string;
  name: string;
  grdeCd: string | null;
  grdtnYear: number | null;
  dptCd: string | null;
  statusCd: string;
  telNo: string;
  email: string | null;
  emailCd: string | null;
}

async function codeMap(db: Db | Tx, year: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: commCodes.code, codeNm: commCodes.codeNm, year: commCodes.year })
    .from(commCodes)
    .where(inArray(commCodes.cmmnCd, Object.values(CODE_GROUPS)))
    .orderBy(asc(commCodes.year));
  // the year's own names win; other years fill codes the year lacks
  const map = new Map<string, string>();
  for (const r of rows) if (r.year !== year) map.set(r.code, r.codeNm);
  for (const r of rows) if (r.year === year) map.set(r.code, r.codeNm);
  return map;
}

/** The live student and professor records of `year` (optionally only these people). */
async function peopleOfYear(db: Db | Tx, year: number, only?: readonly number[]): Promise<PersonRow[]> {
  if (only && only.length === 0) return [];
  const st = db
    .select({
      usSeq: students.usSeq,
      usTy: sql<string>`'1'`.as("us_ty"),
      id: students.id,
      name: students.name,
      grdeCd: students.grdeCd,
      grdtnYear: students.grdtnYear,
      dptCd: sql<string | null>`null::varchar`.as("dpt_cd"),
      statusCd: students.attnCd,
      telNo: students.telNo,
      email: students.email,
      emailCd: students.emailCd,
    })
    .from(students)
    .where(and(eq(students.year, year), eq(students.del, "N"), only ? inArray(students.usSeq, [...only]) : undefined));
  const pf = db
    .select({
      usSeq: professors.usSeq,
      usTy: sql<string>`'2'`.as("us_ty"),
      id: professors.id,
      name: professors.name,
      grdeCd: sql<string | null>`null::varchar`.as("grde_cd"),
      grdtnYear: sql<number | null>`null::integer`.as("grdtn_year"),
      dptCd: professors.dptCd,
      statusCd: professors.emplyCd,
      telNo: professors.telNo,
      email: professors.email,
      emailCd: professors.emailCd,
    })
    .from(professors)
    .where(and(eq(professors.year, year), eq(professors.del, "N"), only ? inArray(professors.usSeq, [...only]) : undefined));
  const [a, b] = await Promise.all([st, pf]);
  return [...a, ...b] as PersonRow[];
}

function toPersonDto(r: PersonRow, names: Map<string, string>): PersonDto {
  const domain = r.emailCd ? names.get(r.emailCd) : undefined;
  return {
    usSeq: r.usSeq,
    usTy: r.usTy,
    id: r.id,
    name: r.name,
    dpt: r.dptCd ? names.get(r.dptCd) ?? "" : "",
    grde: r.grdeCd ? names.get(r.grdeCd) ?? "" : r.grdtnYear ? `${r.grdtnYear} 졸업` : "",
    status: names.get(r.statusCd) ?? "",
    statusCd: r.statusCd,
    telNo: r.telNo ?? "",
    email: r.email && domain ? `${r.email}@${domain}` : "",
  };
}

const matchesText = (p: Pick<PersonDto, "id" | "name">, value: string) => {
  if (!value) return true;
  const v = value.toLowerCase();
  return p.name.toLowerCase().includes(v) || p.id.toLowerCase().includes(v);
};

const sortPeople = <T extends Pick<PersonDto, "usTy" | "name" | "id">>(list: T[]) =>
  list.sort((a, b) => a.usTy.localeCompare(b.usTy) || a.name.localeCompare(b.name, "ko") || a.id.localeCompare(b.id));

// ---------------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------------

export interface AgreeFormDto {
  uiaSeq: number;
  uiaNm: string;
  usyn: string;
  year: number;
  ver: number;
  regDt: string | null;
  uptDt: string | null;
  /** People on the sending list, those sent to, and those who agreed. */
  rcptCnt: number;
  sendCnt: number;
  agreeCnt: number;
}

async function liveForm(db: Db | Tx, uiaSeq: number): Promise<AgreeFormRow | undefined> {
  const [row] = await db
    .select()
    .from(agreeForms)
    .where(and(eq(agreeForms.uiaSeq, uiaSeq), eq(agreeForms.del, "N")))
    .limit(1);
  return row;
}

async function list(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const body = parseInput(ListBody, ctx.body);
  const pattern = body.value ? `%${body.value.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await ctx.db
    .select({
      uiaSeq: agreeForms.uiaSeq,
      uiaNm: agreeForms.uiaNm,
      usyn: agreeForms.usyn,
      year: agreeForms.year,
      ver: agreeForms.ver,
      regDt: agreeForms.regDt,
      uptDt: agreeForms.uptDt,
      rcptCnt: sql<number>`(select count(*) from agree_recipients r where r.uia_seq = "agree_forms"."uia_seq")`.mapWith(Number),
      sendCnt: sql<number>`(select count(*) from agree_recipients r where r.uia_seq = "agree_forms"."uia_seq" and r.send_flag = 'Y')`.mapWith(Number),
      agreeCnt: sql<number>`(select count(*) from agree_recipients r where r.uia_seq = "agree_forms"."uia_seq" and r.agree_yn = 'Y')`.mapWith(Number),
    })
    .from(agreeForms)
    .where(
      and(
        eq(agreeForms.del, "N"),
        body.year ? eq(agreeForms.year, body.year) : undefined,
        pattern ? ilike(agreeForms.uiaNm, pattern) : undefined,
      ),
    )
    .orderBy(desc(agreeForms.uiaSeq));
  const out: AgreeFormDto[] = rows.map((r) => ({ ...r, regDt: formatWireDate(r.regDt), uptDt: formatWireDate(r.uptDt) }));
  return ok({ list: out });
}

async function detail(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const { uiaSeq } = parseInput(SeqBody, ctx.body);
  const form = await liveForm(ctx.db, uiaSeq);
  if (!form) return fail(404, MSG.noData);
  return ok({
    info: {
      uiaSeq: form.uiaSeq,
      uiaNm: form.uiaNm,
      uiaContent: form.uiaContent,
      usyn: form.usyn,
      year: form.year,
      ver: form.ver,
      regDt: formatWireDate(form.regDt),
      uptDt: formatWireDate(form.uptDt),
    },
  });
}

async function edit(ctx: CallContext) {
  const auth = await requireAgreeMenu(ctx);
  const body = parseInput(EditBody, ctx.body);
  const uiaNm = body.uiaNm.trim();
  if (!uiaNm) return fail(400, MSG.agreeTitleRequired);
  if ([...uiaNm].length > TITLE_MAX) return fail(400, OWN_MSG.agreeTitleTooLong);
  const content = cleanContent(body.uiaContent);
  if (!hasContent(content)) return fail(400, MSG.agreeContentRequired);
  if (content.length > CONTENT_MAX_HTML) return fail(400, OWN_MSG.agreeContentTooLong);

  if (!body.uiaSeq) {
    const uiaSeq = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(agreeForms)
        .values({ year: seoulYear(), uiaNm, uiaContent: content, usyn: body.usyn, ver: 1, regUserSeq: auth.user.userSeq })
        .returning({ uiaSeq: agreeForms.uiaSeq });
      await tx.insert(agreeFormVersions).values({ uiaSeq: row.uiaSeq, ver: 1, uiaNm, uiaContent: content });
      return row.uiaSeq;
    });
    return ok({ uiaSeq, ver: 1 }, MSG.created);
  }

  const uiaSeq = body.uiaSeq;
  const result = await ctx.db.transaction(async (tx) => {
    const [form] = await tx
      .select()
      .from(agreeForms)
      .where(and(eq(agreeForms.uiaSeq, uiaSeq), eq(agreeForms.del, "N")))
      .for("update")
      .limit(1);
    if (!form) return null;
    const changed = form.uiaNm !== uiaNm || form.uiaContent !== content;
    const ver = changed ? form.ver + 1 : form.ver;
    if (changed) await tx.insert(agreeFormVersions).values({ uiaSeq, ver, uiaNm, uiaContent: content });
    await tx.update(agreeForms).set({ uiaNm, uiaContent: content, usyn: body.usyn, ver, uptDt: new Date() }).where(eq(agreeForms.uiaSeq, uiaSeq));
    return { uiaSeq, ver };
  });
  if (!result) return fail(404, MSG.updateFailed);
  return ok(result, MSG.updated);
}

/**
 * Deletes (del Y) a form nobody has answered. A form with a recorded answer (agreed or declined)
 * is refused ('응답이 있는 동의서는 삭제할 수 없습니다.', 409; ADR 0062): the answers are legal
 * records (PIPA) and the people's links must keep showing what they answered. The check and the
 * delete are one statement, so an answer arriving meanwhile wins.
 */
async function remove(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const { uiaSeq } = parseInput(SeqBody, ctx.body);
  const answered = sql`exists (select 1 from agree_recipients r where r.uia_seq = ${agreeForms.uiaSeq} and r.agree_yn is not null)`;
  const done = await ctx.db
    .update(agreeForms)
    .set({ del: "Y", uptDt: new Date() })
    .where(and(eq(agreeForms.uiaSeq, uiaSeq), eq(agreeForms.del, "N"), sql`not ${answered}`))
    .returning({ uiaSeq: agreeForms.uiaSeq });
  if (done.length === 0) return (await liveForm(ctx.db, uiaSeq)) ? fail(409, OWN_MSG.agreeAnsweredNoDelete) : fail(404, MSG.deleteFailed);
  return ok({ uiaSeq }, MSG.agreeDeleted);
}

/** A copy: a new form of the current year with the same content, '(복사본)' after its title. */
async function copy(ctx: CallContext) {
  const auth = await requireAgreeMenu(ctx);
  const { uiaSeq } = parseInput(SeqBody, ctx.body);
  const form = await liveForm(ctx.db, uiaSeq);
  if (!form) return fail(404, MSG.agreeCopyFailed);
  const suffix = " (복사본)";
  const uiaNm = [...form.uiaNm].slice(0, TITLE_MAX - suffix.length).join("") + suffix;
  const copySeq = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agreeForms)
      .values({ year: seoulYear(), uiaNm, uiaContent: form.uiaContent, usyn: form.usyn, ver: 1, regUserSeq: auth.user.userSeq })
      .returning({ uiaSeq: agreeForms.uiaSeq });
    await tx.insert(agreeFormVersions).values({ uiaSeq: row.uiaSeq, ver: 1, uiaNm, uiaContent: form.uiaContent });
    return row.uiaSeq;
  });
  return ok({ uiaSeq: copySeq }, MSG.copied);
}

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

async function getCodeList(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const body = parseInput(CodeBody, ctx.body);
  const year = body.year ?? seoulYear();
  const names = await codeMap(ctx.db, year);
  const pick = (codes: readonly string[]) => codes.filter((c) => names.has(c)).map((c) => ({ id: c, text: names.get(c)! }));
  return ok({ attnList: pick(ENROLMENT_FILTER), emplyList: pick(EMPLOYMENT_FILTER) });
}

async function getUserList(ctx: CallContext) {
  requireAuth(ctx);
  const body = parseInput(UserListBody, ctx.body);
  const year = body.year ?? seoulYear();
  const [rows, names, added] = await Promise.all([
    peopleOfYear(ctx.db, year),
    codeMap(ctx.db, year),
    body.uiaSeq
      ? ctx.db.select({ usSeq: agreeRecipients.usSeq }).from(agreeRecipients).where(eq(agreeRecipients.uiaSeq, body.uiaSeq))
      : Promise.resolve([]),
  ]);
  const addedSet = new Set(added.map((a) => a.usSeq));
  const people = rows
    .map((r) => toPersonDto(r, names))
    .filter((p) => (!body.usTy || p.usTy === body.usTy) && matchesText(p, body.value) && (!body.id || p.id === body.id))
    .filter((p) => !body.attn || body.attn.includes(p.statusCd))
    .map((p) => ({ ...p, year, addedYn: addedSet.has(p.usSeq) ? "Y" : "N" }));
  return ok({ list: sortPeople(people) });
}

/** Puts people of a year's records on a form's sending list (unsent); those already on it stay as they are. */
async function addUsers(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const body = parseInput(AddUsersBody, ctx.body);
  const users = [...new Set(body.users)];
  if (users.length === 0) return fail(400, MSG.agreeSelectUser);
  const form = await liveForm(ctx.db, body.uiaSeq);
  if (!form) return fail(404, MSG.noData);
  const year = body.year ?? seoulYear();
  const found = await peopleOfYear(ctx.db, year, users);
  if (found.length === 0) return fail(400, MSG.agreeSelectUser);
  const inserted = await ctx.db
    .insert(agreeRecipients)
    .values([...new Set(found.map((p) => p.usSeq))].map((usSeq) => ({ uiaSeq: form.uiaSeq, usSeq, year })))
    .onConflictDoNothing()
    .returning({ usSeq: agreeRecipients.usSeq });
  return ok({ added: inserted.length }, MSG.added);
}

export interface SendingUserDto extends PersonDto {
  year: number;
  agreeYn: string | null;
  agreeDt: string | null;
  agreeVer: number | null;
  sendFlag: string;
  sendDt: string | null;
  sendCnt: number;
}

async function sendingList(db: Db | Tx, uiaSeq: number, year: number | undefined): Promise<SendingUserDto[]> {
  const recipients = await db
    .select()
    .from(agreeRecipients)
    .where(and(eq(agreeRecipients.uiaSeq, uiaSeq), year ? eq(agreeRecipients.year, year) : undefined));
  const years = [...new Set(recipients.map((r) => r.year))];
  const out: SendingUserDto[] = [];
  for (const y of years) {
    const mine = recipients.filter((r) => r.year === y);
    const [people, names] = await Promise.all([peopleOfYear(db, y, mine.map((r) => r.usSeq)), codeMap(db, y)]);
    const byUs = new Map(people.map((p) => [p.usSeq, p]));
    for (const r of mine) {
      const p = byUs.get(r.usSeq);
      if (!p) continue; // the record was deleted after the person was added
      out.push({
        ...toPersonDto(p, names),
        year: r.year,
        agreeYn: r.agreeYn,
        agreeDt: formatWireDate(r.agreeDt),
        agreeVer: r.agreeVer,
        sendFlag: r.sendFlag,
        sendDt: formatWireDate(r.sendDt),
        sendCnt: r.sendCnt,
      });
    }
  }
  return sortPeople(out);
}

async function sendingUserList(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const body = parseInput(SendingListBody, ctx.body);
  const form = await liveForm(ctx.db, body.uiaSeq);
  if (!form) return fail(404, MSG.noData);
  const all = await sendingList(ctx.db, form.uiaSeq, body.year);
  const listOut = all.filter(
    (u) =>
      matchesText(u, body.value) &&
      (!body.attn || body.attn.includes(u.statusCd)) &&
      (!body.agreeYn || body.agreeYn.includes(u.agreeYn === "Y" ? "Y" : "N")),
  );
  return ok({ list: listOut, info: { uiaSeq: form.uiaSeq, uiaNm: form.uiaNm, usyn: form.usyn, ver: form.ver } });
}

/**
 * Sends (or sends again) the form to people on its list: a signed personal link each, as a job
 * (issue 18 "Long work", ADR 0030). The outbox rows (with the mail's text) and the job are
 * written in one transaction and the reply goes at once with `jobSeq`; the mails go out after it
 * (lib/jobs.server.ts). Without SMTP, or for a person without an address, the outbox row is the
 * delivery ('kept') at once. The same send key again answers the first job, mailing nobody twice.
 */
async function sendUser(ctx: CallContext) {
  const auth = await requireAgreeMenu(ctx);
  const body = parseInput(SendBody, ctx.body);
  const users = [...new Set(body.users)];
  if (users.length === 0) return fail(400, MSG.agreeSelectUser);
  const form = await liveForm(ctx.db, body.uiaSeq);
  if (!form) return fail(404, MSG.noData);
  if (form.usyn !== "Y") return fail(400, OWN_MSG.agreeFormNotInUse);
  const onList = await sendingList(ctx.db, form.uiaSeq, undefined);
  const chosen = onList.filter((u) => users.includes(u.usSeq));
  // everyone named must be on this form's list (ADR 0062): a forged post sends to nobody
  if (chosen.length !== users.length) return fail(404, OWN_MSG.recipientNotOnList);

  const now = new Date();
  const expires = new Date(now.getTime() + linkDays() * 86_400_000);
  const subject = `[개인정보 수집·이용 동의 요청] ${form.uiaNm}`;
  const base = (body.baseUrl || process.env.PUBLIC_BASE_URL || "").replace(/\/+$/, "");
  const target = `agree:${form.uiaSeq}`;
  const jobKey = jobKeyOf("agreeSend", target, auth.user.userSeq, body.sendKey);
  const { job, created, sent, queued } = await ctx.db.transaction(async (tx) => {
    const opened = await openSendJob(tx, { kind: "agreeSend", target, ownerSeq: auth.user.userSeq, jobKey });
    if (!opened.created) return { ...opened, sent: [], queued: 0 };
    const out: { usSeq: number; link: string; toAddr: string | null; obSeq: number; channel: string; status: string }[] = [];
    for (const u of chosen) {
      const link = agreePath(form.uiaSeq, u.usSeq, await signLink(tx, form.uiaSeq, u.usSeq, expires));
      const toAddr = u.email || null;
      // a mail to send waits for the job ('pending'); none to send: the outbox keeps the link now
      const delivery = willMail(toAddr) ? { channel: "smtp", status: "pending" } : { channel: "outbox", status: "kept" };
      const [stored] = await tx.insert(agreeOutbox).values({
        uiaSeq: form.uiaSeq,
        usSeq: u.usSeq,
        channel: delivery.channel,
        toAddr,
        subject,
        body: `${u.name}님, 아래 링크에서 개인정보 수집·이용 동의서를 확인하고 동의 여부를 제출해 주세요.\n\n${form.uiaNm}\n${base}${link}\n\n이 링크는 ${u.name}님 전용이며 ${formatWireDate(expires)?.slice(0, 10)}까지 유효합니다.`,
        link,
        expDt: expires,
        status: delivery.status,
        senderSeq: auth.user.userSeq,
        regDt: now,
      }).returning({ obSeq: agreeOutbox.obSeq });
      await tx
        .update(agreeRecipients)
        .set({ sendFlag: "Y", sendDt: now, sendCnt: sql`${agreeRecipients.sendCnt} + 1` })
        .where(and(eq(agreeRecipients.uiaSeq, form.uiaSeq), eq(agreeRecipients.usSeq, u.usSeq)));
      out.push({ usSeq: u.usSeq, link, toAddr, obSeq: stored.obSeq, ...delivery });
    }
    const items = out.map((o) => ({ usSeq: o.usSeq, obSeq: o.obSeq, to: o.toAddr, queued: o.status === "pending" }));
    return { job: await addJobItems(tx, opened.job, items), created: true, sent: out, queued: items.filter((i) => i.queued).length };
  });
  if (!created) return ok({ sent: 0, already: chosen.length, expDt: formatWireDate(expires), list: [], jobSeq: job.jobSeq, job: jobDto(job) }, OWN_MSG.jobAlreadySent);
  if (queued) kickJobs(ctx.db);
  return ok(
    { sent: sent.length, already: 0, queued, expDt: formatWireDate(expires), list: sent.map(({ obSeq: _ob, ...rest }) => rest), jobSeq: job.jobSeq, job: jobDto(job) },
    MSG.sent,
  );
}

/** The deliveries of a form, newest first, with each person's link (our addition). */
async function outboxList(ctx: CallContext) {
  await requireAgreeMenu(ctx);
  const body = parseInput(OutboxBody, ctx.body);
  const form = await liveForm(ctx.db, body.uiaSeq);
  if (!form) return fail(404, MSG.noData);
  const rows = await ctx.db
    .select()
    .from(agreeOutbox)
    .where(eq(agreeOutbox.uiaSeq, form.uiaSeq))
    .orderBy(desc(agreeOutbox.regDt), desc(agreeOutbox.obSeq))
    .limit(body.limit ?? 200);
  // names as on the sending list (any year the person was added for)
  const people = new Map((await sendingList(ctx.db, form.uiaSeq, undefined)).map((u) => [u.usSeq, u]));
  return ok({
    smtp: smtpConfigured(),
    list: rows.map((r) => ({
      obSeq: r.obSeq,
      usSeq: r.usSeq,
      id: people.get(r.usSeq)?.id ?? "",
      name: people.get(r.usSeq)?.name ?? "",
      channel: r.channel,
      toAddr: r.toAddr,
      subject: r.subject,
      link: r.link,
      status: r.status,
      expDt: formatWireDate(r.expDt),
      regDt: formatWireDate(r.regDt),
    })),
  });
}

// ---------------------------------------------------------------------------------------------
// The public consent page
// ---------------------------------------------------------------------------------------------

/** The link's form and recipient, or a 404 envelope (thrown). */
async function linkTarget(db: Db | Tx, body: z.infer<typeof LinkBody>) {
  if (!(await verifyLink(db, body.uiaSeq, body.usSeq, body.sig))) throw new ApiError(fail(404, MSG.notFound, AGREE_LINK_ERROR));
  const form = await liveForm(db, body.uiaSeq);
  const [recipient] = await db
    .select()
    .from(agreeRecipients)
    .where(and(eq(agreeRecipients.uiaSeq, body.uiaSeq), eq(agreeRecipients.usSeq, body.usSeq)))
    .limit(1);
  if (!form || form.usyn !== "Y" || !recipient || recipient.sendFlag !== "Y") throw new ApiError(fail(404, MSG.noData));
  return { form, recipient };
}

async function versionOf(db: Db | Tx, uiaSeq: number, ver: number) {
  const [row] = await db
    .select()
    .from(agreeFormVersions)
    .where(and(eq(agreeFormVersions.uiaSeq, uiaSeq), eq(agreeFormVersions.ver, ver)))
    .limit(1);
  return row;
}

/**
 * What the consent page shows: `isSubmit` Y once the person has agreed (with the version they
 * agreed to), otherwise the current form (`agreeYn` N when they disagreed before).
 */
async function agreeUser(ctx: CallContext) {
  const body = parseInput(LinkBody, ctx.body);
  const { form, recipient } = await linkTarget(ctx.db, body);
  const submitted = recipient.agreeYn === "Y";
  const shown = submitted && recipient.agreeVer ? (await versionOf(ctx.db, form.uiaSeq, recipient.agreeVer)) ?? form : form;
  return ok({
    isSubmit: submitted ? "Y" : "N",
    agreeYn: recipient.agreeYn,
    agreeDt: formatWireDate(recipient.agreeDt),
    agree: { uiaSeq: form.uiaSeq, uiaNm: shown.uiaNm, uiaContent: shown.uiaContent, ver: shown.ver },
  });
}

/**
 * Records the person's answer and the version they were shown (`ver`, else the current one).
 * Agreeing is final (a second agreement answers the first one's date); disagreeing is recorded
 * and the person may still agree later.
 */
async function submitAgree(ctx: CallContext) {
  const body = parseInput(SubmitBody, ctx.body);
  const { form, recipient } = await linkTarget(ctx.db, body);
  if (!body.agreeYn) return fail(400, OWN_MSG.agreeChoiceRequired);
  if (recipient.agreeYn === "Y") {
    return ok({ isSubmit: "Y", agreeYn: "Y", agreeDt: formatWireDate(recipient.agreeDt), ver: recipient.agreeVer }, MSG.agreeSubmitted);
  }
  const ver = body.ver && body.ver <= form.ver && (await versionOf(ctx.db, form.uiaSeq, body.ver)) ? body.ver : form.ver;
  const now = new Date();
  const [row] = await ctx.db
    .update(agreeRecipients)
    .set({ agreeYn: body.agreeYn, agreeDt: now, agreeVer: ver })
    .where(
      and(
        eq(agreeRecipients.uiaSeq, form.uiaSeq),
        eq(agreeRecipients.usSeq, recipient.usSeq),
        or(sql`${agreeRecipients.agreeYn} is null`, eq(agreeRecipients.agreeYn, "N")),
      ),
    )
    .returning({ agreeYn: agreeRecipients.agreeYn, agreeDt: agreeRecipients.agreeDt, agreeVer: agreeRecipients.agreeVer });
  if (!row) {
    // agreed in another tab meanwhile: the first agreement stands
    const [cur] = await ctx.db
      .select()
      .from(agreeRecipients)
      .where(and(eq(agreeRecipients.uiaSeq, form.uiaSeq), eq(agreeRecipients.usSeq, recipient.usSeq)))
      .limit(1);
    return ok({ isSubmit: "Y", agreeYn: "Y", agreeDt: formatWireDate(cur?.agreeDt), ver: cur?.agreeVer ?? null }, MSG.agreeSubmitted);
  }
  const agreed = row.agreeYn === "Y";
  return ok(
    { isSubmit: agreed ? "Y" : "N", agreeYn: row.agreeYn, agreeDt: formatWireDate(row.agreeDt), ver: row.agreeVer },
    agreed ? MSG.agreeSubmitted : MSG.agreeDisagreed,
  );
}

// ---------------------------------------------------------------------------------------------
// Editor images
// ---------------------------------------------------------------------------------------------

const IMAGE_TYPES: Record<string, { mime: string; test: (b: Uint8Array) => boolean }> = {
  ".png": { mime: "image/png", test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x) },
  ".jpg": { mime: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  ".jpeg": { mime: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  ".gif": { mime: "image/gif", test: (b) => String.fromCharCode(...b.slice(0, 6)) === "GIF87a" || String.fromCharCode(...b.slice(0, 6)) === "GIF89a" },
  ".webp": { mime: "image/webp", test: (b) => String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP" },
};
export const MEDIA_EXTENSIONS = Object.keys(IMAGE_TYPES).map((e) => e.slice(1));

/** The public path of an editor image (mediaView.do). */
export const mediaViewPath = (flnm: string) => `/api/comm/froala/mediaView.do?flnm=${encodeURIComponent(flnm)}`;

/**
 * One image (field `file`, as the Froala editor sends it; `image` and `upload` are accepted):
 * png, jpg, gif or webp by name and by content, at most 10 MB. Answers `link` (also at the top
 * level of the envelope, where Froala reads it).
 */
async function mediaUpload(ctx: CallContext) {
  requireAuth(ctx);
  const all = ["file", "image", "upload"].flatMap((n) => ctx.files[n] ?? []);
  if (all.length === 0) return fail(400, OWN_MSG.fileRequired);
  if (all.length > 1) return fail(400, MSG.oneFileOnly);
  const file = all[0];
  const ext = extensionOf(file.name);
  const type = IMAGE_TYPES[ext];
  if (!type) return fail(400, OWN_MSG.imageOnly);
  if (file.size > MEDIA_MAX_BYTES) return fail(400, MSG.fileTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!type.test(bytes)) return fail(400, OWN_MSG.imageOnly);
  const { flnm } = await ctx.deps.storage.put(bytes, { orn: file.name, mime: type.mime, rovl: MEDIA_ROVL });
  const link = mediaViewPath(flnm);
  return { ...ok({ link, flnm }), link };
}

/** GET ?flnm: an editor image, public (the consent page shows them to people without accounts). */
async function mediaView(ctx: CallContext): Promise<Response> {
  const flnm = typeof ctx.body.flnm === "string" ? ctx.body.flnm : "";
  const ext = extensionOf(flnm);
  if (!/^[A-Za-z0-9-]{1,80}\.[a-z]{3,4}$/.test(flnm) || !IMAGE_TYPES[ext]) throw new HttpError(404, OWN_MSG.fileNotFound);
  const file = await ctx.deps.storage.get(MEDIA_ROVL, flnm);
  if (!file || !file.mime.startsWith("image/")) throw new HttpError(404, OWN_MSG.fileNotFound);
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "content-type": file.mime,
      "content-length": String(file.bytes.byteLength),
      "content-disposition": "inline",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      // names are random and never reused
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}

export const agreeRoutes: RouteDef[] = [
  { path: "/api/agree/list.do", auth: "required", handler: list },
  { path: "/api/agree/detail.do", auth: "required", handler: detail },
  { path: "/api/agree/edit.do", auth: "required", handler: edit },
  { path: "/api/agree/delete.do", auth: "required", handler: remove },
  { path: "/api/agree/copy.do", auth: "required", handler: copy },
  { path: "/api/agree/getCodeList.do", auth: "required", handler: getCodeList },
  { path: "/api/agree/getUserList.do", auth: "required", handler: getUserList },
  { path: "/api/agree/addUsers.do", auth: "required", handler: addUsers },
  { path: "/api/agree/sendingUserList.do", auth: "required", handler: sendingUserList },
  { path: "/api/agree/sendUser.do", auth: "required", handler: sendUser },
  { path: "/api/agree/outboxList.do", auth: "required", handler: outboxList },
  { path: "/api/agree/agreeUser.do", auth: "none", handler: agreeUser },
  { path: "/api/agree/submitAgree.do", auth: "none", handler: submitAgree },
  { path: "/api/comm/froala/mediaUpload.do", auth: "required", handler: mediaUpload, multipartMaxBytes: MEDIA_MAX_BYTES + 64 * 1024 },
];

export const agreeGetRoutes: GetRouteDef[] = [{ path: "/api/comm/froala/mediaView.do", auth: "none", handler: mediaView }];
