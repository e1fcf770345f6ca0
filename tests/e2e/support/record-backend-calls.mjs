/**
 * `node tests/e2e/support/record-backend-calls.mjs <path>…` (backend-calls.spec.ts runs it): serves
 * the built server (server.js's createServer, BUILD_DIR as the other specs) in this process with
 * its own embedded backend in a temporary folder, signs in as admin, asks for each path in turn and
 * prints, as JSON, each page's status, HTML and the `.do` calls (path and body) the backend was asked for while it
 * was answered.
 *
 * The backend's fetch is wrapped where the gateway's transport reaches it: the process-wide
 * backend promise that getEmbeddedBackend (app/embedded/index.server.ts) keeps on globalThis.
 * A plain node process, not the Playwright worker: the build is an ES module Playwright's loader
 * would not import, and the environment set here stays here.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { generateTOTP } from "@epic-web/totp";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "medu-calls-"));
Object.assign(process.env, {
  NODE_ENV: "production",
  // production seeds no demo accounts unless asked (docs/decisions/0024)
  DEMO_DATA: "1",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  LEGACY_API_URL: "",
  SESSION_SECRET: "calls-secret-0123456789abcdefghijkl",
  COOKIE_SECURE: "false",
});
const KEY = Symbol.for("medu-eval.embedded-backend");
const password = process.env.DEMO_PASSWORD ?? "Demo1234!";

process.chdir(root);
const { createServer } = await import(pathToFileURL(path.join(root, "server.js")).href);
const { app, build } = await createServer();
let server;
let output = "";
try {
  await build.entry.module.startBackend();
  const backend = await globalThis[KEY];
  const calls = [];
  globalThis[KEY] = Promise.resolve({
    ...backend,
    // a call is its path and its body: the evaluation guard asks each of the user's indicator pages
    // in turn for the indicator (ADR 0058), the same path with another page's number
    fetch: async (req) => {
      calls.push(`${new URL(req.url).pathname} ${req.method === "GET" ? "" : await req.clone().text()}`.trim());
      return backend.fetch(req);
    },
  });
  server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = `http://127.0.0.1:${server.address().port}`;

  const form = await fetch(`${base}/`);
  const anonymous = form.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const csrf = (await form.text()).match(/name="_csrf" value="([^"]+)"/)?.[1] ?? "";
  const body = new URLSearchParams({ intent: "login", userId: "admin", userPass: password, _csrf: csrf });
  const held = await fetch(`${base}/?index`, { method: "POST", body, headers: { Cookie: anonymous, Origin: base }, redirect: "manual" });
  // the demo administrator's second factor (ADR 0068; tests/e2e/helpers.ts DEMO_TOTP_SECRET), with the same CSRF token
  const { otp } = await generateTOTP({ secret: "JBSWY3DPEHPK3PXPJBSWY3DP", period: 30 });
  const heldCookie = held.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const signedIn = await fetch(`${base}/sign-in/otp`, { method: "POST", body: new URLSearchParams({ intent: "totp", code: otp, _csrf: csrf }), headers: { Cookie: heldCookie, Origin: base }, redirect: "manual" });
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

  const pages = [];
  for (const p of process.argv.slice(2)) {
    calls.length = 0;
    const res = await fetch(`${base}${p}`, { headers: { Cookie: cookie }, redirect: "manual" });
    const html = await res.text();
    pages.push({ path: p, status: res.status, html, calls: [...calls] });
  }
  output = JSON.stringify({ signIn: signedIn.headers.get("location"), pages });
} finally {
  server?.close();
  await (await globalThis[KEY])?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
// a pipe is written asynchronously: exit once the report is out (the build keeps timers alive)
process.stdout.write(output, () => process.exit(0));
