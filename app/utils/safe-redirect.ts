/**
 * THE normaliser of every redirect target that carries text from a request (issue 17, open
 * redirect): `?redirectTo=` of sign-in, the messenger's `redirectTo` field, the survey editor's
 * `returnTo` and Referer, and the paths the list and page actions echo back. No server code, so
 * a unit test (and a component) can use it.
 *
 * A browser reads a Location header leniently (WHATWG URL): it drops tab and newline anywhere,
 * takes '\' for '/', and resolves '/./' and '/../'. So '/\t/evil.example', '/\evil.example' and
 * '/.//evil.example' all leave the site although each starts with one '/'. The target is
 * therefore stripped of control characters, resolved against a dummy origin the way a browser
 * would, and kept only when it stays on that origin and its serialised path starts with exactly
 * one '/' (also after percent-decoding, for '/%2F%2Fevil.example' or '/%09/evil.example' read by a
 * decoding proxy).
 */

const DUMMY_ORIGIN = "http://same-origin.invalid";

/** '//' or '/\' at the start: another host to a browser */
const HOST_RELATIVE = /^[/\\][/\\]/;

/** C0 controls and DEL: a browser drops tab and newline silently, the rest have no place in a path */
const CONTROL = /[\u0000-\u001f\u007f]/g;

function decoded(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * A path (with its query and fragment) on this site to redirect to, or `fallback` when `value`
 * is missing, not a string, or would leave this origin.
 */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof value !== "string" || value.length > 4096) return fallback;
  const raw = value.replace(CONTROL, "");
  if (!raw.startsWith("/") || HOST_RELATIVE.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, DUMMY_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== DUMMY_ORIGIN) return fallback;
  const path = decoded(url.pathname)?.replace(CONTROL, "");
  if (path === undefined || HOST_RELATIVE.test(url.pathname) || HOST_RELATIVE.test(path)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
