/**
 * E06 health and medical law scores: the list's loader and action (also in evaluation mode) and the
 * Excel resource route's loader, on the list kit. The dialogs are URL state: `?dialog=add`,
 * `?dialog=edit&hlSeq=` (filled from detail.do), `?dialog=preview&hlSeq=` (preview.do) and
 * `?dialog=delete&hlSeq=`. Besides save and delete the action answers the Excel upload, the code
 * lists of another year (`intent=codes`, the dialog's year changed with JavaScript) and the student
 * rows (rowsStep). Every reply that re-renders the dialog carries its rows and the code lists of
 * the posted year, so that without JavaScript nothing typed is lost.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as law from "~/legacy/endpoints/medical-law.server";
import { LAW_EXTRA_BLANK, LAW_MAX_ROWS, LAW_PATH, lawsInfoOf, medicalLawOrder, medicalLawSchema, rowsOfUsers } from "./__schema";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { needsConfirmation } from "~/utils/confirm.server";
import type { UserContext } from "~/utils/context.server";
import { evalQuery, excelDownload } from "~/utils/excel-download.server";
import { validateForm, messageFailure } from "~/utils/form.server";
import { backToList, deleteIntent, rowFields, listAction, UPLOAD_TIMEOUT_MS, uploadIntent } from "~/utils/list-action.server";
import { listLoader } from "~/utils/list-loader.server";
import { listYears, readMulti, readText } from "~/utils/list-url";
import { isRowsIntent, rowsStep, withRows } from "~/utils/student-rows.server";
import { yearCodes } from "~/utils/year-codes.server";
import { orLegacy } from "~/utils/legacy-errors.server";

const lawValidator = withZod(medicalLawSchema);

/** The list's own filters (also the download's): the text and the target grades (null = every grade). */
const lawFilter = (url: URL) => ({ value: readText(url), tgetSt: readMulti(url, "tgetSt") });

/** The target grades and subjects of a year (the dialog's choices; the grades are the filter's too). */
async function codeLists(ctx: UserContext, year: number) {
  const c = await law.lawCodeLists(ctx.session, year);
  return { year, grdeList: c.grdeList, subjList: c.subjList };
}

/** A score record as the edit form's fields. */
const lawValues = (d: law.WireLawDetail) => ({ hlSeq: String(d.hlSeq), year: String(d.year), smst: d.smst, tgetSt: d.tgetSt, subj: d.subj, totalScore: String(d.totalScore) });

export const lawLoader = listLoader({
  key: "hlSeq",
  filter: lawFilter,
  sortable: ["year", "smst", "tgetNm", "subjNm", "userCnt", "avgScore", "totalScore"],
  list: async (ctx, { year, filter, ev, query }) => {
    const [codes, reply] = await Promise.all([codeLists(ctx, year), law.listLaws(ctx.session, { year, value: filter.value, tgetSt: filter.tgetSt ?? [], ...query, ...ev })]);
    return { ...reply, codes };
  },
  // delete asks about the list's row; edit fills the form from the detail, preview shows preview.do
  dialog: async (ctx, { kind, seq, record }, { year }, reply) => {
    if (kind === "add") return { kind, hlSeq: null, values: { year: String(year) }, rows: null, codes: reply?.codes ?? (await codeLists(ctx, year)) };
    if (kind === "preview") return { kind, list: await law.previewLaw(ctx.session, seq!) };
    if (kind === "delete") return record;
    const d = await law.lawDetail(ctx.session, seq!);
    return { kind, hlSeq: seq, values: lawValues(d), rows: rowsOfUsers(d.year, d.users), codes: await codeLists(ctx, d.year) };
  },
  more: (_ctx, _state, reply) => ({ grades: reply?.codes.grdeList ?? [] }),
});

/** The codes of the year the form posts, with each reply that re-renders the dialog. */
const { withCodes, intent: codesIntent } = yearCodes(codeLists);

/** The field a server message belongs to. */
const FIELD_OF: Record<string, string> = { [MSG.lawTargetRequired]: "tgetSt", [OWN_MSG.lawSubjectRequired]: "subj", [MSG.yearRequired]: "year", [MSG.lawSmstRequired]: "smst" };

async function save(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const again = async (res: Response) => withCodes(ctx, await withRows(res, form), form);
  const v = await validateForm(lawValidator, form, medicalLawOrder);
  if (!v.ok) return again(v.response);
  const confirm = needsConfirmation(form, "save");
  if (confirm) return again(confirm);
  // the rows and code lists come back with the message, its field marked
  return orLegacy(async () => {
    const r = await law.saveLaw(ctx.session, lawsInfoOf(v.data));
    ctx.session.flash(r.message || (v.data.hlSeq ? MSG.updated : MSG.created), "info");
    return redirect(backToList(url, "hlSeq"));
  }, (message) => again(messageFailure(form, message, FIELD_OF)));
}

export const lawAction = listAction({
  intents: {
    excelUpload: uploadIntent(listYears, (session, year, file) => law.uploadLawExcel(session, file, year, UPLOAD_TIMEOUT_MS)),
    codes: codesIntent,
    save,
    delete: deleteIntent({ key: "hlSeq", remove: law.deleteLaw, done: MSG.deletedScore }),
  },
  step: {
    matches: isRowsIntent,
    run: async (ctx, form, intent) => withCodes(ctx, await rowsStep(ctx, form, intent, { extraBlank: { ...LAW_EXTRA_BLANK }, maxRows: LAW_MAX_ROWS }), form),
  },
  // the audit log's before → after (ADR 0028): the record and its students' scores as the edit dialog shows them
  audit: {
    key: "hlSeq",
    detail: async (ctx, seq) => {
      const d = await law.lawDetail(ctx.session, seq);
      return { ...lawValues(d), ...rowFields(rowsOfUsers(d.year, d.users)) };
    },
  },
});

/** The Excel resource route: the list's download (or the evaluation's columns) and the template. */
export const lawExcelLoader = (args: LoaderFunctionArgs) =>
  excelDownload(args, {
    listPath: LAW_PATH,
    template: async (session, _url, year) => ({ res: await law.downloadLawTemplate(session, year), name: "보건의료법규성적_업로드_양식.xlsx" }),
    download: async (session, url, year) => {
      const { value, tgetSt } = lawFilter(url);
      return { res: await law.downloadLawExcel(session, { year, value, tgetSt: tgetSt ?? [], ...evalQuery(url) }), name: `보건의료법규성적_${year}.xlsx` };
    },
  });
