/** Issue 37 item 9 (ADR 0064): a production start refuses a SESSION_SECRET shorter than 32 characters. */
import { describe, expect, it } from "vitest";
import { checkSessionSecret, MIN_SESSION_SECRET_LENGTH } from "~/utils/env.server";

const long = "x".repeat(MIN_SESSION_SECRET_LENGTH);

describe("SESSION_SECRET's minimum strength", () => {
  it("refuses a short secret in production with a message that names the rule, never the value", () => {
    const short = "changeme-secret";
    let error: unknown;
    try {
      checkSessionSecret({ NODE_ENV: "production", SESSION_SECRET: short });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("StartRefused");
    expect((error as Error).message).toBe(
      "SESSION_SECRET: secret 1 of 1 is shorter than 32 characters; refusing to start in production. Use a random one, e.g. $(openssl rand -base64 32).",
    );
    expect((error as Error).message).not.toContain(short);
  });

  it("refuses an old short secret kept for rotation too (it still opens cookies)", () => {
    expect(() => checkSessionSecret({ NODE_ENV: "production", SESSION_SECRET: `${long}, short-old` })).toThrow(/secret 2 of 2 is shorter than 32/);
  });

  it("accepts 32 characters and more, an unset secret (random per process) and any secret outside production", () => {
    expect(() => checkSessionSecret({ NODE_ENV: "production", SESSION_SECRET: long })).not.toThrow();
    expect(() => checkSessionSecret({ NODE_ENV: "production" })).not.toThrow();
    expect(() => checkSessionSecret({ NODE_ENV: "development", SESSION_SECRET: "short" })).not.toThrow();
    expect(() => checkSessionSecret({ SESSION_SECRET: "short" })).not.toThrow();
  });
});
