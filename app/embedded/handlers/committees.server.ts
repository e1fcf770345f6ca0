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
 * R09 terms: term/list.do {cmtSeq, searchTxt, all}, term/insert.do, term/copy.do, term/delete.do;
 * members: term/user/search.do {searchText}, user/list.do {ctSeq, searchText}, user/insert.do
 * {cmtSeq, ctSeq, userList}, user/delete.do {ctSeq, usSeq}, user/updateActvtYn.do {cmtSeq, ctSeq, usSeq,
 * actvtYn} (ours: the member's active flag), GET user/listExcelDown.do {ctSeq},
 * GET user/excelSampleDown.do, user/excelUpload {cmtSeq, ctSeq, file}.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { COMMITTEE_LABELS as H, COMMITTEE_TITLE, TERM_PREVIEW, committeeOrder, committeeSchemaOf, oprSttName, termDay, termOrder, termSchema, termStart, termEnd } from "../../schemas/committees";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage } from "../../schemas/person-fields";
import { xlsxResponse, type ExcelColumn } from "../../utils/excel.server";
import { committeeMembers, committeeTerms, committees, professors } from "../db/schema";
import { CODE } from "../db/seed-data";
import { getRoute, requireAuth, route, type CallContext, type GetRouteDef, type RouteDef } from "../lib/context.server";
import { COMMITTEES } from "../../calls/committees";
import { ApiError, fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { RowError, importSheet, uploadHandler, type UploadResult } from "../lib/sheet-import.server";
import { MAX_UPLOAD_BODY_BYTES } from "../lib/upload.server";
import { jsonText, likePattern, listYear, searchText, seqField } from "../lib/people.server";
import { TOTAL, exampleSheet, markDeleted, tableRoutes, type Table } from "../lib/table-routes.server";
import { formatWireDate, seoulYear } from "../lib/time";
import { codeNames } from "./code.server";

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
// R09 terms (spec 001 §3 "Committee term", §4, §5, §7, §9)
// ---------------------------------------------------------------------------------------------

const liveTerm = eq(committeeTerms.usyn, "Y");

/** A term as the wire answers it (spec 001 §3; our extra: its members' count). */
export interface TermView {
  ctSeq: number;
  cmtSeq: number;
  ctNm: string;
  operStdt: string;
  operEndt: string;
  userCnt: number;
}

const MEMBER_COUNT = sql<number>`(select count(*) from committee_members m where m.ct_seq = "committee_terms"."ct_seq")`.mapWith(Number);

async function liveCommittee(db: CallContext["db"], cmtSeq: number) {
  const [c] = await db.select({ ...KEYS, regDt: committees.regDt }).from(committees).where(and(eq(committees.cmtSeq, cmtSeq), live));
  return c ?? null;
}

const TermListBody = z.object({
  cmtSeq: seqField,
  searchTxt: searchText,
  all: z.preprocess((v) => (v === undefined || v === null || v === "" ? "N" : v), z.enum(["Y", "N"])),
});

/**
 * term/list.do: the committee (commission) and its live terms, the newest start first, the name
 * containing `searchTxt`; `all` N answers the first TERM_PREVIEW of them (spec 001 §9: the list
 * defaults to not showing all), with `total` the count of all.
 */
async function termList(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const b = parseInput(TermListBody, ctx.body);
  const c = await liveCommittee(ctx.db, b.cmtSeq);
  if (!c) return fail(404, OWN_MSG.committeeNotFound);
  const rows = await ctx.db
    .select({ ctSeq: committeeTerms.ctSeq, cmtSeq: committeeTerms.cmtSeq, ctNm: committeeTerms.ctNm, operStdt: committeeTerms.operStdt, operEndt: committeeTerms.operEndt, userCnt: MEMBER_COUNT })
    .from(committeeTerms)
    .where(and(eq(committeeTerms.cmtSeq, b.cmtSeq), liveTerm, b.searchTxt ? ilike(committeeTerms.ctNm, likePattern(b.searchTxt)) : undefined))
    .orderBy(desc(committeeTerms.operStdt), desc(committeeTerms.ctSeq));
  const list: TermView[] = rows.map((r) => ({ ...r, operStdt: r.operStdt.slice(0, 19), operEndt: r.operEndt.slice(0, 19) }));
  const commission = { cmtSeq: c.cmtSeq, cmtNm: c.cmtNm, year: c.year, oprStt: c.oprStt, oprSttNm: oprSttName(c.oprStt), regDt: formatWireDate(c.regDt) };
  return ok({ commission, list: b.all === "Y" ? list : list.slice(0, TERM_PREVIEW), total: list.length, all: b.all });
}

/** term/insert.do: the term dialog's rules (spec 001 §5) again; no ctSeq adds, a ctSeq edits. */
async function termSave(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const b = ctx.body;
  const parsed = termSchema.safeParse({ cmtSeq: s(b.cmtSeq), ctSeq: s(b.ctSeq) === "0" ? "" : s(b.ctSeq), ctNm: s(b.ctNm), operStdt: termDay(s(b.operStdt)), operEndt: termDay(s(b.operEndt)), changed: "" });
  if (!parsed.success) return fail(400, firstMessage(parsed.error.issues, termOrder) ?? OWN_MSG.badRequest);
  const d = parsed.data;
  const cmtSeq = Number(d.cmtSeq);
  if (!(await liveCommittee(ctx.db, cmtSeq))) return fail(404, OWN_MSG.committeeNotFound);
  const values = { ctNm: d.ctNm, operStdt: termStart(d.operStdt), operEndt: termEnd(d.operEndt) };
  if (d.ctSeq) {
    const ctSeq = Number(d.ctSeq);
    const done = await ctx.db
      .update(committeeTerms)
      .set({ ...values, uptDt: sql`now()` })
      .where(and(eq(committeeTerms.ctSeq, ctSeq), eq(committeeTerms.cmtSeq, cmtSeq), liveTerm))
      .returning({ ctSeq: committeeTerms.ctSeq });
    return done.length ? ok({ ctSeq }, MSG.updated) : fail(404, OWN_MSG.termNotFound);
  }
  const [made] = await ctx.db.insert(committeeTerms).values({ cmtSeq, ...values }).returning({ ctSeq: committeeTerms.ctSeq });
  return ok({ ctSeq: made.ctSeq }, MSG.created);
}

const TermKey = z.object({ ctSeq: seqField });

/**
 * The committee a term call names (`cmtSeq`, sent with each term and member call from a committee's
 * page): when given, the term must be that committee's (ADR 0058); a legacy caller that names none
 * is judged by the term alone.
 */
function otherCommittee(body: Record<string, unknown>, termCmtSeq: number): boolean {
  const named = s(body.cmtSeq);
  return named !== "" && named !== String(termCmtSeq);
}

/** term/copy.do: a new term of the same committee, its name, period and members ('복사 되었습니다.'). */
async function termCopy(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const { ctSeq } = parseInput(TermKey, ctx.body);
  return ctx.db.transaction(async (tx) => {
    const [t] = await tx.select().from(committeeTerms).where(and(eq(committeeTerms.ctSeq, ctSeq), liveTerm));
    if (!t || otherCommittee(ctx.body, t.cmtSeq)) return fail(404, OWN_MSG.termNotFound);
    const [made] = await tx
      .insert(committeeTerms)
      .values({ cmtSeq: t.cmtSeq, ctNm: `${t.ctNm} (복사)`.slice(0, 100), operStdt: t.operStdt, operEndt: t.operEndt })
      .returning({ ctSeq: committeeTerms.ctSeq });
    const members = await tx.select({ usSeq: committeeMembers.usSeq, actvtYn: committeeMembers.actvtYn }).from(committeeMembers).where(eq(committeeMembers.ctSeq, ctSeq));
    if (members.length) await tx.insert(committeeMembers).values(members.map((m) => ({ ...m, ctSeq: made.ctSeq })));
    return ok({ ctSeq: made.ctSeq }, MSG.copied);
  });
}

/** term/delete.do: marks the term usyn N ('삭제하였습니다.'). */
async function termDelete(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const parsed = TermKey.safeParse(ctx.body);
  if (!parsed.success) return fail(400, MSG.deleteFailed);
  const { ctSeq } = parsed.data;
  const [t] = await ctx.db.select({ cmtSeq: committeeTerms.cmtSeq }).from(committeeTerms).where(and(eq(committeeTerms.ctSeq, ctSeq), liveTerm));
  if (!t) return fail(404, MSG.deleteFailed);
  if (otherCommittee(ctx.body, t.cmtSeq)) return fail(404, OWN_MSG.termNotFound);
  return (await markDeleted(ctx.db, committeeTerms, and(eq(committeeTerms.ctSeq, ctSeq), liveTerm))) ? ok({ ctSeq }, MSG.deleteDone) : fail(404, MSG.deleteFailed);
}

const termRoutes: RouteDef[] = [
  route(COMMITTEES.termList, "required", termList),
  route(COMMITTEES.termSave, "required", termSave),
  route(COMMITTEES.termCopy, "required", termCopy),
  route(COMMITTEES.termDelete, "required", termDelete),
];

// ---------------------------------------------------------------------------------------------
// R09 term members (spec 001 §3 "Term member", §5 "Committee and term", §7 user/*)
// ---------------------------------------------------------------------------------------------

/** A person as the member search and the member list answer them (spec 001 §3 "Term member": usSeq, id, name, gndr, jobNm, dptNm). */
export interface MemberView {
  usSeq: number;
  id: string;
  name: string;
  gndr: string;
  jobNm: string;
  dptNm: string;
}

/** The most a member search answers (a picker of names, not a list screen). */
export const MEMBER_SEARCH_MAX = 50;

/**
 * The professors, one row each: their newest live record (name, number, department of that
 * year). `where` narrows the records read.
 */
async function newestProfessors(db: CallContext["db"], where: ReturnType<typeof and>): Promise<MemberView[]> {
  const rows = await db
    .selectDistinctOn([professors.usSeq], { usSeq: professors.usSeq, id: professors.id, name: professors.name, gndr: professors.gndr, jobCd: professors.jobCd, dptCd: professors.dptCd, year: professors.year })
    .from(professors)
    .where(and(eq(professors.del, "N"), where))
    .orderBy(professors.usSeq, desc(professors.year));
  const names = new Map<number, Map<string, string>>();
  for (const year of new Set(rows.map((r) => r.year))) names.set(year, await codeNames(db, [CODE.departments, CODE.positions], year));
  const name = (year: number, code: string) => names.get(year)?.get(code) ?? "";
  return rows.map((r) => ({ usSeq: r.usSeq, id: r.id, name: r.name, gndr: r.gndr ?? "", jobNm: name(r.year, r.jobCd), dptNm: name(r.year, r.dptCd) }));
}

/** spec 001 §3 "Term member": actvtYn Y active, N inactive. */
export const actvtName = (yn: string) => (yn === "N" ? "비활동" : "활동");

const byName = (a: MemberView, b: MemberView) => a.name.localeCompare(b.name, "ko") || a.id.localeCompare(b.id);

const SearchBody = z.object({ searchText: searchText });

/** user/search.do: the professors whose name or employee number contains the text (none for an empty text). */
async function userSearch(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const { searchText: q } = parseInput(SearchBody, ctx.body);
  if (!q) return ok({ list: [], total: 0 });
  const hits = (await newestProfessors(ctx.db, or(ilike(professors.name, likePattern(q)), ilike(professors.id, likePattern(q))))).sort(byName);
  return ok({ list: hits.slice(0, MEMBER_SEARCH_MAX), total: hits.length });
}

async function liveTermOf(db: CallContext["db"], ctSeq: number) {
  const [t] = await db.select({ ctSeq: committeeTerms.ctSeq, cmtSeq: committeeTerms.cmtSeq }).from(committeeTerms).innerJoin(committees, eq(committees.cmtSeq, committeeTerms.cmtSeq)).where(and(eq(committeeTerms.ctSeq, ctSeq), liveTerm, live));
  return t ?? null;
}

const MemberListBody = z.object({ ctSeq: seqField, searchText: searchText });

/** The term's members (name or number containing `searchText`), by name. */
async function membersOf(db: CallContext["db"], ctSeq: number, q = "") {
  const rows = await db.select({ usSeq: committeeMembers.usSeq, actvtYn: committeeMembers.actvtYn, regDt: committeeMembers.regDt }).from(committeeMembers).where(eq(committeeMembers.ctSeq, ctSeq));
  if (!rows.length) return [];
  const people = await newestProfessors(db, and(inArray(professors.usSeq, rows.map((r) => r.usSeq)), q ? or(ilike(professors.name, likePattern(q)), ilike(professors.id, likePattern(q))) : undefined));
  const row = new Map(rows.map((r) => [r.usSeq, r]));
  // spec 001 §3 "Term member": actvtYn (Y active, N inactive), actvt its name, regDt
  return people.sort(byName).map((p) => {
    const m = row.get(p.usSeq);
    const actvtYn = m?.actvtYn ?? "Y";
    return { ctSeq, ...p, actvtYn, actvt: actvtName(actvtYn), regDt: m ? formatWireDate(m.regDt) : null };
  });
}

/** user/list.do: the term's members; no live term: 404 '해당 기수가 없습니다.'. */
async function userList(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const b = parseInput(MemberListBody, ctx.body);
  if (!(await liveTermOf(ctx.db, b.ctSeq))) return fail(404, OWN_MSG.termNotFound);
  const list = await membersOf(ctx.db, b.ctSeq, b.searchText);
  return ok({ list, total: list.length });
}

const WireUser = z.union([seqField.transform((usSeq) => ({ usSeq })), z.object({ usSeq: z.unknown() }).passthrough().transform((u) => ({ usSeq: u.usSeq }))]);

/**
 * user/insert.do {cmtSeq, ctSeq, userList}: spec 001 §5's member rules again, in its order: a term
 * ('명단 등록할 기수를 선택해주세요'), at least one resolved person ('등록할 명단을 확인하세요': every
 * usSeq a professor), no one twice nor already a member ('중복된 명단이 존재합니다.').
 */
async function userInsert(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const b = ctx.body;
  const ctSeq = seqField.safeParse(b.ctSeq);
  if (!ctSeq.success) return fail(400, MSG.termMemberTermRequired);
  const term = await liveTermOf(ctx.db, ctSeq.data);
  if (!term || (s(b.cmtSeq) !== "" && s(b.cmtSeq) !== String(term.cmtSeq))) return fail(404, OWN_MSG.termNotFound);
  const already = new Set((await ctx.db.select({ usSeq: committeeMembers.usSeq }).from(committeeMembers).where(eq(committeeMembers.ctSeq, term.ctSeq))).map((r) => r.usSeq));
  const users = z.array(WireUser).max(1000).safeParse(jsonText(b.userList) ?? []);
  if (!users.success || !users.data.length) return fail(400, MSG.termMemberNoneResolved);
  const seqs = users.data.map((u) => seqField.safeParse(u.usSeq));
  if (seqs.some((r) => !r.success)) return fail(400, MSG.termMemberNoneResolved);
  const wanted = seqs.map((r) => (r.success ? r.data : 0));
  const known = await newestProfessors(ctx.db, inArray(professors.usSeq, wanted));
  if (known.length !== new Set(wanted).size) return fail(400, MSG.termMemberNoneResolved);
  if (new Set(wanted).size !== wanted.length || wanted.some((u) => already.has(u))) return fail(400, MSG.termMemberDuplicate);
  await ctx.db.insert(committeeMembers).values(wanted.map((usSeq) => ({ ctSeq: term.ctSeq, usSeq })));
  return ok({ ctSeq: term.ctSeq, count: wanted.length }, MSG.created);
}

const MemberKey = z.object({ ctSeq: seqField, usSeq: seqField });

/** user/delete.do {ctSeq, usSeq}: the member's row is removed ('삭제하였습니다.'). */
async function userDelete(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const parsed = MemberKey.safeParse(ctx.body);
  if (!parsed.success) return fail(400, MSG.deleteFailed);
  const { ctSeq, usSeq } = parsed.data;
  const term = await liveTermOf(ctx.db, ctSeq);
  if (!term) return fail(404, MSG.deleteFailed);
  if (otherCommittee(ctx.body, term.cmtSeq)) return fail(404, OWN_MSG.termNotFound);
  const gone = await ctx.db.delete(committeeMembers).where(and(eq(committeeMembers.ctSeq, ctSeq), eq(committeeMembers.usSeq, usSeq))).returning({ usSeq: committeeMembers.usSeq });
  return gone.length ? ok({ ctSeq, usSeq }, MSG.deleteDone) : fail(404, MSG.deleteFailed);
}

const ActvtBody = z.object({ ctSeq: seqField, usSeq: seqField, actvtYn: z.enum(["Y", "N"], { message: OWN_MSG.badRequest }) });

/**
 * user/updateActvtYn.do {cmtSeq, ctSeq, usSeq, actvtYn} (ours: spec 001 §3 names the member's actvtYn, Y
 * active, N inactive, and no call that sets it): the member's flag ('수정되었습니다.'); a term of
 * another committee or a person who is not its member is 404.
 */
async function userActvt(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const { ctSeq, usSeq, actvtYn } = parseInput(ActvtBody, ctx.body);
  const term = await liveTermOf(ctx.db, ctSeq);
  if (!term || otherCommittee(ctx.body, term.cmtSeq)) return fail(404, OWN_MSG.termNotFound);
  const set = await ctx.db
    .update(committeeMembers)
    .set({ actvtYn })
    .where(and(eq(committeeMembers.ctSeq, ctSeq), eq(committeeMembers.usSeq, usSeq)))
    .returning({ usSeq: committeeMembers.usSeq });
  return set.length ? ok({ ctSeq, usSeq, actvtYn, actvt: actvtName(actvtYn) }, MSG.updated) : fail(404, OWN_MSG.memberNotFound);
}

// member Excel (spec 001 §7: user/listExcelDown.do, user/excelSampleDown.do, user/excelUpload)

/** The member sheet's headers: the upload reads 사번 (이름 is there for the reader). */
export const MEMBER_SHEET = { id: "사번", name: "이름", jobNm: "직위", dptNm: "소속", actvtYn: "활동" } as const;

const TermQuery = z.object({ ctSeq: seqField });

async function termNameOf(db: CallContext["db"], ctSeq: number) {
  const [t] = await db.select({ ctNm: committeeTerms.ctNm, cmtNm: committees.cmtNm, cmtSeq: committeeTerms.cmtSeq }).from(committeeTerms).innerJoin(committees, eq(committees.cmtSeq, committeeTerms.cmtSeq)).where(and(eq(committeeTerms.ctSeq, ctSeq), liveTerm, live));
  return t ?? null;
}

/** user/listExcelDown.do?ctSeq=: the term's members, through the one xlsx writer (formula-safe cells). */
async function userDownload(ctx: CallContext): Promise<Response> {
  requireAuth(ctx);
  const { ctSeq } = parseInput(TermQuery, ctx.body);
  const t = await termNameOf(ctx.db, ctSeq);
  if (!t || otherCommittee(ctx.body, t.cmtSeq)) throw new ApiError(fail(404, OWN_MSG.termNotFound));
  const rows = await membersOf(ctx.db, ctSeq);
  const columns: ExcelColumn<(typeof rows)[number]>[] = [
    { header: MEMBER_SHEET.id, width: 12, value: (m) => m.id },
    { header: MEMBER_SHEET.name, width: 14, value: (m) => m.name },
    { header: MEMBER_SHEET.jobNm, width: 14, value: (m) => m.jobNm },
    { header: MEMBER_SHEET.dptNm, width: 20, value: (m) => m.dptNm },
    { header: MEMBER_SHEET.actvtYn, width: 8, value: (m) => m.actvt },
  ];
  return xlsxResponse(`${t.cmtNm}_${t.ctNm}_명단.xlsx`, { sheetName: "명단", columns, rows });
}

/** user/excelSampleDown.do: the upload's headers and one example row (a demo professor). */
async function userSample(ctx: CallContext): Promise<Response> {
  requireAuth(ctx);
  const [pf] = await newestProfessors(ctx.db, undefined).then((all) => all.sort(byName).slice(0, 1));
  return exampleSheet(`${COMMITTEE_TITLE}_명단_업로드_양식.xlsx`, "명단", [
    { header: MEMBER_SHEET.id, width: 12, value: pf?.id ?? "" },
    { header: MEMBER_SHEET.name, width: 14, value: pf?.name ?? "" },
  ]);
}

/**
 * user/excelUpload {cmtSeq, ctSeq, file}: each row's 사번 a professor (else '등록할 명단을
 * 확인하세요'), not twice in the sheet ('중복된 명단이 존재합니다.'); one already a member is
 * left as is (a re-uploaded download changes nothing, ADR 0061).
 */
async function importMembers(ctx: CallContext, bytes: Uint8Array): Promise<UploadResult> {
  const ctSeq = seqField.safeParse(ctx.body.ctSeq);
  if (!ctSeq.success) throw new ApiError(fail(400, MSG.termMemberTermRequired));
  const term = await liveTermOf(ctx.db, ctSeq.data);
  if (!term || (s(ctx.body.cmtSeq) !== "" && s(ctx.body.cmtSeq) !== String(term.cmtSeq))) throw new ApiError(fail(404, OWN_MSG.termNotFound));
  return importSheet<{ usSeq: number }>(
    ctx.db,
    {
      headers: [MEMBER_SHEET.id],
      idOf: (cells) => (cells[MEMBER_SHEET.id] ?? "").trim(),
      read: async (cells) => {
        const id = (cells[MEMBER_SHEET.id] ?? "").trim();
        const [p] = /^[0-9]{1,20}$/.test(id) ? await newestProfessors(ctx.db, eq(professors.id, id)) : [];
        if (!p) throw new RowError(MSG.termMemberNoneResolved);
        return { ok: true, record: { usSeq: p.usSeq } };
      },
      // the natural key: the professor within the term (ADR 0061); a member already in it is left as is
      key: (r) => String(r.usSeq),
      duplicateMessage: MSG.termMemberDuplicate,
      store: {
        stored: async (tx) => {
          const found = await tx.select({ usSeq: committeeMembers.usSeq }).from(committeeMembers).where(eq(committeeMembers.ctSeq, term.ctSeq));
          return new Map(found.map((m) => [String(m.usSeq), { ref: m.usSeq, values: {} }]));
        },
        // the sheet names the member only: nothing of a member already in the term changes
        valuesOf: () => ({}),
        insert: async (tx, records) => {
          await tx.insert(committeeMembers).values(records.map((r) => ({ ctSeq: term.ctSeq, usSeq: r.usSeq })));
        },
        update: async () => {},
      },
    },
    bytes,
  );
}

const memberRoutes: RouteDef[] = [
  route(COMMITTEES.userSearch, "required", userSearch),
  route(COMMITTEES.userList, "required", userList),
  route(COMMITTEES.userInsert, "required", userInsert),
  route(COMMITTEES.userDelete, "required", userDelete),
  route(COMMITTEES.userActvt, "required", userActvt),
  route(COMMITTEES.userUpload, "required", uploadHandler(importMembers), { multipartMaxBytes: MAX_UPLOAD_BODY_BYTES }),
];

const memberGetRoutes: GetRouteDef[] = [
  getRoute(COMMITTEES.userDownload, "required", userDownload),
  getRoute(COMMITTEES.userSample, "required", userSample),
];

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
  list: COMMITTEES.list,
  save: { path: COMMITTEES.save, run: save },
  remove: {
    path: COMMITTEES.remove,
    key: DeleteKey,
    badKey: MSG.deleteFailed,
    run: async (db, { cmtSeq }) => ((await markDeleted(db, committees, and(eq(committees.cmtSeq, cmtSeq), live))) ? { cmtSeq } : null),
    done: MSG.deleteDone,
    missing: MSG.deleteFailed,
  },
  more: [...termRoutes, ...memberRoutes],
  excel: { download: COMMITTEES.download, label: COMMITTEE_TITLE, fileName: () => `${COMMITTEE_TITLE}_목록.xlsx`, columns: () => sheetColumns },
});

export const committeePostRoutes = screen.routes;
export const committeeGetRoutes = [...screen.getRoutes, ...memberGetRoutes];
