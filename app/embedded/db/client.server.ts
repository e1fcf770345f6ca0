/**
 * Opens the embedded backend's database: PGlite (embedded PostgreSQL in a folder, or in memory)
 * or a real PostgreSQL server through node-postgres when a connection URL is given. Both yield
 * the same Drizzle query API (`Db`), and the schema migrations are applied before it is returned.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { attachReadCache, countWrites, createReadCache } from "./read-cache.server";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A Drizzle transaction handle: accepts the same queries as `Db`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DbKind = "pglite-memory" | "pglite" | "postgres";

export interface OpenDbOptions {
  /** A PostgreSQL connection URL: use node-postgres. */
  databaseUrl?: string;
  /** Use an in-memory PGlite (tests). */
  memory?: boolean;
  /** An in-memory PGlite starts from this image of a data folder (`OpenedDb.image`). */
  image?: Blob;
  /** The data folder; PGlite stores its files in `${dataDir}/pglite`. */
  dataDir?: string;
}

export interface OpenedDb {
  db: Db;
  kind: DbKind;
  /**
   * Runs `fn` while holding a database-wide lock, so that several processes starting at once on
   * one PostgreSQL do not migrate or seed at the same time. (PGlite serves one process: no-op.)
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** PGlite only: an image of the data folder (tar), which an in-memory PGlite can start from. */
  image?: () => Promise<Blob>;
  /** PostgreSQL only: the node-postgres pool under `db` (the rate limits keep their counters through it). */
  pool?: Pool;
  close(): Promise<void>;
}

/** Where the SQL migrations live: resolved from the working directory so it works from build/. */
export function migrationsFolder(): string {
  return path.resolve(process.cwd(), process.env.EMBEDDED_MIGRATIONS_DIR ?? "app/embedded/db/migrations");
}

/** An arbitrary constant naming the advisory lock taken while migrating and seeding. */
const STARTUP_LOCK_KEY = 7_310_052_401;

export async function openDatabase(opts: OpenDbOptions): Promise<OpenedDb> {
  if (opts.databaseUrl && !opts.memory) return openPostgres(opts.databaseUrl);
  return openPglite(opts.memory ? null : path.resolve(opts.dataDir ?? "./data", "pglite"), opts.memory ? opts.image : undefined);
}

/**
 * PGlite serves one process: a second process opening the same folder (a second server, a backup
 * while the server runs) would corrupt it. The folder's lock file names the process that has it
 * open; a lock of a process that is gone (killed) is taken over. In a container the server is
 * PID 1 at every start, so a lock naming this very process is stale too.
 */
function lockFolder(folder: string): () => void {
  const lock = `${folder}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lock, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(lock, "utf8").trim());
      if (pid > 0 && pid !== process.pid && processAlive(pid)) {
        throw new Error(`${folder} is open in process ${pid} (PGlite serves one process): stop it first`);
      }
      fs.rmSync(lock, { force: true });
    }
  }
  throw new Error(`cannot lock ${folder}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function openPglite(folder: string | null, image?: Blob): Promise<OpenedDb> {
  const [{ PGlite }, { drizzle }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
  ]);
  if (folder) fs.mkdirSync(folder, { recursive: true });
  const unlock = folder ? lockFolder(folder) : () => {};
  let client: InstanceType<typeof PGlite>;
  try {
    client = new PGlite(folder ?? "memory://", image ? { loadDataDir: image } : undefined);
    await client.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  // one opener (the folder's lock): every write goes through this client, so the reads that every
  // call repeats can be kept between writes (read-cache.server.ts)
  const cache = createReadCache();
  const db = drizzle({ client: countWrites(client, cache), schema }) as unknown as Db;
  attachReadCache(db, cache);
  return {
    db,
    kind: folder ? "pglite" : "pglite-memory",
    withStartupLock: (fn) => fn(),
    image: () => client.dumpDataDir("none"),
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

/**
 * `npm run db -- backup <file>`: the PGlite database of `dataDir` as one gzipped tar (PGlite's
 * own image of its folder). The server must be stopped (the folder's lock says so if not).
 */
export async function backupPglite(dataDir: string, file: string, name = "pglite"): Promise<number> {
  const folder = path.resolve(dataDir, name);
  if (!fs.existsSync(folder)) throw new Error(`no database in ${folder}`);
  const opened = await openPglite(folder);
  try {
    const image = await opened.image!();
    const bytes = Buffer.from(await image.arrayBuffer());
    const { gzipSync } = await import("node:zlib");
    fs.writeFileSync(file, gzipSync(bytes));
    return bytes.length;
  } finally {
    await opened.close();
  }
}

/**
 * `npm run db -- restore <file>`: a backup becomes the PGlite database of `dataDir`. An existing
 * database is kept aside as `pglite.before-restore-<time>` (never deleted); the server must be
 * stopped.
 */
export async function restorePglite(dataDir: string, file: string, name = "pglite"): Promise<string | null> {
  const folder = path.resolve(dataDir, name);
  const { gunzipSync } = await import("node:zlib");
  const image = new Blob([gunzipSync(fs.readFileSync(file))]);
  let keptAside: string | null = null;
  if (fs.existsSync(folder) && fs.readdirSync(folder).length) {
    const unlock = lockFolder(folder);
    keptAside = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(folder, keptAside);
    unlock();
  }
  const opened = await openPglite(folder, image);
  try {
    await opened.db.execute(sql`select 1`);
  } finally {
    await opened.close();
  }
  return keptAside;
}

async function openPostgres(url: string): Promise<OpenedDb> {
  const [{ default: pg }, { drizzle }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_MAX ?? 10),
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  pool.on("error", (err) => console.error("[embedded] idle PostgreSQL client error:", err.message));
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    pool,
    async withStartupLock(fn) {
      const conn = await pool.connect();
      try {
        await conn.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await conn.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Applies the SQL migrations with Drizzle's migrator for the matching driver. */
export async function migrateDatabase(opened: OpenedDb): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (opened.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(opened.db as never, config);
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(opened.db as never, config);
  }
}

/** Opens, migrates and returns the database. */
export async function openAndMigrate(opts: OpenDbOptions): Promise<OpenedDb> {
  const opened = await openDatabase(opts);
  try {
    await opened.withStartupLock(() => migrateDatabase(opened));
  } catch (err) {
    await opened.close().catch(() => undefined);
    throw err;
  }
  return opened;
}

/** True when `err` is PostgreSQL's unique-violation error (either driver). */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
