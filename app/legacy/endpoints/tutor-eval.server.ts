/**
 * E16 PBL tutor evaluation (spec 002 §7 "Student and tutor lookups"; docs/contract.md "PBL tutor
 * evaluation"): `/api/tutor/list.do` with the chosen student (usSeq, id, name) and, in evaluation
 * mode, the route's eiSeq, menuSeq and year; the rows of the default columns, or of the server's
 * `columns`.
 */
import { z } from "zod";
import { TUTOR_EVAL_CALL } from "~/schemas/tutor-eval";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { wireEvalColumn, type EvalParams } from "../wire";

const cell = z.union([z.string(), z.number()]).nullish();
const wireTutorEval = z
  .object({ id: z.string().nullish(), name: z.string().nullish(), total: cell, grade: cell })
  .catchall(cell)
  .passthrough();

const listReply = z.object({
  list: z.array(z.union([wireTutorEval, z.record(z.unknown())])),
  total: z.coerce.number().optional(),
  columns: z.array(wireEvalColumn).optional(),
});

export interface TutorEvalQuery extends EvalParams {
  usSeq: number;
  id?: string;
  name?: string;
  year?: number;
}

export function listTutorEvals(session: TokenHolder, q: TutorEvalQuery) {
  return legacyPost(TUTOR_EVAL_CALL, q, listReply, { session });
}
