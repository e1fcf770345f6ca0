/**
 * The calls every people screen has under /api/{student|professor}/ (spec 001 §7 "Students and
 * professors"): the list, the detail and the delete of a person's record of a year, the save
 * (multipart, with a photo), and the two code lists.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { z, type ZodTypeAny } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { isUniqueViolation, type Db, type Tx } from "../db/client.server";
import { professors, students } from "../db/schema";
import { agreeRecipients } from "../db/schema/privacy";
import { codeNames } from "../handlers/code.server";
import { requireAuth, type CallContext, type RouteDef } from "./context.server";
import { ApiError, fail, ok, parseInput, type Envelope } from "./envelope.server";
import { ensurePersons, flattenWireFields, optionalSeq, putPhoto, readPhoto, recordYear, seqField } from "./people.server";
import { dbStorage } from "./storage.server";
import { tableRoutes, type Table } from "./table-routes.server";

/** A person's record of a year (details, deletes). */
export const RecordKey = z.object({ usSeq: seqField, year: recordYear });

type Handler = (ctx: CallContext) => Promise<Envelope>;

export interface PersonCalls {
  /** The detail's result ({student} / {professor}), or null when the record is not there. */
  detail: (db: Db, key: z.output<typeof RecordKey>) => Promise<unknown>;
  edit: Handler;
  codeList: Handler;
  codeListAll: Handler;
}

/**
 * getList.do, getDetail.do, edit.do, delete.do, getCodeList.do and getCodeListAll.do of a person
 * table. A delete is soft (del 'Y'): {deleted} '삭제하였습니다.', or 404 '데이터가 없습니다.'; a record with a
 * recorded consent answer of its year is refused (409, ADR 0062).
 */
export function personRoutes<V, C>(segment: "student" | "professor", table: typeof students | typeof professors, list: Table<any, V, C>, calls: PersonCalls): RouteDef[] {
  const t = table as typeof students;
  return tableRoutes(list, {
    list: `/api/${segment}/getList.do`,
    detail: { path: `/api/${segment}/getDetail.do`, key: RecordKey, run: calls.detail, missing: MSG.noData },
    save: { path: `/api/${segment}/edit.do`, run: calls.edit, multipart: true },
    remove: {
      path: `/api/${segment}/delete.do`,
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
      { path: `/api/${segment}/getCodeList.do`, auth: "required", handler: calls.codeList },
      { path: `/api/${segment}/getCodeListAll.do`, auth: "required", handler: calls.codeListAll },
    ],
  }).routes;
}

/**
 * What differs between a student's and a professor's record of a year, for the detail and the save
 * they share (personRecordCalls): the table and its key, the form's schema and order, the code
 * check, the detail's view and the messages of the person's number.
 */
export interface PersonKind<R extends { id: string }, Row> {
  table: typeof students | typeof professors;
  /** the record's own key column: stSeq / pfSeq */
  seq: "stSeq" | "pfSeq";
  usTy: string;
  /** the detail reply's key: {student} / {professor} */
  name: "student" | "professor";
  codeGroups: readonly string[];
  schema: ZodTypeAny;
  order: readonly string[];
  record: (form: any) => R;
  checkCodes: (db: Db | Tx, year: number, r: R) => Promise<void>;
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
    return row && { [kind.name]: kind.detail(row, await codeNames(db, kind.codeGroups, year)) };
  }

  async function edit(ctx: CallContext) {
    requireAuth(ctx);
    const { year, usSeq } = parseInput(EditKey, ctx.body);
    const record = kind.record(parseInput(kind.schema, flattenWireFields(ctx.body), kind.order));
    await kind.checkCodes(ctx.db, year, record);
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
