/**
 * Loader and action of R06 education achievement score (`/insert/professor/archive`, and its
 * evaluation mode `/insert/professor/archive/$eiSeq/$menuSeq/$year`). The score entry dialog is
 * URL state: `?dialog=score` (empty) or `?dialog=score&year=&dept=` (an existing point, pre-filled
 * through archiveDetail.do).
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { LegacyError } from "~/legacy/errors";
import * as achievementApi from "~/legacy/endpoints/achievement.server";
import { ACHIEVEMENT_DEPTS, ACHIEVEMENT_FIRST_YEAR, achievementOrder, achievementSchema } from "~/schemas/achievement";
import { MSG } from "~/schemas/messages.ko";

import { withUser, type UserContext } from "~/utils/context.server";
import { orFormFailure, validateForm } from "~/utils/form.server";
import { excelUploadReply } from "~/utils/upload.server";
import { seoulYear } from "~/utils/time";
import { listAction } from "~/utils/list-action.server";
import { evalParams } from "~/utils/url";

/** The page URL without the dialog. */
function pageUrl(url: URL): string {
  const q = new URLSearchParams(url.search);
  for (const k of ["dialog", "year", "dept"]) q.delete(k);
  const s = q.toString();
  return `${url.pathname}${s ? `?${s}` : ""}`;
}

type DialogState = { existing: boolean; values: Record<string, string> };

async function dialogState(ctx: UserContext, url: URL, current: number): Promise<DialogState | null> {
  if (url.searchParams.get("dialog") !== "score") return null;
  const year = Number(url.searchParams.get("year"));
  const dept = url.searchParams.get("dept") ?? "";
  if (Number.isInteger(year) && year >= ACHIEVEMENT_FIRST_YEAR && year <= current && (ACHIEVEMENT_DEPTS as readonly string[]).includes(dept)) {
    const a = await achievementApi.archiveDetail(ctx.session, year, dept);
    return { existing: Boolean(a), values: { year: String(year), dept, score: a ? String(a.score) : "" } };
  }
  return { existing: false, values: { year: String(current), dept: "", score: "" } };
}

export const achievementLoader = (args: LoaderFunctionArgs) =>
  withUser(args, async (ctx) => {
    const url = new URL(args.request.url);
    const ev = evalParams(args.params);
    const current = seoulYear();
    let chart: achievementApi.WireAchievementPoint[] = [];
    let rows: Record<string, unknown>[] | null = null;
    let columns: { clm: string; clmNm: string }[] | null = null;
    let error: string | null = null;
    try {
      const r = await achievementApi.archiveChart(ctx.session, ev ? { year: ev.year, eiSeq: ev.eiSeq, menuSeq: ev.menuSeq } : {});
      chart = r.chartData;
      if (ev) {
        columns = r.columns ?? [];
        rows = r.list ?? [];
      }
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      error = e.message;
    }
    let dialog: DialogState | null = null;
    if (!ev) {
      try {
        dialog = await dialogState(ctx, url, current);
      } catch (e) {
        if (!(e instanceof LegacyError)) throw e;
        error = MSG.detailFailed;
      }
    }
    return json({ evalMode: ev, chart, rows, columns, dialog, currentYear: current, error });
  });
export type AchievementLoader = typeof achievementLoader;

export const achievementAction = listAction({
  intents: {
    excelUpload: (ctx, form) => excelUploadReply(form, (file) => achievementApi.uploadArchiveExcel(ctx.session, file, 120_000)),
    save: async (ctx, form, url) => {
      const v = await validateForm(withZod(achievementSchema(seoulYear())), form, achievementOrder);
      if (!v.ok) return v.response;
      return orFormFailure(form, async () => {
        const message = await achievementApi.editArchive(ctx.session, v.data);
        ctx.session.flash(message || MSG.saved, "info");
        return redirect(pageUrl(url));
      });
    },
  },
  unknown: MSG.genericError,
});
