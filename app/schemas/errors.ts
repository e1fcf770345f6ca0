/**
 * The '알림' message of a failed form: each field's first message, and the first failing field's
 * message in screen order. Pure, so the browser, the Remix actions and the embedded backend (its
 * 400 replies and Excel row failures) pick the same message.
 */
import type { ZodIssue } from "./zod";

/** Each field's first message (as remix-validated-form marks them). */
export function fieldErrorsOf(issues: readonly ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The first failing field's message in screen order (else the first message at all). */
export function firstError(fieldErrors: Record<string, string | undefined>, order: readonly string[]): string | undefined {
  for (const f of order) if (fieldErrors[f]) return fieldErrors[f];
  return Object.values(fieldErrors).find(Boolean);
}
