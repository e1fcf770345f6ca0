/**
 * The server's own life (issue 18 "Restarts without loss"), once (the js project; no browser):
 * /readyz answers once the database does; SIGTERM lets the requests in flight finish, closes the
 * database and exits 0; the next start on the same data opens it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, totpCode, untilReady } from "./helpers";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const base = `http://127.0.0.1:${PORT}`;

function startServer(dataDir: string): { proc: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const proc = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", DEMO_DATA: "1", PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LEGACY_API_URL: "", DATABASE_URL: "", SESSION_SECRET: "restart-secret-0123456789abcdefghijkl", DEMO_PASSWORD },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

async function signIn(): Promise<string> {
  const first = await fetch(`${base}/`);
  const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0];
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await first.text())?.[1] ?? "";
  const res = await fetch(`${base}/?index`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", userId: "admin", userPass: DEMO_PASSWORD, _csrf: csrf }),
  });
  expect(res.status).toBe(302);
  // the demo administrator's second factor (ADR 0068), with the same CSRF token
  const held = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const done = await fetch(`${base}/sign-in/otp`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: held, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "totp", code: await totpCode(), _csrf: csrf }),
  });
  expect(done.status).toBe(302);
  expect(done.headers.get("location")).toBe("/dashboard");
  return done.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

test("readiness, a graceful stop with requests in flight, and a clean start on the same data", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the server, not the browser: once");
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "medu-restart-"));
  const first = startServer(dataDir);
  try {
    await untilReady(base);
    expect(await (await fetch(`${base}/readyz`)).text()).toBe("ready (pglite, in its own thread)");
    const cookie = await signIn();

    // eight pages asked for at once; the stop signal arrives once the server is answering them.
    // A page whose answer had begun must arrive whole (200, the document's end); one asked for too
    // late may be refused at the door, never cut off
    const pages = Array.from({ length: 8 }, () => fetch(`${base}/dashboard`, { headers: { Cookie: cookie } }));
    await Promise.race(pages);
    first.proc.kill("SIGTERM");
    const results = await Promise.all(
      pages.map((p) =>
        p.then(
          // the answer began: its body must come whole
          async (r) => ({ began: true, status: r.status, html: await r.text().catch((e: Error) => `cut off: ${e.message}`) }),
          () => ({ began: false, status: 0, html: "" }),
        ),
      ),
    );
    const begun = results.filter((r) => r.began);
    expect(begun.length).toBeGreaterThan(0);
    for (const r of begun) {
      expect(r.status).toBe(200);
      expect(r.html.trimEnd()).toMatch(/<\/html>$/);
    }
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("SIGTERM: finishing the requests in flight, then closing the database");
    expect(first.output()).toContain("stopped");
    // nobody is listening any more
    expect(await fetch(`${base}/healthz`).then(() => "answered", () => "refused")).toBe("refused");

    // the next start opens the same data (no new seed: the demo banner's data is already there)
    const second = startServer(dataDir);
    try {
      await untilReady(base);
      const again = await signIn();
      expect((await fetch(`${base}/dashboard`, { headers: { Cookie: again } })).status).toBe(200);
      second.proc.kill("SIGINT");
      expect(await second.exited).toBe(0);
    } finally {
      second.proc.kill("SIGKILL");
    }
  } finally {
    first.proc.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
