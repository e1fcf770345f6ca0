/**
 * The Content-Security-Policy of every response (issue 17, docs/decisions/0022-csp-nonces.md).
 * server.js makes a fresh nonce per request, sends this policy with it and hands the nonce to
 * Remix through the load context; entry.server.tsx puts it in a NonceContext, and root.tsx gives
 * it to every script Remix and Mantine render. An inline script without that nonce does not run.
 */
import { randomBytes } from "node:crypto";
import { FILES } from "~/calls/file";

/** 128 random bits, base64: a new one for each request (CSP 3 asks for at least 128 bits). */
export function newCspNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    // Remix's hydration scripts (context, module imports, scroll restoration), React's streaming
    // scripts and Mantine's ColorSchemeScript carry the nonce; route modules load from 'self'
    `script-src 'self' 'nonce-${nonce}'`,
    // Mantine renders style attributes (style props, CSS variables) and adds <style> tags at run
    // time (its CSS variables, react-remove-scroll under Modal): a nonce cannot cover attributes
    "style-src 'self' 'unsafe-inline'",
    // data: for icons in CSS; blob: for the photo field's preview of the chosen file (PhotoField);
    // consent HTML is sanitised to this site's /editor-media images
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/** The nonce server.js put in the load context (undefined outside server.js, e.g. in unit tests). */
export function cspNonceOf(loadContext: unknown): string | undefined {
  const nonce = loadContext && typeof loadContext === "object" ? (loadContext as { cspNonce?: unknown }).cspNonce : undefined;
  return typeof nonce === "string" && nonce ? nonce : undefined;
}

/**
 * The previews (utils/preview.server.ts) send their own policy, which lets this site frame them
 * (the data page's preview dialog): server.js sends neither this policy nor X-Frame-Options there,
 * as a browser would enforce both policies and `frame-ancestors 'none'` would blank the frame.
 */
const OWN_POLICY_PATHS = new Set([FILES.imgView.path, FILES.pdfView.path]);
export const ownsFramePolicy = (path: string) => OWN_POLICY_PATHS.has(path);
