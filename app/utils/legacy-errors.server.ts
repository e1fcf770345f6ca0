/**
 * The one place a legacy business error (LegacyError, legacy/errors.ts) becomes what the user
 * sees (docs/architecture.md "Errors"). Every loader and action runs through `withSession`
 * (context.server.ts), which hands a LegacyError that escaped the route's work to
 * `legacyErrorResponse`:
 * - an action (a post) answers the reply its form already shows: the '알림' message (`alert`,
 *   AlertRegion) with the typed values kept (`repopulateFields`, utils/form.server.ts), so the
 *   form re-renders with the server's message, with or without JavaScript;
 * - a loader throws a Response carrying the message (`{ alert }`): the ErrorBoundary of the
 *   signed-in frame (routes/_app.tsx) shows it in the page area, the frame kept; outside the frame
 *   the root's boundary shows it.
 * A screen that does something else with a LegacyError (its own failure text, a part of the page
 * that may fail alone, a redirect) says so with this module instead of a try/catch: `orLegacy`
 * runs such a part; `failureOf`, `orRedirect`, `orMarkedFailure`, `orFormFailure`,
 * `legacyErrors` and `quietly` are its common shapes.
 */
import { json, redirect } from "@remix-run/node";
import { isSessionEnded, LegacyError, LegacyUnavailableError } from "~/legacy/errors";
import { MSG } from "~/schemas/messages.ko";
import { formFailure } from "./form.server";
import type { Session } from "./session.server";

/** The form each post was read as (readForm, readMultipartForm): a failed action's reply keeps its values. */
const postedForms = new WeakMap<Request, FormData>();

export function rememberForm(request: Request, form: FormData): FormData {
  postedForms.set(request, form);
  return form;
}

/** What a screen may say instead of the generic reply (`legacyErrors`). */
export interface LegacyErrorOptions {
  /** the screen's own text for a failure the server gave no message for (spec 001 §8: '등록 실패하였습니다.') */
  fallbackMessage?: string;
  /** the message of a 404 (a record that is not there) */
  on404?: string;
}

/** The message to show: the server's own text, else the screen's, else '오류가 발생하였습니다.'. */
export function legacyMessage(e: LegacyError, opts: LegacyErrorOptions = {}): string {
  if (e.status === 404 && opts.on404) return opts.on404;
  return e.serverMessage || opts.fallbackMessage || MSG.genericError;
}

/**
 * The HTTP status of a page whose loader met a LegacyError: 404 for a record that is not there,
 * 503 when the server could not be reached, the server's own 4xx, else 502 (the server behind
 * the gateway failed).
 */
export function legacyStatus(e: LegacyError): number {
  if (e instanceof LegacyUnavailableError) return 503;
  if (e.status >= 400 && e.status < 500) return e.status;
  return 502;
}

const isPost = (request: Request) => request.method !== "GET" && request.method !== "HEAD";

/**
 * The answer to a LegacyError: for a post, the form's reply with the message and the posted
 * values (400, 503 when the server could not be reached); for a page, a Response with the message
 * (`{ alert }`) that the caller throws to the nearest ErrorBoundary.
 */
export function legacyErrorResponse(e: LegacyError, request: Request, opts: LegacyErrorOptions = {}): Response {
  const alert = legacyMessage(e, opts);
  if (!isPost(request)) return json({ alert }, { status: legacyStatus(e) });
  const status = e instanceof LegacyUnavailableError ? 503 : 400;
  const form = postedForms.get(request);
  return form ? formFailure(form, alert, {}, {}, status) : json({ alert, fieldErrors: {}, repopulateFields: {} }, { status });
}

/**
 * A loader's or action's work with the screen's own texts for a LegacyError (`on404`,
 * `fallbackMessage`); withSession gives the generic ones to everything else.
 */
export async function legacyErrors<R>(request: Request, opts: LegacyErrorOptions, work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof LegacyError)) throw e;
    const res = legacyErrorResponse(e, request, opts);
    if (isPost(request)) return res as R;
    throw res;
  }
}

/**
 * A part of a page or a post that may fail alone (the frame's bell, a dialog's code list, a
 * refreshed name after a save): its work, or, on a LegacyError, what `failed` makes of the message.
 */
export async function orLegacy<T, F>(work: () => Promise<T>, failed: (message: string, e: LegacyError) => F): Promise<T | F> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof LegacyError)) throw e;
    return failed(e.message, e);
  }
}

/**
 * An action's call to the legacy server with the screen's own text for a failure the server gave
 * no message for (spec 001 §8: '등록 실패하였습니다.'): the form re-renders with the server's
 * message, else that text, and every typed value kept.
 */
export function orFormFailure(form: FormData, work: () => Promise<Response>, failed?: string): Promise<Response> {
  return orLegacy(work, (_, e) => formFailure(form, legacyMessage(e, { fallbackMessage: failed })));
}

/**
 * A page that goes back to `to` when the server refuses it (a form asked for that is not there):
 * its work, or the message as the next page's flash and a redirect to `to`.
 */
export function orRedirect<T>(session: Pick<Session, "flash">, to: string, work: () => Promise<T>): Promise<T> {
  return orLegacy(work, (message) => {
    session.flash(message, "error");
    throw redirect(to);
  });
}

/**
 * A call whose failure changes nothing for the user (the server's sign-out when this session
 * signs out anyway): a LegacyError or a SessionEndedError is let go.
 */
export async function quietly(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (e) {
    if (!(e instanceof LegacyError) && !isSessionEnded(e)) throw e;
  }
}

/**
 * A save whose server messages name a field (`fieldOf`: message → field, e.g. '현재 비밀번호가
 *일치하지 않습니다.' → currentPass): the form's reply with the message, that field marked.
 */
export function orMarkedFailure(form: FormData, fieldOf: Readonly<Record<string, string>>, work: () => Promise<Response>): Promise<Response> {
  return orLegacy(work, (message) => formFailure(form, message, Object.hasOwn(fieldOf, message) ? { [fieldOf[message]]: message } : {}));
}

/** A part of a page that may fail alone, run for its effects: null, or the message of its LegacyError. */
export function failureOf(work: () => Promise<unknown>): Promise<string | null> {
  return orLegacy(
    async () => {
      await work();
      return null;
    },
    (message) => message,
  );
}
