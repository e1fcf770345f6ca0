/** The student lookup of the score-entry dialogs (spec 002 §7: /api/awards/getStuName.do). */
import { legacyPost, type TokenHolder } from "../gateway.server";
import { obj, key, num } from "../wire";

const wireStu = obj({ name: key, usSeq: num });

/** The student with number `id` in `year`, or null when that year has none. */
export async function studentName(session: TokenHolder, id: string, year: number): Promise<{ name: string; usSeq: number } | null> {
  const r = await legacyPost("/api/awards/getStuName.do", { id, year }, obj({ stu: wireStu.nullish() }), { session });
  return r.stu ? { name: r.stu.name, usSeq: r.stu.usSeq } : null;
}
