/**
 * Wire schemas shared by several endpoint files: the shapes the `.do` calls return
 * (docs/contract.md), and the tolerant reading primitives every reply schema is built of.
 *
 * Tolerant reading, strict writing: the real backend is a legacy server written from the spec by
 * someone else, and one unexpected value shape must not blank a page. So a reply schema reads
 * `null` for an absent value or list, numbers sent as text, Y/N flags sent as booleans (or 1/0,
 * 'true'/'false'), code lists of `{id, text}` objects or of bare values, and extra fields; a row
 * of a list that cannot be read at all is dropped and counted (`unreadableRows`), not the whole
 * list. What the product sends is not touched by any of this.
 */
import { z } from "zod";

// ---------------------------------------------------------------------------------------------
// Tolerant reading primitives
// ---------------------------------------------------------------------------------------------

const absent = (v: unknown): v is null | undefined | "" => v === null || v === undefined || v === "";

/** An object with extra fields accepted (every record of a reply). */
export const obj = <S extends z.ZodRawShape>(shape: S) => z.object(shape).passthrough();

/**
 * A text value as sent: a string, a number (as text), or a boolean where the value is a Y/N flag the
 * spec does not type (a status, a state): true 'Y', false 'N'.
 */
const textual = z.union([z.string(), z.number(), z.boolean().transform((b) => (b ? "Y" : "N"))]);
/** Text: a string, a number (as text) or a boolean (Y/N); '' when absent (null, undefined). */
export const text = textual.nullish().transform((v) => (v === null || v === undefined ? "" : String(v)));
/** Text, null when absent or ''. */
export const textOrNull = textual.nullish().transform((v) => (absent(v) ? null : String(v)));
/** Text that may be left out: absent stays absent (undefined), null or '' is null. */
export const maybeText = textual.nullish().transform((v) => (v === undefined ? undefined : absent(v) ? null : String(v)));
/** Text the record cannot do without (a key, a name): a string or a number, never absent. */
export const key = z.union([z.string(), z.number()]).transform(String);

const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/, "not a number")
    .transform(Number),
]);
/** A number, or a number sent as text. */
export const num = numeric;
/** A number; `fallback` when absent (null, undefined or ''). */
export const numOr = <F extends number | null | undefined>(fallback: F) =>
  z.union([numeric, z.null(), z.undefined(), z.literal("")]).transform((v): number | F => (absent(v) ? fallback : (v as number)));
/** A number, null when absent. */
export const numOrNull = numOr(null);
/** A number that may be left out: absent stays absent (undefined), null or '' is null. */
export const maybeNum = z.union([numeric, z.null(), z.literal("")]).optional().transform((v) => (v === "" ? null : v));
/** A number, undefined when absent. */
export const optNum = numOr(undefined);

const YES = new Set<unknown>(["Y", "y", true, "true", "TRUE", 1, "1"]);
const NO = new Set<unknown>(["N", "n", false, "false", "FALSE", 0, "0"]);
/**
 * A Y/N flag: 'Y'/'N' however sent ('y'/'n', true/false, 'true'/'false', 1/0, '1'/'0'); '' when
 * absent. Any other text is kept as it is (the field is shown, not decided on, by what reads it).
 */
export const flag = z
  .union([z.string(), z.number(), z.boolean()])
  .nullish()
  .transform((v): string => (YES.has(v) ? "Y" : NO.has(v) ? "N" : v === null || v === undefined ? "" : String(v)));
/** A flag as 'Y' | 'N', null when absent or not a flag. */
export const ynOrNull = flag.transform((v) => (v === "Y" || v === "N" ? v : null));
/** A boolean, or a flag sent as 'Y'/'N', 1/0, 'true'/'false'; `fallback` when absent. */
export const bool = (fallback = false) => flag.transform((v) => (v === "Y" ? true : v === "N" ? false : fallback));

const UNREADABLE = "unreadable";
/**
 * A list: null or absent is []; a row that cannot be read is dropped, counted on the list (read
 * it with `unreadableRows`) and logged, and the other rows are read.
 */
export const list = <T extends z.ZodTypeAny>(item: T) =>
  z
    .array(z.unknown())
    .nullish()
    .transform((rows) => {
      const out: z.output<T>[] = [];
      let dropped = 0;
      let first = "";
      for (const row of rows ?? []) {
        const r = item.safeParse(row);
        if (r.success) out.push(r.data);
        else {
          dropped += 1;
          first ||= r.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ");
        }
      }
      if (dropped) {
        console.error(`[legacy] ${dropped} unreadable row(s) of ${out.length + dropped} left out: ${first}`);
        Object.defineProperty(out, UNREADABLE, { value: dropped, enumerable: false });
      }
      return out;
    });
/** How many rows of a list read with `list` could not be read (0 for any other value). */
export function unreadableRows(rows: unknown): number {
  const n = rows && typeof rows === "object" ? (rows as Record<string, unknown>)[UNREADABLE] : 0;
  return typeof n === "number" ? n : 0;
}

/** A code of a code list: `{id, text}` (numbers taken as text), or a bare value v as `{id: v, text: v}`. */
export const code = z.union([
  obj({ id: key, text: text }),
  z.union([z.string(), z.number()]).transform((v) => ({ id: String(v), text: String(v) })),
]);
/** A code list. */
export const codeList = list(code);
/** A list of years (or other numbers): bare numbers, numbers as text, or `{id, text}` codes (the id taken). */
export const numberList = list(z.union([numeric, z.object({ id: numeric }).passthrough().transform((c) => c.id)]));

export const wireUser = obj({
  userSeq: num,
  userId: key,
  userNm: key,
  dptCd: text,
  dptNm: text,
  telNo: text,
  email: text,
  emailCd: text,
  authTy: text,
  usyn: flag,
  aprYn: flag,
  adminYn: flag,
  /** the embedded backend's addition (ADR 0024): 'Y' when the password must be changed first */
  pwChangeYn: flag,
  /** the embedded backend's addition (issue 37 item 6, ADR 0064): 'Y' while find-password is locked */
  lockYn: flag,
  regDt: text,
  uptDt: text,
});
export type WireUser = z.infer<typeof wireUser>;

export const wireCode = code;
export type WireCode = z.infer<typeof wireCode>;

export const wireMenu = obj({
  menuSeq: num,
  upprMenuSeq: maybeNum,
  menuLvl: num,
  menuTy: key,
  menuNm: key,
  menuUrl: text,
  cmpltCnt: maybeNum,
  upprMenuNm: maybeText,
  upMenuNm: maybeText,
  sort: maybeNum,
});
export type WireMenu = z.infer<typeof wireMenu>;

export const listOf = <T extends z.ZodTypeAny>(item: T) => obj({ list: list(item) });
export const nothing = z.unknown();

/** A column of evaluation mode (`/api/eval/getEvalColumnsList.do`, or a list reply's `columns`). */
export const wireEvalColumn = obj({ clm: key, clmNm: text });
export type WireEvalColumn = z.infer<typeof wireEvalColumn>;
/** A list reply's `columns`: undefined when absent, null or empty (the caller then asks getEvalColumnsList.do). */
export const replyColumns = list(wireEvalColumn).transform((c) => (c.length ? c : undefined));
/** A plain list's `columns`: whatever is sent (null, []), there are none. */
export const noColumns = z.unknown().transform((): undefined => undefined);
/** A row of evaluation mode: the configured columns' values as sent. */
export const evalRow = z.record(z.unknown());

/**
 * A list reply in evaluation mode (the request's eiSeq and menuSeq): rows of the configured
 * columns, with `columns` when the server sends them. Spec §7 sends only `result.list`: without
 * `columns` the rows are kept and the list kit asks getEvalColumnsList.do.
 */
const evalModeList = <M extends z.ZodRawShape = Record<never, never>>(more: M = {} as M) =>
  obj({ ...more, list: list(evalRow), total: optNum, columns: replyColumns });

/**
 * A list reply that in evaluation mode (the request's eiSeq and menuSeq) is rows of the configured
 * columns plus those `columns`, else rows of `row` without columns; `more` are the reply's other
 * keys. `total` is the embedded backend's addition (docs/contract.md "Paging and sorting").
 * `evalMode` is the reply as read when the request is in evaluation mode (`callLegacy` picks it):
 * the union alone cannot tell an evaluation row without `columns` from a plain one.
 */
export const evalOrPlainList = <R extends z.ZodTypeAny, M extends z.ZodRawShape = Record<never, never>>(row: R, more: M = {} as M) =>
  Object.assign(
    z.union([
      obj({ ...more, list: list(evalRow), total: optNum, columns: z.array(z.unknown()).nonempty().pipe(list(wireEvalColumn)) }),
      obj({ ...more, list: list(row), total: optNum, columns: noColumns }),
    ]),
    { evalMode: evalModeList(more) },
  );

/** The fields of a person of the send lists (consent forms and surveys: recipients, people to add). */
export const personFields = { usSeq: num, usTy: text, id: text, name: text, dpt: text, grde: text, status: text };

/** An Excel upload's reply: the counts, the failing rows and the server's message. */
export const wireUploadFailure = obj({ row: num, id: text, message: text });
export type WireUploadFailure = z.infer<typeof wireUploadFailure>;
/** insertCount, updateCount and unchangedCount are the embedded backend's extension (ADR 0061): absent from a legacy server's reply. */
export const uploadReply = obj({ message: text, successCount: num, faildCount: num, failures: list(wireUploadFailure), insertCount: optNum.catch(undefined), updateCount: optNum.catch(undefined), unchangedCount: optNum.catch(undefined) });
export type UploadReply = z.infer<typeof uploadReply>;
/** A save's whole reply: the server's message. */
export const messageReply = obj({ message: text });

/** Evaluation route parameters: both present switches a list to evaluation mode. */
export interface EvalParams {
  eiSeq?: number;
  menuSeq?: number;
}

/** A GET download's query: empty values dropped, lists joined with ','. */
export const asQuery = (q: Record<string, string | number | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)]),
  );

/**
 * Paging and sorting of a list call (docs/contract.md "Paging and sorting"): a backend that pages
 * answers that page and the `total`; one that does not answers the whole list, which the web tier
 * sorts and slices (app/utils/list-loader.server.ts).
 */
export interface ListQuery {
  page?: number;
  size?: number;
  /** `key:asc|desc`, several joined by ',' */
  sort?: string;
}

/**
 * A year's list call's filter: evaluation mode, paging and sort, the year, and the search text under
 * the name the call's spec gives it ('searchTxt', 'value').
 */
export type YearListFilter<Text extends string = "searchTxt"> = EvalParams & ListQuery & { year: number } & Record<Text, string>;

/** A list the spec sends as JSON text ('users is JSON text', 'subj as JSON text'), or already a list (`list`'s tolerance). */
export const jsonTextList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v || "[]");
    } catch {
      return v;
    }
  }, list(item));

/** A person record's fields by level: a list row's texts, or a detail's e-mail, phone in parts and times. */
const PERSON_LEVEL = {
  row: { status: text, txt: text },
  detail: { email: text, emailCd: text, emailAddr: text, telNo: text, telNo1: text, telNo2: text, telNo3: text, regDt: text, uptDt: text, dayWeek: text },
};

/**
 * A person's record of a year in the people replies (spec 001 §3; endpoints/people.server.ts):
 * the fields every kind has, those of the level (a list row's or a detail's), and the kind's `own`.
 */
export const personRecord = <L extends keyof typeof PERSON_LEVEL, S extends z.ZodRawShape>(level: L, own: S) =>
  obj({ usSeq: num, year: num, id: key, name: key, imgSrc: textOrNull, ...PERSON_LEVEL[level], ...own });
