/**
 * Where the focus goes when a URL-state dialog closes (ADR 0059; issue 36, WCAG 2.4.3): back to
 * the control that opened it. No server code: pages, components and actions share it.
 *
 * A dialog's opener has a key made of the dialog's URL parameters (`?dialog=edit&pssSeq=12` →
 * `edit-12`; the register button's `?dialog=add` → `add`; the sign-in page's `signup`, `find`).
 * Every way out of the dialog (its close link, 취소, a successful save's redirect) leads to the page
 * with `focus=<key>`, and the page renders the opener with `autofocus` (without JavaScript the
 * browser focuses it as the page loads) and `data-return-focus` (with JavaScript, ModalDialog
 * focuses it when the dialog goes, if the element that opened it is gone).
 */

/** The URL parameter naming the control that takes the focus back. */
export const FOCUS_PARAM = "focus";

/** The attribute of the control that takes the focus back (read by ModalDialog's script). */
export const RETURN_FOCUS_ATTR = "data-return-focus";

/** A key as an id-like word: letters, digits, "-" and "_" only, at most 60 characters. */
const clean = (text: string) => text.replace(/[^\p{L}\p{N}_-]/gu, "").slice(0, 60);

/**
 * The opener key of the dialog a URL shows: its `dialog` parameter, then the values of its record
 * keys (`keys`) present; null without a dialog.
 */
export function dialogOpenerKey(search: string | URLSearchParams, keys: readonly string[] = []): string | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const dialog = params.get("dialog");
  if (!dialog) return null;
  return clean([dialog, ...keys.map((k) => params.get(k) ?? "")].filter(Boolean).join("-")) || null;
}

/** The opener key of a row's dialog: `edit-12`. */
export const rowOpenerKey = (kind: string, seq: string | number) => clean(`${kind}-${seq}`);

/** The key the URL asks to take the focus back, or null. */
export function returnFocusKey(search: string): string | null {
  const key = new URLSearchParams(search).get(FOCUS_PARAM);
  return key ? clean(key) || null : null;
}

/**
 * The props of an opener: `autoFocus` and the marker when the URL gives the focus back to it
 * (nothing otherwise, so a list's twenty rows of buttons carry no extra markup).
 */
export function openerProps(search: string, key: string): { autoFocus?: true; [RETURN_FOCUS_ATTR]?: "" } {
  return returnFocusKey(search) === key ? { autoFocus: true, [RETURN_FOCUS_ATTR]: "" } : {};
}
