/**
 * P04 messenger (spec 000 §2 "Messenger", §6, §7 Messages, §9): the inbox's loader and the page's
 * one action.
 *
 * - The loader reads up to `?limit=` messages (30, 60, …), asking the server again while it answers
 *   fewer than asked. Message bodies are HTML that the legacy server may store unfiltered: they are
 *   sanitised here, before they reach the page.
 * - The action: intent=delete (the ticked rows), intent=send (the send dialog; refused to users
 *   whose authority is exactly '1'), intent=readAll (the header bell's 'mark all read' form, which
 *   goes back to `redirectTo`).
 *
 * The calls are `legacy/endpoints/message.server.ts`', shared with the frame's bell (`_app.tsx`)
 * and the dashboard.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import * as messageApi from "~/legacy/endpoints/message.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { joinAuthorities, splitAuthorities } from "~/schemas/rules";
import { readForm, safeRedirectTo, withUser, type SessionUser } from "~/utils/context.server";
import { formFailure, validateForm } from "~/utils/form.server";
import { orFormFailure, orLegacy } from "~/utils/legacy-errors.server";
import { sanitizeRichHtml } from "~/utils/sanitize.server";
import { deleteOrder, deleteSchema, inboxHref, inboxLimit, MESSENGER_PATH, plainTextToHtml, sendOrder, sendSchema } from "./__schema";

const sendValidator = withZod(sendSchema);
const deleteValidator = withZod(deleteSchema);

/** Spec 000 §6: the send button hides when the authority is exactly 1. */
const maySend = (user: Pick<SessionUser, "authTy">) => joinAuthorities(splitAuthorities(user.authTy)) !== "1";

/** Sanitised message HTML (images without alt get alt="" in the sanitiser). */
function messageHtml(raw: string): string {
  return sanitizeRichHtml(raw);
}

/**
 * Up to `limit` messages; asks again from where the server stopped while it answers fewer than
 * asked (a server may cap one answer, the embedded backend at 200), until `limit` or the inbox's
 * total is reached or an answer brings nothing new.
 */
async function loadInbox(session: Parameters<typeof messageApi.receivedMessages>[0], userSeq: number, limit: number) {
  const first = await messageApi.receivedMessages(session, userSeq, { limit });
  const list = [...first.list];
  let { total, unread } = first;
  const seen = new Set(list.map((m) => m.mhSeq));
  while (list.length < Math.min(limit, total)) {
    const next = await messageApi.receivedMessages(session, userSeq, { limit: limit - list.length, offset: list.length });
    // a server that ignored the offset would answer the same page again: stop rather than repeat it
    const fresh = next.list.filter((m) => !seen.has(m.mhSeq));
    if (fresh.length === 0) break;
    for (const m of fresh) seen.add(m.mhSeq);
    list.push(...fresh);
    total = next.total;
    unread = next.unread;
  }
  return { list: list.slice(0, limit), total, unread };
}

export async function messengerLoader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session, user }) => {
    const url = new URL(args.request.url);
    const limit = inboxLimit(url.searchParams.get("limit"));
    const canSend = maySend(user);
    const dialog = canSend && url.searchParams.get("dialog") === "send" ? ("send" as const) : null;
    // the page shows the server's message in place of the inbox
    const inbox = await orLegacy(() => loadInbox(session, user.userSeq, limit), (loadError) => ({ total: 0, unread: 0, list: [], loadError }));
    return json({
      limit,
      total: inbox.total,
      unread: inbox.unread,
      rows: inbox.list.map((m) => ({
        mhSeq: m.mhSeq,
        sender: m.userNm || m.userId,
        senderId: m.userId,
        html: messageHtml(m.msg),
        regDt: m.regDt,
        read: m.readYn === "Y",
      })),
      canSend,
      dialog,
      loadError: "loadError" in inbox ? inbox.loadError : null,
    });
  });
}

/** What the page receives: the loader's JSON. */
export type MessengerData = SerializeFrom<typeof messengerLoader>;
export type InboxRow = MessengerData["rows"][number];

export async function messengerAction(args: ActionFunctionArgs) {
  const { request } = args;
  return withUser(args, async ({ session, user }) => {
    const form = await readForm(request, session);
    const intent = String(form.get("intent") ?? "");
    const limit = inboxLimit(new URL(request.url).searchParams.get("limit"));

    if (intent === "readAll") {
      await orLegacy(() => messageApi.markAllRead(session), (message) => session.flash(message, "error"));
      return redirect(safeRedirectTo(form.get("redirectTo"), MESSENGER_PATH));
    }

    if (intent === "delete") {
      const v = await validateForm(deleteValidator, form, deleteOrder);
      if (!v.ok) return v.response;
      return orFormFailure(form, async () => {
        await messageApi.deleteMessages(session, v.data.selected);
        session.flash(MSG.deleted, "info");
        return redirect(inboxHref(limit));
      });
    }

    if (intent === "send") {
      if (!maySend(user)) return formFailure(form, OWN_MSG.messageSendForbidden, {}, {}, 403);
      const v = await validateForm(sendValidator, form, sendOrder);
      if (!v.ok) return v.response;
      return orFormFailure(form, async () => {
        await messageApi.sendMessage(session, plainTextToHtml(v.data.msg.trim()), v.data.authTyList, user.authTy);
        session.flash(MSG.registered, "info");
        return redirect(inboxHref(limit));
      });
    }

    return formFailure(form, OWN_MSG.badRequest);
  });
}
