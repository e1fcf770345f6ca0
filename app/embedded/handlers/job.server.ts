/**
 * Jobs (issue 18 "Long work", ADR 0030; docs/contract.md "Jobs", our addition): a link send's
 * progress and its retry. Only the job's owner or an administrator sees a job; anyone else gets
 * the same 404 as for a job that does not exist (no probing of job numbers).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import type { Db } from "../db/client.server";
import { jobs } from "../db/schema";
import { requireAuth, route, type CallContext, type RouteDef } from "../lib/context.server";
import { JOBS } from "../../calls/job";
import { ApiError, fail, ok, parseInput } from "../lib/envelope.server";
import { jobDto, jobItemList, kickJobs, requeueFailed } from "../lib/jobs.server";

/** `target` (ours, ADR 0062): when the caller names the send page's survey or form, a job of another is not there. */
const JobBody = z.object({
  jobSeq: z.coerce.number().int().min(1).max(2_147_483_647),
  target: z.preprocess((v) => (v == null || v === "" ? undefined : v), z.string().max(40).optional()),
});

async function ownJob(ctx: CallContext, db: Db) {
  const auth = requireAuth(ctx);
  const { jobSeq, target } = parseInput(JobBody, ctx.body);
  const [job] = await db.select().from(jobs).where(eq(jobs.jobSeq, jobSeq)).limit(1);
  if (!job || (job.ownerSeq !== auth.user.userSeq && !auth.isAdmin) || (target !== undefined && job.target !== target)) throw new ApiError(fail(404, MSG.noData));
  return job;
}

/** The job and its recipients (masked addresses, states). */
async function getJob(ctx: CallContext) {
  const job = await ownJob(ctx, ctx.db);
  const items = await jobItemList(ctx.db, job.jobSeq);
  return ok({ job: jobDto(job), list: items });
}

/** Puts the job's failed recipients back in the queue; those sent are not sent again. */
async function retryJob(ctx: CallContext) {
  const job = await ownJob(ctx, ctx.db);
  const { job: after, requeued } = await requeueFailed(ctx.db, job.jobSeq);
  if (requeued === 0) return ok({ job: jobDto(after), requeued }, OWN_MSG.jobNothingToRetry);
  kickJobs(ctx.db);
  return ok({ job: jobDto(after), requeued }, OWN_MSG.jobRetried);
}

export const jobRoutes: RouteDef[] = [
  route(JOBS.get, "required", getJob),
  route(JOBS.retry, "required", retryJob),
];
