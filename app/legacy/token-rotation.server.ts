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
 *
 * Adoption is bound to the session that rotated (issue 37 item 9, ADR 0064): a rotation records
 * the key of the session that made it (`by`), and a holder adopts it only when it is that session
 * and was opened before the rotation or within ADOPT_GRACE_MS after it (requests of the page that
 * were already on their way). A copied cookie replayed later is not rescued: its old refresh token
 * goes to the legacy server, whose reuse detection ends the session.
 */

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** How long a rotation is remembered: longer than any request lives (uploads and reports: 120 s). */
export const ROTATION_KEEP_MS = 10 * 60_000;
const MAX_ENTRIES = 50_000;

/**
 * How long after a rotation a request opened with the old pair may still adopt the new one: the
 * requests a page sent before its browser got the new cookie (the embedded backend's own grace for
 * the previous refresh token is as long).
 */
export const ADOPT_GRACE_MS = 30_000;

/** Who may adopt a rotation: the key of the session that holds the tokens and when it was opened. */
export interface RotationBinding {
  /** the session's key (session.server.ts); a rotation made by another key is not adopted */
  by?: string;
  /** when the holder was opened (ms): later than ADOPT_GRACE_MS after the rotation, it is a stale copy */
  openedAt?: number;
}

/** How long a refused refresh token is remembered: the other requests of its page are answered by then. */
export const REFUSAL_KEEP_MS = 60_000;

const rotations = new Map<string, { tokens: Tokens; at: number; by?: string }>();
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

/** Records that `from` was exchanged for `tokens` (by the session whose key is `by`). */
export function recordRotation(from: string, tokens: Tokens, now = Date.now(), by?: string) {
  rotations.delete(from);
  rotations.set(from, { tokens, at: now, by });
  prune(rotations, (v) => v.at, ROTATION_KEEP_MS, now);
}

/** true when `binding` may adopt a rotation recorded as `entry` (see the file's comment) */
function mayAdopt(entry: { at: number; by?: string }, binding: RotationBinding | undefined): boolean {
  if (!binding) return true;
  if (entry.by !== undefined && binding.by !== undefined && entry.by !== binding.by) return false;
  return binding.openedAt === undefined || binding.openedAt <= entry.at + ADOPT_GRACE_MS;
}

/**
 * The newest pair `refreshToken` leads to (A → B → C gives C's pair), or undefined when it was not
 * exchanged here lately, or when `binding` may not adopt it: the first rotation of the chain (the
 * holder's own token) decides; the later ones were made with the pair it led to.
 */
export function latestTokens(refreshToken: string | undefined, now = Date.now(), binding?: RotationBinding): Tokens | undefined {
  let found: Tokens | undefined;
  let key = refreshToken;
  // a chain longer than a handful of steps does not happen within ROTATION_KEEP_MS; the bound also stops a cycle
  for (let i = 0; key && i < 32; i++) {
    const entry = rotations.get(key);
    if (!entry || now - entry.at > ROTATION_KEEP_MS) break;
    if (i === 0 && !mayAdopt(entry, binding)) break;
    found = entry.tokens;
    key = entry.tokens.refreshToken;
  }
  return found;
}
