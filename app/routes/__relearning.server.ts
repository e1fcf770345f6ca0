/**
 * E01 Re-learner selection: the list's loader and action (also in evaluation mode) and the Excel
 * resource route's loader. The dialogs are URL state: `?dialog=add` (empty, several students) and
 * `?dialog=edit&rlSeq=` (filled from detail.do, one student); delete is a per-row form.
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { pageOf, readPaging, readYear, yearRange } from "~/utils/list-url";
import { LegacyError } from "~/legacy/errors";
import * as api from "~/legacy/endpoints/relearning.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { RELEARNING_PATH, RELEARN_FIRST_YEAR, recordRow, relearnRowActionSchema, relearningOrder, relearningSchema, rowFlags, type RelearnSubject } from "~/schemas/relearning";
import { isConfirmed, type LookupRow } from "~/schemas/student-rows";
import { needsConfirmation } from "~/utils/confirm.server";
import { withUser, type UserContext } from "~/utils/context.server";
import { formFailure, validateForm } from "~/utils/form.server";
import { isRowsIntent, rowsStep, withRows } from "~/utils/student-rows.server";
import { downloadText, downloadYear, evalQuery, excelDownload } from "~/utils/excel-download.server";
import { excelUploadReply } from "~/utils/upload.server";
import { seoulYear } from "~/utils/time";
import { listAction } from "~/utils/list-action.server";
import { evalParams } from "~/utils/url";

const validator = withZod(relearningSchema);

/** 2025 … next year, newest first (spec 002 §9: filters start at 2025). */
export const relearnYears = () => yearRange(RELEARN_FIRST_YEAR, seoulYear() + 1);

/** The list's URL without the dialog's parameters. */
function listUrl(url: URL, changes: Record<string, string> = {}): string {
  const q = new URLSearchParams(url.search);
  for (const k of ["dialog", "rlSeq", "index"]) q.delete(k);
  for (const [k, v] of Object.entries(changes)) q.set(k, v);
  const s = q.toString();
  return `${url.pathname}${s ? `?${s}` : ""}`;
}

export interface RelearnDialog {
  mode: "add" | "edit";
  year: number;
  rlSeq: number | null;
  subjects: RelearnSubject[];
  /** the record's row when editing */
  row: LookupRow | null;
}

export function relearningLoader(args: LoaderFunctionArgs) {
  return withUser(args, async (ctx) => {
    const url = new URL(args.request.url);
    const ev = evalParams(args.params);
    const current = seoulYear();
    const years = relearnYears();
    const year = ev?.year ?? readYear(url, years, current);
    const value = (url.searchParams.get("value") ?? "").trim().slice(0, 100);
    const { page, size } = readPaging(url);
    let error: string | null = null;
    let rows: Record<string, unknown>[] = [];
    let subjects: RelearnSubject[] = [];
    let columns: { clm: string; clmNm: string }[] | null = null;
    let listed = false;
    try {
      const r = await api.listRelearners(ctx.session, { year, value, ...(ev ? { eiSeq: ev.eiSeq, menuSeq: ev.menuSeq } : {}) });
      subjects = r.subj.map((s) => ({ subjCd: s.subjCd, subjNm: s.subjNm }));
      listed = true;
      if (r.columns) {
        columns = r.columns;
        rows = r.list;
      } else {
        rows = (r.list as api.WireRelearner[]).map((l) => ({
          rlSeq: l.rlSeq,
          year: l.year,
          usSeq: l.usSeq,
          id: l.id,
          name: l.name,
          ...Object.fromEntries(l.subj.map((s) => [s.subjCd, s.reYn])),
        }));
      }
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      error = e.message;
    }

    let dialog: RelearnDialog | null = null;
    const asked = url.searchParams.get("dialog");
    if (!ev && asked === "add") {
      dialog = { mode: "add", year, rlSeq: null, subjects, row: null };
    } else if (!ev && asked === "edit") {
      const rlSeq = Number(url.searchParams.get("rlSeq"));
      try {
        if (!Number.isInteger(rlSeq) || rlSeq <= 0) throw new LegacyError(MSG.detailFailed, 404);
        const d = await api.relearnerDetail(ctx.session, rlSeq);
        const own = d.year === year && listed ? subjects : await api.relearnSubjects(ctx.session, d.year);
        dialog = { mode: "edit", year: d.year, rlSeq, subjects: own, row: recordRow({ ...d, subj: d.subj }) };
      } catch (e) {
        if (!(e instanceof LegacyError)) throw e;
        error = MSG.detailFailed;
      }
    }

    return json({
      evalMode: ev,
      years,
      year,
      value,
      page,
      size,
      total: rows.length,
      rows: pageOf(rows, page, size),
      subjects,
      /** the year has no subject codes (spec 002 §5) */
      noCodes: listed && subjects.length === 0,
      columns,
      dialog,
      error,
    });
  });
}

export type RelearningData = typeof relearningLoader;

async function save(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const v = await validateForm(validator, form, relearningOrder);
  if (!v.ok) return withRows(v.response, form);
  const confirm = needsConfirmation(form, "save");
  if (confirm) return withRows(confirm, form);
  const { rows, rlSeq } = v.data;
  const year = Number(v.data.year);
  try {
    const subjects = await api.relearnSubjects(ctx.session, year);
    if (!subjects.length) return withRows(formFailure(form, MSG.noYearCodes), form);
    const message = await api.saveRelearners(
      ctx.session,
      year,
      rows.map((r) => ({
        ...(rlSeq ? { rlSeq: Number(rlSeq) } : {}),
        usSeq: r.usSeq,
        id: r.id,
        name: r.name,
        status: isConfirmed(r, year),
        subj: rowFlags(r, subjects),
      })),
    );
    ctx.session.flash(message || (rlSeq ? MSG.updated : MSG.created), "info");
    return redirect(listUrl(url, { year: String(year) }));
  } catch (e) {
    if (e instanceof LegacyError) return withRows(formFailure(form, e.message), form);
    throw e;
  }
}

async function remove(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const parsed = relearnRowActionSchema.safeParse({ rlSeq: form.get("rlSeq") });
  if (!parsed.success) return formFailure(form, OWN_MSG.badRequest);
  const confirm = needsConfirmation(form, "delete");
  if (confirm) return confirm;
  try {
    await api.deleteRelearner(ctx.session, Number(parsed.data.rlSeq));
  } catch (e) {
    if (e instanceof LegacyError) return formFailure(form, e.status === 404 ? MSG.deleteFailed : e.message);
    throw e;
  }
  ctx.session.flash(MSG.deletedScore, "info");
  return redirect(listUrl(url));
}

export const relearningAction = listAction({
  intents: {
    excelUpload: (ctx, form) => {
      const asked = Number(form.get("year"));
      const year = relearnYears().includes(asked) ? asked : seoulYear();
      return excelUploadReply(form, (file) => api.uploadRelearningExcel(ctx.session, year, file, 120_000));
    },
    save,
    delete: remove,
  },
  step: { matches: isRowsIntent, run: (ctx, form, intent) => rowsStep(ctx, form, intent) },
});

/** The Excel resource route: the list's download (or the evaluation's columns) and the template. */
export function relearningExcelLoader(args: LoaderFunctionArgs) {
  const yearOf = (url: URL) => downloadYear(url, relearnYears(), seoulYear());
  return excelDownload(args, {
    listPath: RELEARNING_PATH,
    template: async (session, url) => ({ res: await api.downloadRelearningTemplate(session, yearOf(url)), name: "재학습자_업로드_양식.xlsx" }),
    download: async (session, url) => {
      const year = yearOf(url);
      return { res: await api.downloadRelearningExcel(session, { year, value: downloadText(url), ...evalQuery(url) }), name: `재학습자목록_${year}.xlsx` };
    },
    failure: (e) => (e.message === MSG.noYearCodes ? e.message : MSG.excelDownloadFailed),
  });
}
