/**
 * The server half of the student lookup rows (app/schemas/student-rows.ts,
 * app/components/form/StudentRows.tsx). Without JavaScript the dialog's confirm, add-row and
 * remove-row buttons post the whole form with an intent; with JavaScript only the confirm button
 * posts (through a fetcher, with just the row's number and the year). Either way the reply carries
 * the rows, so the dialog re-renders with every row and every typed value kept.
 */
import { json } from "@remix-run/node";
import { LegacyError } from "~/legacy/errors";
import { studentName } from "~/legacy/endpoints/lookup.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { ROWS, blankRow, checkKey, readRows, rowField, type LookupReply, type LookupRow } from "~/schemas/student-rows";
import type { UserContext } from "./context.server";
import { formFailure, formValues } from "./form.server";

export { readRows };

/** The intents this step answers: `lookup:<i>`, `addRow`, `removeRow:<i>`. */
export function isRowsIntent(intent: string): boolean {
  return intent === "addRow" || /^(lookup|removeRow):\d{1,4}$/.test(intent);
}

/** Whom the rows look up: a number in a year → name and usSeq, and the messages of a failed lookup. */
export interface RowsLookup {
  find: (session: UserContext["session"], id: string, year: number) => Promise<{ name: string; usSeq: number } | null>;
  /** an empty number */
  needsId: string;
  /** a number the year does not have */
  unknown: string;
  /** a number that is not digits */
  digits: string;
}

/** The year's students (spec 002 §7 getStuName.do): the default lookup. */
export const STUDENT_LOOKUP: RowsLookup = { find: studentName, needsId: MSG.lookupNeedsId, unknown: MSG.lookupUnknown, digits: OWN_MSG.studentIdDigits };

export interface RowsStepOptions {
  /** Whom the rows look up (default: the year's students). */
  lookup?: RowsLookup;
  /**
   * Every row can be removed, but not the last one left: removing it is refused with this message
   * (spec 001 §5: R07 and R17's '한명의 참여자는 등록되어야합니다.', R17's '한명의 수상자는 등록되어야합니다.'). Without it the first row cannot be removed.
   */
  lastRow?: string;
  /** The form field holding the dialog's year (default 'year'). */
  yearField?: string;
  prefix?: string;
  /** The fields a new row starts with besides the lookup ones. */
  extraBlank?: Record<string, string>;
  /** At most this many rows. */
  maxRows?: number;
}

/** Answers a rows intent: the lookup of one row, or a row added or removed. */
export async function rowsStep(ctx: UserContext, form: FormData, intent: string, opts: RowsStepOptions = {}): Promise<Response> {
  const prefix = opts.prefix ?? ROWS;
  const rows = readRows(form, prefix);
  const values = formValues(form);
  const formId = form.get("__rvfInternalFormId") ?? undefined;
  const reply = (extra: Record<string, unknown>, status = 200) => json({ fieldErrors: {}, repopulateFields: values, rows, formId, ...extra }, { status });

  if (intent === "addRow") {
    if (rows.length < (opts.maxRows ?? 100)) rows.push(blankRow(opts.extraBlank));
    return reply({});
  }
  const [verb, n] = intent.split(":");
  const index = Number(n);
  if (verb === "removeRow") {
    if (opts.lastRow) {
      if (rows.length <= 1) return reply({ alert: opts.lastRow, fieldErrors: { [rowField(0, "id", prefix)]: opts.lastRow } }, 400);
      if (index < rows.length) rows.splice(index, 1);
      return reply({});
    }
    // the first row cannot be removed (spec 002 §4)
    if (index > 0 && index < rows.length) rows.splice(index, 1);
    return reply({});
  }
  const who = opts.lookup ?? STUDENT_LOOKUP;

  // lookup: the number as typed (a fetcher posts only this row), in the dialog's year
  const id = String(form.get(rowField(index, "id", prefix)) ?? "").trim();
  const year = String(form.get(opts.yearField ?? "year") ?? "").trim();
  const failWith = (message: string) => {
    const lookup: LookupReply = { index, id, name: "", usSeq: "", checked: "", message };
    if (rows[index]) Object.assign(rows[index], { name: "", usSeq: "", checked: "" });
    return reply({ lookup, alert: message, fieldErrors: { [rowField(index, "id", prefix)]: message } }, 400);
  };
  if (!id || !/^[0-9]{1,20}$/.test(id)) return failWith(id ? who.digits : who.needsId);
  if (!/^[0-9]{4}$/.test(year)) return failWith(MSG.yearRequired);
  try {
    const stu = await who.find(ctx.session, id, Number(year));
    if (!stu) return failWith(who.unknown);
    const found = { name: stu.name, usSeq: String(stu.usSeq), checked: checkKey(year, id) };
    if (rows[index]) Object.assign(rows[index], found);
    const lookup: LookupReply = { index, id, ...found };
    return reply({ lookup });
  } catch (e) {
    if (e instanceof LegacyError) return failWith(e.message);
    throw e;
  }
}

/**
 * A dialog's reply (validation failure, confirmation step, the server's message) with the posted
 * rows added, so that the dialog re-renders every row without JavaScript.
 */
export async function withRows(res: Response, form: FormData, prefix = ROWS): Promise<Response> {
  const body = (await res.json()) as Record<string, unknown>;
  return json({ ...body, rows: readRows(form, prefix) }, { status: res.status });
}

/** A dialog's save call: the server's refusal (a LegacyError) re-renders the dialog with its message and every row. */
export function orRowsFailure(form: FormData, work: () => Promise<Response>, prefix = ROWS): Promise<Response> {
  return work().catch((e: unknown) => {
    if (e instanceof LegacyError) return withRows(formFailure(form, e.message), form, prefix);
    throw e;
  });
}
