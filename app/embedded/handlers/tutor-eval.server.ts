/**
 * E16 PBL tutor evaluation (spec 002 §2 screen 16, §7; docs/contract.md "PBL tutor evaluation";
 * ADR 0041): POST /api/tutor/list.do {usSeq, id?, name?, year?, eiSeq?, menuSeq?} -> {list,
 * total[, columns]}: the chosen student's evaluations, newest year first, then by module; each row
 * id, name, year, module and the scores of the default columns. With eiSeq and menuSeq the rows
 * are the route year's, cut to the evaluation's configured columns, which come along as `columns`.
 * A body that names no student is refused ('학생을 선택해주세요.'): the PBL-tutor list of spec
 * 001 is /api/tutor/getList.do, so this path is the evaluation's only.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { OWN_MSG } from "../../schemas/messages.ko";
import { TUTOR_EVAL } from "../../calls/tutor-eval";
import { persons, students, tutorEvals } from "../db/schema";
import { requireAuth, route, type CallContext, type RouteDef } from "../lib/context.server";
import { fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { evalColumnsFor, evalParams, listYear, pickColumns } from "../lib/people.server";

const Body = z.object({
  usSeq: z.preprocess((v) => (v === undefined || v === null || v === "" ? undefined : v), z.coerce.number({ required_error: OWN_MSG.tutorStudentRequired, invalid_type_error: OWN_MSG.tutorStudentRequired }).int(OWN_MSG.tutorStudentRequired).positive(OWN_MSG.tutorStudentRequired).max(2_147_483_647, OWN_MSG.tutorStudentRequired)),
  year: listYear,
  ...evalParams,
});

const n = (v: string | null) => (v === null ? null : Number(v));

async function list(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const b = parseInput(Body, ctx.body);
  const [person] = await ctx.db.select({ id: persons.id }).from(persons).where(and(eq(persons.usSeq, b.usSeq), eq(persons.usTy, "1")));
  if (!person) return fail(400, OWN_MSG.tutorStudentRequired);
  const [record] = await ctx.db
    .select({ name: students.name })
    .from(students)
    .where(and(eq(students.usSeq, b.usSeq), eq(students.del, "N")))
    .orderBy(desc(students.year))
    .limit(1);
  const evalMode = b.eiSeq && b.menuSeq ? { eiSeq: b.eiSeq, menuSeq: b.menuSeq } : null;
  const rows = await ctx.db
    .select()
    .from(tutorEvals)
    .where(and(eq(tutorEvals.usSeq, b.usSeq), evalMode && b.year ? eq(tutorEvals.year, b.year) : undefined))
    .orderBy(desc(tutorEvals.year), asc(tutorEvals.module), asc(tutorEvals.teSeq));
  const views = rows.map((r) => ({
    teSeq: r.teSeq,
    year: r.year,
    module: r.module,
    id: person.id,
    name: record?.name ?? "",
    pbl: n(r.pbl),
    map: n(r.map),
    conf: n(r.conf),
    peer1: n(r.peer1),
    scm: n(r.scm),
    snap: n(r.snap),
    quizInd: n(r.quizInd),
    quizTeam: n(r.quizTeam),
    late: r.late,
    absent: r.absent,
    peer2: n(r.peer2),
    dis: n(r.dis),
    con: n(r.con),
    penalty: n(r.penalty),
    total: n(r.total),
    grade: r.grade ?? "",
  }));
  if (evalMode) {
    const columns = await evalColumnsFor(ctx.db, evalMode.eiSeq, evalMode.menuSeq, b.year);
    return ok({ list: views.map((v) => pickColumns(v, columns)), total: views.length, columns });
  }
  return ok({ list: views, total: views.length });
}

export const tutorEvalRoutes: RouteDef[] = [route(TUTOR_EVAL.list, "required", list)];
