/**
 * Loader and action of E18 exam question analysis (`/eval/monitor/analysis`, and its evaluation
 * mode `/eval/monitor/analysis/$eiSeq/$menuSeq/$year`). The register/edit dialog and the delete
 * question are URL state (`?dialog=add`, `?dialog=edit&eqaSeq=`, `?dialog=delete&eqaSeq=`).
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { readYear, yearRange } from "~/components/data-table/FilterBar";
import { pageOf, readPaging } from "~/components/data-table/Pager";
import { LegacyError } from "~/legacy/errors";
import * as analysisApi from "~/legacy/endpoints/analysis.server";
import { EQA_NUMBER_NAMES, examAnalysisOrder, examAnalysisSchema, numberText, overCapFields } from "~/schemas/exam-analysis";
import { MSG } from "~/schemas/messages.ko";
import { needsConfirmation } from "~/utils/confirm.server";
import { withUser, type UserContext } from "~/utils/context.server";
import { firstError, formFailure, orFormFailure } from "~/utils/form.server";
import { excelUploadReply } from "~/utils/upload.server";
import { seoulYear } from "~/utils/time";
import { listAction } from "~/utils/list-action.server";
import { evalParams, seqParam } from "~/utils/url";
import { evalQuery } from "~/utils/excel-download.server";

/** Filter years start at 2025 (spec 002 §9); years that have analyses are added. */
const FILTER_FIRST_YEAR = 2025;

/** The list URL with its filters, without the dialog. */
function listUrl(url: URL): string {
  const q = new URLSearchParams(url.search);
  for (const k of ["dialog", "eqaSeq", "index"]) q.delete(k);
  const s = q.toString();
  return `${url.pathname}${s ? `?${s}` : ""}`;
}

export function analysisFilter(url: URL, years: number[], evalYear: number | null) {
  const year = evalYear ?? readYear(url, years, seoulYear());
  const value = (url.searchParams.get("value") ?? "").trim().slice(0, 100);
  return { year, value };
}

/** The download's filter (any year of the dialog's range; evaluation params when given). */
export function downloadFilter(url: URL): analysisApi.AnalysisFilter {
  const f = analysisFilter(url, yearRange(2010, seoulYear() + 5), null);
  return { ...f, ...evalQuery(url) };
}

/** A record as the dialog's text values. */
function formValuesOf(a: analysisApi.WireAnalysis): Record<string, string> {
  const values: Record<string, string> = {
    year: String(a.year),
    eqaSe: a.eqaSe,
    currNm: a.currNm,
    period: a.period,
    grdSe: a.grdSe ?? "",
    dscpSe: a.dscpSe ?? "",
  };
  for (const n of EQA_NUMBER_NAMES) values[n] = numberText(a[n]);
  return values;
}

type DialogState =
  | { mode: "add"; values: Record<string, string> }
  | { mode: "edit"; eqaSeq: number; values: Record<string, string> }
  | { mode: "delete"; eqaSeq: number; currNm: string; year: number; period: string };

async function dialogState(ctx: UserContext, url: URL, year: number): Promise<DialogState | null> {
  const dialog = url.searchParams.get("dialog");
  if (dialog === "add") return { mode: "add", values: { year: String(year), eqaSe: "1" } };
  const eqaSeq = seqParam(url.searchParams.get("eqaSeq"));
  if ((dialog === "edit" || dialog === "delete") && eqaSeq) {
    const a = await analysisApi.getAnalysis(ctx.session, eqaSeq);
    return dialog === "edit" ? { mode: "edit", eqaSeq, values: formValuesOf(a) } : { mode: "delete", eqaSeq, currNm: a.currNm, year: a.year, period: a.period };
  }
  return null;
}

export const analysisLoader = (args: LoaderFunctionArgs) =>
  withUser(args, async (ctx) => {
    const url = new URL(args.request.url);
    const ev = evalParams(args.params);
    const current = seoulYear();
    const baseYears = yearRange(FILTER_FIRST_YEAR, current);
    // any year with analyses may be asked for; the list tells which
    const f = analysisFilter(url, yearRange(2010, current + 5), ev?.year ?? null);
    const { page, size } = readPaging(url);
    let rows: Record<string, unknown>[] = [];
    let years = baseYears;
    let columns: { clm: string; clmNm: string }[] | null = null;
    let error: string | null = null;
    try {
      const r = await analysisApi.listAnalyses(ctx.session, { year: f.year, value: f.value, ...(ev ? { eiSeq: ev.eiSeq, menuSeq: ev.menuSeq } : {}) });
      rows = r.list as Record<string, unknown>[];
      years = [...new Set([...baseYears, ...r.yearList, f.year])].sort((a, b) => b - a);
      if (ev) columns = r.columns ?? [];
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      error = e.message;
    }
    let dialog: DialogState | null = null;
    if (!ev) {
      try {
        dialog = await dialogState(ctx, url, f.year);
      } catch (e) {
        if (!(e instanceof LegacyError)) throw e;
        error = MSG.detailFailed;
      }
    }
    return json({
      evalMode: ev,
      years,
      filter: f,
      rows: pageOf(rows, page, size),
      total: rows.length,
      page,
      size,
      columns,
      dialog,
      currentYear: current,
      error,
    });
  });
export type AnalysisLoader = typeof analysisLoader;

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
  const d = result.data;
  return orFormFailure(form, async () => {
    const r = await analysisApi.saveAnalysis(ctx.session, d, eqaSeq ?? undefined);
    ctx.session.flash(r.message || (eqaSeq ? MSG.updated : MSG.created), "info");
    return redirect(listUrl(url));
  });
}

export const analysisAction = listAction({
  intents: {
    excelUpload: (ctx, form) => excelUploadReply(form, (file) => analysisApi.uploadAnalysisExcel(ctx.session, file, 120_000)),
    save,
    delete: async (ctx, form, url) => {
      const eqaSeq = seqParam(String(form.get("eqaSeq") ?? ""));
      if (!eqaSeq) return formFailure(form, MSG.deleteFailed);
      try {
        await analysisApi.deleteAnalysis(ctx.session, eqaSeq);
        ctx.session.flash(MSG.deletedScore, "info");
      } catch (e) {
        if (!(e instanceof LegacyError)) throw e;
        ctx.session.flash(e.message, "error");
      }
      return redirect(listUrl(url));
    },
  },
  unknown: MSG.genericError,
});
