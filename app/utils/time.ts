/** Dates in Asia/Seoul, whatever the server's own time zone (docs/architecture.md "Time"). */
/** one formatter for the process: making one costs more than a whole page's other date work */
const SEOUL = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const parts = (d: Date) => Object.fromEntries(SEOUL.formatToParts(d).map((p) => [p.type, p.value])) as Record<string, string>;

export function seoulYear(d = new Date()): number {
  return Number(parts(d).year);
}

/** 'yyyy-MM-dd HH:mm:ss' in Asia/Seoul, the wire format. */
export function seoulDateTime(d = new Date()): string {
  const p = parts(d);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
