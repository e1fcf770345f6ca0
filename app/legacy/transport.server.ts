/**
 * Where `.do` requests go: a real legacy server over HTTP when LEGACY_API_URL is set, otherwise
 * the embedded backend's fetch(Request): in its own thread under server.js (ADR 0037), in-process
 * elsewhere (the tests, `npm run legacy`). All receive the same Request.
 */
import { backendThread } from "~/embedded/thread.server";
import { env } from "~/utils/env.server";

export type Transport = (request: Request) => Promise<Response>;

/** The origin used for in-process requests (never resolved on a network). */
export const EMBEDDED_ORIGIN = "http://embedded.invalid";

let override: Transport | undefined;

/** Tests replace the transport with a fake. */
export function setTransportForTests(t: Transport | undefined) {
  override = t;
}

export function legacyOrigin(): string {
  return env.legacyApiUrl ?? EMBEDDED_ORIGIN;
}

export async function transport(request: Request): Promise<Response> {
  if (override) return override(request);
  if (env.legacyApiUrl) return fetch(request);
  // under server.js the backend answers from a thread of its own (ADR 0037)
  const thread = backendThread();
  if (thread) return thread.fetch(request);
  const { getEmbeddedBackend } = await import("~/embedded/index.server");
  const backend = await getEmbeddedBackend();
  return backend.fetch(request);
}
