/**
 * Vitest global setup of the contract run on PostgreSQL (DATABASE_URL): migrates and seeds the
 * database DATABASE_URL names once, as a template. Each test file then gets a copy of its own
 * (tests/postgres-file.setup.ts), so files run two at a time as they do on PGlite, each on data
 * nobody else writes (ADR 0082). Skipped on PGlite and against a legacy server.
 */
import { createEmbeddedBackend } from "../app/embedded/index.server";

export default async function setup() {
  const url = process.env.DATABASE_URL?.trim();
  if (!url || process.env.LEGACY_API_URL?.trim()) return;
  // the template must have no connection left when a file copies it: the backend closes its pool
  const backend = await createEmbeddedBackend({ databaseUrl: url });
  await backend.close();
}
