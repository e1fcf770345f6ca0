/**
 * Excel of exam question analysis: `?type=download` (the list's filter, or the evaluation columns
 * with eiSeq/menuSeq) and `?type=template`. Streams the backend's file with its Korean name; a
 * failure goes back to the list with '엑셀 다운로드 실패하였습니다.'.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import * as analysisApi from "~/legacy/endpoints/analysis.server";
import { ANALYSIS_PATH } from "~/schemas/exam-analysis";
import { excelDownload } from "~/utils/excel-download.server";
import { downloadFilter } from "./__analysis.server";

export const loader = (args: LoaderFunctionArgs) =>
  excelDownload(args, {
    listPath: ANALYSIS_PATH,
    template: async (session, url) => ({
      res: await analysisApi.downloadAnalysisTemplate(session, downloadFilter(url).year),
      name: analysisApi.ANALYSIS_TEMPLATE.fileName,
    }),
    download: async (session, url) => {
      const f = downloadFilter(url);
      return { res: await analysisApi.downloadAnalysisExcel(session, f), name: `시험문항분석_${f.year}.xlsx` };
    },
  });
