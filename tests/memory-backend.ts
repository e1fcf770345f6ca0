/**
 * In-memory embedded backends for tests. Migrating and seeding a new PGlite takes seconds, and
 * every test file opens its own; so the global setup (tests/pglite-image.setup.ts) builds one
 * migrated, seeded database once and each backend starts from its image. Without the image (a
 * single file run by hand without the setup) a backend is built from scratch, with the same data.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { restorePglite } from "../app/embedded/db/client.server";
import { createEmbeddedBackend, type EmbeddedBackend, type EmbeddedBackendOptions } from "../app/embedded/index.server";

import { IMAGE_ENV } from "./pglite-image-env";

export { IMAGE_ENV };

/** `opts`: other start options (the spec-only mode, the synced reports' sources). */
export async function memoryBackend(opts: Pick<EmbeddedBackendOptions, "specOnly" | "reports"> = {}): Promise<EmbeddedBackend> {
  const file = seededImage();
  return createEmbeddedBackend({ memory: true, image: file ? await fs.openAsBlob(file) : undefined, ...opts });
}

/** The global setup's image file, when there is one. */
function seededImage(): string | undefined {
  const file = process.env[IMAGE_ENV];
  return file && fs.existsSync(file) ? file : undefined;
}

/**
 * A PGlite data folder (`dataDir`, as DATA_DIR names it) that starts as the global setup's seeded
 * database, put there as `npm run db -- restore` puts a backup: a backend started on it opens,
 * finds its data and seeds nothing, instead of seeding the demo data again (a fresh seed is the
 * e2e servers' and first-admin's start). Without the image (a file run by hand without the
 * setup) the folder stays empty and the first start seeds it.
 */
export async function dataDirFromImage(dataDir: string): Promise<void> {
  const file = seededImage();
  if (!file) return;
  const backup = path.join(dataDir, "seeded-image.tar.gz");
  fs.writeFileSync(backup, gzipSync(fs.readFileSync(file), { level: 1 }));
  await restorePglite(dataDir, backup);
  fs.rmSync(backup);
}
