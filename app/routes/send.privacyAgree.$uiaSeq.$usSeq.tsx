/**
 * R14 public consent page (spec 001 §2 /send/privacyAgree/{uiaSeq}/{usSeq}, §4, §8): no sign-in,
 * mobile first (360 px), a native form post, and no JavaScript at all (`handle.scripts` false).
 *
 * The spec's link is `/send/privacyAgree/{uiaSeq}/{usSeq}` (spec 001 §2), as a legacy server mails
 * it: the server judges it. The embedded backend's links also carry `?sig=`, made when the form
 * was sent (an HMAC over the form, the person and an expiry), and it refuses one without: a changed
 * usSeq, form or signature, or an expired one, is a 404 (issue 33). agreeUser.do decides
 * what shows: the 'submission complete' screen once the person agreed, otherwise the form with
 * agree / disagree. Disagree + save: only '비동의 하셨습니다.' (the form stays; the answer is
 * recorded). Agree + save: '제출이 완료되었습니다.' and the complete screen. A form that no longer
 * exists shows a not-found message; any other failure '오류가 발생하였습니다.'.
 * Saves are rate limited per client address (issue 17, docs/decisions/0023-rate-limits.md): a
 * refusal is 429 with `Retry-After` and the wait in the '알림' region, the choice kept.
 */
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfField } from "~/components/form/field-state";
import { AlertRegion } from "~/components/layout/AlertRegion";
import { useRootData } from "~/components/layout/useRootData";
import { ConsentChoice, ConsentDone, ConsentView } from "~/components/privacy/ConsentView";
import { orLegacy } from "~/utils/legacy-errors.server";
import * as privacyApi from "~/legacy/endpoints/privacy.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { agreeSchema } from "~/schemas/privacy";
import { readForm, withSession } from "~/utils/context.server";
import { clientAddress, rateLimits, withRetryAfter } from "~/utils/rate-limit.server";
import privacyStyles from "~/styles/privacy.css";
import type { RouteHandle } from "~/root";
import { sanitizeConsentHtml } from "~/utils/sanitize.server";

export const handle: RouteHandle = { scripts: false };
/** Personal pages: never cached or indexed; a refused save keeps its `Retry-After`. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
};
export const meta: MetaFunction = () => [{ title: "개인정보 수집·이용 동의 | 의과대학 교육평가 자료관리" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: privacyStyles }];

const AGREE_LINK = "AGREE_LINK";
const notFound = () => new Response("Not Found", { status: 404 });

/** The link of the request: route params and the signature, or a 404. */
function linkOf(request: Request, params: Record<string, string | undefined>) {
  const ok = (v: string | undefined) => !!v && /^[1-9][0-9]{0,9}$/.test(v) && Number(v) <= 2_147_483_647;
  const sig = new URL(request.url).searchParams.get("sig") ?? "";
  if (!ok(params.uiaSeq) || !ok(params.usSeq) || sig.length > 200) throw notFound();
  return { uiaSeq: Number(params.uiaSeq), usSeq: Number(params.usSeq), ...(sig ? { sig } : {}) };
}

const selfHref = (l: privacyApi.ConsentLink) => `/send/privacyAgree/${l.uiaSeq}/${l.usSeq}${l.sig ? `?sig=${encodeURIComponent(l.sig)}` : ""}`;

type View =
  | { state: "form"; uiaNm: string; html: string; ver: number | null; agreeYn: string | null }
  | { state: "done"; uiaNm: string; html: string; agreeDt: string }
  | { state: "missing" }
  | { state: "error" };

export async function loader(args: LoaderFunctionArgs) {
  return withSession(args, async () => {
    const link = linkOf(args.request, args.params);
    const headers = { "Cache-Control": "private, no-store" };
    // a public page: every failure is a state of this page, never the frame's error page
    return orLegacy(
      async () => {
        const r = await privacyApi.consentOf(link);
        if (!r.agree) return json<View>({ state: "missing" }, { status: 404, headers });
        const base = { uiaNm: r.agree.uiaNm, html: sanitizeConsentHtml(r.agree.uiaContent) };
        const view: View = r.isSubmit ? { state: "done", ...base, agreeDt: r.agreeDt } : { state: "form", ...base, ver: r.agree.ver ?? null, agreeYn: r.agreeYn };
        return json<View>(view, { headers });
      },
      (_message, e) => {
        if (e.errorCode === AGREE_LINK) throw notFound();
        if (e.status === 404) return json<View>({ state: "missing" }, { status: 404, headers });
        return json<View>({ state: "error" }, { status: 503, headers });
      },
    );
  });
}

export async function action(args: ActionFunctionArgs) {
  return withSession(args, async (session) => {
    const link = linkOf(args.request, args.params);
    const form = await readForm(args.request, session);
    const refused = await (await rateLimits()).take([{ rule: "consentAddress", address: clientAddress(args.context) }]);
    if (refused) {
      const agreeYn = form.get("agreeYn");
      return withRetryAfter(json({ alert: refused.message, field: null, agreeYn: agreeYn === "Y" || agreeYn === "N" ? agreeYn : null }, { status: 429 }), refused);
    }
    const parsed = agreeSchema.safeParse({ agreeYn: form.get("agreeYn"), ver: form.get("ver") });
    if (!parsed.success) return json({ alert: OWN_MSG.agreeChoiceRequired, field: OWN_MSG.agreeChoiceRequired }, { status: 422 });
    const failed = await orLegacy(
      async () => {
        await privacyApi.submitConsent(link, parsed.data.agreeYn, parsed.data.ver);
        return null;
      },
      (message, e) => {
        if (e.errorCode === AGREE_LINK) throw notFound();
        if (e.status === 404) return redirect(selfHref(link));
        return json({ alert: e.status === 400 ? message : MSG.genericError, field: e.status === 400 ? message : null }, { status: e.status === 400 ? 422 : 503 });
      },
    );
    if (failed) return failed;
    session.flash(parsed.data.agreeYn === "Y" ? MSG.agreeSubmitted : MSG.agreeDisagreed, parsed.data.agreeYn === "Y" ? "info" : "error");
    return redirect(selfHref(link));
  });
}

export default function PrivacyAgreePage() {
  const view = useLoaderData<typeof loader>() as View;
  const reply = useActionData<typeof action>() as { alert?: string; field?: string | null; agreeYn?: string | null } | undefined;
  const flash = useRootData()?.flash;
  const alert = reply?.alert ?? flash?.text ?? (view.state === "error" ? MSG.genericError : null);
  const kind = reply?.alert || view.state === "error" ? "error" : flash?.kind;

  if (view.state === "missing" || view.state === "error") {
    return (
      <main className="consent-page">
        <h1>개인정보 수집·이용 동의</h1>
        <AlertRegion message={alert ?? null} kind={kind} />
        {view.state === "missing" ? (
          <section className="consent-card" data-testid="consent-missing">
            <p>{OWN_MSG.agreeNotFound}</p>
          </section>
        ) : null}
      </main>
    );
  }

  return (
    <main>
      {view.state === "done" ? (
        <ConsentView
          title={view.uiaNm}
          html={view.html}
          lead={
            <>
              <AlertRegion message={alert} kind={kind} />
              <ConsentDone agreeDt={view.agreeDt} />
              <h2 className="consent-subtitle">동의한 내용</h2>
            </>
          }
        />
      ) : (
        <ConsentView title={view.uiaNm} html={view.html} lead={<AlertRegion message={alert} kind={kind} />}>
          <Form method="post" replace noValidate aria-label="동의 여부 제출">
            <CsrfField />
            <ConsentChoice error={reply?.field ?? null} value={reply?.agreeYn ?? view.agreeYn} ver={view.ver} />
          </Form>
        </ConsentView>
      )}
    </main>
  );
}
