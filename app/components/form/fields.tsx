/**
 * Form fields, whatever keeps their state (field-state.tsx: remix-validated-form under AppForm,
 * the action's reply under a server-validated form; ADR 0047): each has a visible label, says it is
 * required (`aria-required`, the visible `*` being aria-hidden) and shows its error under it with
 * `aria-invalid` and `aria-describedby` (Mantine's for a field's own message; a group's parts name
 * the group's message), re-fills from the server's repopulated values when JavaScript is off, and
 * takes focus when it is the first failing field after a submit: the form's reply says which
 * (`focus`, server-rendered `autofocus`; ADR 0060).
 * Only Mantine inputs that work without JavaScript are used (TextInput, PasswordInput's input,
 * NativeSelect, Checkbox).
 */
import { Checkbox, Group, NativeSelect, Stack, Text, TextInput } from "~/components/ui/mantine";
import { useState, type ReactNode } from "react";
import { a11yOf, inputFrameOf, useFieldId, useFieldState, type FieldState } from "./field-state";
import { filterNumberInput } from "~/schemas/choices";

export interface BaseProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  description?: ReactNode;
  /** server-rendered focus for the first failing field (works without JavaScript) */
  autoFocus?: boolean;
}

/** A labelled group of controls: fieldset, legend (with the required mark) and one error line. */
export function FieldGroup({ legend, required, error, errorId, errorRole, children, grow }: { legend: ReactNode; required?: boolean; error?: string | null; errorId?: string; errorRole?: "alert"; children: ReactNode; grow?: boolean }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0, ...(grow ? { flexBasis: "100%" } : {}) }}>
      <legend>
        <Text component="span" size="sm" fw={500}>
          {legend}
          {required ? (
            <>
              <Text component="span" c="red.9" aria-hidden>
                {" *"}
              </Text>
              <span className="visually-hidden"> (필수)</span>
            </>
          ) : null}
        </Text>
      </legend>
      {children}
      {error ? (
        <Text id={errorId} c="red.9" size="xs" mt={4} role={errorRole}>
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}

export function TextField({
  name,
  label,
  required,
  description,
  autoFocus,
  ...input
}: BaseProps & {
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email" | "tel";
  maxLength?: number;
  placeholder?: string;
  readOnly?: boolean;
  onValueChange?: (value: string) => void;
  w?: number | string;
  "aria-label"?: string;
  /** the value when the form's defaults have none (a field of a dialog's row) */
  defaultValue?: string;
  /** what a typed value keeps, with JavaScript (e.g. digits only); the schema refuses the rest */
  keep?: (value: string) => string;
}) {
  const { error, getInputProps, focus } = useFieldState(name);
  const id = useFieldId(name);
  const { onValueChange, defaultValue, keep, ...rest } = input;
  const props = getInputProps({
    ...rest,
    onChange: onValueChange ? (e: React.ChangeEvent<HTMLInputElement>) => onValueChange(e.currentTarget.value) : undefined,
  });
  const onInput = (e: React.FormEvent<HTMLInputElement>) => {
    const kept = keep!(e.currentTarget.value);
    if (kept !== e.currentTarget.value) e.currentTarget.value = kept;
  };
  return (
    <TextInput
      {...props}
      {...(defaultValue !== undefined ? { defaultValue } : {})}
      onInput={keep ? onInput : undefined}
      {...inputFrameOf({ id, label, description, required, error, autoFocus: autoFocus || focus })}
    />
  );
}

/**
 * A one-time code typed by hand (the authenticator app's, the one find-password sends): digits on
 * a phone's keyboard, filled by the phone and by password managers (`autocomplete="one-time-code"`),
 * required, its message tied to the input like every field's. The schema checks the digits.
 */
export function OneTimeCodeField({ name = "code", label, description, maxLength, autoFocus }: Omit<BaseProps, "name" | "required"> & { name?: string; maxLength: number }) {
  return <TextField name={name} label={label} required autoComplete="one-time-code" inputMode="numeric" maxLength={maxLength} autoFocus={autoFocus} description={description} />;
}

/**
 * A number typed as text: with JavaScript only what `decimals` and `maxLength` allow is kept while
 * typing (without it the schema refuses the rest), and a value `over` its cap is cleared with the
 * cap's message as the user leaves the field (the server answers the same without JavaScript).
 */
export function NumberTextField({
  name,
  label,
  required,
  autoFocus,
  decimals = 0,
  maxLength,
  over,
}: BaseProps & { decimals?: number; maxLength: number; over?: { test: (value: string) => boolean; message: string } }) {
  const { error, getInputProps, focus, afterPress = (run) => run() } = useFieldState(name);
  const id = useFieldId(name);
  const [notice, setNotice] = useState<string | null>(null);
  const onBlur = (e: React.FocusEvent<HTMLInputElement>) => {
    if (over?.test(e.currentTarget.value)) {
      // the value goes at once (a post made by the same press sends it cleared); its message once
      // the press has ended, so that it cannot move the button from under the pointer (ADR 0086)
      e.currentTarget.value = "";
      afterPress(() => setNotice(over.message), e.currentTarget);
    }
  };
  return (
    <TextInput
      {...getInputProps({ onBlur })}
      id={id}
      label={label}
      withAsterisk={required}
      {...a11yOf(required, false)}
      inputMode={decimals ? "decimal" : "numeric"}
      maxLength={maxLength}
      autoComplete="off"
      autoFocus={autoFocus || focus}
      onInput={(e: React.FormEvent<HTMLInputElement>) => {
        const el = e.currentTarget;
        const next = filterNumberInput(el.value, decimals, maxLength);
        if (next !== el.value) el.value = next;
        if (notice) setNotice(null);
      }}
      error={notice ? <span role="alert">{notice}</span> : error}
    />
  );
}

export function SelectField({
  name,
  label,
  required,
  options,
  placeholder,
  autoFocus,
  w,
  hideLabel,
  onValueChange,
  description,
  size,
  defaultValue,
}: BaseProps & {
  options: { value: string; label: string }[];
  placeholder?: string;
  w?: number | string;
  hideLabel?: boolean;
  onValueChange?: (value: string) => void;
  size?: "xs" | "sm";
  /** the value when the form's defaults have none (a field of a dialog's row) */
  defaultValue?: string;
}) {
  const { error, getInputProps, focus } = useFieldState(name);
  const id = useFieldId(name);
  const data = placeholder ? [{ value: "", label: placeholder }, ...options] : options;
  return (
    <NativeSelect
      {...getInputProps({ onChange: onValueChange ? (e: React.ChangeEvent<HTMLSelectElement>) => onValueChange(e.currentTarget.value) : undefined })}
      {...(defaultValue !== undefined ? { defaultValue } : {})}
      id={id}
      description={description}
      size={size}
      label={hideLabel ? undefined : label}
      aria-label={hideLabel && typeof label === "string" ? label : undefined}
      withAsterisk={required}
      {...a11yOf(required, false)}
      error={error}
      data={data}
      autoFocus={autoFocus || focus}
      w={w}
    />
  );
}

/** A record's year in its dialog: read-only once saved (editing), else chosen among `years` ('2026년'). */
export function RecordYearField({ editing, label, years, onValueChange }: { editing: boolean; label: string; years: readonly number[]; onValueChange: (value: string) => void }) {
  return editing ? (
    <TextField name="year" label={label} readOnly w={120} />
  ) : (
    <SelectField name="year" label={label} required options={years.map((y) => ({ value: String(y), label: `${y}년` }))} w={140} onValueChange={onValueChange} />
  );
}

export function CheckboxField({ name, label, value = "on" }: { name: string; label: ReactNode; value?: string }) {
  const { getInputProps } = useFieldState(name);
  const id = useFieldId(name);
  const { defaultValue, defaultChecked, ...props } = getInputProps({ type: "checkbox" }) as ReturnType<typeof getInputProps> & { defaultChecked?: boolean };
  const checked = Boolean(defaultChecked) || defaultValue === value || defaultValue === true || defaultValue === "on";
  return <Checkbox {...props} id={id} value={value} defaultChecked={checked} label={label} />;
}

/**
 * A group of checkboxes sharing one name, in a fieldset with a legend. `readOnly` shows the values
 * without letting them change: the boxes are disabled (still read out, checked or not, with the
 * `note` saying why) and the checked values are posted from hidden inputs, so the form sends what
 * is stored and the server decides.
 */
export function CheckboxGroupField({
  name,
  legend,
  options,
  required,
  readOnly,
  note,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  readOnly?: boolean;
  note?: string;
}) {
  const { error, getInputProps, focus } = useFieldState(name);
  const baseId = useFieldId(name);
  const { defaultValue } = getInputProps();
  const selected = new Set(Array.isArray(defaultValue) ? defaultValue.map(String) : defaultValue ? [String(defaultValue)] : []);
  const errorId = `${baseId}-error`;
  const noteId = `${baseId}-note`;
  const describedBy = [error ? errorId : null, note ? noteId : null].filter(Boolean).join(" ") || undefined;
  return (
    <FieldGroup legend={legend} required={required} error={error} errorId={errorId}>
      <Group gap="md" mt={4}>
        {options.map((o, i) => (
          <Checkbox
            key={o.value}
            id={`${baseId}-${o.value}`}
            name={readOnly ? undefined : name}
            value={o.value}
            defaultChecked={selected.has(o.value)}
            disabled={readOnly}
            label={o.label}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            autoFocus={focus && i === 0}
          />
        ))}
      </Group>
      {readOnly ? options.filter((o) => selected.has(o.value)).map((o) => <input key={o.value} type="hidden" name={name} value={o.value} />) : null}
      {note ? (
        <Text id={noteId} size="xs" c="dimmed" mt={4}>
          {note}
        </Text>
      ) : null}
    </FieldGroup>
  );
}

export { Stack };

/**
 * The props of one part of a group field (phone, e-mail, birth date): required, and while the part
 * has a message it is `aria-invalid` and described by the group's message (`errorId`, shown once
 * under the group). Mantine writes an input's `aria-describedby` from its own message alone, so the
 * part's message is given to Mantine with its id set to the group's and its own line left out of
 * the layout (`inputWrapperOrder`).
 */
function partOf(required: boolean | undefined, message: string | null | undefined, errorId: string) {
  return {
    ...a11yOf(required, false),
    error: message || undefined,
    errorProps: { id: errorId },
    inputWrapperOrder: ["input"] as ("input" | "label" | "description" | "error")[],
  };
}

/** Phone: prefix select (010/011/016/018/019) and two parts of at most 4 digits. */
export function PhoneField({
  names = ["telNo1", "telNo2", "telNo3"],
  legend = "연락처",
  required,
  prefixes,
}: {
  names?: [string, string, string];
  legend?: string;
  required?: boolean;
  prefixes: readonly string[];
}) {
  const first = useFieldState(names[0]);
  const second = useFieldState(names[1]);
  const third = useFieldState(names[2]);
  const ids = [useFieldId(names[0]), useFieldId(names[1]), useFieldId(names[2])];
  const error = first.error ?? second.error ?? third.error;
  const errorId = `${ids[0]}-group-error`;
  const digitsOnly = (e: React.FormEvent<HTMLInputElement>) => {
    const el = e.currentTarget;
    const clean = el.value.replace(/[^0-9]/g, "").slice(0, 4);
    if (clean !== el.value) el.value = clean;
  };
  const partProps = (f: FieldState, id: string, label: string) =>
    ({ ...f.getInputProps(), onInput: digitsOnly, id, inputMode: "numeric" as const, maxLength: 4, autoComplete: "off", "aria-label": label, ...partOf(required, f.error, errorId) });
  return (
    <FieldGroup legend={legend} required={required} error={error} errorId={errorId}>
      <Group gap={6} wrap="nowrap" mt={4} align="flex-start">
        <NativeSelect
          {...first.getInputProps()}
          id={ids[0]}
          aria-label={`${legend} 앞자리`}
          data={prefixes.map((p) => ({ value: p, label: p }))}
          autoFocus={first.focus}
          {...partOf(required, first.error, errorId)}
          w={90}
        />
        <span aria-hidden>-</span>
        <TextInput {...partProps(second, ids[1], `${legend} 가운데 자리`)} autoFocus={second.focus && !first.focus} w={90} />
        <span aria-hidden>-</span>
        <TextInput {...partProps(third, ids[2], `${legend} 끝자리`)} autoFocus={third.focus && !first.focus && !second.focus} w={90} />
      </Group>
    </FieldGroup>
  );
}

/**
 * E-mail: local part + '@' + domain code. Whitespace typed into the local part is removed at once
 * with the notice '이메일에 공백은 입력할 수 없습니다.' (the server refuses it with the same message).
 */
export function EmailField({
  names = ["email", "emailCd"],
  legend = "이메일",
  required,
  domains,
  noSpaceMessage,
}: {
  names?: [string, string];
  legend?: string;
  required?: boolean;
  domains: { value: string; label: string }[];
  noSpaceMessage: string;
}) {
  const local = useFieldState(names[0]);
  const domain = useFieldState(names[1]);
  const [notice, setNotice] = useState<string | null>(null);
  const ids = [useFieldId(names[0]), useFieldId(names[1])];
  const error = local.error ?? domain.error ?? notice;
  const errorId = `${ids[0]}-group-error`;
  return (
    <FieldGroup legend={legend} required={required} error={error} errorId={errorId} errorRole={notice && !local.error ? "alert" : undefined}>
      <Group gap={6} wrap="nowrap" mt={4} align="flex-start">
        <TextInput
          id={ids[0]}
          autoComplete="off"
          aria-label={`${legend} 아이디`}
          {...local.getInputProps()}
          onInput={(e: React.FormEvent<HTMLInputElement>) => {
              const el = e.currentTarget;
              if (/\s/.test(el.value)) {
                el.value = el.value.replace(/\s/g, "");
                setNotice(noSpaceMessage);
              } else setNotice(null);
            }}
          autoFocus={local.focus}
          {...partOf(required, local.error ?? notice, errorId)}
          style={{ flex: 1 }}
        />
        <span aria-hidden>@</span>
        <NativeSelect
          {...domain.getInputProps()}
          id={ids[1]}
          aria-label={`${legend} 도메인`}
          data={[{ value: "", label: "선택" }, ...domains]}
          autoFocus={domain.focus}
          {...partOf(required, domain.error, errorId)}
          style={{ flex: 1 }}
        />
      </Group>
    </FieldGroup>
  );
}

/** Digits typed into a date field become 'YYYY-MM-DD' (max 10 characters). */
export function autoDashDate(value: string): string {
  const d = value.replace(/[^0-9]/g, "").slice(0, 8);
  if (d.length <= 4) return d;
  if (d.length <= 6) return `${d.slice(0, 4)}-${d.slice(4)}`;
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
}

/**
 * A date typed as text: 'YYYY-MM-DD', at most 10 characters; with JavaScript the dashes are put
 * in as the digits are typed (spec 001 §2). Works as a plain text field without it.
 */
export function DateField({ name, label, required, autoFocus, disabled }: BaseProps & { disabled?: boolean }) {
  const { error, getInputProps, focus } = useFieldState(name);
  const id = useFieldId(name);
  return (
    <TextInput
      {...getInputProps()}
      {...inputFrameOf({ id, label, required, error, autoFocus: autoFocus || focus })}
      disabled={disabled}
      placeholder="YYYY-MM-DD"
      inputMode="numeric"
      maxLength={10}
      autoComplete="off"
      onInput={(e: React.FormEvent<HTMLInputElement>) => {
        const el = e.currentTarget;
        const next = autoDashDate(el.value);
        if (next !== el.value) el.value = next;
      }}
    />
  );
}

/** Birth date as year (1980 … current+10), month and day selects (spec 001 §2). */
export function BirthDateField({
  names = ["brdeY", "brdeM", "brdeD"],
  legend = "생년월일",
  required,
  currentYear,
}: {
  names?: [string, string, string];
  legend?: string;
  required?: boolean;
  currentYear: number;
}) {
  const y = useFieldState(names[0]);
  const m = useFieldState(names[1]);
  const d = useFieldState(names[2]);
  const ids = [useFieldId(names[0]), useFieldId(names[1]), useFieldId(names[2])];
  const error = y.error ?? m.error ?? d.error;
  const errorId = `${ids[0]}-group-error`;
  const years = Array.from({ length: currentYear + 10 - 1980 + 1 }, (_, i) => String(currentYear + 10 - i));
  const pad = (n: number) => String(n).padStart(2, "0");
  const part = (f: FieldState, id: string, label: string, data: { value: string; label: string }[], w: number) => (
    <NativeSelect
      {...f.getInputProps()}
      id={id}
      aria-label={`${legend} ${label}`}
      data={[{ value: "", label }, ...data]}
      autoFocus={f.focus}
      {...partOf(required, f.error, errorId)}
      w={w}
    />
  );
  return (
    <FieldGroup legend={legend} required={required} error={error} errorId={errorId}>
      <Group gap={6} mt={4} wrap="nowrap">
        {part(y, ids[0], "년", years.map((v) => ({ value: v, label: `${v}년` })), 110)}
        {part(m, ids[1], "월", Array.from({ length: 12 }, (_, i) => ({ value: pad(i + 1), label: `${i + 1}월` })), 90)}
        {part(d, ids[2], "일", Array.from({ length: 31 }, (_, i) => ({ value: pad(i + 1), label: `${i + 1}일` })), 90)}
      </Group>
    </FieldGroup>
  );
}
