/**
 * The browser's own modal dialog (`<dialog>`, ADR 0036), the one frame of every dialog: Dialog (URL
 * state) and ConfirmSubmit (the question before a save or a delete) render their content in it.
 *
 * `showModal()` gives what a modal needs without a library: the rest of the page is inert, the focus
 * moves into the dialog and returns where it was on close, Escape asks to dismiss, and the dialog is
 * drawn above everything (no portal). Mantine's Modal did the same with about 28 KB of gzipped
 * script on every page (its focus trap, scroll lock, scroll area and floating-ui).
 *
 * - `inPage`: the server renders the dialog open as a section of the page (no JavaScript needed:
 *   a form in it posts like any other); once the page runs JavaScript the same element, with
 *   whatever was typed into it, becomes modal.
 * - otherwise the dialog is closed until `open` turns true.
 * Escape, a click on the backdrop and the ✕ button call `onDismiss`.
 *
 * The focus comes back to what opened the dialog (issue 36, WCAG 2.4.3; ADR 0059): `close()` gives
 * it back itself, but a URL-state dialog goes by a navigation that unmounts it, and an element
 * removed from the page gives the focus to <body>. So the dialog remembers the focused element
 * when it becomes modal and, once it is gone, focuses that element if it is still in the page,
 * else the control the URL names (`data-return-focus`, `focus=`), else the page's h1 (the row of
 * a confirmed delete is gone).
 */
import { CloseButton, Title } from "~/components/ui/mantine";
import { useEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "./useHydrated";
import { returnFocus } from "./focus";

const WIDTHS: Record<string, string> = { xs: "320px", sm: "380px", md: "440px", lg: "620px", xl: "780px" };

export function ModalDialog({
  id,
  title,
  titleId,
  size = "md",
  open,
  inPage = false,
  onDismiss,
  autoFocus,
  footer,
  role,
  describedBy,
  labelledBy,
  children,
}: {
  id?: string;
  title: ReactNode;
  titleId: string;
  /** xs … xl as Mantine names them, or a CSS width */
  size?: string;
  open: boolean;
  inPage?: boolean;
  onDismiss: () => void;
  /** without JavaScript: the in-page dialog takes the focus (the browser scrolls to it) */
  autoFocus?: boolean;
  /** shown only without JavaScript, below the content (a close link) */
  footer?: ReactNode;
  /** `alertdialog` for a question that needs an answer (ConfirmQuestion) */
  role?: "alertdialog";
  /** the id of the text that describes the dialog (a question) */
  describedBy?: string;
  /** the ids that name the dialog (default: its title's) */
  labelledBy?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDialogElement>(null);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  /** the element focused when the dialog became modal: it takes the focus back */
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const el = ref.current;
    // made modal once the page has hydrated: before that the dialog still holds the markup of a
    // page without JavaScript (the close link at its foot, no ✕ button), and the focus that
    // showModal() gives the first control would go down to that link, which then goes away
    if (!el || !hydrated) return;
    if (open && !el.hasAttribute("data-modal")) {
      // an in-page dialog is open but not modal: showModal() refuses an open dialog
      if (el.open) el.close();
      // the autofocus of the in-page form would focus the dialog itself; let the browser focus
      // its first field instead (or the field in error, which carries its own autofocus)
      el.removeAttribute("autofocus");
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body && !el.contains(active) ? active : null;
      el.showModal();
      el.setAttribute("data-modal", "");
      // a question's answer marked data-autofocus (ConfirmQuestion's 취소) takes the focus; else a
      // form's first field, the user types at once; a dialog without one keeps what showModal()
      // chose: a field marked autofocus (the one in error), else the ✕ at its top
      const answer = el.querySelector<HTMLElement>("[data-autofocus]");
      if (answer) answer.focus();
      else if (!el.querySelector("[autofocus]")) el.querySelector<HTMLElement>("form :is(input:not([type=hidden]):not([readonly]), select, textarea:not([readonly])):not([disabled])")?.focus();
    } else if (!open && el.open) {
      el.close();
      el.removeAttribute("data-modal");
    }
  }, [open, hydrated]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      dismiss.current();
    };
    // a dialog the browser closed by itself: Chrome's close watcher takes a second Escape with no
    // user activation between as "close" without a "cancel" first. The page must follow (a URL-
    // state dialog still open in the URL, a question still asked), so it is a dismiss too; the
    // component's own close() has taken data-modal off before the event comes, and the close of an
    // in-page dialog on its way to modal comes when it is open again
    const onClose = () => {
      if (el.open || !el.hasAttribute("data-modal")) return;
      el.removeAttribute("data-modal");
      dismiss.current();
    };
    el.addEventListener("cancel", onCancel);
    el.addEventListener("close", onClose);
    return () => {
      el.removeEventListener("cancel", onCancel);
      el.removeEventListener("close", onClose);
      // unmounted while modal (a URL-state dialog closed by a navigation): once the page has
      // settled, the focus goes back (close() does it for a dialog that stays in the page)
      if (el.hasAttribute("data-modal")) {
        const back = opener.current;
        window.setTimeout(() => returnFocus(back), 0);
      }
    };
  }, []);

  return (
    <dialog
      ref={ref}
      id={id}
      open={inPage && open ? true : undefined}
      role={role}
      aria-labelledby={labelledBy ?? titleId}
      aria-describedby={describedBy}
      tabIndex={-1}
      autoFocus={inPage && !hydrated ? autoFocus : undefined}
      className="app-dialog"
      style={{ maxWidth: WIDTHS[size] ?? size }}
      // the dialog's own box is only its backdrop: its content sits in .app-dialog-body
      onClick={(e) => {
        if (e.target === e.currentTarget && e.currentTarget.hasAttribute("data-modal")) dismiss.current();
      }}
    >
      <div className="app-dialog-body">
        <div className="app-dialog-head">
          <Title order={2} id={titleId} size="h3">
            {title}
          </Title>
          {hydrated ? <CloseButton aria-label="닫기" onClick={() => dismiss.current()} /> : null}
        </div>
        {children}
        {hydrated ? null : footer}
      </div>
    </dialog>
  );
}
