/**
 * Dates in Asia/Seoul, whatever the server's own time zone (docs/architecture.md "Time"). Korea keeps
 * UTC+9 all year (no daylight saving since 1988), so its wall clock is UTC's nine hours on: plain
 * arithmetic, where Intl's formatToParts cost more than a list page's other date work (it is asked
 * for the current year a dozen times a page).
 */
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

/** A Date whose UTC fields read Seoul's wall clock. */
const wall = (d: Date) => new Date(d.getTime() + SEOUL_OFFSET_MS);

export function seoulYear(d = new Date()): number {
  return wall(d).getUTCFullYear();
}

/** 'yyyy-MM-dd HH:mm:ss' in Asia/Seoul, the wire format. */
export function seoulDateTime(d = new Date()): string {
  return wall(d).toISOString().slice(0, 19).replace("T", " ");
}
