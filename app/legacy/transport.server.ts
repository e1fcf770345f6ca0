/**
 * Where `.do` requests go: a real legacy server over HTTP when LEGACY_API_URL is set, otherwise
 * the embedded backend's fetch(Request), reached through the start-up module (backend.server.ts):
 * in its own thread under server.js (ADR 0037), in-process elsewhere (the tests). All receive the
 * same Request.
 */
import { env } from "~/utils/env.server";
import { embeddedFetch } from "./backend.server";

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
  return embeddedFetch(request);
}
