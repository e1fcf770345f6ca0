/**
 * In-memory embedded backends for tests. Migrating and seeding a new PGlite takes seconds, and
 * every test file opens its own; so the global setup (tests/pglite-image.setup.ts) builds one
 * migrated, seeded database once and each backend starts from its image. Without the image (a
 * single file run by hand without the setup) a backend is built from scratch, with the same data.
 */
import fs from "node:fs";
import { createEmbeddedBackend, type EmbeddedBackend, type EmbeddedBackendOptions } from "../app/embedded/index.server";

import { IMAGE_ENV } from "./pglite-image-env";

export { IMAGE_ENV };

/** `opts`: other start options (the spec-only mode). */
export async function memoryBackend(opts: Pick<EmbeddedBackendOptions, "specOnly"> = {}): Promise<EmbeddedBackend> {
  const file = process.env[IMAGE_ENV];
  const image = file && fs.existsSync(file) ? await fs.openAsBlob(file) : undefined;
  return createEmbeddedBackend({ memory: true, image, ...opts });
}
