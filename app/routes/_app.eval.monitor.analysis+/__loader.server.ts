/**
 * E18 exam question analysis on the list kit: the list's loader and action (also in evaluation mode
 * `/eval/monitor/analysis/$eiSeq/$menuSeq/$year`) and the Excel resource route's loader. The
 * dialogs are URL state: `?dialog=add`, `?dialog=edit&eqaSeq=` and `?dialog=delete&eqaSeq=` (the
 * record through detail.do).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as api from "./__calls.server";
import { ANALYSIS_PATH, EQA_NUMBER_NAMES, type AnalysisDialog, examAnalysisOrder, examAnalysisSchema, numberText, overCapFields } from "./__schema";
import { MSG } from "~/schemas/messages.ko";
import { needsConfirmation } from "~/utils/confirm.server";
import type { UserContext } from "~/utils/context.server";
import { firstError, formFailure } from "~/utils/form.server";
import { orFormFailure } from "~/utils/legacy-errors.server";
import { evalQuery, excelDownload } from "~/utils/excel-download.server";
import { backToList, deleteIntent, listAction } from "~/utils/list-action.server";
import { listLoader, readListState } from "~/utils/list-loader.server";
import { readText, yearRange } from "~/utils/list-url";
import { excelUploadReply } from "~/utils/upload.server";
import { seoulYear } from "~/utils/time";
import { seqParam } from "~/utils/url";

/** The filter's choices start at 2025 (spec 002 §9, the kit's default) plus the years that have analyses; any year of the dialog's range may be asked for. */
const state = { acceptYears: () => yearRange(2010, seoulYear() + 5), filter: (url: URL) => ({ value: readText(url) }) };

function valuesOf(a: api.WireAnalysis): Record<string, string> {
  const values: Record<string, string> = { year: String(a.year), eqaSe: a.eqaSe, currNm: a.currNm, period: a.period, grdSe: a.grdSe ?? "", dscpSe: a.dscpSe ?? "" };
  for (const n of EQA_NUMBER_NAMES) values[n] = numberText(a[n]);
  return values;
}

export const analysisLoader = listLoader({
  key: "eqaSeq",
  ...state,
  sortable: ["currNm", "eqaSeNm", "period", "qestCnt", "totalScore", "minScore", "maxScore", "regDt"],
  list: (ctx, { year, filter, ev, query }) => api.listAnalyses(ctx.session, { year, value: filter.value, ...query, ...(ev ? { eiSeq: ev.eiSeq, menuSeq: ev.menuSeq } : {}) }),
  detail: (ctx, seq) => api.getAnalysis(ctx.session, seq),
  dialog: async (_ctx, { kind, record }, { year }): Promise<AnalysisDialog | Record<string, unknown> | null> => {
    const currentYear = seoulYear();
    if (kind === "add") return { values: { year: String(year), eqaSe: "1" }, currentYear };
    if (kind === "edit") return { values: valuesOf(record as unknown as api.WireAnalysis), currentYear };
    return kind === "delete" ? record : null;
  },
});

async function save(ctx: UserContext, form: FormData, url: URL) {
  const eqaSeq = url.searchParams.get("dialog") === "edit" ? seqParam(url.searchParams.get("eqaSeq")) : null;
  const result = await withZod(examAnalysisSchema(seoulYear())).validate(form);
  if (result.error) {
    const fieldErrors = result.error.fieldErrors as Record<string, string>;
    // a value above 999.99 comes back emptied, with its message (the browser clears it on leaving)
    const capped = overCapFields(fieldErrors);
    for (const name of capped) form.set(name, "");
    return formFailure(form, capped.length ? MSG.eqaMax999 : firstError(fieldErrors, examAnalysisOrder), fieldErrors, {}, 422);
  }
  const confirm = needsConfirmation(form, "save");
  if (confirm) return confirm;
  return orFormFailure(form, async () => {
    const r = await api.saveAnalysis(ctx.session, result.data, eqaSeq ?? undefined);
    ctx.session.flash(r.message || (eqaSeq ? MSG.updated : MSG.created), "info");
    return redirect(backToList(url, "eqaSeq"));
  });
}

export const analysisAction = listAction({
  intents: {
    excelUpload: (ctx, form) => excelUploadReply(form, (file) => api.uploadAnalysisExcel(ctx.session, file, 120_000)),
    save,
    delete: deleteIntent({ key: "eqaSeq", remove: api.deleteAnalysis, done: MSG.deletedScore }),
  },
  unknown: MSG.genericError,
  // the audit log's before → after (ADR 0028): the analysis as the edit form shows it
  audit: { key: "eqaSeq", detail: async (ctx, seq) => valuesOf(await api.getAnalysis(ctx.session, seq)) },
});

/** The Excel resource route: the list's filter (or the evaluation's columns) and the template. */
export const analysisExcelLoader = (args: LoaderFunctionArgs) => {
  const filterOf = (url: URL) => {
    const s = readListState(url, {}, state);
    return { year: s.year, value: s.filter.value, ...evalQuery(url) };
  };
  return excelDownload(args, {
    listPath: ANALYSIS_PATH,
    template: async (session, url) => ({ res: await api.downloadAnalysisTemplate(session, filterOf(url).year), name: api.ANALYSIS_TEMPLATE.fileName }),
    download: async (session, url) => {
      const f = filterOf(url);
      return { res: await api.downloadAnalysisExcel(session, f), name: `시험문항분석_${f.year}.xlsx` };
    },
  });
};
