/** Message calls of spec 000 §7 (docs/contract.md "Messages"). */
import { z } from "zod";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { text, key, num, list, obj, flag, maybeNum } from "../wire";
import { scoped, shortCache } from "../short-cache.server";

export const wireMessage = obj({
  mhSeq: num,
  msg: key,
  regDt: text,
  userId: text,
  userNm: text,
  readYn: flag.transform((v) => v || "N"),
});
export type WireMessage = z.infer<typeof wireMessage>;

const inbox = obj({
  list: list(wireMessage),
  total: maybeNum,
  unread: maybeNum,
});

export async function receivedMessages(session: TokenHolder, userSeq: number, opts: { limit: number; offset?: number; unreadOnly?: boolean }) {
  const r = await legacyPost(
    "/api/message/myReceiveMsg.do",
    { userSeq, readYn: opts.unreadOnly ? "N" : "", limit: opts.limit, offset: opts.offset ?? 0 },
    inbox,
    { session },
  );
  return { list: r.list, total: r.total ?? r.list.length, unread: r.unread ?? r.list.filter((m) => m.readYn !== "Y").length };
}

/** How many messages the bell and the dashboard show. */
export const LATEST_COUNT = 5;
const latestCache = shortCache<Awaited<ReturnType<typeof receivedMessages>>>(10_000);

/**
 * The latest messages and the unread count, as the bell of every page and the dashboard show them:
 * kept 10 seconds per signed-in session (short-cache.server.ts), so the frame's and the dashboard's
 * loaders ask once and moving between pages does not ask again. Any form post clears it (reading,
 * deleting and sending messages are posts); a message sent through another server instance shows
 * in the bell within the 10 seconds.
 */
export function latestMessages(session: TokenHolder, userSeq: number) {
  return scoped(latestCache, session, `latest:${userSeq}`, () => receivedMessages(session, userSeq, { limit: LATEST_COUNT }));
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
