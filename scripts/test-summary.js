/** Prints one closing line over every runner's JSON report: 'N passed, N failed, N skipped'. */
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".reports";
let passed = 0, failed = 0, skipped = 0, flaky = 0;
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const r = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
  if (typeof r.numPassedTests === "number") {
    // vitest
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else if (r.stats) {
    // playwright
    passed += r.stats.expected + (r.stats.flaky ?? 0);
    flaky += r.stats.flaky ?? 0;
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
  }
}
if (flaky) console.log(`flaky (passed on the retry): ${flaky} — see the e2e report for which`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
