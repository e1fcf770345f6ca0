/**
 * What the consent-form calls share (agree.server.ts, spec 001 §7 "Consent forms"): the constants of
 * spec 001 §9, the request bodies as the wire sends them, the menu check, content cleaning, the signed
 * personal links (an HMAC keyed by a secret in app_settings, so every instance on one PostgreSQL
 * agrees), and a live form by its key. The people of a year are in lib/send-people.server.ts.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { htmlToText } from "../../utils/sanitize.server";
import type { Db, Tx } from "../db/client.server";
import { appSettings } from "../db/schema";
import { agreeForms, type AgreeFormRow } from "../db/schema/privacy";
import { requireAuth, type CallContext } from "../lib/context.server";
import { ApiError, fail } from "../lib/envelope.server";
import { SEND_KEY_RE } from "../lib/jobs.server";
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
const LINK_SECRET_KEY = "agree_link_secret";
/** A personal link stays valid this many days after it was sent (AGREE_LINK_DAYS). */
export const linkDays = () => {
  const n = Number(process.env.AGREE_LINK_DAYS);
  return Number.isFinite(n) && n > 0 && n <= 3650 ? n : 30;
};
/** The code of an answer-link failure (bad, missing or expired signature). */
export const AGREE_LINK_ERROR = "AGREE_LINK";

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

export const ListBody = z.object({ year: optionalYear, value: text100 });
export const SeqBody = z.object({ uiaSeq: seq });
export const EditBody = z.object({
  uiaSeq: z.preprocess((v) => (blank(v) || v === 0 || v === "0" ? undefined : v), seq.optional()),
  uiaNm: z.preprocess((v) => (v == null ? "" : v), z.string({ invalid_type_error: OWN_MSG.badRequest })),
  uiaContent: z.preprocess((v) => (v == null ? "" : v), z.string({ invalid_type_error: OWN_MSG.badRequest })),
  usyn: z.preprocess((v) => (blank(v) ? "Y" : v), z.enum(["Y", "N"])),
});
export const CodeBody = z.object({ year: optionalYear });
export const UserListBody = z.object({
  year: optionalYear,
  value: text100,
  id: text100,
  usTy: z.preprocess((v) => (blank(v) || v === "all" ? "" : String(v)), z.enum(["", "1", "2"])),
  attn: multi(z.string().regex(/^[0-9]{10}$/)),
  uiaSeq: z.preprocess((v) => (blank(v) ? undefined : v), seq.optional()),
});
export const SendingListBody = z.object({
  uiaSeq: seq,
  year: optionalYear,
  value: text100,
  agreeYn: multi(z.enum(["Y", "N"])),
  attn: multi(z.string().regex(/^[0-9]{10}$/)),
});
export const AddUsersBody = z.object({ uiaSeq: seq, year: optionalYear, users: userList });
export const SendBody = z.object({
  uiaSeq: seq,
  users: userList,
  /** our addition: the site's origin for absolute links in e-mails (else PUBLIC_BASE_URL) */
  baseUrl: z.preprocess((v) => (v == null ? "" : v), z.string().max(200).regex(/^(https?:\/\/[A-Za-z0-9.:[\]-]+)?$/)),
  /** our addition (ADR 0030): the posted form's send key; the same key again finds the same job */
  sendKey: z.preprocess((v) => (typeof v === "string" && SEND_KEY_RE.test(v) ? v : undefined), z.string().optional()),
});
export const OutboxBody = z.object({
  uiaSeq: seq,
  limit: z.preprocess((v) => (blank(v) ? undefined : v), z.coerce.number().int().min(1).max(500).optional()),
});
export const LinkBody = z.object({ uiaSeq: seq, usSeq: seq, sig: z.preprocess((v) => (v == null ? "" : v), z.string().max(200)) });
export const SubmitBody = LinkBody.extend({
  agreeYn: z.preprocess((v) => (blank(v) ? undefined : v), z.enum(["Y", "N"], { errorMap: () => ({ message: OWN_MSG.agreeChoiceRequired }) })),
  ver: z.preprocess((v) => (blank(v) ? undefined : v), seq.optional()),
});

// ---------------------------------------------------------------------------------------------
// Access, content and links
// ---------------------------------------------------------------------------------------------

/** The consent-form calls need the menu that holds the screens (re-checked on the server). */
export async function requireAgreeMenu(ctx: CallContext) {
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

/** A form that is not deleted. */
export async function liveForm(db: Db | Tx, uiaSeq: number): Promise<AgreeFormRow | undefined> {
  const [row] = await db
    .select()
    .from(agreeForms)
    .where(and(eq(agreeForms.uiaSeq, uiaSeq), eq(agreeForms.del, "N")))
    .limit(1);
  return row;
}
