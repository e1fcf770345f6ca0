/**
 * The student lookup of the score-entry dialogs (spec 002 §7 "Student lookup"):
 * POST /api/awards/getStuName.do {id, year} -> result.stu {name, usSeq}, or result.stu null when
 * the year has no live student record with that number (the screen then says
 * '해당년도에 등록된 학번이 없습니다.'). An empty or non-digit number is refused with
 * '학번을 입력 후 확인버튼을 선택하세요.'.
 */
import { z } from "zod";
import { MSG } from "../../schemas/messages.ko";
import { requireAuth, route, type CallContext, type RouteDef } from "../lib/context.server";
import { LOOKUP } from "../../calls/lookup";
import { ok, parseInput } from "../lib/envelope.server";
import { recordYear, studentsByNumber } from "../lib/people.server";

const Body = z.object({
  id: z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string({ required_error: MSG.lookupNeedsId }).trim().regex(/^[0-9]{1,20}$/, MSG.lookupNeedsId)),
  year: recordYear,
});

async function getStuName(ctx: CallContext) {
  requireAuth(ctx);
  const { id, year } = parseInput(Body, ctx.body, ["id", "year"]);
  const found = (await studentsByNumber(ctx.db, year, [id])).get(id);
  return ok({ stu: found ? { name: found.name, usSeq: found.usSeq, id: found.id } : null });
}

export const lookupRoutes: RouteDef[] = [route(LOOKUP.studentName, "required", getStuName)];
