/**
 * The second factor (issue 37 item 4, ADR 0068): the TOTP window (now and one 30-second step either
 * side, nothing further), a code good once, recovery codes good once, the secret sealed at rest
 * and bound to its account, the demo factor, and the rate limit of wrong codes.
 */
import { PGlite } from "@electric-sql/pglite";
import { generateTOTP } from "@epic-web/totp";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openRateLimits, SECOND_FACTOR_FAILURES } from "~/utils/rate-limit.server";
import {
  codeStep,
  DEMO_TOTP_SECRET,
  enrol,
  factorState,
  newRecoveryCodes,
  newSecret,
  openSecret,
  prepareFactorDb,
  recoveryHash,
  removeFactor,
  sealSecret,
  stepAt,
  useRecoveryCode,
  verifyCode,
} from "~/utils/second-factor.server";

process.env.SESSION_SECRET ||= "second-factor-test-secret-0123456789abcdef";

const T0 = Date.UTC(2026, 10, 29, 3, 0, 0);
/** the code an app shows at `ms` */
async function codeAt(secret: string, ms: number): Promise<string> {
  vi.setSystemTime(ms);
  const { otp } = await generateTOTP({ secret, period: 30 });
  return otp;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the TOTP window", () => {
  it("accepts the code of now and of one step either side, and no further", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const secret = await newSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const at = async (offsetSteps: number) => {
      const code = await codeAt(secret, T0 + offsetSteps * 30_000);
      vi.setSystemTime(T0);
      return codeStep(secret, code);
    };
    expect(await at(0)).toBe(stepAt(T0));
    expect(await at(-1)).toBe(stepAt(T0) - 1);
    expect(await at(1)).toBe(stepAt(T0) + 1);
    expect(await at(-2)).toBeNull();
    expect(await at(2)).toBeNull();
    expect(await at(-20)).toBeNull();
    expect(await codeStep(secret, "12345")).toBeNull();
    expect(await codeStep(secret, "abcdef")).toBeNull();
  });
});

describe("the store", () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzle>;
  beforeAll(async () => {
    client = new PGlite();
    db = drizzle(client);
    await prepareFactorDb(db);
  });
  afterAll(async () => {
    await client.close();
  });

  it("enrols only with a right code, keeps the secret sealed and the recovery codes hashed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const secret = await newSecret();
    const old = await codeAt(secret, T0 - 5 * 60_000);
    vi.setSystemTime(T0);
    expect(await enrol("Kim01", secret, old, db)).toBeNull();
    const codes = await enrol("Kim01", secret, await codeAt(secret, T0), db);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes!) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [row] = (await db.execute(sql`SELECT "account", "secret", "recovery" FROM "second_factor" WHERE "account" = 'kim01'`)).rows as { account: string; secret: string; recovery: string[] }[];
    // the id counts case-insensitively; the stored secret does not show the secret, nor any code
    expect(row.account).toBe("kim01");
    expect(row.secret).not.toContain(secret);
    expect(row.secret).toMatch(/^v1\./);
    expect(openSecret("kim01", row.secret)).toBe(secret);
    expect(row.recovery).toHaveLength(10);
    expect(row.recovery.join()).not.toContain(codes![0].replace("-", ""));
    expect(row.recovery).toContain(recoveryHash("KIM01", codes![0]));
    expect(await factorState("kim01", db)).toEqual({ enrolled: true, recoveryLeft: 10 });
  });

  it("accepts a code once: the same code again, or an older one, is refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const secret = await newSecret();
    vi.setSystemTime(T0);
    await enrol("lee02", secret, await codeAt(secret, T0), db);
    // the enrolment's own code is spent
    expect(await verifyCode("lee02", await codeAt(secret, T0), db)).toBe("wrong");
    const later = T0 + 60_000;
    const code = await codeAt(secret, later);
    expect(await verifyCode("lee02", code, db)).toBe("ok");
    expect(await verifyCode("lee02", code, db)).toBe("wrong");
    // the step before (still in the window) is older than the one used
    const before = await codeAt(secret, later - 30_000);
    vi.setSystemTime(later);
    expect(await verifyCode("lee02", before, db)).toBe("wrong");
    expect(await verifyCode("lee02", "000000", db)).toBe("wrong");
    expect(await verifyCode("nobody", code, db)).toBe("none");
  });

  it("takes each recovery code once, whatever its case or dashes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const secret = await newSecret();
    vi.setSystemTime(T0);
    const codes = (await enrol("park03", secret, await codeAt(secret, T0), db))!;
    expect(await useRecoveryCode("park03", ` ${codes[3].toUpperCase().replace("-", "")} `, db)).toBe("ok");
    expect(await useRecoveryCode("park03", codes[3], db)).toBe("wrong");
    expect(await useRecoveryCode("park03", "aaaaa-aaaaa", db)).toBe("wrong");
    // another account's code is not this one's
    expect(await useRecoveryCode("kim01", codes[4], db)).toBe("wrong");
    expect(await factorState("park03", db)).toEqual({ enrolled: true, recoveryLeft: 9 });
    expect(await useRecoveryCode("nobody", codes[4], db)).toBe("none");
  });

  it("removes a factor (disable, an administrator's reset)", async () => {
    expect(await removeFactor("PARK03", db)).toBe(true);
    expect(await removeFactor("park03", db)).toBe(false);
    expect(await factorState("park03", db)).toEqual({ enrolled: false, recoveryLeft: 0 });
  });

  it("gives the demo administrators the published secret with demo data, and lets a code serve twice", async () => {
    // vitest runs without NODE_ENV=production and without LEGACY_API_URL: demo data is on
    expect(await factorState("admin", db)).toEqual({ enrolled: true, recoveryLeft: 0 });
    const code = (await generateTOTP({ secret: DEMO_TOTP_SECRET, period: 30 })).otp;
    expect(await verifyCode("admin", code, db)).toBe("ok");
    expect(await verifyCode("admin", code, db)).toBe("ok");
    expect(await factorState("entry01", db)).toEqual({ enrolled: false, recoveryLeft: 0 });
  });

  it("seals the demo secret again under the keys of a new start (no SESSION_SECRET: a random key each start), and leaves an enrolled app alone", async () => {
    const saved = process.env.MFA_SECRET_KEY;
    const code = async () => (await generateTOTP({ secret: DEMO_TOTP_SECRET, period: 30 })).otp;
    const own = await newSecret();
    const pglite = new PGlite();
    try {
      process.env.MFA_SECRET_KEY = "first-start-0123456789abcdefghijklmnopq";
      const restarted = drizzle(pglite);
      await prepareFactorDb(restarted);
      expect(await enrol("admin02", own, await codeAt(own, Date.now()), restarted)).not.toBeNull();
      // the next start's key opens nothing the first one sealed
      process.env.MFA_SECRET_KEY = "second-start-0123456789abcdefghijklmnop";
      expect(await verifyCode("admin", await code(), restarted)).toBe("wrong");
      await prepareFactorDb(restarted);
      expect(await verifyCode("admin", await code(), restarted)).toBe("ok");
      // admin02's own app was sealed under the first key: not replaced by the demo secret
      expect(await verifyCode("admin02", await code(), restarted)).toBe("wrong");
      process.env.MFA_SECRET_KEY = "first-start-0123456789abcdefghijklmnopq";
      expect(await verifyCode("admin02", await codeAt(own, Date.now() + 30_000), restarted)).toBe("ok");
    } finally {
      if (saved === undefined) delete process.env.MFA_SECRET_KEY;
      else process.env.MFA_SECRET_KEY = saved;
      await pglite.close();
    }
  });
});

describe("the secret at rest", () => {
  it("is sealed with a key from MFA_SECRET_KEY (else SESSION_SECRET), bound to its account, and opens after a rotation", () => {
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPJBSWY3DP";
    const saved = process.env.MFA_SECRET_KEY;
    try {
      process.env.MFA_SECRET_KEY = "old-key-0123456789abcdefghijklmnopqrstu";
      const sealed = sealSecret("kim01", secret);
      expect(sealed).not.toContain(secret);
      expect(openSecret("kim01", sealed)).toBe(secret);
      // copied to another account's row, it does not open
      expect(openSecret("lee02", sealed)).toBeNull();
      // a new key first, the old one still opens
      process.env.MFA_SECRET_KEY = "new-key-0123456789abcdefghijklmnopqrstu,old-key-0123456789abcdefghijklmnopqrstu";
      expect(openSecret("kim01", sealed)).toBe(secret);
      // without the key, nothing
      process.env.MFA_SECRET_KEY = "other-key-0123456789abcdefghijklmnopqr";
      expect(openSecret("kim01", sealed)).toBeNull();
    } finally {
      if (saved === undefined) delete process.env.MFA_SECRET_KEY;
      else process.env.MFA_SECRET_KEY = saved;
    }
  });

  it("makes recovery codes that differ", () => {
    const all = new Set(Array.from({ length: 50 }, () => newRecoveryCodes()).flat());
    expect(all.size).toBe(500);
  });
});

describe("the rate limit of codes", () => {
  it("refuses an account after five wrong codes in 15 minutes; a right code clears it; the address counts too", async () => {
    const limits = await openRateLimits();
    for (let i = 0; i < SECOND_FACTOR_FAILURES; i++) {
      expect(await limits.secondFactorGate("choi04", "203.0.113.7")).toBeNull();
      await limits.secondFactorFailed("choi04", "203.0.113.7");
    }
    const refused = await limits.secondFactorGate("choi04", "203.0.113.7");
    expect(refused?.message).toMatch(/^요청이 너무 많습니다\. (1[0-5]|[1-9])분 후에 다시 시도해주세요\.$/);
    // another account from the same address still gets its tries
    expect(await limits.secondFactorGate("yoon05", "203.0.113.7")).toBeNull();
    await limits.secondFactorSucceeded("choi04");
    expect(await limits.secondFactorGate("choi04", "203.0.113.7")).toBeNull();
    // thirty wrong codes from one address stop every account there
    for (let i = 0; i < 30; i++) await limits.secondFactorFailed(`acct${i}`, "198.51.100.9");
    expect(await limits.secondFactorGate("fresh", "198.51.100.9")).not.toBeNull();
  });
});
