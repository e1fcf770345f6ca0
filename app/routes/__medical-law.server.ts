/**
 * Loader and action of E06 health and medical law scores (`/insert/eval/medical-law`, also in
 * evaluation mode `/insert/eval/medical-law/$eiSeq/$menuSeq/$year`), and its Excel downloads.
 *
 * Dialogs are URL state: `?dialog=add`, `?dialog=edit&hlSeq=` (filled from detail.do) and
 * `?dialog=preview&hlSeq=` (preview.do). The action answers, in order: the Excel upload, the
 * code lists of another year (`intent=codes`, the dialog's year changed with JavaScript), the
 * student rows (lookup, add, remove: rowsStep), save (confirmed) and delete (confirmed). Every
 * reply that re-renders the dialog carries its rows and the code lists of the posted year, so
 * that without JavaScript nothing typed is lost. In evaluation mode the action refuses (405).
 */
import { json, redirect, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { pageOf, readMulti, readPaging, readYear, yearRange } from "~/utils/list-url";
import type { LawCodeLists } from "~/components/medical-law/LawForm";
import { LegacyError } from "~/legacy/errors";
import * as law from "~/legacy/endpoints/medical-law.server";
import { LAW_EXTRA_BLANK, LAW_FIRST_YEAR, LAW_MAX_ROWS, LAW_PATH, lawsInfoOf, medicalLawDeleteSchema, medicalLawOrder, medicalLawSchema, rowsOfUsers } from "~/schemas/medical-law";
import { MSG, OWN_MSG } from "~/schemas/messages.ko";
import type { LookupRow } from "~/schemas/student-rows";
import { needsConfirmation } from "~/utils/confirm.server";
import { evalQuery, excelDownload } from "~/utils/excel-download.server";
import { withUser, type UserContext } from "~/utils/context.server";
import { firstError, formFailure } from "~/utils/form.server";
import { isRowsIntent, readRows, rowsStep } from "~/utils/student-rows.server";
import { excelUploadReply } from "~/utils/upload.server";
import { seoulYear } from "~/utils/time";
import { listAction } from "~/utils/list-action.server";
import { evalParams, seqParam } from "~/utils/url";

const lawValidator = withZod(medicalLawSchema);
const deleteValidator = withZod(medicalLawDeleteSchema);

/** The list filter of a request, as the list, the Excel download and the links use it. */
function readFilter(url: URL, years: readonly number[], evalYear: number | null) {
  return {
    year: evalYear ?? readYear(url, years, seoulYear()),
    value: (url.searchParams.get("value") ?? "").trim().slice(0, 100),
    /** null = every target grade */
    tgetSt: readMulti(url, "tgetSt"),
  };
}

const baseYears = () => yearRange(LAW_FIRST_YEAR, seoulYear());

async function codeLists(ctx: UserContext, year: number): Promise<LawCodeLists> {
  const c = await law.lawCodeLists(ctx.session, year);
  return { year, grdeList: c.grdeList, subjList: c.subjList };
}

/** The dialog of the URL: add, edit (detail.do) or preview (preview.do). */
async function dialogOf(ctx: UserContext, url: URL, filterYear: number) {
  const kind = url.searchParams.get("dialog");
  const hlSeq = seqParam(url.searchParams.get("hlSeq"));
  if (kind === "add") {
    return {
      kind: "add" as const,
      hlSeq: null,
      values: { year: String(filterYear) } as Record<string, unknown>,
      rows: null as LookupRow[] | null,
      codes: await codeLists(ctx, filterYear),
    };
  }
  if (kind === "edit" && hlSeq) {
    const d = await law.lawDetail(ctx.session, hlSeq);
    return {
      kind: "edit" as const,
      hlSeq,
      values: { hlSeq: String(d.hlSeq), year: String(d.year), smst: d.smst, tgetSt: d.tgetSt, subj: d.subj, totalScore: String(d.totalScore) } as Record<string, unknown>,
      rows: rowsOfUsers(d.year, d.users) as LookupRow[] | null,
      codes: await codeLists(ctx, d.year),
    };
  }
  if (kind === "preview" && hlSeq) {
    return { kind: "preview" as const, hlSeq, list: await law.previewLaw(ctx.session, hlSeq) };
  }
  return null;
}

export function lawLoader(args: LoaderFunctionArgs) {
  return withUser(args, async (ctx) => {
    const url = new URL(args.request.url);
    const ev = evalParams(args.params);
    let years = baseYears();
    const f = readFilter(url, years, ev?.year ?? null);
    const { page, size } = readPaging(url);
    let error: string | null = null;
    let rows: Record<string, unknown>[] = [];
    let total = 0;
    let columns: { clm: string; clmNm: string }[] | null = null;
    let grades: { id: string; text: string }[] = [];
    try {
      const codes = await law.lawCodeLists(ctx.session, f.year);
      grades = codes.grdeList;
      if (codes.yearList.length && !ev) years = [...new Set([...codes.yearList, ...years])].sort((a, b) => b - a);
      const list = await law.listLaws(ctx.session, { year: f.year, value: f.value, tgetSt: f.tgetSt ?? [], ...(ev ? { eiSeq: ev.eiSeq, menuSeq: ev.menuSeq } : {}) });
      rows = list.list as Record<string, unknown>[];
      total = list.total ?? rows.length;
      if (ev) columns = list.columns ?? [];
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      error = e.message;
    }
    let dialog: Awaited<ReturnType<typeof dialogOf>> = null;
    if (!ev) {
      try {
        dialog = await dialogOf(ctx, url, f.year);
      } catch (e) {
        if (!(e instanceof LegacyError)) throw e;
        // spec 002 §8: a failed detail or preview
        error = MSG.detailFailed;
      }
    }
    return json({
      evalMode: ev,
      years,
      filter: f,
      grades,
      rows: pageOf(rows, page, size),
      total,
      page,
      size,
      columns,
      dialog,
      error,
    });
  });
}
export type LawLoaderData = SerializeFrom<typeof lawLoader>;

/** The list URL with its filters, without the dialog. */
function listUrl(url: URL): string {
  const q = new URLSearchParams(url.search);
  for (const k of ["dialog", "hlSeq", "index"]) q.delete(k);
  const s = q.toString();
  return `${LAW_PATH}${s ? `?${s}` : ""}`;
}

/** The same reply with more fields (the dialog's rows and code lists). */
async function extended(res: Response, extra: Record<string, unknown>): Promise<Response> {
  const body = (await res.json()) as Record<string, unknown>;
  return json({ ...body, ...extra }, { status: res.status });
}

/** The code lists of the year the form posted (null when it is not a year or the call fails). */
async function postedCodes(ctx: UserContext, form: FormData): Promise<LawCodeLists | null> {
  const year = String(form.get("year") ?? "").trim();
  if (!/^[0-9]{4}$/.test(year)) return null;
  try {
    return await codeLists(ctx, Number(year));
  } catch (e) {
    if (e instanceof LegacyError) return null;
    throw e;
  }
}

/** The field a server message belongs to. */
function fieldOf(message: string): string | null {
  if (message === MSG.lawTargetRequired) return "tgetSt";
  if (message === OWN_MSG.lawSubjectRequired) return "subj";
  if (message === MSG.yearRequired) return "year";
  if (message === MSG.lawSmstRequired) return "smst";
  return null;
}

async function save(ctx: UserContext, form: FormData, back: string) {
  const rows = readRows(form);
  const codes = await postedCodes(ctx, form);
  const v = await lawValidator.validate(form);
  if (v.error) {
    const fieldErrors = v.error.fieldErrors as Record<string, string>;
    return formFailure(form, firstError(fieldErrors, medicalLawOrder), fieldErrors, { rows, codes }, 422);
  }
  const confirm = needsConfirmation(form, "save");
  if (confirm) return extended(confirm, { rows, codes });
  try {
    const r = await law.saveLaw(ctx.session, lawsInfoOf(v.data));
    ctx.session.flash(r.message || (v.data.hlSeq ? MSG.updated : MSG.created), "info");
    return redirect(back);
  } catch (e) {
    if (!(e instanceof LegacyError)) throw e;
    const field = fieldOf(e.message);
    return formFailure(form, e.message, field ? { [field]: e.message } : {}, { rows, codes });
  }
}

async function remove(ctx: UserContext, form: FormData, back: string) {
  const v = await deleteValidator.validate(form);
  if (v.error) return formFailure(form, OWN_MSG.badRequest);
  const confirm = needsConfirmation(form, "delete");
  if (confirm) return confirm;
  try {
    await law.deleteLaw(ctx.session, Number(v.data.hlSeq));
    ctx.session.flash(MSG.deletedScore, "info");
  } catch (e) {
    if (!(e instanceof LegacyError)) throw e;
    ctx.session.flash(e.message || MSG.deleteFailed, "error");
  }
  return redirect(back);
}

export const lawAction = listAction({
  intents: {
    excelUpload: (ctx, form, url) => {
      const year = readYear(url, yearRange(LAW_FIRST_YEAR, seoulYear() + 1), seoulYear());
      return excelUploadReply(form, (file) => law.uploadLawExcel(ctx.session, file, year, 120_000));
    },
    codes: async (ctx, form) => {
      const codes = await postedCodes(ctx, form);
      return json({ codes }, { status: codes ? 200 : 400 });
    },
    save: (ctx, form, url) => save(ctx, form, listUrl(url)),
    delete: (ctx, form, url) => remove(ctx, form, listUrl(url)),
  },
  step: {
    matches: isRowsIntent,
    run: async (ctx, form, intent) => {
      const res = await rowsStep(ctx, form, intent, { extraBlank: { ...LAW_EXTRA_BLANK }, maxRows: LAW_MAX_ROWS });
      return extended(res, { codes: await postedCodes(ctx, form) });
    },
  },
});

/** The Excel resource route: the list's download (or the evaluation's columns) and the template. */
export function lawExcelLoader(args: LoaderFunctionArgs) {
  const filterOf = (url: URL) => readFilter(url, yearRange(LAW_FIRST_YEAR, seoulYear() + 1), null);
  return excelDownload(args, {
    listPath: LAW_PATH,
    template: async (session, url) => ({ res: await law.downloadLawTemplate(session, filterOf(url).year), name: "보건의료법규성적_업로드_양식.xlsx" }),
    download: async (session, url) => {
      const f = filterOf(url);
      const res = await law.downloadLawExcel(session, { year: f.year, value: f.value, tgetSt: f.tgetSt ?? [], ...evalQuery(url) });
      return { res, name: `보건의료법규성적_${f.year}.xlsx` };
    },
  });
}
