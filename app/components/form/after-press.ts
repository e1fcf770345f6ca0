/**
 * A field's check on leaving it waits for a press of the mouse (or a pen) to end (ADR 0086).
 *
 * The focus leaves a field on the button's pointerdown, but the button acts on the click, after the
 * pointerup. A message the check puts under the field in between moves everything below it down:
 * the pointer comes up beside the button (저장, 취소, a link) and the browser sends no click. The
 * user sees one field's message, not the form's, and has to press again. So while a press is in
 * progress, the form's check of the field (the library's `onBlur`) runs once it has ended, after
 * the click it made; the field's own `onBlur` (a value tidied on leaving) still runs at once, so a
 * post made by the same press sends the tidied value. A tap on a touch screen sends its click with
 * the pointer already up, and a key moves the focus without a press: both check at once, as before.
 */
import type { GetInputProps, MinimalInputProps } from "./field-state";

let pressing = false;
let tracking = false;
const afterRelease: Array<() => void> = [];

function released() {
  pressing = false;
  const runs = afterRelease.splice(0);
  // after the click that the same release dispatches
  if (runs.length) setTimeout(() => runs.forEach((run) => run()), 0);
}

/** Starts following presses on the page (once; a form calls it when it mounts). */
export function followPresses() {
  if (tracking || typeof window === "undefined") return;
  tracking = true;
  window.addEventListener(
    "pointerdown",
    (e) => {
      if (e.pointerType !== "touch") pressing = true;
    },
    true,
  );
  window.addEventListener("pointerup", released, true);
  window.addEventListener("pointercancel", released, true);
}

/**
 * Runs `run` now, or, during a press, once the press has ended (after its click). With the `field`
 * it concerns, a run held back is dropped if the press took that field away (a page left, a dialog
 * closed by 취소): there is nothing left to show.
 */
export function afterPress(run: () => void, field?: unknown) {
  if (!pressing) return run();
  afterRelease.push(() => {
    if (!(field instanceof Element) || field.isConnected) run();
  });
}

/** The form's input props, with its check on leaving the field held until a press has ended. */
export function checkAfterPress(getInputProps: GetInputProps): GetInputProps {
  // GetInputProps is generic in the input's props; what is wrapped here is only their onBlur
  const wrapped = (props?: { onBlur?: MinimalInputProps["onBlur"] }): MinimalInputProps => {
    const own = props?.onBlur;
    const inputProps = getInputProps<MinimalInputProps>({ ...props, onBlur: undefined });
    const check = inputProps.onBlur;
    if (!check) return inputProps;
    return {
      ...inputProps,
      onBlur: (...args: unknown[]) => {
        own?.(...args);
        afterPress(() => check(...args), (args[0] as { target?: unknown } | undefined)?.target);
      },
    };
  };
  return wrapped as GetInputProps;
}
