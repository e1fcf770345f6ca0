/**
 * E04 patient safety course scores: the list's loader and action (also in evaluation mode) and the
 * Excel resource route's loader, on the list kit. The dialogs are URL state: `?dialog=add` (several
 * students), `?dialog=edit&pssSeq=` (one record, from the year's list) and `?dialog=delete&pssSeq=`.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as api from "./__calls.server";
import { MSG } from "~/schemas/messages.ko";
import { BLANK_SCORES, PSS_ITEM_KEYS, PSS_MAX_ROWS, PSS_PATH, patientSafetySchema, pssOrder } from "./__schema";
import { checkKey, type LookupRow } from "~/schemas/student-rows";
import { needsConfirmation } from "~/utils/confirm.server";
import type { UserContext } from "~/utils/context.server";
import { formFailure, validateForm } from "~/utils/form.server";
import { isRowsIntent, readRows, rowsStep, withRows } from "~/utils/student-rows.server";
import { downloadText, downloadYear, evalQuery, excelDownload } from "~/utils/excel-download.server";
import { excelUploadReply } from "~/utils/upload.server";
import { seoulYear } from "~/utils/time";
import { backToList, deleteIntent, listAction } from "~/utils/list-action.server";
import { listLoader } from "~/utils/list-loader.server";
import { listYears, readText } from "~/utils/list-url";
import { orLegacy } from "~/utils/legacy-errors.server";

const validator = withZod(patientSafetySchema);

/** The years of the filter and the dialog: 2025 … the current year (spec 002 §9). */
export const pssYears = () => listYears();

const scoreText = (v: number | null) => (v === null || v === undefined ? "" : String(v));

/** A record as the edit dialog's one row: confirmed for its number and year. */
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
  /** the record's row when editing */
  row: LookupRow | null;
}

export const patientSafetyLoader = listLoader({
  key: "pssSeq",
  filter: (url) => ({ value: readText(url) }),
  sortable: ["year", "id", "name", "total", "grd", "regDt"],
  list: (ctx, { year, filter, ev, query }) => api.listScores(ctx.session, { year, searchTxt: filter.value, ...query, ...(ev ? { eiSeq: ev.eiSeq, menuSeq: ev.menuSeq } : {}) }),
  // the record of edit and delete: on the year's list (the page may be filtered or paged)
  detail: async (ctx, seq, { year }) => (await api.listScores(ctx.session, { year, searchTxt: "" })).list.find((r) => (r as api.WirePssRow).pssSeq === seq) ?? null,
  dialog: async (_ctx, { kind, seq, record }, { year }): Promise<PssDialog | Record<string, unknown> | null> => {
    if (kind === "add") return { mode: "insert", year, pssSeq: null, row: null };
    const r = record as unknown as api.WirePssRow;
    if (kind === "edit") return { mode: "update", year: r.year, pssSeq: seq, row: recordRow(r) };
    return kind === "delete" ? record : null;
  },
});

async function save(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const rowCount = readRows(form).length;
  const v = await validateForm(validator, form, pssOrder(Math.min(rowCount, PSS_MAX_ROWS)));
  if (!v.ok) return withRows(v.response, form);
  const confirm = needsConfirmation(form, "save");
  if (confirm) return withRows(confirm, form);
  const { mode, rows } = v.data;
  const year = Number(v.data.year);
  return orLegacy(async () => {
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
    return redirect(backToList(url, "pssSeq", { year: String(year) }));
  }, (message) => withRows(formFailure(form, message), form));
}

export const patientSafetyAction = listAction({
  intents: {
    excelUpload: (ctx, form) => {
      const asked = Number(form.get("year"));
      const year = pssYears().includes(asked) ? asked : seoulYear();
      return excelUploadReply(form, (file) => api.uploadScores(ctx.session, year, file, 120_000), { year });
    },
    save,
    delete: deleteIntent({ key: "pssSeq", remove: api.deleteScore, done: MSG.deletedScore }),
  },
  step: { matches: isRowsIntent, run: (ctx, form, intent) => rowsStep(ctx, form, intent, { extraBlank: BLANK_SCORES, maxRows: PSS_MAX_ROWS }) },
  // the audit log's before → after (ADR 0028): the record on the year's list, and the saved first row
  audit: {
    key: "pssSeq",
    detail: async (ctx, seq, url) => {
      const year = Number(new URLSearchParams(url.search).get("year")) || seoulYear();
      const r = (await api.listScores(ctx.session, { year, searchTxt: "" })).list.find((x) => (x as api.WirePssRow).pssSeq === seq);
      return (r as Record<string, unknown> | undefined) ?? null;
    },
    fields: (form) => {
      const row = readRows(form)[0] ?? {};
      const keys = ["id", "name", "attn", "quiz", "rcgnSrvy", "ptntSftyRprt", "group1", "group2", "prtcDgr", "grd"] as const;
      return Object.fromEntries(keys.map((k) => [k, (row as Record<string, unknown>)[k] ?? ""]));
    },
  },
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
