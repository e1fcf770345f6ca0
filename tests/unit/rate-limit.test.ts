/**
 * The rate limits' rules (app/utils/rate-limit.server.ts, ADR 0023) on the in-process store: the
 * sign-in wait after consecutive failures, the attempt cap a parallel burst cannot pass, the
 * address's failures, a success that clears the account, and the message with its wait.
 * tests/e2e/rate-limits.spec.ts attacks the same rules over HTTP; tests/contract/rate-limit-store.test.ts
 * shows two instances sharing one PostgreSQL store.
 */
import { describe, expect, it } from "vitest";
import { OWN_MSG } from "~/schemas/messages.ko";
import { addressKey, clientAddress, failureWait, openRateLimits, refusal, RULES, waitText } from "~/utils/rate-limit.server";

process.env.SESSION_SECRET ||= "rate-limit-test-secret-0123456789abcdef";

describe("the wait after failed sign-ins", () => {
  it("lets five failures pass, then doubles from 5 seconds to at most 15 minutes", () => {
    expect([1, 2, 3, 4, 5].map(failureWait)).toEqual([0, 0, 0, 0, 0]);
    expect([6, 7, 8, 9, 10, 11, 12, 13].map(failureWait)).toEqual([5, 10, 20, 40, 80, 160, 320, 640]);
    expect(failureWait(14)).toBe(900);
    expect(failureWait(500)).toBe(900);
  });

  it("says the wait in seconds under a minute, else in minutes rounded up", () => {
    expect(waitText(5)).toBe("5초");
    expect(waitText(59)).toBe("59초");
    expect(waitText(60)).toBe("1분");
    expect(waitText(61)).toBe("2분");
    expect(waitText(900)).toBe("15분");
    expect(refusal(4_200)).toEqual({ retryAfter: 5, message: "요청이 너무 많습니다. 5초 후에 다시 시도해주세요." });
    expect(refusal(600_000).message).toBe(OWN_MSG.tooManyRequests.replace("{wait}", "10분"));
  });
});

describe("client addresses", () => {
  it("reads the load context's address; IPv4-mapped is IPv4, IPv6 counts by its /64", () => {
    expect(clientAddress({ clientAddress: "203.0.113.9" })).toBe("203.0.113.9");
    expect(clientAddress({})).toBe("unknown");
    expect(clientAddress(undefined)).toBe("unknown");
    expect(addressKey("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:DB8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::5")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("not an address")).toBe("unknown");
  });
});

describe("sign-in limits (in-process store)", () => {
  it("makes an account wait after its sixth failure, from any address, until a success clears it", async () => {
    const limits = await openRateLimits();
    expect(limits.store).toBe("memory");
    for (let i = 1; i <= 5; i++) {
      expect(await limits.signInGate("victim", `192.0.2.${i}`)).toBeNull();
      await limits.signInFailed("victim", `192.0.2.${i}`);
    }
    expect(await limits.signInGate("victim", "192.0.2.6")).toBeNull();
    await limits.signInFailed("victim", "192.0.2.6");
    // the account waits, whoever asks and however the id is written
    for (const [id, address] of [["victim", "192.0.2.7"], ["VICTIM", "198.51.100.1"]]) {
      const refused = await limits.signInGate(id, address);
      expect(refused?.retryAfter).toBe(5);
      expect(refused?.message).toBe("요청이 너무 많습니다. 5초 후에 다시 시도해주세요.");
    }
    // another account is not touched
    expect(await limits.signInGate("bystander", "192.0.2.7")).toBeNull();
    await limits.signInSucceeded("victim");
    expect(await limits.signInGate("victim", "192.0.2.7")).toBeNull();
  });

  it("lets a parallel burst at one account through only up to its attempt cap", async () => {
    const limits = await openRateLimits();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => limits.signInGate("burst", `192.0.2.${i}`)));
    expect(answers.filter((a) => a === null)).toHaveLength(RULES.signInAccount.points);
    expect(answers.find((a) => a !== null)?.retryAfter).toBeGreaterThan(14 * 60);
  });

  it("refuses an address after its failures, even for an account it has not tried, even with the right password", async () => {
    const limits = await openRateLimits();
    for (let i = 0; i < RULES.signInAddressFailures.points; i++) {
      expect(await limits.signInGate(`spray${i}`, "203.0.113.50")).toBeNull();
      await limits.signInFailed(`spray${i}`, "203.0.113.50");
    }
    const refused = await limits.signInGate("admin", "203.0.113.50");
    expect(refused?.retryAfter).toBeGreaterThan(9 * 60);
    expect(refused?.message).toBe("요청이 너무 많습니다. 10분 후에 다시 시도해주세요.");
    // other addresses still sign in
    expect(await limits.signInGate("admin", "203.0.113.51")).toBeNull();
  });

  it("lets a browser known for the account in from an address that failed too often (a campus behind one NAT address)", async () => {
    const limits = await openRateLimits();
    for (let i = 0; i < RULES.signInAddressFailures.points; i++) {
      expect(await limits.signInGate(`guess${i}`, "203.0.113.60")).toBeNull();
      await limits.signInFailed(`guess${i}`, "203.0.113.60");
    }
    expect((await limits.signInGate("entry01", "203.0.113.60"))?.message).toBe("요청이 너무 많습니다. 10분 후에 다시 시도해주세요.");
    expect(await limits.signInGate("entry01", "203.0.113.60", true)).toBeNull();
    // the account's own wait still holds for a known browser
    for (let i = 0; i < 10; i++) await limits.signInFailed("entry02", "198.51.100.1");
    expect(await limits.signInGate("entry02", "203.0.113.60", true)).not.toBeNull();
  });

  it("does not count successful sign-ins against the address", async () => {
    const limits = await openRateLimits();
    for (let i = 0; i < 3 * RULES.signInAddressFailures.points; i++) {
      expect(await limits.signInGate("admin", "127.0.0.1")).toBeNull();
      await limits.signInSucceeded("admin");
    }
  });
});

describe("form limits (in-process store)", () => {
  it("refuses the post after the allowance, per address and per account, each on its own", async () => {
    const limits = await openRateLimits();
    for (let i = 0; i < RULES.findAccount.points; i++) expect(await limits.take([{ rule: "findAddress", address: "192.0.2.1" }, { rule: "findAccount", account: "someone" }])).toBeNull();
    // the account's allowance is used up, from a new address too
    expect((await limits.take([{ rule: "findAddress", address: "192.0.2.2" }, { rule: "findAccount", account: "someone" }]))?.message).toBe(
      "요청이 너무 많습니다. 15분 후에 다시 시도해주세요.",
    );
    for (let i = 0; i < RULES.surveyAddress.points; i++) expect(await limits.take([{ rule: "surveyAddress", address: "192.0.2.3" }])).toBeNull();
    expect(await limits.take([{ rule: "surveyAddress", address: "192.0.2.3" }])).not.toBeNull();
    expect(await limits.take([{ rule: "surveyAddress", address: "192.0.2.4" }])).toBeNull();
    // the consent allowance of that address is its own
    expect(await limits.take([{ rule: "consentAddress", address: "192.0.2.3" }])).toBeNull();
  });
});
