/**
 * R17 research participation and awards: the list's loader and action (also in evaluation mode),
 * the Excel resource route's loader and the attachment download, on the list kit. The dialogs are
 * URL state: `?dialog=add`, `?dialog=edit&paSeq=` (filled from getPrgmInfo.do) and
 * `?dialog=delete&paSeq=`. Besides save and delete the action answers the Excel upload, the
 * winners' lookup rows (rowsStep: confirm, add and remove, with and without JavaScript) and the
 * category step: without JavaScript '적용' posts the form and the dialog comes back with the
 * chosen category's fields (and the codes of the year chosen in it).
 *
 * The save is one multipart post: the program's fields, its rows, a new attachment and the saved
 * one's remove checkbox. Everything is checked here first (the schema, the year's categories, the
 * file's extension, signature and size: spec 001 §5) and again by the backend.
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as api from "~/legacy/endpoints/awards.server";
import { downloadFile } from "~/legacy/endpoints/file.server";
import { AWARDS_PATH, AWARD_FILE_EXTENSIONS, AWARD_FILE_FIELD, AWARD_FIRST_YEAR, awardOrder, awardSchema, formOfProgram, oneRowMessage, userRow, wireProgram } from "./__schema";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import type { LookupRow } from "~/schemas/student-rows";
import { withUser, type UserContext } from "~/utils/context.server";
import { passDownload } from "~/utils/download.server";
import { evalQuery, excelDownload } from "~/utils/excel-download.server";
import { formValues, validateForm, messageFailure, fileMessagesOn } from "~/utils/form.server";
import { backToList, deleteIntent, listAction, rowFields, UPLOAD_TIMEOUT_MS, uploadIntent } from "~/utils/list-action.server";
import { listLoader } from "~/utils/list-loader.server";
import { readText, yearRange } from "~/utils/list-url";
import { isRowsIntent, rowsStep, withRows } from "~/utils/student-rows.server";
import { seoulYear } from "~/utils/time";
import { MAX_FILE_BYTES, checkFiles } from "~/utils/upload.server";
import { seqParam } from "~/utils/url";
import { orLegacy } from "~/utils/legacy-errors.server";

/** A category of the year (code group 0001300000). */
export interface AwardCode {
  id: string;
  text: string;
}

/** The saved attachment of a program. */
export interface AwardFile {
  orn: string;
}

/** The dialog's data: the program's form values, its rows, its attachment and the year's categories. */
export interface AwardDialogData {
  mode: "add" | "edit";
  year: number;
  paSeq: number | null;
  values: Record<string, string>;
  rows: LookupRow[];
  file: AwardFile | null;
  codes: AwardCode[];
}

/** The field a server message belongs to. */
const FIELD_OF: Record<string, string> = {
  [MSG.awardNoCodes]: "paSeCd",
  [MSG.participationDates]: "prgmEnde",
  ...fileMessagesOn(AWARD_FILE_FIELD, MSG.oneFileOnly),
};

const validator = withZod(awardSchema);

/** 2025 … this year, newest first (spec 001 §9: year lists start at 2025, running down from the current year). */
export const awardYears = () => yearRange(AWARD_FIRST_YEAR, seoulYear());

const rowsOf = (p: api.WireProgram): LookupRow[] => p.users.map((u) => userRow(p.year, { id: u.id, name: u.name, usSeq: u.usSeq, rsrchSbj: u.rsrchSbj }));
const fileOf = (p: api.WireProgram): AwardFile | null => (p.flnm && p.rovl ? { orn: p.orn || p.fileName || p.flnm } : null);

export const awardsLoader = listLoader({
  key: "paSeq",
  years: awardYears,
  filter: (url) => ({ value: readText(url) }),
  sortable: ["year", "paSeType", "prgmNm", "awardDate", "prgmStde", "userCount"],
  list: (ctx, { year, filter, ev, query }) => api.listPrograms(ctx.session, { year, searchTxt: filter.value, ...query, ...(ev ?? {}) }),
  detail: async (ctx, seq) => (await api.programInfo(ctx.session, seq)) as Record<string, unknown> | null,
  dialog: async (ctx, { kind, seq, record }, { year }): Promise<AwardDialogData | Record<string, unknown> | null> => {
    if (kind === "add") return { mode: "add", year, paSeq: null, values: { year: String(year) }, rows: [], file: null, codes: await api.awardCategories(ctx.session, year) };
    if (kind === "delete") return record;
    if (kind !== "edit" || !record) return null;
    const p = record as api.WireProgram;
    return { mode: "edit", year: p.year, paSeq: seq, values: formOfProgram(p), rows: rowsOf(p), file: fileOf(p), codes: await api.awardCategories(ctx.session, p.year) };
  },
  // a year without categories says so (spec 001 §5)
  more: async (ctx, { year, ev }) => ({ noCodes: ev ? false : (await api.awardCategories(ctx.session, year)).length === 0 }),
});

/** The category step (and the year chosen in the dialog): the dialog again, with that year's codes. */
async function categoryStep(ctx: UserContext, form: FormData): Promise<Response> {
  const year = Number(form.get("year"));
  const codes = /^[0-9]{4}$/.test(String(form.get("year") ?? "")) ? await api.awardCategories(ctx.session, year).catch(() => []) : [];
  return withRows(json({ fieldErrors: {}, repopulateFields: formValues(form), formId: form.get("__rvfInternalFormId") ?? undefined, codes }), form);
}

async function save(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const again = (res: Response) => withRows(res, form);
  const fail = (message: string) => again(messageFailure(form, message, FIELD_OF));
  const v = await validateForm(validator, form, awardOrder);
  if (!v.ok) return again(v.response);
  const d = v.data;
  const year = Number(d.year);
  const seq = d.paSeq ? Number(d.paSeq) : null;
  return orLegacy(async () => {
    const codes = await api.awardCategories(ctx.session, year);
    if (!codes.some((c) => c.id === d.paSeCd)) return fail(MSG.awardNoCodes);
    if (seq && !(await api.programInfo(ctx.session, seq))) return fail(OWN_MSG.awardNotFound);
    const files = await checkFiles(form, AWARD_FILE_FIELD, { extensions: AWARD_FILE_EXTENSIONS, maxBytes: MAX_FILE_BYTES, maxCount: 1 }, { extension: MSG.activityFileType, size: MSG.fileTooLarge, count: MSG.oneFileOnly });
    if (!files.ok) return fail(files.message);
    const message = await api.saveProgram(ctx.session, wireProgram(d), files.files[0] ?? null);
    ctx.session.flash(message || (seq ? MSG.updated : MSG.created), "info");
    return redirect(backToList(url, "paSeq", { year: String(year) }));
  }, (message) => fail(message || MSG.createFailed));
}

export const awardsAction = listAction({
  intents: {
    excelUpload: uploadIntent(awardYears, (session, year, file) => api.uploadAwardsExcel(session, year, file, UPLOAD_TIMEOUT_MS)),
    save,
    delete: deleteIntent({ key: "paSeq", remove: (session, seq) => api.deleteProgram(session, seq) }),
  },
  step: {
    matches: (intent) => intent === "category" || isRowsIntent(intent),
    run: (ctx, form, intent) => (intent === "category" ? categoryStep(ctx, form) : rowsStep(ctx, form, intent, { maxRows: 100, extraBlank: { rsrchSbj: "" }, lastRow: oneRowMessage(form.get("paSeCd")) })),
  },
  // a file a little over 10 MB is read, so that the dialog says '파일당 최대 10MB까지 등록가능합니다.'
  upload: { maxFileBytes: MAX_FILE_BYTES + 1024 * 1024, maxFiles: 2 },
  // the audit log's before → after (ADR 0028): the program and its rows as the edit dialog shows them
  audit: {
    key: "paSeq",
    detail: async (ctx, seq) => {
      const p = await api.programInfo(ctx.session, seq);
      return p ? { ...formOfProgram(p), ...rowFields(rowsOf(p)) } : null;
    },
  },
});

/** The Excel resource route: the list's download (or the evaluation's columns) and the template (its year required). */
export const awardsExcelLoader = (args: LoaderFunctionArgs) =>
  excelDownload(args, {
    listPath: AWARDS_PATH,
    years: awardYears,
    // spec 001 §5: "Year required to download the template"
    yearRequired: "template",
    template: async (session, _url, year) => ({ res: await api.downloadAwardsTemplate(session, year), name: "연구참여및수상_업로드_양식.xlsx" }),
    download: async (session, url, year) => ({ res: await api.downloadAwardsExcel(session, { year, searchTxt: readText(url), ...evalQuery(url) }), name: `연구참여및수상_${year}.xlsx` }),
    failure: (e) => (e.message === MSG.awardNoCodes || e.message === MSG.yearRequired ? e.message : MSG.excelDownloadFailed),
  });

/**
 * A program's attachment (`?paSeq=`): the program is read from the backend and its file streams
 * through with its Korean name. Anything else goes back to the list with '파일 다운로드 실패하였습니다.'.
 */
export const awardsFileLoader = (args: LoaderFunctionArgs) =>
  withUser(args, async ({ session }) => {
    const url = new URL(args.request.url);
    const seq = seqParam(url.searchParams.get("paSeq"));
    const year = url.searchParams.get("year") ?? "";
    const back = () => {
      session.flash(MSG.fileDownloadFailed, "error");
      return redirect(`${AWARDS_PATH}${/^[0-9]{4}$/.test(year) ? `?year=${year}` : ""}`);
    };
    if (!seq) return back();
    return orLegacy(async () => {
      const p = await api.programInfo(session, seq);
      if (!p?.flnm || !p.rovl) return back();
      const orn = p.orn || p.fileName || p.flnm;
      return passDownload(await downloadFile(session, { flnm: p.flnm, rovl: p.rovl, orn }), orn);
    }, () => back());
  });
