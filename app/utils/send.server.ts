/**
 * The server half of the one "send to people" (issue 38): the consent-form sending page (R12,
 * agree/*) and the survey sending page (P12, survey/*) load their outbox and send a selection the
 * same way. Each route keeps its own spec calls and passes them in; the page pieces are in
 * components/send/SendParts.tsx.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import type { SendReply } from "~/legacy/endpoints/job.server";
import { optionalCall } from "~/legacy/extension.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { audit } from "~/utils/audit.server";
import type { UserContext } from "~/utils/context.server";
import { clientAddress } from "~/utils/rate-limit.server";

/** What the outbox extension gives, named in the note a server without it gets. */
const OUTBOX = "발송 보관함(개인 링크 목록)";
/** A send form's key (ADR 0030) as the page wrote it; anything else sends without one. */
const SEND_KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The outbox is ours (docs/contract.md "Extensions"): a server without it leaves the send working,
 * and the page shows the note it gets in its place.
 */
export const loadOutbox = <T>(call: () => Promise<T>) => optionalCall(OUTBOX, call);

/** A personal link as the outbox gives it (a path on this site, or a whole address), made whole. */
export const personalUrl = (origin: string, link: string) => (link.startsWith("/") ? `${origin}${link}` : link);

/** The send form's key (ADR 0030): the same form posted twice finds the first send. */
export const newSendKey = () => crypto.randomUUID();

/** One person of a sending list: its record number and whether it has been sent ('Y'). */
export interface OnList {
  usSeq: number;
  sendFlag: string;
}

/** Why a send was refused, for the route to say in its own form's '알림'. */
export interface SendRefusal {
  status: 400 | 404;
  alert: string;
}

/**
 * Sends the posted selection: every person must be on the sending list of the page's year (ADR
 * 0062; a person posted from another page's list is refused); a ticked 'whole group' box (N unsent,
 * Y sent) adds the group as the page shows it (its filters); nothing selected is refused with
 * `none`. A send that left mails to go out (a backend that runs sends as jobs) goes to its job's
 * page; else the result is flashed and the page is shown again (`back`).
 */
export async function sendSelection(
  args: ActionFunctionArgs,
  session: UserContext["session"],
  o: {
    selected: readonly number[];
    groups: readonly string[];
    /** the sending list of the page's year, unfiltered */
    listOfYear: () => Promise<OnList[]>;
    /** the list as the page shows it, or null when the page has no filter (then the year's list) */
    listShown: (() => Promise<OnList[]>) | null;
    send: (users: number[], origin: string, sendKey?: string) => Promise<SendReply>;
    /** the page's path without its query, e.g. /survey/send/list/3 (the audit target, the job's page under it) */
    page: string;
    back: string;
    /** the message for nothing selected */
    none: string;
    /** the form's posted sendKey */
    sendKey: string;
  },
): Promise<Response | SendRefusal> {
  const users = new Set(o.selected);
  const onList = await o.listOfYear();
  if ([...users].some((u) => !onList.some((r) => r.usSeq === u))) return { status: 404, alert: OWN_MSG.recipientNotOnList };
  if (o.groups.length) {
    // 'the whole group' means the group as the page shows it: the same filters
    const shown = o.listShown ? await o.listShown() : onList;
    for (const u of shown) if (o.groups.includes(u.sendFlag === "Y" ? "Y" : "N")) users.add(u.usSeq);
  }
  if (users.size === 0) return { status: 400, alert: o.none };
  const key = SEND_KEY_RE.test(o.sendKey) ? o.sendKey : undefined;
  const sent = await o.send([...users], new URL(args.request.url).origin, key);
  // the audit log (ADR 0028): who sent the personal link to how many people (their record numbers, no names)
  await audit(
    { userId: session.user?.userId, address: clientAddress(args.context) },
    { action: "linkSend", target: o.page, detail: `count=${users.size}, usSeq=${[...users].slice(0, 100).join(" ")}` },
  );
  // mails still to go out (a backend that runs sends as jobs, ADR 0030): the job's page shows
  // them going; a send with nothing left to do (no mail server, or a legacy server's
  // synchronous send) shows its result here at once
  if (sent.jobSeq && !sent.ended) return redirect(`${o.page}/job/${sent.jobSeq}`);
  session.flash(sent.repeated ? OWN_MSG.jobAlreadySent : MSG.sent, "info");
  return redirect(o.back);
}
