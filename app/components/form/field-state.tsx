/**
 * What the shared form fields (fields.tsx, PasswordField, TextareaField, IdCheckField) need of
 * their form, without naming a form library (ADR 0047): a field asks `useFieldState(name)` for its
 * error and its input props, and the form around it says how those are kept. `AppForm`
 * (AppForm.tsx) answers with remix-validated-form's `useField`; a server-validated form
 * (ServerValidatedForm.tsx) with the action's reply. A page whose forms are all server-validated
 * therefore never loads remix-validated-form (the sign-in page's JavaScript budget, issue 19).
 */
import { createContext, useContext } from "react";
import { useCsrfToken } from "~/components/layout/useRootData";

/** The props a field's input takes from its form (remix-validated-form's `getInputProps` shape). */
export interface MinimalInputProps {
  onChange?: ((...args: any[]) => void) | undefined;
  onBlur?: ((...args: any[]) => void) | undefined;
  defaultValue?: any;
  defaultChecked?: boolean | undefined;
  name?: string | undefined;
  type?: string | undefined;
}

/**
 * The input's own props in, the same with `name`, its default (`defaultValue`, or `defaultChecked`
 * for a checkbox or radio) and `onChange`/`onBlur` wrapped by the form out.
 */
export type GetInputProps = <T extends MinimalInputProps>(
  props?: Omit<T, "name" | "defaultValue" | "defaultChecked" | "onChange" | "onBlur"> & Partial<Pick<T, "onChange" | "onBlur">>,
) => T;

export interface FieldState {
  /** the field's message, if it has one now */
  error?: string;
  getInputProps: GetInputProps;
}

/**
 * The form's hook: the same function for the whole life of a form (the rules of hooks hold
 * because every field calls it once per render, always the same one).
 */
export type UseFieldState = (name: string) => FieldState;

export const FieldStateContext = createContext<UseFieldState | null>(null);

/** A field's state from the form it is in. */
export function useFieldState(name: string): FieldState {
  const useField = useContext(FieldStateContext);
  if (!useField) throw new Error(`The field "${name}" is outside a form (AppForm).`);
  return useField(name);
}

export const FormIdContext = createContext("form");

/** A page may hold several forms with the same field names: element ids are `${formId}-${name}`. */
export function useFieldId(name: string): string {
  return `${useContext(FormIdContext)}-${name}`;
}

export function CsrfField() {
  return <input type="hidden" name="_csrf" value={useCsrfToken()} />;
}
