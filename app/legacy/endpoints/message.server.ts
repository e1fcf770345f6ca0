/** Message calls of spec 000 §7 (docs/contract.md "Messages"; app/calls/message.ts). */
import { MESSAGES } from "~/calls/message";
import { callLegacy, type TokenHolder } from "../gateway.server";
import { scoped, shortCache } from "../short-cache.server";

export async function receivedMessages(session: TokenHolder, userSeq: number, opts: { limit: number; offset?: number; unreadOnly?: boolean }) {
  const r = await callLegacy(MESSAGES.received, { userSeq, readYn: opts.unreadOnly ? "N" : "", limit: opts.limit, offset: opts.offset ?? 0 }, { session });
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
  return callLegacy(MESSAGES.readAll, {}, { session });
}

export function sendMessage(session: TokenHolder, msg: string, authTyList: string[], auth: string) {
  return callLegacy(MESSAGES.add, { msg, authTyList, auth }, { session });
}

export function deleteMessages(session: TokenHolder, selected: number[]) {
  return callLegacy(MESSAGES.remove, { selected }, { session });
}
