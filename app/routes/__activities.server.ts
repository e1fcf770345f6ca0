/**
 * R15 volunteer activity and R16 international health-care activity: the list's loader and action
 * (also in evaluation mode), the Excel resource route's loader and the attachment download, on the
 * list kit, made once for each kind (app/schemas/activities.ts). The dialogs are URL state:
 * `?dialog=add`, `?dialog=edit&vaSeq=` (filled from the list's row) and `?dialog=delete&vaSeq=`
 * (gaSeq for health-care). Besides save and delete the action answers the Excel upload and the
 * student lookup (rowsStep: the confirm button, with and without JavaScript).
 *
 * The save is one multipart post: the record's fields, a file input per free slot (new
 * attachments) and a remove checkbox per saved attachment. The attachments are checked here first
 * (count with the kept ones, extension, signature, size: spec 001 §5) and again by the backend.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as api from "~/legacy/endpoints/activities.server";
import {
  ACTIVITY_FILE_EXTENSIONS,
  ACTIVITY_KINDS,
  ACTIVITY_MAX_FILES,
  FILES_FIELD,
  activityOrder,
  activitySchema,
  formOfRecord,
  wireInfo,
  wireName,
  type ActivityFile,
  type ActivityKind,
} from "~/schemas/activities";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { checkKey, type LookupRow } from "~/schemas/student-rows";
import { attachmentLoader } from "~/utils/attachment-download.server";
import type { UserContext } from "~/utils/context.server";
import { evalQuery, excelDownload } from "~/utils/excel-download.server";
import { formFailure, validateForm, messageFailure, fileMessagesOn } from "~/utils/form.server";
import { backToList, deleteIntent, listAction, rowFields, UPLOAD_TIMEOUT_MS, uploadIntent } from "~/utils/list-action.server";
import { listLoader } from "~/utils/list-loader.server";
import { readText, yearRange } from "~/utils/list-url";
import { isRowsIntent, rowsStep, withRows } from "~/utils/student-rows.server";
import { seoulYear } from "~/utils/time";
import { MAX_FILE_BYTES, checkFiles } from "~/utils/upload.server";
import { seqParam } from "~/utils/url";
import { orLegacy } from "~/utils/legacy-errors.server";

/** The dialog's data: the record's form values, its student row and its saved attachments. */
export interface ActivityDialogData {
  mode: "add" | "edit";
  year: number;
  seq: number | null;
  values: Record<string, string>;
  row: LookupRow | null;
  files: ActivityFile[];
}

/** The field a server message belongs to. */
const FIELD_OF: Record<string, string> = {
  [MSG.lookupUnknown]: "rows[0].id",
  [MSG.lookupNotConfirmed]: "rows[0].id",
  [MSG.activityNameMismatch]: "rows[0].id",
  [MSG.activityStartAfterEnd]: "ende",
  [MSG.activityMaxFiles]: FILES_FIELD,
  ...fileMessagesOn(FILES_FIELD),
};

/** A record's student as the dialog's lookup row (confirmed: it was checked when it was saved). */
const rowOf = (r: api.WireActivity): LookupRow => ({ id: r.id, name: r.name, usSeq: String(r.usSeq ?? ""), checked: checkKey(r.year, r.id) });

export function activityScreen(kind: ActivityKind) {
  const def = ACTIVITY_KINDS[kind];
  const key = def.seqKey;
  const validator = withZod(activitySchema(kind));
  const order = activityOrder(kind);
  /** first year … this year, newest first (spec 001 §9: 2025, health-care 2024, running down from the current year) */
  const years = () => yearRange(def.firstYear, seoulYear());

  const loader = listLoader({
    key,
    years,
    filter: (url) => ({ value: readText(url) }),
    sortable: ["year", "id", "name", wireName(kind, "stde"), wireName(kind, "ende"), wireName(kind, "time")],
    list: (ctx, { year, filter, ev, query }) => api.listActivities(ctx.session, kind, { year, searchTxt: filter.value, ...query, ...(ev ?? {}) }),
    dialog: async (_ctx, { kind: dk, seq, record }, { year }): Promise<ActivityDialogData | Record<string, unknown> | null> => {
      if (dk === "add") return { mode: "add", year, seq: null, values: { year: String(year) }, row: null, files: [] };
      if (dk === "delete") return record;
      if (dk !== "edit" || !record) return null;
      const r = record as api.WireActivity;
      return { mode: "edit", year: r.year, seq, values: formOfRecord(kind, r), row: rowOf(r), files: r.dbFileList.filter((f) => f.usyn === "Y") };
    },
  });

  async function save(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
    const again = (res: Response) => withRows(res, form);
    const fail = (message: string) => again(messageFailure(form, message, FIELD_OF));
    const v = await validateForm(validator, form, order);
    if (!v.ok) return again(v.response);
    const d = v.data;
    const year = Number(d.year);
    const seq = d.seq ? Number(d.seq) : null;
    return orLegacy(async () => {
      // the saved attachments are the backend's (never what the form says it had)
      const record = seq ? await api.findActivity(ctx.session, kind, year, seq) : null;
      if (seq && !record) return fail(OWN_MSG.activityNotFound);
      const saved = (record?.dbFileList ?? []).filter((f) => f.usyn === "Y");
      const removed = new Set(d.removeFile.map(Number));
      // an attachment posted for removal is one of this record's (ADR 0062): another record's file is refused
      if ([...removed].some((f) => !saved.some((s) => s.fileSeq === f))) return again(formFailure(form, OWN_MSG.attachmentNotFound, {}, {}, 404));
      const kept = saved.filter((f) => !removed.has(f.fileSeq)).length;
      const chosen = form.getAll(FILES_FIELD).filter((f): f is File => typeof f !== "string" && f.size > 0);
      if (kept + chosen.length > ACTIVITY_MAX_FILES) return fail(MSG.activityMaxFiles);
      const files = await checkFiles(form, FILES_FIELD, { extensions: ACTIVITY_FILE_EXTENSIONS, maxBytes: MAX_FILE_BYTES }, { extension: MSG.activityFileType, size: MSG.fileTooLarge });
      if (!files.ok) return fail(files.message);
      const message = await api.saveActivity(ctx.session, kind, { mode: seq ? "update" : "insert", year, info: wireInfo(kind, d, saved), files: files.files });
      ctx.session.flash(message || (seq ? MSG.updated : MSG.created), "info");
      return redirect(backToList(url, key, { year: String(year) }));
    }, fail);
  }

  const action = listAction({
    intents: {
      excelUpload: uploadIntent(years, (session, year, file) => api.uploadActivityExcel(session, kind, year, file, UPLOAD_TIMEOUT_MS)),
      save,
      delete: deleteIntent({ key, remove: (session, seq) => api.deleteActivity(session, kind, seq) }),
    },
    step: { matches: isRowsIntent, run: (ctx, form, intent) => rowsStep(ctx, form, intent, { maxRows: 1 }) },
    // a file a little over 10 MB is read, so that the dialog says '파일당 최대 10MB까지 등록가능합니다.'
    upload: { maxFileBytes: MAX_FILE_BYTES + 1024 * 1024, maxFiles: ACTIVITY_MAX_FILES + 2 },
    // the audit log's before → after (ADR 0028): the record and its student as the edit dialog shows them
    audit: {
      key: "seq",
      detail: async (ctx, seq, _url, form) => {
        const r = await api.findActivity(ctx.session, kind, Number(form.get("year")), seq);
        return r ? { ...formOfRecord(kind, r), ...rowFields([rowOf(r)]) } : null;
      },
    },
  });

  /** The Excel resource route: the list's download (or the evaluation's columns); it is also the upload's form. */
  const excelLoader = (args: LoaderFunctionArgs) =>
    excelDownload(args, {
      listPath: def.path,
      years,
      download: async (session, url, year) => ({
        res: await api.downloadActivityExcel(session, kind, { year, searchTxt: readText(url), ...evalQuery(url) }),
        name: `${def.excelName}_${year}.xlsx`,
      }),
    });

  /** An attachment's download (`?year=&seq=&file=`): one of the record's live attachments. */
  const fileLoader = attachmentLoader(def.path, async (session, url, year) => {
    const seq = seqParam(url.searchParams.get("seq"));
    const fileSeq = seqParam(url.searchParams.get("file"));
    if (!seq || !fileSeq) return null;
    const record = await api.findActivity(session, kind, year, seq);
    return record?.dbFileList.find((f) => f.fileSeq === fileSeq && f.usyn === "Y");
  });

  return { loader, action, excelLoader, fileLoader, years };
}

const volunteer = activityScreen("volunteer");
const medical = activityScreen("medical");

// plain names (not property reads), so that the browser build drops them with the server module
export const volunteerLoader = volunteer.loader;
export const volunteerAction = volunteer.action;
export const volunteerExcelLoader = volunteer.excelLoader;
export const volunteerFileLoader = volunteer.fileLoader;
export const medicalLoader = medical.loader;
export const medicalAction = medical.action;
export const medicalExcelLoader = medical.excelLoader;
export const medicalFileLoader = medical.fileLoader;


