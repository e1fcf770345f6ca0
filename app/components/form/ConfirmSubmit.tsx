/**
 * Confirm-before-save and confirm-before-delete (docs/architecture.md "Dialogs"). The action runs only when
 * the post carries `confirm=<action>`:
 * - with JavaScript, the button validates the form, asks in a modal dialog (ModalDialog) and then submits
 *   with a confirm button;
 * - without it, the first post comes back (values kept) with `confirm: <action>` in the reply and
 *   the question shows in the page with its own confirm button.
 * The server side is `needsConfirmation()` in app/utils/confirm.server.ts.
 */
import { Button, Group, Paper, Text } from "~/components/ui/mantine";
import type { ButtonProps } from "@mantine/core";
import { useId, useRef, useState } from "react";
import { useFormContext } from "remix-validated-form";
import { MSG } from "~/schemas/messages.ko";
import { useHydrated } from "~/components/layout/useHydrated";
import { ModalDialog } from "~/components/layout/ModalDialog";
import { CancelAndSubmit, CancelButton } from "./DialogFoot";

export function ConfirmSubmit({
  action,
  label,
  question,
  pending,
  color,
  variant,
  size,
  ariaLabel,
  cancelHref,
  idKey,
}: {
  /** the action name posted as `intent` and, once confirmed, as `confirm` */
  action: string;
  label: string;
  question: string;
  /** the server asked for the confirmation (no-JavaScript path) */
  pending?: boolean;
  color?: ButtonProps["color"];
  variant?: ButtonProps["variant"];
  /** the button's size (the confirmation's own buttons keep theirs) */
  size?: ButtonProps["size"];
  /** the accessible name when the label alone is ambiguous (a row's '삭제': '삭제: 2026년 1학기') */
  ariaLabel?: string;
  /** where 'cancel' leads in the no-JavaScript confirmation */
  cancelHref?: string;
  /** the record the question is about, where a page asks it of several (its ids: ConfirmQuestion) */
  idKey?: string | number;
}) {
  const hydrated = useHydrated();
  const form = useFormContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="submit"
        name="intent"
        value={action}
        color={color}
        variant={variant}
        size={size}
        aria-label={ariaLabel}
        onClick={async (e) => {
          if (!hydrated) return;
          e.preventDefault();
          const button = e.currentTarget;
          const result = await form.validate();
          if (!result.error) setOpen(true);
          // let the form refuse the submit itself: it marks the fields and focuses the first one
          else button.form?.requestSubmit(button);
        }}
      >
        {label}
      </Button>
      <ConfirmQuestion action={action} question={question} open={open} onClose={() => setOpen(false)} pending={pending} color={color} cancelHref={cancelHref} name={label} idKey={idKey} />
    </>
  );
}

/**
 * The question of a confirmed submit, for a form whose button opens it itself (ConfirmSubmit, E17's
 * tab save) or whose server asks it (P17's usage N): with JavaScript a modal dialog whose '확인'
 * submits the form with `confirm=<action>`; without it, when the server asked (`pending`), a step
 * in the page with its own '확인' button.
 *
 * Both are an `alertdialog` (issue 36, WCAG 4.1.2) described by the question and named by the
 * spec's title '알림' with what is asked ('수정 확인', from `name`, for screen readers only); the
 * focus starts on 취소 (the answer that changes nothing), or on 확인 when there is no 취소.
 * '취소' closes the modal (with JavaScript) or leads to `cancelHref`; with `cancelIntent` it posts
 * the form with `intent=<cancelIntent>` instead, for a server that answers a cancel (P17 puts the
 * usage back). Its ids carry `idKey` (the record asked about, where a page asks it of several: one
 * link per survey), else an id of the instance, so that two questions on a page never share one.
 */
export function ConfirmQuestion({
  action,
  question,
  open,
  onClose,
  pending,
  color,
  cancelHref,
  cancelIntent,
  name,
  idKey,
}: {
  action: string;
  question: string;
  open: boolean;
  onClose: () => void;
  pending?: boolean;
  color?: ButtonProps["color"];
  cancelHref?: string;
  /** '취소' posts the form with this intent (the server answers the cancel) */
  cancelIntent?: string;
  /** what is confirmed (the button's label: '수정'): the dialog is named '알림 수정 확인' */
  name?: string;
  /** the record asked about (its key), part of the question's ids */
  idKey?: string | number;
}) {
  const hydrated = useHydrated();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const uid = useId();
  const base = `confirm-${action}-${idKey ?? uid.replace(/[^A-Za-z0-9_-]/g, "")}`;
  const questionId = `${base}-question`;
  const nameId = `${base}-name`;
  const titleId = `${base}-title`;
  const stepId = `${base}-step`;
  return (
    <>
      <button ref={confirmRef} type="submit" name="confirm" value={action} hidden tabIndex={-1} aria-hidden="true" />
      {cancelIntent ? <button ref={cancelRef} type="submit" name="intent" value={cancelIntent} hidden tabIndex={-1} aria-hidden="true" /> : null}
      {hydrated ? (
        <ModalDialog open={open} onDismiss={onClose} title={MSG.alertTitle} titleId={titleId} role="alertdialog" labelledBy={name ? `${titleId} ${nameId}` : titleId} describedBy={questionId}>
          {name ? (
            <span id={nameId} className="visually-hidden">
              {`${name} 확인`}
            </span>
          ) : null}
          <Text id={questionId}>{question}</Text>
          <Group justify="flex-end" mt="md">
            <Button
              variant="default"
              onClick={() => {
                onClose();
                const el = cancelRef.current;
                el?.form?.requestSubmit(el);
              }}
              data-autofocus
            >
              취소
            </Button>
            <Button
              color={color}
              onClick={() => {
                onClose();
                const el = confirmRef.current;
                el?.form?.requestSubmit(el);
              }}
            >
              확인
            </Button>
          </Group>
        </ModalDialog>
      ) : null}
      {pending && !hydrated ? (
        <Paper withBorder p="md" role="alertdialog" aria-label={name ? `${MSG.alertTitle} ${name} 확인` : MSG.alertTitle} aria-describedby={stepId} className="confirm-step">
          <Text id={stepId} fw={700}>
            {question}
          </Text>
          <Group mt="sm">
            <Button type="submit" name="confirm" value={action} color={color} autoFocus={!cancelHref && !cancelIntent}>
              확인
            </Button>
            {cancelIntent ? (
              <Button type="submit" name="intent" value={cancelIntent} variant="default" autoFocus>
                취소
              </Button>
            ) : cancelHref ? (
              <Button component="a" href={cancelHref} variant="default" autoFocus>
                취소
              </Button>
            ) : null}
          </Group>
        </Paper>
      ) : null}
    </>
  );
}

/**
 * The foot of a register/edit dialog: 'cancel' back to the list and the save button that asks
 * '등록 하시겠습니까?' or '수정 하시겠습니까?' first (spec 002 §4).
 */
export function SaveWithConfirm({ update, pending, cancelHref }: { update: boolean; pending: boolean; cancelHref: string }) {
  return (
    <Group justify="flex-end" mt="sm">
      <CancelButton to={cancelHref} />
      <ConfirmSubmit
        action="save"
        label={update ? "수정" : "등록"}
        question={update ? MSG.confirmUpdate : MSG.confirmCreate}
        pending={pending}
        cancelHref={cancelHref}
      />
    </Group>
  );
}

/**
 * A dialog's cancel and save without a question first (the dialogs with attachments: a question
 * step would post the form twice, and chosen files are not kept across it; ADR 0031).
 */
export function SaveWithoutConfirm({ update, cancelHref }: { update: boolean; cancelHref: string }) {
  return <CancelAndSubmit justify="flex-end" gap="sm" cancelHref={cancelHref} label={update ? "수정" : "등록"} />;
}
