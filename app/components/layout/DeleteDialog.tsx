/**
 * The delete question of a list as URL state (or another row action's, R09's term copy) (docs/architecture.md "Dialogs"): '정말 삭제하시겠습니까?', what
 * is about to be deleted, and a form posting the record's key with the confirmed intent; 'cancel'
 * goes back to the list. A Modal with JavaScript, a section of the page without.
 */
import { Button, Group, Text } from "~/components/ui/mantine";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CancelButton } from "~/components/form/DialogFoot";
import { CsrfField } from "~/components/form/field-state";
import { HiddenFields } from "~/components/form/HiddenFields";
import { MSG } from "~/schemas/messages.ko";
import { Dialog } from "./Dialog";

export function DeleteDialog({
  id,
  title,
  subject,
  action,
  fields,
  closeTo,
  name = "confirm",
  question = MSG.confirmDelete,
  verb = { value: "delete", label: "삭제", color: "red" },
}: {
  id: string;
  title: string;
  /** what is deleted, as the user knows it */
  subject: ReactNode;
  /** where the form posts (the list's action, its filter kept) */
  action: string;
  /** the record's key fields */
  fields: Record<string, string | number>;
  closeTo: string;
  /** the submit button's name: 'confirm' (confirmed delete) or 'intent' */
  name?: "confirm" | "intent";
  /** another confirmed row action than the delete (R09's term copy): its question and button */
  question?: string;
  verb?: { value: string; label: string; color?: string };
}) {
  return (
    <Dialog id={id} title={title} closeTo={closeTo} size="md">
      <Text fw={700}>{question}</Text>
      <Text mt={4} c="dark.6">
        {subject}
      </Text>
      <Form method="post" action={action} preventScrollReset>
        <CsrfField />
        <HiddenFields values={fields} />
        <Group mt="md">
          <Button type="submit" name={name} value={verb.value} color={verb.color}>
            {verb.label}
          </Button>
          <CancelButton to={closeTo} />
        </Group>
      </Form>
    </Dialog>
  );
}
