/**
 * The server entry: Remix's default streaming render, plus the backend's start, readiness and stop
 * (utils/backend.server.ts) for server.js: the embedded backend migrates and seeds before the first
 * request and closes its database after the last.
 */
import { Transform } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

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

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const bot = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />, {
      [bot ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = withoutNulBytes();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-store");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
}

/** What server.js calls around the requests: start before the first, ready for /readyz, stop on a signal. */
export { backendReady, startBackend, stopBackend } from "~/utils/backend.server";

/** server.js refuses cross-site posts with this check before Remix sees them (docs/decisions/0003-csrf.md). */
export { isCrossSite } from "~/utils/csrf.server";
export { OWN_MSG as ownMessages } from "~/schemas/messages.ko";
