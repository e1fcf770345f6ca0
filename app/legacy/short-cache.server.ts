/**
 * Short in-memory caches of what every page asks the backend for again: the menu list (the route
 * guard and the side menu), the bell's latest messages, and code lists (docs/decisions/0015-page-speed.md).
 * DESIGN.md "The session" allows a short in-memory cache: the web tier stays stateless, because
 * dropping an entry (expiry, a restart, another instance) loses nothing, the next request asks the
 * backend.
 * - Keys start with the signed-in session's scope (`TokenHolder.cacheScope`: the user, their
 *   authority and the sign-in time), so one user never gets another's answer, and callers that
 *   share an entry share one session's tokens.
 * - A load in flight is shared: the loaders of one page (the frame's and the page's) ask once.
 * - A failed load is not kept.
 * - Every form post (any request that is not GET or HEAD, see utils/context.server.ts) clears every
 *   cache before and after its work: a post may change what they hold (the messages read, a year
 *   added by an upload, a user's authority), and the page it redirects to is loaded fresh.
 */

export interface ShortCache<V> {
  /** the live entry for the key, or `load()`'s, kept for the cache's time to live */
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
  readonly size: number;
}

const caches = new Set<ShortCache<unknown>>();

export function shortCache<V>(ttlMs: number, maxEntries = 5_000): ShortCache<V> {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  const cache: ShortCache<V> = {
    get(key, load) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      // a crude bound: many users within one time to live start the cache afresh
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      entries.set(key, { at: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
  caches.add(cache as ShortCache<unknown>);
  return cache;
}

/** Forgets every entry of every short cache (a form post; tests). */
export function clearShortCaches() {
  for (const c of caches) c.clear();
}

/**
 * `load()` through the cache under the session's scope, or straight `load()` for a holder
 * without one (an anonymous call, a test's fake).
 */
export function scoped<V>(cache: ShortCache<V>, session: { readonly cacheScope?: string }, key: string, load: () => Promise<V>): Promise<V> {
  const scope = session.cacheScope;
  return scope ? cache.get(`${scope}|${key}`, load) : load();
}
