/**
 * A password input with its show/hide toggle, in a module of its own: only the sign-in, password
 * change and profile forms use it, and in fields.tsx it made every form page load PasswordInput
 * (ADR 0036: esbuild gives a page whatever the modules it imports reach).
 */
import { PasswordInput } from "~/components/ui/mantine";
import { useFieldId, useFieldState } from "./field-state";
import type { BaseProps } from "./fields";

export function PasswordField({ name, label, required, description, autoFocus, autoComplete }: BaseProps & { autoComplete?: string }) {
  const { error, getInputProps } = useFieldState(name);
  const id = useFieldId(name);
  return (
    <PasswordInput
      {...getInputProps({ autoComplete })}
      id={id}
      label={label}
      description={description}
      withAsterisk={required}
      error={error}
      autoFocus={autoFocus}
      visibilityToggleButtonProps={{ "aria-label": "비밀번호 보기" }}
    />
  );
}
