/** Wire dates and the 'current year' in Asia/Seoul, whatever the server's own time zone (utils/time.ts). */
import { seoulDateTime, seoulYear } from "../../utils/time";

export { seoulYear };

/** 'yyyy-MM-dd HH:mm:ss' in Asia/Seoul; null stays null (and a date that is not one). */
export function formatWireDate(d: Date | string | null | undefined): string | null {
  if (d == null) return null;
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? null : seoulDateTime(date);
}
