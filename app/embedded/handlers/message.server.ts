/**
 * Messages (spec 000 §7 Messages): the caller's inbox with paging and the unread count, marking
 * everything read, the caller's sent messages, sending to every approved, in-use holder of the
 * chosen authorities, and soft-deleting the caller's copies. Every call acts for the token's user:
 * a `userSeq` in the body is accepted for the legacy wire shape and ignored.
 */
import { and, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { joinAuthorities, splitAuthorities } from "../../schemas/rules";
import { htmlToText, sanitizeRichHtml } from "../../utils/sanitize.server";
import type { Db, Tx } from "../db/client.server";
import { messageHeaders, messageReceipts, users } from "../db/schema";
import { requireAuth, route, type CallContext, type RouteDef } from "../lib/context.server";
import { MESSAGES } from "../../calls/message";
import { fail, ok, parseInput } from "../lib/envelope.server";
import { formatWireDate } from "../lib/time";

/** Spec 000 §9: a message is at most 1000 characters of text; the inbox page is 30. */
export const MESSAGE_MAX_CHARS = 1000;
export const INBOX_PAGE = 30;
export const LIST_MAX = 200;
/** The stored HTML (after sanitising) may carry formatting, within reason. */
const MESSAGE_MAX_HTML = 100_000;
const TARGET_CODES = ["1", "2"] as const;

export interface ReceivedMessageDto {
  mhSeq: number;
  msg: string;
  regDt: string | null;
  /** The sender's id and name. */
  userId: string;
  userNm: string;
  readYn: string;
}

export interface SentMessageDto {
  mhSeq: number;
  msg: string;
  regDt: string | null;
  authTyList: string[];
  recipientCount: number;
}

// ---------------------------------------------------------------------------------------------
// Input rules
// ---------------------------------------------------------------------------------------------

const blankToUndefined = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : v);

const limitField = z
  .preprocess(blankToUndefined, z.coerce.number().int().min(1).optional())
  .transform((n) => Math.min(n ?? INBOX_PAGE, LIST_MAX));
const offsetField = z
  .preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1_000_000_000).optional())
  .transform((n) => n ?? 0);

const ReceiveBody = z.object({
  readYn: z.preprocess((v) => (v == null ? "" : typeof v === "string" ? v.trim().toUpperCase() : v), z.enum(["", "N", "Y"])),
  limit: limitField,
  offset: offsetField,
});

const SentBody = z.object({
  limit: z
    .preprocess(blankToUndefined, z.coerce.number().int().min(1).optional())
    .transform((n) => Math.min(n ?? LIST_MAX, LIST_MAX)),
  offset: offsetField,
});

const AddBody = z.object({
  msg: z.preprocess((v) => (v == null ? "" : v), z.string()),
  /** ['1', '2'] (a comma-joined string is accepted too). */
  authTyList: z.preprocess(
    (v) => (v == null || v === "" ? [] : typeof v === "string" ? v.split(",") : v),
    z.array(z.union([z.string(), z.number()]).transform((c) => String(c).trim())).max(10),
  ),
});

const seqField = z.coerce.number().int().positive().max(2_147_483_647);

const DeleteBody = z.object({
  selected: z.preprocess((v) => (v == null || v === "" ? [] : v), z.array(seqField).max(1000)),
});

/** The text length of sanitised HTML as a reader sees it (entities decoded, whitespace collapsed). */
export function messageTextLength(cleanHtml: string): number {
  return [...htmlToText(cleanHtml)].length;
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------

const whereInbox = (userSeq: number) => and(eq(messageReceipts.userSeq, userSeq), eq(messageReceipts.del, "N"));

async function myReceiveMsg(ctx: CallContext) {
  const me = requireAuth(ctx).user.userSeq;
  const body = parseInput(ReceiveBody, ctx.body);
  const filtered = and(whereInbox(me), body.readYn ? eq(messageReceipts.readYn, body.readYn) : undefined);

  const [rows, [counts]] = await Promise.all([
    ctx.db
      .select({
        mhSeq: messageHeaders.mhSeq,
        msg: messageHeaders.msg,
        regDt: messageHeaders.regDt,
        userId: users.userId,
        userNm: users.userNm,
        readYn: messageReceipts.readYn,
      })
      .from(messageReceipts)
      .innerJoin(messageHeaders, eq(messageHeaders.mhSeq, messageReceipts.mhSeq))
      .innerJoin(users, eq(users.userSeq, messageHeaders.senderSeq))
      .where(filtered)
      .orderBy(desc(messageHeaders.regDt), desc(messageHeaders.mhSeq))
      .limit(body.limit)
      .offset(body.offset),
    ctx.db
      .select({
        total: body.readYn
          ? sql<number>`count(*) filter (where ${messageReceipts.readYn} = ${body.readYn})`.mapWith(Number)
          : sql<number>`count(*)`.mapWith(Number),
        unread: sql<number>`count(*) filter (where ${messageReceipts.readYn} = 'N')`.mapWith(Number),
      })
      .from(messageReceipts)
      .where(whereInbox(me)),
  ]);

  const list: ReceivedMessageDto[] = rows.map((r) => ({ ...r, regDt: formatWireDate(r.regDt) }));
  return ok({ list, total: counts?.total ?? 0, unread: counts?.unread ?? 0 });
}

async function readReceiveMsg(ctx: CallContext) {
  const me = requireAuth(ctx).user.userSeq;
  const updated = await ctx.db
    .update(messageReceipts)
    .set({ readYn: "Y", readDt: new Date() })
    .where(and(whereInbox(me), eq(messageReceipts.readYn, "N")))
    .returning({ mhSeq: messageReceipts.mhSeq });
  return ok({ updated: updated.length });
}

async function mySentMsg(ctx: CallContext) {
  const me = requireAuth(ctx).user.userSeq;
  const body = parseInput(SentBody, ctx.body);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(messageHeaders)
      .where(eq(messageHeaders.senderSeq, me))
      .orderBy(desc(messageHeaders.regDt), desc(messageHeaders.mhSeq))
      .limit(body.limit)
      .offset(body.offset),
    ctx.db.select({ total: count() }).from(messageHeaders).where(eq(messageHeaders.senderSeq, me)),
  ]);
  const list: SentMessageDto[] = rows.map((h) => ({
    mhSeq: h.mhSeq,
    msg: h.msg,
    regDt: formatWireDate(h.regDt),
    authTyList: splitAuthorities(h.authTyList),
    recipientCount: h.rcptCnt,
  }));
  return ok({ list, total: Number(total) });
}

/** The approved, in-use users (other than the sender) holding any of `codes`. */
export async function messageRecipients(db: Db | Tx, codes: readonly string[], senderSeq: number): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ userSeq: users.userSeq })
    .from(users)
    .where(
      and(
        eq(users.usyn, "Y"),
        eq(users.aprYn, "Y"),
        ne(users.userSeq, senderSeq),
        or(...codes.map((c) => sql`${c} = any(string_to_array(replace(${users.authTy}, ' ', ''), ','))`)),
      ),
    )
    .orderBy(users.userSeq);
  return rows.map((r) => r.userSeq);
}

/** Stores a header and one unread receipt per recipient; answers the header's seq and the count. */
export async function storeMessage(
  tx: Db | Tx,
  m: { senderSeq: number; msg: string; codes: readonly string[]; regDt?: Date },
): Promise<{ mhSeq: number; recipients: number[] }> {
  const recipients = await messageRecipients(tx, m.codes, m.senderSeq);
  const [header] = await tx
    .insert(messageHeaders)
    .values({
      senderSeq: m.senderSeq,
      msg: m.msg,
      authTyList: joinAuthorities(m.codes),
      rcptCnt: recipients.length,
      ...(m.regDt ? { regDt: m.regDt } : {}),
    })
    .returning({ mhSeq: messageHeaders.mhSeq });
  for (let i = 0; i < recipients.length; i += 1000) {
    await tx
      .insert(messageReceipts)
      .values(recipients.slice(i, i + 1000).map((userSeq) => ({ mhSeq: header.mhSeq, userSeq })));
  }
  return { mhSeq: header.mhSeq, recipients };
}

async function addMessage(ctx: CallContext) {
  const auth = requireAuth(ctx);
  // Spec 000 §6: the send button hides when the authority is exactly 1; the server agrees.
  if (joinAuthorities(auth.authorities) === "1") return fail(403, OWN_MSG.messageSendForbidden);
  const body = parseInput(AddBody, ctx.body);

  const clean = sanitizeRichHtml(body.msg);
  const length = messageTextLength(clean);
  if (length === 0) return fail(400, MSG.messageRequired);
  if (length > MESSAGE_MAX_CHARS || clean.length > MESSAGE_MAX_HTML) return fail(400, MSG.messageTooLong);

  const codes = [...new Set(body.authTyList.filter(Boolean))];
  if (codes.length === 0) return fail(400, MSG.messageTargetRequired);
  if (!codes.every((c) => (TARGET_CODES as readonly string[]).includes(c))) return fail(400, OWN_MSG.badRequest);

  const sent = await ctx.db.transaction((tx) => storeMessage(tx, { senderSeq: auth.user.userSeq, msg: clean, codes }));
  return ok({ mhSeq: sent.mhSeq, recipientCount: sent.recipients.length }, OWN_MSG.messageSent);
}

async function deleteMessages(ctx: CallContext) {
  const me = requireAuth(ctx).user.userSeq;
  const body = parseInput(DeleteBody, ctx.body);
  const selected = [...new Set(body.selected)];
  if (selected.length === 0) return fail(400, MSG.messageDeleteSelect);
  const deleted = await ctx.db
    .update(messageReceipts)
    .set({ del: "Y", delDt: new Date() })
    .where(and(whereInbox(me), inArray(messageReceipts.mhSeq, selected)))
    .returning({ mhSeq: messageReceipts.mhSeq });
  return ok({ deleted: deleted.length }, MSG.deleted);
}

export const messageRoutes: RouteDef[] = [
  route(MESSAGES.received, "required", myReceiveMsg),
  route(MESSAGES.readAll, "required", readReceiveMsg),
  route(MESSAGES.sent, "required", mySentMsg),
  route(MESSAGES.add, "required", addMessage),
  route(MESSAGES.remove, "required", deleteMessages),
];
