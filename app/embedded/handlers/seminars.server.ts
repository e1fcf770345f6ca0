/**
 * R07 seminars (spec 001 §3 "Seminar", §4, §5 "Seminar", §7 "Seminars", §8, §9;
 * docs/contract.md "Seminars"), on the table kit:
 * - POST /api/seminar/list.do {year, value, eiSeq?, menuSeq?, page?, size?, sort?, smSeq?} ->
 *   {list, total[, columns]}: the year's seminars (the text matches the place, the category's name
 *   or a participant's number or name), each with its category name, place name, schedule file
 *   (file/flnm/orn/rovl), participant count and names.
 * - POST /api/seminar/detail.do {smSeq} -> {seminar} with `users` as JSON text; none: 404
 *   '데이터가 없습니다.' (spec 001 §8).
 * - POST /api/seminar/edit.do multipart {data (JSON), file}: the dialog's rules again (the same
 *   schema), the category among the year's codes (none that year: '해당년도에 등록된 공통코드가
 *   없습니다.'), every participant the year's professor of that number with the confirmed usSeq,
 *   the schedule by extension, signature and size; `fileDel` Y removes the saved one (a new file
 *   replaces it); all in one transaction.
 * - POST /api/seminar/delete.do {smSeq}: marks the seminar usyn N ('삭제하였습니다.').
 * - POST /api/seminar/getPfInfo.do {id, year} -> {pf: {name, usSeq, id} | null}.
 * - GET /api/seminar/excelDown.do (the list's filter; in evaluation mode the configured columns),
 *   GET /api/seminar/excelSampleDown.do {year} (the upload's form with an example row of the year's
 *   first category), POST (multipart) /api/seminar/excelUpload.do {year, file}: a seminar a row.
 */
import { and, asc, eq, exists, ilike, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage } from "../../schemas/person-fields";
import {
  FILE_FIELD,
  SEMINAR_CODE,
  SEMINAR_FILE_EXTENSIONS,
  SEMINAR_LABELS as H,
  PLACE_CODES,
  SEMINAR_TITLE,
  placeName,
  seminarOrder,
  seminarSchema,
  type SeminarForm,
  type WireSeminarUser,
} from "../../routes/_app.insert.professor.seminar+/__schema";
import { checkKey } from "../../schemas/student-rows";
import type { ExcelColumn } from "../../utils/excel.server";
import type { Db, Tx } from "../db/client.server";
import { persons, professors, seminarUsers, seminars } from "../db/schema";
import { requireAuth, route, type CallContext } from "../lib/context.server";
import { SEMINARS } from "../../routes/_app.insert.professor.seminar+/__calls";
import { ApiError, fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { jsonText, likePattern, listYear, optionalSeq, professorsByNumber, recordYear, searchText, seqField, type YearProfessor } from "../lib/people.server";
import { RowError, importSheet, type StoredRecord, type UploadResult } from "../lib/sheet-import.server";
import { attachmentSelect, checkOneAttachment, savedAttachment, wireFile } from "../lib/attachment.server";
import { TOTAL, exampleSheet, markDeleted, tableRoutes, tableViews, type Table, type TableFilter } from "../lib/table-routes.server";
import { formatWireDate } from "../lib/time";
import { codeOfCell, listCodes, type CodeItem } from "./code.server";

const live = eq(seminars.usyn, "Y");

/** A seminar as the wire answers it (spec 001 §3). */
export interface SeminarView extends Record<string, unknown> {
  smSeq: number;
  year: number;
  smSe: string;
  smSeNm: string;
  smStde: string;
  smEnde: string;
  placeCd: string;
  placeNm: string;
  place: string;
  /** the schedule: `file` and `orn` its Korean name, `flnm`/`rovl` its stored key ('' when none) */
  file: string;
  flnm: string;
  rovl: string;
  orn: string;
  userCnt: number;
  /** the participants' names, '이름(사번)' joined with ', ' (our extra: the list shows them) */
  userNm: string;
  users: WireSeminarUser[];
  regDt: string | null;
}

const Filter = { year: listYear, value: searchText, smSeq: optionalSeq };
type SeminarFilter = TableFilter<typeof Filter>;

/** The participants of the seminars, in the dialog's order, with the name of their record of the seminar's year. */
async function usersOf(db: Db | Tx, list: readonly { smSeq: number; year: number }[]): Promise<Map<number, WireSeminarUser[]>> {
  const out = new Map<number, WireSeminarUser[]>();
  if (!list.length) return out;
  const rows = await db
    .select({ smSeq: seminarUsers.smSeq, usSeq: seminarUsers.usSeq, id: persons.id, name: professors.name })
    .from(seminarUsers)
    .innerJoin(seminars, eq(seminars.smSeq, seminarUsers.smSeq))
    .innerJoin(persons, eq(persons.usSeq, seminarUsers.usSeq))
    .leftJoin(professors, and(eq(professors.usSeq, seminarUsers.usSeq), eq(professors.year, seminars.year), eq(professors.del, "N")))
    .where(inArray(seminarUsers.smSeq, list.map((s) => s.smSeq)))
    .orderBy(asc(seminarUsers.smSeq), asc(seminarUsers.sort), asc(persons.id));
  for (const r of rows) {
    const users = out.get(r.smSeq) ?? [];
    users.push({ smSeq: r.smSeq, usSeq: r.usSeq, id: r.id, name: r.name ?? "", status: "Y" });
    out.set(r.smSeq, users);
  }
  return out;
}

/** The text matches the place, the category's name or a participant's number or name. */
function matching(db: Db | Tx, text: string, codes: readonly CodeItem[]) {
  if (!text) return undefined;
  const pattern = likePattern(text);
  const lower = text.toLowerCase();
  const categories = codes.filter((c) => c.text.toLowerCase().includes(lower)).map((c) => c.id);
  const participant = db
    .select({ one: sql`1` })
    .from(seminarUsers)
    .innerJoin(persons, eq(persons.usSeq, seminarUsers.usSeq))
    .leftJoin(professors, and(eq(professors.usSeq, seminarUsers.usSeq), eq(professors.year, seminars.year), eq(professors.del, "N")))
    .where(and(eq(seminarUsers.smSeq, seminars.smSeq), or(ilike(persons.id, pattern), ilike(professors.name, pattern))));
  return or(ilike(seminars.place, pattern), categories.length ? inArray(seminars.smSe, categories) : undefined, exists(participant));
}

/** The seminar's own columns (also its sort keys) and its participants' count. */
const KEYS = {
  smSeq: seminars.smSeq,
  year: seminars.year,
  smSe: seminars.smSe,
  smStde: seminars.smStde,
  smEnde: seminars.smEnde,
  placeCd: seminars.placeCd,
  place: seminars.place,
};
// the outer row's key written out: drizzle renders a one-table select's columns unqualified, and an
// unqualified sm_seq inside the subquery is seminar_users' own (every participant would be counted)
const USER_COUNT = sql<number>`(select count(*) from seminar_users su where su.sm_seq = "seminars"."sm_seq")`.mapWith(Number);

const table: Table<typeof Filter, SeminarView, CodeItem[]> = {
  filter: Filter,
  // the year's category names (spec 001 §7: code 0001800000 by year)
  context: (db, f) => listCodes(db, SEMINAR_CODE, f.year),
  rows: (db, f, codes) =>
    db
      .select({ ...KEYS, ...attachmentSelect(seminars), regDt: seminars.regDt, userCnt: USER_COUNT, _total: TOTAL })
      .from(seminars)
      .where(and(eq(seminars.year, f.year), live, matching(db, f.value, codes), f.smSeq ? eq(seminars.smSeq, f.smSeq) : undefined))
      .$dynamic(),
  order: [asc(seminars.smStde), asc(seminars.smSeq)],
  sortable: { ...KEYS, userCnt: USER_COUNT, regDt: seminars.regDt },
  views: async (db, list, codes) => {
    const users = await usersOf(db, list);
    const names = new Map(codes.map((c) => [c.id, c.text]));
    return list.map((r): SeminarView => {
      const u = users.get(r.smSeq) ?? [];
      return {
        smSeq: r.smSeq,
        year: r.year,
        smSe: r.smSe,
        smSeNm: names.get(r.smSe) ?? "",
        smStde: r.smStde,
        smEnde: r.smEnde,
        placeCd: r.placeCd,
        placeNm: placeName(r.placeCd),
        place: r.place,
        file: r.fileOrn ?? "",
        ...wireFile(r),
        userCnt: u.length,
        userNm: u.map((p) => `${p.name}(${p.id})`).join(", "),
        users: u,
        regDt: formatWireDate(r.regDt),
      };
    });
  },
  // a list row carries the participants' count and names; the detail carries them (users) as JSON text
  wire: ({ users: _users, ...v }) => v,
  evalRow: ({ users: _users, ...v }) => v,
};

// ---------------------------------------------------------------------------------------------
// Detail, lookup
// ---------------------------------------------------------------------------------------------

async function findSeminar(db: Db | Tx, smSeq: number): Promise<SeminarView | null> {
  const [row] = await db.select({ year: seminars.year }).from(seminars).where(and(eq(seminars.smSeq, smSeq), live));
  if (!row) return null;
  const f = { year: row.year, value: "", smSeq } as SeminarFilter;
  const [view] = await tableViews(table, db, f, await listCodes(db, SEMINAR_CODE, row.year));
  return view ?? null;
}

const DetailKey = z.object({ smSeq: seqField });

const LookupBody = z.object({
  id: z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string({ required_error: MSG.employeeLookupNeedsId }).trim().regex(/^[0-9]{1,20}$/, MSG.employeeLookupNeedsId)),
  year: recordYear,
});

/** getPfInfo.do: the year's professor with that employee number, or pf null. */
async function getPfInfo(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const { id, year } = parseInput(LookupBody, ctx.body, ["id", "year"]);
  const found = (await professorsByNumber(ctx.db, year, [id])).get(id);
  return ok({ pf: found ? { name: found.name, usSeq: found.usSeq, id: found.id } : null });
}

// ---------------------------------------------------------------------------------------------
// Save
// ---------------------------------------------------------------------------------------------

const WireUser = z.object({ id: z.coerce.string(), name: z.string().nullish(), usSeq: z.unknown() }).passthrough();

/** The edit call's `data` → the dialog's form fields (the same schema checks it). */
function formOfData(data: Record<string, unknown>): Record<string, unknown> {
  const s = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "object" ? "" : String(v));
  const year = s(data.year);
  const users = z.array(WireUser).max(1000).safeParse(jsonText(data.users) ?? []);
  if (!users.success) throw new ApiError(fail(400, OWN_MSG.badRequest));
  return {
    year,
    smSeq: s(data.smSeq),
    smSe: s(data.smSe),
    smStde: s(data.smStde),
    smEnde: s(data.smEnde),
    placeCd: s(data.placeCd),
    place: s(data.place),
    rows: users.data.map((u) => {
      const id = u.id.trim();
      const usSeq = s(u.usSeq);
      return { id, name: s(u.name), usSeq, checked: usSeq ? checkKey(year, id) : "" };
    }),
    removeFile: s(data.fileDel) === "Y" ? "Y" : "",
  };
}

/** The category must be one of the year's codes (spec 001 §5: none that year is '해당년도에 등록된 공통코드가 없습니다.'). */
async function requireCategory(db: Db | Tx, year: number, smSe: string): Promise<void> {
  const codes = await listCodes(db, SEMINAR_CODE, year);
  if (!codes.length) throw new ApiError(fail(400, MSG.noYearCodes));
  if (!codes.some((c) => c.id === smSe)) throw new ApiError(fail(400, OWN_MSG.seminarCategoryRequired));
}

/** Every participant: the year's professor of that number, the usSeq its lookup confirmed (spec 001 §4, §5). */
async function requireParticipants(db: Db | Tx, year: number, rows: SeminarForm["rows"]): Promise<number[]> {
  const found = await professorsByNumber(db, year, rows.map((r) => r.id));
  return rows.map((r) => {
    const pf = found.get(r.id);
    if (!pf) throw new ApiError(fail(400, MSG.employeeLookupUnknown));
    if (pf.usSeq !== Number(r.usSeq)) throw new ApiError(fail(400, MSG.employeeLookupNotConfirmed));
    return pf.usSeq;
  });
}

async function edit(ctx: CallContext): Promise<Envelope> {
  requireAuth(ctx);
  const data = jsonText(ctx.body.data);
  if (!data || typeof data !== "object" || Array.isArray(data)) return fail(400, OWN_MSG.badRequest);
  const order = seminarOrder.map((f) => f.replace(/\[(\d+)\]/g, ".$1"));
  const parsed = seminarSchema.safeParse(formOfData(data as Record<string, unknown>));
  if (!parsed.success) return fail(400, firstMessage(parsed.error.issues, order) ?? OWN_MSG.badRequest);
  const d = parsed.data;
  const year = Number(d.year);
  const smSeq = d.smSeq ? Number(d.smSeq) : null;
  await requireCategory(ctx.db, year, d.smSe);
  const usSeqs = await requireParticipants(ctx.db, year, d.rows);
  const file = await checkOneAttachment(ctx.files[FILE_FIELD] ?? [], SEMINAR_FILE_EXTENSIONS);

  const values = { year, smSe: d.smSe, smStde: d.smStde, smEnde: d.smEnde, placeCd: d.placeCd, place: d.place };
  const saved = await ctx.db.transaction(async (tx) => {
    let at: number;
    // a new schedule (in 'seminar/yyyy/MM') replaces the saved one; a removed one is cleared (the stored file stays, unnamed)
    const fileValues = await savedAttachment(tx, file, "seminar", d.removeFile === "Y");
    if (smSeq) {
      const done = await tx
        .update(seminars)
        .set({ ...values, ...fileValues, uptDt: sql`now()` })
        .where(and(eq(seminars.smSeq, smSeq), live))
        .returning({ smSeq: seminars.smSeq });
      if (!done.length) throw new ApiError(fail(404, MSG.noData));
      at = smSeq;
      await tx.delete(seminarUsers).where(eq(seminarUsers.smSeq, smSeq));
    } else {
      const [made] = await tx.insert(seminars).values({ ...values, ...fileValues }).returning({ smSeq: seminars.smSeq });
      at = made.smSeq;
    }
    await tx.insert(seminarUsers).values(usSeqs.map((usSeq, i) => ({ smSeq: at, usSeq, sort: i })));
    return at;
  });
  return ok({ smSeq: saved }, smSeq ? MSG.updated : MSG.created);
}

// ---------------------------------------------------------------------------------------------
// Excel
// ---------------------------------------------------------------------------------------------

/** The download's columns: the record as the list shows it. */
const sheetColumns: ExcelColumn<SeminarView>[] = [
  { header: H.year, width: 8, value: (v) => v.year },
  { header: H.smSe, width: 24, value: (v) => v.smSeNm || v.smSe },
  { header: H.smStde, width: 12, value: (v) => v.smStde },
  { header: H.smEnde, width: 12, value: (v) => v.smEnde },
  { header: H.placeCd, width: 10, value: (v) => v.placeNm },
  { header: H.place, width: 24, value: (v) => v.place },
  { header: "참여자 수", width: 10, value: (v) => v.userCnt },
  { header: H.ids, width: 30, value: (v) => v.users.map((u) => u.id).join(", ") },
  { header: H.users, width: 40, value: (v) => v.users.map((u) => u.name).join(", ") },
  { header: H.file, width: 24, value: (v) => v.orn },
  { header: "등록일", width: 20, value: (v) => v.regDt ?? "" },
];

/** The upload's headers (the sample's columns). */
const UPLOAD_HEADERS = [H.smSe, H.smStde, H.smEnde, H.placeCd, H.place, H.ids] as const;

/** The sample: the upload's headers and one example row of the year's first category; a year without codes has none. */
async function sample(db: Db, year: number): Promise<Response> {
  const codes = await listCodes(db, SEMINAR_CODE, year);
  if (!codes.length) throw new ApiError(fail(400, MSG.noYearCodes));
  const [pf] = await db.select({ id: professors.id }).from(professors).where(and(eq(professors.year, year), eq(professors.del, "N"))).orderBy(asc(professors.id)).limit(2);
  const example: Record<(typeof UPLOAD_HEADERS)[number], string> = {
    [H.smSe]: codes[0].text,
    [H.smStde]: `${year}-03-02`,
    [H.smEnde]: `${year}-03-03`,
    [H.placeCd]: PLACE_CODES[0].label,
    [H.place]: "의과대학 본관 세미나실",
    [H.ids]: pf?.id ?? "",
  };
  return exampleSheet(`${SEMINAR_TITLE}_업로드_양식_${year}.xlsx`, SEMINAR_TITLE, UPLOAD_HEADERS.map((h) => ({ header: h, width: h === H.ids ? 30 : 16, value: example[h] })));
}

interface UploadRecord {
  values: { smSe: string; smStde: string; smEnde: string; placeCd: string; place: string };
  usSeqs: number[];
}

/** A seminar's natural key: category, dates and place. */
const seminarKey = (v: { smSe: string; smStde: string; smEnde: string; placeCd: string | null; place: string | null }) =>
  JSON.stringify([v.smSe, v.smStde, v.smEnde, v.placeCd ?? "", (v.place ?? "").trim()]);

/** A place cell: '교내'/'교외' or '1'/'2'. */
const placeOfCell = (cell: string) => PLACE_CODES.find((p) => p.label === cell.trim() || p.value === cell.trim())?.value ?? cell.trim();

/** Reads every row (a seminar; its participants' numbers in one cell) with the dialog's rules, and stores the valid ones. */
export async function importSeminars(db: Db, year: number, bytes: Uint8Array): Promise<UploadResult> {
  const codes = await listCodes(db, SEMINAR_CODE, year);
  if (!codes.length) throw new ApiError(fail(400, MSG.noYearCodes));
  const order = seminarOrder.map((f) => f.replace(/\[(\d+)\]/g, ".$1"));
  const known = new Map<string, YearProfessor | null>();
  return importSheet<UploadRecord>(
    db,
    {
      headers: UPLOAD_HEADERS,
      year,
      idOf: (cells) => `${cells[H.smSe] ?? ""} ${cells[H.smStde] ?? ""}`.trim(),
      read: async (cells) => {
        const ids = (cells[H.ids] ?? "").split(/[\s,;]+/).filter(Boolean);
        const missing = ids.filter((id) => !known.has(id));
        if (missing.length) {
          const found = await professorsByNumber(db, year, missing);
          for (const id of missing) known.set(id, found.get(id) ?? null);
        }
        const unknown = ids.find((id) => /^[0-9]+$/.test(id) && !known.get(id));
        if (unknown) throw new RowError(MSG.employeeLookupUnknown);
        const date = (h: string) => (cells[h] ?? "").trim().slice(0, 10).replace(/[./]/g, "-");
        const smSe = codeOfCell(codes, cells[H.smSe] ?? "");
        const parsed = seminarSchema.safeParse({
          year: String(year),
          smSeq: "",
          smSe,
          smStde: date(H.smStde),
          smEnde: date(H.smEnde),
          placeCd: placeOfCell(cells[H.placeCd] ?? ""),
          place: cells[H.place] ?? "",
          rows: ids.map((id) => {
            const pf = known.get(id);
            return pf ? { id, name: pf.name, usSeq: String(pf.usSeq), checked: checkKey(year, id) } : { id, name: "", usSeq: "", checked: "" };
          }),
          removeFile: "",
        });
        if (!parsed.success) throw new RowError(firstMessage(parsed.error.issues, order) ?? OWN_MSG.badRequest);
        const d = parsed.data;
        if (!codes.some((c) => c.id === d.smSe)) throw new RowError(OWN_MSG.seminarCategoryRequired);
        return { ok: true, record: { values: { smSe: d.smSe, smStde: d.smStde, smEnde: d.smEnde, placeCd: d.placeCd, place: d.place }, usSeqs: d.rows.map((r) => Number(r.usSeq)) } };
      },
      // the natural key: category, dates and place within the year (ADR 0061); the participants are its values
      key: (r) => seminarKey(r.values),
      duplicateMessage: OWN_MSG.excelDuplicateRow,
      store: {
        stored: async (tx) => {
          const found = await tx.select().from(seminars).where(and(eq(seminars.year, year), live)).orderBy(asc(seminars.smSeq));
          const users = found.length
            ? await tx.select().from(seminarUsers).where(inArray(seminarUsers.smSeq, found.map((f) => f.smSeq))).orderBy(asc(seminarUsers.sort))
            : [];
          const byKey = new Map<string, StoredRecord<number>>();
          for (const f of found) {
            if (!byKey.has(seminarKey(f))) byKey.set(seminarKey(f), { ref: f.smSeq, values: { usSeqs: users.filter((u) => u.smSeq === f.smSeq).map((u) => u.usSeq) } });
          }
          return byKey;
        },
        valuesOf: (r) => ({ usSeqs: r.usSeqs }),
        insert: async (tx, records) => {
          for (const r of records) {
            const [made] = await tx.insert(seminars).values({ ...r.values, year }).returning({ smSeq: seminars.smSeq });
            await tx.insert(seminarUsers).values(r.usSeqs.map((usSeq, i) => ({ smSeq: made.smSeq, usSeq, sort: i })));
          }
        },
        update: async (tx, changed) => {
          for (const { record, ref } of changed) {
            await tx.delete(seminarUsers).where(eq(seminarUsers.smSeq, ref));
            await tx.insert(seminarUsers).values(record.usSeqs.map((usSeq, i) => ({ smSeq: ref, usSeq, sort: i })));
            await tx.update(seminars).set({ uptDt: sql`now()` }).where(eq(seminars.smSeq, ref));
          }
        },
      },
    },
    bytes,
  );
}

// ---------------------------------------------------------------------------------------------
// The routes
// ---------------------------------------------------------------------------------------------

const DeleteKey = z.object({ smSeq: z.coerce.number({ invalid_type_error: MSG.deleteFailed }).int(MSG.deleteFailed).positive(MSG.deleteFailed) });

const screen = tableRoutes(table, {
  list: SEMINARS.list,
  detail: {
    path: SEMINARS.detail,
    key: DetailKey,
    // spec 001 §7: the detail's users are JSON text
    run: async (db, { smSeq }) => {
      const v = await findSeminar(db, smSeq);
      return v ? { seminar: { ...v, users: JSON.stringify(v.users) } } : null;
    },
    missing: MSG.noData,
  },
  save: { path: SEMINARS.edit, run: edit, multipart: true },
  remove: {
    path: SEMINARS.remove,
    key: DeleteKey,
    badKey: MSG.deleteFailed,
    run: async (db, { smSeq }) => ((await markDeleted(db, seminars, and(eq(seminars.smSeq, smSeq), live))) ? { smSeq } : null),
    done: MSG.deleteDone,
    missing: MSG.deleteFailed,
  },
  excel: { download: SEMINARS.download, label: SEMINAR_TITLE, columns: () => sheetColumns },
  upload: { path: SEMINARS.upload, withYear: true, run: (ctx, bytes, year) => importSeminars(ctx.db, year, bytes) },
  sample: { path: SEMINARS.sample, build: sample },
  more: [route(SEMINARS.lookup, "required", getPfInfo)],
});

export const seminarPostRoutes = screen.routes;
export const seminarGetRoutes = screen.getRoutes;
