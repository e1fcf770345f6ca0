/**
 * A dialog that is URL state (docs/architecture.md "Dialogs"): without JavaScript its content renders in the page as a
 * labelled dialog section with a close link; with JavaScript the same element becomes modal
 * (ModalDialog, the browser's `<dialog>`), and closing it navigates to `closeTo`.
 *
 * Opened without JavaScript, the dialog takes the focus (`autofocus` on a `tabindex=-1` element),
 * as a modal would: the browser scrolls to it and a screen reader announces its title. After a
 * failed post the field in error takes the focus instead (the forms mark it `autoFocus`).
 */
import { Anchor } from "~/components/ui/mantine";
import { Link, useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { ModalDialog } from "./ModalDialog";
import { useFormReply } from "~/components/form/field-state";

export function Dialog({ id, title, closeTo, children, size = "lg" }: { id: string; title: string; closeTo: string; children: ReactNode; size?: string }) {
  const navigate = useNavigate();
  const reply = useFormReply() as { fieldErrors?: Record<string, unknown>; confirm?: string } | undefined;
  // a field in error, or the question a post came back with (ConfirmQuestion's 취소), takes the focus
  const fieldTakesFocus = Boolean((reply?.fieldErrors && Object.keys(reply.fieldErrors).length) || reply?.confirm);
  return (
    <ModalDialog
      id={id}
      title={title}
      titleId={`${id}-title`}
      size={size}
      open
      inPage
      autoFocus={!fieldTakesFocus}
      onDismiss={() => navigate(closeTo, { preventScrollReset: true })}
      footer={
        <Anchor component={Link} to={closeTo} mt="md" display="inline-block">
          닫기
        </Anchor>
      }
    >
      {children}
    </ModalDialog>
  );
}
