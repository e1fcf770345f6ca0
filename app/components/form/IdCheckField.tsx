/**
 * The id field with its duplicate check (spec 000 §4 sign-up, §5 user administration). Without
 * JavaScript the button posts the whole form with intent=idcheck and the form comes back with
 * every field kept and `idCheck` in the reply; with JavaScript a fetcher checks only the id.
 * Editing the id forgets the check; the hidden `idCheckedFor` tells the schema which id passed.
 */
import { Button, Group, Text } from "~/components/ui/mantine";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { TextField } from "~/components/form/fields";
import { useCsrfToken } from "~/components/layout/useRootData";

export interface IdCheckState {
  userId: string;
  available: boolean;
  message: string;
}

export interface IdCheckReply {
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
  alert?: string;
  idCheck?: IdCheckState;
}

export function IdCheckField({ reply, action, autoFocus }: { reply?: IdCheckReply; action: string; autoFocus?: boolean }) {
  const csrf = useCsrfToken();
  const fetcher = useFetcher<IdCheckReply>();
  // What the field says is worked out from the replies on each render, not copied into state by
  // an effect: an effect keyed on fetcher.data was, now and then on a loaded machine, not run after
  // the check's reply had rendered, and the answer never showed (the flaky keyboard-forms test).
  // An edit dismisses the answers seen so far: the page's reply and the check's reply of that time.
  const [edit, setEdit] = useState<{ data?: IdCheckReply }>();
  const live = fetcher.data !== edit?.data ? fetcher.data : undefined;
  const check = (live ?? (edit ? undefined : reply))?.idCheck;
  const checkedFor = check ? (check.available ? check.userId : "") : edit ? "" : String(reply?.repopulateFields?.idCheckedFor ?? "");
  const idError = live && !check ? (live.fieldErrors?.userId ?? live.alert) : null;

  const idMessage = idError ?? check?.message;
  // a reply that marks the id shows its message under the field (the check's answer without
  // JavaScript); a check made since (the fetcher) answers here, whatever an earlier submit said
  const shownByField = Boolean(reply?.fieldErrors?.userId) && !fetcher.data;
  return (
    <>
      <input type="hidden" name="idCheckedFor" value={checkedFor} />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <div style={{ flex: 1 }}>
          <TextField
            name="userId"
            label="아이디"
            required
            autoComplete="username"
            autoFocus={autoFocus}
            onValueChange={() => setEdit({ data: fetcher.data })}
          />
        </div>
        <Button
          type="submit"
          name="intent"
          value="idcheck"
          variant="outline"
          formNoValidate
          loading={fetcher.state !== "idle"}
          onClick={(e) => {
            const form = e.currentTarget.form;
            if (!form) return;
            e.preventDefault();
            const userId = (form.elements.namedItem("userId") as HTMLInputElement | null)?.value ?? "";
            fetcher.submit({ intent: "idcheck", userId, _csrf: csrf }, { method: "post", action });
          }}
        >
          중복확인
        </Button>
      </Group>
      {idMessage && !shownByField ? (
        <Text role="status" size="sm" c={check?.available && !idError ? "teal.9" : "red.9"} data-testid="id-check-message">
          {idMessage}
        </Text>
      ) : null}
    </>
  );
}
