/**
 * `npm run soak`: a load and fault run on several instances behind nginx (issue 39 item 2).
 *
 * Three instances on a throw-away PostgreSQL (scripts/cluster-lib.mjs), loopback only, for
 * SOAK_SECONDS (default 180):
 * - SOAK_STAFF (60) simulated staff: the dashboard, a list page, a list's dialog, a committee save
 *   (the acknowledged ones are read back at the end), an Excel download; 1–3 s between steps. The
 *   demo has a handful of staff accounts and an account may sign in 10 times in 15 minutes
 *   (docs/decisions/0023), so the staff share 10 sessions (two per account).
 * - SOAK_RESPONDENTS (200) simulated phones answering the open survey (/survey/ask/2), each from
 *   its own address (X-Forwarded-For, as the balancer passes it) and its own cookie; one in ten
 *   taps 제출 twice (the same submit key): an answer must be counted once.
 * - At a third of the run one instance gets SIGKILL and is started again; at two thirds
 *   PostgreSQL restarts once.
 *
 * Prints JSON: requests/s; p50/p99 per page; errors inside and outside the fault windows, and
 * whether each failed request was answered with a Korean message (not a hang, not an English
 * page); every acknowledged save and answer present at the end, none twice; each process's peak
 * resident memory (instance = the Node process with the backend's thread).
 *
 * Bounded (ADR 0072): every request, its body included, has SOAK_REQUEST_SECONDS (30) of its own
 * timer, and the step settles at that limit whatever the request does; the users stop at the
 * deadline between steps; the whole run has SOAK_SECONDS + a margin, after which it reports what
 * it has (the steps still pending named, as failures) and the stop of the processes is bounded
 * too. The exit status is 0 only when the checks pass.
 *
 *   npm run soak
 *   SOAK_SECONDS=60 SOAK_STAFF=20 SOAK_RESPONDENTS=50 npm run soak
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { Client, csrfOf, signIn, startCluster, valuesOf } from "./cluster-lib.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (!process.env.DATABASE_URL) {
  const r = spawnSync("bash", [path.join(root, "scripts/with-postgres.sh"), process.execPath, fileURLToPath(import.meta.url)], { stdio: "inherit" });
  process.exit(r.status ?? 1);
}

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const STAFF = Number(process.env.SOAK_STAFF ?? 60);
const RESPONDENTS = Number(process.env.SOAK_RESPONDENTS ?? 200);
const INSTANCES = Number(process.env.SOAK_INSTANCES ?? 3);
const PASSWORD = "Demo1234!";
/** a fault's window: requests failing this long after a fault began count as the fault's */
const FAULT_WINDOW_MS = 20_000;
/** one request's limit, its body included */
const REQUEST_MS = Number(process.env.SOAK_REQUEST_SECONDS ?? 30) * 1000;
/** the whole run's: the users' time, a request's limit after it, and the faults' slack */
const HARD_LIMIT_MS = SECONDS * 1000 + REQUEST_MS + 30_000;
const SURVEY = "/survey/ask/2";
const LIST = "/insert/commission/CommissionList";
const PATIENT_SAFETY = "/insert/eval/patient-safety";
const databaseUrl = process.env.DATABASE_URL;

const log = (...a) => console.error("[soak]", ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const between = (lo, hi) => lo + Math.random() * (hi - lo);

// ---- the run's records ----
/** @type {Map<string, number[]>} latencies (ms) per page */
const latencies = new Map();
/** @type {{ page: string, start: number, end: number, status: number | string, korean: boolean }[]} */
const failures = [];
/** @type {{ start: number, end: number, what: string }[]} */
const faults = [];
let requests = 0;

/** whether a request that ran from `start` to `end` overlapped a fault or the window after it (decided at the end of the run) */
const inFault = (start, end) => faults.some((f) => end >= f.start && start <= (f.end || Infinity) + FAULT_WINDOW_MS);
const HANGUL = /[\uac00-\ud7a3]/;
/** the message a refused request's page showed: its '알림' (role="alert") text, or its first Korean words */
const KOREAN_WORDS = /[\uac00-\ud7a3][\uac00-\ud7a3 .,'()0-9]{0,80}/;
function said(text) {
  // the first alert region with words in it (the page's empty '알림' region may come first)
  for (const m of text.matchAll(/role="alert"[^>]*>/g)) {
    const words = KOREAN_WORDS.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 800).replace(/<[^>]*>/g, " "))?.[0];
    if (words) return words.replace(/\s+/g, " ").trim();
  }
  const json = /"alert"\s*:\s*"([^"]{1,120})"/.exec(text)?.[1];
  return (json ?? KOREAN_WORDS.exec(text)?.[0] ?? "").trim();
}

/**
 * One request through `fn`, its body read, timed and classified: a status the step expects is a
 * success (answered with the status and the page's text; a page: 200, so that a signed-in user
 * sent to the sign-in page counts as failed); anything else (or a network error, or the time
 * limit, also while the body comes) is a failure, with whether its page said why in Korean and what.
 * @returns {Promise<{ status: number, text: string } | null>}
 */
/** the steps under way: what the hard limit names when it is reached */
const pending = new Map();
let stepSeq = 0;

async function step(page, fn, ok = (s) => s === 200) {
  const start = Date.now();
  const id = ++stepSeq;
  requests++;
  pending.set(id, { page, start });
  // the step's own limit: the request is aborted, and the step settles even if fetch does not
  const controller = new AbortController();
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => {
      const e = new DOMException(`no answer within ${REQUEST_MS} ms`, "TimeoutError");
      controller.abort(e);
      reject(e);
    }, REQUEST_MS);
  });
  try {
    const res = await Promise.race([
      (async () => {
        const r = await fn(controller.signal);
        return { status: r.status, text: r.bodyUsed ? "" : await r.text() };
      })(),
      limit,
    ]);
    const end = Date.now();
    if (!latencies.has(page)) latencies.set(page, []);
    latencies.get(page).push(end - start);
    if (!ok(res.status)) {
      failures.push({ page, start, end, status: res.status, korean: HANGUL.test(res.text), said: said(res.text) });
      return null;
    }
    return res;
  } catch (e) {
    failures.push({ page, start, end: Date.now(), status: e?.name === "TimeoutError" ? "timeout" : String(e?.cause?.code ?? e?.message ?? e), korean: false });
    return null;
  } finally {
    clearTimeout(timer);
    pending.delete(id);
  }
}

const pct = (xs, p) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

// ---- memory: each process's peak resident set ----
const peaks = new Map();
function sampleMemory(pids) {
  for (const [name, pid] of Object.entries(pids())) {
    if (!pid) continue;
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      peaks.set(name, Math.max(peaks.get(name) ?? 0, Math.round(kb / 1024)));
    } catch {
      /* the process is gone (killed on purpose) */
    }
  }
}

// ---- PostgreSQL's restart (the with-postgres.sh server: its data folder from the URL's port) ----
async function restartPostgres() {
  const port = new URL(databaseUrl).port;
  const out = execFileSync("bash", ["-c", `ps -eo args | grep -E "postgres .*-D [^ ]+.* -p ${port}|postgres -D [^ ]+ .*-p ${port}" | grep -v grep | head -1`]).toString();
  const dataDir = /-D\s+(\S+)/.exec(out)?.[1];
  const bin = /^(\S+)\/postgres\s/.exec(out)?.[1];
  if (!dataDir || !bin) throw new Error(`PostgreSQL on port ${port} not found: ${out}`);
  const asPostgres = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  // the server's log beside its data folder, as with-postgres.sh started it: without -l the new
  // server would write to pg_ctl's output and hold it open after pg_ctl ends
  const logFile = path.join(path.dirname(dataDir), "server.log");
  const [cmd, ...args] = [...asPostgres, `${bin}/pg_ctl`, "-D", dataDir, "-l", logFile, "-m", "fast", "-w", "-t", "60", "restart"];
  // asynchronous (the users' requests and timers go on while PostgreSQL restarts), and settled by
  // pg_ctl's exit, not by its output closing
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`pg_ctl restart: ${signal ?? `exit ${code}`}`))));
  });
}

// ---- the simulated users ----
/** A pause that ends at the deadline; answers whether the run goes on. */
const pause = async (ms, deadline) => {
  await sleep(Math.max(0, Math.min(ms, deadline - Date.now())));
  return Date.now() < deadline;
};

async function staffUser(sessions, i, deadline, acked, base) {
  const client = sessions[i % sessions.length];
  while (Date.now() < deadline) {
    await step("dashboard", (signal) => client.get(base, "/dashboard", { signal }));
    if (!(await pause(between(1000, 3000), deadline))) return;
    const list = await step("list", (signal) => client.get(base, `${PATIENT_SAFETY}?page=${1 + (i % 3)}`, { signal }));
    const html = list?.text ?? "";
    if (!(await pause(between(1000, 3000), deadline))) return;
    await step("dialog", (signal) => client.get(base, `${LIST}?dialog=add`, { signal }));
    if (!(await pause(between(1000, 3000), deadline))) return;
    const name = `부하 ${i}-${Date.now().toString(36)}`;
    const csrf = csrfOf(html);
    // saved is the redirect to the list; a 200 is the form again with a message (not saved).
    // Without the list page (it failed) there is no form to post from.
    const saved = csrf && await step("save", (signal) => client.post(base, LIST, { _csrf: csrf, intent: "save", cmtSeq: "", year: "2020", cmtNm: name, oprStt: "Y" }, { signal }), (s) => s === 302);
    if (saved) acked.saves.push(name);
    if (!(await pause(between(1000, 3000), deadline))) return;
    await step("excel", async (signal) => {
      const res = await client.get(base, `${PATIENT_SAFETY}/excel?type=download&year=${new Date().getFullYear()}`, { signal });
      // a file is read whole; a failure's page is left for step to read (its message)
      if (res.status === 200) await res.arrayBuffer();
      return res;
    });
    if (!(await pause(between(1000, 3000), deadline))) return;
  }
}

let addressSeq = 0;
function newAddress() {
  const n = ++addressSeq;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A phone answers the open survey: every question gets its first choice or a short text. */
function answersOf(html) {
  /** @type {[string, string][]} */
  const pairs = [];
  const seen = new Set();
  for (const [tag] of html.matchAll(/<(input|textarea|select)\b[^>]*>/g)) {
    const name = /\sname="([^"]+)"/.exec(tag)?.[1];
    if (!name || name === "_csrf" || name === "submitKey") continue;
    const type = /\stype="([^"]+)"/.exec(tag)?.[1] ?? (tag.startsWith("<textarea") ? "textarea" : tag.startsWith("<select") ? "select" : "text");
    if (type === "hidden") pairs.push([name, /\svalue="([^"]*)"/.exec(tag)?.[1] ?? ""]);
    else if (seen.has(name)) continue;
    else if (type === "radio" || type === "checkbox") pairs.push([name, /\svalue="([^"]*)"/.exec(tag)?.[1] ?? "on"]);
    else if (type === "textarea" || type === "text") pairs.push([name, "실습이 도움이 되었습니다."]);
    seen.add(name);
  }
  return pairs;
}

async function respondent(deadline, acked, base) {
  while (Date.now() < deadline) {
    const phone = new Client({ headers: { "X-Forwarded-For": newAddress(), "User-Agent": "Mozilla/5.0 (iPhone; soak)" } });
    const page = await step("survey", (signal) => phone.get(base, SURVEY, { signal }));
    if (!page) {
      await pause(between(1000, 3000), deadline);
      continue;
    }
    const html = page.text;
    const [submitKey] = valuesOf(html, "submitKey");
    // a page that came without its form (cut short when its instance was killed) is the page's
    // failure, not a refused answer later
    if (!csrfOf(html) || !submitKey) {
      failures.push({ page: "survey", start: Date.now(), end: Date.now(), status: `${page.status} without the answer form`, korean: HANGUL.test(html), said: said(html) });
      await pause(between(1000, 3000), deadline);
      continue;
    }
    if (!(await pause(between(5000, 15000), deadline))) return; // reading and answering on a phone
    const form = [["_csrf", csrfOf(html)], ["submitKey", submitKey], ...answersOf(html)];
    const twice = Math.random() < 0.1;
    const posts = twice ? 2 : 1;
    for (let k = 0; k < posts; k++) {
      // taken is the redirect to the thanks page (a 200 is the form again with a message, not
      // taken); the second tap of a double tap is refused (409, '이미 응답을 제출한 설문입니다.'):
      // the first one counts
      const res = await step(k ? "answer (again)" : "answer", (signal) => phone.post(base, SURVEY, form, { signal }), (s) => s === 302 || s === 303 || (k === 1 && s === 409));
      if (res && submitKey && (k === 0 || res.status !== 409)) acked.answers.add(submitKey);
      if (res && twice) acked.doubled.add(submitKey);
    }
    await pause(between(2000, 6000), deadline);
  }
}

// ---- the run ----
const cluster = await startCluster({
  instances: INSTANCES,
  databaseUrl,
  env: { DEMO_DATA: "1", DEMO_PASSWORD: PASSWORD },
});
// whatever ends the run early, the instances and nginx end with it (no orphans on a shared machine)
const abort = async (e) => {
  log("FAILED:", e?.stack ?? e);
  await cluster.stop().catch(() => undefined);
  process.exit(1);
};
process.once("uncaughtException", abort);
process.once("unhandledRejection", abort);
log(`${INSTANCES} instances behind ${cluster.url}; ${STAFF} staff, ${RESPONDENTS} respondents, ${SECONDS} s`);
const memTimer = setInterval(() => sampleMemory(() => Object.fromEntries(cluster.instances.map((inst, k) => [`instance ${k + 1}`, inst.pid]))), 1000);

const accounts = ["admin", "entry01", "entry02", "entry03", "admin02"];
const sessions = [];
for (const account of accounts)
  for (let k = 0; k < 2; k++) {
    const c = new Client();
    const res = await signIn(c, cluster.url, account, PASSWORD).catch((e) => (log(`${account}: ${e}`), null));
    if (res?.status === 302) sessions.push(c);
  }
if (!sessions.length) throw new Error("no staff session");

/** a database client for the driver's own reads: bounded, as its requests are */
const dbClient = () => new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000, query_timeout: 30_000, statement_timeout: 30_000 });
const db = dbClient();
await db.connect();
const answersBefore = Number((await db.query("select count(*)::int as n from survey_responses where sr_seq = 2")).rows[0].n);
await db.end();

const acked = { saves: [], answers: new Set(), doubled: new Set() };
const startedAt = Date.now();
const deadline = startedAt + SECONDS * 1000;
const users = [
  ...Array.from({ length: STAFF }, (_, i) => sleep(between(0, 5000)).then(() => staffUser(sessions, i, deadline, acked, cluster.url))),
  ...Array.from({ length: RESPONDENTS }, () => sleep(between(0, 10000)).then(() => respondent(deadline, acked, cluster.url))),
];

const faultsDone = (async () => {
  await sleep((SECONDS * 1000) / 3);
  const victim = cluster.instances[1];
  const f1 = { what: "SIGKILL instance 2", start: Date.now(), end: 0 };
  faults.push(f1);
  await victim.kill();
  await victim.start();
  f1.end = Date.now();
  log(`instance 2 killed and back in ${f1.end - f1.start} ms`);
  await sleep(Math.max(0, startedAt + (2 * SECONDS * 1000) / 3 - Date.now()));
  const f2 = { what: "PostgreSQL restart", start: Date.now(), end: 0 };
  faults.push(f2);
  await restartPostgres();
  f2.end = Date.now();
  log(`PostgreSQL restarted in ${f2.end - f2.start} ms`);
})().catch((e) => {
  // a fault that could not be made is said, and the run goes on to its figures
  log(`fault failed: ${e}`);
  for (const f of faults) f.end ||= Date.now();
  faults.push({ what: `fault failed: ${e?.message ?? e}`, start: Date.now(), end: Date.now() });
});

// the whole run's bound: at the hard limit the figures are made of what was done, and the steps
// still pending (a promise that never settled) are named and count as failures
let hardLimitTimer;
const hardLimit = new Promise((resolve) => (hardLimitTimer = setTimeout(() => resolve("hard limit"), Math.max(0, startedAt + HARD_LIMIT_MS - Date.now()))));
const finished = await Promise.race([Promise.all([...users, faultsDone]).then(() => "done"), hardLimit]);
clearTimeout(hardLimitTimer);
const stalled = [...pending.values()].map((p) => ({ page: p.page, pendingMs: Date.now() - p.start }));
if (finished !== "done") {
  log(`hard limit (${HARD_LIMIT_MS / 1000} s) reached: ${stalled.length} steps pending`, stalled.slice(0, 10));
  for (const p of pending.values()) failures.push({ page: p.page, start: p.start, end: Date.now(), status: "pending at the hard limit", korean: false });
  for (const f of faults) f.end ||= Date.now();
}
const elapsed = (Date.now() - startedAt) / 1000;
clearInterval(memTimer);

// ---- nothing lost, nothing twice ----
const readBack = async () => {
  const check = dbClient();
  await check.connect();
  try {
    const savedNames = new Set((await check.query("select cmt_nm from committees where cmt_nm = any($1)", [acked.saves])).rows.map((r) => r.cmt_nm));
    const answerRows = (await check.query("select submit_key, count(*)::int as n from survey_responses where sr_seq = 2 and submit_key = any($1) group by submit_key", [[...acked.answers]])).rows;
    // any submit key stored twice, acknowledged or not (a post cut by the kill may have been taken)
    const keysTwice = Number((await check.query("select count(*)::int as n from (select submit_key from survey_responses where sr_seq = 2 and submit_key is not null group by submit_key having count(*) > 1) t")).rows[0].n);
    const answersAfter = Number((await check.query("select count(*)::int as n from survey_responses where sr_seq = 2")).rows[0].n);
    return { savedNames, answerRows, keysTwice, answersAfter };
  } finally {
    await check.end().catch(() => undefined);
  }
};
/** @type {{ savedNames: Set<string>, answerRows: { submit_key: string, n: number }[], keysTwice: number, answersAfter: number } | null} */
let stored = null;
let readBackError = null;
try {
  stored = await readBack();
} catch (e) {
  readBackError = String(e?.message ?? e);
  log(`reading the saves back failed: ${readBackError}`);
}
const keys = [...acked.answers];

function byPage(list) {
  const out = {};
  for (const f of list) {
    const key = f.said ? `${f.status} ${f.said}` : String(f.status);
    out[f.page] ??= {};
    out[f.page][key] = (out[f.page][key] ?? 0) + 1;
  }
  return out;
}
const pages = Object.fromEntries([...latencies].map(([page, xs]) => [page, { requests: xs.length, p50: pct(xs, 50), p99: pct(xs, 99) }]));
const outside = failures.filter((f) => !inFault(f.start, f.end));
const report = {
  instances: INSTANCES,
  staff: STAFF,
  respondents: RESPONDENTS,
  seconds: Math.round(elapsed),
  requests,
  requestsPerSecond: Math.round((requests / elapsed) * 10) / 10,
  pages,
  faults: faults.map((f) => ({ what: f.what, ms: f.end - f.start })),
  errors: {
    total: failures.length,
    inFaultWindows: failures.length - outside.length,
    outsideFaultWindows: outside.length,
    outsideSample: outside.slice(0, 10).map((f) => ({ page: f.page, status: f.status, korean: f.korean })),
    // page → status (and the message shown) → count, outside and inside the fault windows
    outsideByPage: byPage(outside),
    inFaultWindowsByPage: byPage(failures.filter((f) => inFault(f.start, f.end))),
    answeredWithoutKoreanMessage: failures.filter((f) => !f.korean).length,
    byStatus: failures.reduce((m, f) => ({ ...m, [f.status]: (m[f.status] ?? 0) + 1 }), {}),
  },
  finished: finished === "done" ? "every user stopped at the deadline" : `hard limit of ${HARD_LIMIT_MS / 1000} s: ${stalled.length} steps pending`,
  ...(stalled.length ? { stalled: stalled.slice(0, 20) } : {}),
  nothingLost: {
    savesAcknowledged: acked.saves.length,
    savesPresent: stored?.savedNames.size ?? null,
    answersAcknowledged: keys.length,
    answersPresent: stored?.answerRows.length ?? null,
    answersCountedTwice: stored ? stored.answerRows.filter((r) => r.n > 1).length : null,
    submitKeysStoredTwice: stored?.keysTwice ?? null,
    doubleTaps: acked.doubled.size,
    answersAddedDuringRun: stored ? stored.answersAfter - answersBefore : null,
    ...(readBackError ? { readBackError } : {}),
  },
  peakMemoryMB: Object.fromEntries(peaks),
  machine: { cores: os.cpus().length, loadAverageAtEnd: os.loadavg().map((x) => Math.round(x * 10) / 10) },
};
// the report first: stopping the processes cannot keep it from being printed
console.log(JSON.stringify(report, null, 2));
await cluster
  .stop({ graceMs: 20_000, onKill: (n) => log(`${n} processes did not stop within 20 s of SIGTERM/SIGQUIT: killed`) })
  .catch((e) => log(`stopping the cluster: ${e}`));
const ok =
  stored !== null &&
  report.nothingLost.savesPresent === report.nothingLost.savesAcknowledged &&
  report.nothingLost.answersPresent === report.nothingLost.answersAcknowledged &&
  report.nothingLost.answersCountedTwice === 0 &&
  report.nothingLost.submitKeysStoredTwice === 0 &&
  report.errors.outsideFaultWindows === 0;
log(ok ? "nothing lost, nothing twice, no error outside the fault windows" : "FAILED: see the report");
process.exit(ok ? 0 : 1);
