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

/** What a new password must be (spec 000 §9; schemas/rules.ts `isValidPassword`). */
export const NEW_PASSWORD_RULE = "영문, 숫자, 특수문자 또는 대소문자를 섞어 8자 이상 64자 이하";

/**
 * A password change's fields (spec 000 §5), one block for every form that changes a password:
 * the current password (unless `current` is false: find-password's change proves the account by
 * its code), the new one and the new one again. `required` marks them (the forced change, the
 * change after find-password); the profile's are optional, for a change only. `autoFocus` names
 * the field that takes the focus (the first one a reply marks takes it anyway, field-state.tsx).
 * The forced change's and the profile's rules are one schema too (schemas/rules.ts
 * `passwordChangeFields`).
 */
export function PasswordChangeFields({
  required,
  current = {},
  newDescription = NEW_PASSWORD_RULE,
  autoFocus,
}: {
  required?: boolean;
  current?: { description?: string } | false;
  newDescription?: string;
  /** the field's name (`currentPass`, `userPass` or `userPassChk`); another name focuses none of them */
  autoFocus?: string;
}) {
  return (
    <>
      {current ? (
        <PasswordField name="currentPass" label="현재 비밀번호" required={required} autoComplete="current-password" autoFocus={autoFocus === "currentPass"} description={current.description} />
      ) : null}
      <PasswordField name="userPass" label="새 비밀번호" required={required} autoComplete="new-password" autoFocus={autoFocus === "userPass"} description={newDescription} />
      <PasswordField name="userPassChk" label="새 비밀번호 확인" required={required} autoComplete="new-password" autoFocus={autoFocus === "userPassChk"} />
    </>
  );
}
