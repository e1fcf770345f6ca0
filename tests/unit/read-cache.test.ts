/**
 * The reads every call repeats (its session and user, the names of a list's codes) are kept
 * between writes on PGlite (ADR 0051): a repeated call reads them once, and any write, a raw SQL
 * one or a transaction that rolls back included, is seen by the very next call.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "~/schemas/messages.ko";
import { createReadCache, onlyReads, readCache } from "~/embedded/db/read-cache.server";
import { codeNames } from "~/embedded/handlers/code.server";
import type { EmbeddedBackend } from "~/embedded/index.server";
import { findSessionWithUser } from "~/embedded/lib/sessions.server";
import { apiOver, loginAdmin, type Api } from "../contract/client";
import { memoryBackend } from "../memory-backend";

let backend: EmbeddedBackend;
let api: Api;
beforeAll(async () => {
  backend = await memoryBackend();
  api = apiOver(backend);
});
afterAll(() => api?.close());

/** The statements that reach PGlite while `fn` runs. */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const client = (backend.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
  const spy = vi.spyOn(client, "query");
  try {
    await fn();
    return spy.mock.calls.map((c) => String(c[0]));
  } finally {
    spy.mockRestore();
  }
}

const sidOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8")).sid as string;

describe("reads kept between writes", () => {
  it("a second call with the same session reads neither the session nor the codes again", async () => {
    const s = await loginAdmin(api);
    const list = () => api.call("/api/student/getList.do", { year: "2026", page: 1, size: 10 }, { token: s.accessToken });
    expect((await list()).body.status).toBe(200);
    const second = await statementsDuring(list);
    expect(second.some((q) => q.includes("auth_sessions"))).toBe(false);
    expect(second.some((q) => q.includes("comm_codes"))).toBe(false);
    expect(second.some((q) => q.includes('from "students"'))).toBe(true);
  });

  it("a session ended by logout answers 419 on the very next call", async () => {
    const s = await loginAdmin(api);
    const info = () => api.call("/api/auth/userInfo.do", {}, { token: s.accessToken });
    expect((await info()).http).toBe(200);
    expect((await info()).http).toBe(200);
    await api.call("/api/auth/logout.do", {}, { token: s.accessToken });
    const after = await info();
    expect(after.http).toBe(419);
    expect(after.body).toEqual({ status: 419, message: MSG.pleaseLogin });
  });

  it("a change written with raw SQL is read by the next call", async () => {
    const s = await loginAdmin(api);
    const sid = sidOf(s.accessToken);
    const before = await findSessionWithUser(backend.db, sid);
    await backend.db.execute(sql`update users set user_nm = 'Renamed-by-SQL' where user_seq = ${before!.user.userSeq}`);
    expect((await findSessionWithUser(backend.db, sid))!.user.userNm).toBe("Renamed-by-SQL");
    await backend.db.execute(sql`update users set user_nm = ${before!.user.userNm} where user_seq = ${before!.user.userSeq}`);
  });

  it("a transaction's write is read by the next call; a rolled-back one leaves the names as they were", async () => {
    const groups = ["0000600000"];
    const names = await codeNames(backend.db, groups, 2026);
    const [id, name] = [...names][0];
    const rename = (tx: Parameters<Parameters<typeof backend.db.transaction>[0]>[0], to: string) =>
      tx.execute(sql`update comm_codes set code_nm = ${to} where cmmn_cd = ${groups[0]} and code = ${id} and year = 2026`);
    await backend.db.transaction((tx) => rename(tx, "committed"));
    expect((await codeNames(backend.db, groups, 2026)).get(id)).toBe("committed");
    await expect(
      backend.db.transaction(async (tx) => {
        await rename(tx, "rolled back");
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await codeNames(backend.db, groups, 2026)).get(id)).toBe("committed");
    await backend.db.transaction((tx) => rename(tx, name));
    expect((await codeNames(backend.db, groups, 2026)).get(id)).toBe(name);
  });

  it("a caller that changes what it got changes nothing for the next", async () => {
    const s = await loginAdmin(api);
    const sid = sidOf(s.accessToken);
    const first = await findSessionWithUser(backend.db, sid);
    first!.user.userNm = "changed in memory";
    first!.session.revokedAt = new Date();
    const next = await findSessionWithUser(backend.db, sid);
    expect(next!.user.userNm).not.toBe("changed in memory");
    expect(next!.session.revokedAt).toBeNull();
  });

  it("a read that a write overlapped is not kept", async () => {
    const cache = createReadCache();
    let reads = 0;
    const slow = () => cache.get("k", async () => (cache.written(), ++reads));
    expect(await slow()).toBe(1);
    expect(await slow()).toBe(2);
    expect(await cache.get("k", async () => ++reads)).toBe(3);
    expect(await cache.get("k", async () => ++reads)).toBe(3);
  });

  it("only a single plain select counts as a read", () => {
    expect(onlyReads('select "sid" from "auth_sessions" where "sid" = $1')).toBe(true);
    expect(onlyReads("  SELECT 1;")).toBe(true);
    for (const w of ["update users set x = 1", "with d as (delete from t returning *) select * from d", "select 1; delete from t", "select * from t for update", "analyze", "begin"]) {
      expect(onlyReads(w), w).toBe(false);
    }
  });

  it("a database without a cache (PostgreSQL, a transaction) reads every time", async () => {
    await backend.db.transaction(async (tx) => {
      let reads = 0;
      await readCache(tx).get("k", async () => ++reads);
      expect(await readCache(tx).get("k", async () => ++reads)).toBe(2);
    });
  });
});
