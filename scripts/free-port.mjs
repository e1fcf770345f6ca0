/**
 * A free loopback port for a server a script or a test starts (the cluster's instances and nginx,
 * legacy-check's web tier, the durability test's backend).
 */
import net from "node:net";

/**
 * A free loopback port, below Linux's ephemeral range (32768 and up by default). The port the
 * kernel hands out for listen(0) is in that range: once the probe closes it, any outgoing
 * connection of the tests running beside can take it as its own before the server binds it, and
 * the server fails with "address already in use". A run of the README's test command failed so
 * once, in scripts/with-postgres.sh, which now chooses its PostgreSQL's port in the same range as
 * this. A port here is probed by binding it; the caller binds it again seconds later.
 */
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
