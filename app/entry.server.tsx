/**
 * The server entry: Remix's default streaming render with the request's CSP nonce, the cache
 * rule of documents and `?_data=` replies, plus the backend's start, readiness and stop
 * (utils/backend.server.ts) for server.js: the embedded backend migrates and seeds before the first
 * request and closes its database after the last.
 */
import { errorText } from "~/utils/log.server";
import { Transform } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/layout/nonce";
import { cspNonceOf } from "~/utils/csp.server";

const ABORT_DELAY = 10_000;

/**
 * React 18.3's renderToPipeableStream can emit stray NUL bytes where a multi-byte character
 * (all Korean text) meets its 2 KB chunk boundary (react#31134). NUL is never valid in HTML,
 * so the stream drops every NUL byte on its way out.
 */
export function withoutNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, chunk.includes(0) ? chunk.filter((b) => b !== 0) : chunk);
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
        const body = withoutNulBytes();
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

/** What server.js calls around the requests: start before the first, ready for /readyz, stop on a signal. */
export { backendReady, startBackend, stopBackend } from "~/utils/backend.server";

/** server.js refuses cross-site posts with this check before Remix sees them (docs/decisions/0003-csrf.md). */
export { isCrossSite } from "~/utils/csrf.server";
export { OWN_MSG as ownMessages } from "~/schemas/messages.ko";
/** server.js sends this policy with a fresh nonce on every response (docs/decisions/0022-csp-nonces.md). */
export { contentSecurityPolicy, newCspNonce } from "~/utils/csp.server";
/** server.js answers a path that does not percent-decode with this page (400). */
export { isDecodablePath, malformedPathPage } from "~/utils/malformed-path.server";

/**
 * The server's log of an error a loader or action threw (issue 17 "Logs", ADR 0028): without a
 * database query's parameters; an aborted request is not an error.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(`[remix] ${request.method} ${new URL(request.url).pathname}: ${errorText(error)}`);
}
