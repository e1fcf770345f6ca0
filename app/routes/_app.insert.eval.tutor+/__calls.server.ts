/**
 * E16 PBL tutor evaluation (spec 002 §7 "Student and tutor lookups"; docs/contract.md "PBL tutor
 * evaluation"): `/api/tutor/list.do` with the chosen student (usSeq, id, name) and, in evaluation
 * mode, the route's eiSeq, menuSeq and year; the rows of the default columns, or of the server's
 * `columns` (the definition: app/calls/tutor-eval.ts). The embedded backend's side of this call stays in the backend's tier (ADR 0073):
 * app/embedded/handlers/tutor-eval.server.ts, its demo rows in app/embedded/db/seed-space.server.ts.
 */
import { TUTOR_EVAL } from "~/calls/tutor-eval";
import { callLegacy, type TokenHolder } from "~/legacy/gateway.server";
import type { EvalParams } from "~/legacy/wire";

export interface TutorEvalQuery extends EvalParams {
  usSeq: number;
  id?: string;
  name?: string;
  year?: number;
}

export function listTutorEvals(session: TokenHolder, q: TutorEvalQuery) {
  return callLegacy(TUTOR_EVAL.list, q, { session });
}
