/**
 * E16 PBL tutor evaluation (spec 002 §7 "Student and tutor lookups"; docs/contract.md "PBL tutor
 * evaluation"): `/api/tutor/list.do` with the chosen student (usSeq, id, name) and, in evaluation
 * mode, the route's eiSeq, menuSeq and year; the rows of the default columns, or of the server's
 * `columns`. The embedded backend's side of this call stays in the backend's tier (ADR 0073):
 * app/embedded/handlers/tutor-eval.server.ts, its demo rows in app/embedded/db/seed-space.server.ts.
 */
import { z } from "zod";
import { TUTOR_EVAL_CALL } from "./__schema";
import { legacyPost, type TokenHolder } from "~/legacy/gateway.server";
import { type EvalParams, obj, optNum, list, replyColumns, maybeText } from "~/legacy/wire";

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
