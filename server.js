/**
 * The production server: Express serving the Remix build, static assets and security headers.
 * The web tier is stateless (the session lives in the sealed cookie), so any number of these can
 * run behind a load balancer.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const root = path.dirname(fileURLToPath(import.meta.url));
/** BUILD_DIR (see remix.config.js): where the server build and its browser assets are. */
const buildDir = process.env.BUILD_DIR ? path.resolve(root, process.env.BUILD_DIR) : null;

export async function createServer() {
  const build = await import(pathToFileURL(buildDir ? path.join(buildDir, "index.js") : path.join(root, "build/index.js")).href);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");
  app.use(compression());
  app.use((req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    res.setHeader("Content-Security-Policy", "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });
  // a cross-site post never reaches an action (Remix would answer it with a bare 500)
  const { isCrossSite, ownMessages } = build.entry.module;
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    if (!isCrossSite(new Request(`http://${req.headers.host ?? "localhost"}${req.originalUrl}`, { method: "POST", headers }))) return next();
    res.status(403).type("text/plain; charset=utf-8").send(ownMessages.csrfRefused);
  });
  app.use("/build", express.static(buildDir ? path.join(buildDir, "public/build") : path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
  // a fresh load context per request: the loaders of one request share their session through it
  app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV, getLoadContext: () => ({}) }));
  return { app, build };
}

export async function start() {
  const { app, build } = await createServer();
  const info = await build.entry.module.startBackend();
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  await new Promise((resolve) => {
    const server = app.listen(port, host, () => resolve(server));
  });
  const lines = [`의과대학 교육평가 자료관리: http://localhost:${port}`];
  if (info.mode === "embedded") {
    lines.push(`backend: embedded (${info.target})`);
    if (info.demo) {
      lines.push(`demo accounts (password ${info.password}):`);
      for (const a of info.accounts) lines.push(`  ${a.id.padEnd(12)} ${a.role}`);
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
    console.error(e);
    process.exit(1);
  });
}
