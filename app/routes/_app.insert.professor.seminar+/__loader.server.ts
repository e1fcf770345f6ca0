/**
 * R07 seminars (spec 001 §2 "Seminars", §4, §5 "Seminar", §7 "Seminars", §8): the list's loader
 * and action (also in evaluation mode), the Excel resource route's loader (download and sample)
 * and the schedule's download, on the list kit. The dialogs are URL state: `?dialog=add`,
 * `?dialog=edit&smSeq=` (filled from detail.do) and `?dialog=delete&smSeq=`. Besides save and
 * delete the action answers the Excel upload, the category codes of another year (`intent=codes`,
 * the dialog's year changed with JavaScript) and the participant rows (rowsStep against
 * getPfInfo.do: the confirm button, add-row and remove-row, with and without JavaScript). Every
 * reply that re-renders the dialog carries its rows and the codes of the posted year.
 *
 * The save is one multipart post: the seminar's fields, its participant rows, the schedule file
 * and the saved schedule's remove checkbox. The file is checked here first (extension, signature,
 * size) and again by the backend, with every other rule.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as api from "./__calls.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import {
  FILE_FIELD,
  SEMINAR_FILE_EXTENSIONS,
  SEMINAR_FIRST_YEAR,
  SEMINAR_MAX_USERS,
  SEMINAR_PATH,
  formOfSeminar,
  rowsOfUsers,
  seminarData,
  seminarOrder,
  seminarSchema,
  type SeminarFile,
} from "./__schema";
import type { LookupRow } from "~/schemas/student-rows";
import { attachmentLoader } from "~/utils/attachment-download.server";
import type { UserContext } from "~/utils/context.server";
import { evalQuery, excelDownload } from "~/utils/excel-download.server";
import { validateForm, messageFailure, fileMessagesOn } from "~/utils/form.server";
import { backToList, deleteIntent, listAction, rowFields, UPLOAD_TIMEOUT_MS, uploadIntent } from "~/utils/list-action.server";
import { listLoader } from "~/utils/list-loader.server";
import { readText, yearRange } from "~/utils/list-url";
import { isRowsIntent, rowsStep, withRows, type RowsLookup } from "~/utils/student-rows.server";
import { seoulYear } from "~/utils/time";
import { MAX_FILE_BYTES, checkFiles } from "~/utils/upload.server";
import { seqParam } from "~/utils/url";
import { yearCodes } from "~/utils/year-codes.server";
import { orLegacy } from "~/utils/legacy-errors.server";

/** The category codes of a year (the dialog's choices). */
export interface SeminarCodes {
  year: number;
  list: { id: string; text: string }[];
}

/** The dialog's data: the seminar's form values, its participant rows, its saved schedule and the year's categories. */
export interface SeminarDialogData {
  mode: "add" | "edit";
  year: number;
  smSeq: number | null;
  values: Record<string, string>;
  rows: LookupRow[];
  file: SeminarFile | null;
  codes: SeminarCodes;
}

/** The participants are the year's professors (spec 001 §7 getPfInfo.do, §5 its messages). */
export const PROFESSOR_LOOKUP: RowsLookup = {
  find: api.professorName,
  needsId: MSG.employeeLookupNeedsId,
  unknown: MSG.employeeLookupUnknown,
  digits: OWN_MSG.employeeIdDigits,
};

/** spec 001 §9: the seminar year list starts at 2025, running down from the current year. */
const years = () => yearRange(SEMINAR_FIRST_YEAR, seoulYear());

const validator = withZod(seminarSchema);

async function codesOf(ctx: UserContext, year: number): Promise<SeminarCodes> {
  return { year, list: await api.seminarCategories(ctx.session, year) };
}

/** A saved seminar's schedule (none: null). */
const fileOf = (d: api.WireSeminar): SeminarFile | null => (d.flnm && d.rovl ? { flnm: d.flnm, rovl: d.rovl, orn: d.orn || d.file || d.flnm } : null);

export const seminarLoader = listLoader({
  key: "smSeq",
  years,
  filter: (url) => ({ value: readText(url) }),
  sortable: ["smSe", "smStde", "smEnde", "placeCd", "place", "userCnt"],
  list: (ctx, { year, filter, ev, query }) => api.listSeminars(ctx.session, { year, value: filter.value, ...query, ...(ev ?? {}) }),
  // edit and delete read the seminar from detail.do (its participants); a missing one is '데이터가 없습니다.' (spec 001 §8)
  detail: async (ctx, seq) => api.seminarDetail(ctx.session, seq),
  detailMissing: MSG.noData,
  dialog: async (ctx, { kind, seq, record }, { year }): Promise<SeminarDialogData | Record<string, unknown> | null> => {
    if (kind === "add") return { mode: "add", year, smSeq: null, values: { year: String(year), placeCd: "1" }, rows: [], file: null, codes: await codesOf(ctx, year) };
    if (kind === "delete") return record;
    if (kind !== "edit" || !record) return null;
    const d = record as api.SeminarDetail;
    return { mode: "edit", year: d.year, smSeq: seq, values: formOfSeminar(d), rows: rowsOfUsers(d.year, d.users), file: fileOf(d), codes: await codesOf(ctx, d.year) };
  },
});

/** The codes of the year the form posts, with each reply that re-renders the dialog. */
const { withCodes, intent: codesIntent } = yearCodes(codesOf);

/** The field a server message belongs to. */
const FIELD_OF: Record<string, string> = {
  [MSG.noYearCodes]: "smSe",
  [OWN_MSG.seminarCategoryRequired]: "smSe",
  [MSG.participationDates]: "smEnde",
  ...fileMessagesOn(FILE_FIELD, MSG.oneFileOnly),
};

async function save(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const again = async (res: Response) => withCodes(ctx, await withRows(res, form), form);
  const fail = (message: string) => again(messageFailure(form, message, FIELD_OF));
  const v = await validateForm(validator, form, seminarOrder);
  if (!v.ok) return again(v.response);
  const d = v.data;
  const files = await checkFiles(
    form,
    FILE_FIELD,
    { extensions: SEMINAR_FILE_EXTENSIONS, maxBytes: MAX_FILE_BYTES, maxCount: 1 },
    { extension: MSG.activityFileType, size: MSG.fileTooLarge, count: MSG.oneFileOnly },
  );
  if (!files.ok) return fail(files.message);
  return orLegacy(async () => {
    const message = await api.saveSeminar(ctx.session, seminarData(d), files.files[0] ?? null);
    ctx.session.flash(message || (d.smSeq ? MSG.updated : MSG.created), "info");
    return redirect(backToList(url, "smSeq", { year: d.year }));
  }, fail);
}

export const seminarAction = listAction({
  intents: {
    excelUpload: uploadIntent(years, (session, year, file) => api.uploadSeminarExcel(session, year, file, UPLOAD_TIMEOUT_MS)),
    codes: codesIntent,
    save,
    delete: deleteIntent({ key: "smSeq", remove: api.deleteSeminar }),
  },
  step: {
    matches: isRowsIntent,
    run: async (ctx, form, intent) =>
      withCodes(ctx, await rowsStep(ctx, form, intent, { lookup: PROFESSOR_LOOKUP, lastRow: MSG.oneParticipantRequired, maxRows: SEMINAR_MAX_USERS }), form),
  },
  // a schedule a little over 10 MB is read, so that the dialog says '파일당 최대 10MB까지 등록가능합니다.'
  upload: { maxFileBytes: MAX_FILE_BYTES + 1024 * 1024, maxFiles: 3 },
  // the audit log's before → after (ADR 0028): the seminar and its participants as the edit dialog shows them
  audit: {
    key: "smSeq",
    detail: async (ctx, seq) => {
      const d = await api.seminarDetail(ctx.session, seq);
      return d ? { ...formOfSeminar(d), ...rowFields(rowsOfUsers(d.year, d.users)) } : null;
    },
  },
});

/** The Excel resource route: the list's download (or the evaluation's columns) and the upload's sample of the year. */
export const seminarExcelLoader = (args: LoaderFunctionArgs) =>
  excelDownload(args, {
    listPath: SEMINAR_PATH,
    years,
    // spec 001 §5 "Seminar": the sample download needs a year (one of the list's), as R17's template does
    yearRequired: "template",
    template: async (session, _url, year) => ({ res: await api.downloadSeminarSample(session, year), name: `세미나_업로드_양식_${year}.xlsx` }),
    download: async (session, url, year) => ({ res: await api.downloadSeminarExcel(session, { year, value: readText(url), ...evalQuery(url) }), name: `세미나_${year}.xlsx` }),
    // spec 001 §5: a year without category codes has no sample
    failure: (e) => (e.message === MSG.noYearCodes ? e.message : MSG.excelDownloadFailed),
  });

/** The schedule's download (`?year=&smSeq=`): the seminar's saved schedule as detail.do answers it. */
export const seminarFileLoader = attachmentLoader(SEMINAR_PATH, async (session, url) => {
  const smSeq = seqParam(url.searchParams.get("smSeq"));
  if (!smSeq) return null;
  const d = await api.seminarDetail(session, smSeq);
  return d ? fileOf(d) : null;
});
