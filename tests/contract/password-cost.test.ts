/**
 * Passwords are hashed at OWASP's scrypt cost (ADR 0024), and an older, cheaper hash is upgraded
 * at sign-in. The rest of the contract suite hashes at a test server's lower cost
 * (PASSWORD_HASH_COST=14, vitest.contract.config.ts); this file runs at the product's own, as a
 * server started without the variable does.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

// before the backend's modules load: crypto.server reads the cost once, at its import
vi.hoisted(() => {
  delete process.env.PASSWORD_HASH_COST;
});

import { needsRehash, SCRYPT } from "../../app/embedded/crypto.server";
import { users } from "../../app/embedded/db/schema";
import { createApprovedUser, login, loginAdmin, openApi } from "./client";

const remote = Boolean(process.env.LEGACY_API_URL?.trim());
// each sign-in and new password hashes at the full cost: about 0.4 s of a core
vi.setConfig({ testTimeout: 120_000 });

describe.skipIf(remote)("password hashes at OWASP's scrypt cost", () => {
  it("hashes new passwords at N=2^17, r=8, p=1 and upgrades an older hash at sign-in", async () => {
    const api = await openApi();
    try {
      const admin = await loginAdmin(api);
      const u = await createApprovedUser(api, admin);
      const [fresh] = await api.db!.select({ h: users.passHash }).from(users).where(eq(users.userSeq, u.userSeq));
      expect(fresh.h.split("$").slice(0, 4)).toEqual(["scrypt", String(SCRYPT.N), "8", "1"]);
      expect(SCRYPT.N).toBe(2 ** 17);

      // the cost this product used before issue 17
      const { scryptSync, randomBytes } = await import("node:crypto");
      const salt = randomBytes(16);
      const old = ["scrypt", 16384, 8, 1, salt.toString("base64"), scryptSync(u.password, salt, 64, { N: 16384, r: 8, p: 1 }).toString("base64")].join("$");
      expect(needsRehash(old)).toBe(true);
      await api.db!.update(users).set({ passHash: old }).where(eq(users.userSeq, u.userSeq));
      await login(api, u.userId, u.password);
      const [after] = await api.db!.select({ h: users.passHash }).from(users).where(eq(users.userSeq, u.userSeq));
      expect(after.h).not.toBe(old);
      expect(needsRehash(after.h)).toBe(false);
      await login(api, u.userId, u.password);
    } finally {
      await api.close();
    }
  });
});
