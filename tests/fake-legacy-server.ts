/**
 * A programmable legacy server over real HTTP (node:http on an ephemeral port), for proving the
 * gateway against what a misbehaving server does on the wire (issue 18): HTML instead of JSON,
 * headers and then nothing, a body that never ends, a reply slower than the timeout. The gateway
 * reaches it through LEGACY_API_URL exactly as it reaches a real one.
 *
 * A handler gets the parsed call and the raw ServerResponse: it either answers a body (sent as a
 * JSON envelope with HTTP 200), or writes the response itself (`reply`, `stall`, `endless`).
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface LegacyCall {
  path: string;
  method: string;
  /** the Authorization header ("Bearer …"), or null */
  auth: string | null;
  body: unknown;
  query: URLSearchParams;
}

export type Handler = (call: LegacyCall, res: ServerResponse) => unknown;

export interface FakeLegacyServer {
  /** the base URL for LEGACY_API_URL */
  readonly url: string;
  /** every call received, in order */
  readonly calls: LegacyCall[];
  /** answers `path` with `handler` (replacing an earlier one) */
  on(path: string, handler: Handler): void;
  /** forgets the handlers and the calls */
  reset(): void;
  /** how many calls of `path` arrived */
  count(path: string): number;
  /** resolves when `n` calls of `path` have arrived */
  waitFor(path: string, n?: number): Promise<void>;
  close(): Promise<void>;
}

/** Writes a whole reply: a JSON body (an object) or text with its type. */
export function reply(res: ServerResponse, status: number, body: unknown, type = "application/json; charset=utf-8") {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

/** Sends the headers and the start of a body, then nothing more (until the client gives up). */
export function stall(res: ServerResponse, type = "application/json; charset=utf-8", start = '{"status":200,"result":') {
  res.writeHead(200, { "Content-Type": type });
  res.write(start);
}

/**
 * Streams a body that never ends, as fast as the client reads (`every` > 0: one small chunk every
 * `every` ms instead). Stops when the client goes away.
 */
export function endless(res: ServerResponse, type = "application/json; charset=utf-8", every = 0) {
  res.writeHead(200, { "Content-Type": type });
  res.write('{"status":200,"result":{"list":[');
  let open = true;
  res.on("close", () => (open = false));
  if (every > 0) {
    const timer = setInterval(() => (open ? res.write('{"n":1},') : clearInterval(timer)), every);
    return;
  }
  const chunk = Buffer.from('{"n":1},'.repeat(8192));
  const pump = () => {
    while (open && res.write(chunk));
    if (open) res.once("drain", pump);
  };
  pump();
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startFakeLegacy(): Promise<FakeLegacyServer> {
  const handlers = new Map<string, Handler>();
  const calls: LegacyCall[] = [];
  const waiters: { path: string; n: number; done: () => void }[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const call: LegacyCall = { path: url.pathname, method: req.method ?? "GET", auth: req.headers.authorization ?? null, body: await readBody(req), query: url.searchParams };
    calls.push(call);
    for (const w of [...waiters]) {
      if (calls.filter((c) => c.path === w.path).length >= w.n) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done();
      }
    }
    const handler = handlers.get(call.path);
    if (!handler) return reply(res, 404, { status: 404, message: `no handler for ${call.path}` });
    try {
      const answer = await handler(call, res);
      if (!res.headersSent && answer !== undefined) reply(res, 200, answer);
    } catch (e) {
      if (!res.headersSent) reply(res, 500, { status: 500, message: String(e) });
    }
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    on: (path, handler) => void handlers.set(path, handler),
    reset() {
      handlers.clear();
      calls.length = 0;
    },
    count: (path) => calls.filter((c) => c.path === path).length,
    waitFor(path, n = 1) {
      if (calls.filter((c) => c.path === path).length >= n) return Promise.resolve();
      return new Promise((done) => waiters.push({ path, n, done }));
    },
    async close() {
      // a stalled or endless reply keeps its socket: end them so that close() returns
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A base URL on which nothing listens: a port taken and given back. */
export async function refusedUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
