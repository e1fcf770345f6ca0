/**
 * codeNames (embedded backend): every group's names of a year in one query, and per group the
 * fallback of codesForYear when the year has none of that group (a new year before its codes are
 * copied) — the same names as asking group by group.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedBackend } from "~/embedded/index.server";
import { commCodes } from "~/embedded/db/schema";
import { codeNames, codesForYear } from "~/embedded/handlers/code.server";
import { STUDENT_CODE_GROUPS } from "~/embedded/handlers/student.server";
import { memoryBackend } from "../memory-backend";

let backend: EmbeddedBackend;
beforeAll(async () => {
  backend = await memoryBackend();
});
afterAll(() => backend?.close());

async function oneByOne(groups: readonly string[], year: number) {
  const lists = [];
  for (const g of groups) lists.push(await codesForYear(backend.db, g, year));
  return new Map(lists.flat().map((c) => [c.id, c.text]));
}

describe("codeNames", () => {
  it("names a year's codes of every group, as group by group does", async () => {
    const names = await codeNames(backend.db, STUDENT_CODE_GROUPS, 2026);
    expect(names.size).toBeGreaterThan(5);
    expect([...names]).toEqual([...(await oneByOne(STUDENT_CODE_GROUPS, 2026))]);
  });

  it("takes the latest earlier year's codes for a group the year has none of", async () => {
    const [group] = STUDENT_CODE_GROUPS;
    const before = await codeNames(backend.db, [group], 2026);
    await backend.db.update(commCodes).set({ usyn: "N" }).where(and(eq(commCodes.cmmnCd, group), eq(commCodes.year, 2026)));
    try {
      const names = await codeNames(backend.db, STUDENT_CODE_GROUPS, 2026);
      expect([...names]).toEqual([...(await oneByOne(STUDENT_CODE_GROUPS, 2026))]);
      // the group's names come from 2025 now, and the other groups' still from 2026
      expect([...(await codeNames(backend.db, [group], 2026))]).toEqual([...(await codeNames(backend.db, [group], 2025))]);
      expect(before.size).toBeGreaterThan(0);
    } finally {
      await backend.db.update(commCodes).set({ usyn: "Y" }).where(and(eq(commCodes.cmmnCd, group), eq(commCodes.year, 2026)));
    }
  });
});
