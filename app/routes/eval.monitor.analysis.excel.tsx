/**
 * Excel of exam question analysis: `?type=download` (the list's filter, or the evaluation columns
 * with eiSeq/menuSeq) and `?type=template`. Streams the backend's file with its Korean name; a
 * failure goes back to the list with '엑셀 다운로드 실패하였습니다.'.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LegacyError } from "~/legacy/errors";
import * as analysisApi from "~/legacy/endpoints/analysis.server";
import { ANALYSIS_PATH } from "~/schemas/exam-analysis";
import { MSG } from "~/schemas/messages.ko";
import { withUser } from "~/utils/context.server";
import { passDownload } from "~/utils/download.server";
import { downloadFilter } from "./__analysis.server";

export const loader = (args: LoaderFunctionArgs) =>
  withUser(args, async ({ session }) => {
    const url = new URL(args.request.url);
    const f = downloadFilter(url);
    try {
      if (url.searchParams.get("type") === "template") {
        return passDownload(await analysisApi.downloadAnalysisTemplate(session, f.year), analysisApi.ANALYSIS_TEMPLATE.fileName);
      }
      return passDownload(await analysisApi.downloadAnalysisExcel(session, f), `시험문항분석_${f.year}.xlsx`);
    } catch (e) {
      if (!(e instanceof LegacyError)) throw e;
      session.flash(MSG.excelDownloadFailed, "error");
      const back = new URLSearchParams(url.search);
      for (const k of ["type", "eiSeq", "menuSeq"]) back.delete(k);
      const s = back.toString();
      return redirect(`${ANALYSIS_PATH}${s ? `?${s}` : ""}`);
    }
  });
