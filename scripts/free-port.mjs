/**
 * A free loopback port for a server a script or a test starts: the cluster's instances and nginx,
 * legacy-check's web tier, the durability test's backend, and with-postgres.sh's PostgreSQL
 * (`node scripts/free-port.mjs` prints one).
 *
 * The port is below Linux's ephemeral range (32768 and up by default). The port the kernel hands
 * out for listen(0) is in that range: once the probe closes it, any outgoing connection of the
 * tests running beside can take it as its own before the server binds it, and the server fails
 * with "address already in use" (a run of the README's test command failed so once). A port here
 * is probed by binding it; the caller binds it again seconds later.
 */
import net from "node:net";
import { fileURLToPath } from "node:url";

export async function freePort() {
  const LOW = 20000;
  const HIGH = 32000;
  for (let tries = 0; tries < 200; tries++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await canBind(port)) return port;
  }
  throw new Error(`no free loopback port in ${LOW}-${HIGH - 1}`);
}

function canBind(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.unref();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await freePort());
