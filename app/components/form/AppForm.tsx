/**
 * The one form component: a remix-validated-form form that posts natively (so it works without
 * JavaScript), carries the CSRF token, and validates in the browser with the same schema the
 * server uses when JavaScript is on, or, given `serverValidated`, leaves every rule to the server
 * and marks the fields from its reply.
 */
import { createContext, useContext, type ComponentProps } from "react";
import { createValidator, useFormContext, ValidatedForm } from "remix-validated-form";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { useCsrfToken } from "~/components/layout/useRootData";

type Props = ComponentProps<typeof ValidatedForm>;

const FormIdContext = createContext("form");

/** A page may hold several forms with the same field names: element ids are `${formId}-${name}`. */
export function useFieldId(name: string): string {
  return `${useContext(FormIdContext)}-${name}`;
}

/**
 * A validator that lets every submit through: the server validates (its reply marks the fields,
 * with the same messages as without JavaScript), and the page does not download the schemas and
 * zod. The sign-in page's forms use it (ADR 0044: the page's JavaScript budget).
 */
export const serverValidated = createValidator<Record<string, unknown>>({
  validate: async (data) => ({ data, error: undefined }),
  validateField: async () => ({ error: undefined }),
});

export function CsrfField() {
  return <input type="hidden" name="_csrf" value={useCsrfToken()} />;
}

export function AppForm({ children, method = "post", ...rest }: Props) {
  return (
    <ValidatedForm method={method} noValidate {...rest}>
      <CsrfField />
      <FormIdContext.Provider value={rest.id ?? "form"}>{children}</FormIdContext.Provider>
    </ValidatedForm>
  );
}

/**
 * The form's '알림' region: the server's message after a post (and without JavaScript), or, with
 * JavaScript, the first failing field's message in screen order once the browser has refused a
 * submit, so the user reads the same message either way.
 */
export function FormAlert({ serverMessage, order }: { serverMessage?: string | null; order: readonly string[] }) {
  const ctx = useFormContext();
  const errors = ctx.fieldErrors as Record<string, string | undefined>;
  const client = ctx.hasBeenSubmitted ? order.map((f) => errors[f]).find(Boolean) ?? Object.values(errors).find(Boolean) : undefined;
  return <AlertRegion message={client ?? serverMessage} />;
}
