/**
 * `npm run cluster`: N web instances on one PostgreSQL behind nginx, on this machine (issue 39).
 *
 *   npm run cluster                      # 3 instances, a throw-away PostgreSQL, nginx on :8080
 *   CLUSTER_INSTANCES=2 CLUSTER_PORT=9000 npm run cluster
 *   DATABASE_URL=postgres://… npm run cluster   # on a PostgreSQL of your own (kept)
 *
 * Without DATABASE_URL it runs itself again under scripts/with-postgres.sh, which starts a
 * throw-away PostgreSQL and removes it at the end. Demo data is on (DEMO_DATA=1) unless
 * DEMO_DATA=0. Ctrl-C stops everything. The README ("Several instances") says how to run the same
 * in production.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startCluster } from "./cluster-lib.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

if (!process.env.DATABASE_URL) {
  const r = spawnSync("bash", [path.join(root, "scripts/with-postgres.sh"), process.execPath, fileURLToPath(import.meta.url)], { stdio: "inherit" });
  process.exit(r.status ?? 1);
}

const instances = Number(process.env.CLUSTER_INSTANCES ?? 3);
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const cluster = await startCluster({
  instances,
  port,
  databaseUrl: process.env.DATABASE_URL,
  env: { DEMO_DATA: process.env.DEMO_DATA ?? "1" },
  log: true,
});
console.log(`\n${instances} instances (${cluster.instances.map((i) => i.port).join(", ")}) behind nginx: ${cluster.url}\n`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
