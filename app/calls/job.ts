/**
 * Jobs (ADR 0030; docs/contract.md "Jobs", our addition): a link send's progress and its retry.
 * A legacy server answers the spec's synchronous send without `jobSeq`; these are then never
 * called (the send's result shows at once, as before).
 */
import { z } from "zod";
import { bool, key, list, maybeText, num, obj } from "~/legacy/wire";
import { defineCall } from "./define";

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

/** `target`: the send page's survey or form ('survey:12', 'agree:5') the job must be of (ADR 0062). */
const jobKey = z.object({ jobSeq: z.number(), target: z.string().optional() });

export const JOBS = {
  /** a job with its recipients' states */
  get: defineCall("/api/job/getJob.do", { spec: null, request: jobKey, reply: obj({ job: wireJob, list: list(wireJobItem).nullish() }) }),
  /** queues the job's failed recipients again; answers the job and the reply's message */
  retry: defineCall("/api/job/retryJob.do", { spec: null, request: jobKey, reply: obj({ message: maybeText, result: obj({ job: wireJob, requeued: num }) }), whole: true }),
} as const;
