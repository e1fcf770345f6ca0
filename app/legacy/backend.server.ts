/**
 * The start-up module: the one module of the web tier that imports the embedded backend
 * (app/embedded/, docs/decisions/0054-session-in-one-module.md). Everything else of the web tier
 * reaches the backend through the gateway (`legacyPost` → transport.server.ts → `embeddedFetch`
 * here) or asks this module for the backend's database; app/utils imports nothing of app/embedded.
 *
 * The backend's life in the web process (issue 18 "Restarts without loss"): server.js starts it
 * before the first request, asks whether it is ready (`/readyz`) and stops it on SIGTERM/SIGINT
 * after the requests in flight have finished, so PGlite closes its files cleanly (entry.server.tsx
 * hands these on). Given the server build's URL, the embedded backend runs in a thread of its own
 * (ADR 0037): the build loaded in that thread serves it (`serveWhenBackendThread`).
 */
import { sql } from "drizzle-orm";
import type { Pool } from "pg";
import type { Db } from "~/embedded/db/client.server";
import { backendThread, isBackendThread, serveBackendThread, startBackendThread } from "~/embedded/thread.server";
import { env } from "~/utils/env.server";

export interface BackendInfo {
  mode: "legacy" | "embedded";
  target: string;
  demo: boolean;
  accounts: { id: string; role: string }[];
  password?: string;
  initialAdmin?: { userId: string; generatedPassword?: string };
}

/**
 * Opens the embedded backend (migrations, first-start seed) when no legacy server is configured.
 * Returns what the start banner prints: the demo accounts and their password only when the demo
 * data is on; without it, the first administrator's generated password on the one start that
 * created it (ADR 0024), never a password given in the environment.
 */
export async function startBackend(opts: { thread?: string } = {}): Promise<BackendInfo> {
  if (env.legacyApiUrl) return { mode: "legacy", target: env.legacyApiUrl, demo: false, accounts: [] };
  // the backend in a thread of its own, on this same server build (ADR 0037): started before
  // anything is awaited, so that what opens beside this start (the audit log's own store,
  // entry.server.tsx) already finds it and never opens the backend's database in this thread
  const thread = opts.thread ? startBackendThread(new URL(opts.thread)) : undefined;
  const seed = await import("~/embedded/db/seed-data");
  let backend: { demo: boolean; initialAdmin?: { userId: string; generatedPassword?: string } };
  if (thread) {
    backend = await thread.info();
  } else {
    const { getEmbeddedBackend } = await import("~/embedded/index.server");
    const b = await getEmbeddedBackend();
    backend = { demo: b.demo, initialAdmin: b.initialAdmin };
    // printed once: the backend forgets the generated password as soon as it is handed over
    delete b.initialAdmin;
  }
  const initialAdmin = backend.initialAdmin;
  return {
    mode: "embedded",
    target: process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite (${process.env.DATA_DIR ?? "./data"})`,
    demo: backend.demo,
    accounts: backend.demo ? seed.DEMO_ACCOUNTS.map((a: { id: string; role: string }) => ({ id: a.id, role: a.role })) : [],
    password: backend.demo ? seed.demoPassword() : undefined,
    initialAdmin,
  };
}

/** Closes the embedded backend's database (its quarterly schedule first); nothing beside a legacy server. */
export async function stopBackend(): Promise<void> {
  if (env.legacyApiUrl) return;
  const thread = backendThread();
  if (thread) return thread.close();
  const { closeEmbeddedBackend } = await import("~/embedded/index.server");
  await closeEmbeddedBackend();
}

const READY_TIMEOUT_MS = 3_000;

/**
 * Whether requests can be served: the embedded backend's database answers a query, or the legacy
 * server answers HTTP at all (any status). Never throws; a slow answer is a no.
 */
export async function backendReady(): Promise<{ ready: boolean; detail: string }> {
  const timeout = new Promise<{ ready: false; detail: string }>((resolve) => setTimeout(() => resolve({ ready: false, detail: "timeout" }), READY_TIMEOUT_MS).unref());
  const check = async (): Promise<{ ready: boolean; detail: string }> => {
    try {
      if (env.legacyApiUrl) {
        await fetch(env.legacyApiUrl, { method: "HEAD", signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
        return { ready: true, detail: "legacy server" };
      }
      const thread = backendThread();
      if (thread) return { ready: true, detail: `${await thread.ready()}, in its own thread` };
      const { getEmbeddedBackend } = await import("~/embedded/index.server");
      const backend = await getEmbeddedBackend();
      await backend.db.execute(sql`select 1`);
      return { ready: true, detail: backend.kind };
    } catch (err) {
      return { ready: false, detail: err instanceof Error ? err.name : "error" };
    }
  };
  return Promise.race([check(), timeout]);
}

/** Loaded in the embedded backend's thread (ADR 0037), this build serves the web tier's `.do` calls. */
export function serveWhenBackendThread(): void {
  if (isBackendThread()) serveBackendThread();
}

/**
 * The embedded backend's answer to a `.do` Request (the gateway's transport without
 * LEGACY_API_URL): from its own thread under server.js (ADR 0037), in this thread elsewhere (the
 * tests, EMBEDDED_THREAD=0).
 */
export async function embeddedFetch(request: Request): Promise<Response> {
  const thread = backendThread();
  if (thread) return thread.fetch(request);
  const { getEmbeddedBackend } = await import("~/embedded/index.server");
  const backend = await getEmbeddedBackend();
  return backend.fetch(request);
}

/**
 * The embedded backend's database, when the backend runs in this thread: the web tier keeps its
 * audit log there (utils/audit.server.ts) and, on PostgreSQL, its rate-limit counters on the same
 * pool (utils/rate-limit.server.ts). Null beside a legacy server or a backend in its own thread
 * (PGlite has one opener): those stores are then the web tier's own.
 */
export async function embeddedDatabase(): Promise<{ db: Db; pool?: Pool } | null> {
  if (env.legacyApiUrl || backendThread()) return null;
  const { getEmbeddedBackend } = await import("~/embedded/index.server");
  const backend = await getEmbeddedBackend();
  return { db: backend.db, pool: backend.pool };
}

/**
 * Beside a backend in its own thread: how the audit log runs its statements on the backend's
 * database there (ADR 0067, one database and one backup). Null elsewhere.
 */
export function backendAuditSql(): ((q: { sql: string; params: unknown[] }) => Promise<{ rows: unknown[]; affectedRows: number }>) | null {
  if (env.legacyApiUrl) return null;
  const thread = backendThread();
  return thread ? thread.auditSql : null;
}

/** The folder of the backend's migrations (the audit log's own store applies migration 0008's statements). */
export { migrationsFolder } from "~/embedded/db/client.server";
