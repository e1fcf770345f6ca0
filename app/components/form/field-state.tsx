/**
 * What the shared form fields (fields.tsx, PasswordField, TextareaField, IdCheckField) need of
 * their form, without naming a form library (ADR 0047): a field asks `useFieldState(name)` for its
 * error and its input props, and the form around it says how those are kept. `AppForm`
 * (AppForm.tsx) answers with remix-validated-form's `useField`; a server-validated form
 * (ServerValidatedForm.tsx) with the action's reply. A page whose forms are all server-validated
 * therefore never loads remix-validated-form (the sign-in page's JavaScript budget, issue 19).
 */
import { useActionData, useLocation } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";
import { useCsrfToken, useRootData } from "~/components/layout/useRootData";

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
  /**
   * The form's last reply refused this field first (the reply lists its fields in screen order,
   * utils/form.server.ts): the field renders `autofocus`, so a refused post without JavaScript
   * comes back with the focus on it (ADR 0060).
   */
  focus?: boolean;
  /**
   * Runs what the field shows on leaving it: at once, or after a mouse press in progress has ended
   * (`AppForm`'s, after-press.ts, ADR 0086); a form without it runs it at once.
   */
  afterPress?: (run: () => void, field?: Element) => void;
}

/**
 * The form's hook: the same function for the whole life of a form (the rules of hooks hold
 * because every field calls it once per render, always the same one).
 */
export type UseFieldState = (name: string) => FieldState;

export const FieldStateContext = createContext<UseFieldState | null>(null);

export interface FormReplyShape {
  fieldErrors?: Record<string, string>;
  repopulateFields?: unknown;
  formId?: string;
  subaction?: string;
}

/**
 * The draft of a form posted after the session timed out, given back after the sign-in on the
 * page it was posted on (utils/session.server.ts `takeDraft`, ADR 0066); undefined elsewhere.
 */
export function useDraft(): FormReplyShape | undefined {
  const draft = useRootData()?.draft;
  const { pathname } = useLocation();
  return draft && draft.path === pathname ? draft : undefined;
}

/**
 * The reply a staff page's forms re-render with: the action's, or else the draft kept through the
 * sign-in, which has the same shape as a refused post's reply (its values in `repopulateFields`,
 * its message in `alert`): every form that keeps what was typed on a refusal keeps it then too.
 */
export function useFormReply(): unknown {
  const action = useActionData();
  const draft = useDraft();
  return action ?? draft;
}

/**
 * The action's reply when it is for this form (remix-validated-form's rule): it marks fields, and
 * names this form's id, or, naming none, the same subaction.
 */
export function replyForForm(actionData: unknown, formId: string | undefined, subaction?: string): FormReplyShape | null {
  const reply = actionData as FormReplyShape | undefined;
  if (!reply?.fieldErrors) return null;
  if (typeof formId === "string" && reply.formId) return reply.formId === formId ? reply : null;
  if ((!subaction && !reply.subaction) || reply.subaction === subaction) return reply;
  return null;
}

/** The name of the field the form's last reply refused first (its `fieldErrors` are in screen order). */
export const FirstInvalidContext = createContext<string | undefined>(undefined);

/** The first field a reply's `fieldErrors` name: the server lists them in screen order. */
export function firstInvalidOf(fieldErrors: Record<string, unknown> | undefined): string | undefined {
  return fieldErrors ? Object.keys(fieldErrors).find((k) => Boolean(fieldErrors[k])) : undefined;
}

/** The field the form's last reply refused first (for a field that keeps its own state, e.g. a lookup row). */
export function useFirstInvalid(): string | undefined {
  return useContext(FirstInvalidContext);
}

/** A field's state from the form it is in. */
export function useFieldState(name: string): FieldState {
  const useField = useContext(FieldStateContext);
  const first = useContext(FirstInvalidContext);
  if (!useField) throw new Error(`The field "${name}" is outside a form (AppForm).`);
  const state = useField(name);
  return first === name ? { ...state, focus: true } : state;
}

/**
 * What a field's input says of its state to assistive technology (issue 36): `aria-required`
 * when the server requires it (not the native `required`: the browser would refuse a post without
 * JavaScript with its own message before the server answers with the product's Korean one), and
 * `aria-invalid` while it has a message (the message's id is its `aria-describedby`, which Mantine
 * writes for a field's own message and the group fields write for theirs).
 */
export function a11yOf(required: boolean | undefined, invalid: unknown): { "aria-required"?: true; "aria-invalid"?: true } {
  return { ...(required ? { "aria-required": true as const } : {}), ...(invalid ? { "aria-invalid": true as const } : {}) };
}

/**
 * The props a field's Mantine input takes alike: its id, label and description, the asterisk with
 * what assistive technology reads of it (`a11yOf`), its message, and the focus (its own, or the
 * first field with a message after a refused post).
 */
export function inputFrameOf(o: { id: string; label?: ReactNode; description?: ReactNode; required?: boolean; error?: ReactNode; autoFocus?: boolean }) {
  return { id: o.id, label: o.label, description: o.description, withAsterisk: o.required, ...a11yOf(o.required, false), error: o.error, autoFocus: o.autoFocus };
}

export const FormIdContext = createContext("form");

/** A page may hold several forms with the same field names: element ids are `${formId}-${name}`. */
export function useFieldId(name: string): string {
  return `${useContext(FormIdContext)}-${name}`;
}

export function CsrfField() {
  return <input type="hidden" name="_csrf" value={useCsrfToken()} />;
}
