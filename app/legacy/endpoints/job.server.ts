/**
 * Jobs (ADR 0030; docs/contract.md "Jobs", our addition): a link send's progress and its retry.
 * A legacy server answers the spec's synchronous send without `jobSeq`; these are then never
 * called (the send's result shows at once, as before).
 */
import { z } from "zod";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { obj, key, num, list, bool, maybeText } from "../wire";

export const wireJob = obj({
  jobSeq: num,
  kind: key,
  target: key,
  state: z.enum(["queued", "running", "done", "failed"]),
  total: num,
  done: num,
  failed: num,
  message: key,
  ended: bool(),
});
export type WireJob = z.infer<typeof wireJob>;

const wireJobItem = obj({ usSeq: num, toMasked: maybeText, state: key, error: maybeText });

export { sendReply, type SendReply } from "~/calls/send";

export function jobOf(session: TokenHolder, jobSeq: number) {
  return legacyPost("/api/job/getJob.do", { jobSeq }, obj({ job: wireJob, list: list(wireJobItem).nullish() }), { session });
}

/** Queues the job's failed recipients again; answers the job and the reply's message. */
/** `target`: the send page's survey or form ('survey:12', 'agree:5') the job must be of (ADR 0062). */
export async function retryJob(session: TokenHolder, jobSeq: number, target: string) {
  const r = await legacyPost(
    "/api/job/retryJob.do",
    { jobSeq, target },
    obj({ message: maybeText, result: obj({ job: wireJob, requeued: num }) }),
    { session, whole: true },
  );
  return { ...r.result, message: r.message ?? "" };
}
