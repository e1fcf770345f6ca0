/**
 * The sync panel the report loader makes of the sync state (app/routes/__report.server.ts): the
 * last sync is the first history entry with its age, a failed last sync names the data's own time,
 * the button rule's time, and the staleness warnings (exact text).
 */
import { describe, expect, it } from "vitest";
import type { WireSyncInfo } from "../../app/legacy/endpoints/reports.server";
import { panelOf } from "../../app/routes/__report.server";
import { OWN_MSG } from "../../app/schemas/messages.ko";

const entry = (regDt: string, rsltCd = "S", apiSe = "SCHD") => ({ regDt, userNm: "정기 동기화", codeNm: "정기 동기화", apiSe, rsltCd, rowCnt: 10, message: null });
const info = (over: Partial<WireSyncInfo> = {}): WireSyncInfo => ({
  htList: [entry("2026-09-01 00:00:00")],
  now: "2026-09-04 09:30:00",
  running: null,
  lastSuccessDt: "2026-09-01 00:00:00",
  syncableDt: null,
  schedule: { lastSlot: "2026-09-01 00:00:00", nextSlot: "2026-12-01 00:00:00", state: "S", message: null, stale: false },
  ...over,
});

describe("the sync panel", () => {
  it("shows the last sync with its age and no warning when the schedule ran", () => {
    const p = panelOf(info());
    expect(p.last).toEqual({ regDt: "2026-09-01 00:00:00", age: "3일 전", failed: false });
    expect(p.lastSuccess).toBeNull();
    expect(p.staleWarning).toBeNull();
    expect(p.syncable).toBeNull();
    expect(p.nextSlot).toBe("2026-12-01 00:00");
  });

  it("names the data's own time when the last sync failed, and the button rule's time", () => {
    const p = panelOf(info({ htList: [entry("2026-09-04 09:25:00", "F", "SELF"), entry("2026-09-01 00:00:00")], syncableDt: "2026-09-04 09:35:00" }));
    expect(p.last).toMatchObject({ failed: true, age: "5분 전" });
    expect(p.lastSuccess).toEqual({ regDt: "2026-09-01 00:00:00", age: "3일 전" });
    expect(p.syncable?.time).toBe("09:35");
    expect(p.syncable?.at).toBe("2026-09-04T00:35:00.000Z");
  });

  it("warns when the last quarterly sync did not happen or failed", () => {
    const missed = panelOf(info({ schedule: { lastSlot: "2026-09-01 00:00:00", nextSlot: "2026-12-01 00:00:00", state: "N", message: null, stale: true } }));
    expect(missed.staleWarning).toBe("2026-09-01 정기 동기화가 실행되지 않았습니다. 지금 자료는 그 이전에 가져온 것입니다.");
    const failed = panelOf(info({ schedule: { lastSlot: "2026-09-01 00:00:00", nextSlot: "2026-12-01 00:00:00", state: "F", message: "LMS 응답 없음", stale: true } }));
    expect(failed.staleWarning).toBe(OWN_MSG.syncScheduleFailed.replace("{slot}", "2026-09-01"));
    expect(panelOf(info({ htList: [] })).last).toBeNull();
  });
});
