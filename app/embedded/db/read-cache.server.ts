/**
 * Reads that every call repeats, kept between writes (docs/decisions/0051-reads-kept-between-writes-and-string-render.md).
 *
 * Every authenticated `.do` call reads its session and user, and every list call the names of its
 * codes; on PGlite each such query costs about a millisecond of the backend's thread. A PGlite
 * database has one opener (the folder's lock, client.server.ts), so this process sees every write
 * to it: the client counts them (`written`, before and after any statement that is not a plain
 * `select`, and around every transaction, committed or not), and a kept read is valid while the
 * count has not moved. A read that a write overlapped is not kept. On PostgreSQL other processes
 * may write, so nothing is kept there (`passThrough`).
 */

export interface ReadCache {
  /** `read()`'s answer, or the one kept under `key` since the last write (a copy either way). */
  get<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** A write happened or is about to: everything kept is forgotten. */
  written(): void;
}

/** The most reads kept at once (sessions of the users working now, a few code lists). */
const MAX_KEPT = 500;

export function createReadCache(): ReadCache {
  let generation = 0;
  const kept = new Map<string, unknown>();
  return {
    async get<T>(key: string, read: () => Promise<T>): Promise<T> {
      if (kept.has(key)) return structuredClone(kept.get(key) as T);
      const before = generation;
      const value = await read();
      if (generation === before) {
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(key, structuredClone(value));
      }
      return value;
    },
    written() {
      generation++;
      kept.clear();
    },
  };
}

/** No read kept (a database other processes may write to). */
export const passThrough: ReadCache = { get: (_key, read) => read(), written: () => {} };

/**
 * Whether a statement only reads: one plain `select` (anything else counts as a write: `with`,
 * `select … for update`, several statements in one text).
 */
export function onlyReads(text: string): boolean {
  return /^\s*select\b/i.test(text) && !/;\s*\S/.test(text) && !/\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(text);
}

interface Client {
  query: (text: string, ...rest: never[]) => Promise<unknown>;
  exec: (text: string, ...rest: never[]) => Promise<unknown>;
  transaction: (fn: never, ...rest: never[]) => Promise<unknown>;
}

/** Makes `client` (PGlite) tell `cache` of every write that goes through it. */
export function countWrites<C>(client: C, cache: ReadCache): C {
  const c = client as unknown as Client;
  const { query, exec, transaction } = { query: c.query.bind(c), exec: c.exec.bind(c), transaction: c.transaction.bind(c) };
  const around = async <T>(write: boolean, run: () => Promise<T>): Promise<T> => {
    if (!write) return run();
    cache.written();
    try {
      return await run();
    } finally {
      cache.written();
    }
  };
  c.query = (text, ...rest) => around(!onlyReads(text), () => query(text, ...rest));
  c.exec = (text, ...rest) => around(!onlyReads(text), () => exec(text, ...rest));
  c.transaction = (fn, ...rest) => around(true, () => transaction(fn, ...rest));
  return client;
}

const caches = new WeakMap<object, ReadCache>();

/** The read cache of a database (`passThrough` for one without: PostgreSQL, a transaction). */
export function readCache(db: object): ReadCache {
  return caches.get(db) ?? passThrough;
}

/** Gives `db` its cache (client.server.ts, for PGlite). */
export function attachReadCache(db: object, cache: ReadCache): void {
  caches.set(db, cache);
}
