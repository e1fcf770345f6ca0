/**
 * 'Copy link' of a survey (spec 000 §9: a toast for 2 seconds). With JavaScript the button copies
 * the public answer link to the clipboard and a toast says so for 2 seconds; without it the same
 * control is a link to the list's URL-state dialog that shows the link selectable in a text box.
 */
import { Anchor, Button, Stack, Text, TextInput } from "~/components/ui/mantine";
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Dialog } from "~/components/layout/Dialog";
import { useHydrated } from "~/components/layout/useHydrated";
import { OWN_MSG } from "~/schemas/messages.ko";

export const TOAST_MS = 2000;

/** A short message shown at the bottom of the screen for `ms`, announced politely. */
export function Toast({ message, onDone, ms = TOAST_MS }: { message: string | null; onDone: () => void; ms?: number }) {
  useEffect(() => {
    if (!message) return;
    const t = setTimeout(onDone, ms);
    return () => clearTimeout(t);
  }, [message, onDone, ms]);
  return (
    <div role="status" aria-live="polite" data-testid="toast">
      {message ? <div className="survey-toast">{message}</div> : null}
    </div>
  );
}

export function CopyLinkButton({ url, dialogHref, label, onCopied }: { url: string; dialogHref: string; label: string; onCopied: (message: string) => void }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  if (!hydrated) {
    return (
      <Anchor component={Link} to={dialogHref} preventScrollReset size="sm" aria-label={`링크 복사: ${label}`}>
        링크 복사
      </Anchor>
    );
  }
  return (
    <Button
      size="compact-sm"
      variant="default"
      loading={busy}
      aria-label={`링크 복사: ${label}`}
      onClick={async () => {
        setBusy(true);
        try {
          await navigator.clipboard.writeText(url);
        } catch {
          // no clipboard permission: select-and-copy by hand through a temporary text area
          const ta = document.createElement("textarea");
          ta.value = url;
          document.body.appendChild(ta);
          ta.select();
          document.execCommand("copy");
          ta.remove();
        } finally {
          setBusy(false);
        }
        onCopied(OWN_MSG.surveyLinkCopied);
      }}
    >
      링크 복사
    </Button>
  );
}

/** The copy-link dialog without JavaScript (`?dialog=preview&srSeq=`): the link to select and copy by hand. */
export function LinkCopyDialog({ link, closeTo }: { link: { srName: string; url: string }; closeTo: string }) {
  return (
    <Dialog id="link-dialog" title="설문 링크 복사" closeTo={closeTo}>
      <Stack gap="xs">
        <Text size="sm">아래 링크를 선택해 복사하세요. 이 링크로 누구나 「{link.srName}」에 응답할 수 있습니다. 발송 관리에서 대상자에게 보낸 설문은 대상자별 링크로만 응답할 수 있습니다.</Text>
        <TextInput label="설문 응답 링크" readOnly value={link.url} classNames={{ input: "survey-link-box" }} onFocus={(e) => e.currentTarget.select()} data-testid="survey-link" />
      </Stack>
    </Dialog>
  );
}
