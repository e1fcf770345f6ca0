/** Test helpers: a FormData from plain values, a schema's field errors for them, and valid account fields. */
import { withZod } from "@remix-validated-form/with-zod";

/** A FormData of these values in their order: a list appends each value, a File is a file field. */
export function formDataOf(values: Record<string, string | File | (string | File)[]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  return f;
}

/** The field errors a form's schema gives for these values, as remix-validated-form marks them. */
export async function fieldErrorsFor(schema: Parameters<typeof withZod>[0], values: Record<string, string | string[]>): Promise<Record<string, string>> {
  const r = await withZod(schema).validate(formDataOf(values));
  return (r.error?.fieldErrors ?? {}) as Record<string, string>;
}

/** The account fields the sign-up and the profile forms share (name, department, phone, e-mail, authority), valid. */
export const goodAccountFields = {
  userNm: "김민준",
  dptCd: "0000300001",
  telNo1: "010",
  telNo2: "1234",
  telNo3: "5678",
  email: "minjun.kim",
  emailCd: "0000400001",
  authTy: ["1"],
};
