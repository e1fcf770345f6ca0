/**
 * Where the legacy refresh tokens of this process went (docs/decisions/0025-legacy-replies-bounded-and-token-rotation.md).
 *
 * A refresh (spec 000 §7 /api/auth/refreshToken.do) hands out a new access token and a new refresh
 * token; the legacy server may refuse the old refresh token from then on (the embedded backend
 * ends the whole session when it sees one reused after a short grace). One browser sends several
 * requests at once, each carrying the same sealed cookie: when one of them refreshes, the others
 * still hold the old pair, and the last to answer writes its cookie. So every rotation is kept
 * here for a while, refresh token → the pair it was exchanged for, and
 * - a request that gets 401 with a refresh token already exchanged adopts the pair (one refresh);
 * - a session opened or committed with an exchanged refresh token adopts the newest pair of the
 *   chain (session.server.ts), so a slower request carrying the old pair cannot put it back into
 *   the browser over the new one.
 * A refresh token the server refused is kept too, for a short while: the requests of that session
 * still on their way get 401 after the first refusal and end without asking again (spec 000 §8:
 * one refresh, one logout).
 * An entry dropped (its time is up, a restart, another instance) loses nothing the legacy server's
 * own rules do not already cover: the old refresh token is then sent as it is.
 */

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** How long a rotation is remembered: longer than any request lives (uploads and reports: 120 s). */
export const ROTATION_KEEP_MS = 10 * 60_000;
const MAX_ENTRIES = 50_000;

/** How long a refused refresh token is remembered: the other requests of its page are answered by then. */
export const REFUSAL_KEEP_MS = 60_000;

const rotations = new Map<string, { tokens: Tokens; at: number }>();
const refusals = new Map<string, number>();

function prune<V>(map: Map<string, V>, at: (v: V) => number, keepMs: number, now: number) {
  // insertion order is time order: the expired entries are the first ones
  for (const [k, v] of map) {
    if (now - at(v) <= keepMs && map.size <= MAX_ENTRIES) break;
    map.delete(k);
  }
}

/** Records that the server refused to exchange `refreshToken`. */
export function recordRefusal(refreshToken: string, now = Date.now()) {
  refusals.delete(refreshToken);
  refusals.set(refreshToken, now);
  prune(refusals, (v) => v, REFUSAL_KEEP_MS, now);
}

/** true when the server refused `refreshToken` lately */
export function wasRefused(refreshToken: string, now = Date.now()): boolean {
  const at = refusals.get(refreshToken);
  return at !== undefined && now - at <= REFUSAL_KEEP_MS;
}

/** Records that `from` was exchanged for `tokens`. */
export function recordRotation(from: string, tokens: Tokens, now = Date.now()) {
  rotations.delete(from);
  rotations.set(from, { tokens, at: now });
  prune(rotations, (v) => v.at, ROTATION_KEEP_MS, now);
}

/**
 * The newest pair `refreshToken` leads to (A → B → C gives C's pair), or undefined when it was not
 * exchanged here lately.
 */
export function latestTokens(refreshToken: string | undefined, now = Date.now()): Tokens | undefined {
  let found: Tokens | undefined;
  let key = refreshToken;
  // a chain longer than a handful of steps does not happen within ROTATION_KEEP_MS; the bound also stops a cycle
  for (let i = 0; key && i < 32; i++) {
    const entry = rotations.get(key);
    if (!entry || now - entry.at > ROTATION_KEEP_MS) break;
    found = entry.tokens;
    key = entry.tokens.refreshToken;
  }
  return found;
}
