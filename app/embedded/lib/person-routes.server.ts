/**
 * The one person module of the embedded backend (spec 001 §7 "Students and professors"): what
 * students, professors and PBL tutors share, parameterised by the kind (its table, columns, code
 * lists and messages). The calls every people screen has under /api/{student|professor}/ (the
 * list, the detail and the delete of a person's record of a year, the save (multipart, with a
 * photo), and the two code lists), and the pieces of each kind's list: the year's rows, the view's
 * common fields, the list row, the form's code lists and their check.
 */
import { and, eq, getTableColumns, ilike, isNotNull, or, type SQL } from "drizzle-orm";
import { z, type ZodTypeAny } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { isUniqueViolation, type Db, type Tx } from "../db/client.server";
import { professors, students } from "../db/schema";
import { agreeRecipients } from "../db/schema/privacy";
import { codeNames, codesForYear, type CodeItem } from "../handlers/code.server";
import { requireAuth, route, type CallContext, type RouteDef } from "./context.server";
import type { CallDef } from "../../calls/define";
import { ApiError, fail, ok, parseInput, type Envelope } from "./envelope.server";
import { dayWeek, ensurePersons, flattenWireFields, likePattern, listYear, optionalSeq, photoPath, putPhoto, readPhoto, recordYear, requireCode, seqField } from "./people.server";
import { dbStorage } from "./storage.server";
import { tableRoutes, totalOf, type Table } from "./table-routes.server";
import { formatWireDate } from "./time";

type PersonTable = typeof students | typeof professors;

// ---------------------------------------------------------------------------------------------
// A kind's form code lists (getCodeListAll.do) and their check on a save
// ---------------------------------------------------------------------------------------------

/** A code check of a save: the record's field, the list it must be in, the message when it is not. */
export type CodeCheck<R, K extends string> = readonly [field: keyof R & string, list: K, message: string];

/**
 * The form's code lists of a kind, `lists` naming each reply key's code group in the reply's
 * order: `groups` (every group, for the code names), `read` (the year's lists) and `check` (each
 * code of a record against the year's lists, in the order of `checks`; an empty code is the
 * schema's).
 */
export function personCodeLists<K extends string, R>(lists: Record<K, string>, checks: readonly CodeCheck<R, K>[]) {
  const keys = Object.keys(lists) as K[];
  const groups = keys.map((k) => lists[k]);
  async function read(db: Db | Tx, year: number): Promise<Record<K, CodeItem[]>> {
    const found = await Promise.all(groups.map((g) => codesForYear(db, g, year)));
    return Object.fromEntries(keys.map((k, i) => [k, found[i]])) as Record<K, CodeItem[]>;
  }
  async function check(db: Db | Tx, year: number, r: R, codes?: Record<K, CodeItem[]>): Promise<void> {
    const c = codes ?? (await read(db, year));
    for (const [field, list, message] of checks) requireCode(r[field] as string | null, new Set(c[list].map((x) => x.id)), message);
  }
  /** /api/{kind}/getCodeListAll.do: the year's lists. */
  async function handler(ctx: CallContext) {
    const { year } = parseInput(z.object({ year: listYear }), ctx.body);
    return ok(await read(ctx.db, year));
  }
  return { groups, read, check, handler };
}

// ---------------------------------------------------------------------------------------------
// Lists: the year's rows, the view's common fields, the list row
// ---------------------------------------------------------------------------------------------

/** The name of a code of the year's lists ('' for none). */
export const codeNamer = (names: Map<string, string>) => (code: string | null) => (code ? names.get(code) ?? "" : "");

/** The columns every person record has. */
type PersonColumns = Pick<typeof students.$inferSelect, "usSeq" | "year" | "id" | "name" | "email" | "emailCd" | "telNo" | "photoRovl" | "photoFlnm" | "regDt" | "uptDt">;

/** What every kind's view has: the keys, the e-mail with its domain's name, the phone, the photo, the times. */
export function personView(r: PersonColumns, name: (code: string | null) => string) {
  const emailDomain = name(r.emailCd);
  return {
    ...{ usSeq: r.usSeq, year: r.year, id: r.id, name: r.name },
    ...{ email: r.email, emailCd: r.emailCd, emailDomain, emailAddr: r.email && emailDomain ? `${r.email}@${emailDomain}` : r.email ?? "" },
    ...{ telNo: r.telNo, imgSrc: photoPath(r.photoRovl, r.photoFlnm) },
    ...{ regDt: formatWireDate(r.regDt), uptDt: formatWireDate(r.uptDt), dayWeek: dayWeek(r.regDt) },
  };
}

export type PersonViewFields = ReturnType<typeof personView>;

/** The list row's fields every kind has (outside evaluation mode). */
export const personListRow = (v: { usSeq: number; year: number; id: string; name: string; status: string; txt: string; imgSrc: string | null }) => ({
  ...{ usSeq: v.usSeq, year: v.year, id: v.id, name: v.name },
  ...{ status: v.status, txt: v.txt, imgSrc: v.imgSrc },
});

/**
 * The live records of a year matching a kind's filters (`more`, in order) and the search text (a
 * substring of the name or the number), with the count of them all (`_total`).
 */
export function personRows(table: PersonTable, f: { year: number; value: string }, more: readonly (SQL | undefined)[]) {
  const t = table as typeof students;
  const search = f.value ? or(ilike(t.name, likePattern(f.value)), ilike(t.id, likePattern(f.value))) : undefined;
  const where = and(eq(t.year, f.year), eq(t.del, "N"), ...more, search);
  return (db: Db | Tx) => db.select({ ...getTableColumns(t), _total: totalOf(t, where) }).from(t).where(where).$dynamic();
}

/** A person's record of a year (details, deletes). */
export const RecordKey = z.object({ usSeq: seqField, year: recordYear });

type Handler = (ctx: CallContext) => Promise<Envelope>;

/**
 * getList.do, getDetail.do, edit.do, delete.do, getCodeList.do and getCodeListAll.do of a kind's
 * table (`codeList`: the search panel's lists). A delete is soft (del 'Y'): {deleted} '삭제하였습니다.',
 * or 404 '데이터가 없습니다.'; a record with a recorded consent answer of its year is refused (409,
 * ADR 0062).
 */
export function personRoutes<R extends { id: string }, Row, V, C>(kind: PersonKind<R, Row>, list: Table<any, V, C>, codeList: Handler): RouteDef[] {
  const defs = kind.calls;
  const calls = { ...personRecordCalls(kind), codeList, codeListAll: kind.codes.handler };
  const t = kind.table as typeof students;
  return tableRoutes(list, {
    list: defs.list,
    detail: { path: defs.detail, key: RecordKey, run: calls.detail, missing: MSG.noData },
    save: { path: defs.save, run: calls.edit, multipart: true },
    remove: {
      path: defs.remove,
      key: RecordKey,
      run: async (db, { usSeq, year }) => {
        // the consent answers recorded for the person's record of this year are shown through it:
        // the record stays while one is there (ADR 0062, PIPA)
        const [agreed] = await db
          .select({ uiaSeq: agreeRecipients.uiaSeq })
          .from(agreeRecipients)
          .where(and(eq(agreeRecipients.usSeq, usSeq), eq(agreeRecipients.year, year), isNotNull(agreeRecipients.agreeYn)))
          .limit(1);
        if (agreed) throw new ApiError(fail(409, OWN_MSG.personAgreedNoDelete));
        const done = await db
          .update(t)
          .set({ del: "Y", uptDt: new Date() })
          .where(and(eq(t.usSeq, usSeq), eq(t.year, year), eq(t.del, "N")))
          .returning({ usSeq: t.usSeq });
        return done.length ? { deleted: done.length } : null;
      },
      done: MSG.deleteDone,
      missing: MSG.noData,
    },
    more: [
      route(defs.codeList, "required", calls.codeList),
      route(defs.codeListAll, "required", calls.codeListAll),
    ],
  }).routes;
}

/**
 * What differs between a student's and a professor's record of a year, for the detail and the save
 * they share (personRecordCalls) and the routes (personRoutes): the table and its key, the form's
 * code lists, schema and order, the detail's view and the messages of the person's number.
 */
export interface PersonKind<R extends { id: string }, Row> {
  table: PersonTable;
  /** the record's own key column: stSeq / pfSeq */
  seq: "stSeq" | "pfSeq";
  usTy: string;
  /** the detail reply's key: {student} / {professor} */
  name: "student" | "professor";
  /** the kind's calls (app/calls/people.ts STUDENT / PROFESSOR) */
  calls: Record<"list" | "detail" | "save" | "remove" | "codeList" | "codeListAll", CallDef>;
  /** the form's code lists (personCodeLists) */
  codes: { groups: readonly string[]; check: (db: Db | Tx, year: number, r: R) => Promise<void>; handler: Handler };
  schema: ZodTypeAny;
  order: readonly string[];
  record: (form: any) => R;
  detail: (row: Row, names: Map<string, string>) => unknown;
  idReadOnly: string;
  idTaken: string;
  /** what an update writes of the record (default: all of it) */
  updateOf?: (record: R, body: Record<string, unknown>) => Partial<R>;
}

const EditKey = z.object({ year: recordYear, usSeq: optionalSeq });

/**
 * The detail and the save of a person's record of a year (spec 001 §7 getDetail.do, edit.do).
 * Save: multipart, the form fields, `year`, `usSeq` for an update, an optional photo; the joined
 * wire fields (brde 'YYYY-MM-DD', telNo '010-1234-5678') are accepted in place of the flat ones;
 * re-validated with the form's own schema, the codes against the year's lists; the person's number
 * cannot change on an update, and one already live in the year is status 201 with a message.
 */
export function personRecordCalls<R extends { id: string }, Row>(kind: PersonKind<R, Row>) {
  // the two tables share the columns used here; the record key is the kind's own
  const t = kind.table as typeof students;
  const seqOf = (row: Record<string, unknown>) => row[kind.seq] as number;
  const seqColumn = (kind.table as unknown as Record<string, typeof students.stSeq>)[kind.seq];

  async function find(db: Db | Tx, usSeq: number, year: number): Promise<Row | null> {
    const [row] = await db
      .select()
      .from(t)
      .where(and(eq(t.usSeq, usSeq), eq(t.year, year), eq(t.del, "N")))
      .limit(1);
    return (row as Row | undefined) ?? null;
  }

  async function detail(db: Db, { usSeq, year }: z.output<typeof RecordKey>) {
    const row = await find(db, usSeq, year);
    return row && { [kind.name]: kind.detail(row, await codeNames(db, kind.codes.groups, year)) };
  }

  async function edit(ctx: CallContext) {
    requireAuth(ctx);
    const { year, usSeq } = parseInput(EditKey, ctx.body);
    const record = kind.record(parseInput(kind.schema, flattenWireFields(ctx.body), kind.order));
    await kind.codes.check(ctx.db, year, record);
    const photo = await readPhoto(ctx.files);
    try {
      return await ctx.db.transaction(async (tx) => {
        if (usSeq) {
          const current = (await find(tx, usSeq, year)) as (Row & { id: string }) | null;
          if (!current) return fail(404, MSG.noData);
          if (current.id !== record.id) return fail(400, kind.idReadOnly);
          const stored = await putPhoto(dbStorage(tx), photo);
          const own = seqOf(current as Record<string, unknown>);
          const values = kind.updateOf ? kind.updateOf(record, ctx.body) : record;
          await tx
            .update(t)
            .set({ ...values, ...stored, uptDt: new Date() } as never)
            .where(eq(seqColumn, own));
          return ok({ usSeq, [kind.seq]: own }, MSG.updated);
        }
        const seq = (await ensurePersons(tx, kind.usTy, [record.id])).get(record.id)!;
        if (await find(tx, seq, year)) return fail(201, kind.idTaken);
        const stored = await putPhoto(dbStorage(tx), photo);
        const [row] = await tx
          .insert(t)
          .values({ ...record, usSeq: seq, year, ...stored } as never)
          .returning({ own: seqColumn });
        return ok({ usSeq: seq, [kind.seq]: row.own }, MSG.created);
      });
    } catch (err) {
      if (isUniqueViolation(err)) return fail(201, kind.idTaken);
      throw err;
    }
  }

  return { find, detail, edit };
}
