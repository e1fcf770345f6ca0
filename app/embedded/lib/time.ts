/**
 * Wire dates and the 'current year' in Asia/Seoul, whatever the server's own time zone.
 * Korea has no daylight-saving time, so a fixed +09:00 offset is exact.
 */
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

/** 'yyyy-MM-dd HH:mm:ss' in Asia/Seoul; null stays null. */
export function formatWireDate(d: Date | string | null | undefined): string | null {
  if (d == null) return null;
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return null;
  return new Date(date.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** The current year in Asia/Seoul. */
export function seoulYear(now: Date = new Date()): number {
  return new Date(now.getTime() + SEOUL_OFFSET_MS).getUTCFullYear();
}
