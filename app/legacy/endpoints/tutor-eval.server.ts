/**
 * E16 PBL tutor evaluation (spec 002 §7 "Student and tutor lookups"; docs/contract.md "PBL tutor
 * evaluation"): `/api/tutor/list.do` with the chosen student (usSeq, id, name) and, in evaluation
 * mode, the route's eiSeq, menuSeq and year; the rows of the default columns, or of the server's
 * `columns`.
 */
import { z } from "zod";
import { TUTOR_EVAL_CALL } from "~/schemas/tutor-eval";
import { legacyPost, type TokenHolder } from "../gateway.server";
import { type EvalParams, obj, optNum, list, replyColumns, maybeText } from "../wire";

const cell = z.union([z.string(), z.number()]).nullish();
const wireTutorEval = obj({ id: maybeText, name: maybeText, total: cell, grade: cell })
  .catchall(cell);

const listReply = obj({
  list: list(z.union([wireTutorEval, z.record(z.unknown())])),
  total: optNum,
  columns: replyColumns,
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
