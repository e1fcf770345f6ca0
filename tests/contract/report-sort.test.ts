/**
 * A synced report sorted and paged by the database (issue 39 item 4; ADR 0071): every page equals
 * the page of the whole list sorted in JavaScript as before (sortRows of app/utils/list-url.ts over
 * the report's rows in its own order): Korean text with numbers inside it, numbers, numbers stored
 * as text, empty and missing values, ascending and descending, one column or several, with a year
 * filter and a search text; a sync drops the old order. On PGlite, and on PostgreSQL with
 * DATABASE_URL (scripts/with-postgres.sh). The embedded backend's own engine: skipped against
 * LEGACY_API_URL.
 */
import { and, eq, ilike, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportRowRanks, reportRows, reportSortKeys } from "../../app/embedded/db/schema";
import type { CatalogReport } from "../../app/embedded/reports/catalog.server";
import { dropRanks, orderedRows, type RowsQuery } from "../../app/embedded/reports/sort-order.server";
import type { PulledRow, SyncSources } from "../../app/embedded/reports/sources.server";
import { API_SE, runSync } from "../../app/embedded/reports/sync.server";
import { sortRows, type SortKey } from "../../app/utils/list-url";
import { adminApi } from "./client";

const remote = Boolean(process.env.LEGACY_API_URL?.trim());
const backend = adminApi();
const KEY = "sortCheck";
const report: CatalogReport = {
  key: KEY,
  source: "lms",
  label: "정렬 확인",
  // no web report's: synced and read here directly, it has no calls
  id: KEY,
  yearly: true,
  filters: [{ kind: "year", param: "year" }],
  search: ["name"],
};

const NAMES = ["가나다", "가나", "학생10", "학생9", "학생09", "학생1", "Kim", "kim", "이서연", "김민준", "", "123", "12", "가10나", "가9나"];
/** A generated report: Korean names with numbers inside, scores (some empty), student numbers as text of different lengths, a memo mostly empty or missing. */
function generated(n: number, salt: number): PulledRow[] {
  return Array.from({ length: n }, (_, i) => {
    const year = 2024 + ((i * 7 + salt) % 3);
    const data: Record<string, unknown> = {
      year,
      name: NAMES[(i * 5 + salt) % NAMES.length],
      score: i % 9 === 0 ? null : i % 11 === 0 ? "" : ((i * 37 + salt) % 101) - 3,
      id: String((i * 53 + salt) % 1200),
      grade: `${1 + (i % 4)}학년`,
      ratio: i % 13 === 0 ? "" : String(((i * 17) % 50) / 4),
    };
    if (i % 4 === 0) data.memo = i % 8 === 0 ? "" : `메모 ${i % 12}`;
    return { year, data };
  });
}

const sources = (rows: PulledRow[]): SyncSources => {
  const s = {
    name: "lms" as const,
    async *pull() {
      for (let i = 0; i < rows.length; i += 100) yield rows.slice(i, i + 100);
    },
  };
  return { lms: s, ufolio: { ...s, name: "ufolio" as const } };
};

const sync = (rows: PulledRow[]) => runSync(backend.api.db!, report, { apiSe: API_SE.schedule, user: null, now: () => new Date(), sources: sources(rows) });

const SORTS: SortKey[][] = [
  [{ key: "name", dir: "asc" }],
  [{ key: "name", dir: "desc" }],
  [{ key: "score", dir: "asc" }],
  [{ key: "score", dir: "desc" }],
  [{ key: "id", dir: "asc" }],
  [{ key: "id", dir: "desc" }],
  [{ key: "ratio", dir: "asc" }],
  [{ key: "memo", dir: "desc" }],
  [{ key: "absent", dir: "asc" }],
  [{ key: "grade", dir: "asc" }, { key: "name", dir: "desc" }],
  [{ key: "year", dir: "desc" }, { key: "memo", dir: "asc" }, { key: "id", dir: "desc" }],
];

/** The report's rows of `where` in its own order (year newest first, then the source's), the order the JavaScript sort started from. */
async function ownOrder(where: RowsQuery) {
  return orderedRows(backend.api.db!, KEY, where, []);
}

/** Every page of `size` of the database's order, joined. */
async function pages(where: RowsQuery, sort: SortKey[], size: number) {
  const out: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += size) {
    const page = await orderedRows(backend.api.db!, KEY, where, sort, { limit: size, offset });
    out.push(...page);
    if (page.length < size) return out;
  }
}

const all: RowsQuery = { where: eq(reportRows.report, KEY), byYear: () => undefined };
const years = [2024, 2026];
const someYears: RowsQuery = { where: and(eq(reportRows.report, KEY), inArray(reportRows.year, years))!, byYear: (year) => inArray(year, years) };
const searched: RowsQuery = { where: and(eq(reportRows.report, KEY), ilike(reportRows.search, "%학생%"))!, byYear: null };

describe.skipIf(remote)("a synced report sorted by the database", () => {
  beforeAll(async () => {
    await sync(generated(700, 0));
  }, 120_000);
  afterAll(async () => {
    if (remote) return;
    // the shared PostgreSQL of a run keeps no rows of this file's report
    await backend.api.db!.transaction(async (tx) => {
      await dropRanks(tx, KEY);
      await tx.delete(reportRows).where(eq(reportRows.report, KEY));
    });
  });

  it.each(SORTS.map((s) => [s.map((k) => `${k.key}:${k.dir}`).join(","), s] as const))("sorts by %s as the whole list sorted in JavaScript did, every page", async (_name, sort) => {
    const expected = sortRows(await ownOrder(all), sort);
    expect(expected.length).toBe(700);
    expect(await pages(all, sort, 50)).toEqual(expected);
    // the whole list at once (the Excel download's pages, R18's reply)
    expect(await orderedRows(backend.api.db!, KEY, all, sort)).toEqual(expected);
  });

  it("sorts the rows of some years, and of a search text, as the JavaScript sort did", async () => {
    for (const sort of SORTS.slice(0, 8)) {
      const byYear = sortRows(await ownOrder(someYears), sort);
      expect(byYear.every((r) => years.includes(r.year as number))).toBe(true);
      expect(await pages(someYears, sort, 30)).toEqual(byYear);
      const found = sortRows(await ownOrder(searched), sort);
      expect(found.length).toBeGreaterThan(0);
      expect(await pages(searched, sort, 30)).toEqual(found);
    }
  });

  it("orders the Korean names, numbers stored as text and empty values as the list does", async () => {
    const names = (await pages(all, [{ key: "name", dir: "asc" }], 100)).map((r) => r.name);
    const distinct = names.filter((v, i) => names.indexOf(v) === i);
    expect(distinct).toEqual(["12", "123", "Kim", "kim", "가9나", "가10나", "가나", "가나다", "김민준", "이서연", "학생1", "학생09", "학생9", "학생10", ""].filter((v) => distinct.includes(v)));
    const ids = (await pages(all, [{ key: "id", dir: "desc" }], 100)).map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // empty scores (null, '') after the others ascending, before them descending
    const scores = (await pages(all, [{ key: "score", dir: "desc" }], 100)).map((r) => r.score);
    const firstGiven = scores.findIndex((v) => v !== null && v !== "");
    expect(scores.slice(0, firstGiven).length).toBeGreaterThan(0);
    expect(scores.slice(firstGiven).every((v) => v !== null && v !== "")).toBe(true);
  });

  it("ranks no column the report does not have: a made-up sort key is the report's own order and stores nothing", async () => {
    const db = backend.api.db!;
    const made = [{ key: "noSuchColumn", dir: "desc" as const }];
    expect(await pages(all, made, 100)).toEqual(await ownOrder(all));
    expect(await db.select().from(reportSortKeys).where(and(eq(reportSortKeys.report, KEY), eq(reportSortKeys.key, "noSuchColumn")))).toEqual([]);
    expect(await db.select({ rowSeq: reportRowRanks.rowSeq }).from(reportRowRanks).where(and(eq(reportRowRanks.report, KEY), eq(reportRowRanks.key, "noSuchColumn"))).limit(1)).toEqual([]);
    // beside a real column it changes nothing either
    expect(await pages(all, [...made, { key: "name", dir: "asc" }], 100)).toEqual(sortRows(await ownOrder(all), [{ key: "name", dir: "asc" }]));
  });

  it("follows the rows of the next sync", async () => {
    const sort: SortKey[] = [{ key: "name", dir: "asc" }];
    await pages(all, sort, 100);
    await sync(generated(400, 3));
    const expected = sortRows(await ownOrder(all), sort);
    expect(expected.length).toBe(400);
    expect(await pages(all, sort, 50)).toEqual(expected);
  }, 60_000);
});

describe.skipIf(remote)("the weekend exam's data call", () => {
  it("answers each page sorted by a column as the whole list sorted in JavaScript", async () => {
    const path = "/api/lms/getWeekenExamList.do";
    const whole = (await backend.call(path, { searchTxt: "", year: 2025 })).body.result;
    expect(whole.total).toBeGreaterThan(40);
    for (const sort of ["name:asc", "score:desc", "id:desc", "currName:asc"]) {
      const [key, dir] = sort.split(":") as [string, "asc" | "desc"];
      const expected = sortRows(whole.list as Record<string, unknown>[], [{ key, dir }]);
      const got: unknown[] = [];
      for (let page = 1; got.length < whole.total; page++) {
        const r = (await backend.call(path, { searchTxt: "", year: 2025, page, size: 20, sort })).body.result;
        expect(r.total).toBe(whole.total);
        got.push(...r.list);
      }
      expect(got, sort).toEqual(expected);
    }
  });
});
