/**
 * Unit tests only: the process-wide embedded backend that a route's loader reaches through the
 * gateway (`getEmbeddedBackend`, when a test sets no legacy server) starts in memory from the
 * global setup's image (tests/pglite-image.setup.ts) instead of migrating and seeding a PGlite
 * folder of its own: that took about 10 s of CPU in each of the ten files that reach it.
 *
 * `getEmbeddedBackend` keeps its promise on globalThis under this key; a getter there starts the
 * in-memory backend on first use only, so a file that never reaches the backend opens nothing.
 * Without the image (a file run without the global setup) nothing changes.
 */
import { afterAll } from "vitest";
import type { EmbeddedBackend } from "../app/embedded/index.server";
import { IMAGE_ENV } from "./pglite-image-env";

const KEY = Symbol.for("medu-eval.embedded-backend");

if (process.env[IMAGE_ENV]) {
  let started: Promise<EmbeddedBackend> | undefined;
  Object.defineProperty(globalThis, KEY, {
    configurable: true,
    get: () => (started ??= import("./memory-backend").then((m) => m.memoryBackend())),
    set: (value: Promise<EmbeddedBackend> | undefined) => {
      started = value;
    },
  });
  afterAll(async () => {
    await (await started?.catch(() => null))?.close();
  });
}
