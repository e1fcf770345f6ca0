/**
 * Server side of every form: validate posted data with the form's shared validator and, on
 * failure, answer with what remix-validated-form needs to mark the fields (`fieldErrors`), the
 * typed values to re-fill them without JavaScript (`repopulateFields`, secrets left out) and the
 * '알림' message (`alert`, the first failing field's message in screen order).
 */
import { json } from "@remix-run/node";
import type { Validator } from "remix-validated-form";
import { SECRET_FIELDS } from "~/schemas/account";
import { firstError } from "~/schemas/errors";
import { MSG, RANGE_MSG } from "~/schemas/messages.ko";

export interface FormReply {
  fieldErrors: Record<string, string>;
  repopulateFields: Record<string, unknown>;
  alert?: string;
  formId?: string;
  [extra: string]: unknown;
}

/** The posted values as an object (repeated names become arrays), without secrets or files. */
export function formValues(form: FormData, keepSecrets: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) {
    if (typeof v !== "string") continue;
    if ((SECRET_FIELDS as readonly string[]).includes(k) && !keepSecrets.includes(k)) continue;
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

export { firstError };

/**
 * The field the '알림' speaks of first (the first failing field in screen order, whoever built the
 * messages): the form kit focuses the reply's first field (ADR 0060).
 */
function alertFirst(fieldErrors: Record<string, string>, alert: string | undefined): Record<string, string> {
  const first = alert === undefined ? undefined : Object.keys(fieldErrors).find((f) => fieldErrors[f] === alert);
  return first === undefined ? fieldErrors : { [first]: fieldErrors[first], ...fieldErrors };
}

/** A reply that re-renders the form with its values, marked fields and the '알림' message. */
export function formFailure(
  form: FormData,
  alert: string | undefined,
  fieldErrors: Record<string, string> = {},
  extra: Record<string, unknown> = {},
  status = 400,
) {
  const reply: FormReply = { fieldErrors: alertFirst(fieldErrors, alert), repopulateFields: formValues(form), alert, ...extra };
  const formId = form.get("__rvfInternalFormId");
  if (typeof formId === "string") reply.formId = formId;
  return json(reply, { status });
}

/** The upload checks' messages (extension or signature, size, and `more`) marked on the file input `field`: part of a messageFailure's `fieldOf`. */
export const fileMessagesOn = (field: string, ...more: string[]): Record<string, string> =>
  Object.fromEntries([MSG.activityFileType, MSG.fileTooLarge, ...more].map((m) => [m, field]));

/** A server message's failure: marked on the field `fieldOf` names for it (the backend checks the same rules), else the alert alone. */
export const messageFailure = (form: FormData, message: string, fieldOf: Readonly<Record<string, string>>) =>
  formFailure(form, message, Object.hasOwn(fieldOf, message) ? { [fieldOf[message]]: message } : {});

/**
 * The same messages with the fields in screen order (`order` first, then the rest as they came):
 * the form kit puts the focus on the reply's first field (field-state.tsx, ADR 0060).
 */
export function inScreenOrder(fieldErrors: Record<string, string>, order: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of order) if (f in fieldErrors) out[f] = fieldErrors[f];
  for (const [f, m] of Object.entries(fieldErrors)) if (!(f in out)) out[f] = m;
  return out;
}

export type Validated<T> = { ok: true; data: T } | { ok: false; response: ReturnType<typeof formFailure> };

export async function validateForm<T>(validator: Validator<T>, form: FormData, order: readonly string[]): Promise<Validated<T>> {
  const result = await validator.validate(form);
  if (!result.error) return { ok: true, data: result.data };
  const fieldErrors = inScreenOrder(result.error.fieldErrors as Record<string, string>, order);
  const alert = firstError(fieldErrors, order);
  // a browser cannot put a chosen file back into its input: the message says to choose it again (issue 35)
  const filesChosen = [...form.values()].some((v) => typeof v !== "string" && v.size > 0);
  return { ok: false, response: formFailure(form, alert && filesChosen ? `${alert} ${RANGE_MSG.filesAgain}` : alert, fieldErrors, filesChosen ? { filesAgain: true } : {}, 422) };
}
