/**
 * The warning before the session's idle limit (issue 36 item 10, WCAG 2.2.1, KWCAG 응답시간 조절;
 * ADR 0066). The server ends a signed-in session after `idleMinutes` without a request
 * (utils/session.server.ts); the root loader says how long. Every answer of the server counts the
 * time again (a page, a post, a fetcher); five minutes before the end a question (`alertdialog`,
 * the focus on '연장') says when the session ends and offers '연장' (a post to /session/extend,
 * which touches the session) and '로그아웃'. Once the time is over it says that a save now keeps
 * what was typed through the sign-in. Without JavaScript nothing counts: the frame's footer states
 * the limit, and a save that meets the end keeps the typed values (guard.server.ts).
 */
import { Form, useFetchers, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CsrfField } from "~/components/form/field-state";
import { PlainButton, PlainGroup } from "~/components/ui/plain";
import { fillMessage, OWN_MSG } from "~/schemas/messages.ko";
import { ModalDialog } from "./ModalDialog";
import { useCsrfToken } from "./useRootData";

/** how long before the end the question comes */
const WARN_MS = 5 * 60_000;
/** the server writes a request's time at most once a minute: the end is counted a minute early */
const SLACK_MS = 60_000;

type Phase = "quiet" | "warn" | "dismissed" | "ended";

export function SessionWarning({ idleMinutes }: { idleMinutes: number }) {
  const location = useLocation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const csrf = useCsrfToken();
  const [since, setSince] = useState(() => Date.now());
  const [phase, setPhase] = useState<Phase>("quiet");
  const endAt = since + idleMinutes * 60_000 - SLACK_MS;

  // a request the server answered counts as activity
  useEffect(() => {
    if (!busy) setSince(Date.now());
  }, [busy, location.key]);

  useEffect(() => {
    setPhase("quiet");
    const now = Date.now();
    const warn = window.setTimeout(() => setPhase((p) => (p === "quiet" ? "warn" : p)), Math.max(0, endAt - WARN_MS - now));
    const end = window.setTimeout(() => setPhase("ended"), Math.max(0, endAt - now));
    return () => {
      window.clearTimeout(warn);
      window.clearTimeout(end);
    };
  }, [endAt]);

  const extend = async () => {
    const res = await fetch("/session/extend", { method: "POST", body: new URLSearchParams({ _csrf: csrf }) }).catch(() => null);
    if (res?.ok) setSince(Date.now());
    else setPhase("ended");
  };

  const ended = phase === "ended";
  const time = new Date(endAt).toLocaleTimeString("ko-KR", { hour: "2-digit", minute: "2-digit" });
  return (
    // the question and the notice of the end are two dialogs: the second's '확인' takes the focus
    <ModalDialog
      key={ended ? "ended" : "warn"}
      id="session-warning"
      title={OWN_MSG.sessionWarningTitle}
      titleId="session-warning-title"
      describedBy="session-warning-text"
      role="alertdialog"
      size="sm"
      open={phase === "warn" || ended}
      onDismiss={() => setPhase((p) => (p === "warn" ? "dismissed" : "quiet"))}
    >
      <p id="session-warning-text">{ended ? OWN_MSG.sessionEnded : fillMessage(OWN_MSG.sessionWarning, { time })}</p>
      {ended ? (
        <PlainGroup justify="flex-end">
          <PlainButton type="button" onClick={() => setPhase("quiet")} data-autofocus>
            확인
          </PlainButton>
        </PlainGroup>
      ) : (
        <Form method="post" action="/logout">
          <CsrfField />
          <PlainGroup justify="flex-end">
            <PlainButton type="submit" variant="default">
              로그아웃
            </PlainButton>
            <PlainButton type="button" onClick={extend} data-autofocus>
              {OWN_MSG.sessionExtend}
            </PlainButton>
          </PlainGroup>
        </Form>
      )}
    </ModalDialog>
  );
}
