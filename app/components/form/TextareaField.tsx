/*
 * In a module of its own, like PasswordField: Mantine's Textarea brings react-textarea-autosize,
 * which fields.tsx made every form page load (ADR 0036).
 */
import { Text, Textarea } from "~/components/ui/mantine";
import { useState } from "react";
import { inputFrameOf, useFieldId, useFieldState } from "./field-state";
import type { BaseProps } from "./fields";

/**
 * A multi-line text field. With `maxLength` the textarea carries the schema's limit as its
 * `maxlength` (issue 35: a text the server would refuse cannot be typed, with or without
 * JavaScript) and a live count ('n / max', JavaScript only) is read out politely. A field whose
 * rule counts otherwise (`countOf`, the messenger's collapsed whitespace) keeps only the count:
 * the attribute would refuse a text the rule accepts.
 */
const plainLength = (v: string) => v.length;

export function TextareaField({
  name,
  label,
  required,
  description,
  autoFocus,
  maxLength,
  rows = 6,
  countOf = plainLength,
}: BaseProps & { maxLength?: number; rows?: number; countOf?: (value: string) => number }) {
  const { error, getInputProps, focus } = useFieldState(name);
  const id = useFieldId(name);
  const props = getInputProps();
  const [count, setCount] = useState<number | null>(null);
  return (
    <div>
      <Textarea
        {...props}
        onInput={maxLength ? (e: React.FormEvent<HTMLTextAreaElement>) => setCount(countOf(e.currentTarget.value)) : undefined}
        {...inputFrameOf({ id, label, description, required, error, autoFocus: autoFocus || focus })}
        rows={rows}
        maxLength={maxLength && countOf === plainLength ? maxLength : undefined}
      />
      {maxLength && count !== null ? (
        <Text size="xs" mt={4} c={count > maxLength ? "red.9" : "dimmed"} aria-live="polite" data-testid={`${id}-count`}>
          {count} / {maxLength}
        </Text>
      ) : null}
    </div>
  );
}
