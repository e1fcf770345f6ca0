import { defineConfig } from "vitest/config";

/**
 * The multi-instance tests (tests/cluster, issue 39): N `node server.js` on the throw-away
 * PostgreSQL of scripts/with-postgres.sh behind nginx. Needs the build (`npm run build`).
 *
 *   bash scripts/with-postgres.sh npx vitest run --config vitest.cluster.config.ts
 */
export default defineConfig({
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 400_000,
    fileParallelism: false,
    // In `npm test` this stage runs beside the end-to-end suite, on a machine with no core to spare.
    // There an administrator's second sign-in step has failed now and then (2 tests of 6 in about one
    // run in ten; the cause is not found yet, and expectSignedIn now prints the status and the page's
    // words). A failed test runs once more, as the end-to-end suite's do in CI; a pass on the retry
    // is reported as flaky by scripts/test-summary.js, with its first failure, never hidden.
    retry: 1,
  },
});
