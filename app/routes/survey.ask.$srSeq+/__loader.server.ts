/**
 * What the public answer routes of P14 share on the server (survey.ask.$srSeq.tsx and
 * survey.ask.$srSeq_.$usSeq.tsx): no sign-in (withSession, never withUser), the survey from
 * ask/getSurvey.do, the answer rules of app/schemas/survey.ts checked here before
 * ask/submit.do checks them again, and a page that keeps every answer after an error.
 *
 * A personal link made by the embedded backend carries `?exp=&sig=`: a changed person, expiry or
 * signature is a 404. The spec's link `/survey/ask/{srSeq}/{usSeq}` without them is passed on as
 * it is, for the server that made it to judge (issue 33).
 * Submits are rate limited per client address (issue 17, docs/decisions/0023-rate-limits.md): a
 * refusal is 429 with `Retry-After` and the wait in the '알림' region, every answer kept.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isMissingCall } from "~/legacy/errors";
import { legacyStatus, orLegacy } from "~/utils/legacy-errors.server";
import * as surveyApi from "~/legacy/endpoints/survey.server";
import { OWN_MSG } from "~/schemas/messages.ko";
import { answerAlert, answerFieldId, validateAnswers, type AnswerSheet, type AskSurvey } from "~/schemas/survey";
import { readForm, safeRedirectTo, withSession } from "~/utils/context.server";
import { clientAddress, rateLimits, withRetryAfter } from "~/utils/rate-limit.server";
import type { Session } from "~/utils/session.server";

const SEQ_RE = /^[1-9][0-9]{0,9}$/;

function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

function linkOf(params: LoaderFunctionArgs["params"], url: URL, personal: boolean, session: Session): surveyApi.LinkParams {
  const srSeq = params.srSeq ?? "";
  if (!SEQ_RE.test(srSeq) || Number(srSeq) > 2_147_483_647) notFound();
  // the public link's answer key is bound to this browser: one answer per browser (issue 17)
  if (!personal) return { srSeq: Number(srSeq), client: session.respondentId };
  const usSeq = params.usSeq ?? "";
  const exp = url.searchParams.get("exp") ?? "";
  const sig = url.searchParams.get("sig") ?? "";
  if (!SEQ_RE.test(usSeq) || Number(usSeq) > 2_147_483_647) notFound();
  // spec 000 §2 names the route {srSeq}/{usSeq} only: a link without exp and sig is the server's to judge
  if (!exp && !sig) return { srSeq: Number(srSeq), usSeq: Number(usSeq) };
  if (!/^[0-9]{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{1,100}$/.test(sig)) notFound();
  return { srSeq: Number(srSeq), usSeq: Number(usSeq), exp, sig };
}

/** The page's own URL without `done`, for the form and the redirect after submitting. */
function selfUrl(url: URL): string {
  const q = new URLSearchParams(url.search);
  q.delete("done");
  const s = q.toString();
  return `${url.pathname}${s ? `?${s}` : ""}`;
}

export type AskLoad =
  | { kind: "expired"; message: string }
  | { kind: "unavailable"; message: string }
  | { kind: "error"; message: string; status: number }
  | {
      kind: "survey";
      survey: surveyApi.WireAskSurvey["survey"];
      state: surveyApi.WireAskSurvey["state"];
      answered: boolean;
      answerDt: string;
      submitKey: string;
      done: boolean;
      self: string;
    };

async function load(link: surveyApi.LinkParams, url: URL): Promise<AskLoad> {
  return orLegacy(
    async (): Promise<AskLoad> => {
      const r = await surveyApi.askSurvey(link);
      return { kind: "survey", survey: r.survey, state: r.state, answered: r.answered, answerDt: r.answerDt, submitKey: r.submitKey, done: url.searchParams.get("done") === "1", self: selfUrl(url) };
    },
    (message, e): AskLoad => {
      // the answer calls are ours (spec 000 §2: P14's content is not shown; docs/contract.md
      // "Extensions"): on a server without them a respondent is told so, never given an error page
      if (isMissingCall(e)) return { kind: "unavailable", message: OWN_MSG.surveyAskUnavailable };
      if (e.status === 404) notFound();
      // a server that failed or could not be reached: its status (503, 502), so that a phone, a
      // load balancer or a monitor sees the failure; the server's own refusal is the page's message
      const status = legacyStatus(e);
      return e.status === 410 ? { kind: "expired", message } : { kind: "error", message, status: status >= 500 ? status : 200 };
    },
  );
}

export function askLoader(personal: boolean) {
  return (args: LoaderFunctionArgs) =>
    withSession(args, async (session) => {
      const url = new URL(args.request.url);
      const loaded = await load(linkOf(args.params, url, personal, session), url);
      return json(loaded, { status: loaded.kind === "error" ? loaded.status : 200, headers: { "Cache-Control": "private, no-store" } });
    });
}

export interface AskReply {
  /** the posted answers, to fill the form again: field → values */
  values: Record<string, string[]>;
  errors: Record<string, string>;
  alert: string;
  submitKey: string;
  /** the first failing field's element id */
  focus: string | null;
}

/** Every posted answer field as typed (the refusal keeps them without reading the survey). */
function postedValues(form: FormData): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const [name, v] of form.entries()) {
    if (typeof v !== "string" || name === "_csrf" || name === "submitKey") continue;
    (values[name] ??= []).push(v.slice(0, 20_000));
  }
  return values;
}

function sheetOf(survey: AskSurvey, form: FormData): { sheet: AnswerSheet; values: Record<string, string[]> } {
  const values: Record<string, string[]> = {};
  const all = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  for (const name of ["slSeq", "prsnAgreeYn"]) values[name] = all(name);
  const answers = survey.qestList
    .filter((q) => q.sqType !== 0)
    .map((q) => {
      const raw = all(`q${q.sqSeq}`);
      values[`q${q.sqSeq}`] = raw;
      return q.sqType === 1
        ? { sqSeq: q.sqSeq, siSeqs: raw.filter((v) => SEQ_RE.test(v)).map(Number), text: "" }
        : { sqSeq: q.sqSeq, siSeqs: [], text: (raw[0] ?? "").slice(0, 20_000) };
    });
  const sl = values.slSeq[0] ?? "";
  return { sheet: { slSeq: SEQ_RE.test(sl) ? Number(sl) : null, prsnAgreeYn: values.prsnAgreeYn.includes("Y") ? "Y" : "N", answers }, values };
}

export function askAction(personal: boolean) {
  return (args: ActionFunctionArgs) =>
    withSession(args, async (session) => {
      const url = new URL(args.request.url);
      const link = linkOf(args.params, url, personal, session);
      const form = await readForm(args.request, session);
      // before the survey is read: a flood of posts costs the legacy server nothing more
      const refused = await (await rateLimits()).take([{ rule: "surveyAddress", address: clientAddress(args.context) }]);
      if (refused) return withRetryAfter(json({ values: postedValues(form), errors: {}, alert: refused.message, submitKey: String(form.get("submitKey") ?? "").slice(0, 100), focus: null } satisfies AskReply, { status: 429 }), refused);
      const loaded = await load(link, url);
      // the key of this browser (public link) or of this load (personal link), never the posted one
      const submitKey = loaded.kind === "survey" ? loaded.submitKey : String(form.get("submitKey") ?? "").slice(0, 100);
      if (loaded.kind !== "survey") return json({ values: {}, errors: {}, alert: loaded.message, submitKey, focus: null } satisfies AskReply, { status: loaded.kind === "error" && loaded.status >= 500 ? loaded.status : 400 });
      if (loaded.answered) return json({ values: {}, errors: {}, alert: OWN_MSG.surveyAlreadyAnswered, submitKey, focus: null } satisfies AskReply, { status: 409 });
      const survey = loaded.survey as unknown as AskSurvey;
      const { sheet, values } = sheetOf(survey, form);
      const fail = (alert: string, errors: Record<string, string> = {}, status = 400) => {
        const firstField = Object.keys(errors)[0];
        let focus: string | null = null;
        if (firstField) {
          const q = survey.qestList.find((x) => `q${x.sqSeq}` === firstField);
          focus = q && q.sqType === 1 ? answerFieldId(firstField, q.itemList[0]?.siSeq) : firstField === "slSeq" ? answerFieldId("slSeq", survey.slList[0]?.slSeq) : answerFieldId(firstField);
        }
        return json({ values, errors, alert, submitKey, focus } satisfies AskReply, { status });
      };
      const issues = validateAnswers(survey, sheet);
      if (issues.length) {
        const errors: Record<string, string> = {};
        for (const i of issues) errors[i.field] ??= i.message;
        return fail(answerAlert(issues)!, errors, 422);
      }
      const failed = await orLegacy(
        async () => {
          await surveyApi.submitAnswers(link, { submitKey, ...sheet });
          return null;
        },
        (message, e) => {
          if (e.status === 404) notFound();
          return fail(message, {}, e.status === 409 ? 409 : 400);
        },
      );
      if (failed) return failed;
      session.flash(OWN_MSG.surveySubmitted, "info");
      const q = new URLSearchParams(url.search);
      q.set("done", "1");
      return redirect(safeRedirectTo(`${url.pathname}?${q}`, "/"));
    });
}
