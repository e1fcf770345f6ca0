import { fileURLToPath } from "node:url";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/**
 * The durability file first: it restarts a backend process several times (50–90 s, mostly
 * waiting on those processes), so at the head of the run it overlaps the other files instead of
 * running alone at the tail, where vitest's default order (largest file last) put it.
 */
class SlowFilesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const slow = (f: TestSpecification) => /durability\.test\.ts$/.test(f.moduleId);
    return [...sorted.filter(slow), ...sorted.filter((f) => !slow(f))];
  }
}

/**
 * The `.do` contract tests (tests/contract): against LEGACY_API_URL over HTTP when set, else
 * against the embedded backend in-process (PostgreSQL when DATABASE_URL is set, else in memory).
 */
/**
 * New passwords hashed at scrypt N=2^14 instead of OWASP's 2^17, as the e2e server does (ADR 0017):
 * the suite signs in and changes passwords hundreds of times (the demo accounts' hashes in the
 * global setup's image are made at this cost too). tests/contract/password-cost.test.ts holds the
 * product's own cost. Set here, in the main process, so the global setup and every file see it.
 */
process.env.PASSWORD_HASH_COST ??= "14";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // Mantine's files one by one, as tsconfig.json maps them for the build (ADR 0036)
      "~mantine": fileURLToPath(new URL("./node_modules/@mantine/core/esm", import.meta.url)),
    },
  },
  test: {
    include: ["tests/contract/**/*.test.ts"],
    environment: "node",
    // every reply of a defined call is read with the web tier's schema on the backend's side too (ADR 0079)
    env: { CHECK_REPLIES: "1" },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // one seeded database to start every file's from: a PGlite image, or a PostgreSQL template (ADR 0082)
    globalSetup: ["tests/pglite-image.setup.ts", "tests/postgres-template.setup.ts"],
    // a data folder per file (the PGlite run and the PostgreSQL run go side by side, scripts/test.sh),
    // and on PostgreSQL a copy of the template database per file
    setupFiles: ["tests/unit-env.setup.ts", "tests/postgres-file.setup.ts"],
    sequence: { sequencer: SlowFilesFirst },
    // each file has its own database (in memory, or a PostgreSQL copy of the template); one legacy
    // server is shared, one file at a time
    fileParallelism: !process.env.LEGACY_API_URL?.trim(),
  },
});
