/**
 * The messenger's forms (spec 000 §5 "Message"): send (content and target authorities) and delete
 * by selection. One schema per form drives the browser and the Remix action.
 *
 * The content is typed into a plain text area, so it is sent as text (escaped, line breaks kept;
 * see `plainTextToHtml`) and counted the way the server counts a message: the text a reader sees,
 * runs of whitespace as one character, at most 1000 characters.
 */
import { z } from "~/schemas/zod";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { AUTHORITIES } from "~/schemas/rules";

/** Spec 000 §9. */
export const MESSAGE_MAX_CHARS = 1000;
/** Spec 000 §9: the inbox shows 30 and grows by 30, for as long as there are more ("infinite growth"). */
export const INBOX_PAGE = 30;
/** The screen's one URL (SCREENS.md P04); its state is in the query. */
export const MESSENGER_PATH = "/messenger";
/** Only keeps `?limit=` a sane number; no inbox comes near it, so the inbox has no cap of its own. */
const LIMIT_CEILING = 1_000_000;

const stringList = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string()),
);

/** The length of a message as the reader sees it (whitespace runs collapse, ends trimmed). */
export function messageLength(text: string): number {
  return [...text.replace(/\s+/g, " ").trim()].length;
}

/** Plain text as message HTML: special characters escaped, line breaks as <br>. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/\n/g, "<br>\n");
}

const TARGETS = AUTHORITIES.map((a) => a.code) as ["1", "2"];

export const sendSchema = z.object({
  msg: z
    .string({ required_error: MSG.messageRequired, invalid_type_error: MSG.messageRequired })
    .refine((v) => messageLength(v) > 0, MSG.messageRequired)
    .refine((v) => messageLength(v) <= MESSAGE_MAX_CHARS, MSG.messageTooLong),
  authTyList: stringList.pipe(z.array(z.enum(TARGETS, { errorMap: () => ({ message: MSG.messageTargetRequired }) })).min(1, MSG.messageTargetRequired)),
});
export const sendOrder = ["msg", "authTyList"] as const;

export const deleteSchema = z.object({
  selected: stringList.pipe(
    z
      .array(z.string().regex(/^[1-9][0-9]{0,9}$/, OWN_MSG.badRequest).transform(Number))
      .min(1, MSG.messageDeleteSelect)
      .max(1000, OWN_MSG.badRequest),
  ),
});
export const deleteOrder = ["selected"] as const;

/** `?limit=` of the inbox: 30, 60, 90 …; anything else rounds up to the next step of 30. */
export function inboxLimit(raw: string | null): number {
  const n = Number.parseInt(raw ?? "", 10);
  if (!Number.isFinite(n) || n <= INBOX_PAGE) return INBOX_PAGE;
  return Math.ceil(Math.min(n, LIMIT_CEILING) / INBOX_PAGE) * INBOX_PAGE;
}

/** The inbox URL for a page size (30 is the default and leaves the query out). */
export function inboxHref(limit: number, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  if (limit > INBOX_PAGE) q.set("limit", String(limit));
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return s ? `${MESSENGER_PATH}?${s}` : MESSENGER_PATH;
}
