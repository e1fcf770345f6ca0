import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // Mantine's files one by one, as tsconfig.json maps them for the build (ADR 0036)
      "~mantine": fileURLToPath(new URL("./node_modules/@mantine/core/esm", import.meta.url)),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    globalSetup: ["tests/pglite-image.setup.ts"],
    setupFiles: ["tests/unit-env.setup.ts"],
    environment: "node",
    // a test's first import compiles a route's whole module graph: on a busy machine that alone
    // took over 20 s (people-list, strict-replies); a limit, not a measure of speed
    testTimeout: 60_000,
    // a first PGlite open (the audit store, a backend image) takes seconds on a busy machine
    hookTimeout: 60_000,
  },
});
