/** The student lookup of the score-entry dialogs (spec 002 §7: app/calls/lookup.ts). */
import { LOOKUP } from "~/calls/lookup";
import { callLegacy, type TokenHolder } from "../gateway.server";

/** The student with number `id` in `year`, or null when that year has none. */
export async function studentName(session: TokenHolder, id: string, year: number): Promise<{ name: string; usSeq: number } | null> {
  const r = await callLegacy(LOOKUP.studentName, { id, year }, { session });
  return r.stu ? { name: r.stu.name, usSeq: r.stu.usSeq } : null;
}
