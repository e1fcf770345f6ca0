/**
 * N web instances of the product on one PostgreSQL, behind nginx (issue 39; docs/deployment.md).
 *
 * Each instance is `node server.js` with the embedded backend on `DATABASE_URL`; they share the
 * session secret (the session is a sealed cookie: any instance opens any session), the data folder
 * (uploaded files; in production a shared volume) and the database (rate limits, jobs, the audit
 * log). nginx, from Debian's packages, balances them round-robin without sticky sessions.
 *
 * Used by `npm run cluster` (scripts/cluster.mjs), the multi-instance tests
 * (tests/cluster/cluster.test.ts) and `npm run soak` (scripts/soak.mjs).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The V8 heap settings each instance runs with (README "Several instances", ADR 0072): the same
 * in the Docker image's CMD and `npm start`. V8 applies them to each of the process's two threads
 * (the web tier and the embedded backend's). Without them V8 let a thread's heap grow far past its
 * live data before collecting: an instance under load held a 250 MB heap of which 62 MB was live.
 */
export const NODE_MEMORY_FLAGS = ["--max-old-space-size=256", "--max-semi-space-size=8"];

/** nginx's binary: on PATH or Debian's /usr/sbin/nginx; installs Debian's package as root when missing. */
export function nginxBinary() {
  const found = () => ["/usr/sbin/nginx", ...String(process.env.PATH ?? "").split(":").map((d) => path.join(d, "nginx"))].find((p) => fs.existsSync(p));
  let bin = found();
  if (!bin && process.getuid?.() === 0) {
    console.error("[cluster] nginx not found: installing Debian's nginx package");
    spawnSync("bash", [fileURLToPath(new URL("./debian-install.sh", import.meta.url)), "nginx"], { stdio: "inherit" });
    bin = found();
  }
  if (!bin) throw new Error("nginx is not installed: install Debian's nginx package (apt-get install nginx)");
  return bin;
}

/**
 * The load balancer's configuration. What the instances need from it (README, "Several instances"):
 * - no sticky sessions (none needed: the session is a cookie every instance opens);
 * - an upstream keep-alive shorter than the instances' own (server.js: 65 s), so that nginx never
 *   sends a request on a connection the instance is closing (that is the ECONNRESET a client sees);
 * - a body limit no smaller than the product's largest upload (the product bounds bodies itself);
 * - the client's address in X-Forwarded-For, and the instances trusting only the balancer for it
 *   (TRUST_PROXY: loopback here), so that the rate limits count the client, not the balancer;
 * - a request that cannot reach an instance (killed, restarting) tried on the next one, but only
 *   when it is safe: nginx never retries a POST that reached an instance (non-idempotent);
 * - when no instance could answer (a POST on an instance killed under it), a Korean page, the
 *   spec's message for an error without one (spec 000 §8, MSG.genericError), never nginx's English
 *   "502 Bad Gateway"; the instances' own error pages pass as they are.
 */
/** The balancer's own error page (spec 000 §8 '오류가 발생하였습니다.', app/schemas/messages.frame.ko.ts genericError). */
const UNAVAILABLE_PAGE = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>알림</title></head><body><main><h1>알림</h1><p role="alert">오류가 발생하였습니다.</p></main></body></html>`;

export function nginxConf({ port, upstreams, prefix, user }) {
  return `# written by scripts/cluster-lib.mjs
${user ? `user ${user};` : ""}
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 60m;
  upstream medu {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join("\n")}
    keepalive 32;
    keepalive_timeout 60s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://medu;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
      proxy_request_buffering on;
      proxy_buffering on;
      error_page 502 504 =503 @unavailable;
    }
    location @unavailable {
      default_type "text/html; charset=utf-8";
      add_header Cache-Control no-store always;
      add_header Retry-After 5 always;
      return 503 '${UNAVAILABLE_PAGE}';
    }
  }
}
`;
}

async function waitFor(url, ms, child) {
  const end = Date.now() + ms;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process ended (${child.exitCode})`);
    try {
      // a probe has its own bound: an instance that took the connection and never answers is "not yet"
      const r = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await r.arrayBuffer();
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts the instances and nginx. `databaseUrl` is required (scripts/with-postgres.sh makes a
 * throw-away one). `env` is added to every instance's environment.
 * @param {{ instances?: number, port?: number, databaseUrl: string, env?: Record<string, string>, dataDir?: string, log?: boolean }} options
 */
export async function startCluster({ instances = 2, port, databaseUrl, env = {}, dataDir, log = false } = {}) {
  if (!databaseUrl) throw new Error("startCluster: DATABASE_URL is required (several instances share one PostgreSQL)");
  if (!fs.existsSync(path.join(root, process.env.BUILD_DIR ?? "build", "index.js"))) {
    spawnSync("npx", ["remix", "build"], { cwd: root, stdio: "inherit" });
  }
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "medu-cluster-"));
  const data = dataDir ?? path.join(prefix, "data");
  fs.mkdirSync(data, { recursive: true });
  for (const d of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) fs.mkdirSync(path.join(prefix, d));
  const secret = process.env.SESSION_SECRET ?? randomBytes(32).toString("hex");
  const lbPort = port ?? (await freePort());
  const nodes = [];
  for (let i = 0; i < instances; i++) nodes.push({ index: i, port: await freePort(), proc: null });

  const spawnNode = (node) => {
    const child = spawn(process.execPath, [...NODE_MEMORY_FLAGS, "server.js"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(node.port),
        DATABASE_URL: databaseUrl,
        DATA_DIR: data,
        SESSION_SECRET: secret,
        LEGACY_API_URL: "",
        TRUST_PROXY: "loopback",
        INSTANCE_NAME: `web-${node.index + 1}`,
        ...env,
      },
      stdio: ["ignore", log ? "inherit" : "pipe", log ? "inherit" : "pipe"],
    });
    // keep a bounded tail of each instance's output for a failure's report
    node.output = "";
    const keep = (b) => {
      node.output = (node.output + b.toString()).slice(-20_000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    node.proc = child;
    return child;
  };
  // the first instance migrates the database and seeds the demo data alone; the others start after
  spawnNode(nodes[0]);
  await waitFor(`http://127.0.0.1:${nodes[0].port}/readyz`, 180_000, nodes[0].proc);
  await Promise.all(
    nodes.slice(1).map(async (n) => {
      spawnNode(n);
      await waitFor(`http://127.0.0.1:${n.port}/readyz`, 180_000, n.proc);
    }),
  );

  const confPath = path.join(prefix, "nginx.conf");
  fs.writeFileSync(confPath, nginxConf({ port: lbPort, upstreams: nodes.map((n) => n.port), prefix, user: process.getuid?.() === 0 ? "root root" : null }));
  const nginx = spawn(nginxBinary(), ["-c", confPath, "-p", prefix, "-e", path.join(prefix, "error.log")], { stdio: ["ignore", "pipe", "pipe"] });
  let nginxOut = "";
  nginx.stderr.on("data", (b) => (nginxOut += b.toString()));
  await waitFor(`http://127.0.0.1:${lbPort}/healthz`, 30_000, nginx).catch((e) => {
    throw new Error(`${e.message}\n${nginxOut}${fs.existsSync(path.join(prefix, "error.log")) ? fs.readFileSync(path.join(prefix, "error.log"), "utf8") : ""}`);
  });

  const exited = (child) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", r)));
  return {
    url: `http://127.0.0.1:${lbPort}`,
    port: lbPort,
    dataDir: data,
    instances: nodes.map((n) => ({
      get port() {
        return n.port;
      },
      get url() {
        return `http://127.0.0.1:${n.port}`;
      },
      get pid() {
        return n.proc?.pid;
      },
      get output() {
        return n.output;
      },
      /** SIGKILL: the instance dies mid-request, as a crashed machine would. */
      async kill() {
        n.proc.kill("SIGKILL");
        await exited(n.proc);
      },
      /** SIGTERM: the graceful stop (drains, closes the database). */
      async stop() {
        n.proc.kill("SIGTERM");
        await exited(n.proc);
      },
      async start() {
        spawnNode(n);
        await waitFor(`http://127.0.0.1:${n.port}/readyz`, 180_000, n.proc);
      },
    })),
    /**
     * The graceful stop of nginx and every instance; whatever has not ended after `graceMs` (an
     * instance whose database close waits on a connection the database dropped) gets SIGKILL;
     * `onKill` hears how many.
     * @param {{ graceMs?: number, onKill?: (count: number) => void }} [options]
     */
    async stop({ graceMs = 30_000, onKill } = {}) {
      const live = (child) => child && child.exitCode === null && child.signalCode === null;
      const children = [nginx, ...nodes.map((n) => n.proc)].filter(live);
      nginx.kill("SIGQUIT");
      for (const n of nodes) if (live(n.proc)) n.proc.kill("SIGTERM");
      let timer;
      const late = new Promise((r) => (timer = setTimeout(r, graceMs)));
      await Promise.race([Promise.all(children.map(exited)), late]);
      clearTimeout(timer);
      const stuck = children.filter(live);
      for (const child of stuck) child.kill("SIGKILL");
      await Promise.all(stuck.map(exited));
      if (stuck.length) onKill?.(stuck.length);
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * A browser's cookies and its form posts, enough for the product's session and CSRF cookies: the
 * multi-instance tests and the soak run use it against any instance or the balancer.
 */
export class Client {
  /** @param {{ headers?: Record<string, string>, timeoutMs?: number }} [options] extra headers (a phone's X-Forwarded-For), the request time limit */
  constructor({ headers = {}, timeoutMs = 30_000 } = {}) {
    /** @type {Map<string, string>} */
    this.cookies = new Map();
    this.headers = headers;
    this.timeoutMs = timeoutMs;
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  /** @param {Response} res */
  take(res) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  /**
   * The request's abort signal: the time limit (a timer of its own, held by the request's closure:
   * AbortSignal.timeout can be collected with the Request fetch makes of it, nodejs/undici#3644,
   * and then never fires) and the caller's signal when given. The limit covers the body too (the
   * timer runs on after the headers; aborting a finished response does nothing).
   * @param {AbortSignal} [signal]
   */
  limit(signal) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${this.timeoutMs} ms`, "TimeoutError")), this.timeoutMs);
    timer.unref?.();
    if (signal?.aborted) controller.abort(signal.reason);
    else signal?.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
    return controller.signal;
  }
  /** @param {string} base @param {string} path @param {{ signal?: AbortSignal }} [options] */
  async get(base, path, { signal } = {}) {
    const res = await fetch(base + path, { headers: { ...this.headers, Cookie: this.cookieHeader() }, redirect: "manual", signal: this.limit(signal) });
    this.take(res);
    return res;
  }
  /**
   * A form post (application/x-www-form-urlencoded) as a browser sends it, with the page's Origin.
   * @param {string} base @param {string} path @param {Record<string, string> | [string, string][]} form @param {{ signal?: AbortSignal }} [options]
   */
  async post(base, path, form, { signal } = {}) {
    const res = await fetch(base + path, {
      method: "POST",
      headers: { ...this.headers, Cookie: this.cookieHeader(), Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
      signal: this.limit(signal),
    });
    this.take(res);
    return res;
  }
}

/** The CSRF token of a page's forms. @param {string} html */
export const csrfOf = (html) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

/** The values of a page's inputs named `name` (any attribute order). @param {string} html @param {string} name */
export const valuesOf = (html, name) =>
  [...html.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]).filter((t) => t.includes(` name="${name}"`)).map((t) => /\svalue="([^"]*)"/.exec(t)?.[1] ?? "");

/**
 * The second factor's key of the demo administrators (README, ADR 0068: published as the demo
 * password is); the demo's other accounts have none.
 */
export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DP";
const DEMO_FACTOR_ACCOUNTS = new Set(["admin", "admin02"]);

/**
 * Posts the sign-in form on `base`, and for a demo administrator the second factor's code
 * (/sign-in/otp); answers the last reply (302 to /dashboard when it worked).
 * @param {Client} client @param {string} base @param {string} userId @param {string} password
 */
export async function signIn(client, base, userId, password) {
  const csrf = csrfOf(await (await client.get(base, "/")).text());
  const res = await client.post(base, "/?index", { intent: "login", userId, userPass: password, _csrf: csrf });
  if (res.status !== 302 || !DEMO_FACTOR_ACCOUNTS.has(userId) || new URL(res.headers.get("location") ?? "/", base).pathname !== "/sign-in/otp") return res;
  const { generateTOTP } = await import("@epic-web/totp");
  const { otp } = await generateTOTP({ secret: DEMO_TOTP_SECRET, period: 30 });
  return client.post(base, "/sign-in/otp", { intent: "totp", code: otp, _csrf: csrf });
}
