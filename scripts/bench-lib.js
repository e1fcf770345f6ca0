/**
 * What the phase benchmarks (bench-excel.js, bench-reports.js) share: each phase runs in a child
 * process of its own (a clean heap, its own peak), measured the same way.
 */
import { spawnSync } from "node:child_process";

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
