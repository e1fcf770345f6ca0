/**
 * Several instances on one PostgreSQL behind nginx (issue 39; scripts/cluster-lib.mjs): what must
 * be shared across instances is. Runs in `npm test` with two instances on a throw-away PostgreSQL
 * (scripts/with-postgres.sh; `npm run test:cluster`), after the build.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster } from "../../scripts/cluster-lib.mjs";

const url = process.env.DATABASE_URL?.trim();
const PASSWORD = "Demo1234!";

type Instance = { url: string; port: number; kill(): Promise<void>; start(): Promise<void>; output: string };
type Cluster = { url: string; instances: Instance[]; stop(): Promise<void> };

/** A browser's cookies, enough for the product's session and CSRF cookies. */
class Jar {
  private cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  async get(base: string, path: string) {
    const res = await fetch(base + path, { headers: { Cookie: this.header() }, redirect: "manual" });
    this.take(res);
    return res;
  }
  async post(base: string, path: string, form: Record<string, string>) {
    const res = await fetch(base + path, {
      method: "POST",
      headers: { Cookie: this.header(), Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });
    this.take(res);
    return res;
  }
}

const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

/** Posts the sign-in form on `base`; answers the reply (302 to /dashboard when it worked). */
async function signIn(jar: Jar, base: string, userId: string, password = PASSWORD) {
  const csrf = csrfOf(await (await jar.get(base, "/")).text());
  return jar.post(base, "/?index", { intent: "login", userId, userPass: password, _csrf: csrf });
}

describe.runIf(url)("two instances behind nginx on one PostgreSQL", () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ instances: 2, databaseUrl: url!, env: { DEMO_DATA: "1", DEMO_PASSWORD: PASSWORD, PASSWORD_HASH_COST: "14" } });
  }, 400_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it("a session opened on one instance is the same session on the other, and through nginx on every request", async () => {
    const [a, b] = cluster.instances;
    const jar = new Jar();
    const res = await signIn(jar, a.url, "entry01");
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!, a.url).pathname).toBe("/dashboard");
    const onB = await jar.get(b.url, "/dashboard");
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("로그아웃");
    // round-robin without sticky sessions: every page is served, signed in, whichever instance answers
    for (let i = 0; i < 6; i++) {
      const page = await jar.get(cluster.url, "/dashboard");
      expect(page.status).toBe(200);
    }
  });

  it("a sign-in's failures count across instances: the sixth wrong password on the other instance makes the account wait", async () => {
    const [a, b] = cluster.instances;
    const jar = new Jar();
    // committee01's five wrong passwords, spread over both instances: no wait yet (rate-limit.server.ts)
    for (let i = 0; i < 6; i++) {
      const res = await signIn(jar, (i % 2 ? b : a).url, "committee01", `wrong-${i}-Password!`);
      expect(res.status).not.toBe(302);
    }
    // the right password now: refused on either instance while the account waits
    for (const inst of [a, b]) {
      const res = await signIn(new Jar(), inst.url, "committee01");
      expect(res.status).not.toBe(302);
      expect(await res.text()).toMatch(/요청이 너무 많습니다\. .+ 후에 다시 시도해주세요\./);
    }
  });

  it("the audit log is one table: sign-ins on both instances are in it", async () => {
    const [a, b] = cluster.instances;
    for (const inst of [a, b]) expect((await signIn(new Jar(), inst.url, "admin")).status).toBe(302);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from audit_log where user_id = 'admin'`);
      expect(rows[0].n).toBeGreaterThanOrEqual(2);
    } finally {
      await client.end();
    }
  });

  it("an instance killed with SIGKILL: nginx sends the next requests to the other, and it comes back into the rotation", async () => {
    const [a] = cluster.instances;
    const jar = new Jar();
    expect((await signIn(jar, cluster.url, "entry01")).status).toBe(302);
    await a.kill();
    for (let i = 0; i < 4; i++) expect((await jar.get(cluster.url, "/dashboard")).status).toBe(200);
    await a.start();
    expect((await jar.get(a.url, "/dashboard")).status).toBe(200);
  }, 240_000);
});
