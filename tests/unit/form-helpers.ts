/** Test helpers: a FormData from plain values, and a schema's field errors for them. */
import { withZod } from "@remix-validated-form/with-zod";

export function formDataOf(values: Record<string, string | string[]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  return f;
}

/** The field errors a form's schema gives for these values, as remix-validated-form marks them. */
export async function fieldErrorsFor(schema: Parameters<typeof withZod>[0], values: Record<string, string | string[]>): Promise<Record<string, string>> {
  const r = await withZod(schema).validate(formDataOf(values));
  return (r.error?.fieldErrors ?? {}) as Record<string, string>;
}
