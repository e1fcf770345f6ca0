/**
 * A password input with its show/hide toggle, in a module of its own: only the sign-in, password
 * change and profile forms use it, and in fields.tsx it made every form page load PasswordInput
 * (ADR 0036: esbuild gives a page whatever the modules it imports reach).
 *
 * The toggle (issue 36, WCAG 2.1.1 and 4.1.2) is a button the keyboard reaches (Mantine takes it
 * out of the Tab order) with a stable name, '비밀번호 표시', and its state in `aria-pressed`;
 * Enter and Space turn it. It works by script only: without JavaScript it stays out of the Tab
 * order and the accessibility tree.
 */
import { PasswordInput } from "~/components/ui/mantine";
import { useState } from "react";
import { useHydrated } from "~/components/layout/useHydrated";
import { a11yOf, useFieldId, useFieldState } from "./field-state";
import type { BaseProps } from "./fields";

export function PasswordField({ name, label, required, description, autoFocus, autoComplete }: BaseProps & { autoComplete?: string }) {
  const { error, getInputProps, focus } = useFieldState(name);
  const id = useFieldId(name);
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
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
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        "aria-label": "비밀번호 표시",
        "aria-pressed": hydrated ? visible : undefined,
        "aria-controls": id,
        "aria-hidden": hydrated ? undefined : true,
        tabIndex: hydrated ? 0 : -1,
        onKeyDown: (e: React.KeyboardEvent<HTMLButtonElement>) => {
          // Mantine turns it on Space (and a pointer's press); a button turns on Enter too
          if (e.key === "Enter") {
            e.preventDefault();
            setVisible((v) => !v);
          }
        },
      }}
    />
  );
}
