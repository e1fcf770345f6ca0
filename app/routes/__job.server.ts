/**
 * The progress of a link send run as a job (issue 18 "Long work", ADR 0030): the page after a send
 * (`/survey/send/list/{srSeq}/job/{jobSeq}`, `/management/privacy/send/{uiaSeq}/job/{jobSeq}`)
 * and its small JSON resource (`…/status`) that the page polls with JavaScript.
 *
 * - The job lives in the backend's database; the web tier keeps nothing (several instances may
 *   serve the polls). The backend shows a job to its owner or an administrator only; anyone else
 *   gets the send page back with '데이터가 없습니다.'-style refusal, as for a job that does not exist.
 * - Without JavaScript the page refreshes itself while the job runs (an HTTP `Refresh` header:
 *   the same as a `<meta http-equiv="refresh">` for the browser, without tripping axe's
 *   meta-refresh rule; it stops once the job has ended) and then shows the counts and the message.
 * - A failed recipient can be sent again (the retry re-queues only the failed rows).
 * - The URL's send page must be the job's target: a job of another survey is not shown under this one.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as jobApi from "~/legacy/endpoints/job.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { audit } from "~/utils/audit.server";
import { readForm, withUser } from "~/utils/context.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { orLegacy } from "~/utils/legacy-errors.server";

const SEQ_RE = /^[1-9][0-9]{0,9}$/;
/** How often the page without JavaScript reloads while the job runs (seconds). */
const REFRESH_SECONDS = 3;

export interface JobPlace {
  /** The send page the job belongs to. */
  back: string;
  /** The job's target as the backend records it ('survey:12', 'agree:5'). */
  target: string;
  /** This job's page. */
  self: string;
  jobSeq: number;
  /** The page's heading. */
  title: string;
}

/** The send page and job of a job page's (or its status resource's) URL; anything else is 404. */
export function placeOf(request: Request): JobPlace {
  const { pathname } = new URL(request.url);
  const m = /^\/(survey\/send\/list|management\/privacy\/send)\/([^/]+)\/job\/([^/]+)(?:\/status)?\/?$/.exec(pathname);
  if (!m || !SEQ_RE.test(m[2]) || !SEQ_RE.test(m[3])) throw new Response("Not Found", { status: 404 });
  const survey = m[1] === "survey/send/list";
  const back = `/${m[1]}/${m[2]}`;
  return {
    back,
    target: `${survey ? "survey" : "agree"}:${Number(m[2])}`,
    self: `${back}/job/${Number(m[3])}`,
    jobSeq: Number(m[3]),
    title: survey ? "설문 발송 진행 상황" : "동의서 발송 진행 상황",
  };
}

/** The job, or null when the backend refuses it or it belongs to another send page. */
async function jobAt(session: Parameters<typeof jobApi.jobOf>[0], place: JobPlace) {
  return orLegacy(async () => {
    const r = await jobApi.jobOf(session, place.jobSeq);
    return r.job.target === place.target ? r : null;
  }, () => null);
}

/** What the page and the status resource show of a job. */
function view(job: jobApi.WireJob) {
  return { state: job.state, total: job.total, done: job.done, failed: job.failed, message: job.message, ended: job.ended };
}
export type JobView = ReturnType<typeof view>;

export function jobPageLoader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const place = placeOf(args.request);
    const r = await jobAt(session, place);
    if (!r) {
      session.flash(MSG.noData, "error");
      throw redirect(place.back);
    }
    const failed = (r.list ?? []).filter((i) => i.state === "failed").map((i) => ({ usSeq: i.usSeq, to: i.toMasked ?? "", error: i.error ?? "" }));
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    if (!r.job.ended) headers.set("Refresh", String(REFRESH_SECONDS));
    return json({ place, job: view(r.job), failed }, { headers });
  });
}

/** The job page's only form: '다시 보내기' (the failed recipients again). */
export function jobPageAction(args: ActionFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const place = placeOf(args.request);
    const form = await readForm(args.request, session);
    if (String(form.get("intent") ?? "") !== "retry") return json({ alert: OWN_MSG.badRequest }, { status: 400 });
    if (!(await jobAt(session, place))) {
      session.flash(MSG.noData, "error");
      throw redirect(place.back);
    }
    return orLegacy(async () => {
      const r = await jobApi.retryJob(session, place.jobSeq, place.target);
      session.flash(r.message || OWN_MSG.jobRetried, r.requeued ? "info" : "error");
      // the audit log (ADR 0028): a retry sends the links again to the failed recipients
      if (r.requeued) {
        await audit({ userId: session.user?.userId, address: clientAddress(args.context) }, { action: "linkSend", target: place.back, detail: `retry job=${place.jobSeq}, count=${r.requeued}` });
      }
      return redirect(place.self);
    }, (message) => json({ alert: message }, { status: 400 }));
  });
}

/** The small JSON the page polls with JavaScript. */
export function jobStatusLoader(args: LoaderFunctionArgs) {
  return withUser(args, async ({ session }) => {
    const place = placeOf(args.request);
    const r = await jobAt(session, place);
    if (!r) return json({ error: MSG.noData }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
    return json(view(r.job), { headers: { "Cache-Control": "private, no-store" } });
  });
}
