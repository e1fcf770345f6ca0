/**
 * Jobs (ADR 0030; docs/contract.md "Jobs", our addition; app/calls/job.ts): a link send's progress
 * and its retry.
 */
import { JOBS } from "~/calls/job";
import { callLegacy, type TokenHolder } from "../gateway.server";

export type { WireJob } from "~/calls/job";
export { sendReply, type SendReply } from "~/calls/send";

export function jobOf(session: TokenHolder, jobSeq: number) {
  return callLegacy(JOBS.get, { jobSeq }, { session });
}

/** Queues the job's failed recipients again; answers the job and the reply's message. */
/** `target`: the send page's survey or form ('survey:12', 'agree:5') the job must be of (ADR 0062). */
export async function retryJob(session: TokenHolder, jobSeq: number, target: string) {
  const r = await callLegacy(JOBS.retry, { jobSeq, target }, { session });
  return { ...r.result, message: r.message ?? "" };
}
