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
    // a test that passed on a retry (vitest's `retry`) keeps its failed attempts' messages
    for (const file of r.testResults ?? [])
      for (const t of file.assertionResults ?? [])
        if (t.status === "passed" && t.failureMessages?.length) {
          flaky++;
          console.log(`flaky: ${path.relative(process.cwd(), file.name)} › ${t.fullName}: ${String(t.failureMessages[0]).split("\n")[0].slice(0, 400)}`);
        }
  } else if (r.stats) {
    // playwright
    passed += r.stats.expected + (r.stats.flaky ?? 0);
    flaky += r.stats.flaky ?? 0;
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
  }
}
if (flaky) console.log(`flaky (passed on the retry): ${flaky} — the vitest ones named above, the e2e ones in its report`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
