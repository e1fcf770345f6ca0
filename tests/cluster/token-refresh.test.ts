/**
 * One session's token refresh racing on two instances (issue 39 item 1, ADR 0072).
 *
 * The web tier remembers a rotation only in its own process (app/legacy/token-rotation.server.ts):
 * two instances that get the same expired access token at the same moment each ask the backend for
 * a refresh with the same refresh token. What keeps the user signed in is the backend's grace for
 * the previous refresh token (docs/contract.md "Tokens": within 30 s it answers the current pair,
 * it does not rotate again and it does not take it for a reuse). The backend here is the embedded
 * one in its spec-only mode (a legacy server written from the specification: the refresh answers
 * `reJwtToken` only), with access tokens that expire after TOKEN_SECONDS on each instance.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, signIn, startCluster } from "../../scripts/cluster-lib.mjs";
import { MSG } from "../../app/schemas/messages.ko";

const url = process.env.DATABASE_URL?.trim();
const PASSWORD = "Demo1234!";
/** an access token older than this (since an instance first saw it) answers HTTP 401 there */
const TOKEN_SECONDS = 4;
const LIST = "/insert/commission/CommissionList";

type Instance = { url: string; port: number; output: string };
type Cluster = { url: string; instances: Instance[]; stop(): Promise<void> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A signed-in page of the product: the frame's sign-out button, no expiry message. */
async function expectSignedIn(res: Response, where: string) {
  const html = await res.text();
  expect(res.status, where).toBe(200);
  expect(html, where).toContain("로그아웃");
  expect(html, where).not.toContain(MSG.sessionExpired);
}

describe.runIf(url)("one session's token refresh on two instances at once", () => {
  let cluster: Cluster;
  let db: pg.Client;
  beforeAll(async () => {
    cluster = await startCluster({
      instances: 2,
      databaseUrl: url!,
      env: { DEMO_DATA: "1", DEMO_PASSWORD: PASSWORD, SPEC_ONLY: "1", SPEC_ONLY_TOKEN_SECONDS: String(TOKEN_SECONDS) },
    });
    db = new pg.Client({ connectionString: url });
    await db.connect();
  }, 400_000);
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
  });

  it("both instances need the refresh: one rotation takes effect, the user stays signed in, the next pages on both work", async () => {
    const [a, b] = cluster.instances;
    const jar = new Client();
    expect((await signIn(jar, a.url, "entry02", PASSWORD)).status).toBe(302);
    // each instance sees the access token now: from here it lives TOKEN_SECONDS on both
    await expectSignedIn(await jar.get(a.url, "/dashboard"), "a, before");
    await expectSignedIn(await jar.get(b.url, LIST), "b, before");
    const session = async () =>
      (
        await db.query<{ sid: string; jti: string; prev_jti: string | null; revoked_at: Date | null }>(
          `select s.sid, s.jti, s.prev_jti, s.revoked_at from auth_sessions s join users u on u.user_seq = s.user_seq
            where u.user_id = 'entry02' order by s.reg_dt desc limit 1`,
        )
      ).rows[0];
    const before = await session();
    expect(before.revoked_at).toBeNull();

    await sleep(TOKEN_SECONDS * 1000 + 1500);
    // the same cookie on both instances at the same moment: each gets 401 and refreshes
    const cookie = jar.cookieHeader();
    const onA = new Client();
    const onB = new Client();
    for (const c of [onA, onB]) c.cookies = new Map(jar.cookies);
    const [resA, resB] = await Promise.all([onA.get(a.url, LIST), onB.get(b.url, LIST)]);
    await expectSignedIn(resA, "a, the race");
    await expectSignedIn(resB, "b, the race");
    // both replies carry a new session cookie (the new tokens), and the session was rotated once:
    // the token the race started with is the previous one of the current pair (two rotations would
    // have left it two steps behind, and one of the two cookies holding a token the backend ends
    // the session for once its grace is over)
    expect(onA.cookieHeader()).not.toBe(cookie);
    expect(onB.cookieHeader()).not.toBe(cookie);
    const after = await session();
    expect(after.sid).toBe(before.sid);
    expect(after.revoked_at).toBeNull();
    expect(after.jti).not.toBe(before.jti);
    expect(after.prev_jti).toBe(before.jti);

    // whichever cookie the browser kept (the last reply's): the next pages on both instances work,
    // and so does the next refresh, after the backend's grace for the old token is over
    for (const kept of [onA, onB]) {
      await expectSignedIn(await kept.get(a.url, "/dashboard"), "a, after");
      await expectSignedIn(await kept.get(b.url, LIST), "b, after");
    }
    await sleep(31_000);
    // (the pages above may have refreshed again on a slow machine: tokens live TOKEN_SECONDS)
    const beforeNext = await session();
    await expectSignedIn(await onB.get(a.url, LIST), "a, the next refresh");
    await expectSignedIn(await onB.get(b.url, "/dashboard"), "b, the next refresh");
    const later = await session();
    expect(later.sid).toBe(before.sid);
    expect(later.revoked_at).toBeNull();
    expect(later.jti).not.toBe(beforeNext.jti);
  }, 120_000);
});
