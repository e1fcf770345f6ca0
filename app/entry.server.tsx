/**
 * The server entry: Remix's default streaming render, plus `startBackend`, which server.js calls
 * at start so that the embedded backend migrates and seeds before the first request.
 */
import { Transform } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { env } from "~/utils/env.server";

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

/**
 * Opens the embedded backend (migrations, first-start seed) when no legacy server is configured.
 * Returns what the start banner prints: the demo accounts and their password only when the demo
 * data is on; without it, the first administrator's generated password on the one start that
 * created it (ADR 0024), never a password given in the environment.
 */
export async function startBackend(): Promise<{
  mode: "legacy" | "embedded";
  target: string;
  demo: boolean;
  accounts: { id: string; role: string }[];
  password?: string;
  initialAdmin?: { userId: string; generatedPassword?: string };
}> {
  if (env.legacyApiUrl) return { mode: "legacy", target: env.legacyApiUrl, demo: false, accounts: [] };
  const [{ getEmbeddedBackend }, seed] = await Promise.all([import("~/embedded/index.server"), import("~/embedded/db/seed-data")]);
  const backend = await getEmbeddedBackend();
  const initialAdmin = backend.initialAdmin;
  // printed once: the backend forgets the generated password as soon as it is handed over
  delete backend.initialAdmin;
  return {
    mode: "embedded",
    target: process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite (${process.env.DATA_DIR ?? "./data"})`,
    demo: backend.demo,
    accounts: backend.demo ? seed.DEMO_ACCOUNTS.map((a: { id: string; role: string }) => ({ id: a.id, role: a.role })) : [],
    password: backend.demo ? seed.demoPassword() : undefined,
    initialAdmin,
  };
}

/** server.js refuses cross-site posts with this check before Remix sees them (docs/decisions/0003-csrf.md). */
export { isCrossSite } from "~/utils/csrf.server";
export { OWN_MSG as ownMessages } from "~/schemas/messages.ko";
