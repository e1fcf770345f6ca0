/**
 * E16 PBL 튜터 평가 (spec 002 §2 screen 16, §7; ADR 0041) on the list kit: the year and a student
 * search (`?value=`, GET: students of the year by number or name, '검색 결과가 없습니다.' when none);
 * choosing a student (`?usSeq=`) lists that student's tutor evaluations with the default columns.
 * In evaluation mode (`/{eiSeq}/{menuSeq}/{year}`) the list call carries the evaluation and the
 * server's columns replace the defaults (read-only: no post is taken).
 */
import * as people from "~/legacy/endpoints/people.server";
import * as api from "./__calls.server";
import { TUTOR_EVAL_COLUMNS } from "./__schema";
import type { UserContext } from "~/utils/context.server";
import { listLoader, orMessage, type ListState } from "~/utils/list-loader.server";
import { readText } from "~/utils/list-url";
import { seqParam } from "~/utils/url";

export interface TutorEvalFilter {
  value: string;
  usSeq: number | null;
}

export interface TutorEvalMore {
  /** the student search's result (null when nothing was searched) */
  students: { usSeq: number; id: string; name: string }[] | null;
  studentsError: string | null;
  /** the chosen student */
  student: { usSeq: number; id: string; name: string } | null;
}

const yearOf = (s: ListState<TutorEvalFilter>) => s.ev?.year ?? s.year;

async function searchStudents(ctx: UserContext, s: ListState<TutorEvalFilter>) {
  if (!s.filter.value) return { value: null, error: null };
  return orMessage(async () => {
    const r = await people.listStudents(ctx.session, { year: yearOf(s), grde: "all", attn: [], value: s.filter.value });
    return (r.list as { usSeq: number; id: string; name: string }[]).map((st) => ({ usSeq: Number(st.usSeq), id: String(st.id), name: String(st.name) }));
  });
}

export const tutorEvalLoader = listLoader<TutorEvalFilter, Awaited<ReturnType<typeof api.listTutorEvals>>, null, TutorEvalMore>({
    key: "teSeq",
    filter: (url) => ({ value: readText(url), usSeq: seqParam(url.searchParams.get("usSeq")) }),
    sortable: TUTOR_EVAL_COLUMNS.map((c) => c.clm),
    list: async (ctx, s) => {
      if (!s.filter.usSeq) return { list: [], total: 0 };
      return api.listTutorEvals(ctx.session, { usSeq: s.filter.usSeq, ...(s.ev ? { eiSeq: s.ev.eiSeq, menuSeq: s.ev.menuSeq, year: s.ev.year } : {}) });
    },
    more: async (ctx, s, reply) => {
      const found = await searchStudents(ctx, s);
      const first = reply?.list[0] as { id?: unknown; name?: unknown } | undefined;
      const listed = found.value?.find((st) => st.usSeq === s.filter.usSeq);
      const student = s.filter.usSeq ? listed ?? { usSeq: s.filter.usSeq, id: String(first?.id ?? ""), name: String(first?.name ?? "") } : null;
      return { students: found.value, studentsError: found.error, student };
    },
  });
