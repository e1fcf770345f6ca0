/** Message calls (spec 000 §7 "Messages"; docs/contract.md "Messages"). */
import { z } from "zod";
import { flag, key, list, maybeNum, num, obj, text } from "~/legacy/wire";
import { defineCall, noFields } from "./define";

export const wireMessage = obj({
  mhSeq: num,
  msg: key,
  regDt: text,
  userId: text,
  userNm: text,
  readYn: flag.transform((v) => v || "N"),
});
export type WireMessage = z.infer<typeof wireMessage>;

export const MESSAGES = {
  /** the caller's received messages, newest first (total and unread ours; limit, offset paging) */
  received: defineCall("/api/message/myReceiveMsg.do", {
    spec: "spec 000 §7",
    request: z.object({ userSeq: z.number(), readYn: z.string(), limit: z.number(), offset: z.number() }),
    reply: obj({ list: list(wireMessage), total: maybeNum, unread: maybeNum }),
  }),
  /** marks all the caller's received messages read */
  readAll: defineCall("/api/message/readReceiveMsg.do", { spec: "spec 000 §7", request: noFields }),
  /** the caller's sent messages: served by the embedded backend, no page of the web tier asks for them */
  sent: defineCall("/api/message/mySentMsg.do", { spec: "spec 000 §7", request: z.object({ userSeq: z.number().optional(), limit: z.number().optional(), offset: z.number().optional() }) }),
  /** to every user of the permissions in authTyList */
  add: defineCall("/api/message/add.do", { spec: "spec 000 §7", request: z.object({ msg: z.string(), authTyList: z.array(z.string()), auth: z.string() }) }),
  remove: defineCall("/api/message/delete.do", { spec: "spec 000 §7", request: z.object({ selected: z.array(z.number()) }) }),
} as const;
