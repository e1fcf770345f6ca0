/**
 * Vitest global setup: one migrated, seeded in-memory database, written as an image that every
 * test file's backend starts from (tests/memory-backend.ts). Skipped when the tests run against
 * PostgreSQL or a legacy server.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createEmbeddedBackend } from "../app/embedded/index.server";
import { IMAGE_ENV } from "./memory-backend";

export default async function setup() {
  if (process.env.LEGACY_API_URL?.trim() || process.env.DATABASE_URL?.trim()) return;
  const backend = await createEmbeddedBackend({ memory: true });
  try {
    const image = await backend.image!();
    const file = path.join(os.tmpdir(), `medu-test-pglite-${process.pid}-${Date.now()}.tar`);
    fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    process.env[IMAGE_ENV] = file;
    return () => fs.rmSync(file, { force: true });
  } finally {
    await backend.close();
  }
}
