/**
 * R15 volunteer activity and R16 international health-care activity (spec 001 §3, §4, §5
 * "Volunteer and health-care", §7 "Student activity", §9; docs/contract.md "Student activities"):
 * ONE table definition and one set of calls, made for each kind of app/schemas/activities.ts.
 * For the volunteer kind (the health-care calls are the same with their names and the ga prefix):
 * - POST /api/student/getVolunteerList.do {year, searchTxt, eiSeq?, menuSeq?, page?, size?, sort?,
 *   vaSeq?} -> {list, total[, columns]}: the year's records (number or name matching the text),
 *   each with its student's number, name and grade name and its live attachments (dbFileList).
 * - POST /api/student/saveVolunteerInfo.do multipart {mode insert|update, year, volunteerInfo
 *   (JSON), files}: the dialog's own rules again (the same schema), the student (the number must
 *   be the year's, its usSeq the confirmed one, its name the student's), the attachments (kept
 *   ones + new ones at most 3; each by extension, signature and at most 10 MB); the saved files
 *   sent back with usyn N are removed; all in one transaction.
 * - POST /api/student/delVolunteerData.do {seq} (also {vaSeq}): marks the record usyn N.
 * - GET /api/student/volunteerExcelDown.do (the list's filter as query parameters; in evaluation
 *   mode the configured columns); POST (multipart) volunteerExcelUpload.do {year, file}.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import {
  ACTIVITY_FILE_EXTENSIONS,
  ACTIVITY_KINDS,
  ACTIVITY_LABELS,
  ACTIVITY_MAX_FILES,
  activityOrder,
  activitySchema,
  activityTextFields,
  wireName,
  type ActivityFile,
  type ActivityKind,
  type ActivityTextField,
} from "../../schemas/activities";
import { MSG, OWN_MSG } from "../../schemas/messages.ko";
import { firstMessage } from "../../schemas/person-fields";
import { checkKey } from "../../schemas/student-rows";
import type { ExcelColumn } from "../../utils/excel.server";
import type { Db, Tx } from "../db/client.server";
import { activityFiles, persons, studentActivities, students } from "../db/schema";
import { CODE } from "../db/seed-data";
import { requireAuth, type CallContext } from "../lib/context.server";
import { ApiError, fail, ok, parseInput, type Envelope } from "../lib/envelope.server";
import { jsonText, listYear, numberOrName, optionalSeq, recordYear, searchText, studentFinder, studentsByNumber, yearStudentOf } from "../lib/people.server";
import { RowError, importSheet, type StoredRecord, type UploadResult } from "../lib/sheet-import.server";
import { dbStorage } from "../lib/storage.server";
import { TOTAL, markDeleted, tableRoutes, type Table, type TableFilter } from "../lib/table-routes.server";
import { formatWireDate } from "../lib/time";
import { MAX_FILE_BYTES, checkAttachments } from "../lib/upload.server";
import { codeNames } from "./code.server";

/** The stored kind code of a screen: its wire prefix. */
const KIND_CODE: Record<ActivityKind, "VA" | "GA"> = { volunteer: "VA", medical: "GA" };

/** A save carries at most three 10 MB files and the record's fields. */
export const ACTIVITY_SAVE_MAX_BYTES = ACTIVITY_MAX_FILES * MAX_FILE_BYTES + 256 * 1024;

/** The folder key of the attachments: 'activity/yyyy/MM'. */
const fileRovl = () => `activity/${(formatWireDate(new Date()) ?? "").slice(0, 7).replace("-", "/")}`;

const live = eq(studentActivities.usyn, "Y");

const rowColumns = {
  actSeq: studentActivities.actSeq,
  year: studentActivities.year,
  usSeq: studentActivities.usSeq,
  stSeq: students.stSeq,
  id: persons.id,
  name: students.name,
  grdeCd: students.grdeCd,
  stde: studentActivities.stde,
  ende: studentActivities.ende,
  hours: studentActivities.hours,
  place: studentActivities.place,
  country: studentActivities.country,
  cntnt: studentActivities.cntnt,
  eval: studentActivities.eval,
  org: studentActivities.org,
  tel1: studentActivities.tel1,
  tel2: studentActivities.tel2,
  tel3: studentActivities.tel3,
  mngrPstn: studentActivities.mngrPstn,
  mngrNm: studentActivities.mngrNm,
  regDt: studentActivities.regDt,
};
type ActivityRow = { [K in keyof typeof rowColumns]: (typeof rowColumns)[K]["_"]["data"] | null } & { _total?: number };

/** A record as the wire answers it (spec 001 §3), with the kind's prefix. */
export type ActivityView = Record<string, unknown> & { year: number; id: string; name: string; dbFileList: ActivityFile[] };

/** The form field → the stored column's value of a row. */
const textOf = (r: ActivityRow, kind: ActivityKind, f: ActivityTextField): string => {
  const v = f === "time" ? r.hours : f === "school" ? (kind === "medical" ? r.place : "") : r[f];
  return v === null || v === undefined ? "" : String(v);
};

function tableOf(kind: ActivityKind): Table<ReturnType<typeof filterOf>, ActivityView, Map<string, string>> {
  const def = ACTIVITY_KINDS[kind];
  const Filter = filterOf(kind);
  const rows = (db: Db | Tx, f: TableFilter<typeof Filter>) =>
    db
      .select({ ...rowColumns, _total: TOTAL })
      .from(studentActivities)
      .innerJoin(persons, eq(persons.usSeq, studentActivities.usSeq))
      .leftJoin(students, yearStudentOf(studentActivities.usSeq, studentActivities.year))
      .where(
        and(
          eq(studentActivities.kind, KIND_CODE[kind]),
          eq(studentActivities.year, f.year),
          live,
          numberOrName(f.searchTxt),
          f[def.seqKey] ? eq(studentActivities.actSeq, f[def.seqKey]!) : undefined,
        ),
      )
      .$dynamic();
  const sortable = {
    [def.seqKey]: studentActivities.actSeq,
    year: studentActivities.year,
    id: persons.id,
    name: students.name,
    [wireName(kind, "stde")]: studentActivities.stde,
    [wireName(kind, "ende")]: studentActivities.ende,
    [wireName(kind, "time")]: studentActivities.hours,
    regDt: studentActivities.regDt,
  };
  return {
    filter: Filter,
    context: (db, f) => codeNames(db, [CODE.grades], f.year),
    rows,
    order: [asc(studentActivities.stde), asc(persons.id), asc(studentActivities.actSeq)],
    sortable,
    views: async (db, list: ActivityRow[], grades) => {
      if (!list.length) return [];
      const files = await db
        .select({ actSeq: activityFiles.actSeq, fileSeq: activityFiles.fileSeq, flnm: activityFiles.flnm, rovl: activityFiles.rovl, orn: activityFiles.orn })
        .from(activityFiles)
        .where(and(inArray(activityFiles.actSeq, list.map((r) => r.actSeq!)), eq(activityFiles.usyn, "Y")))
        .orderBy(asc(activityFiles.fileSeq));
      return list.map((r) => {
        const view: ActivityView = {
          [def.seqKey]: r.actSeq,
          year: r.year!,
          usSeq: r.usSeq,
          stSeq: r.stSeq,
          id: r.id ?? "",
          name: r.name ?? "",
          grdeNm: (r.grdeCd && grades.get(r.grdeCd)) || "",
          regDt: formatWireDate(r.regDt),
          dbFileList: files.filter((f) => f.actSeq === r.actSeq).map(({ actSeq: _a, ...f }) => ({ ...f, usyn: "Y" as const })),
        };
        for (const f of activityTextFields(kind)) view[wireName(kind, f)] = f === "time" ? r.hours : textOf(r, kind, f);
        view[wireName(kind, "Tel1")] = r.tel1 ?? "";
        view[wireName(kind, "Tel2")] = r.tel2 ?? "";
        view[wireName(kind, "Tel3")] = r.tel3 ?? "";
        view[wireName(kind, "Tel")] = [r.tel1, r.tel2, r.tel3].some(Boolean) ? [r.tel1, r.tel2, r.tel3].join("-") : "";
        return view;
      });
    },
    // evaluation mode: the attachments as their names
    evalRow: (v) => ({ ...v, dbFileList: v.dbFileList.map((f) => f.orn).join(", ") }),
  };
}

function filterOf(kind: ActivityKind) {
  return { year: listYear, searchTxt: searchText, [ACTIVITY_KINDS[kind].seqKey]: optionalSeq } as {
    year: typeof listYear;
    searchTxt: typeof searchText;
    vaSeq: typeof optionalSeq;
    gaSeq: typeof optionalSeq;
  };
}

// ---------------------------------------------------------------------------------------------
// Save
// ---------------------------------------------------------------------------------------------

const SaveBody = z.object({ mode: z.enum(["insert", "update"], { errorMap: () => ({ message: OWN_MSG.badRequest }) }), year: recordYear });

/** The wire record → the dialog's form fields (the same schema checks it). */
function formOfInfo(kind: ActivityKind, year: number, info: Record<string, unknown>) {
  const s = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "object" ? "" : String(v));
  const id = s(info.id).trim();
  const usSeq = s(info.usSeq);
  const form: Record<string, unknown> = {
    year: String(year),
    seq: s(info[wireName(kind, "Seq")]),
    rows: [{ id, name: s(info.name), usSeq, checked: usSeq ? checkKey(year, id) : "" }],
    tel1: s(info[wireName(kind, "Tel1")]),
    tel2: s(info[wireName(kind, "Tel2")]),
    tel3: s(info[wireName(kind, "Tel3")]),
    removeFile: [],
  };
  for (const f of activityTextFields(kind)) form[f] = s(info[wireName(kind, f)]);
  return form;
}

const WireFile = z.object({ fileSeq: z.coerce.number().int().positive(), usyn: z.string().max(1) }).passthrough();
const WireFiles = z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(WireFile).max(20));

/** The new attachments: at most `room`, each of an allowed extension, its signature, at most 10 MB. */
const checkedFiles = (files: readonly File[], room: number) =>
  checkAttachments(files, { extensions: ACTIVITY_FILE_EXTENSIONS, room, tooMany: MSG.activityMaxFiles, badType: MSG.activityFileType });

/** The student of a record: the year's, the confirmed usSeq, the same name (spec 001 §5). */
export async function requireStudent(db: Db | Tx, year: number, id: string, usSeq: number | null, name: string): Promise<number> {
  const found = (await studentsByNumber(db, year, [id])).get(id);
  if (!found) throw new ApiError(fail(400, MSG.lookupUnknown));
  if (usSeq !== null && found.usSeq !== usSeq) throw new ApiError(fail(400, MSG.lookupNotConfirmed));
  if (name.trim() !== found.name) throw new ApiError(fail(400, MSG.activityNameMismatch));
  return found.usSeq;
}

type StoredValues = Omit<typeof studentActivities.$inferInsert, "actSeq" | "kind" | "year" | "usSeq" | "usyn" | "regDt" | "uptDt">;

/** The checked form's values as stored. */
function storedValues(kind: ActivityKind, d: Record<string, string>): StoredValues {
  return {
    stde: d.stde,
    ende: d.ende,
    hours: Number(d.time),
    place: kind === "medical" ? d.school : d.place,
    country: kind === "medical" ? d.country : "",
    cntnt: d.cntnt,
    eval: d.eval,
    org: d.org,
    tel1: d.tel1,
    tel2: d.tel2,
    tel3: d.tel3,
    mngrPstn: d.mngrPstn,
    mngrNm: d.mngrNm,
  };
}

function saveHandler(kind: ActivityKind) {
  const def = ACTIVITY_KINDS[kind];
  const schema = activitySchema(kind);
  const order = activityOrder(kind).map((f) => f.replace(/\[(\d+)\]/g, ".$1"));
  return async (ctx: CallContext): Promise<Envelope> => {
    requireAuth(ctx);
    const { mode, year } = parseInput(SaveBody, ctx.body, ["mode", "year"]);
    const info = jsonText(ctx.body[def.infoField]);
    if (!info || typeof info !== "object" || Array.isArray(info)) return fail(400, OWN_MSG.badRequest);
    const rec = info as Record<string, unknown>;
    const parsed = schema.safeParse(formOfInfo(kind, year, rec));
    if (!parsed.success) return fail(400, firstMessage(parsed.error.issues, order) ?? OWN_MSG.badRequest);
    const d = parsed.data;
    const seq = d.seq ? Number(d.seq) : null;
    if ((mode === "update") !== (seq !== null)) return fail(400, OWN_MSG.badRequest);
    const row = d.rows[0];
    const usSeq = await requireStudent(ctx.db, year, row.id, Number(row.usSeq), row.name);

    // the attachments: the saved ones sent back with usyn N are removed, the rest kept
    const sent = parseInput(WireFiles, rec.dbFileList);
    const saved = seq
      ? await ctx.db.select({ fileSeq: activityFiles.fileSeq }).from(activityFiles).where(and(eq(activityFiles.actSeq, seq), eq(activityFiles.usyn, "Y")))
      : [];
    const removed = new Set(sent.filter((f) => f.usyn === "N").map((f) => f.fileSeq));
    // a file named for removal must be one of this record's (ADR 0062)
    if ([...removed].some((f) => !saved.some((x) => x.fileSeq === f))) return fail(404, OWN_MSG.attachmentNotFound);
    const kept = saved.filter((f) => !removed.has(f.fileSeq)).length;
    const added = await checkedFiles(ctx.files.files ?? [], ACTIVITY_MAX_FILES - kept);

    const values = storedValues(kind, d as unknown as Record<string, string>);
    const actSeq = await ctx.db.transaction(async (tx) => {
      let at: number;
      if (seq) {
        const done = await tx
          .update(studentActivities)
          .set({ ...values, year, usSeq, uptDt: sql`now()` })
          .where(and(eq(studentActivities.actSeq, seq), eq(studentActivities.kind, KIND_CODE[kind]), live))
          .returning({ actSeq: studentActivities.actSeq });
        if (!done.length) throw new ApiError(fail(404, OWN_MSG.activityNotFound));
        at = seq;
        if (removed.size) {
          await tx
            .update(activityFiles)
            .set({ usyn: "N" })
            .where(and(eq(activityFiles.actSeq, seq), inArray(activityFiles.fileSeq, [...removed])));
        }
      } else {
        const [made] = await tx.insert(studentActivities).values({ ...values, kind: KIND_CODE[kind], year, usSeq }).returning({ actSeq: studentActivities.actSeq });
        at = made.actSeq;
      }
      const storage = dbStorage(tx);
      for (const f of added) {
        const put = await storage.put(f.bytes, { orn: f.name, mime: f.mime, rovl: fileRovl() });
        await tx.insert(activityFiles).values({ actSeq: at, rovl: put.rovl, flnm: put.flnm, orn: f.name });
      }
      return at;
    });
    return ok({ [def.seqKey]: actSeq }, seq ? MSG.updated : MSG.created);
  };
}

// ---------------------------------------------------------------------------------------------
// Excel
// ---------------------------------------------------------------------------------------------

const H = ACTIVITY_LABELS;

/** The download's columns; the upload reads the same headers (year from the form, grade and files ignored). */
function sheetColumns(kind: ActivityKind): ExcelColumn<ActivityView>[] {
  const w = (f: Parameters<typeof wireName>[1]) => (v: ActivityView) => (v[wireName(kind, f)] as string | number | null) ?? "";
  return [
    { header: H.year, width: 8, value: (v) => v.year },
    { header: H.id, width: 14, value: (v) => v.id },
    { header: H.name, width: 12, value: (v) => v.name },
    { header: "학년", width: 10, value: (v) => (v.grdeNm as string) ?? "" },
    ...activityTextFields(kind).flatMap((f) => {
      const column = { header: H[f], width: f === "cntnt" || f === "eval" ? 40 : 14, value: w(f) };
      // the organisation's phone beside the organisation, as in the dialog
      return f === "org" ? [column, { header: H.tel, width: 16, value: w("Tel") }] : [column];
    }),
    { header: "첨부파일", width: 30, value: (v) => v.dbFileList.map((f) => f.orn).join(", ") },
    { header: "등록일", width: 20, value: (v) => (v.regDt as string) ?? "" },
  ];
}

interface UploadRecord {
  usSeq: number;
  values: StoredValues;
}

/**
 * A record's natural key (ADR 0061): the student, the dates and the place (health-care: the
 * country and the school too) within the kind and the year.
 */
const naturalKey = (usSeq: number, v: Pick<StoredValues, "stde" | "ende" | "place" | "country">) => JSON.stringify([usSeq, v.stde, v.ende, (v.place ?? "").trim(), (v.country ?? "").trim()]);

/** Reads every row (the student of the year by number and name, the dialog's rules) and stores the valid ones by natural key. */
export async function importActivities(db: Db, kind: ActivityKind, year: number, bytes: Uint8Array): Promise<UploadResult> {
  const schema = activitySchema(kind);
  const order = activityOrder(kind).map((f) => f.replace(/\[(\d+)\]/g, ".$1"));
  const findStudent = studentFinder(db);
  const textFields = activityTextFields(kind);
  return importSheet<UploadRecord>(
    db,
    {
      headers: [H.id, H.name, H.stde, H.ende, H.time],
      year,
      idOf: (cells) => cells[H.id] ?? "",
      read: async (cells) => {
        const id = (cells[H.id] ?? "").trim();
        if (!id) throw new RowError(OWN_MSG.studentIdRequired);
        const student = await findStudent(year, id);
        if (!student) throw new RowError(MSG.lookupUnknown);
        if ((cells[H.name] ?? "").trim() !== student.name) throw new RowError(MSG.activityNameMismatch);
        const tel = (cells[H.tel] ?? "").split("-").map((p) => p.trim());
        const form: Record<string, unknown> = {
          year: String(year),
          seq: "",
          rows: [{ id, name: student.name, usSeq: String(student.usSeq), checked: checkKey(year, id) }],
          tel1: tel[0] ?? "",
          tel2: tel[1] ?? "",
          tel3: tel[2] ?? "",
        };
        // a date cell reads 'YYYY-MM-DD…'; 'YYYY.MM.DD' and 'YYYY/MM/DD' are taken too
        for (const f of textFields) {
          const cell = (cells[H[f]] ?? "").trim();
          form[f] = f === "stde" || f === "ende" ? cell.slice(0, 10).replace(/[./]/g, "-") : cell;
        }
        const parsed = schema.safeParse(form);
        if (!parsed.success) throw new RowError(firstMessage(parsed.error.issues, order) ?? OWN_MSG.badRequest);
        return { ok: true, record: { usSeq: student.usSeq, values: storedValues(kind, parsed.data as unknown as Record<string, string>) } };
      },
      key: (r) => naturalKey(r.usSeq, r.values),
      duplicateMessage: OWN_MSG.excelDuplicateRow,
      store: {
        stored: async (tx, records) => {
          const found = await tx
            .select()
            .from(studentActivities)
            .where(and(eq(studentActivities.kind, KIND_CODE[kind]), eq(studentActivities.year, year), live, inArray(studentActivities.usSeq, [...new Set(records.map((r) => r.usSeq))])))
            .orderBy(asc(studentActivities.actSeq));
          const byKey = new Map<string, StoredRecord<number>>();
          for (const row of found) {
            const k = naturalKey(row.usSeq, row);
            if (!byKey.has(k)) byKey.set(k, { ref: row.actSeq, values: row });
          }
          return byKey;
        },
        valuesOf: (r) => r.values,
        insert: async (tx, records) => {
          for (let i = 0; i < records.length; i += 500) {
            await tx.insert(studentActivities).values(records.slice(i, i + 500).map((r) => ({ ...r.values, kind: KIND_CODE[kind], year, usSeq: r.usSeq })));
          }
        },
        update: async (tx, changed) => {
          for (const { record, ref } of changed) await tx.update(studentActivities).set({ ...record.values, uptDt: sql`now()` }).where(eq(studentActivities.actSeq, ref));
        },
      },
    },
    bytes,
  );
}

// ---------------------------------------------------------------------------------------------
// The routes of both screens
// ---------------------------------------------------------------------------------------------

const DeleteBody = (kind: ActivityKind) =>
  z.preprocess(
    (v) => (v !== null && typeof v === "object" && !("seq" in v) ? { seq: (v as Record<string, unknown>)[ACTIVITY_KINDS[kind].seqKey] } : v),
    z.object({ seq: z.coerce.number({ invalid_type_error: MSG.deleteFailed }).int(MSG.deleteFailed).positive(MSG.deleteFailed) }),
  );

function activityRoutes(kind: ActivityKind) {
  const def = ACTIVITY_KINDS[kind];
  return tableRoutes(tableOf(kind), {
    list: def.calls.list,
    save: { path: def.calls.save, run: saveHandler(kind), multipart: true },
    remove: {
      path: def.calls.remove,
      key: DeleteBody(kind),
      badKey: MSG.deleteFailed,
      run: async (db, { seq }) => ((await markDeleted(db, studentActivities, and(eq(studentActivities.actSeq, seq), eq(studentActivities.kind, KIND_CODE[kind]), live))) ? { seq } : null),
      done: MSG.deleteDone,
      missing: MSG.deleteFailed,
    },
    excel: { download: def.calls.download, label: def.excelName, columns: () => sheetColumns(kind) },
    upload: { path: def.calls.upload, withYear: true, run: (ctx, bytes, year) => importActivities(ctx.db, kind, year, bytes) },
  });
}

const volunteer = activityRoutes("volunteer");
const medical = activityRoutes("medical");

/** A save carries up to three files: its body limit is theirs (the table kit's is one file's). */
const withSaveLimit = (r: (typeof volunteer.routes)[number]) =>
  r.call === ACTIVITY_KINDS.volunteer.calls.save || r.call === ACTIVITY_KINDS.medical.calls.save ? { ...r, multipartMaxBytes: ACTIVITY_SAVE_MAX_BYTES } : r;

export const activityPostRoutes = [...volunteer.routes, ...medical.routes].map(withSaveLimit);
export const activityGetRoutes = [...volunteer.getRoutes, ...medical.getRoutes];
