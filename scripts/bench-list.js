/**
 * List figures (printed as JSON; figures, not assertions): /api/student/getList.do of the
 * in-process embedded backend on an in-memory PGlite, for a whole seeded year (about 420 students)
 * and for one 20-row page of it (docs/contract.md "Paging and sorting"), each the median of
 * BENCH_LIST_RUNS calls after a warm-up, the HTTP layer included (Request in, JSON out).
 *
 *   node scripts/bench-list.js
 *   BENCH_LIST_RUNS=50 BENCH_LIST_YEAR=2026 node scripts/bench-list.js
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "..");
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 30);
const YEAR = Number(process.env.BENCH_LIST_YEAR ?? 2026);
const round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { tsImport } = await import("tsx/esm/api");
const { createEmbeddedBackend } = await tsImport(path.join(root, "app/embedded/index.server.ts"), here);
const backend = await createEmbeddedBackend({ memory: true });
const base = "http://embedded.invalid";
const post = async (p, body, token) => {
  const res = await backend.fetch(
    new Request(`${base}${p}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }),
  );
  const text = await res.text();
  return { json: JSON.parse(text), bytes: text.length };
};
const login = await post("/api/login.do", { userId: "admin", userPass: process.env.DEMO_PASSWORD || "Demo1234!", autoLogin: "N" });
const token = login.json.result.userInfo.accessToken;

async function measure(body) {
  const list = () => post("/api/student/getList.do", body, token);
  for (let i = 0; i < 5; i++) await list();
  const times = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = await list();
    times.push(performance.now() - t0);
  }
  if (last.json.status !== 200) throw new Error(JSON.stringify(last.json).slice(0, 300));
  return { rows: last.json.result.list.length, total: last.json.result.total, replyKB: round(last.bytes / 1024, 1), medianMs: round(median(times)), minMs: round(Math.min(...times)) };
}

const whole = await measure({ year: YEAR });
const page = await measure({ year: YEAR, page: 3, size: 20 });
const sortedPage = await measure({ year: YEAR, page: 3, size: 20, sort: "name:desc" });
await backend.close();
console.log(JSON.stringify({ year: YEAR, runs: RUNS, whole, page, sortedPage, ratio: round(whole.medianMs / page.medianMs, 1) }, null, 2));
