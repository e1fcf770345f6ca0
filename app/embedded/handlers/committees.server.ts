/**
 * R08 committees (spec 001 §3 "Committee", §5 "Committee and term", §7 "Committees", §8, §9;
 * docs/contract.md "Committees"), on the table kit:
 * - POST /api/commission/list.do {cmtNm, eiSeq?, menuSeq?, year?, page?, size?, sort?} ->
 *   {list, total[, columns]}: the live committees whose name contains the text, each with
 *   cmtSeq, cmtNm, year (founding), oprStt, oprSttNm, regDt (and our extra: its terms' count).
 *   `year` only picks an evaluation's columns (the route's year).
 * - POST /api/commission/insert.do {cmtSeq?, cmtNm, oprStt, year}: the dialog's rules again (the
 *   same schema); no cmtSeq adds, a cmtSeq edits ('등록되었습니다.' / '수정되었습니다.').
 * - POST /api/commission/delete.do {cmtSeq}: marks the committee usyn N ('삭제하였습니다.').
 * - GET /api/commission/listExcelDown.do (the list's filter; in evaluation mode the configured
 *   columns).
 */
import { and, asc, desc, eq, ilike, sql } from "drizzle-orm";
import { z } from "zod";
import { COMMITTEE_CALLS, COMMITTEE_LABELS as H, COMMITTEE_TITLE, committeeOrder, committeeSchemaOf, oprSttName } from "../../schemas/committees";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage } from "../../schemas/person-fields";
import type { ExcelColumn } from "../../utils/excel.server";
import { committeeTerms, committees } from "../db/schema";
import { requireAuth, type CallContext } from "../lib/context.server";
import { fail, ok, type Envelope } from "../lib/envelope.server";
import { likePattern, listYear, searchText } from "../lib/people.server";
import { TOTAL, markDeleted, tableRoutes, type Table } from "../lib/table-routes.server";
import { formatWireDate, seoulYear } from "../lib/time";

const live = eq(committees.usyn, "Y");

/** A committee as the wire answers it (spec 001 §3). */
export interface CommitteeView extends Record<string, unknown> {
  cmtSeq: number;
  cmtNm: string;
  year: number;
  oprStt: string;
  oprSttNm: string;
  /** our extra: the committee's live terms */
  termCnt: number;
  regDt: string | null;
}

/** `year` is the evaluation's (route) year; the list itself is not by year. */
const Filter = { cmtNm: searchText, year: listYear };

const KEYS = { cmtSeq: committees.cmtSeq, cmtNm: committees.cmtNm, year: committees.year, oprStt: committees.oprStt };
// qualified by hand: drizzle writes a one-table select's columns unqualified, and both tables have cmt_seq
const TERM_COUNT = sql<number>`(select count(*) from committee_terms t where t.cmt_seq = "committees"."cmt_seq" and t.usyn = 'Y')`.mapWith(Number);

const table: Table<typeof Filter, CommitteeView, undefined> = {
  filter: Filter,
  rows: (db, f) =>
    db
      .select({ ...KEYS, regDt: committees.regDt, termCnt: TERM_COUNT, _total: TOTAL })
      .from(committees)
      .where(and(live, f.cmtNm ? ilike(committees.cmtNm, likePattern(f.cmtNm)) : undefined))
      .$dynamic(),
  // the newest founded first, then by name
  order: [desc(committees.year), asc(committees.cmtNm), asc(committees.cmtSeq)],
  sortable: { ...KEYS, oprSttNm: committees.oprStt, termCnt: TERM_COUNT, regDt: committees.regDt },
  views: (_db, rows: { cmtSeq: number; cmtNm: string; year: number; oprStt: string; termCnt: number; regDt: Date }[]) =>
    rows.map((r) => ({ cmtSeq: r.cmtSeq, cmtNm: r.cmtNm, year: r.year, oprStt: r.oprStt, oprSttNm: oprSttName(r.oprStt), termCnt: r.termCnt, regDt: formatWireDate(r.regDt) })),
};

// ---------------------------------------------------------------------------------------------
// Save
// ---------------------------------------------------------------------------------------------

const s = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "object" ? "" : String(v));

/** insert.do: the committee dialog's rules (spec 001 §5) again, then adds or edits. */
async function save(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const b = ctx.body;
  const parsed = committeeSchemaOf(seoulYear()).safeParse({ cmtSeq: s(b.cmtSeq) === "0" ? "" : s(b.cmtSeq), year: s(b.year), cmtNm: s(b.cmtNm), oprStt: s(b.oprStt) });
  if (!parsed.success) return fail(400, firstMessage(parsed.error.issues, committeeOrder) ?? OWN_MSG.badRequest);
  const d = parsed.data;
  const values = { year: Number(d.year), cmtNm: d.cmtNm, oprStt: d.oprStt };
  if (d.cmtSeq) {
    const cmtSeq = Number(d.cmtSeq);
    const done = await ctx.db
      .update(committees)
      .set({ ...values, uptDt: sql`now()` })
      .where(and(eq(committees.cmtSeq, cmtSeq), live))
      .returning({ cmtSeq: committees.cmtSeq });
    return done.length ? ok({ cmtSeq }, MSG.updated) : fail(404, OWN_MSG.committeeNotFound);
  }
  const [made] = await ctx.db.insert(committees).values(values).returning({ cmtSeq: committees.cmtSeq });
  return ok({ cmtSeq: made.cmtSeq }, MSG.created);
}

// ---------------------------------------------------------------------------------------------
// The routes
// ---------------------------------------------------------------------------------------------

const sheetColumns: ExcelColumn<CommitteeView>[] = [
  { header: H.year, width: 10, value: (v) => v.year },
  { header: H.cmtNm, width: 30, value: (v) => v.cmtNm },
  { header: H.oprStt, width: 10, value: (v) => v.oprSttNm },
  { header: "기수", width: 8, value: (v) => v.termCnt },
  { header: H.regDt, width: 20, value: (v) => v.regDt ?? "" },
];

const DeleteKey = z.object({ cmtSeq: z.coerce.number({ invalid_type_error: MSG.deleteFailed }).int(MSG.deleteFailed).positive(MSG.deleteFailed) });

const screen = tableRoutes(table, {
  list: COMMITTEE_CALLS.list,
  save: { path: COMMITTEE_CALLS.save, run: save },
  remove: {
    path: COMMITTEE_CALLS.remove,
    key: DeleteKey,
    badKey: MSG.deleteFailed,
    run: async (db, { cmtSeq }) => ((await markDeleted(db, committees, and(eq(committees.cmtSeq, cmtSeq), live))) ? { cmtSeq } : null),
    done: MSG.deleteDone,
    missing: MSG.deleteFailed,
  },
  excel: { download: COMMITTEE_CALLS.download, label: COMMITTEE_TITLE, fileName: () => `${COMMITTEE_TITLE}_목록.xlsx`, columns: () => sheetColumns },
});

export const committeePostRoutes = screen.routes;
export const committeeGetRoutes = screen.getRoutes;
