/** The JSON state of a link send's job, polled by its page with JavaScript (ADR 0030). */
export { jobStatusLoader as loader } from "~/routes/__job.server";
