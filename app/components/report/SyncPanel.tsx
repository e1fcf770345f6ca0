/**
 * A synced report's sync panel (issue 12; spec 000 §2, spec 002 §2 "Sync"): where the rows come
 * from, the last sync with its age ('3일 전'), a warning when the last quarterly sync did not
 * happen or failed (staff should never present stale accreditation data without knowing), the
 * sync button under the button rule (ADR 0021: disabled while the report syncs and for 10 minutes
 * after its last successful sync, with the time it opens again) and the history, newest first.
 *
 * The button is a native form post (intent=sync): without JavaScript the page comes back
 * refreshed with the result message; with it the panel shows the sync in progress (its elapsed
 * time) until the refreshed list arrives. In evaluation mode only the last sync and the warning show.
 */
import { Button, Group, Stack, Text, Title, Box } from "~/components/ui/mantine";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { IconRefresh } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { CsrfField } from "~/components/form/field-state";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { SOURCE_NAME, type ReportDef, type SyncEntry, type SyncPanel as Panel } from "~/reports/definitions";

/** The history's columns: a failed sync says why and has no count. */
const HISTORY_COLUMNS: DataColumn<SyncEntry>[] = [
  { key: "regDt", header: "일시" },
  { key: "userNm", header: "사용자" },
  { key: "codeNm", header: "구분" },
  { key: "apiSe", header: "방식" },
  { key: "rsltCd", header: "결과", wrap: true, cell: (h) => (h.rsltCd === "F" ? `실패${h.message ? `: ${h.message}` : ""}` : "성공") },
  { key: "rowCnt", header: "건수", cell: (h) => (h.rsltCd === "F" ? "" : (h.rowCnt ?? 0).toLocaleString("ko-KR")) },
];

/** Seconds since `since` while `on`, ticking every second. */
function useElapsed(on: boolean): number {
  const [start, setStart] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!on) {
      setStart(null);
      return;
    }
    const t0 = Date.now();
    setStart(t0);
    setNow(t0);
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [on]);
  return start === null ? 0 : Math.floor((now - start) / 1000);
}

/** Whether the button rule's time has passed (re-checked on the page when it does). */
function useOpened(at: string | null): boolean {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    setOpened(false);
    if (!at) return;
    const wait = new Date(at).getTime() - Date.now();
    if (wait <= 0) {
      setOpened(true);
      return;
    }
    const id = setTimeout(() => setOpened(true), Math.min(wait + 500, 2_147_000_000));
    return () => clearTimeout(id);
  }, [at]);
  return opened;
}

export function SyncPanel({ def, panel, readOnly }: { def: ReportDef; panel: Panel; readOnly: boolean }) {
  const location = useLocation();
  const navigation = useNavigation();
  // from the press until the refreshed list is shown (the post, then the reload after its redirect)
  const syncing = navigation.state !== "idle" && navigation.formData?.get("intent") === "sync";
  const elapsed = useElapsed(syncing);
  const opened = useOpened(panel.syncable?.at ?? null);
  const waiting = panel.syncable && !opened;
  const disabled = syncing || Boolean(panel.running) || Boolean(waiting);
  const rule = panel.running ? OWN_MSG.syncRunning : waiting ? OWN_MSG.syncCooldown.replace("{time}", panel.syncable!.time) : null;

  return (
    <Box component="section" aria-labelledby="sync-title" className="sync-panel" data-testid="sync-panel">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h5" id="sync-title">
              {SOURCE_NAME[def.source]} 동기화
            </Title>
            <Text size="sm" data-testid="last-sync">
              {panel.last ? (
                <>
                  마지막 동기화: {panel.last.regDt} ({panel.last.age}){panel.last.failed ? " · 실패" : ""}
                </>
              ) : (
                OWN_MSG.syncNever
              )}
            </Text>
            {panel.lastSuccess ? (
              <Text size="sm">
                현재 자료: {panel.lastSuccess.regDt} ({panel.lastSuccess.age}) 동기화분
              </Text>
            ) : null}
            {panel.nextSlot && !readOnly ? (
              <Text size="xs" c="dark.5">
                다음 정기 동기화: {panel.nextSlot}
              </Text>
            ) : null}
          </Stack>
          {readOnly ? null : (
            <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset>
              <CsrfField />
              <input type="hidden" name="intent" value="sync" />
              <Button type="submit" disabled={disabled} leftSection={<IconRefresh size={16} aria-hidden />} aria-describedby={rule ? "sync-rule" : undefined}>
                동기화
              </Button>
            </Form>
          )}
        </Group>
        {panel.note ? (
          <Text size="sm" c="dark.7" role="note" data-testid="sync-note">
            {panel.note}
          </Text>
        ) : null}
        {panel.staleWarning ? (
          <Box role="note" className="sync-stale" data-testid="sync-stale">
            <Text size="sm" fw={700} c="orange.9">
              주의
            </Text>
            <Text size="sm" c="dark.9">
              {panel.staleWarning}
            </Text>
          </Box>
        ) : null}
        {!readOnly && rule ? (
          <Text size="sm" id="sync-rule" c="dark.7" data-testid="sync-rule">
            {rule}
          </Text>
        ) : null}
        <div role="status" aria-live="polite">
          {syncing ? (
            <Stack gap={4} data-testid="sync-progress">
              <Text size="sm">
                {OWN_MSG.syncInProgress} ({elapsed}초)
              </Text>
              <progress className="sync-progress" aria-label="동기화 진행" />
            </Stack>
          ) : null}
        </div>
        {readOnly || panel.history.length === 0 ? null : (
          <details className="sync-history">
            <summary>
              <Text component="span" size="sm">
                동기화 이력 (최근 {panel.history.length}건)
              </Text>
            </summary>
            <Box mt={6}>
              <DataTable
                caption="동기화 이력 (최근 순)"
                columns={HISTORY_COLUMNS}
                // two syncs can share a time: the place in the list keeps the keys apart
                rows={panel.history.map((h, i) => ({ ...h, key: `${h.regDt}-${i}` }))}
                rowKey={(h) => h.key}
                emptyText={MSG.noData}
                testId="sync-history"
                striped={false}
              />
            </Box>
          </details>
        )}
      </Stack>
    </Box>
  );
}
