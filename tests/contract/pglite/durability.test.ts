/**
 * Durability (issue 18 "Restarts without loss"): the embedded backend's process is killed with
 * SIGKILL while saves are in flight and started again on the same data: it opens, and every save
 * it had acknowledged is there. PGlite only (DATA_DIR): on PostgreSQL the saves are the database
 * server's to keep, not this process's (and the writers' messages would land in the inboxes the
 * shared database's other tests read). Not run against a legacy server (LEGACY_API_URL) either.
 * Then, PGlite only, the backup commands (`npm run db -- backup|restore`, scripts/db.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/free-port.mjs";
import { dataDirFromImage } from "../../memory-backend";

const legacy = Boolean(process.env.LEGACY_API_URL?.trim());
const postgres = Boolean(process.env.DATABASE_URL?.trim());
const PASSWORD = process.env.DEMO_PASSWORD || "Demo1234!";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "medu-durability-"));
const started: ChildProcess[] = [];

// the data starts seeded (the first start's subject is a kill mid-write, not a fresh seed)
beforeAll(async () => {
  if (!legacy && !postgres) await dataDirFromImage(dataDir);
}, 120_000);
afterAll(() => {
  for (const p of started) p.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * `npm run legacy` (app/embedded/standalone.ts) on DATA_DIR, resolved once it listens: one process
 * (tsx as an import hook, not its CLI, whose child would outlive a SIGKILL of the parent).
 */
async function startBackend(): Promise<{ proc: ChildProcess; base: string; exited: Promise<number | null> }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ["--import", "tsx", "app/embedded/standalone.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, LEGACY_PORT: String(port), DEMO_PASSWORD: PASSWORD },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(proc);
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`backend did not start:\n${output}`)), 240_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes("listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.on("exit", (code) => reject(new Error(`backend exited (${code}):\n${output}`)));
  });
  return { proc, base: `http://127.0.0.1:${port}`, exited };
}

async function call(base: string, pathName: string, body: unknown, token?: string) {
  const res = await fetch(base + pathName, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; result?: any; message?: string };
}

async function signIn(base: string) {
  const r = await call(base, "/api/login.do", { userId: "admin", userPass: PASSWORD, autoLogin: "N", state: "" });
  expect(r.status).toBe(200);
  return { token: r.result.userInfo.accessToken as string, userSeq: Number(r.result.UID), authTy: r.result.userInfo.authTy as string };
}

/** `npm run db -- <args>` on DATA_DIR: its exit code and output. */
function dbCommand(...args: string[]): Promise<{ code: number | null; output: string }> {
  const proc = spawn(process.execPath, ["--import", "tsx", "scripts/db.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  proc.stdout.on("data", (d) => (output += d));
  proc.stderr.on("data", (d) => (output += d));
  return new Promise((resolve) => proc.once("exit", (code) => resolve({ code, output })));
}

async function sendMessage(base: string, msg: string) {
  const me = await signIn(base);
  expect((await call(base, "/api/message/add.do", { msg, authTyList: ["1"], auth: me.authTy }, me.token)).status).toBe(200);
}

async function sentMessages(base: string, tag: string): Promise<Set<string>> {
  const me = await signIn(base);
  const kept = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const sent = await call(base, "/api/message/mySentMsg.do", { userSeq: me.userSeq, limit: 100, offset }, me.token);
    expect(sent.status).toBe(200);
    for (const m of sent.result.list as { msg: string }[]) if (m.msg.includes(tag)) kept.add(m.msg);
    if (sent.result.list.length < 100) return kept;
  }
}

async function stopBackend(b: { proc: ChildProcess; exited: Promise<number | null> }) {
  b.proc.kill("SIGTERM");
  expect(await b.exited).toBe(0);
}

describe.skipIf(legacy || postgres)("a backend killed mid-write", () => {
  it("opens again on the same data with every acknowledged save", async () => {
    const first = await startBackend();
    const me = await signIn(first.base);
    const tag = randomBytes(4).toString("hex");
    const acknowledged: string[] = [];
    let stop = false;
    // four writers save messages one after another until the kill; a save counts once it is answered 200
    const writers = Array.from({ length: 4 }, (_, w) =>
      (async () => {
        for (let i = 0; !stop; i++) {
          const msg = `내구성 ${tag} ${w}-${i}`;
          try {
            const r = await call(first.base, "/api/message/add.do", { msg, authTyList: ["1"], auth: me.authTy }, me.token);
            if (r.status === 200) acknowledged.push(msg);
          } catch {
            return; // the connection died with the process: not acknowledged
          }
        }
      })(),
    );
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    first.proc.kill("SIGKILL");
    stop = true;
    await Promise.all(writers);
    await first.exited;

    const second = await startBackend();
    const kept = await sentMessages(second.base, tag);
    expect(acknowledged.filter((m) => !kept.has(m))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    await stopBackend(second);
  }, 600_000);
});

describe.skipIf(legacy || postgres)("backups of the PGlite database", () => {
  it("backs up, refuses while the server has the data open, and restores what was backed up (keeping the other aside)", async () => {
    const tag = randomBytes(4).toString("hex");
    const file = path.join(dataDir, `backup-${tag}.tar.gz`);
    const running = await startBackend();
    await sendMessage(running.base, `백업 전 ${tag}`);
    const refused = await dbCommand("backup", file);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is open in process \d+ \(PGlite serves one process\): stop it first/);
    await stopBackend(running);

    const backup = await dbCommand("backup", file);
    expect(backup.output).toMatch(/^backed up .* to /);
    expect(backup.code).toBe(0);

    const later = await startBackend();
    await sendMessage(later.base, `백업 후 ${tag}`);
    await stopBackend(later);

    const restore = await dbCommand("restore", file);
    expect(restore.code).toBe(0);
    expect(restore.output).toMatch(/the previous database is kept in .*pglite\.before-restore-/);

    const restored = await startBackend();
    expect([...(await sentMessages(restored.base, tag))]).toEqual([`백업 전 ${tag}`]);
    await stopBackend(restored);
  }, 600_000);
});
