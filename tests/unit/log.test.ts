/**
 * The server's log of an error (issue 17 "Logs", ADR 0028): a database query's parameters (a
 * password hash, a code, a name) never reach it; the statement and the database's message do.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedBackend } from "~/embedded/index.server";
import { errorText } from "~/utils/log.server";
import { memoryBackend } from "../memory-backend";

describe("errorText", () => {
  let backend: EmbeddedBackend;
  beforeAll(async () => {
    backend = await memoryBackend();
  }, 60_000);
  afterAll(() => backend.close());

  it("keeps a failed query's statement and the database's message, not its parameters", async () => {
    const secret = "$argon2id$v=19$m=19456$secret-hash";
    const err = await backend.db.execute(sql`INSERT INTO "no_such_table" ("pass_hash") VALUES (${secret})`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    // Drizzle's own message carries the parameter: the reason for errorText
    expect(String((err as Error).message)).toContain(secret);
    const text = errorText(err);
    expect(text).toContain('INSERT INTO "no_such_table"');
    expect(text).toContain("does not exist");
    expect(text).not.toContain(secret);
    expect(text).not.toContain("params:");
  });

  it("an error that is not an Error is logged without what follows 'params:'", () => {
    expect(errorText("Failed query: select 1\nparams: 123456")).toBe("Failed query: select 1");
  });
});
