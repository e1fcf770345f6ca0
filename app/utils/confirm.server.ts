/**
 * The server half of ConfirmSubmit: an action that needs a confirmation runs only when the post
 * carries `confirm=<action>`; otherwise the form comes back with its values and `confirm`, and the
 * page asks (without JavaScript; with it the Modal asked already).
 */
import { json } from "@remix-run/node";
import { formValues } from "./form.server";

/** The action a post asks for: the confirmed one, or the pressed button's intent. */
export function intentOf(form: FormData, fallback = ""): string {
  return String(form.get("confirm") ?? form.get("intent") ?? fallback);
}

/**
 * null when the post confirmed `action`; otherwise the reply that asks for the confirmation
 * (`extra` joins the reply: what the confirmation step needs beside the typed values).
 */
export function needsConfirmation(form: FormData, action: string, extra: Record<string, unknown> = {}) {
  if (form.get("confirm") === action) return null;
  return json({ ...extra, fieldErrors: {}, repopulateFields: formValues(form), confirm: action, formId: form.get("__rvfInternalFormId") ?? undefined });
}
