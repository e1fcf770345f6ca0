/**
 * Excel of the education achievement score: `?type=download` (every score; with eiSeq, menuSeq and
 * year the evaluation's columns up to that year) and `?type=template` (the score template of the
 * professor template folder). Streams the backend's file with its Korean name; a failure goes back
 * to the page with '엑셀 다운로드 실패하였습니다.'.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import * as achievementApi from "~/legacy/endpoints/achievement.server";
import { ACHIEVEMENT_PATH } from "~/schemas/achievement";
import { evalQuery, excelDownload } from "~/utils/excel-download.server";
import { seoulYear } from "~/utils/time";

const yearOf = (url: URL) => {
  const v = url.searchParams.get("year");
  return v && /^[0-9]{4}$/.test(v) ? Number(v) : undefined;
};

export const loader = (args: LoaderFunctionArgs) =>
  excelDownload(args, {
    listPath: ACHIEVEMENT_PATH,
    template: async (session, url) => ({
      res: await achievementApi.downloadArchiveTemplate(session, yearOf(url) ?? seoulYear()),
      name: achievementApi.ACHIEVEMENT_TEMPLATE.fileName,
    }),
    download: async (session, url) => ({
      res: await achievementApi.downloadArchiveExcel(session, { year: yearOf(url), ...evalQuery(url) }),
      name: "교육업적점수.xlsx",
    }),
  });
