/**
 * The server entry: the page rendered to one string with the request's CSP nonce, the cache
 * rule of documents and `?_data=` replies, plus the backend's start, readiness and stop
 * (legacy/backend.server.ts, the start-up module) for server.js: the embedded backend migrates and
 * seeds before the first request and closes its database after the last.
 */
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceContext } from "~/components/layout/nonce";
import { errorText } from "~/utils/log.server";
import { cspNonceOf } from "~/utils/csp.server";
import { closeAuditStore, startAuditRetention } from "~/utils/audit.server";
import { checkSessionSecret, env } from "~/utils/env.server";
import { serveWhenBackendThread, startBackend as startTheBackend, stopBackend as stopTheBackend } from "~/legacy/backend.server";

/**
 * No page is ever stored by a browser or a proxy (issue 17): each carries the session's CSRF
 * token and this request's CSP nonce, most carry personal data, and the public answer and consent
 * pages are personal links. A route's `headers` cannot loosen it.
 */
const NO_STORE = "private, no-store";

/**
 * The page as one string (ADR 0051). No route suspends (no `defer`, no lazy component), so a
 * streamed render sent the same page in one piece anyway, after encoding its some thousand small
 * strings one by one into 2 KB buffers (a tenth of a page's CPU); it also wrote stray NUL bytes
 * where a Korean character met a buffer's end (react#31134), which a string render cannot.
 * React adds the doctype only when it streams.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const html = renderToString(
    <NonceContext.Provider value={cspNonceOf(loadContext)}>
      <RemixServer context={remixContext} url={request.url} />
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Cache-Control", NO_STORE);
  // as bytes: a string body is first checked for lone surrogates, character by character (undici's
  // USVString conversion, half a millisecond on a list page)
  return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode });
}

/**
 * A loader's or action's JSON for the browser's scripts (`?_data=`) is the same personal data as
 * the page: never stored either. Redirects and errors included.
 */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", NO_STORE);
  // a copy: a Response made by Response.redirect() or fetch() has headers that cannot be changed
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/**
 * Remix's default error log, except for a request server.js has already answered with the 413 of
 * a body over its limit (docs/decisions/0027-bounded-bodies.md): its action then fails reading the
 * cut body, which is expected, and a stream of such posts must not fill the log.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || (context as { bodyRefused?: () => boolean }).bodyRefused?.()) return;
  // as Remix's default: the error inside a route error response (404/405 of Remix's own), else the error
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  // issue 17 "Logs" (ADR 0028): the path without its query, a failed query without its parameters
  console.error(`[remix] ${request.method} ${new URL(request.url).pathname}: ${errorText(inner ?? error)}`);
};

/**
 * What server.js calls around the requests: start before the first, ready for /readyz, stop on a
 * signal. The audit log (utils/audit.server.ts) opens at the start, not at the first sign-in — in
 * the backend's database, which a backend in its own thread runs the log's statements on (ADR
 * 0067) — and its retention purge runs then and daily; its store closes first at the stop.
 */
export async function startBackend(opts: { thread?: string } = {}) {
  // a short SESSION_SECRET in production stops the start before anything listens (ADR 0064)
  checkSessionSecret();
  // the backend's start goes first: it starts the thread before it awaits anything, so the log
  // opened beside it finds the thread and never opens the backend's database in this thread
  const info = await startTheBackend(opts);
  startAuditRetention();
  return info;
}

export async function stopBackend(): Promise<void> {
  await closeAuditStore();
  await stopTheBackend();
}

export { backendReady } from "~/legacy/backend.server";

// loaded in the embedded backend's thread (ADR 0037), this build serves the web tier's `.do` calls
serveWhenBackendThread();

/** server.js refuses cross-site posts with this check before Remix sees them (docs/decisions/0003-csrf.md). */
export { isCrossSite } from "~/utils/csrf.server";
export { OWN_MSG as ownMessages } from "~/schemas/messages.ko";
/** server.js sends this policy with a fresh nonce on every response (docs/decisions/0022-csp-nonces.md). */
export { contentSecurityPolicy, newCspNonce, ownsFramePolicy } from "~/utils/csp.server";
/** server.js answers a path that does not percent-decode with this page (400). */
export { isDecodablePath, malformedPathPage, methodNotAllowedPage } from "~/utils/malformed-path.server";
/** server.js bounds every request body with this middleware (docs/decisions/0027-bounded-bodies.md). */
export { bodyRefused, limitBody, refuseAndClose } from "~/utils/body-limit.server";
