/**
 * Excel imports and report syncs stay in the request (ADR 0030): a dropped connection neither
 * loses nor half-applies them. The embedded backend over HTTP (as `npm run legacy` serves it):
 * - an import of a 3,000-row student workbook, the client hanging up once the whole file is
 *   sent, while the rows are being checked and stored: the import still completes, whole (every
 *   row), and no reader ever sees part of it;
 * - the same, the client hanging up halfway through sending the file: nothing is stored, and the
 *   server goes on answering;
 * - a sync from a slow source (its batches trickle in), the client hanging up mid-sync: the sync
 *   completes, its history says so, and readers see the old rows or the new ones, never a mix.
 * In-process backend only (it opens its own database, with its own sync sources, and serves it).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { students } from "../../../app/embedded/db/schema";
import type { EmbeddedBackend } from "../../../app/embedded/index.server";
import { demoSources } from "../../../app/embedded/reports/demo-source.server";
import type { SyncSource, SyncSources } from "../../../app/embedded/reports/sources.server";
import { REPORT_STATE } from "../../../app/calls/reports";
import { REPORTS } from "../../../app/reports/definitions";
import { xlsxBytes } from "../../../app/utils/excel.server";
import { memoryBackend } from "../../memory-backend";
import { apiOver, loginAdmin, type Api } from "../client";

const remote = Boolean(process.env.LEGACY_API_URL?.trim() || process.env.DATABASE_URL?.trim());
const YEAR = 2030;
const ROWS = 3000;
const HEADERS = ["학번", "이름", "입학년도", "학적상태", "학년", "졸업년도", "생년월일", "출신지역", "출신고교", "고교졸업년도", "입학전형", "연락처", "이메일", "이메일 도메인", "코호트동의"];

let backend: EmbeddedBackend;
let api: Api;
let token: string;
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  if (remote) return;
  // the demo sources, slowed down: a sync pulls its rows twice, in small batches that trickle in
  const demo = demoSources();
  const slow = (source: SyncSource): SyncSource => ({
    name: source.name,
    async *pull(report, ctx) {
      // the demo source reads the database: all of it before the first batch (the sync's
      // transaction opens after that; PGlite serves one connection)
      const rows = [];
      for await (const batch of source.pull(report, ctx)) rows.push(...batch);
      for (let pass = 0; pass < 2; pass++) {
        for (let i = 0; i < rows.length; i += 5) {
          await new Promise((res) => setTimeout(res, 250));
          yield rows.slice(i, i + 5);
        }
      }
    },
  });
  const sources: SyncSources = { ufolio: slow(demo.ufolio), lms: slow(demo.lms) };
  backend = await memoryBackend({ reports: { sources } });
  api = apiOver(backend);
  token = (await loginAdmin(api)).accessToken;
  server = serve({ fetch: backend.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await api?.close();
});

/** A student workbook of `ROWS` valid rows whose numbers start with `prefix` (digits). */
async function workbook(prefix: string): Promise<Uint8Array> {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const grade = (i % 6) + 1;
    return [
      `${prefix}${String(i).padStart(5, "0")}`,
      `학생${i}`,
      String(YEAR - grade + 1),
      "재학",
      `${grade}학년`,
      "",
      `${YEAR - grade - 18}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
      "서울",
      "경기고등학교",
      String(YEAR - grade),
      "정시",
      `010-${String(2000 + (i % 8000)).padStart(4, "0")}-${String(i % 10000).padStart(4, "0")}`,
      `s${prefix}${i}`,
      "gmail.com",
      "N",
    ];
  });
  return xlsxBytes({ columns: HEADERS.map((header, c) => ({ header, value: (r: string[]) => r[c] })), rows });
}

/** The upload's multipart body and content type, as a browser would send them. */
async function multipart(bytes: Uint8Array): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  form.set("year", String(YEAR));
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "students.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }));
  const req = new Request("http://x/", { method: "POST", body: form });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get("content-type")! };
}

/** Posts to `path` and hangs up: after `sendBytes` of the body, `afterMs` later. */
function postAndHangUp(body: Buffer, type: string, sendBytes: number, afterMs: number, path = "/api/student/excelUpload.do"): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: { "content-type": type, "content-length": String(body.length), authorization: `Bearer ${token}` },
    });
    req.on("error", () => resolve());
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve());
    });
    req.write(body.subarray(0, sendBytes), () => {
      setTimeout(() => {
        req.destroy();
        resolve();
      }, afterMs);
    });
  });
}

const countOf = async (prefix: string) =>
  (await backend.db.select({ n: sql<number>`count(*)::int` }).from(students).where(and(eq(students.year, YEAR), eq(students.del, "N"), like(students.id, `${prefix}%`))))[0].n;

describe.skipIf(remote)("a dropped connection: Excel imports and syncs", () => {
  it("hung up while the rows are being stored: the import completes whole; nobody sees part of it", async () => {
    const prefix = "20308";
    const { body, type } = await multipart(await workbook(prefix));
    const started = Date.now();
    await postAndHangUp(body, type, body.length, 150);
    const seen = new Set<number>();
    let n = 0;
    while (Date.now() - started < 60_000) {
      n = await countOf(prefix);
      seen.add(n);
      if (n === ROWS) break;
      await new Promise((res) => setTimeout(res, 25));
    }
    expect(n).toBe(ROWS);
    expect([...seen].every((c) => c === 0 || c === ROWS), `counts seen: ${[...seen].join(", ")}`).toBe(true);
  }, 90_000);

  it("hung up halfway through sending the file: nothing is stored; the server answers on", async () => {
    const prefix = "20309";
    const { body, type } = await multipart(await workbook(prefix));
    await postAndHangUp(body, type, Math.floor(body.length / 2), 50);
    await new Promise((res) => setTimeout(res, 1_500));
    expect(await countOf(prefix)).toBe(0);
    const alive = await fetch(`http://127.0.0.1:${port}/api/comm/menu/getMenuList.do`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: "{}" });
    expect(alive.status).toBe(200);
  }, 60_000);

  it("hung up in the middle of a sync: the sync completes; readers see the old rows or the new, never a mix", async () => {
    const def = REPORTS[0];
    const call = (p: string, body: Record<string, unknown>) => api.call(p, body, { token });
    const total = async () => (await call(def.data.call.path, { searchTxt: "", ...def.data.body })).body.result.total as number;
    const before = await total();
    expect(before).toBeGreaterThan(10);
    const body = Buffer.from(JSON.stringify({ menuSeq: 1, ...def.sync.body }));
    await postAndHangUp(body, "application/json", body.length, 200, def.sync.call.path);
    const seen = new Set<number>();
    const started = Date.now();
    let n = before;
    while (Date.now() - started < 60_000) {
      n = await total();
      seen.add(n);
      if (n === before * 2) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(n).toBe(before * 2);
    expect([...seen].every((c) => c === before || c === before * 2), `totals seen: ${[...seen].join(", ")}`).toBe(true);
    // the slow source took longer than the hang-up: the sync outlived its request
    expect(seen.has(before)).toBe(true);
    const info = (await call(REPORT_STATE.syncInfo.path, { syncUrl: def.sync.call.path, ...def.sync.body })).body.result;
    expect(info.htList[0]).toMatchObject({ apiSe: "SELF", rsltCd: "S" });
  }, 90_000);
});
