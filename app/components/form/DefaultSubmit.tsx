/**
 * A form's default button: the first submit button of the form, which Enter in a text field
 * presses (HTML's implicit submission), placed before the form's other buttons (a duplicate check,
 * a row's lookup) so that Enter does what the form is for. Out of sight, out of the tab order and
 * hidden from assistive technology: the visible button with the same intent is the one users see.
 */
import type { ReactNode } from "react";

const OUT_OF_SIGHT = { position: "absolute", left: -9999, width: 1, height: 1, overflow: "hidden" } as const;

export function DefaultSubmit({ intent, children }: { intent: string; children: ReactNode }) {
  return (
    <button type="submit" name="intent" value={intent} tabIndex={-1} aria-hidden="true" style={OUT_OF_SIGHT}>
      {children}
    </button>
  );
}
