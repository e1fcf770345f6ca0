/** Seoul's year and wire time are Intl's Asia/Seoul answers, at the turn of a year too (utils/time.ts). */
import { describe, expect, it } from "vitest";
import { seoulDateTime, seoulYear } from "~/utils/time";

const intl = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
const byIntl = (d: Date) => {
  const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
};

describe("Seoul time", () => {
  it("is nine hours ahead of UTC: the new year starts at 15:00 UTC on 31 December", () => {
    expect(seoulYear(new Date("2026-12-31T14:59:59Z"))).toBe(2026);
    expect(seoulYear(new Date("2026-12-31T15:00:00Z"))).toBe(2027);
    expect(seoulDateTime(new Date("2026-12-31T15:00:00Z"))).toBe("2027-01-01 00:00:00");
  });

  it("reads as Intl's Asia/Seoul, every few days over the years the product serves", () => {
    for (let t = Date.UTC(2019, 0, 1, 7, 31, 5); t < Date.UTC(2040, 0, 1); t += 3.7 * 24 * 3600_000) {
      const d = new Date(t);
      expect(seoulDateTime(d)).toBe(byIntl(d));
      expect(seoulYear(d)).toBe(Number(byIntl(d).slice(0, 4)));
    }
  });
});
