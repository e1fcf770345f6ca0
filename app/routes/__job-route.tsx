/**
 * The page of a link send's job (ADR 0030): `_app.survey.send.list.$srSeq_.job.$jobSeq` and
 * `_app.management.privacy.send.$uiaSeq_.job.$jobSeq` re-export it (routes/__job.server.ts).
 *
 * With JavaScript the page polls its `…/status` resource every second and moves the progress bar
 * (role="progressbar" with its value, the message in a polite live region) until the job ends.
 * Without it the page reloads itself (the loader's Refresh header) until then. At the end: the
 * counts, the message, the failed recipients (masked addresses) and '다시 보내기' when some failed.
 */
import { Anchor, Button, Group, Paper, Stack, Text, Title, Box } from "~/components/ui/mantine";
import { DataTable, type DataColumn } from "~/components/data-table/DataTable";
import { MSG } from "~/schemas/messages.ko";
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CsrfField, useFormReply } from "~/components/form/field-state";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { useRootData } from "~/components/layout/useRootData";
import { jobPageAction, jobPageLoader, type JobView } from "./__job.server";

export const meta: MetaFunction<typeof jobPageLoader> = ({ data }) => [{ title: `${data?.place.title ?? "발송 진행 상황"} | 의과대학 교육평가 자료관리` }];
export const loader = jobPageLoader;
export const action = jobPageAction;
/** The loader's Refresh (while the job runs) and no-store reach the document. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const h = new Headers();
  for (const k of ["Refresh", "Cache-Control"]) {
    const v = loaderHeaders.get(k);
    if (v) h.set(k, v);
  }
  return h;
};

/** How often the page asks for the job's state with JavaScript (ms). */
const POLL_MS = 1000;

function ProgressBar({ job }: { job: JobView }) {
  const handled = job.done + job.failed;
  const max = Math.max(job.total, 1);
  const pct = Math.round((Math.min(handled, max) / max) * 100);
  return (
    <Box
      role="progressbar"
      aria-label="발송 진행률"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(handled, max)}
      aria-valuetext={`${job.total}명 중 ${handled}명 처리`}
      data-testid="job-progress"
      h={14}
      bg="gray.2"
      style={{ borderRadius: 7, overflow: "hidden", border: "1px solid var(--mantine-color-gray-6)" }}
    >
      <Box h="100%" bg={job.failed ? "red.8" : "indigo.7"} style={{ width: `${pct}%`, transition: "width 300ms" }} />
    </Box>
  );
}

const FAILED_COLUMNS: DataColumn<{ usSeq: number; to: string; error: string }>[] = [
  { key: "to", header: "메일 주소", cell: (f) => f.to || "-" },
  { key: "error", header: "사유", wrap: true, cell: (f) => f.error || "-" },
];

export default function JobPage() {
  const data = useLoaderData<typeof jobPageLoader>();
  const reply = useFormReply() as { alert?: string } | undefined;
  const flash = useRootData()?.flash;
  const revalidator = useRevalidator();
  const [job, setJob] = useState<JobView>(data.job);
  useEffect(() => setJob(data.job), [data.job]);

  // with JavaScript: poll the status resource until the job ends, then reload the page's data
  // (the failed recipients' list)
  const self = data.place.self;
  useEffect(() => {
    if (job.ended) return;
    let live = true;
    const timer = setInterval(async () => {
      try {
        const res = await fetch(`${self}/status`, { headers: { accept: "application/json" } });
        if (!res.ok || !live) return;
        const next = (await res.json()) as JobView;
        if (!live) return;
        setJob(next);
        if (next.ended) {
          clearInterval(timer);
          revalidator.revalidate();
        }
      } catch {
        // a failed poll is tried again at the next tick
      }
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the revalidator is stable enough; restart only on these
  }, [job.ended, self]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {data.place.title}
        </Title>
        <Anchor component={Link} to={data.place.back}>
          발송 목록으로
        </Anchor>
      </Group>
      <AlertRegion message={reply?.alert ?? flash?.text} kind={reply?.alert ? "error" : flash?.kind} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="job-progress-title">
        <Title order={2} size="h4" id="job-progress-title" mb="sm">
          {job.ended ? "발송 결과" : "발송 중"}
        </Title>
        <ProgressBar job={job} />
        <Text mt="sm" fw={700} role="status" aria-live="polite" data-testid="job-message">
          {job.message}
        </Text>
        <Text mt={4} size="sm" data-testid="job-counts">
          전체 {job.total}명 · 완료 {job.done}명 · 실패 {job.failed}명
        </Text>
        {!job.ended ? (
          <Text mt={4} size="sm" c="dark.6">
            이 화면을 닫아도 발송은 계속됩니다.{" "}
            <Anchor component={Link} to={self} reloadDocument underline="always">
              진행 상황 새로 보기
            </Anchor>
          </Text>
        ) : null}
      </Paper>
      {job.ended && data.failed.length ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="job-failed-title">
          <Title order={2} size="h4" id="job-failed-title" mb="sm">
            보내지 못한 사람 ({data.failed.length}명)
          </Title>
          <DataTable caption="보내지 못한 사람 목록" columns={FAILED_COLUMNS} rows={data.failed} rowKey={(f) => f.usSeq} emptyText={MSG.noData} testId="job-failed" />
          <Form method="post" action={self}>
            <CsrfField />
            <input type="hidden" name="intent" value="retry" />
            <Button type="submit" mt="md">
              다시 보내기
            </Button>
          </Form>
        </Paper>
      ) : null}
    </Stack>
  );
}
