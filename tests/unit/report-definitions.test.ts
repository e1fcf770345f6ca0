/**
 * The synced reports' definitions (app/reports/definitions.ts): every report's route is unique and
 * listed in the demo menu, its evaluation page is found with its ids, other paths are no report's;
 * number formats and the age of the last sync ('3일 전').
 */
import { describe, expect, it } from "vitest";
import { SEED_MENUS } from "../../app/embedded/db/seed-data";
import { CATALOG } from "../../app/embedded/reports/catalog.server";
import { ageText, findReport, formatCell, REPORTS } from "../../app/reports/definitions";

describe("report definitions", () => {
  it("have unique routes, each a menu of the demo tree, and a backend catalog entry for their calls", () => {
    expect(new Set(REPORTS.map((d) => d.path)).size).toBe(REPORTS.length);
    for (const def of REPORTS) {
      expect(SEED_MENUS.some((m) => m.menuUrl === def.path), def.path).toBe(true);
      const entry = CATALOG.find((c) => c.sync.path === def.sync.path && Object.entries(c.sync.match ?? {}).every(([k, v]) => Number(def.sync.body?.[k]) === v));
      expect(entry, def.id).toBeDefined();
      expect(entry!.data.path).toBe(def.data.path);
      expect(entry!.excel?.path).toBe(def.excel.path);
      expect(entry!.source).toBe(def.source);
    }
  });

  it("find a report's page and evaluation page, and nothing else", () => {
    const def = REPORTS[0];
    expect(findReport(def.path)?.def.id).toBe(def.id);
    expect(findReport(`${def.path}/`)?.params).toEqual({});
    expect(findReport(`${def.path}/1/41/2026`)?.params).toEqual({ eiSeq: "1", menuSeq: "41", year: "2026" });
    expect(findReport(`${def.path}/1/41`)).toBeNull();
    expect(findReport(`${def.path}x`)).toBeNull();
    expect(findReport("/insert/ufolio/nothing")).toBeNull();
  });

  it("format numbers and ages", () => {
    expect(formatCell(1234.5, "int")).toBe("1,235");
    expect(formatCell(3.14159, "dec2")).toBe("3.14");
    expect(formatCell(4, "dec1")).toBe("4.0");
    expect(formatCell(null, "dec2")).toBe("");
    expect(formatCell("2026-09-01 00:00:00", "datetime")).toBe("2026-09-01 00:00:00");
    const now = new Date("2026-11-24T05:00:00Z");
    expect(ageText(new Date("2026-11-24T04:59:30Z"), now)).toBe("방금 전");
    expect(ageText(new Date("2026-11-24T04:48:00Z"), now)).toBe("12분 전");
    expect(ageText(new Date("2026-11-24T02:00:00Z"), now)).toBe("3시간 전");
    expect(ageText(new Date("2026-11-21T04:00:00Z"), now)).toBe("3일 전");
  });
});
