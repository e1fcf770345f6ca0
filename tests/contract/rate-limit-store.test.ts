/**
 * The rate limits' shared store (app/utils/rate-limit.server.ts, ADR 0023): with DATABASE_URL two
 * web instances — here two RateLimits, each with its own connection pool, as two processes would
 * have — count in one PostgreSQL table, so an attacker gains nothing by spreading guesses over
 * the instances behind a load balancer. Runs in the PostgreSQL pass of the contract tests
 * (scripts/with-postgres.sh); without DATABASE_URL (PGlite: one process) there is nothing shared.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRateLimits, RATE_LIMIT_TABLE, RULES, type RateLimits } from "../../app/utils/rate-limit.server";

process.env.SESSION_SECRET ||= "contract-rate-limit-secret-0123456789abcdef";
const url = process.env.DATABASE_URL?.trim();

describe.runIf(url)("rate limits on PostgreSQL (DATABASE_URL)", () => {
  let a: RateLimits;
  let b: RateLimits;
  beforeAll(async () => {
    // both at once, as two instances starting together: the table is made once
    [a, b] = await Promise.all([openRateLimits({ databaseUrl: url }), openRateLimits({ databaseUrl: url })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("keeps its counters in the shared table", async () => {
    expect(a.store).toBe("postgres");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const account = `shared-${randomUUID()}`;
      await a.signInFailed(account, "192.0.2.200");
      const rows = await client.query(`select key, points from ${RATE_LIMIT_TABLE} where key like 'signInAccountFailures:%'`);
      expect(rows.rowCount).toBeGreaterThan(0);
      // the key is a keyed hash: neither the id nor the address is stored
      const all = await client.query<{ key: string }>(`select key from ${RATE_LIMIT_TABLE}`);
      expect(all.rows.some((r) => r.key.includes(account) || r.key.includes("192.0.2.200"))).toBe(false);
    } finally {
      await client.end();
    }
  });

  it("counts failures made through one instance when another is asked", async () => {
    const account = `victim-${randomUUID()}`;
    for (let i = 0; i < 6; i++) {
      const via = i % 2 ? a : b;
      expect(await via.signInGate(account, `198.51.100.${i}`)).toBeNull();
      await via.signInFailed(account, `198.51.100.${i}`);
    }
    const refused = await a.signInGate(account, "198.51.100.99");
    expect(refused?.retryAfter).toBe(5);
    expect(await b.signInGate(account, "198.51.100.99")).toEqual(refused);
    // a success through one instance clears the account for both
    await b.signInSucceeded(account);
    expect(await a.signInGate(account, "198.51.100.99")).toBeNull();
  });

  it("lets a parallel burst spread over both instances through only up to the attempt cap", async () => {
    const account = `burst-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).signInGate(account, `203.0.113.${i}`)));
    expect(answers.filter((r) => r === null)).toHaveLength(RULES.signInAccount.points);
  });

  it("shares a public submit's allowance per address", async () => {
    const address = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
    for (let i = 0; i < RULES.consentAddress.points; i++) expect(await (i % 2 ? a : b).take([{ rule: "consentAddress", address }])).toBeNull();
    expect((await a.take([{ rule: "consentAddress", address }]))?.retryAfter).toBeGreaterThan(9 * 60);
  });

  it("is made once when several instances start together on a database without the table", async () => {
    // a database of its own, so the table does not exist yet (CI once failed here: the losers of
    // PostgreSQL's unserialised CREATE TABLE IF NOT EXISTS got "type rate_limit already exists")
    const name = `rl_${randomUUID().replaceAll("-", "")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
      const fresh = new URL(url!);
      fresh.pathname = `/${name}`;
      const started = await Promise.allSettled(Array.from({ length: 16 }, () => openRateLimits({ databaseUrl: fresh.toString() })));
      const opened = started.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      try {
        expect(started.filter((r) => r.status === "rejected")).toEqual([]);
        const account = `fresh-${randomUUID()}`;
        await opened[0].signInFailed(account, "192.0.2.7");
        await opened[5].signInFailed(account, "192.0.2.7");
        expect((await opened[3].take([{ rule: "consentAddress", address: "192.0.2.7" }]))).toBeNull();
      } finally {
        await Promise.all(opened.map((l) => l.close()));
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    }
  });
});
