/**
 * Where the focus goes in the browser when the page changes under it (issue 36; ADR 0059): back to
 * a closed dialog's opener (ModalDialog), to the new page's h1 after a page change
 * (useFocusOnNavigation). A module without components: the root route uses it on every page.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * The marker of the control that takes the focus back (`RETURN_FOCUS_ATTR` of utils/focus-return.ts,
 * written out: this module is in every page's script, the sign-in page's budget among them, and
 * importing that module put it in a chunk of its own on every page; ADR 0044).
 */
const RETURN_FOCUS = "[data-return-focus]";

/** Focuses `opener` if it is still in the page, else the control marked to take the focus back, else the page's h1. */
export function returnFocus(opener: HTMLElement | null) {
  const active = document.activeElement;
  // something else took the focus meanwhile (another dialog, a field marked autofocus)
  if (active && active !== document.body && active.isConnected) return;
  const target = (opener?.isConnected ? opener : null) ?? document.querySelector<HTMLElement>(RETURN_FOCUS) ?? focusableHeading();
  target?.focus();
}

/** The page's h1, made focusable by script (it is no control: no ring, app.css). */
export function focusableHeading(): HTMLElement | null {
  const h1 = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
  if (h1 && !h1.hasAttribute("tabindex")) h1.setAttribute("tabindex", "-1");
  return h1;
}

/**
 * A page change in the browser (another path, not a dialog or a filter of the same page) moves the
 * focus to the new page's h1, so a screen reader reads where the user is (WCAG 4.1.3, 2.4.3), as a
 * page load without JavaScript starts at the top. The focus stays where the new page put it (a
 * field marked autofocus, a dialog) or on a link of the page that stays (a tab).
 */
export function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && active.closest("main, dialog")) return;
    focusableHeading()?.focus({ preventScroll: true });
  }, [pathname]);
}
