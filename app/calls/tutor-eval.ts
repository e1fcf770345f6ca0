/**
 * E16 PBL tutor evaluation (spec 002 §7 "Student and tutor lookups"; docs/contract.md "PBL tutor
 * evaluation"): `/api/tutor/list.do` with the chosen student (usSeq, id, name) and, in evaluation
 * mode, the route's eiSeq, menuSeq and year; the rows of the default columns, or of the server's
 * `columns`. The PBL-tutor list of spec 001 is app/calls/people.ts TUTOR.list (getList.do).
 */
import { z } from "zod";
import { list, maybeText, obj, optNum, replyColumns } from "~/legacy/wire";
import { defineCall, evalFields } from "./define";

const cell = z.union([z.string(), z.number()]).nullish();
const wireTutorEval = obj({ id: maybeText, name: maybeText, total: cell, grade: cell }).catchall(cell);

export const TUTOR_EVAL = {
  /** the chosen student's tutor evaluations */
  list: defineCall("/api/tutor/list.do", {
    spec: "spec 002 §7",
    request: z.object({ usSeq: z.number(), id: z.string().optional(), name: z.string().optional(), year: z.number().optional(), ...evalFields }),
    reply: obj({ list: list(z.union([wireTutorEval, z.record(z.unknown())])), total: optNum, columns: replyColumns }),
  }),
} as const;
