/** The student lookup of the score-entry dialogs (spec 002 §7: awards/getStuName.do). */
import { z } from "zod";
import { key, num, obj } from "~/legacy/wire";
import { defineCall } from "./define";

export const LOOKUP = {
  /** the student with number `id` in `year` (stu null when that year has none) */
  studentName: defineCall("/api/awards/getStuName.do", { spec: "spec 001 §7", request: z.object({ id: z.string(), year: z.number() }), reply: obj({ stu: obj({ name: key, usSeq: num }).nullish() }) }),
} as const;
