import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The unit files that reach a process-wide store or the transport (the embedded backend, the audit
 * log, the rate limits, the second factor's store, the session's token holder, the gateway) or
 * mock a module: each runs in a module graph of its own, as vitest isolates by default. The other
 * files (schemas, pure helpers, markup) share their worker's modules (`isolate: false`): importing
 * the same graphs again for every file was most of their time.
 */
const STATEFUL = /route-harness|memory-backend|audit\.server|rate-limit\.server|second-factor\.server|session-store|backend\.server|gateway|vi\.mock|process\.env/;
const unitFiles = fs.readdirSync("tests/unit").filter((f) => f.endsWith(".test.ts")).map((f) => `tests/unit/${f}`);
const isolated = unitFiles.filter((f) => STATEFUL.test(fs.readFileSync(f, "utf8")));

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // Mantine's files one by one, as tsconfig.json maps them for the build (ADR 0036)
      "~mantine": fileURLToPath(new URL("./node_modules/@mantine/core/esm", import.meta.url)),
    },
  },
  test: {
    projects: [
      { extends: true, test: { name: "unit", include: unitFiles.filter((f) => !isolated.includes(f)), isolate: false } },
      { extends: true, test: { name: "unit-isolated", include: isolated } },
    ],
    globalSetup: ["tests/pglite-image.setup.ts"],
    setupFiles: ["tests/unit-env.setup.ts", "tests/unit-backend.setup.ts"],
    environment: "node",
    // a test's first import compiles a route's whole module graph: on a busy machine that alone
    // took over 20 s (people-list, strict-replies); a limit, not a measure of speed
    testTimeout: 60_000,
    // a first PGlite open (the audit store, a backend image) takes seconds on a busy machine
    hookTimeout: 60_000,
  },
});
