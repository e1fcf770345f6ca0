/**
 * The backend's life in the web process (issue 18 "Restarts without loss"): server.js starts it
 * before the first request, asks whether it is ready (`/readyz`) and stops it on SIGTERM/SIGINT
 * after the requests in flight have finished, so PGlite closes its files cleanly. Given the server
 * build's URL, the embedded backend runs in a thread of its own (ADR 0037).
 */
import { sql } from "drizzle-orm";
import { backendThread, startBackendThread } from "~/embedded/thread.server";
import { env } from "./env.server";

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
  const seed = await import("~/embedded/db/seed-data");
  let backend: { demo: boolean; initialAdmin?: { userId: string; generatedPassword?: string } };
  if (opts.thread) {
    // the backend in a thread of its own, on this same server build (ADR 0037)
    // (beside it the web tier keeps its audit log in a store of its own: opened now, not by the
    // first sign-in)
    const { auditStore } = await import("./audit.server");
    [backend] = await Promise.all([startBackendThread(new URL(opts.thread)).info(), auditStore()]);
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

/** Closes the audit log's own store and the embedded backend's database (its quarterly schedule first). */
export async function stopBackend(): Promise<void> {
  // the audit log's own store (beside a legacy server or the backend's thread); none otherwise
  const { closeAuditStore } = await import("./audit.server");
  await closeAuditStore();
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
