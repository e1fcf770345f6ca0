/**
 * What the phase benchmarks (bench-excel.js, bench-reports.js) share: each phase runs in a child
 * process of its own (a clean heap, its own peak), measured the same way.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";

export const MB = 1024 * 1024;
export const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * Runs `work`, sampling the resident set size every 10 ms: its time, the size before (idle), the
 * peak, and the peak above idle.
 */
export async function measured(work) {
  let peak = process.memoryUsage().rss;
  const before = peak;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t0 = performance.now();
  try {
    const value = await work();
    const top = Math.max(peak, process.memoryUsage().rss);
    return { value, ms: round(performance.now() - t0, 0), rssIdleMB: round(before / MB), rssPeakMB: round(top / MB), aboveIdleMB: round((top - before) / MB) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Runs `script flag` in a child node process (from `root`) and returns the last JSON line it
 * printed, or `{ error }` with the end of its stderr when it failed.
 */
export function runPhase(root, script, flag, nodeArgs = []) {
  const r = spawnSync(process.execPath, [...nodeArgs, script, flag], { cwd: root, encoding: "utf8", env: process.env, maxBuffer: 16 * MB });
  if (r.status !== 0) return { error: r.stderr.slice(-800) };
  return JSON.parse(r.stdout.trim().split("\n").filter((l) => l.startsWith("{")).pop());
}

/**
 * The production server (server.js, the built app) on 127.0.0.1:`port` over its own PGlite data
 * folder with the demo data; resolves once /healthz answers. `stop()` kills it and removes the
 * folder it was given.
 */
export async function startServer({ root, port, dataDir, stdout = "ignore" }) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", DEMO_DATA: "1", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LEGACY_API_URL: "", COOKIE_SECURE: "false", SESSION_SECRET: "bench-secret-0123456789abcdefghij" },
    stdio: ["ignore", stdout, "inherit"],
  });
  const stop = () => {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (i > 1200) {
      stop();
      throw new Error("server did not start");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, server, stop };
}

/**
 * The session cookie of a demo user signed in through the sign-in form (as a browser does); a demo
 * administrator passes the second step (ADR 0068) with the demo's published authenticator secret.
 */
export async function signedInCookie(base, userId = "admin") {
  const page = await fetch(`${base}/`);
  const cookie = page.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const csrf = (await page.text()).match(/name="_csrf" value="([^"]+)"/)?.[1] ?? "";
  const body = new URLSearchParams({ intent: "login", userId, userPass: process.env.DEMO_PASSWORD ?? "Demo1234!", _csrf: csrf });
  const res = await fetch(`${base}/?index`, { method: "POST", body, headers: { Cookie: cookie, Origin: base }, redirect: "manual" });
  const signedIn = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (new URL(res.headers.get("location") ?? "/", base).pathname !== "/sign-in/otp") return signedIn;
  const { generateTOTP } = await import("@epic-web/totp");
  const code = (await generateTOTP({ secret: process.env.DEMO_TOTP_SECRET ?? "JBSWY3DPEHPK3PXPJBSWY3DP", period: 30 })).otp;
  const step = await fetch(`${base}/sign-in/otp`, { method: "POST", body: new URLSearchParams({ intent: "totp", code, _csrf: csrf }), headers: { Cookie: signedIn || cookie, Origin: base }, redirect: "manual" });
  const after = step.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (!after) throw new Error(`the second step of ${userId}'s sign-in failed (${step.status})`);
  return after;
}
