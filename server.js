/**
 * The production server: Express serving the Remix build, static assets and security headers.
 * The web tier is stateless (the session lives in the sealed cookie), so any number of these can
 * run behind a load balancer.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import zlib from "node:zlib";
import express from "express";

const root = path.dirname(fileURLToPath(import.meta.url));
/** BUILD_DIR (see remix.config.js): where the server build and its browser assets are. */
const buildDir = process.env.BUILD_DIR ? path.resolve(root, process.env.BUILD_DIR) : null;
/** How long a shutdown waits for requests in flight before closing their connections. */
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
let draining = false;

const buildUrl = () => pathToFileURL(buildDir ? path.join(buildDir, "index.js") : path.join(root, "build/index.js"));

export async function createServer() {
  const build = await import(buildUrl().href);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");
  // about half the CPU of the defaults (brotli 4, gzip 6) for 5 % more bytes, still smaller than
  // gzip's default: a page's compression is time the user waits for (docs/decisions/0051)
  app.use(compression({ level: 4, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } } }));
  const { isCrossSite, ownMessages, newCspNonce, contentSecurityPolicy, ownsFramePolicy, isDecodablePath, malformedPathPage, methodNotAllowedPage, limitBody, refuseAndClose, bodyRefused } =
    build.entry.module;
  app.use((req, res, next) => {
    // a fresh nonce per request: the page's scripts carry it (getLoadContext → entry.server →
    // root.tsx), so an injected inline script cannot run (docs/decisions/0022-csp-nonces.md). A
    // route that sends its own, stricter policy (editor-media) adds it: a browser enforces both.
    res.locals.cspNonce = newCspNonce();
    // the previews send their own, sandboxing policy that lets this site frame them (csp.server.ts)
    if (!ownsFramePolicy(req.path)) {
      res.setHeader("Content-Security-Policy", contentSecurityPolicy(res.locals.cspNonce));
      res.setHeader("X-Frame-Options", "DENY");
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });
  // TRACE and TRACK (which a Fetch Request cannot carry, so Remix answered 500 with a stack in the
  // log) are no method of this site: 405, as a plain Korean page (issue 37 item 9, ADR 0064)
  app.use((req, res, next) => {
    if (req.method !== "TRACE" && req.method !== "TRACK") return next();
    res.status(405).set("Allow", "GET, HEAD, POST").set("Cache-Control", "no-store").type("text/html; charset=utf-8");
    res.send(methodNotAllowedPage());
  });
  // a path with a '%' that does not decode is a plain Korean 400, never Express's English page
  // (and a URIError stack in the log) or a 500 from further down
  app.use((req, res, next) => {
    if (isDecodablePath(req.path)) return next();
    // a request with a body (a post) is answered and closed without reading the body, as the
    // refusals below are; a GET keeps its connection
    if (req.method !== "GET" && req.method !== "HEAD") return refuseAndClose(req, res, 400, "text/html; charset=utf-8", malformedPathPage());
    res.status(400).type("text/html; charset=utf-8").setHeader("Cache-Control", "no-store");
    res.send(malformedPathPage());
  });
  // a cross-site post never reaches an action (Remix would answer it with a bare 500); decided on
  // the headers alone, and the connection is closed so that no byte of its body is read
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    if (!isCrossSite(new Request(`http://${req.headers.host ?? "localhost"}${req.originalUrl}`, { method: "POST", headers }))) return next();
    refuseAndClose(req, res, 403, "text/plain; charset=utf-8", ownMessages.csrfRefused);
  });
  // every body is bounded while it streams, before anything reads it: a declared length over the
  // path's limit is a 413 at once, a chunked body a 413 as soon as its count passes the limit, and
  // the connection is closed without reading the rest (docs/decisions/0027-bounded-bodies.md)
  app.use(limitBody);
  // readiness (liveness is /healthz): the database answers; during a shutdown, no (load balancers drain)
  app.get("/readyz", async (_req, res) => {
    const r = draining ? { ready: false, detail: "shutting down" } : await build.entry.module.backendReady();
    res.status(r.ready ? 200 : 503).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(`${r.ready ? "ready" : "not ready"} (${r.detail})`);
  });
  app.use("/build", express.static(buildDir ? path.join(buildDir, "public/build") : path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  // public/ holds files (favicon.svg): a page's path has no extension, and would cost a file-system
  // look-up on every request
  const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h" });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  // a fresh load context per request: the loaders of one request share their session through it;
  // it carries the request's CSP nonce to entry.server.tsx and the client address (req.ip honours
  // `trust proxy`) to the rate limits (ADR 0023)
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientAddress: req.ip, bodyRefused: () => bodyRefused(req) }),
    }),
  );
  // a request answered with the 413 while Remix was reading its body: Remix's own answer to the
  // cut body has nowhere to go (the connection is closed); nothing to log or send
  app.use((err, req, res, next) => (bodyRefused(req) ? undefined : next(err)));
  return { app, build };
}

export async function start() {
  const { app, build } = await createServer();
  // the embedded backend runs in a thread of its own on this same build, so the web tier and the
  // database work on two cores (docs/decisions/0037-backend-thread.md); EMBEDDED_THREAD=0 keeps it in
  // this thread
  const info = await build.entry.module.startBackend(process.env.EMBEDDED_THREAD === "0" ? {} : { thread: buildUrl().href });
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  const server = await new Promise((resolve) => {
    const s = app.listen(port, host, () => resolve(s));
  });
  // an idle keep-alive connection stays open longer than a client or proxy in front keeps it
  // (load balancers commonly 60 s): with Node's 5 s default the server could close a socket just
  // as the client sent the next request on it, which the client sees as ECONNRESET. The headers
  // timeout must exceed it. A stop still closes idle connections at once (closeIdleConnections).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // SIGTERM (docker stop, systemd) and SIGINT (Ctrl-C): stop accepting, finish the requests in
  // flight, then close the database cleanly (PGlite writes its files on close)
  const shutdown = async (signal) => {
    if (draining) return;
    draining = true;
    console.log(`${signal}: finishing the requests in flight, then closing the database`);
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await closed;
    clearTimeout(force);
    try {
      await build.entry.module.stopBackend();
    } catch (err) {
      console.error("closing the database failed", err);
      process.exit(1);
    }
    console.log("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  const lines = [`의과대학 교육평가 자료관리: http://localhost:${port}`];
  if (info.mode === "embedded") {
    lines.push(`backend: embedded (${info.target})`);
    if (info.demo) {
      lines.push(`demo accounts (password ${info.password}):`);
      for (const a of info.accounts) lines.push(`  ${a.id.padEnd(12)} ${a.role}`);
      // administrators give a second factor after the password (docs/decisions/0068)
      lines.push("  admin's second step: a TOTP code from the demo key in the README (Quick start)");
    } else {
      lines.push("demo data: off (DEMO_DATA=1 turns it on for an empty database)");
    }
    // the first administrator, on the start that created it only (docs/decisions/0024)
    if (info.initialAdmin?.generatedPassword) {
      lines.push(`first administrator: ${info.initialAdmin.userId}, password ${info.initialAdmin.generatedPassword} (shown this once; change it at the first sign-in)`);
    } else if (info.initialAdmin) {
      lines.push(`first administrator: ${info.initialAdmin.userId}, password from INITIAL_ADMIN_PASSWORD (change it at the first sign-in)`);
    }
  } else {
    lines.push(`backend: legacy server ${info.target}`);
  }
  console.log(lines.join("\n"));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  start().catch((e) => {
    // a refused setting (a short SESSION_SECRET in production) is its message alone, no stack
    console.error(e?.name === "StartRefused" ? e.message : e);
    process.exit(1);
  });
}
