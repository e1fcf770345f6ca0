/**
 * E04 patient safety course scores: the list's loader and action (also in evaluation mode) and the
 * Excel resource route's loader. The dialogs are URL state: `?dialog=insert` (several students),
 * `?dialog=update&pssSeq=` (one record, filled from the list) and `?dialog=delete&pssSeq=` (the
 * question before a delete).
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { readYear, yearRange } from "~/components/data-table/FilterBar";
import { pageOf, readPaging } from "~/components/data-table/Pager";
import { LegacyError } from "~/legacy/errors";
import * as api from "~/legacy/endpoints/patient-safety.server";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import { BLANK_SCORES, PSS_ITEM_KEYS, PSS_MAX_ROWS, PSS_PATH, patientSafetySchema, pssOrder } from "~/schemas/patient-safety";
import { checkKey, type LookupRow } from "~/schemas/student-rows";
import { needsConfirmation } from "~/utils/confirm.server";
import { withUser, type UserContext } from "~/utils/context.server";
import { formFailure, validateForm } from "~/utils/form.server";
import { isRowsIntent, readRows, rowsStep, withRows } from "~/utils/student-rows.server";
import { downloadText, downloadYear, evalQuery, excelDownload } from "~/utils/excel-download.server";
import { excelUploadReply } from "~/utils/upload.server";
import { seoulYear } from "~/utils/time";
import { listAction } from "./__list-action.server";
import { evalParams } from "~/utils/url";

const validator = withZod(patientSafetySchema);

/**
 * The years of the filter and the dialog, newest first: 2024 … the current year. (Spec 002 §2 lets
 * filters start at 2025; the records, and the demo data, begin in 2024 as the people records do.)
 */
const FIRST_YEAR = 2024;
export const pssYears = () => yearRange(FIRST_YEAR, Math.max(seoulYear(), FIRST_YEAR));

/** The list's URL without the dialog's parameters. */
function listUrl(url: URL, changes: Record<string, string> = {}): string {
  const q = new URLSearchParams(url.search);
  for (const k of ["dialog", "pssSeq", "index"]) q.delete(k);
  for (const [k, v] of Object.entries(changes)) q.set(k, v);
  const s = q.toString();
  return `${url.pathname}${s ? `?${s}` : ""}`;
}

const scoreText = (v: number | null) => (v === null || v === undefined ? "" : String(v));

/** A record as the update dialog's one row: confirmed for its number and year. */
function recordRow(r: api.WirePssRow): LookupRow {
  return {
    id: r.id,
    name: r.name,
    usSeq: String(r.usSeq),
    checked: checkKey(r.year, r.id),
    ...Object.fromEntries(PSS_ITEM_KEYS.map((k) => [k, scoreText(r[k])])),
    grd: r.grd,
  };
}

export interface PssDialog {
  mode: "insert" | "update";
  year: number;
  pssSeq: number | null;
  /** the record's row when updating */
  row: LookupRow | null;
}

export function patientSafetyLoader(args: LoaderFunctionArgs) {
  return withUser(args, async (ctx) => {
    const url = new URL(args.request.url);
    const ev = evalParams(args.params);
    const years = pssYears();
    const year = ev?.year ?? readYear(url, years, seoulYear());
    const value = (url.searchParams.get("value") ?? "").trim().slice(0, 100);
    const { page, size } = readPaging(url);
    let error: string | null = null;
    let rows: Record<string, unknown>[] = [];
    let columns: { clm: string; clmNm: string }[] | null = null;
    try {
      const r = await api.listScores(ctx.session, { year, searchTxt: value, ...(ev ? { eiSeq: ev.eiSeq, menuSeq: ev.menuSeq } : {}) });
      rows = r.list;
      if (r.columns) columns = r.columns;
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      error = e.message;
    }

    let dialog: PssDialog | null = null;
    let askDelete: { pssSeq: number; year: number; id: string; name: string } | null = null;
    const asked = ev ? null : url.searchParams.get("dialog");
    if (asked === "insert") {
      dialog = { mode: "insert", year, pssSeq: null, row: null };
    } else if (asked === "update" || asked === "delete") {
      const pssSeq = Number(url.searchParams.get("pssSeq"));
      const find = (list: Record<string, unknown>[]) => (list as api.WirePssRow[]).find((r) => r.pssSeq === pssSeq);
      try {
        // the record is on the list, or on the year's unfiltered list
        let record = find(rows);
        if (!record && value) record = find((await api.listScores(ctx.session, { year, searchTxt: "" })).list);
        if (!record) throw new LegacyError(MSG.detailFailed, 404);
        if (asked === "update") dialog = { mode: "update", year: record.year, pssSeq, row: recordRow(record) };
        else askDelete = { pssSeq, year: record.year, id: record.id, name: record.name };
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
      columns,
      dialog,
      askDelete,
      error,
    });
  });
}

export type PatientSafetyData = typeof patientSafetyLoader;

async function save(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const rowCount = readRows(form).length;
  const v = await validateForm(validator, form, pssOrder(Math.min(rowCount, PSS_MAX_ROWS)));
  if (!v.ok) return withRows(v.response, form);
  const confirm = needsConfirmation(form, "save");
  if (confirm) return withRows(confirm, form);
  const { mode, rows } = v.data;
  const year = Number(v.data.year);
  try {
    const r = await api.saveScores(ctx.session, {
      mode,
      year,
      ...(mode === "update" ? { pssSeq: Number(v.data.pssSeq) } : {}),
      data: rows.map((row) => ({
        id: row.id,
        name: row.name,
        usSeq: row.usSeq ? Number(row.usSeq) : null,
        attn: row.attn,
        quiz: row.quiz,
        rcgnSrvy: row.rcgnSrvy,
        ptntSftyRprt: row.ptntSftyRprt,
        group1: row.group1,
        group2: row.group2,
        prtcDgr: row.prtcDgr,
        grd: row.grd,
      })),
    });
    ctx.session.flash(r.message || (mode === "update" ? MSG.updated : MSG.created), "info");
    return redirect(listUrl(url, { year: String(year) }));
  } catch (e) {
    if (e instanceof LegacyError) return withRows(formFailure(form, e.message), form);
    throw e;
  }
}

async function remove(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const seq = Number(form.get("pssSeq"));
  if (!Number.isInteger(seq) || seq <= 0) return formFailure(form, OWN_MSG.badRequest);
  const confirm = needsConfirmation(form, "delete");
  if (confirm) return confirm;
  try {
    await api.deleteScore(ctx.session, seq);
  } catch (e) {
    if (!(e instanceof LegacyError)) throw e;
    ctx.session.flash(e.status === 404 ? MSG.deleteFailed : e.message, "error");
    return redirect(listUrl(url));
  }
  ctx.session.flash(MSG.deletedScore, "info");
  return redirect(listUrl(url));
}

export const patientSafetyAction = listAction({
  intents: {
    excelUpload: (ctx, form) => {
      const asked = Number(form.get("year"));
      const year = pssYears().includes(asked) ? asked : seoulYear();
      return excelUploadReply(form, (file) => api.uploadScores(ctx.session, year, file, 120_000));
    },
    save,
    delete: remove,
  },
  step: { matches: isRowsIntent, run: (ctx, form, intent) => rowsStep(ctx, form, intent, { extraBlank: BLANK_SCORES, maxRows: PSS_MAX_ROWS }) },
});

/** The Excel resource route: the list's download (or the evaluation's columns) and the template. */
export function patientSafetyExcelLoader(args: LoaderFunctionArgs) {
  const yearOf = (url: URL) => downloadYear(url, pssYears(), seoulYear());
  return excelDownload(args, {
    listPath: PSS_PATH,
    template: async (session, url) => ({ res: await api.downloadTemplate(session, yearOf(url)), name: "환자안전_교과목_성적_업로드_양식.xlsx" }),
    download: async (session, url) => {
      const year = yearOf(url);
      return { res: await api.downloadScores(session, { year, searchTxt: downloadText(url), ...evalQuery(url) }), name: `환자안전교과목성적_${year}.xlsx` };
    },
  });
}
