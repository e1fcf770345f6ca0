/**
 * `AppForm` for a form that validates on the server only (`validator={serverValidated}`), in a
 * module that does not import remix-validated-form (ADR 0047): the sign-in page's four forms
 * (ADR 0044) import it from here, so that page loads neither the library nor its dependencies.
 * The props are AppForm's (AppForm.tsx); the caller chooses the module.
 *
 * It is Remix's `<Form>` (a native post without JavaScript, a fetch with it) with what
 * remix-validated-form did for such a form: the CSRF token and the form's id in the post, each
 * field's message from the action's reply (`fieldErrors`, see utils/form.server.ts) until the user
 * edits that field, the values from the reply (`repopulateFields`) or else `defaultValues`, and the
 * first failing field focused when a reply comes.
 */
import { Form } from "@remix-run/react";
import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ComponentProps, type ReactNode } from "react";
import type { ValidatedForm, Validator } from "remix-validated-form";
import { CsrfField, FieldStateContext, FirstInvalidContext, FormIdContext, firstInvalidOf, replyForForm, useFormReply, type FormReplyShape, type FieldState, type GetInputProps, type MinimalInputProps } from "./field-state";

type Props = ComponentProps<typeof ValidatedForm>;

/** the hidden input naming the form in its post (remix-validated-form's name: form.server.ts reads it) */
const FORM_ID_FIELD = "__rvfInternalFormId";

/**
 * The validator of a form whose every rule the server checks: it lets every submit through. With
 * this module's `AppForm` nothing runs in the browser; given to AppForm.tsx's (remix-validated-form)
 * it does the same there.
 */
export const serverValidated: Validator<Record<string, unknown>> = {
  validate: async (data) => ({ data, error: undefined, submittedData: data }),
};

export { replyForForm, type FormReplyShape };

/** One reply's messages, each dropped as its field is edited. */
export class ReplyErrors {
  private shown: Record<string, string>;
  private readonly listeners = new Set<() => void>();

  constructor(fieldErrors: Record<string, string> = {}) {
    this.shown = fieldErrors;
  }

  readonly get = () => this.shown;

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly clear = (name: string) => {
    if (!this.shown[name]) return;
    const { [name]: _, ...rest } = this.shown;
    this.shown = rest;
    this.listeners.forEach((l) => l());
  };
}

interface ReplyState {
  errors: Record<string, string>;
  defaults: Record<string, unknown>;
  clear: (name: string) => void;
}

const ReplyStateContext = createContext<ReplyState>({ errors: {}, defaults: {}, clear: () => {} });

/** remix-validated-form's rule for a checkbox's default: its value among the defaults, or a boolean */
function checkboxChecked(checkboxValue: unknown = "on", value: unknown): boolean | undefined {
  if (Array.isArray(value)) return value.some((v) => v === true || v === checkboxValue);
  if (typeof value === "boolean") return value;
  if (typeof value === "string") return value === checkboxValue;
  return undefined;
}

function fieldStateOf({ errors, defaults, clear }: ReplyState, name: string): FieldState {
  // field names are looked up as written (the reply's repopulateFields is flat: `rows[0].name`)
  const defaultValue = Object.hasOwn(defaults, name) ? defaults[name] : undefined;
  const getInputProps = ((props: MinimalInputProps & { value?: unknown } = {}) => {
    const out: Record<string, unknown> = {
      ...props,
      name,
      onChange: (...args: unknown[]) => {
        clear(name);
        return props.onChange?.(...args);
      },
    };
    if (props.type === "checkbox") out.defaultChecked = checkboxChecked(props.value, defaultValue);
    else if (props.type === "radio") out.defaultChecked = typeof defaultValue === "string" ? defaultValue === (props.value ?? "on") : undefined;
    else if (props.value === undefined) out.defaultValue = defaultValue;
    for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
    return out;
  }) as GetInputProps;
  return { error: errors[name], getInputProps };
}

function useReplyField(name: string): FieldState {
  const state = useContext(ReplyStateContext);
  return useMemo(() => fieldStateOf(state, name), [state, name]);
}

/** The fields' state under a server-validated form: `errors` (one reply's) and the default values. */
export function ReplyFieldState({ errors, defaults, children }: { errors: ReplyErrors; defaults: Record<string, unknown>; children: ReactNode }) {
  const shown = useSyncExternalStore(errors.subscribe, errors.get, errors.get);
  const state = useMemo(() => ({ errors: shown, defaults, clear: errors.clear }), [shown, defaults, errors]);
  return (
    <FieldStateContext.Provider value={useReplyField}>
      <ReplyStateContext.Provider value={state}>{children}</ReplyStateContext.Provider>
    </FieldStateContext.Provider>
  );
}

/** the first control in the form's order whose field the reply marks (hidden inputs skipped) */
function focusFirstInvalid(form: HTMLFormElement, fieldErrors: Record<string, string>) {
  for (const el of Array.from(form.elements)) {
    const name = (el as HTMLInputElement).name;
    if (!name || !(name in fieldErrors) || (el instanceof HTMLInputElement && el.type === "hidden")) continue;
    (el as HTMLElement).focus();
    return;
  }
}

export function AppForm({
  children,
  method = "post",
  validator,
  id,
  defaultValues,
  subaction,
  formRef,
  disableFocusOnError,
  fetcher,
  onSubmit,
  resetAfterSubmit,
  ...rest
}: Props) {
  if (validator !== serverValidated) throw new Error("ServerValidatedForm's AppForm takes validator={serverValidated}; a form validated in the browser is AppForm.tsx's.");
  if (fetcher || onSubmit || resetAfterSubmit) throw new Error("fetcher, onSubmit and resetAfterSubmit need AppForm.tsx's AppForm (remix-validated-form).");
  // the action's reply, or the draft kept through the sign-in (ADR 0066)
  const reply = replyForForm(useFormReply(), id, subaction);
  const fieldErrors = reply?.fieldErrors;
  const errors = useMemo(() => new ReplyErrors(fieldErrors), [fieldErrors]);
  const repopulated = reply?.repopulateFields as Record<string, unknown> | undefined;
  const defaults = useMemo(() => repopulated ?? (defaultValues as Record<string, unknown> | undefined) ?? {}, [repopulated, defaultValues]);
  const ref = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    if (!disableFocusOnError && fieldErrors && ref.current) focusFirstInvalid(ref.current, fieldErrors);
  }, [fieldErrors, disableFocusOnError]);
  const setRef = (el: HTMLFormElement | null) => {
    ref.current = el;
    if (formRef) (formRef as React.MutableRefObject<HTMLFormElement | null>).current = el;
  };
  return (
    <Form ref={setRef} method={method} id={id} noValidate {...rest}>
      {subaction ? <input type="hidden" name="subaction" value={subaction} /> : null}
      {id ? <input type="hidden" name={FORM_ID_FIELD} value={id} /> : null}
      <CsrfField />
      <ReplyFieldState errors={errors} defaults={defaults}>
        <FirstInvalidContext.Provider value={firstInvalidOf(fieldErrors)}>
          <FormIdContext.Provider value={id ?? "form"}>{children}</FormIdContext.Provider>
        </FirstInvalidContext.Provider>
      </ReplyFieldState>
    </Form>
  );
}
