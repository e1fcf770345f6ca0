/**
 * The synced reports' engine in the embedded backend (issue 12): a sync replaces a report's rows
 * in one transaction and records its history; a failed sync keeps the previous rows and records a
 * failed entry; two syncs of one report never run at once; the button rule (10 minutes after the
 * last successful sync); the quarterly schedule on an injected clock (exactly one instance runs a
 * slot, a missed slot runs at the next start).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAndMigrate, type OpenedDb } from "../../app/embedded/db/client.server";
import { reportRows } from "../../app/embedded/db/schema";
import type { CatalogReport } from "../../app/embedded/reports/catalog.server";
import { lastSlot, nextSlot, runDueSlot, scheduleState, slotAt } from "../../app/embedded/reports/schedule.server";
import { SourceError, type PulledRow, type SyncSource, type SyncSources } from "../../app/embedded/reports/sources.server";
import { API_SE, cooldownUntil, historyOf, rowCount, runSync, SyncBusyError, SyncCooldownError, SyncFailedError } from "../../app/embedded/reports/sync.server";

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openAndMigrate({ memory: true });
}, 60_000);
afterAll(async () => {
  await opened?.close();
});

const report = (key: string): CatalogReport => ({
  key,
  source: "lms",
  label: key,
  // no web report's: synced here directly, it has no calls
  id: key,
  yearly: true,
  filters: [{ kind: "year", param: "year" }],
  search: ["name"],
});

const rows = (n: number, tag: string): PulledRow[] => Array.from({ length: n }, (_, i) => ({ year: 2025, data: { name: `${tag}${i}`, score: i } }));

/** A source answering `batches` in turn; `fail` throws after that many batches; `gate` holds the first batch. */
function source(opts: { batches: PulledRow[][]; failAfter?: number; gate?: Promise<void> }): SyncSources {
  const s: SyncSource = {
    name: "lms",
    async *pull() {
      if (opts.gate) await opts.gate;
      let i = 0;
      for (const b of opts.batches) {
        if (opts.failAfter !== undefined && i === opts.failAfter) throw new SourceError("LMS 응답 없음");
        yield b;
        i += 1;
      }
      if (opts.failAfter !== undefined && i === opts.failAfter) throw new SourceError("LMS 응답 없음");
    },
  };
  return { lms: s, ufolio: { ...s, name: "ufolio" } };
}

const clock = (iso: string) => () => new Date(iso);
const user = { userSeq: 1, userNm: "이서연" };

async function names(key: string) {
  const all = await opened.db.select({ data: reportRows.data, report: reportRows.report }).from(reportRows);
  return all.filter((r) => r.report === key).map((r) => r.data.name);
}

describe("a sync", () => {
  it("of a thousand rows or more leaves the table's statistics fresh (PGlite runs no autovacuum)", async () => {
    const stats = async () => {
      const r = (await opened.db.execute(sql`select n_live_tup::int as live, last_analyze from pg_stat_user_tables where relname = 'report_rows'`)) as unknown as { rows: { live: number; last_analyze: unknown }[] };
      return r.rows;
    };
    const r = report("large");
    await runSync(opened.db, r, { apiSe: API_SE.self, user, now: clock("2026-04-01T01:00:00Z"), sources: source({ batches: [rows(1_200, "l")] }) });
    const [after] = await stats();
    expect(after.last_analyze).not.toBeNull();
    expect(after.live).toBeGreaterThanOrEqual(1_200);
  });

  it("replaces the report's rows and records a SELF entry, newest first", async () => {
    const r = report("replace");
    await runSync(opened.db, r, { apiSe: API_SE.self, user, now: clock("2026-05-01T01:00:00Z"), sources: source({ batches: [rows(3, "a")] }) });
    const out = await runSync(opened.db, r, { apiSe: API_SE.self, user, now: clock("2026-05-01T02:00:00Z"), sources: source({ batches: [rows(2, "b"), rows(2, "c")] }) });
    expect(out.rowCnt).toBe(4);
    expect(await names("replace")).toEqual(["b0", "b1", "c0", "c1"]);
    const h = await historyOf(opened.db, "replace");
    expect(h.map((e) => [e.apiSe, e.rsltCd, e.rowCnt, e.userNm])).toEqual([
      ["SELF", "S", 4, "이서연"],
      ["SELF", "S", 3, "이서연"],
    ]);
    expect(h[0].regDt.toISOString()).toBe("2026-05-01T02:00:00.000Z");
  });

  it("that fails half-way keeps the previous rows and records a failed entry", async () => {
    const r = report("failing");
    await runSync(opened.db, r, { apiSe: API_SE.self, user, now: clock("2026-05-01T01:00:00Z"), sources: source({ batches: [rows(5, "old")] }) });
    const failing = source({ batches: [rows(3, "new"), rows(3, "newer"), rows(3, "never")], failAfter: 2 });
    await expect(runSync(opened.db, r, { apiSe: API_SE.self, user, now: clock("2026-05-01T02:00:00Z"), sources: failing })).rejects.toBeInstanceOf(SyncFailedError);
    expect(await names("failing")).toEqual(["old0", "old1", "old2", "old3", "old4"]);
    const [latest] = await historyOf(opened.db, "failing");
    expect([latest.rsltCd, latest.message, latest.rowCnt]).toEqual(["F", "LMS 응답 없음", 0]);
    // a failure does not start the button rule's 10 minutes
    expect(await cooldownUntil(opened.db, "failing", new Date("2026-05-01T02:01:00Z"))).toBeNull();
  });

  it("of a report already syncing is refused; the first one completes", async () => {
    const r = report("busy");
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = runSync(opened.db, r, { apiSe: API_SE.self, user, now: clock("2026-05-01T01:00:00Z"), sources: source({ batches: [rows(2, "x")], gate }) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = runSync(opened.db, r, { apiSe: API_SE.schedule, user: null, now: clock("2026-05-01T01:00:01Z"), sources: source({ batches: [rows(1, "y")] }), holder: "other-instance" });
    await expect(second).rejects.toBeInstanceOf(SyncBusyError);
    open();
    await expect(first).resolves.toEqual({ rowCnt: 2 });
    expect(await names("busy")).toEqual(["x0", "x1"]);
    // the lock is gone: the next one runs
    await runSync(opened.db, r, { apiSe: API_SE.schedule, user: null, now: clock("2026-05-01T01:00:02Z"), sources: source({ batches: [rows(1, "y")] }) });
    expect(await names("busy")).toEqual(["y0"]);
  });

  it("by button press waits 10 minutes after the last successful sync; the schedule does not", async () => {
    const r = report("cooldown");
    const src = source({ batches: [rows(1, "c")] });
    await runSync(opened.db, r, { apiSe: API_SE.self, user, now: clock("2026-05-01T01:00:00Z"), sources: src });
    const refused = runSync(opened.db, r, { apiSe: API_SE.self, user, now: clock("2026-05-01T01:09:59Z"), sources: src });
    await expect(refused).rejects.toBeInstanceOf(SyncCooldownError);
    await refused.catch((e: SyncCooldownError) => expect(e.until.toISOString()).toBe("2026-05-01T01:10:00.000Z"));
    await runSync(opened.db, r, { apiSe: API_SE.schedule, user: null, now: clock("2026-05-01T01:05:00Z"), sources: src });
    await runSync(opened.db, r, { apiSe: API_SE.self, user, now: clock("2026-05-01T01:15:00Z"), sources: src });
    expect((await historyOf(opened.db, "cooldown")).map((h) => h.apiSe)).toEqual(["SELF", "SCHD", "SELF"]);
  });
});

describe("the quarterly schedule", () => {
  it("has its slots at 00:00 Asia/Seoul on 1 March, June, September and December", () => {
    expect(slotAt(2026, 3).toISOString()).toBe("2026-02-28T15:00:00.000Z");
    expect(lastSlot(new Date("2026-02-28T14:59:59Z")).toISOString()).toBe("2025-11-30T15:00:00.000Z");
    expect(lastSlot(new Date("2026-02-28T15:00:00Z")).toISOString()).toBe("2026-02-28T15:00:00.000Z");
    expect(nextSlot(new Date("2026-02-28T15:00:00Z")).toISOString()).toBe("2026-05-31T15:00:00.000Z");
    expect(nextSlot(new Date("2026-11-30T15:00:00Z")).toISOString()).toBe("2027-02-28T15:00:00.000Z");
  });

  it("runs a slot on exactly one instance, every report, and a missed slot at the next start", async () => {
    const reports = [report("sched-a"), report("sched-b")];
    const srcs = source({ batches: [rows(2, "s")] });
    // 00:00:05 on 1 June 2026 in Seoul: two instances wake up at once
    const now = clock("2026-05-31T15:00:05Z");
    const [one, two] = await Promise.all([
      runDueSlot(opened.db, { now, sources: srcs, reports, holder: "instance-1" }),
      runDueSlot(opened.db, { now, sources: srcs, reports, holder: "instance-2" }),
    ]);
    expect([one.ran, two.ran].sort()).toEqual([false, true]);
    expect((await historyOf(opened.db, "sched-a")).map((h) => [h.apiSe, h.slot?.toISOString()])).toEqual([["SCHD", "2026-05-31T15:00:00.000Z"]]);
    expect(await rowCount(opened.db, "sched-b")).toBe(2);
    // later the same quarter (a restart): nothing is due
    expect((await runDueSlot(opened.db, { now: clock("2026-07-10T03:00:00Z"), sources: srcs, reports, holder: "instance-3" })).ran).toBe(false);
    // the server was down on 1 September: the start on 3 September runs that slot
    const late = await runDueSlot(opened.db, { now: clock("2026-09-03T00:30:00Z"), sources: srcs, reports, holder: "instance-1" });
    expect(late.ran).toBe(true);
    expect(late.slot.toISOString()).toBe("2026-08-31T15:00:00.000Z");
    expect((await historyOf(opened.db, "sched-b"))[0].slot?.toISOString()).toBe("2026-08-31T15:00:00.000Z");
  });

  it("records a report that fails in a slot and still runs the others", async () => {
    const reports = [report("sched-fail"), report("sched-ok")];
    const failing: SyncSources = source({ batches: [rows(1, "z")], failAfter: 0 });
    const run = await runDueSlot(opened.db, { now: clock("2026-11-30T15:00:01Z"), sources: failing, reports: [reports[0]], holder: "i1" });
    expect(run.results).toEqual([{ report: "sched-fail", ok: false, message: "LMS 응답 없음" }]);
    expect((await historyOf(opened.db, "sched-fail"))[0].rsltCd).toBe("F");
  });
});

describe("staleness", () => {
  it("is known when the last quarterly sync did not run, failed, or nothing succeeded since", async () => {
    const r = report("stale");
    const ok = source({ batches: [rows(1, "s")] });
    // synced by the 1 March 2027 slot
    await runDueSlot(opened.db, { now: clock("2027-02-28T15:00:03Z"), sources: ok, reports: [r], holder: "i1" });
    expect(await scheduleState(opened.db, "stale", new Date("2027-04-01T00:00:00Z"))).toMatchObject({ state: "S", stale: false });
    // 1 June 2027 passed with no run (every instance was down)
    const missed = await scheduleState(opened.db, "stale", new Date("2027-06-10T00:00:00Z"));
    expect(missed).toMatchObject({ state: "N", stale: true });
    expect(missed.slot.toISOString()).toBe("2027-05-31T15:00:00.000Z");
    // the 1 September 2027 run fails: the warning stays, with the reason
    await runDueSlot(opened.db, { now: clock("2027-08-31T15:00:02Z"), sources: source({ batches: [rows(1, "x")], failAfter: 0 }), reports: [r], holder: "i2" });
    expect(await scheduleState(opened.db, "stale", new Date("2027-09-02T00:00:00Z"))).toMatchObject({ state: "F", message: "LMS 응답 없음", stale: true });
    // a button press that succeeds afterwards makes the rows current again
    await runSync(opened.db, r, { apiSe: API_SE.self, user, now: clock("2027-09-02T01:00:00Z"), sources: ok });
    expect(await scheduleState(opened.db, "stale", new Date("2027-09-02T02:00:00Z"))).toMatchObject({ state: "F", stale: false });
  });
});
