import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The `.do` contract tests (tests/contract): against LEGACY_API_URL over HTTP when set, else
 * against the embedded backend in-process (PostgreSQL when DATABASE_URL is set, else in memory).
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/contract/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["tests/pglite-image.setup.ts"],
    // each file has its own in-memory database; one PostgreSQL or legacy server is shared, one file at a time
    fileParallelism: !process.env.DATABASE_URL?.trim() && !process.env.LEGACY_API_URL?.trim(),
  },
});
