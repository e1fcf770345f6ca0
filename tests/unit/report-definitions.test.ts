/**
 * The synced reports' definitions (app/reports/definitions.ts): every report's route is unique and
 * listed in the demo menu, its evaluation page is found with its ids, other paths are no report's;
 * number formats and the age of the last sync ('3일 전').
 */
import { describe, expect, it } from "vitest";
import { SEED_MENUS } from "../../app/embedded/db/seed-data";
import { CATALOG, definitionOf, matches } from "../../app/embedded/reports/catalog.server";
import { ageText, findReport, formatCell, REPORTS, type ReportDef } from "../../app/reports/definitions";

describe("report definitions", () => {
  it("have unique routes, each a menu of the demo tree, and one backend catalog entry answering their calls", () => {
    expect(new Set(REPORTS.map((d) => d.path)).size).toBe(REPORTS.length);
    for (const def of REPORTS) {
      expect(SEED_MENUS.some((m) => m.menuUrl === def.path), def.path).toBe(true);
      const entries = CATALOG.filter((c) => c.id === def.id);
      expect(entries.length, def.id).toBe(1);
      expect(definitionOf(entries[0])).toBe(def);
      expect(entries[0].source).toBe(def.source);
      expect(entries[0].excel, def.id).toBeDefined();
    }
    expect(CATALOG.every((c) => definitionOf(c)), "every catalog entry is a web report's").toBe(true);
  });

  it("single a report out among those sharing a call by their own fields (ceType, assessmentMethods)", () => {
    const sharing = (pick: (d: ReportDef) => { call: { path: string }; body?: Record<string, string | number> }) => {
      const byPath = new Map<string, ReportDef[]>();
      for (const d of REPORTS) byPath.set(pick(d).call.path, [...(byPath.get(pick(d).call.path) ?? []), d]);
      return [...byPath.values()].filter((ds) => ds.length > 1);
    };
    // E08, E09, E10 share the comprehensive evaluation's three calls; E02 and E03 the exams' download
    expect(sharing((d) => d.sync).map((ds) => ds.map((d) => d.id))).toEqual([["E08", "E09", "E10"]]);
    expect(sharing((d) => d.excel).map((ds) => ds.map((d) => d.id).sort())).toEqual([["E02", "E03"], ["E08", "E09", "E10"]]);
    for (const pick of [(d: ReportDef) => d.sync, (d: ReportDef) => d.data, (d: ReportDef) => d.excel])
      for (const ds of sharing(pick))
        for (const d of ds) expect(ds.filter((o) => matches(pick(o).body, { ...pick(d).body })).map((o) => o.id), d.id).toEqual([d.id]);
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
