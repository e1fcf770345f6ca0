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
  },
});
