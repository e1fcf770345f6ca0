/**
 * `npm run legacy`: serves the embedded backend over HTTP (the same `.do` contract the gateway
 * reaches in-process), on LEGACY_PORT (default 8080). Point LEGACY_API_URL at it to try the
 * gateway over the network.
 */
import { serve } from "@hono/node-server";
import { createEmbeddedBackend } from "./index.server";
import { DEMO_ACCOUNTS, demoPassword } from "./db/seed-data";

const port = Number(process.env.LEGACY_PORT ?? 8080);
const hostname = process.env.LEGACY_HOST ?? "127.0.0.1";

const backend = await createEmbeddedBackend();
const server = serve({ fetch: backend.fetch, port, hostname }, (info) => {
  const where = backend.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : backend.kind;
  console.log(`Embedded legacy backend (${where}) listening on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${info.port}`);
  if (backend.seeded) console.log(backend.demo ? "Seeded the demo data set." : "Seeded the codes and menus (no demo data).");
  if (backend.demo) {
    console.log(`Demo accounts (password ${demoPassword()}):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.id.padEnd(12)} ${a.role}`);
  }
  // the first administrator's generated password, on the start that created it only (ADR 0024)
  const first = backend.initialAdmin;
  delete backend.initialAdmin;
  if (first?.generatedPassword) console.log(`First administrator: ${first.userId}, password ${first.generatedPassword} (shown this once; change it at the first sign-in)`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping`);
  server.close();
  await backend.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
