/**
 * The action of a list screen whose dialogs post back to the list route (the people lists and the
 * score screens E01, E04, E06, E18, R06): one place for what they all do before their own work.
 * - Evaluation mode (`/$eiSeq/$menuSeq/$year`) is read-only: any post is 405.
 * - The form is read once, after the CSRF check, whether it is the multipart Excel upload or a
 *   plain dialog post.
 * - Its intent picks the handler; a dialog's in-between steps (the lookup rows' `lookup:<i>`,
 *   `addRow`, `removeRow:<i>`; the school search) go to `step`; any other intent gets `unknown`
 *   (default '잘못된 요청입니다.').
 * `deleteIntent` is the one delete of a list: the question first ('정말 삭제하시겠습니까?'), then
 * the call, then back to the list with the flash message of either outcome. `uploadIntent` is the
 * one Excel upload of a list.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { LegacyError } from "~/legacy/errors";
import type { Session } from "~/utils/session.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { intentOf, needsConfirmation } from "./confirm.server";
import { audit, diffFields, diffText, formFields } from "./audit.server";
import { withAdmin, withUser, type UserContext } from "./context.server";
import { clientAddress } from "./rate-limit.server";
import { formFailure } from "./form.server";
import { dialogKeys, listSearch, type DialogKey } from "./list-url";
import { dialogOpenerKey, FOCUS_PARAM, returnFocusKey } from "./focus-return";
import { safeRedirectTo } from "./safe-redirect";
import type { UploadReply } from "~/legacy/wire";
import { excelUploadReply, readMultipartForm } from "./upload.server";
import { seoulYear } from "./time";
import { ROWS } from "~/schemas/student-rows";
import { evalParams, seqParam, withParams } from "./url";

/** A handler's context: the user's, and the client address for the audit log. */
type ActionContext = UserContext & { address?: string };
type Handler = (ctx: ActionContext, form: FormData, url: URL) => Promise<Response> | Response;

/**
 * The audit log of a list's record changes (ADR 0028): the posted key (or the dialog URL's) names
 * the record, `detail` reads it before the save in the form's own field names (the list loader's
 * detail, as the edit dialog shows it), `fields` maps the posted form to them (default: the posted
 * fields). The row shows before → after of the record's changed fields only, masked; a new record
 * (nothing before) shows what was posted.
 */
export interface ListAuditSpec {
  key: string;
  detail: (ctx: UserContext, seq: number, url: URL, form: FormData) => Promise<Record<string, unknown> | null>;
  fields?: (form: FormData) => Record<string, unknown>;
}

/** A dialog's lookup rows as the form names their fields (`rows[0].score`), for a record's `detail`. */
export function rowFields(rows: readonly Record<string, unknown>[], prefix = ROWS): Record<string, unknown> {
  return Object.fromEntries(rows.flatMap((row, i) => Object.entries(row).map(([k, v]) => [`${prefix}[${i}].${k}`, v])));
}

/** Only the record's own fields: what the form posts beside them (search boxes, steps) is no change. */
function ownFields(before: Record<string, unknown> | null, after: Record<string, unknown>): Record<string, unknown> {
  if (!before) return after;
  return Object.fromEntries(Object.entries(after).filter(([k]) => Object.hasOwn(before, k) || /^\w+\[\d+\]\./.test(k)));
}

export interface ListActionSpec {
  /** an administration list (ADR 0040): anyone but an administrator is refused (withAdmin) */
  admin?: boolean;
  intents: Record<string, Handler>;
  /**
   * A list under a parent in its URL (a committee's terms, a survey's recipients): the refusal
   * message when the posted record is not the URL's parent's, else null. It runs before every
   * intent and step, so a post forged from another parent's page changes nothing (ADR 0058).
   */
  owns?: (ctx: UserContext, form: FormData, params: ActionFunctionArgs["params"], url: URL) => Promise<string | null>;
  /** the steps a dialog takes before its save, which answer with the dialog re-rendered */
  step?: { matches: (intent: string) => boolean; run: (ctx: UserContext, form: FormData, intent: string) => Promise<Response> };
  /** the form's intent (default: its `confirm`, else its `intent` field) */
  intent?: (form: FormData) => string;
  unknown?: string;
  /** the record of a save, for the audit log's before → after */
  audit?: ListAuditSpec;
  /**
   * The multipart limits of the list's forms (default: readMultipartForm's). A screen whose dialog
   * checks its attachments itself reads a file a little over 10 MB, so that the dialog says the
   * spec's message instead of the page refusing the post.
   */
  upload?: { maxFileBytes?: number; maxFiles?: number };
}

/** Intents that are not a record's save (they audit themselves, or change nothing). */
const NOT_A_SAVE = /delete|upload|copy/i;

export function listAction(spec: ListActionSpec) {
  return (args: ActionFunctionArgs) =>
    (spec.admin ? withAdmin : withUser)(args, async (ctx) => {
      if (evalParams(args.params)) throw new Response("Method Not Allowed", { status: 405 });
      const url = new URL(args.request.url);
      const form = await readMultipartForm(args.request, ctx.session, spec.upload?.maxFileBytes, spec.upload?.maxFiles);
      const intent = spec.intent ? spec.intent(form) : intentOf(form);
      const refused = spec.owns ? await spec.owns(ctx, form, args.params, url) : null;
      if (refused) return formFailure(form, refused, {}, {}, 404);
      if (spec.step?.matches(intent)) return spec.step.run(ctx, form, intent);
      const handler = intent && Object.hasOwn(spec.intents, intent) ? spec.intents[intent] : undefined;
      if (!handler) return formFailure(form, spec.unknown ?? OWN_MSG.badRequest);
      const actx: ActionContext = { ...ctx, address: clientAddress(args.context) };
      if (NOT_A_SAVE.test(intent)) return handler(actx, form, url);
      // a save: the record as it was, then the save; a redirect back to the list is a saved record
      // the record's key as the dialog posts it, or in the dialog's URL (`?dialog=edit&usSeq=`)
      const seq = spec.audit ? seqParam(String(form.get(spec.audit.key) ?? url.searchParams.get(spec.audit.key) ?? "")) : null;
      const before = seq && spec.audit ? await spec.audit.detail(ctx, seq, url, form).catch(() => null) : null;
      const res = await handler(actx, form, url);
      if (res.status >= 300 && res.status < 400) {
        const after = ownFields(before, spec.audit?.fields ? spec.audit.fields(form) : formFields(form));
        const changed = diffText(diffFields(before ?? {}, after));
        await audit(
          { userId: ctx.user.userId, address: actx.address },
          { action: "recordChange", target: `${url.pathname}${seq ? ` ${spec.audit?.key}=${seq}` : ""}`, detail: changed || "(변경 없음)" },
        );
      }
      return res;
    });
}

/**
 * The list's URL (its filters, page and sort) without a dialog's parameters, with `changes` (e.g.
 * the saved year); through the one redirect normaliser, as the path comes from the request. The
 * focus goes back to what opened the dialog (`focus=`, ADR 0059): the dialog of the posting URL
 * (`?dialog=edit&pssSeq=12` → the row's 수정), else the `focus` the post carried (the delete
 * question posts to the list's URL with it).
 */
export const backToList = (url: URL, key: DialogKey, changes: Record<string, string> = {}) => {
  const focus = dialogOpenerKey(url.searchParams, dialogKeys(key)) ?? returnFocusKey(url.search);
  return safeRedirectTo(`${url.pathname}${withParams(listSearch(url.search, key), { ...(focus ? { [FOCUS_PARAM]: focus } : {}), ...changes })}`);
};

/**
 * A post about one row of the list (copy, delete): the posted key (`key`; none is `invalid`,
 * default '잘못된 요청입니다.'), the question first when it asks one (`confirm`), the call, then
 * the list with the flash message the call answers, or the failure's (`failed`, default the
 * server's message).
 */
export function rowIntent(spec: {
  key: string;
  run: (session: Session, seq: number, form: FormData, url: URL, ctx: ActionContext) => Promise<{ text: string; kind: "info" | "error" }>;
  confirm?: string;
  invalid?: string;
  failed?: (e: LegacyError) => string;
}): Handler {
  return async (ctx, form, url) => {
    const seq = seqParam(String(form.get(spec.key) ?? ""));
    if (!seq) return formFailure(form, spec.invalid ?? OWN_MSG.badRequest);
    const confirm = spec.confirm ? needsConfirmation(form, spec.confirm) : null;
    if (confirm) return confirm;
    try {
      const done = await spec.run(ctx.session, seq, form, url, ctx);
      ctx.session.flash(done.text, done.kind);
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      ctx.session.flash(spec.failed ? spec.failed(e) : e.message, "error");
    }
    return redirect(backToList(url, spec.key));
  };
}

/**
 * The delete of a list's record: the posted key (`key`), the question when it was not confirmed,
 * the call, then the list with '삭제되었습니다.' (or the screen's message, or the server's) or the
 * failure's message ('삭제 실패하였습니다.' when the server gives none). `remove` also gets the list's
 * URL (its filter, e.g. the year a record is deleted from).
 */
export function deleteIntent(spec: { key: string; remove: (session: Session, seq: number, form: FormData, url: URL) => Promise<unknown>; done?: string }): Handler {
  return rowIntent({
    key: spec.key,
    confirm: "delete",
    invalid: MSG.deleteFailed,
    run: async (session, seq, form, url, ctx) => {
      await spec.remove(session, seq, form, url);
      await audit({ userId: session.user?.userId, address: ctx.address }, { action: "recordDelete", target: `${url.pathname} ${spec.key}=${seq}` });
      return { text: spec.done ?? MSG.deleteDone, kind: "info" };
    },
    failed: (e) => (e.status === 404 || !e.message ? MSG.deleteFailed : e.message),
  });
}

/** How long an Excel upload may take at the backend (a sheet of a few thousand rows). */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * The Excel upload of a list (the toolbar posts the list's year): the posted year if it is one of
 * `years`, else this year; the file checked (rows of another year refused) and sent by `excelUploadReply`.
 */
export function uploadIntent(years: () => readonly number[], upload: (session: Session, year: number, file: File) => Promise<UploadReply>): Handler {
  return (ctx, form) => {
    const asked = Number(form.get("year"));
    const year = years().includes(asked) ? asked : seoulYear();
    return excelUploadReply(form, (file) => upload(ctx.session, year, file), { year });
  };
}
