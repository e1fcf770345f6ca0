/**
 * Synced-report figures (issue 12; printed as JSON; figures, not assertions):
 * - sync: 50,000 rows pulled from a source in batches of 2,000 and written into an in-memory PGlite
 *   by the report sync (app/embedded/reports/sync.server.ts: one transaction, INSERTs of 1,000
 *   rows), first into an empty report, then replacing those rows; time and peak memory above the
 *   idle process (the database opened and migrated). Goal: ≤ 10 s and ≤ 300 MB.
 * - page: a production server on a PGlite folder whose weekend-exam report (E02) holds 50,000 rows;
 *   requests/s and p50/p99 latency of its first page beside the patient-safety list (E04) in the
 *   same run; then one request at a time (p50/p99 of BENCH_REPORT_SEQUENTIAL each, after the
 *   first, which ranks the column: ADR 0071): page 2,500 sorted by a column, both ways, and the
 *   first page (goal: p50 ≤ 100 ms).
 * - pagePostgres: the same on a throw-away PostgreSQL (scripts/with-postgres.sh) when PostgreSQL's
 *   binaries are on the machine; BENCH_POSTGRES=0 leaves it out.
 * Each phase runs in its own child process so that its memory is its own.
 *
 *   node scripts/bench-reports.js              # both phases
 *   BENCH_REPORT_ROWS=50000 node scripts/bench-reports.js --sync
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measured, round, runPhase, signedInCookie, startServer } from "./bench-lib.js";

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "..");
const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 50_000);
const PORT = Number(process.env.BENCH_REPORT_PORT ?? 3211);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const SEQUENTIAL = Number(process.env.BENCH_REPORT_SEQUENTIAL ?? 40);

/** A source of `ROWS` weekend-exam rows, generated a batch at a time (never all in memory). */
function benchSources() {
  const courses = ["인체구조와기능", "세포와조직", "의학유전학", "감염과면역", "순환기학", "호흡기학"];
  const source = {
    name: "lms",
    async *pull() {
      for (let start = 0; start < ROWS; start += 2000) {
        const batch = [];
        for (let i = start; i < Math.min(start + 2000, ROWS); i++) {
          const year = 2025 + (i % 2);
          batch.push({
            year,
            data: {
              year,
              grade: `${3 + (i % 2)}학년`,
              currName: courses[i % courses.length],
              evalAreaName: "지식",
              evalTypeName: `주말시험 ${1 + (i % 2)}차`,
              srcName: "LMS",
              id: `${year - 3}${String(i % 10000).padStart(5, "0")}`,
              name: `학생${i % 10000}`,
              score: 40 + (i % 61),
              maxScore: 100,
              memo: i % 50 === 0 ? "재시험 대상" : "",
              regDt: `${year}-04-${String(1 + (i % 28)).padStart(2, "0")} 09:00:00`,
            },
          });
        }
        yield batch;
      }
    },
  };
  return { lms: source, ufolio: { ...source, name: "ufolio" } };
}

async function load() {
  const { tsImport } = await import("tsx/esm/api");
  const client = await tsImport(path.join(root, "app/embedded/db/client.server.ts"), here);
  const catalog = await tsImport(path.join(root, "app/embedded/reports/catalog.server.ts"), here);
  const sync = await tsImport(path.join(root, "app/embedded/reports/sync.server.ts"), here);
  return { ...client, ...catalog, ...sync };
}

async function syncPhase() {
  const m = await load();
  const opened = await m.openAndMigrate({ memory: true });
  const report = m.reportByKey("weekendExam");
  const run = (minute) => m.runSync(opened.db, report, { apiSe: m.API_SE.schedule, user: null, now: () => new Date(Date.UTC(2026, 5, 1, 0, minute)), sources: benchSources() });
  globalThis.gc?.();
  const first = await measured(() => run(0));
  const replace = await measured(() => run(20));
  const rows = await m.rowCount(opened.db, "weekendExam");
  await opened.close();
  return {
    rows,
    batches: { pulled: 2000, inserted: 1000 },
    emptyReport: { ms: first.ms, rowsPerSecond: round((ROWS / first.ms) * 1000, 0), rssIdleMB: first.rssIdleMB, rssPeakMB: first.rssPeakMB, aboveIdleMB: first.aboveIdleMB },
    replacingRows: { ms: replace.ms, rowsPerSecond: round((ROWS / replace.ms) * 1000, 0), rssIdleMB: replace.rssIdleMB, rssPeakMB: replace.rssPeakMB, aboveIdleMB: replace.aboveIdleMB },
    goal: "≤ 10 s and ≤ 300 MB above idle",
  };
}

/**
 * Fills a PGlite folder's weekend-exam report with ROWS rows (run before the server opens it). The
 * folder is seeded as the server would seed it first: the server's start seeds the reports of a
 * database it finds unseeded, which would replace the bench's rows with the demo's few thousand.
 */
async function prefill(dataDir) {
  const m = await load();
  const { tsImport } = await import("tsx/esm/api");
  const { createEmbeddedBackend } = await tsImport(path.join(root, "app/embedded/index.server.ts"), here);
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const backend = await createEmbeddedBackend({ ...(databaseUrl ? { databaseUrl } : { dataDir }), demo: true, schedule: false });
  await m.runSync(backend.db, m.reportByKey("weekendExam"), { apiSe: m.API_SE.schedule, user: null, now: () => new Date(), sources: benchSources() });
  await backend.close();
}

async function pagePhase() {
  const { default: autocannon } = await import("autocannon");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "medu-bench-reports-"));
  const filled = spawnSync(process.execPath, [here, "--prefill", dataDir], { cwd: root, encoding: "utf8", env: process.env });
  if (filled.status !== 0) throw new Error(`prefill failed:\n${filled.stderr}`);
  const { base, stop } = await startServer({ root, port: PORT, dataDir });
  try {
    const cookie = await signedInCookie(base);
    const total = (await (await fetch(`${base}/insert/lms/weekend-exam`, { headers: { Cookie: cookie } })).text()).match(/data-testid="total"[^>]*>전체 <b>([\d,]+)</)?.[1];
    const run = (url) => new Promise((resolve, reject) => autocannon({ url, connections: 10, duration: DURATION, headers: { Cookie: cookie } }, (err, r) => (err ? reject(err) : resolve(r))));
    await run(`${base}/insert/lms/weekend-exam`); // warm-up
    const reportPage = await run(`${base}/insert/lms/weekend-exam`);
    const lastPage = await run(`${base}/insert/lms/weekend-exam?page=2500&sort=score:desc`);
    const pssList = await run(`${base}/insert/eval/patient-safety`);
    const fig = (r) => ({ requestsPerSecond: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, non2xx: r.non2xx });
    /** one request at a time: the first's time (a column's ranking), then p50/p99 of SEQUENTIAL */
    const oneByOne = async (url) => {
      const ask = async () => {
        const t0 = performance.now();
        const res = await fetch(url, { headers: { Cookie: cookie } });
        const html = await res.text();
        if (!res.ok || !html.includes('data-testid="total"')) throw new Error(`${url}: ${res.status}, not the report's list`);
        return performance.now() - t0;
      };
      const firstMs = await ask();
      const times = [];
      for (let i = 0; i < SEQUENTIAL; i++) times.push(await ask());
      times.sort((a, b) => a - b);
      const at = (q) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))], 0);
      return { firstMs: round(firstMs, 0), p50Ms: at(0.5), p99Ms: at(0.99) };
    };
    return {
      database: process.env.DATABASE_URL?.trim() ? "postgres" : "pglite",
      rowsInReport: total ? Number(total.replace(/,/g, "")) : null,
      seconds: DURATION,
      connections: 10,
      weekendExamFirstPage: fig(reportPage),
      weekendExamPage2500SortedByScore: fig(lastPage),
      patientSafetyList: fig(pssList),
      oneAtATime: {
        requests: SEQUENTIAL,
        page2500SortedByScoreDesc: await oneByOne(`${base}/insert/lms/weekend-exam?page=2500&sort=score:desc`),
        page2500SortedByNameAsc: await oneByOne(`${base}/insert/lms/weekend-exam?page=2500&sort=name:asc`),
        page2500SortedByIdDesc: await oneByOne(`${base}/insert/lms/weekend-exam?page=2500&sort=id:desc`),
        firstPage: await oneByOne(`${base}/insert/lms/weekend-exam`),
        goal: "p50 ≤ 100 ms",
      },
    };
  } finally {
    stop();
  }
}

const phase = process.argv[2];
if (phase === "--sync") console.log(JSON.stringify(await syncPhase()));
else if (phase === "--prefill") await prefill(process.argv[3]);
else if (phase === "--page") console.log(JSON.stringify(await pagePhase()));
else {
  const run = (flag) => runPhase(root, here, flag, ["--expose-gc"]);
  // the page phase again on a throw-away PostgreSQL (its binaries on PATH or under /usr/lib/postgresql)
  const hasPostgres = spawnSync("bash", ["-c", "command -v initdb || ls /usr/lib/postgresql/*/bin/initdb"], { encoding: "utf8" }).status === 0;
  const onPostgres = () => {
    const r = spawnSync("bash", [path.join(root, "scripts/with-postgres.sh"), process.execPath, "--expose-gc", here, "--page"], { cwd: root, encoding: "utf8", env: process.env, maxBuffer: 16 * 1024 * 1024 });
    if (r.status !== 0) return { error: r.stderr.slice(-800) };
    return JSON.parse(r.stdout.trim().split("\n").filter((l) => l.startsWith("{")).pop());
  };
  const pagePostgres = process.env.BENCH_POSTGRES !== "0" && hasPostgres ? onPostgres() : undefined;
  console.log(JSON.stringify({ node: process.version, sync: run("--sync"), page: run("--page"), pagePostgres }, null, 2));
}
