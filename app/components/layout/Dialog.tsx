/**
 * A dialog that is URL state (docs/architecture.md "Dialogs"): without JavaScript its content renders in the page as a
 * labelled section with a close link; with JavaScript the same content opens as a Mantine Modal,
 * and closing it navigates to `closeTo`.
 *
 * Opened without JavaScript, the section takes the focus (`autofocus` on a `tabindex=-1` section),
 * as a Modal would: the browser scrolls to it and a screen reader announces its title. After a
 * failed post the field in error takes the focus instead (the forms mark it `autoFocus`).
 */
import { Anchor, Modal, Paper, Title } from "@mantine/core";
import { Link, useActionData, useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "./useHydrated";

export function Dialog({ id, title, closeTo, children, size = "lg" }: { id: string; title: string; closeTo: string; children: ReactNode; size?: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const reply = useActionData() as { fieldErrors?: Record<string, unknown> } | undefined;
  const fieldTakesFocus = Boolean(reply?.fieldErrors && Object.keys(reply.fieldErrors).length);
  const titleId = `${id}-title`;
  if (hydrated) {
    return (
      <Modal
        opened
        onClose={() => navigate(closeTo, { preventScrollReset: true })}
        title={<span id={titleId}>{title}</span>}
        size={size}
        closeButtonProps={{ "aria-label": "닫기" }}
        centered
      >
        {children}
      </Modal>
    );
  }
  return (
    <Paper component="section" id={id} aria-labelledby={titleId} tabIndex={-1} autoFocus={!fieldTakesFocus} withBorder shadow="sm" p="lg" mt="lg" radius="md">
      <Title order={2} id={titleId} size="h3" mb="md">
        {title}
      </Title>
      {children}
      <Anchor component={Link} to={closeTo} mt="md" display="inline-block">
        닫기
      </Anchor>
    </Paper>
  );
}
