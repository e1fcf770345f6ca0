/**
 * E01 Re-learner selection: the list's loader and action (also in evaluation mode) and the Excel
 * resource route's loader, on the list kit. The dialogs are URL state: `?dialog=add` (several
 * students), `?dialog=edit&rlSeq=` (filled from detail.do, one student) and `?dialog=delete&rlSeq=`.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as api from "~/legacy/endpoints/relearning.server";
import { MSG } from "~/schemas/messages.ko";
import { RELEARNING_PATH, recordRow, relearningOrder, relearningSchema, rowFlags } from "./__schema";
import { isConfirmed } from "~/schemas/student-rows";
import { needsConfirmation } from "~/utils/confirm.server";
import type { UserContext } from "~/utils/context.server";
import { evalQuery, excelDownload } from "~/utils/excel-download.server";
import { formFailure, validateForm } from "~/utils/form.server";
import { backToList, rowFields, deleteIntent, listAction, UPLOAD_TIMEOUT_MS, uploadIntent } from "~/utils/list-action.server";
import { listLoader } from "~/utils/list-loader.server";
import { listYears, readText } from "~/utils/list-url";
import { isRowsIntent, orRowsFailure, rowsStep, withRows } from "~/utils/student-rows.server";
import { seoulYear } from "~/utils/time";

const validator = withZod(relearningSchema);

/** 2025 … next year, newest first (spec 002 §9: filters start at 2025; next year to prepare ahead). */
export const relearnYears = () => listYears(seoulYear() + 1);

/** A learner as a list row: one column per subject of the year (its subject code → reYn). */
const listRow = (l: api.WireRelearner) => ({ rlSeq: l.rlSeq, year: l.year, usSeq: l.usSeq, id: l.id, name: l.name, ...Object.fromEntries(l.subj.map((s) => [s.subjCd, s.reYn])) });

export const relearningLoader = listLoader({
  key: "rlSeq",
  years: relearnYears,
  filter: (url) => ({ value: readText(url) }),
  sortable: ["year", "id", "name"],
  list: async (ctx, { year, filter, ev, query }) => {
    const r = await api.listRelearners(ctx.session, { year, value: filter.value, ...query, ...ev });
    return r.columns ? r : { ...r, list: r.list.map(listRow) };
  },
  detail: (ctx, seq) => api.relearnerDetail(ctx.session, seq),
  dialog: async (ctx, { kind, seq, record }, { year }, reply) => {
    if (kind === "add") return { mode: "add", year, rlSeq: null, subjects: reply?.subj ?? [], row: null };
    if (kind !== "edit") return kind === "delete" ? record : null;
    const d = record as unknown as api.WireRelearner;
    // the subjects of the record's own year
    const subjects = d.year === year && reply ? reply.subj : await api.relearnSubjects(ctx.session, d.year);
    return { mode: "edit", year: d.year, rlSeq: seq, subjects, row: recordRow(d) };
  },
  // a year without subject codes says so (spec 002 §5)
  more: (_ctx, _state, reply) => ({ subjects: reply?.subj ?? [], noCodes: reply?.subj.length === 0 }),
});

async function save(ctx: UserContext, form: FormData, url: URL): Promise<Response> {
  const v = await validateForm(validator, form, relearningOrder);
  if (!v.ok) return withRows(v.response, form);
  const confirm = needsConfirmation(form, "save");
  if (confirm) return withRows(confirm, form);
  const { rows, rlSeq } = v.data;
  const year = Number(v.data.year);
  return orRowsFailure(form, async () => {
    const subjects = await api.relearnSubjects(ctx.session, year);
    if (!subjects.length) return withRows(formFailure(form, MSG.noYearCodes), form);
    const learners = rows.map((r) => ({ ...(rlSeq ? { rlSeq: Number(rlSeq) } : {}), usSeq: r.usSeq, id: r.id, name: r.name, status: isConfirmed(r, year), subj: rowFlags(r, subjects) }));
    const message = await api.saveRelearners(ctx.session, year, learners);
    ctx.session.flash(message || (rlSeq ? MSG.updated : MSG.created), "info");
    return redirect(backToList(url, "rlSeq", { year: String(year) }));
  });
}

export const relearningAction = listAction({
  intents: {
    excelUpload: uploadIntent(relearnYears, (session, year, file) => api.uploadRelearningExcel(session, year, file, UPLOAD_TIMEOUT_MS)),
    save,
    delete: deleteIntent({ key: "rlSeq", remove: api.deleteRelearner, done: MSG.deletedScore }),
  },
  step: { matches: isRowsIntent, run: (ctx, form, intent) => rowsStep(ctx, form, intent) },
  // the audit log's before → after (ADR 0028): the learner's row as the edit dialog shows it
  audit: {
    key: "rlSeq",
    detail: async (ctx, seq) => {
      const d = await api.relearnerDetail(ctx.session, seq);
      return { year: String(d.year), ...rowFields([recordRow(d)]) };
    },
  },
});

/** The Excel resource route: the list's download (or the evaluation's columns) and the template. */
export const relearningExcelLoader = (args: LoaderFunctionArgs) =>
  excelDownload(args, {
    listPath: RELEARNING_PATH,
    years: relearnYears,
    template: async (session, _url, year) => ({ res: await api.downloadRelearningTemplate(session, year), name: "재학습자_업로드_양식.xlsx" }),
    download: async (session, url, year) => ({ res: await api.downloadRelearningExcel(session, { year, value: readText(url), ...evalQuery(url) }), name: `재학습자목록_${year}.xlsx` }),
    failure: (e) => (e.message === MSG.noYearCodes ? e.message : MSG.excelDownloadFailed),
  });
