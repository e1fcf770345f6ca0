/**
 * R06 education achievement score on the list kit: the page's loader and action (also in
 * evaluation mode `/insert/professor/archive/$eiSeq/$menuSeq/$year`) and the Excel resource
 * route's loader. The rows are the chart's points (a year each); the score dialog is URL state:
 * `?dialog=add` (empty) or `?dialog=edit&year=&dept=` (a year's score of a department, pre-filled
 * through archiveDetail.do, or empty when none was entered).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import * as api from "./__calls.server";
import { ACHIEVEMENT_DEPTS, ACHIEVEMENT_FIRST_YEAR, ACHIEVEMENT_KEYS, ACHIEVEMENT_PATH, ACHIEVEMENT_SERIES, achievementOrder, achievementSchema, type AchievementDialog } from "./__schema";
import { MSG } from "~/schemas/messages.ko";
import { lineChartSvg } from "~/utils/chart.server";
import { validateForm } from "~/utils/form.server";
import { orFormFailure } from "~/utils/legacy-errors.server";
import { evalQuery, excelDownload } from "~/utils/excel-download.server";
import { backToList, listAction } from "~/utils/list-action.server";
import { listLoader } from "~/utils/list-loader.server";
import { seoulYear } from "~/utils/time";
import { excelUploadReply } from "~/utils/upload.server";

export const achievementLoader = listLoader({
  key: "year",
  sortable: ["year", "basic", "clinical"],
  // the table has the chart's points; in evaluation mode the configured rows and columns up to its year
  list: async (ctx, { ev }) => {
    const r = await api.archiveChart(ctx.session, ev ?? {});
    return ev ? { list: r.list ?? [], columns: r.columns ?? [], chart: r.chartData } : { list: r.chartData, chart: r.chartData };
  },
  detail: async (ctx, year, { url }) => {
    const dept = url.searchParams.get("dept") ?? "";
    if (year < ACHIEVEMENT_FIRST_YEAR || year > seoulYear() || !(ACHIEVEMENT_DEPTS as readonly string[]).includes(dept)) return null;
    const a = await api.archiveDetail(ctx.session, year, dept);
    return { year, dept, score: a ? String(a.score) : "", existing: Boolean(a) };
  },
  dialog: async (_ctx, { kind, record }): Promise<AchievementDialog | null> => {
    const currentYear = seoulYear();
    if (kind === "add") return { existing: false, values: { year: String(currentYear), dept: "", score: "" }, currentYear };
    if (kind !== "edit" || !record) return null;
    return { existing: Boolean(record.existing), values: { year: String(record.year), dept: String(record.dept), score: String(record.score) }, currentYear };
  },
  // the chart of every year's points, drawn on the server (ADR 0043)
  more: (_ctx, _state, reply) => (reply?.chart?.length ? lineChartSvg({ data: reply.chart, x: "year", series: ACHIEVEMENT_SERIES }) : null),
});

export const achievementAction = listAction({
  intents: {
    excelUpload: (ctx, form) => excelUploadReply(form, (file) => api.uploadArchiveExcel(ctx.session, file, 120_000)),
    save: async (ctx, form, url) => {
      const v = await validateForm(withZod(achievementSchema(seoulYear())), form, achievementOrder);
      if (!v.ok) return v.response;
      return orFormFailure(form, async () => {
        ctx.session.flash((await api.editArchive(ctx.session, v.data)) || MSG.saved, "info");
        return redirect(backToList(url, ACHIEVEMENT_KEYS));
      });
    },
  },
  unknown: MSG.genericError,
  // the audit log's before → after (ADR 0028): the year's score of the posted department
  audit: {
    key: "year",
    detail: async (ctx, year, _url, form) => {
      const a = await api.archiveDetail(ctx.session, year, String(form.get("dept") ?? ""));
      return a ? { year: String(year), dept: String(form.get("dept")), score: String(a.score) } : null;
    },
  },
});

/** The Excel resource route: every score (in evaluation mode the configured columns up to its year) and the template. */
export const achievementExcelLoader = (args: LoaderFunctionArgs) => {
  const yearOf = (url: URL) => {
    const v = url.searchParams.get("year");
    return v && /^[0-9]{4}$/.test(v) ? Number(v) : undefined;
  };
  return excelDownload(args, {
    listPath: ACHIEVEMENT_PATH,
    template: async (session, url) => ({ res: await api.downloadArchiveTemplate(session, yearOf(url) ?? seoulYear()), name: api.ACHIEVEMENT_TEMPLATE.fileName }),
    // outside evaluation mode the download is every score, whatever year the page link carries
    download: async (session, url) => {
      const ev = evalQuery(url);
      return { res: await api.downloadArchiveExcel(session, { ...ev, year: "eiSeq" in ev ? yearOf(url) : undefined }), name: "교육업적점수.xlsx" };
    },
  });
};
