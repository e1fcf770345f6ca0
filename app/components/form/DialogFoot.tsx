/**
 * The foot of a dialog without a question before it posts: 'cancel' back to the list (or the page
 * under the dialog) and a submit button with an intent. The questions asked first are
 * ConfirmSubmit's; this module stays free of the validated form so that a page without one (the
 * delete question of every list) does not load it.
 */
import { Button, Group } from "~/components/ui/mantine";
import type { GroupProps } from "@mantine/core";
import { Link } from "@remix-run/react";

/** A dialog's 'cancel': a link back to where it was opened, the scroll kept. */
export function CancelButton({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} variant="default" preventScrollReset>
      취소
    </Button>
  );
}

/** 'Cancel' and a submit button posting `intent` (default `save`), placed by Mantine's Group props. */
export function CancelAndSubmit({ cancelHref, intent = "save", label, ...group }: { cancelHref: string; intent?: string; label: string } & GroupProps) {
  return (
    <Group {...group}>
      <CancelButton to={cancelHref} />
      <Button type="submit" name="intent" value={intent}>
        {label}
      </Button>
    </Group>
  );
}
