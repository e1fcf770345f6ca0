/**
 * The one form component: a remix-validated-form form that posts natively (so it works without
 * JavaScript), carries the CSRF token, and validates in the browser with the same schema the
 * server uses when JavaScript is on. Its fields take their state from remix-validated-form's
 * `useField` (field-state.tsx). A form that leaves every rule to the server imports the same
 * `AppForm` from ServerValidatedForm.tsx instead, with `validator={serverValidated}` (ADR 0047).
 */
import { useActionData } from "@remix-run/react";
import { useEffect, useMemo, type ComponentProps } from "react";
import { useField, useFormContext, ValidatedForm } from "remix-validated-form";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { afterPress, checkAfterPress, followPresses } from "./after-press";
import { CsrfField, FieldStateContext, FirstInvalidContext, FormIdContext, firstInvalidOf, replyForForm, useDraft, type FieldState } from "./field-state";

export { CsrfField, useFieldId } from "./field-state";

type Props = ComponentProps<typeof ValidatedForm>;

/** remix-validated-form's `useField`, its check on leaving a field held until a press has ended (after-press.ts). */
function useFieldAfterPress(name: string): FieldState {
  const state = useField(name);
  return useMemo(() => ({ ...state, getInputProps: checkAfterPress(state.getInputProps), afterPress }), [state]);
}

export function AppForm({ children, method = "post", ...rest }: Props) {
  const actionData = useActionData();
  const pageDraft = useDraft();
  // the field the server's reply refused first renders `autofocus` (a refused post without JavaScript)
  const first = firstInvalidOf(replyForForm(actionData, rest.id, rest.subaction)?.fieldErrors);
  // what was typed before the session timed out, back after the sign-in (ADR 0066): the library
  // reads a reply's values from the action only, so the draft's come in as the defaults
  const draft = replyForForm(actionData ? undefined : pageDraft, rest.id, rest.subaction);
  const kept = method.toLowerCase() === "post" ? (draft?.repopulateFields as Record<string, unknown> | undefined) : undefined;
  useEffect(followPresses, []);
  return (
    <ValidatedForm method={method} noValidate {...rest} {...(kept ? { defaultValues: kept } : {})}>
      <CsrfField />
      <FieldStateContext.Provider value={useFieldAfterPress}>
        <FirstInvalidContext.Provider value={first}>
          <FormIdContext.Provider value={rest.id ?? "form"}>{children}</FormIdContext.Provider>
        </FirstInvalidContext.Provider>
      </FieldStateContext.Provider>
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
