/**
 * The embedded backend in a thread of its own (docs/decisions/0037-backend-thread.md).
 *
 * One Node thread did both the web tier's work (routing, React's render, gzip) and the embedded
 * backend's (PGlite, drizzle, the `.do` handlers), so a 2-core machine used one core. Under
 * `node server.js` the backend now runs in a worker thread: the same server build is loaded there
 * (its entry module starts `serveBackendThread` when it finds itself in that thread), and the web
 * tier's transport hands each `.do` Request across as bytes and gets the Response back as a head
 * and a stream of chunks. What crosses is what HTTP would carry, so the backend cannot tell the
 * difference, and a real legacy server (LEGACY_API_URL) still replaces both.
 *
 * The main thread never opens the backend's database while the thread holds it (PGlite allows one
 * opener): `getEmbeddedBackend` refuses there, and the web tier's own stores (audit log, rate
 * limits) take the path they take beside a legacy server.
 */
import { isMainThread, parentPort, Worker, workerData, type MessagePort } from "node:worker_threads";
import { THREAD_DDL } from "~/utils/ddl.server";

export const BACKEND_THREAD_ROLE = "medu-eval.embedded-backend";

/** What the web tier sends to the thread. */
type ToThread =
  | { id: number; op: "fetch"; method: string; url: string; headers: [string, string][]; body: ArrayBuffer | null }
  | { id: number; op: "cancel" }
  | { id: number; op: "info" }
  | { id: number; op: "ready" }
  | { id: number; op: "close" }
  // the web tier's audit log, kept in this database (ADR 0067): statements on audit_log only
  | { id: number; op: "auditSql"; sql: string; params: unknown[] };

/** What the thread answers: one `head`, then `chunk`s and an `end` (or an `error`) per fetch. */
type FromThread =
  // a reply whose body came whole by its second read (most replies: a JSON envelope) is one message
  // with its body (`chunk`, `end`), not three (head, chunk, end): each message costs both threads
  | { id: number; kind: "head"; status: number; statusText: string; headers: [string, string][]; hasBody: boolean; chunk?: Uint8Array; end?: boolean }
  | { id: number; kind: "chunk"; chunk: Uint8Array }
  | { id: number; kind: "end" }
  | { id: number; kind: "value"; value: unknown }
  | { id: number; kind: "error"; message: string; name: string };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface ThreadInfo {
  kind: string;
  demo: boolean;
  initialAdmin?: { userId: string; generatedPassword?: string };
}

// ---------------------------------------------------------------------------------------------
// In the backend's thread
// ---------------------------------------------------------------------------------------------

/** Whether this thread is the backend's (the server build's entry module asks at load). */
export const isBackendThread = () => !isMainThread && (workerData as { role?: string } | null)?.role === BACKEND_THREAD_ROLE;

/** Serves the web tier's messages with the process-wide embedded backend of this thread. */
export function serveBackendThread(port: MessagePort = parentPort!): void {
  const readers = new Map<number, ReadableStreamDefaultReader<Uint8Array>>();
  const post = (m: FromThread, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);
  const fail = (id: number, e: unknown) =>
    post({ id, kind: "error", message: e instanceof Error ? e.message : String(e), name: e instanceof Error ? e.name : "Error" });

  port.on("message", (m: ToThread) => {
    void (async () => {
      const { getEmbeddedBackend, closeEmbeddedBackend } = await import("./index.server");
      switch (m.op) {
        case "fetch": {
          const backend = await getEmbeddedBackend();
          const res = await backend.fetch(new Request(m.url, { method: m.method, headers: m.headers, body: m.body }));
          const head: Extract<FromThread, { kind: "head" }> = { id: m.id, kind: "head", status: res.status, statusText: res.statusText, headers: [...res.headers], hasBody: res.body !== null };
          if (!res.body) return post(head);
          const reader = res.body.getReader();
          readers.set(m.id, reader);
          // a copy of its own, so the buffer can move to the other thread without a second copy
          const own = (value: Uint8Array) => value.slice();
          try {
            const first = await reader.read();
            const second = first.done ? first : await reader.read();
            if (second.done) {
              const chunk = first.done ? undefined : own(first.value);
              post({ ...head, chunk, end: true }, chunk ? [chunk.buffer] : []);
              return;
            }
            const chunk = own(first.value!);
            post({ ...head, chunk }, [chunk.buffer]);
            let next: ReadableStreamReadResult<Uint8Array> = second;
            while (!next.done) {
              const more = own(next.value);
              post({ id: m.id, kind: "chunk", chunk: more }, [more.buffer]);
              next = await reader.read();
            }
            post({ id: m.id, kind: "end" });
          } finally {
            readers.delete(m.id);
          }
          return;
        }
        case "cancel":
          await readers.get(m.id)?.cancel();
          return;
        case "info": {
          const b = await getEmbeddedBackend();
          const value: ThreadInfo = { kind: b.kind, demo: b.demo, initialAdmin: b.initialAdmin };
          // handed over once (the start banner): the backend forgets a generated password
          delete b.initialAdmin;
          post({ id: m.id, kind: "value", value });
          return;
        }
        case "ready": {
          const [b, { sql }] = await Promise.all([getEmbeddedBackend(), import("drizzle-orm")]);
          await b.db.execute(sql`select 1`);
          post({ id: m.id, kind: "value", value: b.kind });
          return;
        }
        case "auditSql": {
          if (!isAuditStatement(m.sql)) throw new Error("not a statement of the audit log");
          const [b, { sql }] = await Promise.all([getEmbeddedBackend(), import("drizzle-orm")]);
          // the text's $1, $2… become the statement's parameters again
          const parts = m.sql.split(/\$(\d+)/);
          const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${m.params[Number(part) - 1]}`));
          const r = await b.db.execute(sql.join(chunks));
          const rows = ((r as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])) as unknown[];
          post({ id: m.id, kind: "value", value: { rows: Array.isArray(rows) ? rows : [], affectedRows: (r as { affectedRows?: number; rowCount?: number }).affectedRows ?? (r as { rowCount?: number }).rowCount ?? 0 } });
          return;
        }
        case "close":
          await closeEmbeddedBackend();
          post({ id: m.id, kind: "value", value: null });
          return;
      }
    })().catch((e) => fail(m.id, e));
  });
}

/**
 * Whether a statement the web tier sends is one of its own tables' (the audit log, ADR 0067; the
 * second factor, ADR 0068): one statement, on one of them alone.
 * - audit_log: a SELECT from it, an INSERT into it, the retention's DELETE (the table's trigger
 *   refuses any younger row) or an ADD COLUMN of its own; never an UPDATE;
 * - second_factor: a SELECT, an INSERT, an UPDATE or a DELETE;
 * - and the web tier's two schema blocks (ddl.server.ts THREAD_DDL), character for character.
 */
export function isAuditStatement(text: string): boolean {
  if (THREAD_DDL.has(text)) return true;
  if (text.includes(";") || /\bjoin\b|\bunion\b|\bdrop\b|\btruncate\b/i.test(text)) return false;
  const t = text.trim();
  const named = (table: string) => text.includes(`"${table}"`);
  const oneFrom = (table: string) => (t.match(/\bfrom\b/gi) ?? []).length === 1 && new RegExp(`\\bfrom\\s+"${table}"`, "i").test(t);
  if (named("audit_log") && !named("second_factor")) {
    if (/\bupdate\b/i.test(text)) return false;
    if (/^select\s/i.test(t)) return oneFrom("audit_log");
    return /^insert\s+into\s+"audit_log"\s/i.test(t) || /^delete\s+from\s+"audit_log"\s/i.test(t) || /^alter\s+table\s+"audit_log"\s+add\s+column\s+if\s+not\s+exists\s/i.test(t);
  }
  if (named("second_factor") && !named("audit_log")) {
    if (/^select\s/i.test(t)) return oneFrom("second_factor");
    if (/\bselect\b/i.test(t.replace(/^select\s/i, ""))) return false;
    return (
      /^insert\s+into\s+"second_factor"\s/i.test(t) ||
      /^update\s+"second_factor"\s+set\s/i.test(t) ||
      /^delete\s+from\s+"second_factor"\s/i.test(t)
    );
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// In the web tier's thread
// ---------------------------------------------------------------------------------------------

type Pending =
  | { kind: "fetch"; resolve: (r: Response) => void; reject: (e: Error) => void; stream?: ReadableStreamDefaultController<Uint8Array> }
  | { kind: "value"; resolve: (v: unknown) => void; reject: (e: Error) => void };

export class BackendThread {
  private worker: Worker;
  private next = 1;
  private pending = new Map<number, Pending>();
  private exited = false;

  /** Starts the thread on the server build at `buildUrl` (its entry module serves from there). */
  constructor(buildUrl: URL) {
    this.worker = new Worker(buildUrl, { workerData: { role: BACKEND_THREAD_ROLE } });
    this.worker.on("message", (m: FromThread) => this.receive(m));
    this.worker.on("error", (e) => console.error("[backend thread]", e));
    this.worker.on("exit", (code) => {
      this.exited = true;
      const gone = new Error(`the backend thread stopped (exit code ${code})`);
      for (const p of this.pending.values()) {
        if (p.kind === "fetch" && p.stream) p.stream.error(gone);
        else p.reject(gone);
      }
      this.pending.clear();
    });
  }

  private receive(m: FromThread) {
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.kind === "error") {
      const e = Object.assign(new Error(m.message), { name: m.name });
      this.pending.delete(m.id);
      if (p.kind === "fetch" && p.stream) p.stream.error(e);
      else p.reject(e);
      return;
    }
    if (p.kind === "value") {
      if (m.kind === "value") {
        this.pending.delete(m.id);
        p.resolve(m.value);
      }
      return;
    }
    if (m.kind === "head") {
      if (!m.hasBody || m.end) this.pending.delete(m.id);
      const body = m.hasBody
        ? new ReadableStream<Uint8Array>({
            start: (controller) => {
              p.stream = controller;
              if (m.chunk) controller.enqueue(m.chunk);
              if (m.end) controller.close();
            },
            cancel: () => {
              this.pending.delete(m.id);
              this.worker.postMessage({ id: m.id, op: "cancel" } satisfies ToThread);
            },
          })
        : null;
      p.resolve(new Response(body, { status: m.status, statusText: m.statusText, headers: m.headers }));
    } else if (m.kind === "chunk") {
      p.stream?.enqueue(m.chunk);
    } else if (m.kind === "end") {
      this.pending.delete(m.id);
      p.stream?.close();
    }
  }

  /** A message answered with one value: `info`, `ready`, `close`, `auditSql`. */
  private call(message: DistributiveOmit<Extract<ToThread, { op: "info" | "ready" | "close" | "auditSql" }>, "id">): Promise<unknown> {
    if (this.exited) return Promise.reject(new Error("the backend thread has stopped"));
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { kind: "value", resolve, reject });
      this.worker.postMessage({ id, ...message } as ToThread);
    });
  }

  /** One statement of the web tier's audit log, run on the backend's database (ADR 0067). */
  auditSql = (q: { sql: string; params: unknown[] }) => this.call({ op: "auditSql", ...q }) as Promise<{ rows: unknown[]; affectedRows: number }>;

  /** The transport of the legacy gateway: a Request in, the backend's Response out. */
  fetch = async (request: Request): Promise<Response> => {
    if (this.exited) throw new Error("the backend thread has stopped");
    const body = request.body ? await request.arrayBuffer() : null;
    const id = this.next++;
    const answer = new Promise<Response>((resolve, reject) => {
      this.pending.set(id, { kind: "fetch", resolve, reject });
    });
    const message: ToThread = { id, op: "fetch", method: request.method, url: request.url, headers: [...request.headers], body };
    this.worker.postMessage(message, body ? [body] : []);
    return answer;
  };

  info = () => this.call({ op: "info" }) as Promise<ThreadInfo>;
  ready = () => this.call({ op: "ready" }) as Promise<string>;

  /** Closes the database in the thread, then ends the thread. */
  async close(): Promise<void> {
    if (this.exited) return;
    await this.call({ op: "close" });
    await this.worker.terminate();
  }
}

const GLOBAL_KEY = Symbol.for("medu-eval.backend-thread");
type GlobalWithThread = typeof globalThis & { [GLOBAL_KEY]?: BackendThread };

/** The backend's thread, when this process runs the backend in one. */
export function backendThread(): BackendThread | undefined {
  return (globalThis as GlobalWithThread)[GLOBAL_KEY];
}

/** Starts the backend's thread for this process (server.js, through startBackend). */
export function startBackendThread(buildUrl: URL): BackendThread {
  const g = globalThis as GlobalWithThread;
  g[GLOBAL_KEY] ??= new BackendThread(buildUrl);
  return g[GLOBAL_KEY];
}
