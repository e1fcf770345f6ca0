/** Message calls of spec 000 §7 (docs/contract.md "Messages"). */
import { z } from "zod";
import { legacyPost, type TokenHolder } from "../gateway.server";

export const wireMessage = z
  .object({
    mhSeq: z.coerce.number(),
    msg: z.string(),
    regDt: z.string().nullish().transform((v) => v ?? ""),
    userId: z.string().nullish().transform((v) => v ?? ""),
    userNm: z.string().nullish().transform((v) => v ?? ""),
    readYn: z.string().nullish().transform((v) => v ?? "N"),
  })
  .passthrough();
export type WireMessage = z.infer<typeof wireMessage>;

const inbox = z
  .object({
    list: z.array(wireMessage),
    total: z.coerce.number().nullish(),
    unread: z.coerce.number().nullish(),
  })
  .passthrough();

export async function receivedMessages(session: TokenHolder, userSeq: number, opts: { limit: number; offset?: number; unreadOnly?: boolean }) {
  const r = await legacyPost(
    "/api/message/myReceiveMsg.do",
    { userSeq, readYn: opts.unreadOnly ? "N" : "", limit: opts.limit, offset: opts.offset ?? 0 },
    inbox,
    { session },
  );
  return { list: r.list, total: r.total ?? r.list.length, unread: r.unread ?? r.list.filter((m) => m.readYn !== "Y").length };
}

export function markAllRead(session: TokenHolder) {
  return legacyPost("/api/message/readReceiveMsg.do", {}, z.unknown(), { session });
}

export function sendMessage(session: TokenHolder, msg: string, authTyList: string[], auth: string) {
  return legacyPost("/api/message/add.do", { msg, authTyList, auth }, z.unknown(), { session });
}

export function deleteMessages(session: TokenHolder, selected: number[]) {
  return legacyPost("/api/message/delete.do", { selected }, z.unknown(), { session });
}
