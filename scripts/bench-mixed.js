/**
 * Mixed load (issue 18 "Load"; printed as JSON; figures, not assertions): 20 signed-in users at
 * once for 30 s against the production server on its own PGlite folder with the demo data. Each
 * user, one request after the other as a browser would, picks by weight:
 * - a list page (60 %): the student list, the patient-safety list, the exam-analysis list, a
 *   synced report (E02), the dashboard;
 * - a save (25 %): a professor-achievement score (the list kit's save: validated, written, the
 *   audit row, the redirect with the flash message), on a year and department of its own;
 * - a download (15 %): the student list's Excel.
 * Reported: requests/s, p50/p99 per kind and overall, errors (an answer other than the expected
 * status, or a failed request; goal 0), and the server process's peak resident memory (sampled
 * from /proc every 100 ms).
 *
 *   node scripts/bench-mixed.js                 # BENCH_USERS=20 BENCH_MIXED_SECONDS=30
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MB, round, signedInCookie, startServer } from "./bench-lib.js";

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "..");
const PORT = Number(process.env.BENCH_MIXED_PORT ?? 3212);
const USERS = Number(process.env.BENCH_USERS ?? 20);
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 30);
const ACCEPT = { "Accept-Encoding": "gzip, deflate, br" };

const LISTS = ["/insert/student/document", "/insert/eval/patient-safety", "/eval/monitor/analysis", "/insert/lms/weekend-exam", "/dashboard"];
const ACCOUNTS = ["admin", "staff03"];
const SAVE_PATH = "/insert/professor/archive";
const DOWNLOAD = "/insert/student/document/excel";

/** The server's resident memory now (Linux /proc), in bytes; 0 elsewhere. */
function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : null);
const summary = (times) => {
  const s = [...times].sort((a, b) => a - b);
  return { requests: s.length, p50Ms: s.length ? round(quantile(s, 0.5)) : null, p99Ms: s.length ? round(quantile(s, 0.99)) : null };
};

/** The CSRF token of a signed-in page (each session has its own). */
async function csrfOf(base, cookie) {
  const html = await (await fetch(`${base}${SAVE_PATH}`, { headers: { Cookie: cookie } })).text();
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("no CSRF token on the achievement page (not signed in?)");
  return token;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "medu-bench-mixed-"));
  const { base, server, stop } = await startServer({ root, port: PORT, dataDir });
  try {
    // the users: sessions of their own (sign-ins one after the other: full-cost password hashing),
    // of two demo accounts with both authorities (an account may sign in 10 times in 15 minutes)
    const users = [];
    for (let i = 0; i < USERS; i++) {
      const cookie = await signedInCookie(base, ACCOUNTS[i % ACCOUNTS.length]);
      users.push({ cookie, csrf: await csrfOf(base, cookie), n: i });
    }
    const times = { list: [], save: [], download: [] };
    const errors = [];
    let peak = rssOf(server.pid);
    const idle = peak;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 100);
    const end = Date.now() + SECONDS * 1000;
    let picks = 0;

    async function one(user) {
      const r = (picks++ * 7919 + user.n * 104729) % 100; // deterministic spread of the kinds
      const headers = { ...ACCEPT, Cookie: user.cookie };
      let kind;
      let expected;
      let req;
      if (r < 60) {
        kind = "list";
        expected = 200;
        req = () => fetch(`${base}${LISTS[(picks + user.n) % LISTS.length]}`, { headers, redirect: "manual" });
      } else if (r < 85) {
        kind = "save";
        expected = 302;
        // a year and department per user, so the saves do not all queue on one row
        const body = new URLSearchParams({ intent: "save", year: String(2011 + (user.n % 14)), dept: user.n % 2 ? "임상" : "기초", score: String(50 + (picks % 50)), _csrf: user.csrf });
        req = () => fetch(`${base}${SAVE_PATH}?dialog=add`, { method: "POST", body, headers: { ...headers, Origin: base }, redirect: "manual" });
      } else {
        kind = "download";
        expected = 200;
        req = () => fetch(`${base}${DOWNLOAD}`, { headers, redirect: "manual" });
      }
      const t0 = performance.now();
      try {
        const res = await req();
        await res.arrayBuffer();
        if (res.status !== expected) errors.push(`${kind}: HTTP ${res.status}`);
        else times[kind].push(performance.now() - t0);
      } catch (e) {
        errors.push(`${kind}: ${e.message}`);
      }
    }

    const t0 = performance.now();
    await Promise.all(
      users.map(async (user) => {
        while (Date.now() < end) await one(user);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const all = [...times.list, ...times.save, ...times.download];
    return {
      users: USERS,
      seconds: round(seconds),
      requestsPerSecond: round(all.length / seconds),
      overall: summary(all),
      list: summary(times.list),
      save: summary(times.save),
      download: summary(times.download),
      errors: errors.length,
      firstErrors: [...new Set(errors)].slice(0, 5),
      serverRssIdleMB: round(idle / MB),
      serverRssPeakMB: round(peak / MB),
      goal: "errors 0",
    };
  } finally {
    stop();
  }
}

console.log(JSON.stringify(await main(), null, 2));
