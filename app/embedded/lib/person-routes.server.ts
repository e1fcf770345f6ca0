/**
 * The calls every people screen has under /api/{student|professor}/ (spec 001 §7 "Students and
 * professors"): the list, the detail and the delete of a person's record of a year, the save
 * (multipart, with a photo), and the two code lists.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import type { Db } from "../db/client.server";
import { professors, students } from "../db/schema";
import { agreeRecipients } from "../db/schema/privacy";
import type { CallContext, RouteDef } from "./context.server";
import { ApiError, fail, type Envelope } from "./envelope.server";
import { recordYear, seqField } from "./people.server";
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
