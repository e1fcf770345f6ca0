/**
 * Several instances on one PostgreSQL behind nginx (issue 39; scripts/cluster-lib.mjs): what must
 * be shared across instances is. Runs in `npm test` with two instances on a throw-away PostgreSQL
 * (scripts/with-postgres.sh; `npm run test:cluster`), after the build. Covered: a session across
 * instances and through nginx, the sign-in limit counted across them, one audit table, an instance
 * killed and back, and a send job taken over from a killed instance (every mail once).
 */
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, csrfOf, signIn as signInOn, startCluster, valuesOf } from "../../scripts/cluster-lib.mjs";

const url = process.env.DATABASE_URL?.trim();
const PASSWORD = "Demo1234!";

type Instance = { url: string; port: number; kill(): Promise<void>; start(): Promise<void>; output: string };
type Cluster = { url: string; instances: Instance[]; stop(): Promise<void> };
const signIn = (client: Client, base: string, userId: string, password = PASSWORD) => signInOn(client, base, userId, password);

/** A sign-in that must succeed: on a refusal the failure names the page's own words (which step, which message). */
async function expectSignedIn(res: Response) {
  const body = res.status === 302 ? "" : (await res.text()).replace(/<(script|style|head)\b[\s\S]*?<\/\1>/g, " ");
  const words = res.status === 302 ? "" : `HTTP ${res.status} ${res.url}: ${body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 800)}`;
  expect(res.status, words).toBe(302);
}

/**
 * A mail server in this process that takes each mail after `delayMs`, and the addresses it got.
 * `errors` holds the codes of connections that broke: the instance killed mid-send resets its
 * connection in the middle of a mail, and smtp-server reports that as an 'error' event on the
 * server (its documented event), which would be an uncaught exception without a listener.
 */
const mail = { delayMs: 0, received: [] as string[], errors: [] as string[] };
function startSmtp(): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    onData(stream, session, done) {
      stream.on("data", () => undefined);
      stream.on("end", () =>
        setTimeout(() => {
          mail.received.push(...session.envelope.rcptTo.map((r) => r.address));
          done();
        }, mail.delayMs),
      );
    },
  });
  server.on("error", (err: NodeJS.ErrnoException) => mail.errors.push(err.code ?? err.message));
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const until = async (what: string, ok: () => Promise<boolean> | boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

describe.runIf(url)("two instances behind nginx on one PostgreSQL", () => {
  let cluster: Cluster;
  let smtp: SMTPServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    const smtpPort = (smtp.server.address() as { port: number }).port;
    cluster = await startCluster({
      instances: 2,
      databaseUrl: url!,
      env: { DEMO_DATA: "1", DEMO_PASSWORD: PASSWORD, PASSWORD_HASH_COST: "14", SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`, SMTP_TIMEOUT_MS: "4000" },
    });
  }, 400_000);
  afterAll(async () => {
    await cluster?.stop();
    await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  });

  it("a session opened on one instance is the same session on the other, and through nginx on every request", async () => {
    const [a, b] = cluster.instances;
    const jar = new Client();
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
    const jar = new Client();
    // committee01's five wrong passwords, spread over both instances: no wait yet (rate-limit.server.ts)
    for (let i = 0; i < 6; i++) {
      const res = await signIn(jar, (i % 2 ? b : a).url, "committee01", `wrong-${i}-Password!`);
      expect(res.status).not.toBe(302);
    }
    // the right password now: refused on either instance while the account waits
    for (const inst of [a, b]) {
      const res = await signIn(new Client(), inst.url, "committee01");
      expect(res.status).not.toBe(302);
      expect(await res.text()).toMatch(/요청이 너무 많습니다\. .+ 후에 다시 시도해주세요\./);
    }
  });

  it("the audit log is one table: sign-ins on both instances are in it", async () => {
    const [a, b] = cluster.instances;
    for (const inst of [a, b]) await expectSignedIn(await signIn(new Client(), inst.url, "admin"));
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
    const jar = new Client();
    expect((await signIn(jar, cluster.url, "entry01")).status).toBe(302);
    await a.kill();
    const killedAt = new Date();
    for (let i = 0; i < 4; i++) expect((await jar.get(cluster.url, "/dashboard")).status).toBe(200);
    await a.start();
    expect((await jar.get(a.url, "/dashboard")).status).toBe(200);
  }, 240_000);

  it("a send job whose instance is killed mid-way is finished by the other: every recipient mailed, nobody twice", async () => {
    const [a] = cluster.instances;
    const jar = new Client();
    await expectSignedIn(await signIn(jar, a.url, "admin"));
    // a survey with one free-text question, through the editor's form (on instance a)
    const name = `클러스터 발송 ${Date.now().toString(36)}`;
    const csrf = csrfOf(await (await jar.get(a.url, "/survey/registration")).text());
    const saved = await jar.post(a.url, "/survey/registration", {
      _csrf: csrf, intent: "save", srName: name, srContent: "의견을 들려주세요.", usyn: "Y", dtYn: "N", prsnInfoYn: "N",
      "qestList[0].sqType": "2", "qestList[0].esntlYn": "Y", "qestList[0].sqSubj": "자유 의견",
    });
    expect(saved.status).toBe(302);
    const list = await (await jar.get(a.url, `/survey?searchTxt=${encodeURIComponent(name)}`)).text();
    const srSeq = Number(/[?&]seq=(\d+)/.exec(list)![1]);
    // the first page of the add dialog's students become recipients
    const dialog = await (await jar.get(a.url, `/survey/send/list/${srSeq}?dialog=add`)).text();
    const users = valuesOf(dialog, "addUsers");
    expect(users.length).toBeGreaterThan(3);
    const [year] = valuesOf(dialog, "year");
    const addBody = new URLSearchParams([["_csrf", csrfOf(dialog)], ["intent", "add"], ["year", year], ...users.map((u) => ["addUsers", u] as [string, string])]);
    const addRes = await jar.post(a.url, `/survey/send/list/${srSeq}`, [...addBody]);
    expect(addRes.status).toBe(302);
    const page = await (await jar.get(a.url, `/survey/send/list/${srSeq}`)).text();
    const pending = valuesOf(page, "users");
    expect(pending.length).toBe(users.length);
    const [sendKey] = valuesOf(page, "sendKey");

    // slow mails: the send is still going when its instance dies
    mail.delayMs = 1_000;
    const before = mail.received.length;
    const sendBody = new URLSearchParams([["_csrf", csrfOf(page)], ["intent", "send:N"], ["sendKey", sendKey], ...pending.map((u) => ["users", u] as [string, string])]);
    const sent = await jar.post(a.url, `/survey/send/list/${srSeq}`, [...sendBody]);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toMatch(new RegExp(`/survey/send/list/${srSeq}/job/\\d+$`));
    const jobSeq = Number(/job\/(\d+)$/.exec(sent.headers.get("location")!)![1]);
    await until("two mails out", () => mail.received.length - before >= 2, 30_000);
    await a.kill();
    const killedAt = new Date();

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const states = async () => (await client.query<{ state: string; n: number }>(`select state, count(*)::int as n from job_items where job_seq = $1 group by state`, [jobSeq])).rows;
      // the other instance's runner takes the queued rows over (it looks every 30 s) and ends the
      // one it has in flight; the row the killed instance had in flight stays 'sending' until the lease
      const open = async () =>
        (await client.query<{ n: number }>(`select count(*)::int as n from job_items where job_seq = $1 and (state = 'queued' or (state = 'sending' and claimed_dt >= $2))`, [jobSeq, killedAt])).rows[0].n;
      await until("no queued row left, nothing in flight on the live instance", async () => (await open()) === 0, 90_000);
      const byState = Object.fromEntries((await states()).map((r) => [r.state, r.n]));
      const mine = mail.received.slice(before);
      // nobody twice: the row in flight at the kill is never sent again ('sending', failed after the lease)
      expect(new Set(mine).size).toBe(mine.length);
      expect(byState.sending ?? 0).toBeLessThanOrEqual(1);
      // every mail recorded as sent was received; the one in flight at the kill may have arrived too
      expect(mine.length - (byState.sent ?? 0)).toBeGreaterThanOrEqual(0);
      expect(mine.length - (byState.sent ?? 0)).toBeLessThanOrEqual(byState.sending ?? 0);
      expect((byState.sent ?? 0) + (byState.sending ?? 0) + (byState.kept ?? 0) + (byState.failed ?? 0)).toBe(pending.length);
      expect(byState.failed ?? 0).toBe(0);
      // the only broken connections are the killed instance's: a reset or a broken pipe, nothing else
      expect(mail.errors.filter((code) => code !== "ECONNRESET" && code !== "EPIPE")).toEqual([]);
    } finally {
      await client.end();
    }
  }, 240_000);
});
