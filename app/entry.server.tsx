/**
 * The server entry: Remix's default streaming render with the request's CSP nonce, the cache
 * rule of documents and `?_data=` replies, plus the backend's start, readiness and stop
 * (utils/backend.server.ts) for server.js: the embedded backend migrates and seeds before the first
 * request and closes its database after the last.
 */
import { Transform } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/layout/nonce";
import { errorText } from "~/utils/log.server";
import { cspNonceOf } from "~/utils/csp.server";
import { isBackendThread, serveBackendThread } from "~/embedded/thread.server";

const ABORT_DELAY = 10_000;

/**
 * The page's HTML on its way out, in as few pieces as it was written. React writes a page as some
 * hundred small chunks in one burst; passed on one by one, each went through the web stream, the
 * response and gzip on its own, and gzip's per-call cost was a tenth of a page's CPU (ADR 0037).
 * What arrives in one turn of the event loop leaves as one chunk, so a page leaves whole, and a
 * Suspense boundary that resolves later still streams when it comes.
 *
 * React 18.3's renderToPipeableStream can also emit stray NUL bytes where a multi-byte character
 * (all Korean text) meets its 2 KB chunk boundary (react#31134). NUL is never valid in HTML, so
 * every NUL byte is dropped.
 */
/** The bytes without NUL bytes (a page has a few: cut around them, not byte by byte). */
function withoutNul(chunk: Buffer): Buffer {
  let at = chunk.indexOf(0);
  if (at < 0) return chunk;
  const parts: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    parts.push(chunk.subarray(from, at));
    from = at + 1;
    at = chunk.indexOf(0, from);
  }
  parts.push(chunk.subarray(from));
  return Buffer.concat(parts);
}

export function htmlOut(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const out = (t: Transform) => {
    scheduled = false;
    if (!pending.length) return;
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    t.push(withoutNul(chunk));
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => out(this));
      }
      done();
    },
    flush(done) {
      out(this);
      done();
    },
  });
}

/**
 * No page is ever stored by a browser or a proxy (issue 17): each carries the session's CSRF
 * token and this request's CSP nonce, most carry personal data, and the public answer and consent
 * pages are personal links. A route's `headers` cannot loosen it.
 */
const NO_STORE = "private, no-store";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const bot = isbot(request.headers.get("user-agent") ?? "");
  const nonce = cspNonceOf(loadContext);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const app = (
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </NonceContext.Provider>
    );
    // `nonce` also marks the inline scripts React itself streams (Suspense boundaries)
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [bot ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = htmlOut();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Cache-Control", NO_STORE);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(errorText(error));
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
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

/** What server.js calls around the requests: start before the first, ready for /readyz, stop on a signal. */
export { backendReady, startBackend, stopBackend } from "~/utils/backend.server";

// loaded in the embedded backend's thread (ADR 0037), this build serves the web tier's `.do` calls
if (isBackendThread()) serveBackendThread();

/** server.js refuses cross-site posts with this check before Remix sees them (docs/decisions/0003-csrf.md). */
export { isCrossSite } from "~/utils/csrf.server";
export { OWN_MSG as ownMessages } from "~/schemas/messages.ko";
/** server.js sends this policy with a fresh nonce on every response (docs/decisions/0022-csp-nonces.md). */
export { contentSecurityPolicy, newCspNonce, ownsFramePolicy } from "~/utils/csp.server";
/** server.js answers a path that does not percent-decode with this page (400). */
export { isDecodablePath, malformedPathPage } from "~/utils/malformed-path.server";
/** server.js bounds every request body with this middleware (docs/decisions/0027-bounded-bodies.md). */
export { bodyRefused, limitBody, refuseAndClose } from "~/utils/body-limit.server";
