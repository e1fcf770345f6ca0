/**
 * A password input with its show/hide toggle, in a module of its own: only the sign-in, password
 * change and profile forms use it, and in fields.tsx it made every form page load PasswordInput
 * (ADR 0036: esbuild gives a page whatever the modules it imports reach).
 */
import { PasswordInput } from "~/components/ui/mantine";
import { a11yOf, useFieldId, useFieldState } from "./field-state";
import type { BaseProps } from "./fields";

export function PasswordField({ name, label, required, description, autoFocus, autoComplete }: BaseProps & { autoComplete?: string }) {
  const { error, getInputProps, focus } = useFieldState(name);
  const id = useFieldId(name);
  return (
    <PasswordInput
      {...getInputProps({ autoComplete })}
      id={id}
      label={label}
      description={description}
      withAsterisk={required}
      // Mantine's PasswordInput writes no aria-invalid on its input (issue 36 item 5)
      {...a11yOf(required, error)}
      error={error}
      autoFocus={autoFocus || focus}
      visibilityToggleButtonProps={{ "aria-label": "비밀번호 보기" }}
    />
  );
}
