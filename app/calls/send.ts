/**
 * The one "send to people" (issue 38): the reply of the two personal-link sends, the consent
 * form's (agree/sendUser.do) and the survey's (survey/sendUser.do). A legacy server answers the
 * spec's synchronous send; the embedded backend runs sends as jobs (ADR 0030) and answers `jobSeq`.
 */
import { z } from "zod";

/**
 * The job id a send's reply carries when the backend runs sends as jobs; any other reply (the
 * spec's, whatever its result) is a send without a job.
 */
export const sendReply = z.unknown().transform((v) => {
  const r = (v && typeof v === "object" ? v : {}) as { jobSeq?: unknown; job?: { ended?: unknown }; sent?: unknown; already?: unknown };
  const n = Number(r.jobSeq);
  return {
    jobSeq: Number.isInteger(n) && n > 0 ? n : null,
    /** the job had nothing left to do after the reply (no mail server: the outbox is the delivery) */
    ended: r.job?.ended === true,
    /** a double post: the same send key found the first send, nobody was sent to again */
    repeated: Number(r.already) > 0 && Number(r.sent) === 0,
  };
});
export type SendReply = z.output<typeof sendReply>;

/** The send form's key (ADR 0030), sent only when the page wrote one. */
export const sendKeyField = { sendKey: z.string().optional() };
