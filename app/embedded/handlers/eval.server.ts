/**
 * Evaluation mode (spec 001 §1, §4): /api/eval/getEvalColumnsList.do {eiSeq, menuSeq, year} answers
 * the columns evaluation `eiSeq` shows of menu `menuSeq`'s list in `year` (table eval_columns; the
 * latest configured year not after `year` when that year has none).
 */
import { z } from "zod";
import type { CallContext, RouteDef } from "../lib/context.server";
import { ok, parseInput } from "../lib/envelope.server";
import { evalColumnsFor, listYear, seqField } from "../lib/people.server";

const Body = z.object({ eiSeq: seqField, menuSeq: seqField, year: listYear });

async function getEvalColumnsList(ctx: CallContext) {
  const { eiSeq, menuSeq, year } = parseInput(Body, ctx.body);
  return ok({ list: await evalColumnsFor(ctx.db, eiSeq, menuSeq, year) });
}

export const evalRoutes: RouteDef[] = [{ path: "/api/eval/getEvalColumnsList.do", auth: "required", handler: getEvalColumnsList }];
