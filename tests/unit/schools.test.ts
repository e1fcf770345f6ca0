/** The school search's public-service path (NEIS schoolInfo) and its fallback to the shipped directory. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { Db } from "~/embedded/db/client.server";
import { NEIS_SCHOOL_INFO_URL, schoolServiceOptions, searchSchools, searchService, type SchoolSearchResult } from "~/embedded/lib/schools.server";

const neis = (rows: { ATPT_OFCDC_SC_NM: string; SCHUL_NM: string }[], total: number) => ({
  schoolInfo: [
    { head: [{ list_total_count: total }, { RESULT: { CODE: "INFO-000", MESSAGE: "정상 처리되었습니다." } }] },
    { row: rows.map((r) => ({ ...r, SD_SCHUL_CODE: "7010000", SCHUL_KND_SC_NM: "고등학교" })) },
  ],
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const db = {} as Db;
const directory = vi.fn(async (_db: unknown, name: string, page: number): Promise<SchoolSearchResult> => ({
  list: [{ eduOffice: "서울특별시교육청", schoolName: `${name}고등학교` }],
  total: 1,
  page,
  source: "directory",
}));

describe("school-info service", () => {
  it("asks with the key, json, page size 10, the high-school kind, the name and the page", async () => {
    let asked: URL | undefined;
    const fetch = vi.fn(async (url: URL | RequestInfo) => {
      asked = new URL(String(url));
      return json(neis([{ ATPT_OFCDC_SC_NM: "서울특별시교육청", SCHUL_NM: "경기고등학교" }], 23));
    });
    const r = await searchService("경기", 3, { key: "k-123", url: NEIS_SCHOOL_INFO_URL, timeoutMs: 1000, fetch: fetch as typeof globalThis.fetch });
    expect(r).toEqual({ list: [{ eduOffice: "서울특별시교육청", schoolName: "경기고등학교" }], total: 23, page: 3, source: "service" });
    expect(asked?.origin + asked!.pathname).toBe(NEIS_SCHOOL_INFO_URL);
    expect(Object.fromEntries(asked!.searchParams)).toEqual({
      KEY: "k-123", Type: "json", pIndex: "3", pSize: "10", SCHUL_KND_SC_NM: "고등학교", SCHUL_NM: "경기",
    });
  });

  it("'no data' is an empty page, not a failure", async () => {
    const fetch = async () => json({ RESULT: { CODE: "INFO-200", MESSAGE: "해당하는 데이터가 없습니다." } });
    const r = await searchSchools(db, "없는", 1, { key: "k", fetch }, directory);
    expect(r).toEqual({ list: [], total: 0, page: 1, source: "service" });
  });

  it.each([
    ["a key error", async () => json({ RESULT: { CODE: "INFO-300", MESSAGE: "인증키가 유효하지 않습니다." } })],
    ["an HTTP error", async () => json({}, 500)],
    ["a malformed reply", async () => json({ schoolInfo: "nope" })],
    ["a network fault", async () => Promise.reject(new TypeError("fetch failed"))],
    [
      "a timeout",
      (_url: unknown, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason))),
    ],
  ])("falls back to the shipped directory on %s", async (_what, fetch) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const r = await searchSchools(db, "휘문", 2, { key: "k", timeoutMs: 50, fetch: fetch as typeof globalThis.fetch }, directory);
    expect(r.source).toBe("directory");
    expect(r.list[0].schoolName).toBe("휘문고등학교");
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("without a key (or a name) the directory answers and nothing is fetched", async () => {
    const fetch = vi.fn();
    expect((await searchSchools(db, "휘문", 1, { fetch }, directory)).source).toBe("directory");
    expect((await searchSchools(db, "", 1, { key: "k", fetch }, directory)).source).toBe("directory");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads its settings from the environment", () => {
    expect(schoolServiceOptions({})).toEqual({ key: undefined, url: NEIS_SCHOOL_INFO_URL, timeoutMs: 3000 });
    expect(schoolServiceOptions({ SCHOOL_API_KEY: " abc ", SCHOOL_API_URL: "http://localhost:9/x", SCHOOL_API_TIMEOUT_MS: "500" })).toEqual({
      key: "abc",
      url: "http://localhost:9/x",
      timeoutMs: 500,
    });
  });
});

describe("the shipped directory", () => {
  it("holds a few hundred high schools of all 17 education offices", () => {
    const file = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../app/embedded/files/high-schools.json"), "utf8"));
    const offices = Object.keys(file.schools);
    expect(offices).toHaveLength(17);
    const names: string[] = Object.values(file.schools as Record<string, string[]>).flat();
    expect(names.length).toBeGreaterThan(300);
    for (const n of names) expect(n).toMatch(/^[가-힣A-Za-z]+(고등학교|학교)$/);
    for (const o of offices) expect(o).toMatch(/교육청$/);
  });
});
